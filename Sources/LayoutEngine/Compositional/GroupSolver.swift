/// A solved group: where each of its leaf items and anchored supplementaries sits,
/// relative to the group's origin. A section solves its group once and stamps it at every
/// group position (COMP-15b).
struct GroupStamp {
  /// The group's resolved size.
  var size: Size
  /// Leaf item frames in item order (depth first through nested groups), after their
  /// contentInsets (COMP-4).
  var leaves: [Rect] = []
  /// Each leaf's zIndex (a custom group's item may set one; 0 otherwise).
  var leafZIndex: [Int] = []
  /// Each leaf's descriptor, for self-sizing (which axes are estimated).
  var leafItems: [CollectionLayoutItem] = []
  /// Item and group supplementaries (COMP-13), with the leaf whose index path they take.
  var supplementaries: [StampSupplementary] = []
  /// The extent of everything stamped, relative to the group origin (may exceed the group:
  /// a badge's offset, a custom frame).
  var bounds: Rect = .null
  /// For each leaf, how it was placed, from this group down (`GroupSolver.recordsPlacements`;
  /// empty otherwise).
  var placements: [[GroupPlacement]] = []

  var leafCount: Int { leaves.count }
}

struct StampSupplementary {
  var kind: String
  var frame: Rect
  var zIndex: Int
  /// The leaf whose index path the element takes: its host item, or a group's first item.
  var leaf: Int
}

/// Solves groups (COMP-3…COMP-7, COMP-13, COMP-15). Pure arithmetic on descriptors.
struct GroupSolver {
  /// Display scale for the pixel floor of fractional dimensions (0: exact).
  var scale: Double
  /// How many leaves one group may hold: a repeating group of tiny items (or of items that
  /// take no room) stops there instead of filling memory.
  var maximumLeaves: Int
  /// Set when a group stopped at `maximumLeaves` or because its pattern took no room.
  var truncated = false
  /// Whether stamps keep each leaf's `GroupPlacement`s: only when a layout is asked to
  /// explain an element (`CollectionViewCompositionalLayout.resolution(ofItemAt:)`).
  var recordsPlacements = false

  /// COMP-15a: a repeating group's fit test allows for the last bit of a sum of fractions
  /// (five 0.2 widths of 414 add up to 414.00000000000006 and still fit).
  static let fitTolerance = 1e-6

  init(scale: Double, maximumLeaves: Int) {
    self.scale = scale
    self.maximumLeaves = maximumLeaves
  }

  /// Self-sizing (COMP-1): the sizes the cells of the group being solved reported, by leaf
  /// number (depth first, as `GroupStamp.leaves`). A measured extent replaces the resolved
  /// one on the item's estimated axes only; a non-estimated axis keeps its dimension.
  var measured: ((Int) -> Size?)?

  /// Solves `group` proposed at `size` (already resolved against its container). On an axis
  /// whose dimension is estimated the group takes the size of its content (`derivedSize`).
  /// `firstLeaf` numbers the group's leaves within the outermost group, for `measured`.
  mutating func solve(_ group: CollectionLayoutGroup, size: Size, firstLeaf: Int = 0) -> GroupStamp
  {
    var stamp = GroupStamp(size: size)
    let insets = group.contentInsets
    switch group.arrangement {
    case .custom(let provider):
      // COMP-7: the provider's frames are final; its items do not self-size.
      let environment = CollectionLayoutEnvironment(
        container: CollectionLayoutContainer(contentSize: size, contentInsets: insets))
      for custom in provider(environment) where stamp.leafCount < maximumLeaves {
        stamp.leaves.append(custom.frame.standardized)
        stamp.leafZIndex.append(custom.zIndex)
        stamp.leafItems.append(group)
        if recordsPlacements {
          stamp.placements.append([
            GroupPlacement(
              group: group, groupSize: size, content: Self.content(of: size, insets: insets),
              item: group, index: stamp.leafCount - 1, resolved: custom.frame.size, measured: nil,
              box: custom.frame.standardized, frame: custom.frame.standardized)
          ])
        }
      }
    case .horizontal:
      stamp.size = arrange(
        group, size: size, axes: FlowAxes(vertical: false), firstLeaf: firstLeaf, into: &stamp)
    case .vertical:
      stamp.size = arrange(
        group, size: size, axes: FlowAxes(vertical: true), firstLeaf: firstLeaf, into: &stamp)
    }
    addSupplementaries(
      of: group, host: Rect(origin: .zero, size: stamp.size), leaf: 0, into: &stamp)
    stamp.bounds = stamp.leaves.reduce(Rect(origin: .zero, size: stamp.size)) { $0.union($1) }
    for s in stamp.supplementaries { stamp.bounds = stamp.bounds.union(s.frame) }
    return stamp
  }

