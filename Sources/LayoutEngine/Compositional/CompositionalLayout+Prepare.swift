/// One section as `prepare()` laid it out: its span along the layout's axis, its group's
/// stamp and where the groups go, its boundary items and backgrounds.
public struct CompositionalSection {
  public var index: Int
  public var itemCount: Int
  /// The section's span along the scroll axis, boundary items included.
  public var start: Double
  public var end: Double
  /// The section's frame: its span, across the layout's effective width (the host of its
  /// boundary items and backgrounds).
  public var frame: Rect
  /// Where the first group's origin is (content coordinates, orthogonal offset excluded).
  public var groupsOrigin: Point
  /// The resolved group size.
  public var groupSize: Size
  /// What the group's fractions were taken of: the layout's container less the section's
  /// insets (across an orthogonal section, the whole width, COMP-15d).
  public internal(set) var container: Size = .zero
  /// From one group's origin to the next along the section's own axis.
  public var groupStride: Double
  public var behavior: CollectionLayoutSectionOrthogonalScrollingBehavior
  public var orthogonalOffset: Point = .zero
  /// Orthogonal sections: the scroller's content and viewport extents across the axis.
  public var orthogonalContentExtent: Double = 0
  public var orthogonalViewportExtent: Double = 0
  var stamp: GroupStamp
  var boundary: [BoundaryElement]
  var decorations: [DecorationElement]
  var cellZIndex: Int
  var hasHandler: Bool
  var handler: (([CollectionLayoutVisibleItem], Point, CollectionLayoutEnvironment) -> Void)?
  /// What the section provider was given for this section.
  public internal(set) var environment: CollectionLayoutEnvironment

  /// The groups that self-sized cells made other than the stamp (COMP-1).
  var measured = MeasuredGroups()

  public var isOrthogonal: Bool { behavior != .none }
  public var groupCount: Int {
    guard stamp.leafCount > 0 else { return 0 }
    if measured.isEmpty { return (itemCount + stamp.leafCount - 1) / stamp.leafCount }
    return measured.groupCount(items: itemCount)
  }
  /// How many items one full group holds (the stamp's; a self-sized group may hold more
  /// or fewer).
  public var itemsPerGroup: Int { stamp.leafCount }
  var groupCrossStride: Double { groupStride }
  var supplementaryCount: Int {
    let k = stamp.leafCount
    // Measured groups come from the same descriptors: without the stamp's supplementaries
    // they have none either (and this runs at every pass).
    guard k > 0, !stamp.supplementaries.isEmpty else { return 0 }
    // How many of a stamp's supplementaries a group holding `items` items shows.
    func shown(_ stamp: GroupStamp, items: Int) -> Int {
      stamp.supplementaries.reduce(0) { $0 + ($1.leaf < items ? 1 : 0) }
    }
    let groups = groupCount
    var n = 0
    var baseGroups = groups
    for e in 0..<measured.count {
      let items = min(measured.stamps[e].leafCount, itemCount - measured.firstItems[e])
      n += shown(measured.stamps[e], items: items)
      baseGroups -= 1
    }
    guard baseGroups > 0 else { return n }
    let last = groups - 1
    let lastEntry = measured.last(atOrBefore: last)
    if let e = lastEntry, measured.groups[e] == last {
      return n + baseGroups * stamp.supplementaries.count
    }
    let lastItems = itemCount - measured.firstItem(ofGroup: last, lastEntry)
    return n + (baseGroups - 1) * stamp.supplementaries.count + shown(stamp, items: lastItems)
  }
  var needsScrollUpdates: Bool {
    hasHandler || boundary.contains { $0.pinned }
  }
}

/// A boundary supplementary item placed (COMP-10).
struct BoundaryElement {
  var kind: String
  var frame: Rect
  var zIndex: Int
  var pinned: Bool
  var alignment: RectAlignment
}

/// A background decoration placed (COMP-12).
struct DecorationElement {
  var kind: String
  var frame: Rect
  var zIndex: Int
}

