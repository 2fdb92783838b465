import LayoutEngine
import Testing

/// A leaf item of the given size.
private func leaf(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension)
  -> CollectionLayoutItem
{
  CollectionLayoutItem(layoutSize: size(w, h))
}

/// A section of full-width rows `height` high, one item per row.
private func rows(height: Double) -> CollectionLayoutSection {
  let group = CollectionLayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(height)),
    subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
  return CollectionLayoutSection(group: group)
}

/// A compositional layout over a section provider, laid out.
private func makeProvided(
  width: Double = 375, height: Double = 667, counts: [Int],
  configuration: CollectionViewCompositionalLayoutConfiguration = .init(),
  safeArea: EdgeInsets = .zero,
  provider: @escaping CollectionViewCompositionalLayout.SectionProvider
) -> (CollectionView, CollectionViewCompositionalLayout) {
  let layout = CollectionViewCompositionalLayout(
    sectionProvider: provider, configuration: configuration)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout,
    itemCounts: counts)
  cv.safeAreaInsets = safeArea
  cv.layoutIfNeeded()
  return (cv, layout)
}

/// Every element the layout answers for `rect`, by key.
private func elements(_ layout: CollectionViewLayout, in rect: Rect) -> [ElementKey:
  LayoutAttributes]
{
  var found: [ElementKey: LayoutAttributes] = [:]
  for a in layout.layoutAttributesForElements(in: rect) { found[a.key] = a }
  return found
}

private func supplementary(_ layout: CollectionViewLayout, _ kind: String, _ s: Int, _ i: Int)
  -> LayoutAttributes?
{
  layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: i, section: s))
}

private func header(height: Double, pinned: Bool = false)
  -> CollectionLayoutBoundarySupplementaryItem
{
  let h = CollectionLayoutBoundarySupplementaryItem(
    layoutSize: size(.fractionalWidth(1), .absolute(height)),
    elementKind: ElementKind.sectionHeader, alignment: .top)
  h.pinToVisibleBounds = pinned
  return h
}

private func footer(height: Double) -> CollectionLayoutBoundarySupplementaryItem {
  CollectionLayoutBoundarySupplementaryItem(
    layoutSize: size(.fractionalWidth(1), .absolute(height)),
    elementKind: ElementKind.sectionFooter, alignment: .bottom)
}

private let everywhere = Rect(x: -100_000, y: -100_000, width: 1_000_000, height: 1_000_000)

/// One test (at least) per rule of uikit-semantics.md §9, COMP-1…COMP-15. Every expected
/// number is worked out by hand from the rule in the comment above it.
@Suite("Compositional layout rules (COMP)")
struct CompositionalRuleTests {
  // MARK: COMP-1 dimensions

