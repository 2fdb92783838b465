/// The valid-layout region's questions (LAY-2, LAY-5, OPEN-1) answered through an index of
/// its pieces: `regionOrder` lists them by their start on the scroll axis (ties by position
/// in `region`) and `regionReach` holds the running maximum of their ends. A piece that
/// meets a stretch of the axis lies at or after the first position whose running end
/// reaches the stretch, and before the first piece starting past it; so a scroll that
/// jumps past the content, leaving a piece per frame, costs a frame a binary search and
/// the pieces near the bounds, not a walk over thousands of pieces. Every answer is the
/// one a walk over all the pieces in `region`'s order gives.
extension LayoutCache {
  /// Whether the region holds `rect` entirely (zero-area leftovers do not count). Only the
  /// pieces meeting `rect` can take anything from it.
  func covers(_ rect: Rect) -> Bool {
    if coversEverything || rect.isNull { return true }
    // A scroll frame's usual case: the piece its last query grew (the last one) holds it.
    if let last = region.last, last.contains(rect) { return true }
    let (low, high) = (start(rect), end(rect))
    var meeting: [Int] = []
    var p = firstPiece(reaching: low)
    while p < regionOrder.count {
      let i = regionOrder[p]
      let piece = region[i]
      if start(piece) > high { break }
      if piece.contains(rect) { return true }
      if end(piece) >= low { meeting.append(i) }
      p += 1
    }
    var left = [rect]
    for i in meeting.sorted() {
      left = left.flatMap { Self.subtract(region[i], from: $0) }
      if left.isEmpty { return true }
    }
    return left.isEmpty
  }

  /// Whether `frame` meets the region (GEO-5: touching counts).
  func regionMeets(_ frame: Rect) -> Bool {
    if coversEverything { return true }
    var meets = false
    forEachPiece(meeting: start(frame), end(frame)) { i in
      meets = region[i].intersects(frame)
      return !meets
    }
    return meets
  }

