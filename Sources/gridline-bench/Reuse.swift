import LayoutEngine

/// `scroll.frame.1M.reuse`: the frame of `scroll.frame.1M` over the same sizes, with two
/// registered reuse identifiers (a pool each, DISP-3) and a prefetch data source told what
/// is prefetched (DISP-5); apart from main.swift to keep it short.
@MainActor func reuseFrameCase(_ varied: VariedSizes, contentHeight: Double) {
  let source = TwoIdentifiers(count: million)
  let prefetcher = PrefetchCounter()
  let layout = CollectionViewFlowLayout()
  layout.itemSize = Size(width: 50, height: 50)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
  cv.isRecordingEvents = false
  cv.delegate = varied
  cv.register(cellWithReuseIdentifier: "Photo")
  cv.register(cellWithReuseIdentifier: "Video")
  cv.dataSource = source
  cv.prefetchDataSource = prefetcher
  cv.layoutIfNeeded()
  run("scroll.frame.1M.reuse") {
    cv.setContentOffset(Point(x: 0, y: contentHeight / 2))
    var y = contentHeight / 2
    var r = measure("", samples: 200 * scale, batch: 100) {
      for _ in 0..<100 {
        y += 10
        cv.setContentOffset(Point(x: 0, y: y))
      }
    }
    r.note =
      "two identifiers, \(prefetcher.items) items prefetched (target ≤ 1.5 × scroll.frame.1M)"
    return r
  }
  withExtendedLifetime((source, prefetcher)) {}
}

/// Items named "Photo", every third one "Video".
final class TwoIdentifiers: CollectionViewDataSource {
  let count: Int

  init(count: Int) { self.count = count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { count }

  func collectionView(
    _ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath
  ) -> String { indexPath.item % 3 == 0 ? "Video" : "Photo" }
}

/// Counts what it is told to prefetch.
final class PrefetchCounter: CollectionViewDataSourcePrefetching {
  var items = 0

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    items += indexPaths.count
  }
}
