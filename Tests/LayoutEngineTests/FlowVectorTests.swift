import LayoutEngine
import Testing

/// Test vectors TV-01…TV-14 of ../shared/reference/uikit-semantics.md (section 12). Unless a
/// vector says otherwise: vertical flow, no insets, offset zero, displayScale 2.
@Suite("Flow layout vectors (FLOW)")
struct FlowVectorTests {
  func grid(
    width: Double = 375, height: Double = 667, count: Int,
    _ configure: (CollectionViewFlowLayout) -> Void
  ) -> (CollectionView, CollectionViewFlowLayout) {
    let (cv, layout) = makeFlow(width: width, height: height, counts: [count], configure: configure)
    cv.displayScale = 2
    cv.layoutIfNeeded()
    return (cv, layout)
  }

  @Test("TV-01: a 3-column grid, justified, last row keeps the columns (FLOW-5/6/9/13/15)")
  func tv01() {
    let (cv, layout) = grid(count: 7) { $0.itemSize = Size(width: 100, height: 100) }
    let expected: [(Double, Double)] = [
      (0, 0), (137.5, 0), (275, 0), (0, 110), (137.5, 110), (275, 110), (0, 220),
    ]
    for (i, (x, y)) in expected.enumerated() { expectFrame(frame(layout, 0, i), x, y, 100, 100) }
    #expect(cv.contentSize == Size(width: 375, height: 320))
  }

  @Test("TV-02: other spacings, same columns (FLOW-3/6/9)")
  func tv02() {
    let (cv, layout) = grid(count: 8) {
      $0.itemSize = Size(width: 100, height: 100)
      $0.minimumLineSpacing = 20
      $0.minimumInteritemSpacing = 5
    }
    expectFrame(frame(layout, 0, 1), 137.5, 0, 100, 100)
    expectFrame(frame(layout, 0, 5), 275, 120, 100, 100)
    expectFrame(frame(layout, 0, 6), 0, 240, 100, 100)
    expectFrame(frame(layout, 0, 7), 137.5, 240, 100, 100)
    #expect(cv.contentSize == Size(width: 375, height: 340))
  }

  @Test("TV-03: a lone short row keeps the grid columns (FLOW-9)")
  func tv03() {
    let (cv, layout) = grid(count: 2) { $0.itemSize = Size(width: 100, height: 100) }
    expectFrame(frame(layout, 0, 0), 0, 0, 100, 100)
    expectFrame(frame(layout, 0, 1), 137.5, 0, 100, 100)
    #expect(cv.contentSize == Size(width: 375, height: 100))
  }

  @Test("TV-04: one item per line is centred (FLOW-7/9)")
  func tv04() {
    let (cv, layout) = grid(count: 3) { $0.itemSize = Size(width: 200, height: 60) }
    for i in 0..<3 { expectFrame(frame(layout, 0, i), 87.5, Double(i) * 70, 200, 60) }
    #expect(cv.contentSize == Size(width: 375, height: 200))
  }

  @Test("TV-05: delegate sizes — justified, centred alone, last line left (FLOW-5/6/7/8/10)")
  func tv05() {
    let table = SizeTable([
      Size(width: 200, height: 50), Size(width: 150, height: 80), Size(width: 300, height: 40),
      Size(width: 100, height: 100),
    ])
    let (cv, layout) = grid(count: 4) { _ in }
    cv.delegate = table
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    expectFrame(frame(layout, 0, 0), 0, 15, 200, 50)
    expectFrame(frame(layout, 0, 1), 225, 0, 150, 80)
    expectFrame(frame(layout, 0, 2), 37.5, 90, 300, 40)
    expectFrame(frame(layout, 0, 3), 0, 140, 100, 100)
    #expect(cv.contentSize == Size(width: 375, height: 240))
  }

  @Test("TV-06: equal delegate sizes take the per-item path (OPEN-3)")
  func tv06() {
    let table = SizeTable(Array(repeating: Size(width: 120, height: 50), count: 4))
    let (cv, layout) = grid(count: 4) { _ in }
    cv.delegate = table
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    expectFrame(frame(layout, 0, 0), 0, 0, 120, 50)
    expectFrame(frame(layout, 0, 1), 255, 0, 120, 50)
    expectFrame(frame(layout, 0, 2), 0, 60, 120, 50)
    expectFrame(frame(layout, 0, 3), 130, 60, 120, 50)
    #expect(cv.contentSize == Size(width: 375, height: 110))
  }

  func tv07Layout() -> (CollectionView, CollectionViewFlowLayout) {
    let (cv, layout) = makeFlow(width: 320, height: 600, counts: [5, 0]) {
      $0.itemSize = Size(width: 90, height: 90)
      $0.sectionInset = EdgeInsets(all: 10)
      $0.headerReferenceSize = Size(width: 0, height: 44)
      $0.footerReferenceSize = Size(width: 999, height: 30)
    }
    cv.displayScale = 2
    cv.layoutIfNeeded()
    return (cv, layout)
  }

