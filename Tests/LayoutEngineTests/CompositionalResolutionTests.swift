import LayoutEngine
import Testing

/// `resolution(ofItemAt:)`: the chain COMP-3 describes, as the layout decided it.
@Suite("Compositional resolution (COMP-1, COMP-3, COMP-4, COMP-8)")
struct CompositionalResolutionTests {
  private func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension)
    -> CollectionLayoutSize
  { CollectionLayoutSize(widthDimension: w, heightDimension: h) }

  @Test("lesson 15's grid: the section's room, the group, the item in it, the insets")
  func grid() throws {
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    let section = CollectionLayoutSection(group: group)
    section.interGroupSpacing = 10
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 15, bottom: 0, trailing: 15)
    let layout = CollectionViewCompositionalLayout(section: section)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout,
      itemCounts: [10])
    cv.layoutIfNeeded()
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 5, section: 0)))
    // COMP-3: 390 wide, less 15 + 15 of section insets: 360 for the group's fraction.
    #expect(r.layoutContainer.effectiveContentSize == Size(width: 390, height: 844))
    #expect(r.sectionContainer == Size(width: 360, height: 844))
    #expect(r.groupSize == Size(width: 360, height: 100))
    // COMP-8: item 5 is in the second group (items 4…7), one group and a gap down.
    #expect(r.group == 1 && r.firstItem == 4 && r.itemsInGroup == 4)
    #expect(r.groupOrigin == Point(x: 15, y: 110))
    // COMP-6: the second subitem, 0.25 of 360 = 90 wide, after the first; COMP-4: its
    // insets take 2 from every side.
    let placed = try #require(r.placements.last)
    #expect(r.placements.count == 1)
    #expect(placed.index == 1)
    #expect(placed.content == Rect(x: 0, y: 0, width: 360, height: 100))
    #expect(placed.resolved == Size(width: 90, height: 100))
    #expect(placed.box == Rect(x: 90, y: 0, width: 90, height: 100))
    #expect(placed.frame == Rect(x: 92, y: 2, width: 86, height: 96))
    #expect(r.frame == Rect(x: 107, y: 112, width: 86, height: 96))
    #expect(r.frame == layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame)
  }

  @Test("a nested group: one placement for each group the item is in")
  func nested() throws {
    let small = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let pair = CollectionLayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitem: small, count: 2)
    let large = CollectionLayoutItem(
      layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, pair])
    let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout,
      itemCounts: [6])
    cv.layoutIfNeeded()
    let r = try #require(layout.resolution(ofItemAt: IndexPath(item: 2, section: 0)))
    // Item 2 is the pair's second: the outer group placed the pair at x 260, the pair put
    // its second item 100 down.
    #expect(r.placements.count == 2)
    #expect(r.placements[0].box == Rect(x: 260, y: 0, width: 130, height: 200))
    #expect(r.placements[1].index == 1)
    #expect(r.placements[1].box == Rect(x: 0, y: 100, width: 130, height: 100))
    #expect(r.frame == Rect(x: 260, y: 100, width: 130, height: 100))
  }
}