  /// One subitem placed along the group's axis ("main" here is the group's own axis:
  /// x for a horizontal group).
  private struct Placed {
    var item: CollectionLayoutItem
    var size: Size
    var main: Double
    var cross: Double
    /// A nested group, solved at `size`.
    var nested: GroupStamp?
    /// The number of its first leaf.
    var firstLeaf: Int
  }

  /// The content rect of a group of `size` inside its own insets.
  private static func content(of size: Size, insets: DirectionalEdgeInsets) -> Rect {
    Rect(
      x: insets.leading, y: insets.top, width: size.width - insets.leading - insets.trailing,
      height: size.height - insets.top - insets.bottom)
  }

  /// A subitem's size inside a group content of `container`: a leaf's resolved size with its
  /// measured extent on an estimated axis; a nested group solved, at the size its own
  /// estimated axes take from its content. `size` replaces the resolution (a count group's
  /// equal division).
  private mutating func entry(
    _ item: CollectionLayoutItem, in container: Size, leaf: Int, size given: Size? = nil
  ) -> (Size, GroupStamp?) {
    let resolved = given ?? item.layoutSize.resolved(in: container, scale: scale)
    if let nested = item as? CollectionLayoutGroup {
      let sub = solve(nested, size: resolved, firstLeaf: leaf)
      return (sub.size, sub)
    }
    guard let m = measured?(leaf) else { return (resolved, nil) }
    let d = item.layoutSize
    return (
      Size(
        width: d.widthDimension.isEstimated ? m.width : resolved.width,
        height: d.heightDimension.isEstimated ? m.height : resolved.height), nil
    )
  }