  @Test("TV-07: insets, headers, footers and an empty section (FLOW-13/14/15)")
  func tv07() {
    let (cv, layout) = tv07Layout()
    let header = ElementKind.sectionHeader
    let footer = ElementKind.sectionFooter
    func supplementary(_ kind: String, _ s: Int) -> Rect {
      layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s))?
        .frame ?? .null
    }
    expectFrame(supplementary(header, 0), 0, 0, 320, 44)
    let expected: [(Double, Double)] = [(10, 54), (115, 54), (220, 54), (10, 154), (115, 154)]
    for (i, (x, y)) in expected.enumerated() { expectFrame(frame(layout, 0, i), x, y, 90, 90) }
    expectFrame(supplementary(footer, 0), 0, 254, 320, 30)
    expectFrame(supplementary(header, 1), 0, 284, 320, 44)
    expectFrame(supplementary(footer, 1), 0, 348, 320, 30)
    #expect(cv.contentSize == Size(width: 320, height: 378))
  }

  @Test("TV-08: horizontal flow — columns of items, transposed (FLOW-2/3/6/9)")
  func tv08() {
    let (cv, layout) = makeFlow(width: 320, height: 200, counts: [5]) {
      $0.scrollDirection = .horizontal
      $0.itemSize = Size(width: 80, height: 80)
      $0.minimumLineSpacing = 20
      $0.minimumInteritemSpacing = 5
    }
    let expected: [(Double, Double)] = [(0, 0), (0, 120), (100, 0), (100, 120), (200, 0)]
    for (i, (x, y)) in expected.enumerated() { expectFrame(frame(layout, 0, i), x, y, 80, 80) }
    #expect(cv.contentSize == Size(width: 280, height: 200))
  }

  @Test("TV-09: horizontal, one item per column is centred (FLOW-7/9)")
  func tv09() {
    let (cv, layout) = makeFlow(width: 320, height: 200, counts: [3]) {
      $0.scrollDirection = .horizontal
      $0.itemSize = Size(width: 100, height: 150)
    }
    for i in 0..<3 { expectFrame(frame(layout, 0, i), Double(i) * 110, 25, 100, 150) }
    #expect(cv.contentSize == Size(width: 320, height: 200))
  }

  @Test("TV-10: a header spans the cross axis, not the section inset (FLOW-14)")
  func tv10() {
    let (_, layout) = makeFlow(width: 375, height: 667, counts: [3]) {
      $0.sectionInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
      $0.headerReferenceSize = Size(width: 100, height: 40)
    }
    let header = layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))
    expectFrame(header?.frame ?? .null, 0, 0, 375, 40)
  }

  @Test("TV-11: a zero-height header is no header at all (FLOW-14)")
  func tv11() {
    let (_, layout) = makeFlow(width: 375, height: 667, counts: [3]) {
      $0.sectionInset = EdgeInsets(top: 12, left: 0, bottom: 0, right: 0)
      $0.headerReferenceSize = Size(width: 375, height: 0)
    }
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 667))
    #expect(all.allSatisfy { $0.representedElementCategory == .cell })
    #expect(frame(layout, 0, 0).minY == 12)
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0)) == nil)
  }

  @Test("TV-12: headers and footers carry zIndex 10, cells 0 (FLOW-18)")
  func tv12() {
    let (_, layout) = tv07Layout()
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400))
    #expect(all.count == 5 + 4)
    for a in all {
      #expect(a.zIndex == (a.representedElementCategory == .cell ? 0 : 10))
    }
  }

  @Test("TV-13: an oversized item logs FLOW-20's warning and sits alone at x 0 (OPEN-4)")
  func tv13() {
    let (cv, layout) = makeFlow(width: 320, height: 600, counts: [2]) {
      $0.itemSize = Size(width: 400, height: 50)
    }
    expectFrame(frame(layout, 0, 0), 0, 0, 400, 50)
    expectFrame(frame(layout, 0, 1), 0, 60, 400, 50)
    let logs = cv.events.compactMap { event -> String? in
      if case .log(let message) = event { return message }
      return nil
    }
    #expect(logs.count == 1)
    #expect(
      logs.first?.hasPrefix(
        "the behavior of the UICollectionViewFlowLayout is not defined because:\n"
          + "the item width must be less than the width of the UICollectionView minus the "
          + "section insets left and right values, minus the content insets left and right "
          + "values.") == true)
  }

  @Test("TV-14: a zero item size raises FLOW-19's exception and lays out nothing")
  func tv14() {
    let (cv, layout) = makeFlow(width: 320, height: 600, counts: [3]) {
      $0.itemSize = Size(width: 0, height: 50)
    }
    #expect(cv.exceptions.count == 1)
    #expect(cv.exceptions.first?.name == "NSInternalInconsistencyException")
    #expect(
      cv.exceptions.first?.reason
        == "negative or zero item sizes are not supported in the flow layout")
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(cv.visibleElements.isEmpty)
  }
}
