import GridlineTestSupport
import LayoutEngine
import Testing

/// `AttributeIndex.removeLast(from:lastBandStart:)`: an index cut and appended to answers
/// every query as an index built from scratch over the same frames, and as the linear
/// filter (the oracle).
@Suite("AttributeIndex cuts")
struct AttributeIndexCutTests {
  /// Frames in lines, as a flow layout appends them: band starts never decrease, each
  /// frame starts at or below its band; now and then one very tall frame, so a block's
  /// prefix maximum exceeds its own end and the ends stop being monotone.
  func lines(from origin: Double, count: Int, axis: AttributeIndex.Axis, _ g: inout SeededGenerator)
    -> [(Rect, Double)]
  {
    var out: [(Rect, Double)] = []
    var band = origin
    while out.count < count {
      let n = Int.random(in: 1...7, using: &g)
      for j in 0..<min(n, count - out.count) {
        let main = band + Double.random(in: 0...10, using: &g)
        let extent =
          Int.random(in: 0..<25, using: &g) == 0
          ? Double.random(in: 200...3000, using: &g) : Double.random(in: 5...60, using: &g)
        let cross = Double(j) * 55
        let frame =
          axis == .vertical
          ? Rect(x: cross, y: main, width: 50, height: extent)
          : Rect(x: main, y: cross, width: extent, height: 50)
        out.append((frame, band))
      }
      band += Double.random(in: 0...70, using: &g)
    }
    return out
  }

  func build(_ entries: [(Rect, Double)], axis: AttributeIndex.Axis) -> AttributeIndex {
    var index = AttributeIndex(axis: axis)
    for (frame, band) in entries { index.append(frame, bandStart: band) }
    index.finish()
    return index
  }

  func expectSameAnswers(
    _ cut: AttributeIndex, _ fresh: AttributeIndex, _ g: inout SeededGenerator, _ context: String
  ) {
    #expect(cut.frames == fresh.frames, "\(context)")
    #expect(cut.monotoneEnds == fresh.monotoneEnds, "\(context)")
    let extent = (fresh.frames.map { max($0.maxX, $0.maxY) }.max() ?? 0) + 100
    for _ in 0..<60 {
      let a = Double.random(in: -50...extent, using: &g)
      let rect = Rect(x: a, y: a, width: Double.random(in: 0...400, using: &g), height: 400)
      let across = Rect(x: -1e4, y: a, width: 2e4, height: Double.random(in: 0...300, using: &g))
      let across2 = Rect(x: a, y: -1e4, width: Double.random(in: 0...300, using: &g), height: 2e4)
      for r in [rect, across, across2] {
        let oracle = fresh.linearIndices(intersecting: r)
        #expect(cut.indices(intersecting: r) == oracle, "\(context): \(r)")
        #expect(fresh.indices(intersecting: r) == oracle, "\(context): fresh \(r)")
      }
    }
  }