  /// COMP-5 / COMP-6: the subitems along the axis, the group's own size where it is
  /// estimated, then the flexible spacings' shares, then each one solved (a nested group)
  /// or inset (a leaf). Returns the group's size.
  private mutating func arrange(
    _ group: CollectionLayoutGroup, size proposed: Size, axes: FlowAxes, firstLeaf: Int,
    into stamp: inout GroupStamp
  ) -> Size {
    let insets = group.contentInsets
    var content = Self.content(of: proposed, insets: insets)
    let contentMain = axes.main(content.size)
    let spacing = group.interItemSpacing ?? .fixed(0)
    var placed: [Placed] = []
    var cursor = 0.0
    var nextLeaf = firstLeaf
    func place(_ item: CollectionLayoutItem, _ size: Size, _ nested: GroupStamp?, fitTest: Bool)
      -> Bool
    {
      let lead = mainLeading(item.edgeSpacing, axes)?.spacing ?? 0
      let trail = mainTrailing(item.edgeSpacing, axes)?.spacing ?? 0
      let start = cursor + (placed.isEmpty ? 0 : spacing.spacing) + lead
      let end = start + axes.main(size) + trail
      // The first item is placed even when it does not fit, as the flow layout's is: a
      // group always holds at least one item (UIKit asserts on an empty group).
      let fits = !fitTest || end <= contentMain + Self.fitTolerance
      if !fits && !placed.isEmpty { return false }
      placed.append(
        Placed(item: item, size: size, main: start, cross: 0, nested: nested, firstLeaf: nextLeaf))
      nextLeaf += nested?.leafCount ?? 1
      cursor = end
      return fits
    }
    if let count = group.count, let item = group.subitems.first {
      // COMP-5, COMP-15c: equal division of the content after the group's insets; the
      // item's own main-axis dimension is ignored.
      let n = max(count, 0)
      let extent = n > 0 ? (contentMain - Double(n - 1) * spacing.spacing) / Double(n) : 0
      let crossExtent = crossDimension(item, axes).resolved(in: content.size, scale: scale)
      let size =
        axes.vertical
        ? Size(width: crossExtent, height: extent) : Size(width: extent, height: crossExtent)
      for _ in 0..<min(n, maximumLeaves) {
        var (entrySize, nested) = entry(item, in: content.size, leaf: nextLeaf, size: size)
        // Only the cross axis self-sizes: the division fixes the main one.
        entrySize =
          axes.vertical
          ? Size(width: entrySize.width, height: extent)
          : Size(width: extent, height: entrySize.height)
        _ = place(item, entrySize, nested, fitTest: false)
      }
      if n > maximumLeaves { truncated = true }
    } else if !group.subitems.isEmpty {
      // COMP-6: repeat the pattern while the next item fits.
      var i = 0
      var passStart = cursor
      while true {
        let item = group.subitems[i]
        let (size, nested) = entry(item, in: content.size, leaf: nextLeaf)
        guard place(item, size, nested, fitTest: true) else { break }
        i += 1
        if i == group.subitems.count {
          i = 0
          // A pass of the pattern that took no room would repeat forever.
          if cursor <= passStart {
            truncated = true
            break
          }
          passStart = cursor
        }
        if nextLeaf - firstLeaf >= maximumLeaves {
          truncated = true
          break
        }
      }
    }
    let size = derivedSize(group, proposed: proposed, placed: placed, end: cursor, axes: axes)
    if size != proposed {
      content = Self.content(of: size, insets: insets)
      // Subitems whose cross dimension is a fraction of the group's now-known cross extent
      // take it from there.
      let crossIsWidth = axes.vertical
      for p in placed.indices where dependsOnCross(placed[p].item, crossIsWidth: crossIsWidth) {
        let item = placed[p].item
        let resolved = crossDimension(item, axes).resolved(in: content.size, scale: scale)
        let fixed = axes.main(placed[p].size)
        let size =
          axes.vertical
          ? Size(width: resolved, height: fixed) : Size(width: fixed, height: resolved)
        if let nested = item as? CollectionLayoutGroup {
          placed[p].nested = solve(nested, size: size, firstLeaf: placed[p].firstLeaf)
          placed[p].size = placed[p].nested?.size ?? size
        } else {
          placed[p].size = size
        }
      }
    }
    distributeFlexibleSpace(
      &placed, spacing: spacing, leftover: axes.main(content.size) - cursor, axes: axes)
    let contentCross = axes.cross(content.size)
    for p in placed.indices {
      let item = placed[p].item
      let lead = crossLeading(item.edgeSpacing, axes)
      let trail = crossTrailing(item.edgeSpacing, axes)
      let leftover =
        contentCross - (lead?.spacing ?? 0) - axes.cross(placed[p].size) - (trail?.spacing ?? 0)
      // COMP-4: a flexible edge takes the leftover (both: centred); items sit at the
      // leading edge otherwise.
      let share: Double
      switch (lead?.isFlexibleSpacing ?? false, trail?.isFlexibleSpacing ?? false) {
      case (true, true): share = max(leftover, 0) / 2
      case (true, false): share = max(leftover, 0)
      default: share = 0
      }
      placed[p].cross = (lead?.spacing ?? 0) + share
    }
    let origin = (
      main: axes.vertical ? content.minY : content.minX,
      cross: axes.vertical ? content.minX : content.minY
    )
    for (index, p) in placed.enumerated() {
      let box = axes.rect(
        cross: origin.cross + p.cross, main: origin.main + p.main,
        crossExtent: axes.cross(p.size), mainExtent: axes.main(p.size))
      // What the placement decided, kept when an element is to be explained.
      func placement(_ frame: Rect, measured: Size?) -> GroupPlacement {
        GroupPlacement(
          group: group, groupSize: size, content: content, item: p.item, index: index,
          resolved: p.size, measured: measured, box: box, frame: frame)
      }
      if let sub = p.nested {
        let first = stamp.leafCount
        for (f, z) in zip(sub.leaves, sub.leafZIndex) where stamp.leafCount < maximumLeaves {
          stamp.leaves.append(f.offsetBy(dx: box.minX, dy: box.minY))
          stamp.leafZIndex.append(z)
        }
        if recordsPlacements {
          for chain in sub.placements.prefix(stamp.leafCount - first) {
            stamp.placements.append([placement(box, measured: nil)] + chain)
          }
        }
        stamp.leafItems.append(contentsOf: sub.leafItems.prefix(stamp.leafCount - first))
        for var s in sub.supplementaries where first + s.leaf < stamp.leafCount {
          s.frame = s.frame.offsetBy(dx: box.minX, dy: box.minY)
          s.leaf += first
          stamp.supplementaries.append(s)
        }
      } else {
        let frame = Self.inset(box, by: p.item.contentInsets, size: p.item.layoutSize)
        stamp.leaves.append(frame)
        stamp.leafZIndex.append(0)
        stamp.leafItems.append(p.item)
        if recordsPlacements {
          stamp.placements.append([placement(frame, measured: measured?(p.firstLeaf))])
        }
        addSupplementaries(of: p.item, host: frame, leaf: stamp.leafCount - 1, into: &stamp)
      }
    }
    return size
  }

