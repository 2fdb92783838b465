import LayoutEngine
import Testing

/// A data source whose cells prefer sizes from a table (self-sizing, FLOW-23).
final class MeasuringSource: CollectionViewDataSource {
  var counts: [Int]
  var preferred: [IndexPath: Size]

  init(counts: [Int], preferred: [IndexPath: Size]) {
    self.counts = counts
    self.preferred = preferred
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    counts[section]
  }
  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
    fitting attributes: LayoutAttributes
  ) -> Size? { preferred[indexPath] }
}

@Suite("Self-sizing (FLOW-23, LAY-12)")
struct SelfSizingTests {
  func make(_ preferred: [IndexPath: Size], count: Int = 40) -> (
    CollectionView, CollectionViewFlowLayout, MeasuringSource
  ) {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = Size(width: 375, height: 50)
    layout.minimumLineSpacing = 0
    let source = MeasuringSource(counts: [count], preferred: preferred)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    return (cv, layout, source)
  }

  @Test("displayed cells report their size; the layout re-lays out and grows the content")
  func measuresOnDisplay() {
    let (cv, layout, _) = make([IndexPath(item: 1, section: 0): Size(width: 375, height: 120)])
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.height == 120)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 170)
    #expect(cv.contentSize.height == 39 * 50 + 120)
    let calls = cv.events.map(\.callName)
    #expect(calls.contains("preferredLayoutAttributesFitting(_:)"))
    #expect(
      calls.contains("invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)"))
  }

  @Test("a cell above the visible area that changes size keeps the visible content still")
  func offsetAdjustment() {
    let (cv, layout, source) = make([:])
    cv.setContentOffset(Point(x: 0, y: 1000))  // items 20… on screen
    let anchor = layout.layoutAttributesForItem(at: IndexPath(item: 20, section: 0))!.frame.minY
    // Item 5 (far above) is measured now, e.g. when scrolled back past it.
    source.preferred[IndexPath(item: 5, section: 0)] = Size(width: 375, height: 90)
    cv.scrollToItem(at: IndexPath(item: 5, section: 0), at: .top)
    cv.setContentOffset(Point(x: 0, y: 1000))
    let moved = layout.layoutAttributesForItem(at: IndexPath(item: 20, section: 0))!.frame.minY
    #expect(moved == anchor + 40)
    #expect(cv.contentSize.height == 40 * 50 + 40)
  }

  @Test("without an estimate, preferred sizes are ignored (FLOW-23)")
  func notSelfSizing() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 375, height: 50)
    let source = MeasuringSource(
      counts: [5], preferred: [IndexPath(item: 0, section: 0): Size(width: 375, height: 99)])
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height == 50)
    #expect(
      cv.events.contains(
        .shouldInvalidateLayoutForPreferredAttributes(
          at: IndexPath(item: 0, section: 0), result: false)))
  }
}
