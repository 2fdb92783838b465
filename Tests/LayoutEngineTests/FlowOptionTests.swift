import LayoutEngine
import Testing

/// Flow options beyond the vectors: row alignment (FLOW-11/12), delegate metrics (FLOW-4),
/// section inset reference (FLOW-16), pixel rounding (FLOW-21), self-sizing estimates
/// (FLOW-23), the uniform/per-item choice (OPEN-3).
@Suite("Flow layout options")
struct FlowOptionTests {
  func perItem(
    _ sizes: [Size], width: Double = 375, _ configure: (CollectionViewFlowLayout) -> Void
  ) -> (CollectionView, CollectionViewFlowLayout, SizeTable) {
    let table = SizeTable(sizes)
    let (cv, layout) = makeFlow(
      width: width, height: 600, counts: [sizes.count], configure: configure)
    cv.delegate = table
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    return (cv, layout, table)
  }

  @Test(
    "FLOW-12: last-row alignment on the per-item path",
    arguments: [
      (CollectionViewFlowLayout.RowHorizontalAlignment.left, [0.0, 110, 220]),
      (.centered, [27.5, 137.5, 247.5]),
      (.right, [55, 165, 275]),
      (.justify, [0, 137.5, 275]),
    ])
  func lastRow(alignment: CollectionViewFlowLayout.RowHorizontalAlignment, xs: [Double]) {
    let (_, layout, _) = perItem(Array(repeating: Size(width: 100, height: 40), count: 3)) {
      $0.lastRowHorizontalAlignment = alignment
    }
    #expect((0..<3).map { frame(layout, 0, $0).minX } == xs)
  }

  @Test(
    "FLOW-12: common-row alignment of a non-last line",
    arguments: [
      (CollectionViewFlowLayout.RowHorizontalAlignment.left, [0.0, 160]),
      (.centered, [32.5, 192.5]),
      (.right, [65, 225]),
      (.justify, [0, 225]),
    ])
  func commonRow(alignment: CollectionViewFlowLayout.RowHorizontalAlignment, xs: [Double]) {
    let (_, layout, _) = perItem(Array(repeating: Size(width: 150, height: 40), count: 3)) {
      $0.commonRowHorizontalAlignment = alignment
    }
    #expect([frame(layout, 0, 0).minX, frame(layout, 0, 1).minX] == xs)
    #expect(frame(layout, 0, 2).minX == 0)  // last line: left (FLOW-8)
  }

  @Test(
    "FLOW-10/11: items inside a line — top, centre, bottom",
    arguments: [
      (CollectionViewFlowLayout.RowVerticalAlignment.top, 0.0),
      (.center, 25),
      (.bottom, 50),
    ])
  func vertical(alignment: CollectionViewFlowLayout.RowVerticalAlignment, y: Double) {
    let (_, layout, _) = perItem([Size(width: 100, height: 50), Size(width: 100, height: 100)]) {
      $0.rowVerticalAlignment = alignment
    }
    #expect(frame(layout, 0, 0).minY == y)
    #expect(frame(layout, 0, 1).minY == 0)
  }

  @Test("FLOW-12 on the uniform grid: the common alignment sets the columns")
  func uniformColumns() {
    let (_, layout) = makeFlow(width: 375, height: 600, counts: [4]) {
      $0.itemSize = Size(width: 100, height: 100)
      $0.commonRowHorizontalAlignment = .centered
      $0.lastRowHorizontalAlignment = .right  // ignored by the grid (FLOW-9)
    }
    #expect((0..<4).map { frame(layout, 0, $0).minX } == [27.5, 137.5, 247.5, 27.5])
  }

  @Test("OPEN-3: a delegate that sizes no item of a section leaves it on the grid path")
  func delegateWithoutSizes() {
    let table = SizeTable([:])
    table.insets[1] = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
    table.headers[1] = Size(width: 0, height: 30)
    let (cv, layout) = makeFlow(width: 375, height: 600, counts: [2, 2]) {
      $0.itemSize = Size(width: 100, height: 100)
    }
    cv.delegate = table
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    #expect(frame(layout, 0, 1).minX == 137.5)  // grid columns (TV-03)
    // FLOW-4: section 1 takes the delegate's inset and header.
    #expect(frame(layout, 1, 0) == Rect(x: 0, y: 100 + 30 + 5, width: 100, height: 100))
    #expect(cv.contentSize.height == 100 + 30 + 5 + 100 + 5)
    table.sizes[IndexPath(item: 1, section: 0)] = Size(width: 100, height: 100)
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    #expect(frame(layout, 0, 1).minX == 110)  // one own size: per-item path, last line left
  }

