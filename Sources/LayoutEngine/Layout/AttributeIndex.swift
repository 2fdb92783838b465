/// Frames kept in scroll-axis order and answered by binary search: a rect query costs
/// O(log n + k), the technique of WWDC 2018 session 225 (MOS-6), generalised so that it
/// stays exact when frames overlap or when the items of one line have different heights.
///
/// Every entry has a *band start* on the scroll axis — a value no greater than the entry's
/// own minimum, non-decreasing in storage order. A flow layout uses the line's origin (the
/// items of a line are centred in it, so their own minima are not sorted); a general layout
/// uses each frame's minimum after sorting. Entries are grouped in blocks of
/// `blockSize`; each block keeps its first band start and the largest maximum of its
/// frames, and a running (prefix) maximum of those maxima. A query for the interval
/// [a, b] on the scroll axis
///
/// 1. finds by binary search the first block whose prefix maximum reaches `a` — nothing
///    before it can reach the rect;
/// 2. walks blocks while their band start is ≤ `b` — nothing after can start inside it —
///    skipping blocks whose own maximum is below `a`;
/// 3. tests each entry of the visited blocks with `Rect.intersects` (closed, GEO-5).
///
/// Memory is one `Rect` (32 bytes) per entry plus 24 bytes per block of 16.
public struct AttributeIndex: Sendable {
  /// The axis along which entries are sorted: the layout's scroll direction.
  public enum Axis: Sendable {
    case vertical, horizontal
  }

  public static let blockSize = 16

  public let axis: Axis
  /// The frames as stored, in storage order; read them with `frame(at:)`, which applies
  /// pending moves.
  public private(set) var frames = FrameStore()
  /// Maps storage positions to caller ids when entries were sorted; `nil` = identity.
  private var ids: [Int]?
  /// Every completed block; the block being filled is `tail` (kept out of the array so
  /// that an append touches one array, not four).
  private var blocks: [Block] = []
  private var tail = Block(bandStart: 0, maxEnd: -.infinity, prefixMaxEnd: -.infinity)
  /// The band start the last entry was appended with (−∞ when empty): what a caller that
  /// will cut the index later records, for `removeLast(from:lastBandStart:)`.
  public private(set) var lastBandStart = -Double.infinity
  /// Pending moves along the scroll axis, per block (a Fenwick tree of deltas): a block's
  /// frames and summaries are stored unmoved and read with `shift(ofBlock:)` added. Only
  /// `shift(from:by:)` creates them, and only on an index whose ends are monotone.
  private var blockShifts: [Double] = []
  private var tailShift = 0.0
  /// Block ends never decrease (true for every flow layout with non-negative spacing):
  /// then a block's own end is its prefix maximum, and moves keep the order.
  public var monotoneEnds: Bool { firstEndDrop == .max && !bandsRepaired }
  /// The first block whose end is below the end of the block before it (`Int.max`: none).
  /// A block index rather than a flag, so that `removeLast(from:lastBandStart:)` forgets
  /// exactly the drops it cuts off.
  private var firstEndDrop = Int.max
  /// Set when an append broke the non-decreasing band-start rule (a flow line spacing
  /// more negative than a line is thick): `finish()` then repairs the block starts.
  private var bandsDecrease = false
  /// `finish()` lowered block starts below their first entry's band start: the summaries
  /// no longer say what the appends said, so the index can no longer be cut.
  private var bandsRepaired = false

  struct Block {
    /// The band start of the block's first entry.
    var bandStart: Double
    /// The largest scroll-axis maximum of the block's frames.
    var maxEnd: Double
    /// The largest maximum of this block and every block before it.
    var prefixMaxEnd: Double
  }

  public init(axis: Axis) {
    self.axis = axis
  }