extension CollectionViewCompositionalLayout {
  /// The layout's container (COMP-3): the collection view's bounds less its adjusted
  /// content inset, with the reference insets across the axis that go beyond it.
  func layoutContainer(_ cv: CollectionView, reference: ContentInsetsReference)
    -> CollectionLayoutContainer
  {
    let adj = cv.adjustedContentInset
    let size = Size(
      width: max(0, cv.bounds.width - adj.left - adj.right),
      height: max(0, cv.bounds.height - adj.top - adj.bottom))
    let vertical = axes.vertical
    let r: EdgeInsets
    switch reference == .automatic ? ownConfiguration.contentInsetsReference : reference {
    case .automatic, .none: r = .zero
    case .safeArea: r = cv.safeAreaInsets
    case .layoutMargins: r = cv.effectiveLayoutMargins
    case .readableContent:
      // UIKit's readable width depends on the text size; the engine takes 672 points,
      // its value at the default size, centred within the layout margins.
      var m = cv.effectiveLayoutMargins
      let width = vertical ? cv.bounds.width : cv.bounds.height
      let spare = width - m.left - m.right - 672
      if spare > 0 {
        if vertical {
          m.left += spare / 2
          m.right += spare / 2
        } else {
          m.top += spare / 2
          m.bottom += spare / 2
        }
      }
      r = m
    }
    // Only the part of a reference inset beyond the adjusted content inset narrows the
    // container, and only across the scroll axis (the flow layout's FLOW-16 rule).
    let insets =
      vertical
      ? DirectionalEdgeInsets(
        top: 0, leading: max(0, r.left - adj.left), bottom: 0,
        trailing: max(0, r.right - adj.right))
      : DirectionalEdgeInsets(
        top: max(0, r.top - adj.top), leading: 0, bottom: max(0, r.bottom - adj.bottom),
        trailing: 0)
    return CollectionLayoutContainer(contentSize: size, contentInsets: insets)
  }

  func layOut() {
    // The last pass's sections are kept only when they hold measured groups to bring up to
    // date (a copy would make the array below allocate again on every scroll).
    var pass = MeasuredPass(
      previous: measuredGroupsValid && !measuredSizes.isEmpty ? sections : [],
      pending: pendingMeasured)
    pendingMeasured.removeAll()
    measuredGroupsValid = true
    sections.removeAll(keepingCapacity: true)
    layoutBoundary.removeAll()
    truncatedGroups.removeAll()
    leadOverhang = 0
    trailOverhang = 0
    handlerKey = nil
    handlerOverrides.removeAll()
    contentSize = .zero
    guard let cv = collectionView else { return }
    let scale = cv.displayScale > 0 && cv.displayScale.isFinite ? cv.displayScale : 0
    let layoutBox = layoutContainer(cv, reference: .automatic)
    let effective = layoutBox.effectiveContentSize
    let crossStart = axes.vertical ? layoutBox.contentInsets.leading : layoutBox.contentInsets.top
    // The layout's own top (leading) boundary items come first (COMP-8, COMP-10).
    let global = ownConfiguration.boundarySupplementaryItems
    var cursor = leadingExtent(of: global, in: effective, scale: scale, axes: axes)
    for s in 0..<cv.numberOfSections {
      if s > 0 { cursor += ownConfiguration.interSectionSpacing }
      let count = cv.numberOfItems(inSection: s)
      let environment = CollectionLayoutEnvironment(
        container: layoutContainer(cv, reference: .automatic))
      guard let descriptor = sectionProvider(s, environment) else {
        sections.append(emptySection(s, at: cursor, crossStart: crossStart, effective, axes))
        continue
      }
      let container = layoutContainer(cv, reference: descriptor.contentInsetsReference)
      var section = layOutSection(
        descriptor, index: s, count: count, start: cursor, container: container, scale: scale,
        axes: axes, pass: &pass)
      section.environment = environment
      let (low, high) = mainReach(of: section, axes: axes)
      leadOverhang = max(leadOverhang, section.start - low)
      trailOverhang = max(trailOverhang, high - section.end)
      sections.append(section)
      cursor = section.end
    }
    let contentEnd = cursor + trailingExtent(of: global, in: effective, scale: scale, axes: axes)
    let host = axes.rect(
      cross: crossStart, main: 0, crossExtent: axes.cross(effective), mainExtent: contentEnd)
    layoutBoundary = place(global, on: host, in: effective, scale: scale, axes: axes)
    let cross = max(axes.cross(layoutBox.contentSize), 0)
    contentSize =
      axes.vertical
      ? Size(width: cross, height: contentEnd) : Size(width: contentEnd, height: cross)
    // A scroller whose section no longer scrolls across is gone, with its finger.
    let scrolls = { (s: Int) in self.sections.indices.contains(s) && self.sections[s].isOrthogonal }
    for s in orthogonalOffsets.keys where !scrolls(s) { orthogonalOffsets[s] = nil }
    for s in orthogonalDragStarts.keys where !scrolls(s) { orthogonalDragStarts[s] = nil }
    recomputedAttributes += attributeCount ?? 0
  }

  private func emptySection(
    _ s: Int, at cursor: Double, crossStart: Double, _ effective: Size, _ axes: FlowAxes
  ) -> CompositionalSection {
    let frame = axes.rect(
      cross: crossStart, main: cursor, crossExtent: axes.cross(effective), mainExtent: 0)
    return CompositionalSection(
      index: s, itemCount: 0, start: cursor, end: cursor, frame: frame,
      groupsOrigin: frame.origin, groupSize: .zero, groupStride: 0, behavior: .none,
      stamp: GroupStamp(size: .zero), boundary: [], decorations: [], cellZIndex: 0,
      hasHandler: false,
      environment: CollectionLayoutEnvironment(
        container: CollectionLayoutContainer(contentSize: effective)))
  }

