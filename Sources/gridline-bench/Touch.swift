import LayoutEngine

/// `tap.1M`: a finger down and up on a cell of a million-item flow layout — the hit test
/// over the displayed cells and the highlight/selection sequence (target ≤ 5 µs).
@MainActor func touchCases() {
  guard wants("tap.1M") else { return }
  let (cv, _) = makeCollectionView(items: 1_000_000)
  cv.setContentOffset(Point(x: 0, y: 500_000))
  cv.allowsMultipleSelection = true  // each tap toggles: the state keeps changing
  let points = (0..<64).map { Point(x: 25 + Double($0 % 7) * 50, y: 500_010 + Double($0) * 9) }
  run("tap.1M") {
    var i = 0
    var r = measure("", samples: 200 * scale, batch: 100) {
      for _ in 0..<100 {
        let p = points[i & 63]
        cv.touchesBegan(at: p)
        cv.touchesEnded(at: p)
        i += 1
      }
    }
    r.note = "\(cv.indexPathsForSelectedItems.count) selected at the end (target ≤ 5 µs)"
    return r
  }
}
