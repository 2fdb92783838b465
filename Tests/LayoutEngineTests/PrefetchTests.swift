import LayoutEngine
import Testing

/// Prefetching (DISP-5): the engine's window is one viewport ahead in the scroll direction.
@Suite("Prefetching (DISP-5)")
struct PrefetchTests {
  /// Records what it is told.
  final class Recorder: CollectionViewDataSourcePrefetching {
    var prefetched: [[IndexPath]] = []
    var cancelled: [[IndexPath]] = []
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
      prefetched.append(indexPaths)
    }
    func collectionView(
      _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      cancelled.append(indexPaths)
    }
  }

  /// 100 rows of 375 × 100 in a 375 × 600 view.
  func feed() -> (CollectionView, Recorder) {
    let (cv, _) = makeFlow(width: 375, height: 600, counts: [100]) {
      $0.itemSize = Size(width: 375, height: 100)
      $0.minimumLineSpacing = 0
    }
    let recorder = Recorder()
    cv.prefetchDataSource = recorder
    return (cv, recorder)
  }

  func rows(_ items: ClosedRange<Int>) -> [IndexPath] {
    items.map { IndexPath(item: $0, section: 0) }
  }

  @Test("DISP-5: the viewport below, nearest first, once each; displayed ones are not")
  func downward() {
    let (cv, recorder) = feed()
    #expect(recorder.prefetched.isEmpty)  // the first layout is not a scroll
    cv.setContentOffset(Point(x: 0, y: 100))
    // Bounds 100…700 show rows 1…7; the region (0…1200) holds the window 700…1300 up to
    // 1200: rows 8…12 (row 12 touches it, GEO-5).
    #expect(cv.events.contains(.prefetchItems(rows(8...12))))
    #expect(recorder.prefetched == [rows(8...12)])
    for y in stride(from: 200, through: 1800, by: 100) {
      cv.setContentOffset(Point(x: 0, y: Double(y)))
    }
    let all = recorder.prefetched.flatMap { $0 }
    #expect(Set(all).count == all.count)  // never twice
    for batch in recorder.prefetched { #expect(batch == batch.sorted()) }  // nearest first
    #expect(recorder.prefetched.count > 1)
    #expect(recorder.cancelled.isEmpty)
    // Every row prefetched and scrolled past was displayed in between.
    let shown = Set(
      cv.events.compactMap { event -> IndexPath? in
        if case .willDisplay(let key) = event { return key.indexPath }
        return nil
      })
    #expect(all.filter { $0.item <= 24 }.allSatisfy(shown.contains))  // rows 1…24 were shown
    // The window's cells come from the region: after the query at 1400 it holds up to 2600.
    #expect(all.last == IndexPath(item: 26, section: 0))
    // Rows 13 and 20 came on screen in the pass whose query first held them: no prefetch.
    #expect(!all.contains(IndexPath(item: 13, section: 0)))
  }

  @Test("DISP-5: turning back calls off what is outstanding and prefetches the other way")
  func reversal() {
    let (cv, recorder) = feed()
    cv.setContentOffset(Point(x: 0, y: 100))
    cv.setContentOffset(Point(x: 0, y: 200))  // rows 8 shown: outstanding 9…12
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 150))
    #expect(recorder.cancelled == [rows(9...12)])
    // Bounds 150…750 show rows 1…7; above them row 0 (the region holds it), nearest first.
    #expect(cv.events.contains(.cancelPrefetching(rows(9...12))))
    #expect(recorder.prefetched.last == [IndexPath(item: 0, section: 0)])
    let names = cv.events.map(\.callName)
    let cancel = names.firstIndex(of: "collectionView(_:cancelPrefetchingForItemsAt:)")
    let prefetch = names.lastIndex(of: "collectionView(_:prefetchItemsAt:)")
    #expect(cancel != nil && prefetch != nil && cancel! < prefetch!)
  }

  @Test("DISP-5: isPrefetchingEnabled = false prefetches nothing and calls off the rest")
  func disabled() {
    let (cv, recorder) = feed()
    cv.setContentOffset(Point(x: 0, y: 100))
    cv.isPrefetchingEnabled = false
    #expect(recorder.cancelled == [rows(8...12)])
    for y in stride(from: 200, through: 1800, by: 100) {
      cv.setContentOffset(Point(x: 0, y: Double(y)))
    }
    #expect(recorder.prefetched.count == 1)
  }
}
