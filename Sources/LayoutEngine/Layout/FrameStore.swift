/// The frames of an `AttributeIndex`, in storage order: a growable array of `Rect` with an
/// array's value semantics (copied on write), and one thing an `Array` cannot do — let its
/// owner write new frames straight into its spare capacity and count them afterwards
/// (`freeSlots(after:reserving:)`, `didAppend(_:)`). A flow layout writes each line's
/// frames there as it places them: built in a scratch run and copied over, the copy was a
/// burst of stores to memory not yet in the cache, which stalled a varied pass for an
/// eighth of its time (issue 32), where stores spread over the placing loop overlap with
/// its arithmetic.
public struct FrameStore: RandomAccessCollection, Equatable, Sendable {
  /// The storage: `count` initialized frames followed by uninitialized room. `Rect` is
  /// trivial, so frames are never deinitialized.
  final class Buffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<Rect>
    let capacity: Int
    var count = 0

    init(capacity: Int) {
      self.capacity = Swift.max(capacity, 1)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A buffer of `capacity` holding this one's first `count` frames.
    func copy(capacity: Int, count: Int) -> Buffer {
      let copy = Buffer(capacity: capacity)
      copy.base.initialize(from: base, count: count)
      copy.count = count
      return copy
    }
  }

  /// Shared by every empty store: the first write copies it, so an empty index allocates
  /// nothing.
  private static let empty = Buffer(capacity: 1)

  private var buffer = FrameStore.empty

  public init() {}

  public var startIndex: Int { 0 }
  public var endIndex: Int { buffer.count }
  public var count: Int { buffer.count }
  public var capacity: Int { buffer === Self.empty ? 0 : buffer.capacity }

  public subscript(position: Int) -> Rect {
    @inline(__always) get {
      precondition(position >= 0 && position < buffer.count, "frame index out of range")
      return buffer.base[position]
    }
    set {
      precondition(position >= 0 && position < buffer.count, "frame index out of range")
      makeUnique(capacity: buffer.capacity)
      buffer.base[position] = newValue
    }
  }

  public static func == (a: FrameStore, b: FrameStore) -> Bool {
    a.count == b.count && (a.buffer === b.buffer || a.elementsEqual(b))
  }

  public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Rect>) throws -> R)
    rethrows -> R
  {
    try body(UnsafeBufferPointer(start: buffer.base, count: buffer.count))
  }

  /// Makes the buffer this store's own with room for `capacity` frames, keeping the first
  /// `keeping` slots (the frames, and any a caller wrote past them and has not counted).
  private mutating func makeUnique(capacity: Int, keeping: Int? = nil) {
    let keep = keeping ?? buffer.count
    if isKnownUniquelyReferenced(&buffer) && buffer !== Self.empty && buffer.capacity >= capacity {
      return
    }
    let copy = buffer.copy(capacity: capacity, count: keep)
    copy.count = Swift.min(buffer.count, keep)
    buffer = copy
  }

  public mutating func reserveCapacity(_ n: Int) {
    if n == 0 { return }
    if n > capacity || !isKnownUniquelyReferenced(&buffer) {
      makeUnique(capacity: Swift.max(n, buffer.count))
    }
  }

  /// Room for at least `n` more frames, at least doubling: appends stay amortized O(1).
  /// The shared empty buffer is never uniquely referenced (the static holds it), so it is
  /// replaced here without a test of its own.
  @inline(__always)
  private mutating func reserveMore(_ n: Int, keeping: Int) {
    if keeping + n > buffer.capacity || !isKnownUniquelyReferenced(&buffer) {
      grow(to: keeping + n, keeping: keeping)
    }
  }

  @inline(never)
  private mutating func grow(to needed: Int, keeping: Int) {
    var bigger = Swift.max(capacity, 8)
    while bigger < needed { bigger *= 2 }
    makeUnique(capacity: bigger, keeping: keeping)
  }

  @inline(__always)
  public mutating func append(_ frame: Rect) {
    let count = buffer.count
    reserveMore(1, keeping: count)
    buffer.base[count] = frame
    buffer.count = count + 1
  }

  public mutating func append(contentsOf frames: UnsafeBufferPointer<Rect>) {
    guard let source = frames.baseAddress, !frames.isEmpty else { return }
    reserveMore(frames.count, keeping: buffer.count)
    (buffer.base + buffer.count).initialize(from: source, count: frames.count)
    buffer.count += frames.count
  }

  /// Room for `n` frames after the `pending` ones a caller already wrote past the stored
  /// frames (kept if the storage grows), and where they go. The caller counts what it wrote
  /// with `didAppend(_:)`. Valid until the store next changes.
  mutating func freeSlots(after pending: Int, reserving n: Int) -> UnsafeMutablePointer<Rect> {
    reserveMore(n, keeping: buffer.count + pending)
    return buffer.base + buffer.count + pending
  }

  /// The `n` frames a caller wrote past the stored ones and has not counted yet, in a
  /// buffer this store owns alone (a shared one is copied with them first). Valid until
  /// the store next changes.
  mutating func pendingFrames(_ n: Int) -> UnsafeBufferPointer<Rect> {
    makeUnique(capacity: Swift.max(buffer.capacity, buffer.count + n), keeping: buffer.count + n)
    return UnsafeBufferPointer(start: buffer.base + buffer.count, count: n)
  }

  /// Counts `n` frames a caller wrote from `freeSlots(after:reserving:)`'s slots on: in
  /// this store's own buffer, so that no copy sharing the old one grows with it.
  mutating func didAppend(_ n: Int) {
    precondition(n >= 0 && buffer.count + n <= buffer.capacity, "counted frames outside the room")
    makeUnique(capacity: buffer.capacity, keeping: buffer.count + n)
    buffer.count += n
  }

  public mutating func removeAll(keepingCapacity: Bool = false) {
    if !keepingCapacity || buffer === Self.empty {
      buffer = Self.empty
    } else if isKnownUniquelyReferenced(&buffer) {
      buffer.count = 0
    } else {
      // Shared: a buffer of our own with the same room, as an array keeps its capacity.
      buffer = Buffer(capacity: buffer.capacity)
    }
  }

  /// Removes the frames from `position` on.
  public mutating func removeLast(from position: Int) {
    precondition(position >= 0 && position <= buffer.count, "cut outside the frames")
    makeUnique(capacity: buffer.capacity, keeping: position)
    buffer.count = position
  }
}
