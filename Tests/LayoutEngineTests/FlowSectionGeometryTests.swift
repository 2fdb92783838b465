import Testing

@testable import LayoutEngine

/// `geometry(ofSection:)`'s insets and spacings are the ones the pass applied (FLOW-3,
/// FLOW-13/14): the playground outlines them when the pointer is over an item.
@Suite struct FlowSectionGeometryTests {
  private func laidOut(
    _ direction: CollectionViewFlowLayout.ScrollDirection, counts: [Int]
  ) -> CollectionViewFlowLayout {
    makeFlow(width: 390, height: 400, counts: counts) {
      $0.scrollDirection = direction
      $0.itemSize = Size(width: 50, height: 40)
      $0.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
      $0.minimumLineSpacing = 7
      $0.minimumInteritemSpacing = 3
      $0.headerReferenceSize = Size(width: 25, height: 25)
      $0.footerReferenceSize = Size(width: 15, height: 15)
    }.1
  }

  @Test("FLOW-13/14: the section's insets are read back from where its lines start and end")
  func insetsVertical() throws {
    let layout = laidOut(.vertical, counts: [7, 0])
    let g = try #require(layout.geometry(ofSection: 0))
    #expect(g.insets == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    #expect(g.lineSpacing == 7)
    #expect(g.interitemSpacing == 3)
    // The items' area and the insets around it make the section between header and footer.
    let header = try #require(g.header)
    let footer = try #require(g.footer)
    #expect(g.items.minY - g.insets.top == header.maxY)
    #expect(g.items.maxY + g.insets.bottom == footer.minY)
    // An empty section keeps its insets: the footer is top + bottom below the header.
    let empty = try #require(layout.geometry(ofSection: 1))
    #expect(empty.insets == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    #expect(empty.items.height == 0)
  }

  @Test("FLOW-13/14, horizontal: the scroll axis's insets are left and right")
  func insetsHorizontal() throws {
    let g = try #require(laidOut(.horizontal, counts: [12]).geometry(ofSection: 0))
    #expect(g.insets == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
    #expect(g.items.minX - g.insets.left == g.header?.maxX)
    #expect(g.items.maxX + g.insets.right == g.footer?.minX)
  }
}