  /// COMP-1: on an axis whose dimension is estimated a group is as large as its content
  /// (the estimate only stands until the content is known). Along its own axis that is
  /// the run of its subitems, edge spacing included; across it, the largest subitem with
  /// its edge spacing — leaving out subitems whose extent there is a fraction of the
  /// group's own (they follow the group, they cannot size it; when all do, the estimate
  /// stands). The group's contentInsets are added on both axes. (Engine reading of the
  /// header's "estimated: the final size is determined when the content is rendered".)
  private func derivedSize(
    _ group: CollectionLayoutGroup, proposed: Size, placed: [Placed], end: Double, axes: FlowAxes
  ) -> Size {
    let insets = group.contentInsets
    let (mainInsets, crossInsets) =
      axes.vertical
      ? (insets.top + insets.bottom, insets.leading + insets.trailing)
      : (insets.leading + insets.trailing, insets.top + insets.bottom)
    var main = axes.main(proposed)
    var cross = axes.cross(proposed)
    let dims = group.layoutSize
    let (mainDimension, crossDimension) =
      axes.vertical
      ? (dims.heightDimension, dims.widthDimension) : (dims.widthDimension, dims.heightDimension)
    if mainDimension.isEstimated && !placed.isEmpty { main = end + mainInsets }
    if crossDimension.isEstimated {
      var largest: Double?
      for p in placed where !dependsOnCross(p.item, crossIsWidth: axes.vertical) {
        let e = p.item.edgeSpacing
        let extent =
          (crossLeading(e, axes)?.spacing ?? 0) + axes.cross(p.size)
          + (crossTrailing(e, axes)?.spacing ?? 0)
        largest = max(largest ?? extent, extent)
      }
      if let largest { cross = largest + crossInsets }
    }
    return axes.vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
  }

  /// Whether an item's extent across the group is a fraction of the group's own extent
  /// there (a horizontal group's item of `fractionalHeight`).
  private func dependsOnCross(_ item: CollectionLayoutItem, crossIsWidth: Bool) -> Bool {
    let d = crossIsWidth ? item.layoutSize.widthDimension : item.layoutSize.heightDimension
    return crossIsWidth ? d.isFractionalWidth : d.isFractionalHeight
  }