  /// Builds an index over frames in any order; queries report positions in `frames`
  /// (the caller's ids), in ascending scroll-axis order of the frames' minima.
  ///
  /// A custom layout hands a million frames here at every `prepare()`: frames that are
  /// standardized already (as computed frames are) are not copied, the sort compares the
  /// minima from an array of their own, and frames already in order are not sorted.
  public init(axis: Axis, unsortedFrames: [Rect]) {
    self.axis = axis
    let standardized =
      unsortedFrames.allSatisfy { $0.isNull || ($0.size.width >= 0 && $0.size.height >= 0) }
      ? unsortedFrames : unsortedFrames.map(\.standardized)
    let minima = standardized.map { Self.mainMin($0, axis) }
    reserveCapacity(minima.count)
    if zip(minima, minima.dropFirst()).allSatisfy({ $0 <= $1 }) {
      for (f, bandStart) in zip(standardized, minima) { append(f, bandStart: bandStart) }
      return
    }
    let order = minima.indices.sorted { i, j in
      minima[i] != minima[j] ? minima[i] < minima[j] : i < j
    }
    for i in order { append(standardized[i], bandStart: minima[i]) }
    if !order.elementsEqual(order.indices) { ids = order }
  }

  public var count: Int { frames.count }

  /// The frame at storage position `position`, with any pending move applied.
  @inline(__always)
  public func frame(at position: Int) -> Rect {
    let f = frames[position]
    if blockShifts.isEmpty && tailShift == 0 { return f }
    return moved(f, by: shift(ofBlock: position / Self.blockSize))
  }

  @inline(__always)
  private func moved(_ f: Rect, by delta: Double) -> Rect {
    if delta == 0 { return f }
    var r = f
    if axis == .vertical { r.origin.y += delta } else { r.origin.x += delta }
    return r
  }

  /// The pending move of block `b` (the tail block's is the total).
  private func shift(ofBlock b: Int) -> Double {
    if blockShifts.isEmpty { return 0 }
    if b >= blocks.count { return tailShift }
    var sum = 0.0
    var i = b + 1
    while i > 0 {
      sum += blockShifts[i - 1]
      i -= i & (-i)
    }
    return sum
  }

  private mutating func addShift(fromBlock b: Int, _ delta: Double) {
    if blockShifts.isEmpty { blockShifts = [Double](repeating: 0, count: blocks.count) }
    var i = b + 1
    while i <= blockShifts.count {
      blockShifts[i - 1] += delta
      i += i & (-i)
    }
    tailShift += delta
  }

  /// Moves every entry from `position` on by `delta` along the scroll axis, in O(16 +
  /// log n): the rest of `position`'s block is moved in place, the later blocks through the
  /// Fenwick tree. The caller keeps the order valid (a flow layout growing or shrinking a
  /// line moves everything after it). Requires `monotoneEnds` and no ids.
  /// Returns false (and moves nothing) when the index cannot: its ends are not monotone, or
  /// it was built from unsorted frames.
  @discardableResult
  public mutating func shift(from position: Int, by delta: Double) -> Bool {
    guard monotoneEnds && ids == nil else { return false }
    guard delta != 0, position < frames.count else { return true }
    let b = position / Self.blockSize
    let blockEnd = Swift.min((b + 1) * Self.blockSize, frames.count)
    for i in position..<blockEnd { frames[i] = moved(frames[i], by: delta) }
    refreshBlock(b)
    if b + 1 <= blocks.count { addShift(fromBlock: b + 1, delta) }
    return true
  }

  /// Replaces one frame (same scroll-axis order); the block's summary follows.
  public mutating func setFrame(_ frame: Rect, at position: Int) {
    let b = position / Self.blockSize
    frames[position] = moved(frame, by: -shift(ofBlock: b))
    refreshBlock(b)
  }

  /// Recomputes block `b`'s end from its stored frames (its band start stays: lines keep
  /// their origins).
  private mutating func refreshBlock(_ b: Int) {
    let start = b * Self.blockSize
    let end = Swift.min(start + Self.blockSize, frames.count)
    var maxEnd = -Double.infinity
    for i in start..<end {
      let e = axis == .vertical ? frames[i].maxY : frames[i].maxX
      if e > maxEnd { maxEnd = e }
    }
    if b < blocks.count {
      blocks[b].maxEnd = maxEnd
      blocks[b].prefixMaxEnd = maxEnd
      let first = axis == .vertical ? frames[start].minY : frames[start].minX
      blocks[b].bandStart = Swift.min(blocks[b].bandStart, first)
    } else {
      tail.maxEnd = maxEnd
      tail.prefixMaxEnd = maxEnd
      let first = axis == .vertical ? frames[start].minY : frames[start].minX
      tail.bandStart = Swift.min(tail.bandStart, first)
    }
  }