  /// COMP-3, COMP-8, COMP-9, COMP-11: one section from `start`: its top boundary items,
  /// contentInsets.top, the groups, contentInsets.bottom, its bottom boundary items.
  func layOutSection(
    _ d: CollectionLayoutSection, index s: Int, count: Int, start: Double,
    container: CollectionLayoutContainer, scale: Double, axes: FlowAxes, pass: inout MeasuredPass
  ) -> CompositionalSection {
    let effective = container.effectiveContentSize
    let crossStart = axes.vertical ? container.contentInsets.leading : container.contentInsets.top
    let crossExtent = axes.cross(effective)
    let insets = d.contentInsets
    let (mainLead, mainTrail) =
      axes.vertical ? (insets.top, insets.bottom) : (insets.leading, insets.trailing)
    var (crossLead, crossTrail) =
      axes.vertical ? (insets.leading, insets.trailing) : (insets.top, insets.bottom)
    let orthogonal = d.orthogonalScrollingBehavior != .none
    // The section container: the layout's less the section's insets; in an orthogonal
    // section the insets across become the scroller's padding and fractions are taken of
    // the full width (COMP-15d).
    let sectionContainer =
      axes.vertical
      ? Size(
        width: orthogonal ? effective.width : effective.width - crossLead - crossTrail,
        height: effective.height - mainLead - mainTrail)
      : Size(
        width: effective.width - mainLead - mainTrail,
        height: orthogonal ? effective.height : effective.height - crossLead - crossTrail)
    var solver = GroupSolver(scale: scale, maximumLeaves: maximumItemsPerGroup)
    let stamp = solver.solve(
      d.group, size: d.group.layoutSize.resolved(in: sectionContainer, scale: scale))
    if solver.truncated { truncatedGroups.insert(s) }
    // COMP-1: an estimated group is as large as its content.
    let groupSize = stamp.size
    let measured = measuredGroups(
      d.group, section: s, count: count, stamp: stamp, alongX: orthogonal == axes.vertical,
      scale: scale, pass: &pass)
    if measured.truncated { truncatedGroups.insert(s) }
    if d.orthogonalScrollingBehavior == .groupPagingCentered {
      let side = (crossExtent - axes.cross(groupSize)) / 2
      crossLead = side
      crossTrail = side
    }
    // Boundary items: sized against the section's width less its insets when they follow
    // them (COMP-10), against the layout's otherwise.
    let boundaryCross = d.supplementariesFollowContentInsets ? crossLead + crossTrail : 0
    let boundaryContainer =
      axes.vertical
      ? Size(width: effective.width - boundaryCross, height: effective.height)
      : Size(width: effective.width, height: effective.height - boundaryCross)
    let items = d.boundarySupplementaryItems
    let head = leadingExtent(of: items, in: boundaryContainer, scale: scale, axes: axes)
    let groupsMain = start + head + mainLead
    let groupCount =
      stamp.leafCount == 0
      ? 0
      : measured.isEmpty
        ? (count + stamp.leafCount - 1) / stamp.leafCount : measured.groupCount(items: count)
    let spacing = d.interGroupSpacing
    var groupsExtent = 0.0
    var stride = 0.0
    var orthogonalContent = 0.0
    // A self-sized group longer or shorter than the stamp moves the ones after it
    // (`MeasuredGroups`); across, the section is as thick as its thickest group.
    if orthogonal {
      stride = axes.cross(groupSize) + spacing
      groupsExtent =
        groupCount > 0 ? max(axes.main(groupSize), measured.largestCross()) : 0
      orthogonalContent =
        crossLead + crossTrail
        + (groupCount > 0
          ? Double(groupCount) * axes.cross(groupSize) + Double(groupCount - 1) * spacing
            + measured.totalShift : 0)
    } else {
      stride = axes.main(groupSize) + spacing
      groupsExtent =
        groupCount > 0
        ? Double(groupCount) * axes.main(groupSize) + Double(groupCount - 1) * spacing
          + measured.totalShift : 0
    }
    let contentEnd = groupsMain + groupsExtent + mainTrail
    let end =
      contentEnd + trailingExtent(of: items, in: boundaryContainer, scale: scale, axes: axes)
    let frame = axes.rect(
      cross: crossStart, main: start, crossExtent: crossExtent, mainExtent: end - start)
    let groupsOrigin =
      axes.vertical
      ? Point(x: crossStart + crossLead, y: groupsMain)
      : Point(x: groupsMain, y: crossStart + crossLead)
    let boundaryHost = axes.rect(
      cross: crossStart + (d.supplementariesFollowContentInsets ? crossLead : 0), main: start,
      crossExtent: crossExtent - boundaryCross, mainExtent: end - start)
    let boundary = place(items, on: boundaryHost, in: boundaryContainer, scale: scale, axes: axes)
    // COMP-12: a background covers the whole section (OPEN-6: boundary items included,
    // across the layout's width), less its own insets; the section's other elements are
    // promoted to zIndex 1.
    let decorations = d.decorationItems.map { item in
      DecorationElement(
        kind: item.elementKind,
        frame: GroupSolver.inset(frame, by: item.contentInsets, size: item.layoutSize),
        zIndex: item.zIndex)
    }
    for item in d.decorationItems { register(decorationViewOfKind: item.elementKind) }
    var section = CompositionalSection(
      index: s, itemCount: count, start: start, end: end, frame: frame,
      groupsOrigin: groupsOrigin, groupSize: groupSize, groupStride: stride,
      behavior: d.orthogonalScrollingBehavior, stamp: stamp, boundary: boundary,
      decorations: decorations, cellZIndex: decorations.isEmpty ? 0 : 1,
      hasHandler: d.visibleItemsInvalidationHandler != nil,
      handler: d.visibleItemsInvalidationHandler,
      environment: CollectionLayoutEnvironment(container: container))
    section.measured = measured
    section.container = sectionContainer
    if orthogonal {
      section.orthogonalContentExtent = orthogonalContent
      section.orthogonalViewportExtent = crossExtent
      section.orthogonalOffset = orthogonalOffsets[s] ?? .zero
    }
    return section
  }

