import GridlineTestSupport
import LayoutEngine
import Testing

/// `CollectionViewFlowLayout.resolution(ofItemAt:)`: which line an item is on and why,
/// as the layout decided it (FLOW-5…FLOW-10), from its own scan.
@Suite("Flow resolution (FLOW-5, FLOW-6, FLOW-8, FLOW-9, FLOW-10)")
struct FlowResolutionTests {
  /// A flow layout whose sizes come from a delegate (the line-by-line path).
  private func varied(
    width: Double, _ sizes: [Size], spacing: Double = 10,
    configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) -> (CollectionViewFlowLayout, SizeTable, CollectionView) {
    let table = SizeTable(sizes)
    let layout = CollectionViewFlowLayout()
    layout.minimumInteritemSpacing = spacing
    configure(layout)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: width, height: 800), collectionViewLayout: layout,
      itemCounts: [sizes.count])
    cv.delegate = table
    cv.layoutIfNeeded()
    return (layout, table, cv)
  }

  @Test("FLOW-5: (390 − 2) / 3 wraps the third item, by an exact comparison")
  func thirdWraps() throws {
    let w = (390.0 - 2) / 3
    let (layout, table, cv) = varied(
      width: 390, Array(repeating: Size(width: w, height: 100), count: 6), spacing: 1)
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 2, section: 0)))
    #expect(r.line == 1)
    #expect(r.lineFirstItem == 2)
    #expect(r.position == 0)
    // The line before had A − w − (1 + w) left, and item 2 needed 1 + w: less, by 3e-14.
    let previous = try #require(r.previous)
    #expect(previous.count == 2)
    #expect(previous.leftover == 390 - w - (1 + w))
    #expect(previous.leftover < 1 + w)
    #expect(previous.next == w)
    #expect(r.frame == layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame)
    withExtendedLifetime((cv, table)) {}  // the layout's collection view is weak
  }

  @Test("FLOW-6: a justified line shares its leftover between its gaps")
  func justified() throws {
    let sizes = [
      Size(width: 100, height: 50), Size(width: 80, height: 70), Size(width: 60, height: 40),
      Size(width: 300, height: 30),
    ]
    let (layout, table, cv) = varied(width: 375, sizes)
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 1, section: 0)))
    // 100 + 80 + 60 + 2 × 10 = 260 of 375: 115 left; each gap 10 + 115 / 2.
    #expect(r.placed.count == 3)
    #expect(r.placed.leftover == 115)
    #expect(r.placed.gap == 10 + 57.5)
    #expect(r.placed.start == 0)
    #expect(r.alignment == .justify)
    #expect(!r.lastLine)
    // FLOW-10: the line is as thick as its thickest item, each item centred in it.
    #expect(r.placed.thickness == 70)
    #expect(r.across == 0.5)
    #expect(r.frame.minX == 100 + 67.5)
    withExtendedLifetime((cv, table)) {}
  }

  @Test("FLOW-8: the last line of a section with its own sizes is left-aligned")
  func lastLine() throws {
    let sizes = [
      Size(width: 200, height: 50), Size(width: 200, height: 50), Size(width: 50, height: 50),
    ]
    let (layout, table, cv) = varied(width: 375, sizes)
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 2, section: 0)))
    #expect(r.lastLine)
    #expect(r.placed.next == nil)
    #expect(r.alignment == .left)
    #expect(!r.gridColumns)
    // Items 1 and 2 from the left edge, 10 apart: 0 and 200 + 10.
    #expect(r.placed.start == 0)
    #expect(r.placed.gap == 10)
    #expect(r.frame.minX == 210)
    withExtendedLifetime((cv, table)) {}
  }

  @Test("FLOW-9: a uniform section's line and column, with its grid's capacity")
  func uniform() throws {
    let (cv, layout) = makeFlow(width: 375, height: 667, counts: [10]) {
      $0.itemSize = Size(width: 100, height: 100)
    }
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 7, section: 0)))
    #expect(r.uniform)
    #expect(r.gridColumns)
    #expect(r.perLine == 3)
    #expect(r.line == 2)
    #expect(r.lineFirstItem == 6)
    // TV-01: 55 points left over, two gaps of 10 + 27.5.
    #expect(r.placed.gap == 37.5)
    #expect(r.placed.lineStart == 220)
    #expect(r.frame == Rect(x: 137.5, y: 220, width: 100, height: 100))
    withExtendedLifetime(cv) {}
  }

  @Test("every item: its line's start plus the items and gaps before it is its frame's origin")
  func everyItem() throws {
    var g = SeededGenerator(seed: 7)
    for vertical in [true, false] {
      let sizes = (0..<120).map { _ in
        Size(
          width: Double(Int.random(in: 10...160, using: &g)),
          height: Double(Int.random(in: 10...90, using: &g)))
      }
      let (layout, table, cv) = varied(width: 375, sizes) {
        $0.scrollDirection = vertical ? .vertical : .horizontal
        $0.sectionInset = EdgeInsets(top: 5, left: 7, bottom: 3, right: 11)
      }
      var lines = Set<Int>()
      for item in 0..<sizes.count {
        let path = IndexPath(item: item, section: 0)
        let r = try #require(layout.resolution(ofItemAt: path))
        let stored = try #require(layout.layoutAttributesForItem(at: path)?.frame)
        #expect(r.frame == stored)
        var x = r.placed.start
        for k in 0..<r.position { x += r.crossExtents[k] + r.placed.gap }
        let (along, across) = vertical ? (stored.minX, stored.minY) : (stored.minY, stored.minX)
        #expect(along == x, "item \(item)")
        let h = r.mainExtents[r.position]
        #expect(across == r.placed.lineStart + (r.placed.thickness - h) * r.across, "item \(item)")
        lines.insert(r.line)
      }
      #expect(lines.count >= 8)  // many lines, not one
      withExtendedLifetime((cv, table)) {}
    }
  }
}

@Suite("Flow resolution of a short uniform section (FLOW-9)")
struct FlowResolutionShortGridTests {
  @Test("a section shorter than a line still names the grid's capacity, not its count")
  func shortSection() throws {
    let (cv, layout) = makeFlow(width: 375, height: 667, counts: [2]) {
      $0.itemSize = Size(width: 100, height: 100)
    }
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 1, section: 0)))
    #expect(r.perLine == 3)
    #expect(r.placed.count == 2)
    #expect(r.gridColumns)
    // The grid's columns, as a full line's (TV-01): item 1 at 100 + 37.5.
    #expect(r.frame.minX == 137.5)
    withExtendedLifetime(cv) {}
  }
}