  /// The caller's id of the entry at storage position `position`.
  @inlinable
  public func id(at position: Int) -> Int { idsStorage?[position] ?? position }

  @usableFromInline var idsStorage: [Int]? { ids }

  public mutating func reserveCapacity(_ n: Int) {
    frames.reserveCapacity(n)
    blocks.reserveCapacity(n / Self.blockSize + 1)
  }

  /// Empties the index; with `keepingCapacity` the storage is reused, so a layout that
  /// re-prepares does not pay for fresh pages.
  public mutating func removeAll(keepingCapacity: Bool = true) {
    frames.removeAll(keepingCapacity: keepingCapacity)
    blocks.removeAll(keepingCapacity: keepingCapacity)
    tail = Block(bandStart: 0, maxEnd: -.infinity, prefixMaxEnd: -.infinity)
    lastBandStart = -.infinity
    bandsDecrease = false
    blockShifts.removeAll(keepingCapacity: keepingCapacity)
    tailShift = 0
    firstEndDrop = .max
    bandsRepaired = false
    ids = nil
  }

  /// Removes the entries from `position` on, leaving the index exactly as if they had never
  /// been appended: the block that becomes the tail gets back the end and prefix maximum an
  /// append would have left it (recomputed from its remaining frames, O(16)), keeps the band
  /// start of its first entry, and the next append checks the band order against
  /// `lastBandStart` — the band start entry `position − 1` was appended with (the index keeps
  /// only each block's first; ignored when `position` is 0). A flow layout lays out the
  /// tail after a batch this way. Call `finish()` after the new appends, as after any.
  ///
  /// Refuses (returns false and removes nothing) when the summaries no longer describe the
  /// appends: moves are pending (`shift(from:by:)`), `finish()` repaired decreasing band
  /// starts, or the index was built from unsorted frames.
  @discardableResult
  public mutating func removeLast(from position: Int, lastBandStart: Double) -> Bool {
    guard blockShifts.isEmpty, tailShift == 0, !bandsRepaired, !bandsDecrease, ids == nil,
      position >= 0, position <= frames.count
    else { return false }
    if position == frames.count { return true }
    if position == 0 {
      removeAll()
      return true
    }
    let t = (position - 1) / Self.blockSize
    var block = t < blocks.count ? blocks[t] : tail
    if t < blocks.count { blocks.removeSubrange(t...) }
    frames.removeLast(from: position)
    // As `appendEntry` summarised the block: its first entry, then each larger end.
    let start = t * Self.blockSize
    block.maxEnd = mainMax(frames[start])
    let before = blocks.last?.prefixMaxEnd ?? -.infinity
    block.prefixMaxEnd = before > block.maxEnd ? before : block.maxEnd
    for i in (start + 1)..<position {
      let end = mainMax(frames[i])
      if end > block.maxEnd {
        block.maxEnd = end
        if end > block.prefixMaxEnd { block.prefixMaxEnd = end }
      }
    }
    tail = block
    self.lastBandStart = lastBandStart
    if firstEndDrop >= t { firstEndDrop = .max }
    return true
  }

  @inline(__always)
  private func mainMax(_ f: Rect) -> Double { axis == .vertical ? f.maxY : f.maxX }

  /// Appends a standardized frame whose band start is ≥ every earlier band start and ≤ the
  /// frame's own minimum on the axis. The entry's id is its storage position.
  @inlinable
  public mutating func append(_ frame: Rect, bandStart: Double) {
    appendEntry(frame, bandStart: bandStart)
  }

  /// One entry: what `summarizeEnds` does for a run of one, without the run's loops, which
  /// cost a uniform grid or a custom layout (one append per element) a sixth of its pass.
  @usableFromInline
  mutating func appendEntry(_ frame: Rect, bandStart: Double) {
    if bandStart < lastBandStart { bandsDecrease = true }
    lastBandStart = bandStart
    let end = Self.mainMax(frame, vertical: axis == .vertical)
    let position = frames.count
    if position & (Self.blockSize - 1) == 0 {
      if position != 0 { closeBlock(tail) }
      tail = Block(
        bandStart: bandStart, maxEnd: end,
        prefixMaxEnd: tail.prefixMaxEnd > end ? tail.prefixMaxEnd : end)
    } else {
      tail.maxEnd = Self.fold(end, into: tail.maxEnd)
    }
    tail.prefixMaxEnd = Self.fold(tail.maxEnd, into: tail.prefixMaxEnd)
    frames.append(frame)
  }