  /// How far along the axis a section's elements reach: its span, and past it a stamp's
  /// overhang beyond the first or last group (a badge, a custom frame; COMP-7, COMP-13), a
  /// boundary item's offset (COMP-10) or a background's negative inset (COMP-12). An
  /// orthogonal scroller moves groups across the axis only, so this holds at any offset.
  func mainReach(of s: CompositionalSection, axes: FlowAxes) -> (Double, Double) {
    var low = s.start
    var high = s.end
    func cover(_ r: Rect) {
      let (a, b) = axes.mainRange(r)
      low = min(low, a)
      high = max(high, b)
    }
    for b in s.boundary { cover(b.frame) }
    for d in s.decorations { cover(d.frame) }
    let groups = s.groupCount
    if groups > 0 {
      for g in [0, groups - 1] {
        let bounds = s.stamp(ofGroup: g).bounds
        guard !bounds.isNull else { continue }
        let o = groupOrigin(g, of: s)
        cover(bounds.offsetBy(dx: o.x, dy: o.y))
      }
    }
    return (low, high)
  }

  /// How far the extending boundary items on the leading (top) edge push the content.
  func leadingExtent(
    of items: [CollectionLayoutBoundarySupplementaryItem], in container: Size, scale: Double,
    axes: FlowAxes
  ) -> Double {
    extent(of: items, leading: true, in: container, scale: scale, axes: axes)
  }

  func trailingExtent(
    of items: [CollectionLayoutBoundarySupplementaryItem], in container: Size, scale: Double,
    axes: FlowAxes
  ) -> Double {
    extent(of: items, leading: false, in: container, scale: scale, axes: axes)
  }

  private func extent(
    of items: [CollectionLayoutBoundarySupplementaryItem], leading: Bool, in container: Size,
    scale: Double, axes: FlowAxes
  ) -> Double {
    var extent = 0.0
    for item in items
    where item.extendsBoundary && item.alignment.isOnMainEdge(leading: leading, axes) {
      extent = max(extent, axes.main(item.layoutSize.resolved(in: container, scale: scale)))
    }
    return extent
  }

  /// COMP-10: each boundary item anchored on its host at its alignment, then offset.
  func place(
    _ items: [CollectionLayoutBoundarySupplementaryItem], on host: Rect, in container: Size,
    scale: Double, axes: FlowAxes
  ) -> [BoundaryElement] {
    items.map { item in
      let size = item.layoutSize.resolved(in: container, scale: scale)
      let frame = item.containerAnchor.frame(of: size, on: host, itemAnchor: item.itemAnchor)
        .offsetBy(dx: item.offset.x, dy: item.offset.y)
      return BoundaryElement(
        kind: item.elementKind, frame: frame, zIndex: item.zIndex, pinned: item.pinToVisibleBounds,
        alignment: item.alignment)
    }
  }
}

extension RectAlignment {
  /// Whether the alignment sits on the leading (top) or trailing (bottom) edge of the
  /// layout's axis, where an extending item makes room.
  func isOnMainEdge(leading: Bool, _ axes: FlowAxes) -> Bool {
    let e = edges
    if axes.vertical { return leading ? e.contains(.top) : e.contains(.bottom) }
    return leading ? e.contains(.leading) : e.contains(.trailing)
  }
}
