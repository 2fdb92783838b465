/// How the layout placed one item, step by step (COMP-1…COMP-15): the containers each
/// fraction was taken of, where the section's and groups' insets and the edge spacing went,
/// the group the item is in and where it starts. Made on request from the layout's own
/// decisions — the section's group is solved again by the same solver, keeping what it
/// decided for each leaf (`GroupPlacement`) — for tools that explain a layout.
public struct CompositionalResolution {
  /// COMP-3: the collection view's bounds less its adjusted content inset (`contentSize`),
  /// and the insets its content-insets reference adds across the axis (`contentInsets`).
  public let layoutContainer: CollectionLayoutContainer
  public let contentInsetsReference: ContentInsetsReference
  public let bounds: Rect
  public let adjustedContentInset: EdgeInsets
  public let section: Int
  public let sectionInsets: DirectionalEdgeInsets
  /// What the group's fractions were taken of (`CompositionalSection.container`).
  public let sectionContainer: Size
  public let orthogonal: Bool
  public let orthogonalOffset: Point
  /// The group's dimensions as declared, and as resolved (an estimated one as large as its
  /// content, COMP-1).
  public let groupDimensions: CollectionLayoutSize
  public let groupSize: Size
  /// The group holding the item: its number, its first item, the number of items it holds.
  public let group: Int
  public let firstItem: Int
  public let itemsInGroup: Int
  /// Where the first group starts, the stride from one group to the next along their axis,
  /// how far the measured groups before this one moved it, and where it starts (drawn).
  public let groupsOrigin: Point
  public let groupStride: Double
  public let shift: Double
  public let groupOrigin: Point
  /// From the section's group down to the item.
  public let placements: [GroupPlacement]
  /// The item's frame: the group's origin plus its frame in the group (before a
  /// visible-items handler or a transform).
  public let frame: Rect
}

extension CollectionViewCompositionalLayout {
  /// How item `indexPath` was placed; nil when the layout holds no such item (or it is in
  /// a custom group's empty answer).
  public func resolution(ofItemAt indexPath: IndexPath) -> CompositionalResolution? {
    guard let cv = collectionView, sections.indices.contains(indexPath.section) else {
      return nil
    }
    let section = sections[indexPath.section]
    guard section.stamp.leafCount > 0, indexPath.item >= 0, indexPath.item < section.itemCount,
      let descriptor = sectionProvider(indexPath.section, section.environment)
    else { return nil }
    let (g, leaf, entry) = section.locate(item: indexPath.item)
    let first = indexPath.item - leaf
    let scale = cv.displayScale > 0 && cv.displayScale.isFinite ? cv.displayScale : 0
    var solver = GroupSolver(scale: scale, maximumLeaves: maximumItemsPerGroup)
    solver.recordsPlacements = true
    if entry != nil {
      let sizes = measuredSizes
      let s = indexPath.section
      solver.measured = { sizes[IndexPath(item: first + $0, section: s)] }
    }
    let stamp = solver.solve(
      descriptor.group,
      size: descriptor.group.layoutSize.resolved(in: section.container, scale: scale))
    guard stamp.placements.indices.contains(leaf) else { return nil }
    let placements = stamp.placements[leaf]
    let origin = groupOrigin(g, of: section)
    // Each placement is in its own group's coordinates: the outer boxes move the inner.
    var inGroup = placements.last?.frame ?? .null
    for outer in placements.dropLast() {
      inGroup = inGroup.offsetBy(dx: outer.box.minX, dy: outer.box.minY)
    }
    return CompositionalResolution(
      layoutContainer: layoutContainer(cv, reference: descriptor.contentInsetsReference),
      contentInsetsReference: descriptor.contentInsetsReference == .automatic
        ? ownConfiguration.contentInsetsReference : descriptor.contentInsetsReference,
      bounds: cv.bounds, adjustedContentInset: cv.adjustedContentInset,
      section: indexPath.section, sectionInsets: descriptor.contentInsets,
      sectionContainer: section.container, orthogonal: section.isOrthogonal,
      orthogonalOffset: section.orthogonalOffset,
      groupDimensions: descriptor.group.layoutSize, groupSize: stamp.size, group: g,
      firstItem: first, itemsInGroup: min(stamp.leafCount, section.itemCount - first),
      groupsOrigin: section.groupsOrigin, groupStride: section.groupStride,
      shift: section.measured.shift(ofGroup: g, section.measured.last(atOrBefore: g)),
      groupOrigin: origin, placements: placements,
      frame: inGroup.offsetBy(dx: origin.x, dy: origin.y))
  }
}
