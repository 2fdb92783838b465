import GridlineTestSupport
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

@Suite("Self-sizing in place")
struct SelfSizingInPlaceTests {
  @Test("property: lines re-placed in place equal a layout of the final sizes from scratch")
  func inPlaceEqualsFromScratch() {
    var g = SeededGenerator(seed: 12)
    for round in 0..<20 {
      let counts = (0..<Int.random(in: 1...4, using: &g)).map { _ in
        Int.random(in: 5...60, using: &g)
      }
      var preferred: [IndexPath: Size] = [:]
      for (s, n) in counts.enumerated() {
        for i in 0..<n where Int.random(in: 0..<3, using: &g) == 0 {
          preferred[IndexPath(item: i, section: s)] = Size(
            width: 100, height: Double(Int.random(in: 20...140, using: &g)))
        }
      }
      let layout = CollectionViewFlowLayout()
      layout.estimatedItemSize = Size(width: 100, height: 50)
      layout.headerReferenceSize = Size(width: 0, height: 24)
      layout.sectionInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
      layout.rowVerticalAlignment = [.top, .center, .bottom][round % 3]
      let source = MeasuringSource(counts: counts, preferred: preferred)
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: layout)
      cv.dataSource = source
      cv.layoutIfNeeded()
      var y = 0.0
      while y < cv.contentSize.height {
        y += Double(Int.random(in: 50...300, using: &g))
        cv.setContentOffset(Point(x: 0, y: y))
      }
      // The expected layout: every size known up front, through the delegate.
      var sizes: [IndexPath: Size] = [:]
      for (s, n) in counts.enumerated() {
        for i in 0..<n {
          let p = IndexPath(item: i, section: s)
          sizes[p] = layout.measuredSizes[p] ?? Size(width: 100, height: 50)
        }
      }
      let table = SizeTable(sizes)
      let reference = CollectionViewFlowLayout()
      reference.headerReferenceSize = layout.headerReferenceSize
      reference.sectionInset = layout.sectionInset
      reference.rowVerticalAlignment = layout.rowVerticalAlignment
      let fresh = CollectionView(
        frame: cv.frame, collectionViewLayout: reference, itemCounts: counts)
      fresh.delegate = table
      fresh.layoutIfNeeded()
      #expect(cv.contentSize.isClose(to: fresh.contentSize), "round \(round)")
      for (s, n) in counts.enumerated() {
        for i in 0..<n {
          let p = IndexPath(item: i, section: s)
          let a = layout.layoutAttributesForItem(at: p)!.frame
          let b = reference.layoutAttributesForItem(at: p)!.frame
          #expect(a.isClose(to: b), "round \(round) \(p): \(a) vs \(b)")
        }
      }
      // Rect queries stay exact over the moved frames.
      for _ in 0..<30 {
        let rect = Rect(
          x: 0, y: Double.random(in: 0...cv.contentSize.height, using: &g), width: 320, height: 300)
        let fast = Set(
          layout.layoutAttributesForElements(in: rect).filter {
            $0.representedElementCategory == .cell
          }.map(\.key))
        let slow = Set(
          reference.layoutAttributesForElements(in: rect).filter {
            $0.representedElementCategory == .cell
          }.map(\.key))
        #expect(fast == slow, "round \(round) rect \(rect)")
      }
    }
  }
}