  /// Appends entries in order, exactly as `append(_:bandStart:)` would one at a time, from
  /// a caller's buffers (`bandStarts[k]` is `frames[k]`'s band start): the band order
  /// check, a new block every `blockSize` entries, the tail's ends.
  public mutating func append(
    contentsOf newFrames: UnsafeBufferPointer<Rect>, bandStarts: UnsafeBufferPointer<Double>
  ) {
    precondition(newFrames.count == bandStarts.count, "one band start per frame")
    checkBandOrder(bandStarts)
    summarizeEnds(newFrames, positiveSizes: false) { bandStarts[$0] }
    frames.append(contentsOf: newFrames)
  }

  /// Where `n` frames go after the `pending` ones a caller already wrote past the stored
  /// frames (`FrameStore.freeSlots(after:reserving:)`): a flow layout places a line's
  /// frames there, and counts them in with `appendWritten(_:openingBands:first:last:decreases:)`.
  @inline(__always)
  mutating func freeFrameSlots(after pending: Int, reserving n: Int) -> UnsafeMutablePointer<Rect> {
    frames.freeSlots(after: pending, reserving: n)
  }

  /// Appends the `n` frames a caller wrote at `freeFrameSlots`, exactly as
  /// `append(_:bandStart:)` would append them one at a time, given what the summaries need
  /// of their band starts — no band start per frame (issue 32): `openingBands`, the band
  /// start of each frame that opens a block, in order; `first` and `last`, the band starts
  /// of the first and last frames; `decreases`, whether a band start is below the one
  /// before it among the `n`. A flow layout's lines share a band start, so it knows these
  /// per line (`CellRun`). Every frame's size must be positive (FLOW-19's check).
  mutating func appendWritten(
    _ n: Int, openingBands: UnsafeBufferPointer<Double>, first: Double, last: Double,
    decreases: Bool
  ) {
    guard n > 0 else { return }
    let written = frames.pendingFrames(n)
    assert(written.allSatisfy { $0.size.width > 0 && $0.size.height > 0 }, "a size not positive")
    if decreases || first < lastBandStart { bandsDecrease = true }
    lastBandStart = last
    var next = 0
    summarizeEnds(written, positiveSizes: true) { _ in
      defer { next += 1 }
      return openingBands[next]
    }
    assert(next == openingBands.count, "one band start per block opened")
    frames.didAppend(n)
  }

  /// Notes whether `bands`, appended in order, ever decrease.
  @inline(__always)
  private mutating func checkBandOrder(_ bands: UnsafeBufferPointer<Double>) {
    var last = lastBandStart
    var decreases = bandsDecrease
    for band in bands {
      if band < last { decreases = true }
      last = band
    }
    (lastBandStart, bandsDecrease) = (last, decreases)
  }

