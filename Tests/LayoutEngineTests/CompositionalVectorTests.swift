import LayoutEngine
import Testing

/// A compositional layout in a collection view of `width` × `height` with the given item
/// counts, laid out.
func makeCompositional(
  width: Double = 375, height: Double = 667, counts: [Int],
  configuration: CollectionViewCompositionalLayoutConfiguration = .init(),
  section: CollectionLayoutSection
) -> (CollectionView, CollectionViewCompositionalLayout) {
  let layout = CollectionViewCompositionalLayout(section: section, configuration: configuration)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout,
    itemCounts: counts)
  cv.layoutIfNeeded()
  return (cv, layout)
}

func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize {
  CollectionLayoutSize(widthDimension: w, heightDimension: h)
}

/// Test vectors TV-33…TV-35 of ../shared/reference/uikit-semantics.md, computed from the
/// rules they cite.
@Suite("Compositional layout vectors (COMP)")
struct CompositionalVectorTests {
  @Test("TV-33: a count group divides the section container equally (COMP-3/5/8)")
  func tv33() {
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)), subitem: item, count: 2)
    group.interItemSpacing = .fixed(10)
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
    section.interGroupSpacing = 8
    let (cv, layout) = makeCompositional(counts: [4], section: section)
    // Container 375 − 20 = 355; each item (355 − 10) / 2 = 172.5.
    expectFrame(frame(layout, 0, 0), 10, 0, 172.5, 100)
    expectFrame(frame(layout, 0, 1), 192.5, 0, 172.5, 100)
    expectFrame(frame(layout, 0, 2), 10, 108, 172.5, 100)
    expectFrame(frame(layout, 0, 3), 192.5, 108, 172.5, 100)
    #expect(cv.contentSize == Size(width: 375, height: 208))
  }

  @Test("TV-34: item contentInsets shrink the frame after placement (COMP-1/4/6)")
  func tv34() {
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
    item.contentInsets = DirectionalEdgeInsets(all: 5)
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    let (_, layout) = makeCompositional(counts: [4], section: CollectionLayoutSection(group: group))
    expectFrame(frame(layout, 0, 0), 5, 5, 177.5, 90)
    expectFrame(frame(layout, 0, 1), 192.5, 5, 177.5, 90)
    expectFrame(frame(layout, 0, 2), 5, 105, 177.5, 90)
    expectFrame(frame(layout, 0, 3), 192.5, 105, 177.5, 90)
  }

  @Test("TV-35: a badge anchored at top trailing with a fractional offset (COMP-13)")
  func tv35() {
    let badge = CollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
      containerAnchor: CollectionLayoutAnchor(
        edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
    let item = CollectionLayoutItem(
      layoutSize: size(.absolute(100), .absolute(100)), supplementaryItems: [badge])
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.absolute(100), .absolute(100)), subitems: [item])
    let (_, layout) = makeCompositional(counts: [1], section: CollectionLayoutSection(group: group))
    let a = layout.layoutAttributesForSupplementaryView(
      ofKind: "badge", at: IndexPath(item: 0, section: 0))
    expectFrame(a?.frame ?? .null, 90, -10, 20, 20)
    #expect(a?.zIndex == 1)
  }
}