  /// `rect` joins the region: merged, over and over, with the first piece (in `region`'s
  /// order) it lines up with, then appended.
  mutating func addToRegion(_ rect: Rect) {
    coveredMemo = nil
    var r = rect.standardized
    guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
      return
    }
    while let (i, merged) = firstMergeable(with: r) {
      r = merged
      removePiece(i)
    }
    region.append(r)
    indexPiece(region.count - 1)
  }

  /// The first piece `r` merges with and their union. A piece that merges meets `r` on
  /// both axes, so it is among those meeting `r`'s stretch of the scroll axis.
  private func firstMergeable(with r: Rect) -> (Int, Rect)? {
    var best: (Int, Rect)?
    forEachPiece(meeting: start(r), end(r)) { i in
      if best.map({ i < $0.0 }) ?? true, let merged = Self.merge(region[i], r) {
        best = (i, merged)
      }
      return true
    }
    return best
  }

  /// The union of two rects when it is a rect: one holds the other, or they share an
  /// extent on one axis and meet on the other.
  private static func merge(_ a: Rect, _ b: Rect) -> Rect? {
    if a.contains(b) { return a }
    if b.contains(a) { return b }
    let sameColumn = a.minX == b.minX && a.maxX == b.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    let sameRow = a.minY == b.minY && a.maxY == b.maxY && a.minX <= b.maxX && b.minX <= a.maxX
    return sameColumn || sameRow ? a.union(b) : nil
  }

  /// `rect` minus `piece`, as up to four rects with an area.
  private static func subtract(_ piece: Rect, from rect: Rect) -> [Rect] {
    let cut = rect.intersection(piece)
    if cut.isNull || cut.width == 0 || cut.height == 0 { return [rect] }
    let parts = [
      Rect(x: rect.minX, y: rect.minY, width: rect.width, height: cut.minY - rect.minY),
      Rect(x: rect.minX, y: cut.maxY, width: rect.width, height: rect.maxY - cut.maxY),
      Rect(x: rect.minX, y: cut.minY, width: cut.minX - rect.minX, height: cut.height),
      Rect(x: cut.maxX, y: cut.minY, width: rect.maxX - cut.maxX, height: cut.height),
    ]
    return parts.filter { $0.width > 0 && $0.height > 0 }
  }

  /// How far, from `near` in the direction of the scroll, the region holds the whole
  /// `cross` extent without a gap — a piece spanning it that starts at or before the reach
  /// (forwards) carries it to the piece's end — looked at no further than `far`: the
  /// reach, or `far` when it gets there.
  func coveredReach(
    from near: Double, to far: Double, across cross: ClosedRange<Double>, forward: Bool
  ) -> Double {
    if coversEverything { return far }
    var reach = near
    if forward {
      // By start: a piece starting past the reach ends the run, as does every one after it.
      var p = firstPiece(reaching: near)
      while p < regionOrder.count && reach < far {
        let r = region[regionOrder[p]]
        if start(r) > reach { break }
        if end(r) > reach && spans(r, cross) { reach = end(r) }
        p += 1
      }
      return Swift.min(reach, far)
    }
    // Backwards, by start from the last piece starting before `near`: a piece passed by
    // (it ends short of the reach) can never carry it, since the reach only falls to the
    // start of a piece further back; none at or before a position whose running end is
    // short of the reach can.
    var p = firstPiece(startingAtOrAfter: near) - 1
    while p >= 0 && reach > far && regionReach[p] >= reach {
      let r = region[regionOrder[p]]
      if start(r) < reach && end(r) >= reach && spans(r, cross) { reach = start(r) }
      p -= 1
    }
    return Swift.max(reach, far)
  }

  /// `coveredReach(from:to:across:forward:)`, remembered until the region changes. A run
  /// is looked for up to one window length past `far`, so that the frames until the next
  /// query, whose windows start inside it, find the answer without the index: the region
  /// holds the whole cross extent from any point of the run to its end, so the run's end
  /// answers for them, or `far` when the run was cut at that look-ahead and reaches it.
  mutating func coveredReachRemembered(
    from near: Double, to far: Double, across cross: ClosedRange<Double>, forward: Bool
  ) -> Double {
    if coversEverything { return far }
    if let run = coveredMemo, run.answers(from: near, to: far, across: cross, forward: forward) {
      return forward ? Swift.min(run.reach, far) : Swift.max(run.reach, far)
    }
    let limit = far + (far - near)
    let reach = coveredReach(from: near, to: limit, across: cross, forward: forward)
    coveredMemo = CoveredRun(
      forward: forward, cross: cross, from: near, reach: reach, ended: reach != limit)
    return forward ? Swift.min(reach, far) : Swift.max(reach, far)
  }

  /// Whether `r` holds the whole `cross` extent (across the scroll axis).
  @inline(__always)
  private func spans(_ r: Rect, _ cross: ClosedRange<Double>) -> Bool {
    let (low, high) = vertical ? (r.minX, r.maxX) : (r.minY, r.maxY)
    return low <= cross.lowerBound && high >= cross.upperBound
  }

  // MARK: The index

  /// Calls `body` with each piece whose extent on the scroll axis meets [low, high]
  /// (closed), by start, until it answers false.
  private func forEachPiece(meeting low: Double, _ high: Double, _ body: (Int) -> Bool) {
    var p = firstPiece(reaching: low)
    while p < regionOrder.count {
      let i = regionOrder[p]
      if start(region[i]) > high { return }
      if end(region[i]) >= low && !body(i) { return }
      p += 1
    }
  }

  /// The first position in `regionOrder` whose running end reaches `low`.
  private func firstPiece(reaching low: Double) -> Int {
    var a = 0
    var b = regionReach.count
    while a < b {
      let m = (a + b) / 2
      if regionReach[m] < low { a = m + 1 } else { b = m }
    }
    return a
  }

  /// The first position in `regionOrder` whose piece starts at or after `s`.
  private func firstPiece(startingAtOrAfter s: Double) -> Int {
    var a = 0
    var b = regionOrder.count
    while a < b {
      let m = (a + b) / 2
      if start(region[regionOrder[m]]) < s { a = m + 1 } else { b = m }
    }
    return a
  }

  /// Where piece `i` is (or goes) in `regionOrder`.
  private func position(ofPiece i: Int) -> Int {
    let s = start(region[i])
    var a = 0
    var b = regionOrder.count
    while a < b {
      let m = (a + b) / 2
      let other = regionOrder[m]
      let t = start(region[other])
      if t < s || (t == s && other < i) { a = m + 1 } else { b = m }
    }
    return a
  }

  /// Indexes the piece at `region[i]`, the last one.
  private mutating func indexPiece(_ i: Int) {
    let p = position(ofPiece: i)
    let e = end(region[i])
    regionOrder.insert(i, at: p)
    regionReach.insert(Swift.max(p > 0 ? regionReach[p - 1] : -.infinity, e), at: p)
    var k = p + 1
    while k < regionReach.count && regionReach[k] < e {
      regionReach[k] = e
      k += 1
    }
  }

  /// Removes `region[i]` and its entry; the pieces after it move down one place.
  private mutating func removePiece(_ i: Int) {
    let p = position(ofPiece: i)
    regionOrder.remove(at: p)
    regionReach.remove(at: p)
    region.remove(at: i)
    for k in regionOrder.indices where regionOrder[k] > i { regionOrder[k] -= 1 }
    for k in p..<regionReach.count {
      let e = end(region[regionOrder[k]])
      regionReach[k] = Swift.max(k > 0 ? regionReach[k - 1] : -.infinity, e)
    }
  }
}

/// A run along the scroll axis, from `from` to `reach` in the direction of the scroll, over
/// which the region holds the whole `cross` extent; `ended`: the region stops holding it at
/// `reach` (otherwise the search stopped there).
struct CoveredRun {
  var forward: Bool
  var cross: ClosedRange<Double>
  var from: Double
  var reach: Double
  var ended: Bool

  /// Whether the run answers a search from `near` to `far`: `near` lies in it, and it
  /// ended or reaches `far`.
  func answers(from near: Double, to far: Double, across cross: ClosedRange<Double>, forward: Bool)
    -> Bool
  {
    guard forward == self.forward, cross == self.cross else { return false }
    return forward
      ? from <= near && near <= reach && (ended || far <= reach)
      : reach <= near && near <= from && (ended || far >= reach)
  }
}