  /// The block summaries' part of appending `newFrames` after the stored frames;
  /// `bandStart(k)` is entry k's band start, asked only for entries that open a block, in
  /// increasing order.
  @inline(__always)
  private mutating func summarizeEnds(
    _ newFrames: UnsafeBufferPointer<Rect>, positiveSizes: Bool, bandStart: (Int) -> Double
  ) {
    // A frame's end on the axis: with sizes known positive (a flow layout's cells,
    // FLOW-19) the origin plus the extent, without `maxY`'s test of the sign.
    @inline(__always)
    func mainEnd(_ f: Rect, vertical: Bool) -> Double {
      if !positiveSizes { return Self.mainMax(f, vertical: vertical) }
      return vertical ? f.origin.y + f.size.height : f.origin.x + f.size.width
    }
    // An entry that opens a block sets the tail up, and the rest of the block is folded
    // in by a loop with no test of the position. The summaries are carried in locals, so
    // that the loop keeps them in registers, and the ends are folded in with max, not
    // branches: the items of one line end at different places, so a branch mispredicts.
    // The blocks filled are gathered and stored with one array append. One copy of the
    // loop per axis.
    @inline(__always)
    func fold(vertical: Bool, _ closed: UnsafeMutablePointer<Block>) -> Int {
      var position = frames.count
      var tail = self.tail
      var k = 0
      var filled = 0
      while k < newFrames.count {
        if position & (Self.blockSize - 1) == 0 {
          if position != 0 {
            closed[filled] = tail
            filled += 1
          }
          let end = mainEnd(newFrames[k], vertical: vertical)
          tail = Block(
            bandStart: bandStart(k), maxEnd: end,
            prefixMaxEnd: tail.prefixMaxEnd > end ? tail.prefixMaxEnd : end)
          k += 1
          position += 1
        }
        let blockEnd = Swift.min(
          newFrames.count, k + (Self.blockSize - (position & (Self.blockSize - 1))))
        var maxEnd = tail.maxEnd
        while k < blockEnd {
          maxEnd = Self.fold(mainEnd(newFrames[k], vertical: vertical), into: maxEnd)
          k += 1
        }
        // The same as folding each end into the prefix maximum too: the block's own
        // maximum never exceeds it (or both are NaN), so the first end that would have
        // raised it is the block's maximum.
        tail.prefixMaxEnd = Self.fold(maxEnd, into: tail.prefixMaxEnd)
        tail.maxEnd = maxEnd
        position = frames.count + k
      }
      self.tail = tail
      return filled
    }
    let most = newFrames.count / Self.blockSize + 1
    withUnsafeTemporaryAllocation(of: Block.self, capacity: most) { closed in
      let base = closed.baseAddress!
      let filled = axis == .vertical ? fold(vertical: true, base) : fold(vertical: false, base)
      closeBlocks(UnsafeBufferPointer(start: base, count: filled))
    }
  }

  /// `end` if it exceeds `maximum`, else `maximum` (a NaN end is passed over): one `maxsd`.
  @inline(__always)
  private static func fold(_ end: Double, into maximum: Double) -> Double {
    end > maximum ? end : maximum
  }

  @inline(__always)
  private static func mainMax(_ f: Rect, vertical: Bool) -> Double {
    vertical ? f.maxY : f.maxX
  }

  /// Stores the filled block `block` (the tail until now), noting whether its end drops
  /// below the previous block's.
  private mutating func closeBlock(_ block: Block) {
    if let last = blocks.last, block.maxEnd < last.maxEnd {
      firstEndDrop = Swift.min(firstEndDrop, blocks.count)
    }
    blocks.append(block)
  }

  /// Stores filled blocks in order, as `closeBlock` would one at a time.
  private mutating func closeBlocks(_ filled: UnsafeBufferPointer<Block>) {
    guard !filled.isEmpty else { return }
    if firstEndDrop == .max {
      var previous = blocks.last?.maxEnd ?? -.infinity
      for (i, block) in filled.enumerated() {
        if block.maxEnd < previous {
          firstEndDrop = blocks.count + i
          break
        }
        previous = block.maxEnd
      }
    }
    blocks.append(contentsOf: filled)
  }

  /// Call after the last append. If band starts ever decreased, each block's start becomes
  /// the minimum of its own and every later block's, so "no later block starts inside the
  /// rect" stays true and queries stay exact.
  public mutating func finish() {
    if let last = blocks.last, !frames.isEmpty, tail.maxEnd < last.maxEnd {
      firstEndDrop = Swift.min(firstEndDrop, blocks.count)
    }
    guard bandsDecrease else { return }
    bandsRepaired = true
    var minimum = tail.bandStart
    for i in blocks.indices.reversed() {
      minimum = Swift.min(minimum, blocks[i].bandStart)
      blocks[i].bandStart = minimum
    }
    // Band starts within a block may also be out of order; the block's start must be the
    // least of its frames' minima too.
    for i in blocks.indices {
      let start = i * Self.blockSize
      for j in start..<(start + Self.blockSize) {
        let m = axis == .vertical ? frames[j].minY : frames[j].minX
        if m < blocks[i].bandStart { blocks[i].bandStart = m }
      }
    }
    var tailMin = tail.bandStart
    for j in (blocks.count * Self.blockSize)..<frames.count {
      tailMin = Swift.min(tailMin, axis == .vertical ? frames[j].minY : frames[j].minX)
    }
    tail.bandStart = tailMin
    // Re-establish the suffix minimum after lowering blocks to their frames' minima.
    var running = tail.bandStart
    for i in blocks.indices.reversed() {
      running = Swift.min(running, blocks[i].bandStart)
      blocks[i].bandStart = running
    }
    bandsDecrease = false
  }