  @Test("COMP-1: absolute is points, fractionalWidth a fraction of the group's width")
  func absoluteAndFractional() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [leaf(.fractionalWidth(0.25), .absolute(40))])
    let (cv, layout) = makeCompositional(
      width: 400, counts: [6], section: CollectionLayoutSection(group: group))
    // Group 400 × 50; items 0.25 × 400 = 100 wide, 40 high. 100, 200, 300, 400 fit (≤ 400),
    // a fifth would end at 500: four per group, the second group at y 50.
    expectFrame(frame(layout, 0, 0), 0, 0, 100, 40)
    expectFrame(frame(layout, 0, 3), 300, 0, 100, 40)
    expectFrame(frame(layout, 0, 4), 0, 50, 100, 40)
    expectFrame(frame(layout, 0, 5), 100, 50, 100, 40)
    #expect(cv.contentSize == Size(width: 400, height: 100))
  }

  @Test("COMP-1: a group's fractionalHeight in a vertical layout is of the collection view height")
  func groupFractionalHeight() {
    let item = leaf(.fractionalWidth(1), .fractionalHeight(1))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.25)), subitems: [item])
    let (cv, layout) = makeCompositional(
      width: 375, height: 800, counts: [3], section: CollectionLayoutSection(group: group))
    // 0.25 × 800 = 200: groups at y 0, 200, 400; content 600 high.
    expectFrame(frame(layout, 0, 0), 0, 0, 375, 200)
    expectFrame(frame(layout, 0, 2), 0, 400, 375, 200)
    #expect(cv.contentSize == Size(width: 375, height: 600))

    // COMP-3: the section container is the layout's less the section insets, on both axes:
    // 800 − 50 − 50 = 700, 0.25 × 700 = 175; the groups start below the top inset.
    let inset = CollectionLayoutSection(group: group)
    inset.contentInsets = DirectionalEdgeInsets(top: 50, leading: 0, bottom: 50, trailing: 0)
    let (_, insetLayout) = makeCompositional(
      width: 375, height: 800, counts: [2], section: inset)
    expectFrame(frame(insetLayout, 0, 0), 0, 50, 375, 175)
    expectFrame(frame(insetLayout, 0, 1), 0, 225, 375, 175)
  }

  @Test("COMP-1: square items: fractionalWidth on both axes")
  func squareItems() {
    let item = leaf(.fractionalWidth(0.5), .fractionalWidth(0.5))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.5)), subitems: [item])
    let (cv, layout) = makeCompositional(
      width: 400, counts: [3], section: CollectionLayoutSection(group: group))
    // Group 400 × (0.5 × 400) = 400 × 200; items 0.5 × 400 = 200 on both axes.
    expectFrame(frame(layout, 0, 0), 0, 0, 200, 200)
    expectFrame(frame(layout, 0, 1), 200, 0, 200, 200)
    expectFrame(frame(layout, 0, 2), 0, 200, 200, 200)
    #expect(cv.contentSize == Size(width: 400, height: 400))
  }

  @Test("COMP-1: estimated(v) is v as the first guess")
  func estimatedFirstGuess() {
    let item = leaf(.fractionalWidth(1), .estimated(44))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(44)), subitems: [item])
    let (cv, layout) = makeCompositional(
      counts: [2], section: CollectionLayoutSection(group: group))
    // Rows 44 high until cells report a size.
    expectFrame(frame(layout, 0, 0), 0, 0, 375, 44)
    expectFrame(frame(layout, 0, 1), 0, 44, 375, 44)
    #expect(cv.contentSize.height == 88)
  }

  @Test("COMP-1: NestedGroups (Apple sample) at 390 × 844")
  func nestedGroups() {
    let leading = leaf(.fractionalWidth(0.7), .fractionalHeight(1))
    leading.contentInsets = DirectionalEdgeInsets(all: 10)
    let trailingItem = leaf(.fractionalWidth(1), .fractionalHeight(0.3))
    trailingItem.contentInsets = DirectionalEdgeInsets(all: 10)
    let trailing = CollectionLayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)), subitem: trailingItem,
      count: 2)
    let nested = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.4)),
      subitems: [leading, trailing])
    let (cv, layout) = makeCompositional(
      width: 390, height: 844, counts: [6], section: CollectionLayoutSection(group: nested))
    // Outer group 390 × 0.4 × 844 = 390 × 337.6. Leading box 0.7 × 390 = 273 wide, full
    // height; inset 10 → (10, 10, 253, 317.6). Trailing group at x 273, 0.3 × 390 = 117
    // wide; count 2 → each 337.6 / 2 = 168.8 high (the item's own 0.3 is ignored,
    // COMP-15c), 117 wide; inset 10 → (283, 10, 97, 148.8) and (283, 178.8, 97, 148.8).
    expectFrame(frame(layout, 0, 0), 10, 10, 253, 317.6)
    expectFrame(frame(layout, 0, 1), 283, 10, 97, 148.8)
    expectFrame(frame(layout, 0, 2), 283, 178.8, 97, 148.8)
    // The second group 337.6 lower.
    expectFrame(frame(layout, 0, 3), 10, 347.6, 253, 317.6)
    expectFrame(frame(layout, 0, 4), 283, 347.6, 97, 148.8)
    expectFrame(frame(layout, 0, 5), 283, 516.4, 97, 148.8)
    #expect(abs(cv.contentSize.height - 675.2) < 1e-9)
  }

  // MARK: COMP-2 containers

  @Test("COMP-2: effectiveContentSize is contentSize less the insets; insets are points (OPEN-6)")
  func containerArithmetic() {
    let c = CollectionLayoutContainer(
      contentSize: Size(width: 375, height: 667),
      contentInsets: DirectionalEdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40))
    // 375 − 20 − 40 = 315; 667 − 10 − 30 = 627.
    #expect(c.effectiveContentSize == Size(width: 315, height: 627))
    #expect(c.effectiveContentInsets == c.contentInsets)

    // OPEN-6 (engine choice): a section inset below 1 is 0.5 points, not half the width:
    // the item is 375 − 1 = 374 wide at x 0.5.
    let section = rows(height: 50)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0.5, bottom: 0, trailing: 0.5)
    let (_, layout) = makeCompositional(counts: [1], section: section)
    expectFrame(frame(layout, 0, 0), 0.5, 0, 374, 50)
  }

  @Test("COMP-2/3: the environment's container is the bounds with the safe area as insets")
  func environmentContainer() {
    var seen: [CollectionLayoutContainer] = []
    let (_, layout) = makeProvided(
      counts: [1],
      safeArea: EdgeInsets(top: 0, left: 20, bottom: 0, right: 10)
    ) { _, environment in
      seen.append(environment.container)
      return rows(height: 50)
    }
    // Vertical scrolling: left and right safe-area insets are not in the adjusted content
    // inset, so the `.safeArea` reference (the configuration default) insets the container:
    // contentSize 375 × 667, leading 20, trailing 10 → effective width 345.
    let last = seen.last
    #expect(last?.contentSize == Size(width: 375, height: 667))
    #expect(last?.contentInsets.leading == 20)
    #expect(last?.contentInsets.trailing == 10)
    #expect(last?.effectiveContentSize.width == 345)
    expectFrame(frame(layout, 0, 0), 20, 0, 345, 50)
  }

  // MARK: COMP-3 resolution chain

  @Test("COMP-3: layout container → section insets → group → group insets → item")
  func resolutionChain() {
    let item = leaf(.fractionalWidth(0.5), .fractionalHeight(1))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.5), .absolute(50)), subitems: [item])
    group.contentInsets = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
    let (_, layout) = makeCompositional(width: 400, counts: [3], section: section)
    // Section container 400 − 40 = 360; group 0.5 × 360 = 180 × 50 at x 20; its content
    // 160 × 40 at (10, 5); items 0.5 × 160 = 80 wide, 40 high: x 30 and 110.
    expectFrame(frame(layout, 0, 0), 30, 5, 80, 40)
    expectFrame(frame(layout, 0, 1), 110, 5, 80, 40)
    // Two per group; the next group 50 lower.
    expectFrame(frame(layout, 0, 2), 30, 55, 80, 40)
  }

  @Test("COMP-3: contentInsetsReference: safe area (default), none, layout margins")
  func contentInsetsReference() {
    let references: [ContentInsetsReference] = [.automatic, .none, .layoutMargins]
    let (_, layout) = makeProvided(
      counts: [1, 1, 1],
      safeArea: EdgeInsets(top: 0, left: 30, bottom: 0, right: 0)
    ) { index, _ in
      let section = rows(height: 50)
      section.contentInsetsReference = references[index]
      return section
    }
    // .automatic follows the configuration's .safeArea: x 30, 375 − 30 = 345 wide.
    expectFrame(frame(layout, 0, 0), 30, 0, 345, 50)
    // .none: the whole width.
    expectFrame(frame(layout, 1, 0), 0, 50, 375, 50)
    // .layoutMargins: margins 8 measured from the safe area: left 38, right 8 → 329 wide.
    expectFrame(frame(layout, 2, 0), 38, 100, 329, 50)
  }

  // MARK: COMP-4 contentInsets and edgeSpacing

  @Test("COMP-4: edgeSpacing moves neighbours; contentInsets apply after it")
  func edgeSpacingThenInsets() {
    let item = leaf(.absolute(100), .absolute(50))
    item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .fixed(10))
    item.contentInsets = DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 0)
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.absolute(400), .absolute(50)), subitems: [item])
    let (_, layout) = makeCompositional(
      width: 400, counts: [4], section: CollectionLayoutSection(group: group))
    // Boxes at 10…110, 120…220, 230…330; the fourth would end at 440 > 400. The inset 5
    // then shrinks each: x 15, 125, 235, width 95.
    expectFrame(frame(layout, 0, 0), 15, 0, 95, 50)
    expectFrame(frame(layout, 0, 1), 125, 0, 95, 50)
    expectFrame(frame(layout, 0, 2), 235, 0, 95, 50)
    expectFrame(frame(layout, 0, 3), 15, 50, 95, 50)
  }

  @Test("COMP-4: across the axis, bottom .flexible(0) top-aligns, both flexible centre")
  func flexibleEdgesAcross() {
    let top = leaf(.absolute(100), .absolute(40))
    top.edgeSpacing = CollectionLayoutEdgeSpacing(bottom: .flexible(0))
    let centred = leaf(.absolute(100), .absolute(40))
    centred.edgeSpacing = CollectionLayoutEdgeSpacing(top: .flexible(0), bottom: .flexible(0))
    let bottom = leaf(.absolute(100), .absolute(40))
    bottom.edgeSpacing = CollectionLayoutEdgeSpacing(top: .flexible(0))
    let fixed = leaf(.absolute(100), .absolute(40))
    fixed.edgeSpacing = CollectionLayoutEdgeSpacing(top: .fixed(10))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.absolute(400), .absolute(100)), subitems: [top, centred, bottom, fixed])
    let (_, layout) = makeCompositional(
      width: 400, counts: [4], section: CollectionLayoutSection(group: group))
    // 100 − 40 = 60 left over across: bottom flexible takes it all below (y 0); both
    // flexible share it (y 30); top flexible takes it above (y 60); fixed top is 10.
    expectFrame(frame(layout, 0, 0), 0, 0, 100, 40)
    expectFrame(frame(layout, 0, 1), 100, 30, 100, 40)
    expectFrame(frame(layout, 0, 2), 200, 60, 100, 40)
    expectFrame(frame(layout, 0, 3), 300, 10, 100, 40)
  }

  @Test("COMP-4/6: flexible leading and trailing edges share the space left along the axis")
  func flexibleEdgesAlong() {
    let item = leaf(.absolute(120), .absolute(50))
    item.edgeSpacing = CollectionLayoutEdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.absolute(400), .absolute(50)), subitems: [item])
    let (_, layout) = makeCompositional(
      width: 400, counts: [3], section: CollectionLayoutSection(group: group))
    // 120, 240, 360 fit; 480 does not. 40 left over, six flexible edges: 20/3 each. Item k
    // moves by (2k + 1) × 20/3: x 20/3, 120 + 20 = 140, 240 + 100/3.
    expectFrame(frame(layout, 0, 0), 20.0 / 3, 0, 120, 50)
    expectFrame(frame(layout, 0, 1), 140, 0, 120, 50)
    expectFrame(frame(layout, 0, 2), 240 + 100.0 / 3, 0, 120, 50)
  }

  // MARK: COMP-5 count groups

  @Test("COMP-5: a count group divides equally and ignores the item's own width")
  func countGroupIgnoresItemWidth() {
    let item = leaf(.absolute(999), .fractionalHeight(1))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(60)), subitem: item, count: 3)
    group.interItemSpacing = .fixed(15)
    let (_, layout) = makeCompositional(
      counts: [4], section: CollectionLayoutSection(group: group))
    // (375 − 2 × 15) / 3 = 115: x 0, 130, 260; the fourth item starts the next group.
    expectFrame(frame(layout, 0, 0), 0, 0, 115, 60)
    expectFrame(frame(layout, 0, 1), 130, 0, 115, 60)
    expectFrame(frame(layout, 0, 2), 260, 0, 115, 60)
    expectFrame(frame(layout, 0, 3), 0, 60, 115, 60)
  }

  @Test("COMP-5: a vertical count group stacks equal items")
  func verticalCountGroup() {
    let item = leaf(.fractionalWidth(1), .absolute(1))
    let group = CollectionLayoutGroup.vertical(
      layoutSize: size(.fractionalWidth(0.5), .absolute(210)), subitem: item, count: 2)
    group.interItemSpacing = .fixed(10)
    let (_, layout) = makeCompositional(
      width: 400, counts: [2], section: CollectionLayoutSection(group: group))
    // Group 200 × 210; (210 − 10) / 2 = 100 each: y 0 and 110, 200 wide.
    expectFrame(frame(layout, 0, 0), 0, 0, 200, 100)
    expectFrame(frame(layout, 0, 1), 0, 110, 200, 100)
  }

  // MARK: COMP-6 repeating groups

  @Test("COMP-6: fixed interItemSpacing is exact, flexible shares what is left between gaps")
  func interItemSpacing() {
    func layout(_ spacing: CollectionLayoutSpacing) -> CollectionViewCompositionalLayout {
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(100)),
        subitems: [leaf(.absolute(100), .absolute(100))])
      group.interItemSpacing = spacing
      return makeCompositional(counts: [4], section: CollectionLayoutSection(group: group)).1
    }
    // 100, 210, 320 fit in 375; 430 does not: three per group.
    let fixed = layout(.fixed(10))
    expectFrame(frame(fixed, 0, 0), 0, 0, 100, 100)
    expectFrame(frame(fixed, 0, 1), 110, 0, 100, 100)
    expectFrame(frame(fixed, 0, 2), 220, 0, 100, 100)
    expectFrame(frame(fixed, 0, 3), 0, 100, 100, 100)
    // Flexible(10): 375 − 320 = 55 over two gaps, 27.5 each → gaps 37.5: x 0, 137.5, 275
    // (TV-01's columns).
    let flexible = layout(.flexible(10))
    expectFrame(frame(flexible, 0, 0), 0, 0, 100, 100)
    expectFrame(frame(flexible, 0, 1), 137.5, 0, 100, 100)
    expectFrame(frame(flexible, 0, 2), 275, 0, 100, 100)
  }

  // MARK: COMP-7 custom groups

  @Test("COMP-7: a custom group's frames are relative to the group; its container is the group")
  func customGroup() {
    var seen: [Size] = []
    let group = CollectionLayoutGroup.custom(
      layoutSize: size(.fractionalWidth(1), .absolute(100))
    ) { environment in
      let s = environment.container.contentSize
      seen.append(s)
      let w = s.width / 3
      return [
        CollectionLayoutGroupCustomItem(frame: Rect(x: 0, y: 0, width: 2 * w, height: s.height)),
        CollectionLayoutGroupCustomItem(frame: Rect(x: 2 * w, y: 0, width: w, height: 50)),
        CollectionLayoutGroupCustomItem(
          frame: Rect(x: 2 * w, y: 50, width: w, height: 50), zIndex: 2),
      ]
    }
    let (_, layout) = makeCompositional(
      counts: [5], section: CollectionLayoutSection(group: group))
    // The provider sees the group: 375 × 100; w = 125.
    #expect(seen.last == Size(width: 375, height: 100))
    expectFrame(frame(layout, 0, 0), 0, 0, 250, 100)
    expectFrame(frame(layout, 0, 1), 250, 0, 125, 50)
    expectFrame(frame(layout, 0, 2), 250, 50, 125, 50)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.zIndex == 2)
    // Three items a group; the second group (items 3, 4) 100 lower, same positions.
    expectFrame(frame(layout, 0, 3), 0, 100, 250, 100)
    expectFrame(frame(layout, 0, 4), 250, 100, 125, 50)
  }

  @Test("COMP-7: a custom group nests inside a horizontal group")
  func nestedCustomGroup() {
    let custom = CollectionLayoutGroup.custom(
      layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1))
    ) { environment in
      let s = environment.container.contentSize
      return [
        CollectionLayoutGroupCustomItem(
          frame: Rect(x: 0, y: 0, width: s.width / 2, height: s.height)),
        CollectionLayoutGroupCustomItem(
          frame: Rect(x: s.width / 2, y: 0, width: s.width / 2, height: s.height)),
      ]
    }
    let outer = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [custom, leaf(.fractionalWidth(0.5), .fractionalHeight(1))])
    let (_, layout) = makeCompositional(
      counts: [3], section: CollectionLayoutSection(group: outer))
    // Custom group 187.5 × 100 at x 0 with two halves 93.75 wide; then the leaf at 187.5.
    expectFrame(frame(layout, 0, 0), 0, 0, 93.75, 100)
    expectFrame(frame(layout, 0, 1), 93.75, 0, 93.75, 100)
    expectFrame(frame(layout, 0, 2), 187.5, 0, 187.5, 100)
  }

  @Test("COMP-7: a custom group whose provider returns no frames places no item")
  func emptyCustomGroup() {
    let group = CollectionLayoutGroup.custom(
      layoutSize: size(.fractionalWidth(1), .absolute(100))
    ) { _ in [] }
    let (cv, layout) = makeCompositional(
      counts: [3], section: CollectionLayoutSection(group: group))
    // No frame, no group that holds an item: nothing to answer, and no content.
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(layout.layoutAttributesForElements(in: everywhere).isEmpty)
    #expect(cv.contentSize.height == 0)
  }

  // MARK: COMP-8 sections and configuration

  @Test("COMP-8: groups repeat with interGroupSpacing; sections with interSectionSpacing")
  func sectionsAndSpacing() {
    let section = rows(height: 50)
    section.interGroupSpacing = 5
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    configuration.interSectionSpacing = 20
    let (cv, layout) = makeCompositional(
      counts: [3, 3], configuration: configuration, section: section)
    // Section 0: 10 + 50 + 5 + 50 + 5 + 50 + 10 = 180; items y 10, 65, 120.
    expectFrame(frame(layout, 0, 0), 0, 10, 375, 50)
    expectFrame(frame(layout, 0, 1), 0, 65, 375, 50)
    expectFrame(frame(layout, 0, 2), 0, 120, 375, 50)
    // Section 1 starts 20 after 180: items 210, 265, 320; content ends at 380.
    expectFrame(frame(layout, 1, 0), 0, 210, 375, 50)
    expectFrame(frame(layout, 1, 2), 0, 320, 375, 50)
    #expect(cv.contentSize == Size(width: 375, height: 380))

    // A changed copy does nothing until it is assigned; assigning invalidates.
    let copy = layout.configuration
    copy.interSectionSpacing = 0
    cv.layoutIfNeeded()
    expectFrame(frame(layout, 1, 0), 0, 210, 375, 50)
    layout.configuration = copy
    cv.layoutIfNeeded()
    // Section 1 now starts at 180: its first item at 190; content 360.
    expectFrame(frame(layout, 1, 0), 0, 190, 375, 50)
    #expect(cv.contentSize == Size(width: 375, height: 360))
  }

  @Test("COMP-8: horizontal scrolling lays groups left to right")
  func horizontalScrolling() {
    let group = CollectionLayoutGroup.vertical(
      layoutSize: size(.absolute(100), .fractionalHeight(1)),
      subitems: [leaf(.fractionalWidth(1), .fractionalHeight(0.5))])
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = .horizontal
    let (cv, layout) = makeCompositional(
      width: 375, height: 200, counts: [4], configuration: configuration,
      section: CollectionLayoutSection(group: group))
    // Groups 100 × 200 stacking two 100 × 100 items, one group after the other along x.
    expectFrame(frame(layout, 0, 0), 0, 0, 100, 100)
    expectFrame(frame(layout, 0, 1), 0, 100, 100, 100)
    expectFrame(frame(layout, 0, 2), 100, 0, 100, 100)
    expectFrame(frame(layout, 0, 3), 100, 100, 100, 100)
    #expect(cv.contentSize == Size(width: 200, height: 200))
  }

  @Test("COMP-8: the section provider sees the environment and adapts to the width")
  func sectionProviderAdapts() {
    var seen: [(Double, UserInterfaceSizeClass)] = []
    let (cv, layout) = makeProvided(counts: [8]) { _, environment in
      let width = environment.container.effectiveContentSize.width
      seen.append((width, environment.horizontalSizeClass))
      let columns = width >= 600 ? 4.0 : 2.0
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .absolute(50)),
        subitems: [leaf(.fractionalWidth(1 / columns), .fractionalHeight(1))])
      return CollectionLayoutSection(group: group)
    }
    // 375: compact, two columns of 187.5.
    #expect(seen.last?.0 == 375)
    #expect(seen.last?.1 == .compact)
    expectFrame(frame(layout, 0, 1), 187.5, 0, 187.5, 50)
    expectFrame(frame(layout, 0, 2), 0, 50, 187.5, 50)
    // 700: regular, four columns of 175.
    cv.frame = Rect(x: 0, y: 0, width: 700, height: 667)
    #expect(seen.last?.0 == 700)
    #expect(seen.last?.1 == .regular)
    expectFrame(frame(layout, 0, 3), 525, 0, 175, 50)
    expectFrame(frame(layout, 0, 4), 0, 50, 175, 50)
  }

  // MARK: COMP-9 orthogonal sections

  @Test("COMP-9: orthogonal behaviours' raw values are 0…5 in header order")
  func orthogonalRawValues() {
    let all: [CollectionLayoutSectionOrthogonalScrollingBehavior] = [
      .none, .continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging,
      .groupPagingCentered,
    ]
    #expect(all.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
  }

  @Test("COMP-9: an orthogonal section lays its groups across, in its own scroller")
  func orthogonalSection() {
    var offsets: [Point] = []
    let (cv, layout) = makeProvided(counts: [5, 1]) { index, _ in
      guard index == 0 else { return rows(height: 50) }
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
        subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
      let section = CollectionLayoutSection(group: group)
      section.orthogonalScrollingBehavior = .continuous
      section.interGroupSpacing = 10
      section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
      section.visibleItemsInvalidationHandler = { _, offset, _ in offsets.append(offset) }
      return section
    }
    // Groups 0.8 × 375 = 300 wide (COMP-15d: of the full width), 310 apart, from x 20.
    expectFrame(frame(layout, 0, 0), 20, 10, 300, 100)
    expectFrame(frame(layout, 0, 1), 330, 10, 300, 100)
    expectFrame(frame(layout, 0, 4), 1260, 10, 300, 100)
    // Section height = group height + insets: 10 + 100 + 10 = 120; section 1 follows.
    expectFrame(frame(layout, 1, 0), 0, 120, 375, 50)
    #expect(cv.contentSize == Size(width: 375, height: 170))
    // Scroller content: 20 + 5 × 300 + 4 × 10 + 20 = 1580; viewport 375 → 0…1205.
    #expect(layout.orthogonalScrollRange(forSection: 0) == 0...1205)
    #expect(layout.orthogonalScrollRange(forSection: 1) == 0...0)
    #expect(layout.orthogonalPageExtent(forSection: 0) == nil)

    // Scrolled by 100: drawn frames move left by 100; only y is untouched.
    layout.setOrthogonalContentOffset(Point(x: 100, y: 40), forSection: 0)
    cv.layoutIfNeeded()
    #expect(layout.orthogonalContentOffset(forSection: 0) == Point(x: 100, y: 0))
    expectFrame(frame(layout, 0, 0), -80, 10, 300, 100)
    expectFrame(frame(layout, 0, 1), 230, 10, 300, 100)
    // In the bounds (0…375): groups at −80…220 and 230…530; the third starts at 540.
    let shown = elements(layout, in: cv.bounds)
    #expect(shown[.cell(IndexPath(item: 0, section: 0))] != nil)
    #expect(shown[.cell(IndexPath(item: 1, section: 0))] != nil)
    #expect(shown[.cell(IndexPath(item: 2, section: 0))] == nil)
    // COMP-14: the handler is told the embedded scroller's offset.
    #expect(offsets.last == Point(x: 100, y: 0))
    // The drawn cells are where the layout says.
    let drawn = cv.visibleElements.first { $0.key == .cell(IndexPath(item: 1, section: 0)) }
    expectFrame(drawn?.frame ?? .null, 230, 10, 300, 100)
  }

  @Test("COMP-9: groupPagingCentered insets each side by half of what one group leaves")
  func groupPagingCentered() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
      subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPagingCentered
    section.interGroupSpacing = 10
    let (_, layout) = makeCompositional(counts: [3], section: section)
    // Group 300; sides (375 − 300) / 2 = 37.5: groups at 37.5, 347.5, 657.5.
    expectFrame(frame(layout, 0, 0), 37.5, 0, 300, 100)
    expectFrame(frame(layout, 0, 1), 347.5, 0, 300, 100)
    expectFrame(frame(layout, 0, 2), 657.5, 0, 300, 100)
    // A page is one group and its spacing: 310. Content 37.5 × 2 + 900 + 20 = 995 → 0…620.
    #expect(layout.orthogonalPageExtent(forSection: 0) == 310)
    #expect(layout.orthogonalScrollRange(forSection: 0) == 0...620)
    // Paging to the second group centres it: offset 310 puts it at 37.5.
    layout.setOrthogonalContentOffset(Point(x: 310, y: 0), forSection: 0)
    expectFrame(frame(layout, 0, 1), 37.5, 0, 300, 100)
  }

  @Test("COMP-9: .paging pages the collection view's width")
  func pagingExtent() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .paging
    let (_, layout) = makeCompositional(counts: [3], section: section)
    #expect(layout.orthogonalPageExtent(forSection: 0) == 375)
    // Three full-width groups side by side.
    expectFrame(frame(layout, 0, 2), 750, 0, 375, 100)
    #expect(layout.orthogonalScrollRange(forSection: 0) == 0...750)
  }

  // MARK: COMP-10 / COMP-11 boundary items

  @Test("COMP-10: boundary item defaults")
  func boundaryDefaults() {
    let h = header(height: 40)
    #expect(h.extendsBoundary)
    #expect(!h.pinToVisibleBounds)
    #expect(h.zIndex == 1)
    #expect(
      CollectionLayoutSection(group: rows(height: 1).group).supplementariesFollowContentInsets)
    let badge = CollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(1), .absolute(1)), elementKind: "b",
      containerAnchor: CollectionLayoutAnchor(edges: .top))
    #expect(badge.zIndex == 1)
    #expect(CollectionLayoutDecorationItem.background(elementKind: "bg").zIndex == 0)
  }

  @Test(
    "COMP-10/11: header, insets.top, groups, insets.bottom, footer; supplementaries follow insets",
    arguments: [true, false])
  func headerAndFooter(follow: Bool) {
    let section = rows(height: 100)
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 30)
    section.boundarySupplementaryItems = [header(height: 40), footer(height: 30)]
    section.supplementariesFollowContentInsets = follow
    let (cv, layout) = makeCompositional(counts: [3], section: section)
    // Header 0…40; groups from 40 + 10 = 50, three of 100 (items 20…345 across); then
    // insets.bottom 10 → 360; footer 360…390.
    expectFrame(frame(layout, 0, 0), 20, 50, 325, 100)
    expectFrame(frame(layout, 0, 2), 20, 250, 325, 100)
    let h = supplementary(layout, ElementKind.sectionHeader, 0, 0)
    let f = supplementary(layout, ElementKind.sectionFooter, 0, 0)
    if follow {
      // Following the insets: x 20, 375 − 50 = 325 wide.
      expectFrame(h?.frame ?? .null, 20, 0, 325, 40)
      expectFrame(f?.frame ?? .null, 20, 360, 325, 30)
    } else {
      expectFrame(h?.frame ?? .null, 0, 0, 375, 40)
      expectFrame(f?.frame ?? .null, 0, 360, 375, 30)
    }
    #expect(h?.zIndex == 1)
    #expect(cv.contentSize.height == 390)
    let all = elements(layout, in: everywhere)
    #expect(all.count == 5)
  }

  @Test("COMP-10: a boundary item that does not extend the boundary overlaps the content")
  func nonExtendingBoundary() {
    let section = rows(height: 100)
    section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
    let h = header(height: 40)
    h.extendsBoundary = false
    let f = footer(height: 30)
    f.extendsBoundary = false
    section.boundarySupplementaryItems = [h, f]
    let (cv, layout) = makeCompositional(counts: [2], section: section)
    // Groups from 10; the section ends at 10 + 200 + 10 = 220; the footer sits on its
    // bottom edge: 190…220; the header at 0.
    expectFrame(frame(layout, 0, 0), 0, 10, 375, 100)
    expectFrame(
      supplementary(layout, ElementKind.sectionHeader, 0, 0)?.frame ?? .null, 0, 0, 375, 40)
    expectFrame(
      supplementary(layout, ElementKind.sectionFooter, 0, 0)?.frame ?? .null, 0, 190, 375, 30)
    #expect(cv.contentSize.height == 220)
  }

  @Test("COMP-10: alignment corners and an absolute offset")
  func boundaryAlignments() {
    let section = rows(height: 100)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 30)
    let trailingHeader = CollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(.absolute(100), .absolute(40)), elementKind: "corner",
      alignment: .topTrailing, absoluteOffset: Point(x: -5, y: 3))
    section.boundarySupplementaryItems = [trailingHeader]
    let (_, layout) = makeCompositional(counts: [1], section: section)
    // Host across 20…345 (insets followed); top-trailing: x 345 − 100 = 245, y 0; offset
    // (−5, 3) → (240, 3). It extends the top: the item starts at 40.
    expectFrame(supplementary(layout, "corner", 0, 0)?.frame ?? .null, 240, 3, 100, 40)
    expectFrame(frame(layout, 0, 0), 20, 40, 325, 100)
  }

  @Test("COMP-10: a pinned header stays at the top while its section is on screen")
  func pinnedHeader() {
    let section = rows(height: 100)
    section.boundarySupplementaryItems = [header(height: 50, pinned: true)]
    let (cv, layout) = makeCompositional(counts: [10, 10], section: section)
    // Section 0: header 0…50, items 50…1050. Section 1: header 1050…1100, items to 2100.
    func headerY(_ s: Int) -> Double? {
      supplementary(layout, ElementKind.sectionHeader, s, 0)?.frame.minY
    }
    func shownHeaderY(_ s: Int) -> Double? {
      elements(layout, in: cv.bounds)[
        ElementKey(
          category: .supplementaryView, kind: ElementKind.sectionHeader,
          indexPath: IndexPath(item: 0, section: s))]?.frame.minY
    }
    #expect(headerY(0) == 0)
    #expect(headerY(1) == 1050)
    // Offset 200: at the top of the visible area.
    cv.setContentOffset(Point(x: 0, y: 200))
    #expect(headerY(0) == 200)
    #expect(shownHeaderY(0) == 200)
    // Offset 1020: stopped by the section's end, 1050 − 50 = 1000; section 1's at 1050.
    cv.setContentOffset(Point(x: 0, y: 1020))
    #expect(headerY(0) == 1000)
    #expect(shownHeaderY(0) == 1000)
    #expect(shownHeaderY(1) == 1050)
    // Offset 1500: section 1's header pinned at 1500; section 0's off screen at 1000.
    cv.setContentOffset(Point(x: 0, y: 1500))
    #expect(headerY(1) == 1500)
    #expect(shownHeaderY(1) == 1500)
    #expect(shownHeaderY(0) == nil)
    // Pulled down (offset −80): it moves with the content, never below its place.
    cv.setContentOffset(Point(x: 0, y: -80))
    #expect(headerY(0) == 0)
  }

  @Test("COMP-8/10: the configuration's boundary items surround all sections")
  func configurationBoundaryItems() {
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    configuration.interSectionSpacing = 10
    configuration.boundarySupplementaryItems = [
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(60)), elementKind: "top", alignment: .top),
      CollectionLayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(40)), elementKind: "bottom",
        alignment: .bottom),
    ]
    let (cv, layout) = makeCompositional(
      counts: [2, 2], configuration: configuration, section: rows(height: 100))
    // Header 0…60; section 0 items 60, 160 (ends 260); +10 → section 1 items 270, 370
    // (ends 470); footer 470…510.
    expectFrame(supplementary(layout, "top", 0, 0)?.frame ?? .null, 0, 0, 375, 60)
    expectFrame(frame(layout, 0, 0), 0, 60, 375, 100)
    expectFrame(frame(layout, 0, 1), 0, 160, 375, 100)
    expectFrame(frame(layout, 1, 0), 0, 270, 375, 100)
    expectFrame(frame(layout, 1, 1), 0, 370, 375, 100)
    expectFrame(supplementary(layout, "bottom", 0, 0)?.frame ?? .null, 0, 470, 375, 40)
    #expect(cv.contentSize.height == 510)
    #expect(elements(layout, in: everywhere).count == 6)
  }

  // MARK: COMP-12 decorations

  @Test("COMP-12: a background covers the section; its cells are promoted to zIndex 1")
  func backgroundDecoration() {
    let (cv, layout) = makeProvided(counts: [3, 1]) { index, _ in
      let section = rows(height: 100)
      guard index == 0 else { return section }
      section.contentInsets = DirectionalEdgeInsets(all: 10)
      section.boundarySupplementaryItems = [header(height: 40)]
      let background = CollectionLayoutDecorationItem.background(elementKind: "bg")
      background.contentInsets = DirectionalEdgeInsets(all: 5)
      section.decorationItems = [background]
      return section
    }
    // Section 0 spans 0…(40 + 10 + 300 + 10) = 360 across the full 375 (OPEN-6: header
    // included); inset 5 → (5, 5, 365, 350).
    let bg = layout.layoutAttributesForDecorationView(
      ofKind: "bg", at: IndexPath(item: 0, section: 0))
    expectFrame(bg?.frame ?? .null, 5, 5, 365, 350)
    #expect(bg?.zIndex == 0)
    #expect(layout.registeredDecorationKinds.contains("bg"))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.zIndex == 1)
    #expect(supplementary(layout, ElementKind.sectionHeader, 0, 0)?.zIndex == 1)
    // Section 1 has no background: its cell stays at 0.
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.zIndex == 0)
    #expect(
      layout.layoutAttributesForDecorationView(ofKind: "bg", at: IndexPath(item: 0, section: 1))
        == nil)
    // It is answered by rect queries, and drawn.
    #expect(
      elements(layout, in: Rect(x: 0, y: 0, width: 10, height: 10))[
        ElementKey(category: .decorationView, kind: "bg", indexPath: IndexPath(item: 0, section: 0))
      ]
        != nil)
    #expect(cv.visibleElements.contains { $0.representedElementCategory == .decorationView })
  }

  // MARK: COMP-13 anchored supplementaries

  @Test("COMP-13: badges: corners, absolute offsets, centre, item anchors, fractional sizes")
  func badges() {
    let corner = CollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(20)), elementKind: "corner",
      containerAnchor: CollectionLayoutAnchor(
        edges: [.bottom, .trailing], absoluteOffset: Point(x: -4, y: -4)))
    let centre = CollectionLayoutSupplementaryItem(
      layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(0.2)), elementKind: "centre",
      containerAnchor: CollectionLayoutAnchor(edges: []))
    let outside = CollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(20), .absolute(20)), elementKind: "outside",
      containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing]),
      itemAnchor: CollectionLayoutAnchor(edges: [.bottom, .leading]))
    let item = CollectionLayoutItem(
      layoutSize: size(.absolute(100), .absolute(100)),
      supplementaryItems: [corner, centre, outside])
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
    group.interItemSpacing = .fixed(10)
    let (cv, layout) = makeCompositional(
      counts: [2], section: CollectionLayoutSection(group: group))
    // Item 1 at (110, 0, 100, 100).
    // Corner: bottom-trailing unit point (1, 1): (210 − 20 − 4, 100 − 20 − 4) = (186, 76).
    expectFrame(supplementary(layout, "corner", 0, 1)?.frame ?? .null, 186, 76, 20, 20)
    // Centre: no edges is ½ on both axes; 0.2 × 100 = 20: (160 − 10, 50 − 10) = (150, 40).
    expectFrame(supplementary(layout, "centre", 0, 1)?.frame ?? .null, 150, 40, 20, 20)
    // The badge's bottom-leading point on the item's top-trailing one: (210, 0 − 20).
    expectFrame(supplementary(layout, "outside", 0, 1)?.frame ?? .null, 210, -20, 20, 20)
    #expect(supplementary(layout, "corner", 0, 1)?.indexPath == IndexPath(item: 1, section: 0))
    // Found by rect queries above the item's own top.
    // The collection view is kept alive: a layout without one answers no rect (LAY-5).
    let above = withExtendedLifetime(cv) {
      elements(layout, in: Rect(x: 0, y: -20, width: 375, height: 5))
    }
    #expect(above.count == 2)
  }

  @Test("COMP-13: a group's supplementary takes its first item's index path")
  func groupSupplementary() {
    let rule = CollectionLayoutSupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(2)), elementKind: "rule",
      containerAnchor: CollectionLayoutAnchor(edges: .bottom))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [leaf(.fractionalWidth(0.5), .fractionalHeight(1))], supplementaryItems: [rule])
    let (_, layout) = makeCompositional(
      counts: [3], section: CollectionLayoutSection(group: group))
    // Two items a group. `.bottom` alone is the unit point (½, 1) on the group and on the
    // rule: x 375 × ½ − 375 × ½ = 0, y 50 − 2 = 48.
    expectFrame(supplementary(layout, "rule", 0, 0)?.frame ?? .null, 0, 48, 375, 2)
    expectFrame(supplementary(layout, "rule", 0, 2)?.frame ?? .null, 0, 98, 375, 2)
    #expect(supplementary(layout, "rule", 0, 1) == nil)
  }

  // MARK: COMP-14 visible-items handler

  @Test("COMP-14: the visible-items handler's alpha and transform are what queries answer")
  func visibleItemsHandler() {
    var calls: [(count: Int, offset: Point)] = []
    let section = rows(height: 100)
    section.visibleItemsInvalidationHandler = { items, offset, _ in
      calls.append((items.count, offset))
      for item in items where item.representedElementCategory == .cell {
        item.alpha = 0.5
        item.transform3D = .scale(x: 0.9, y: 0.9)
      }
    }
    let (cv, layout) = makeCompositional(counts: [20], section: section)
    // Visible 0…667: items 0…6 (item 6 spans 600…700).
    #expect(calls.last?.count == 7)
    #expect(calls.last?.offset == .zero)
    let shown = elements(layout, in: cv.bounds)
    #expect(shown.count == 7)
    #expect(shown.values.allSatisfy { $0.alpha == 0.5 && $0.transform3D == .scale(x: 0.9, y: 0.9) })
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 8, section: 0))?.alpha == 1)
    // Scrolled to 500: items 4…11 are visible (item 4 touches the top edge, GEO-5); item 0
    // is back to its own attributes.
    cv.setContentOffset(Point(x: 0, y: 500))
    #expect(calls.last?.offset == Point(x: 0, y: 500))
    #expect(calls.last?.count == 8)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.alpha == 1)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 8, section: 0))?.alpha == 0.5)
    let drawn = cv.visibleElements.first { $0.key == .cell(IndexPath(item: 8, section: 0)) }
    #expect(drawn?.alpha == 0.5)
  }

  @Test(
    "COMP-14: an orthogonal section's handler gets its scroller's offset, and frames in its content"
  )
  func orthogonalHandler() {
    var seen: [IndexPath: Rect] = [:]
    var given = Point.zero
    let (cv, layout) = makeProvided(counts: [5]) { _, _ in
      let group = CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(0.8), .absolute(100)),
        subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
      let section = CollectionLayoutSection(group: group)
      section.orthogonalScrollingBehavior = .continuous
      section.interGroupSpacing = 10
      section.visibleItemsInvalidationHandler = { items, offset, _ in
        given = offset
        for item in items {
          seen[item.indexPath] = item.frame
          item.center = Point(x: item.center.x, y: item.center.y + 5)
        }
      }
      return section
    }
    layout.setOrthogonalContentOffset(Point(x: 100, y: 0), forSection: 0)
    cv.layoutIfNeeded()
    #expect(given == Point(x: 100, y: 0))
    // Groups 0.8 × 375 = 300 wide, 310 apart: group 1 stands at 310 in the scroller and is
    // drawn at 310 − 100 = 210; the handler sees 310 (frame.minX − offset.x is the screen).
    #expect(seen[IndexPath(item: 1, section: 0)] == Rect(x: 310, y: 0, width: 300, height: 100))
    // The centre the handler set comes back where the item is drawn, 5 points lower.
    let drawn = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
    #expect(drawn == Rect(x: 210, y: 5, width: 300, height: 100))
  }

  // MARK: COMP-15 corrections

  @Test("COMP-15a: five 0.2 items at 414 give five columns (fit tolerance); floored at 3x")
  func fiveColumns() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)),
      subitems: [leaf(.fractionalWidth(0.2), .fractionalHeight(1))])
    let (cv, layout) = makeCompositional(
      width: 414, counts: [10], section: CollectionLayoutSection(group: group))
    // 0.2 × 414 = 82.8; five of them sum to 414.00000000000006 in doubles, which still fits.
    for column in 0..<5 {
      expectFrame(frame(layout, 0, column), 82.8 * Double(column), 0, 82.8, 82.8)
    }
    expectFrame(frame(layout, 0, 5), 0, 82.8, 82.8, 82.8)
    // At 3x: floor(82.8 × 3) / 3 = 248 / 3 = 82.667; five columns still.
    cv.displayScale = 3
    cv.layoutIfNeeded()
    let w = 248.0 / 3
    expectFrame(frame(layout, 0, 4), 4 * w, 0, w, w)
    expectFrame(frame(layout, 0, 5), 0, w, w, w)
  }

  @Test("COMP-15a: absolute dimensions are not floored at a display scale")
  func absoluteNotFloored() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(10.1)),
      subitems: [leaf(.absolute(33.3), .absolute(10.1))])
    let (cv, layout) = makeCompositional(
      counts: [12], section: CollectionLayoutSection(group: group))
    cv.displayScale = 2
    cv.layoutIfNeeded()
    // 33.3 and 10.1 stay as they are at 2x. 11 × 33.3 = 366.3 fits in 375, 12 × 33.3 does
    // not: item 11 starts the second group, 10.1 lower.
    expectFrame(frame(layout, 0, 1), 33.3, 0, 33.3, 10.1)
    expectFrame(frame(layout, 0, 11), 0, 10.1, 33.3, 10.1)
  }

  @Test("COMP-15b: [0.5, 0.25, 0.5] of 400 drops the tail in every group")
  func repeatingPatternTail() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(50)),
      subitems: [
        leaf(.fractionalWidth(0.5), .fractionalHeight(1)),
        leaf(.fractionalWidth(0.25), .fractionalHeight(1)),
        leaf(.fractionalWidth(0.5), .fractionalHeight(1)),
      ])
    let (_, layout) = makeCompositional(
      width: 400, counts: [5], section: CollectionLayoutSection(group: group))
    // A (200) then B (100) end at 300; C would end at 500 > 400: two items a group.
    expectFrame(frame(layout, 0, 0), 0, 0, 200, 50)
    expectFrame(frame(layout, 0, 1), 200, 0, 100, 50)
    expectFrame(frame(layout, 0, 2), 0, 50, 200, 50)
    expectFrame(frame(layout, 0, 3), 200, 50, 100, 50)
    expectFrame(frame(layout, 0, 4), 0, 100, 200, 50)
  }

  @Test("COMP-15b: a partial last group keeps the full group's positions")
  func partialLastGroup() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitems: [leaf(.absolute(100), .absolute(100))])
    group.interItemSpacing = .flexible(10)
    let (_, layout) = makeCompositional(
      counts: [5], section: CollectionLayoutSection(group: group))
    // The full group: x 0, 137.5, 275 (COMP-6). The last group holds two items, which stay
    // at 0 and 137.5 rather than spreading over the width.
    expectFrame(frame(layout, 0, 3), 0, 100, 100, 100)
    expectFrame(frame(layout, 0, 4), 137.5, 100, 100, 100)
  }

  @Test("COMP-15c: a count group subtracts the group's contentInsets before dividing")
  func countGroupInsets() {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(100)),
      subitem: leaf(.fractionalWidth(1), .fractionalHeight(1)), count: 3)
    group.contentInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
    group.interItemSpacing = .fixed(5)
    let (_, layout) = makeCompositional(
      counts: [3], section: CollectionLayoutSection(group: group))
    // Content 375 − 20 = 355; (355 − 2 × 5) / 3 = 115: x 10, 130, 250.
    expectFrame(frame(layout, 0, 0), 10, 0, 115, 100)
    expectFrame(frame(layout, 0, 1), 130, 0, 115, 100)
    expectFrame(frame(layout, 0, 2), 250, 0, 115, 100)
  }

  @Test(
    "COMP-15d: an orthogonal section takes fractions of the full width, not less its insets",
    arguments: [true, false])
  func orthogonalFractionBase(orthogonal: Bool) {
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.5), .absolute(100)),
      subitems: [leaf(.fractionalWidth(1), .fractionalHeight(1))])
    let section = CollectionLayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
    if orthogonal { section.orthogonalScrollingBehavior = .continuous }
    let (_, layout) = makeCompositional(counts: [2], section: section)
    if orthogonal {
      // 0.5 × 375 = 187.5, side by side from 20.
      expectFrame(frame(layout, 0, 0), 20, 0, 187.5, 100)
      expectFrame(frame(layout, 0, 1), 207.5, 0, 187.5, 100)
    } else {
      // 0.5 × (375 − 40) = 167.5, one group a row.
      expectFrame(frame(layout, 0, 0), 20, 0, 167.5, 100)
      expectFrame(frame(layout, 0, 1), 20, 100, 167.5, 100)
    }
  }

  @Test("COMP-15e: item contentInsets are ignored on an estimated axis")
  func estimatedAxisIgnoresInsets() {
    let item = leaf(.fractionalWidth(0.5), .estimated(50))
    item.contentInsets = DirectionalEdgeInsets(all: 5)
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(50)), subitems: [item])
    let (_, layout) = makeCompositional(
      counts: [2], section: CollectionLayoutSection(group: group))
    // Width 187.5 inset 5 each side → 177.5 at x 5 (and 192.5); height 50, not inset.
    expectFrame(frame(layout, 0, 0), 5, 0, 177.5, 50)
    expectFrame(frame(layout, 0, 1), 192.5, 0, 177.5, 50)
  }
}
