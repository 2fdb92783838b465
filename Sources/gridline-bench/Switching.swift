import LayoutEngine

/// The layout switch cases (LAY-16), apart from main.swift to keep it short.
@MainActor func switchCases() {
  // An animated layout switch over 100,000 items, list to grid (LAY-16): one frame is the
  // animation's progress moved on and every element drawn as presented. Only elements on
  // screen in either layout have tracks, so a frame costs what the screen holds.
  run("switch.animated.frame.100k") {
    let (cv, list) = makeCollectionView(items: 100_000)
    list.itemSize = Size(width: 375, height: 44)
    list.minimumLineSpacing = 0
    cv.layoutIfNeeded()
    cv.setContentOffset(Point(x: 0, y: 2_200_000))
    let grid = CollectionViewFlowLayout()
    grid.itemSize = Size(width: 120, height: 120)
    grid.minimumInteritemSpacing = 7.5
    grid.minimumLineSpacing = 7.5
    var layouts = (cv.collectionViewLayout, grid as CollectionViewLayout)
    var frame = 0
    var tracks = 0
    var r = measure("", samples: 500 * scale) {
      if cv.updateAnimation == nil {
        cv.setCollectionViewLayout(layouts.1, animated: true)
        layouts = (layouts.1, layouts.0)
        tracks = cv.updateAnimation?.tracks.count ?? 0
        frame = 0
      }
      frame += 1
      cv.updateAnimationProgress = Double(frame) / 20
      sink &+= cv.presentedElements.count
      if frame == 20 { cv.finishUpdateAnimation() }
    }
    r.note =
      "20-frame switches, \(tracks) tracks; a frame, a switch's start every 20 (target ≤ 50 µs)"
    return r
  }

  // What starting that switch costs: the new layout's prepare() over 100,000 items, its
  // query, and the tracks.
  run("switch.animated.start.100k") {
    let (cv, list) = makeCollectionView(items: 100_000)
    list.itemSize = Size(width: 375, height: 44)
    list.minimumLineSpacing = 0
    cv.setContentOffset(Point(x: 0, y: 2_200_000))
    let grid = CollectionViewFlowLayout()
    grid.itemSize = Size(width: 120, height: 120)
    var layouts = (cv.collectionViewLayout, grid as CollectionViewLayout)
    var r = measure("", samples: 30 * scale) {
      cv.setCollectionViewLayout(layouts.1, animated: true)
      cv.finishUpdateAnimation()
      layouts = (layouts.1, layouts.0)
    }
    r.note = "setCollectionViewLayout(_:animated: true), list ↔ grid (target ≤ 2 ms)"
    return r
  }
}