  @Test("FLOW-16: the section inset measured from the safe area or the layout margins")
  func insetReference() {
    for (reference, leading) in [
      (CollectionViewFlowLayout.SectionInsetReference.fromContentInset, 10.0),
      (.fromSafeArea, 54), (.fromLayoutMargins, 62),
    ] {
      let (cv, layout) = makeFlow(width: 375, height: 600, counts: [3]) {
        $0.itemSize = Size(width: 100, height: 100)
        $0.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        $0.headerReferenceSize = Size(width: 0, height: 20)
        $0.sectionInsetReference = reference
      }
      cv.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
      cv.layoutIfNeeded()
      #expect(cv.adjustedContentInset.left == 0)  // not scrollable sideways (SV-2)
      #expect(frame(layout, 0, 0).minX == leading)
      // The last column of the first line is flush with the trailing inset (FLOW-6).
      let firstLine = (0..<3).map { frame(layout, 0, $0) }.filter { $0.minY == 20 }
      #expect(firstLine.map(\.maxX).max() == 375 - leading)
      let header = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))
      #expect(header?.frame.minX == 0 && header?.frame.width == 375)
    }
  }

  @Test("FLOW-21: origins snap to the pixel grid, half up, only when a scale is set")
  func rounding() {
    let (cv, layout) = makeFlow(width: 101, height: 600, counts: [2]) {
      $0.itemSize = Size(width: 50, height: 50)
      $0.minimumLineSpacing = 10.25
    }
    #expect(frame(layout, 0, 0).minX == 25.5)
    #expect(frame(layout, 0, 1).minY == 60.25)
    cv.displayScale = 1
    cv.layoutIfNeeded()
    #expect(frame(layout, 0, 0) == Rect(x: 26, y: 0, width: 50, height: 50))
    #expect(frame(layout, 0, 1).minY == 60)
    cv.displayScale = 2
    cv.layoutIfNeeded()
    #expect(frame(layout, 0, 1).minY == 60.5)
    // Queries stay exact around snapped frames.
    let hits = layout.layoutAttributesForElements(in: Rect(x: 0, y: 110.5, width: 101, height: 1))
    #expect(hits.map(\.indexPath.item) == [1])
  }

  @Test("FLOW-23: unmeasured items take the estimate; automaticSize stands for itemSize")
  func estimates() {
    let (cv, layout) = makeFlow(width: 375, height: 600, counts: [4]) {
      $0.itemSize = Size(width: 100, height: 100)
      $0.estimatedItemSize = Size(width: 170, height: 60)
    }
    #expect(frame(layout, 0, 0) == Rect(x: 0, y: 0, width: 170, height: 60))
    #expect(frame(layout, 0, 1).minX == 205)  // justified pair
    #expect(frame(layout, 0, 3).minX == 180)  // last line left (per-item path)
    layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
    cv.layoutIfNeeded()
    #expect(frame(layout, 0, 0).size == Size(width: 100, height: 100))
  }

  @Test("Setters invalidate only when the value changes")
  func setters() {
    let (cv, layout) = makeFlow(width: 375, height: 600, counts: [4]) { _ in }
    cv.removeAllEvents()
    layout.minimumLineSpacing = 10
    #expect(cv.events.isEmpty)
    layout.minimumLineSpacing = 20
    #expect(cv.events.map(\.callName) == ["invalidateLayout(with:)"])
  }

  @Test("Sections on the scroll axis: empty sections, and a query spanning several")
  func sections() {
    let (cv, layout) = makeFlow(width: 200, height: 300, counts: [1, 0, 3, 0]) {
      $0.itemSize = Size(width: 200, height: 40)
      $0.headerReferenceSize = Size(width: 0, height: 10)
      $0.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 2, right: 0)
    }
    // 10+1+40+2 = 53; 10+1+2 = 13; 10+1+3·40+2·10+2 = 153; 13 → 232
    #expect(cv.contentSize.height == 232)
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 200, height: 232))
    #expect(all.count == 4 + 4)
    #expect(
      all.map(\.key.description) == [
        "header [0, 0]", "cell [0, 0]", "header [1, 0]", "header [2, 0]", "cell [2, 0]",
        "cell [2, 1]", "cell [2, 2]", "header [3, 0]",
      ])
  }
}