  /// COMP-6: the space a group leaves over is shared equally by its flexible spacings —
  /// the gaps when `interItemSpacing` is flexible, and each flexible leading or trailing
  /// edge — and every item after a share moves by it.
  private func distributeFlexibleSpace(
    _ placed: inout [Placed], spacing: CollectionLayoutSpacing, leftover: Double, axes: FlowAxes
  ) {
    guard leftover > 0, !placed.isEmpty else { return }
    var slots = spacing.isFlexibleSpacing ? placed.count - 1 : 0
    for p in placed {
      if mainLeading(p.item.edgeSpacing, axes)?.isFlexibleSpacing == true { slots += 1 }
      if mainTrailing(p.item.edgeSpacing, axes)?.isFlexibleSpacing == true { slots += 1 }
    }
    guard slots > 0 else { return }
    var share = leftover / Double(slots)
    if scale > 0 { share = (share * scale).rounded(.down) / scale }
    var shift = 0.0
    for i in placed.indices {
      if i > 0 && spacing.isFlexibleSpacing { shift += share }
      if mainLeading(placed[i].item.edgeSpacing, axes)?.isFlexibleSpacing == true { shift += share }
      placed[i].main += shift
      if mainTrailing(placed[i].item.edgeSpacing, axes)?.isFlexibleSpacing == true {
        shift += share
      }
    }
  }

  /// COMP-13: a host's anchored supplementaries, sized against the host's frame.
  private func addSupplementaries(
    of item: CollectionLayoutItem, host: Rect, leaf: Int, into stamp: inout GroupStamp
  ) {
    for s in item.supplementaryItems {
      let size = s.layoutSize.resolved(in: host.size, scale: scale)
      stamp.supplementaries.append(
        StampSupplementary(
          kind: s.elementKind,
          frame: s.containerAnchor.frame(of: size, on: host, itemAnchor: s.itemAnchor),
          zIndex: s.zIndex, leaf: leaf))
    }
  }

  /// COMP-4, COMP-15e: contentInsets shrink the frame, except on an estimated axis.
  static func inset(_ box: Rect, by insets: DirectionalEdgeInsets, size: CollectionLayoutSize)
    -> Rect
  {
    var r = box
    if !size.widthDimension.isEstimated {
      r.origin.x += insets.leading
      r.size.width -= insets.leading + insets.trailing
    }
    if !size.heightDimension.isEstimated {
      r.origin.y += insets.top
      r.size.height -= insets.top + insets.bottom
    }
    return r
  }

  private func crossDimension(_ item: CollectionLayoutItem, _ axes: FlowAxes)
    -> CollectionLayoutDimension
  {
    axes.vertical ? item.layoutSize.widthDimension : item.layoutSize.heightDimension
  }
  private func mainLeading(_ e: CollectionLayoutEdgeSpacing?, _ axes: FlowAxes)
    -> CollectionLayoutSpacing?
  { axes.vertical ? e?.top : e?.leading }
  private func mainTrailing(_ e: CollectionLayoutEdgeSpacing?, _ axes: FlowAxes)
    -> CollectionLayoutSpacing?
  { axes.vertical ? e?.bottom : e?.trailing }
  private func crossLeading(_ e: CollectionLayoutEdgeSpacing?, _ axes: FlowAxes)
    -> CollectionLayoutSpacing?
  { axes.vertical ? e?.leading : e?.top }
  private func crossTrailing(_ e: CollectionLayoutEdgeSpacing?, _ axes: FlowAxes)
    -> CollectionLayoutSpacing?
  { axes.vertical ? e?.trailing : e?.bottom }
}

/// How a group placed one of its subitems (COMP-1…COMP-7): what the layout can tell about
/// an element when asked to explain it. Coordinates are the group's own (its origin at
/// 0, 0); a nested group's placements are in the nested group's, which the outer
/// placement's `box` puts in place.
public struct GroupPlacement {
  /// The group, its resolved size, and its content: the size less its contentInsets.
  public let group: CollectionLayoutGroup
  public let groupSize: Size
  public let content: Rect
  /// The subitem (a leaf item, or a nested group), and its place among the group's.
  public let item: CollectionLayoutItem
  public let index: Int
  /// Its size as resolved against the content (or divided, for a count group, COMP-5),
  /// with the size its cell reported on an estimated axis (`measured`).
  public let resolved: Size
  public let measured: Size?
  /// Where it was placed, before its contentInsets; and after them (a leaf's frame).
  public let box: Rect
  public let frame: Rect
}
