/// Frames of a flow section's lines on their way to the index: `LineScan` writes each
/// line's frames straight into the index's spare room (`FrameStore`) and tells the run
/// the line's length, position and band start; the run keeps what the index's summaries
/// need of the band starts (`AttributeIndex.appendWritten`) — the band start of each
/// frame that opens a block, whether they ever decrease — and is counted into the index
/// when a line is recorded and when the section ends. The line loop makes no call per
/// frame, copies no frame and stores nothing per frame but the frame (issue 32).
/// `~Copyable`: the frames it wrote are the index's only once counted, so it has one
/// owner.
struct CellRun: ~Copyable {
  /// The band start of each block opened by a written frame, in order.
  private var openings: UnsafeMutablePointer<Double>
  private var openingCapacity: Int
  private var openingCount = 0
  /// Frames written past the index's count.
  private(set) var count = 0
  private var firstBand = 0.0
  private var lastBand = -Double.infinity
  private var decreases = false

  init() {
    openingCapacity = 16
    openings = .allocate(capacity: openingCapacity)
  }

  deinit { openings.deallocate() }

  /// Room for `n` more frames, and where they go: in `index`'s spare room after the run's.
  /// Valid until the run or the index next changes.
  @inline(__always)
  mutating func frameSlots(reserving n: Int, in index: inout AttributeIndex)
    -> UnsafeMutablePointer<Rect>
  {
    let needed = openingCount + n / AttributeIndex.blockSize + 1
    if needed > openingCapacity { growOpenings(to: needed) }
    return index.freeFrameSlots(after: count, reserving: n)
  }

  /// Counts a line of `n` frames a caller wrote at `frameSlots`, after those counted, at
  /// index position `position`, with the band start they share; `frameSlots` made room.
  @inline(__always)
  mutating func didWriteLine(_ n: Int, at position: Int, band: Double) {
    if count == 0 { firstBand = band }
    if band < lastBand { decreases = true }
    lastBand = band
    // The blocks that open in position..<position + n: at most one unless n > 16.
    let mask = AttributeIndex.blockSize - 1
    var opening = (position &+ mask) & ~mask
    while opening < position &+ n {
      assert(openingCount < openingCapacity, "an opening outside the room")
      openings[openingCount] = band
      openingCount &+= 1
      opening &+= AttributeIndex.blockSize
    }
    count &+= n
  }

  /// Counts the run's frames into `index` and empties it.
  mutating func flush(into index: inout AttributeIndex) {
    guard count > 0 else { return }
    index.appendWritten(
      count, openingBands: UnsafeBufferPointer(start: openings, count: openingCount),
      first: firstBand, last: lastBand, decreases: decreases)
    (count, openingCount, lastBand, decreases) = (0, 0, -.infinity, false)
  }

  private mutating func growOpenings(to needed: Int) {
    var bigger = openingCapacity * 2
    while bigger < needed { bigger *= 2 }
    let more = UnsafeMutablePointer<Double>.allocate(capacity: bigger)
    more.moveInitialize(from: openings, count: openingCount)
    openings.deallocate()
    (openings, openingCapacity) = (more, bigger)
  }
}