  @Test("appended in runs of any length: equal to one by one, and to the linear filter")
  func runsEqualSingles() {
    var g = SeededGenerator(seed: 2029)
    for round in 0..<40 {
      let axis: AttributeIndex.Axis = round % 2 == 0 ? .vertical : .horizontal
      var entries = lines(from: 0, count: Int.random(in: 0...300, using: &g), axis: axis, &g)
      // Now and then a band start below the one before (a negative line spacing), which
      // `finish()` must repair the same way.
      if round % 5 == 4, entries.count > 40 { entries[37].1 -= 500 }
      var runs = AttributeIndex(axis: axis)
      var next = 0
      while next < entries.count {
        let end = min(entries.count, next + Int.random(in: 0...40, using: &g))
        let frames = entries[next..<end].map(\.0)
        let bands = entries[next..<end].map(\.1)
        frames.withUnsafeBufferPointer { f in
          bands.withUnsafeBufferPointer { b in runs.append(contentsOf: f, bandStarts: b) }
        }
        next = end
      }
      #expect(runs.lastBandStart == (entries.last?.1 ?? -.infinity))
      runs.finish()
      expectSameAnswers(runs, build(entries, axis: axis), &g, "round \(round)")
      // Cut where a single append would allow it, with the same answer.
      let p = entries.count / 2
      var single = build(entries, axis: axis)
      let band = p > 0 ? entries[p - 1].1 : -.infinity
      #expect(
        runs.removeLast(from: p, lastBandStart: band)
          == single.removeLast(
            from: p, lastBandStart: band))
    }
  }

  @Test("cut anywhere, appended to: equal to a fresh index, and to the linear filter")
  func cutAndAppend() {
    var g = SeededGenerator(seed: 2026)
    for round in 0..<60 {
      let axis: AttributeIndex.Axis = round % 2 == 0 ? .vertical : .horizontal
      let n = Int.random(in: 0...200, using: &g)
      let entries = lines(from: 0, count: n, axis: axis, &g)
      let cuts = [
        0, n, n / 2, (n / 16) * 16, min(n, 16), min(n, 17), Int.random(in: 0...n, using: &g),
      ]
      for p in cuts {
        var index = build(entries, axis: axis)
        let lastBand = p > 0 ? entries[p - 1].1 : -.infinity
        let cut = index.removeLast(from: p, lastBandStart: lastBand)
        #expect(cut)
        #expect(index.count == p)
        let tail = lines(
          from: p > 0 ? entries[p - 1].1 : 0, count: Int.random(in: 0...80, using: &g),
          axis: axis, &g)
        for (frame, band) in tail { index.append(frame, bandStart: band) }
        index.finish()
        let fresh = build(Array(entries[..<p]) + tail, axis: axis)
        expectSameAnswers(index, fresh, &g, "round \(round) cut at \(p) of \(n)")
      }
    }
  }

  /// `n` rows of one 10 × 10 frame, 10 apart.
  func rows(_ n: Int) -> AttributeIndex {
    var index = AttributeIndex(axis: .vertical)
    for i in 0..<n {
      index.append(Rect(x: 0, y: Double(i * 10), width: 10, height: 10), bandStart: Double(i * 10))
    }
    index.finish()
    return index
  }

  @Test("a cut then an append below the last band start is seen (the band order's rule)")
  func bandOrderAfterCut() {
    var index = rows(40)
    let cut = index.removeLast(from: 20, lastBandStart: 190)
    #expect(cut)
    // Lower than entry 19's band: `finish()` must repair, as for a fresh index.
    index.append(Rect(x: 0, y: 100, width: 10, height: 10), bandStart: 100)
    index.finish()
    #expect(!index.monotoneEnds)
    #expect(index.indices(intersecting: Rect(x: 0, y: 100, width: 10, height: 0)) == [9, 10, 20])
    let again = index.removeLast(from: 5, lastBandStart: 40)
    #expect(!again)  // repaired: refused
  }

  @Test("refused: pending moves, repaired bands, unsorted frames, out of range")
  func refusals() {
    let index = rows(50)
    var moved = index
    let shifted = moved.shift(from: 3, by: 7)
    let afterMove = moved.removeLast(from: 10, lastBandStart: 90)
    #expect(shifted && !afterMove && moved.count == 50)
    var bad = index
    let past = bad.removeLast(from: 51, lastBandStart: 0)
    let negative = bad.removeLast(from: -1, lastBandStart: 0)
    let atEnd = bad.removeLast(from: 50, lastBandStart: 0)
    #expect(!past && !negative && atEnd && bad.count == 50)
    let frames = [Rect(x: 0, y: 30, width: 1, height: 1), Rect(x: 0, y: 10, width: 1, height: 1)]
    var unsorted = AttributeIndex(axis: .vertical, unsortedFrames: frames)
    let sorted = unsorted.removeLast(from: 1, lastBandStart: 10)
    #expect(!sorted)
  }
}