  /// Block `i`, the tail included.
  @inline(__always)
  private func block(_ i: Int) -> Block { i < blocks.count ? blocks[i] : tail }

  /// Calls `body` with the id of every entry whose frame intersects `rect` (GEO-5: touching
  /// counts), in storage order.
  @inlinable
  public func forEach(intersecting rect: Rect, _ body: (Int) -> Void) {
    forEachPosition(intersecting: rect) { body(id(at: $0)) }
  }

  @usableFromInline
  func forEachPosition(intersecting rect: Rect, _ body: (Int) -> Void) {
    forEach(intersecting: rect, positions: 0..<frames.count, body)
  }

  /// Like `forEach(intersecting:_:)` but only for storage positions in `positions`, and
  /// reporting positions (not ids): a layout that stores several groups in one index (a
  /// flow layout's sections) asks group by group.
  public func forEach(intersecting rect: Rect, positions: Range<Int>, _ body: (Int) -> Void) {
    let r = rect.standardized
    let range = positions.clamped(to: 0..<frames.count)
    if r.isNull || range.isEmpty { return }
    let (a, b) = axis == .vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
    var block = Swift.max(firstBlock(reaching: a), range.lowerBound / Self.blockSize)
    let lastBlock = (range.upperBound - 1) / Self.blockSize
    let shifted = !blockShifts.isEmpty || tailShift != 0
    frames.withUnsafeBufferPointer { frames in
      while block <= lastBlock {
        let b0 = self.block(block)
        let delta = shifted ? shift(ofBlock: block) : 0
        if b0.bandStart + delta > b { break }
        if b0.maxEnd + delta >= a {
          let start = Swift.max(block * Self.blockSize, range.lowerBound)
          let end = Swift.min((block + 1) * Self.blockSize, range.upperBound)
          // Test the stored frames against the rect moved back by the block's delta.
          let probe = delta == 0 ? r : moved(r, by: -delta)
          for i in start..<end where frames[i].intersects(probe) { body(i) }
        }
        block += 1
      }
    }
  }

  /// The ids of the entries intersecting `rect`, in storage order.
  public func indices(intersecting rect: Rect) -> [Int] {
    var result: [Int] = []
    forEach(intersecting: rect) { result.append($0) }
    return result
  }

  /// The naive answer — test every frame — kept as the benchmark's baseline and the
  /// oracle of the property tests.
  public func linearIndices(intersecting rect: Rect) -> [Int] {
    var result: [Int] = []
    let r = rect.standardized
    for i in frames.indices where frame(at: i).intersects(r) { result.append(id(at: i)) }
    return result
  }

  /// Bytes held by the index's arrays (capacity, not count): what a layout pays to cache.
  public var memoryFootprint: Int {
    frames.capacity * MemoryLayout<Rect>.stride
      + blocks.capacity * MemoryLayout<Block>.stride
      + blockShifts.capacity * MemoryLayout<Double>.stride
      + (ids?.capacity ?? 0) * MemoryLayout<Int>.stride
  }

  /// The first block whose prefix maximum reaches `a` (prefix maxima never decrease).
  private func firstBlock(reaching a: Double) -> Int {
    var low = 0
    var high = blocks.count
    let shifted = !blockShifts.isEmpty
    while low < high {
      let mid = (low + high) / 2
      // With moves pending the ends are monotone, so a block's own end is its prefix max.
      let reach = shifted ? blocks[mid].maxEnd + shift(ofBlock: mid) : blocks[mid].prefixMaxEnd
      if reach < a { low = mid + 1 } else { high = mid }
    }
    return low  // == blocks.count: only the tail can reach `a`
  }

  private static func mainMin(_ r: Rect, _ axis: Axis) -> Double {
    axis == .vertical ? r.minY : r.minX
  }
}
