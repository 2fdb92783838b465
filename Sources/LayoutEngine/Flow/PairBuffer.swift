/// Two columns of plain values (`BitwiseCopyable`: entries are dropped without being
/// deinitialized) in raw storage, grown by doubling; emptying only resets `count`. The
/// flow layout's line pass keeps its item extents here (`LineBuffer`), so the hot loops
/// pay neither copy-on-write nor exclusivity checks. It is `~Copyable` and frees its
/// storage in `deinit`: the compiler rejects a copy, so the storage has exactly one owner
/// and is freed exactly once (the model of swift-collections' `RigidDeque`).
struct PairBuffer<First: BitwiseCopyable, Second: BitwiseCopyable>: ~Copyable {
  private var firsts: UnsafeMutablePointer<First>
  private var seconds: UnsafeMutablePointer<Second>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    precondition(capacity > 0, "a buffer needs room for one entry")
    self.capacity = capacity
    firsts = .allocate(capacity: capacity)
    seconds = .allocate(capacity: capacity)
  }

  deinit {
    firsts.deallocate()
    seconds.deallocate()
  }

  /// Makes room for `n` more entries, so that the appends need no check.
  @inline(__always)
  mutating func reserve(_ n: Int) {
    if count + n > capacity { grow(to: count + n) }
  }

  /// Appends an entry; `reserve` made room for it.
  @inline(__always)
  mutating func append(_ a: First, _ b: Second) {
    (firsts + count).initialize(to: a)
    (seconds + count).initialize(to: b)
    count += 1
  }

  /// Room for `n` more entries, and where they go: a caller writes entries there and counts
  /// them with `didAppend(_:)`. Valid until the buffer next changes.
  @inline(__always)
  mutating func freeSlots(reserving n: Int) -> (
    UnsafeMutablePointer<First>, UnsafeMutablePointer<Second>
  ) {
    reserve(n)
    return (firsts + count, seconds + count)
  }

  /// Counts `n` entries a caller wrote from `freeSlots(reserving:)`'s slots on.
  @inline(__always)
  mutating func didAppend(_ n: Int) {
    assert(n >= 0 && count + n <= capacity, "counted entries outside the room")
    count += n
  }

  /// Drops the first `n` entries, moving the rest to the front.
  mutating func removeFirst(_ n: Int) {
    guard n > 0 else { return }
    firsts.update(from: firsts + n, count: count - n)
    seconds.update(from: seconds + n, count: count - n)
    count -= n
  }

  mutating func removeAll() { count = 0 }

  /// The columns' storage, valid until the buffer next changes: for a loop that reads
  /// entries while the buffer's owner writes elsewhere, with no closure between them.
  var columns: (UnsafePointer<First>, UnsafePointer<Second>) {
    (UnsafePointer(firsts), UnsafePointer(seconds))
  }

  /// The two columns as buffers, for a caller that takes them whole.
  func withColumns<R>(_ body: (UnsafeBufferPointer<First>, UnsafeBufferPointer<Second>) -> R)
    -> R
  {
    body(
      UnsafeBufferPointer(start: firsts, count: count),
      UnsafeBufferPointer(start: seconds, count: count))
  }

  private mutating func grow(to needed: Int) {
    var bigger = capacity * 2
    while bigger < needed { bigger *= 2 }
    let newFirsts = UnsafeMutablePointer<First>.allocate(capacity: bigger)
    let newSeconds = UnsafeMutablePointer<Second>.allocate(capacity: bigger)
    newFirsts.moveInitialize(from: firsts, count: count)
    newSeconds.moveInitialize(from: seconds, count: count)
    firsts.deallocate()
    seconds.deallocate()
    (firsts, seconds, capacity) = (newFirsts, newSeconds, bigger)
  }
}

/// Item extents along a line (cross) and across it (main): a chunk's sizes behind the
/// line still open.
typealias LineBuffer = PairBuffer<Double, Double>
