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

  /// COMP-15a: a repeating group's fit test allows for the last bit of a sum of fractions
  /// (five 0.2 widths of 414 add up to 414.00000000000006 and still fit).
  static let fitTolerance = 1e-6

  init(scale: Double, maximumLeaves: Int) {
    self.scale = scale
    self.maximumLeaves = maximumLeaves
  }

  /// Solves `group` at `size` (already resolved against its container).
  mutating func solve(_ group: CollectionLayoutGroup, size: Size) -> GroupStamp {
    var stamp = GroupStamp(size: size)
    let insets = group.contentInsets
    let content = Rect(
      x: insets.leading, y: insets.top, width: size.width - insets.leading - insets.trailing,
      height: size.height - insets.top - insets.bottom)
    switch group.arrangement {
    case .custom(let provider):
      let environment = CollectionLayoutEnvironment(
        container: CollectionLayoutContainer(contentSize: size, contentInsets: insets))
      for custom in provider(environment) where stamp.leafCount < maximumLeaves {
        stamp.leaves.append(custom.frame.standardized)
        stamp.leafZIndex.append(custom.zIndex)
        stamp.leafItems.append(group)
      }
    case .horizontal:
      arrange(group, content: content, axes: FlowAxes(vertical: false), into: &stamp)
    case .vertical:
      arrange(group, content: content, axes: FlowAxes(vertical: true), into: &stamp)
    }
    addSupplementaries(
      of: group, host: Rect(origin: .zero, size: size), leaf: 0, into: &stamp)
    stamp.bounds = stamp.leaves.reduce(Rect(origin: .zero, size: size)) { $0.union($1) }
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
  }

  /// COMP-5 / COMP-6: the subitems along the axis, then the flexible spacings' shares,
  /// then each one solved (a nested group) or inset (a leaf).
  private mutating func arrange(
    _ group: CollectionLayoutGroup, content: Rect, axes: FlowAxes, into stamp: inout GroupStamp
  ) {
    let contentMain = axes.main(content.size)
    let spacing = group.interItemSpacing ?? .fixed(0)
    var placed: [Placed] = []
    var cursor = 0.0
    func place(_ item: CollectionLayoutItem, _ size: Size, fitTest: Bool) -> Bool {
      let lead = mainLeading(item.edgeSpacing, axes)?.spacing ?? 0
      let trail = mainTrailing(item.edgeSpacing, axes)?.spacing ?? 0
      let start = cursor + (placed.isEmpty ? 0 : spacing.spacing) + lead
      let end = start + axes.main(size) + trail
      if fitTest && !placed.isEmpty && end > contentMain + Self.fitTolerance { return false }
      if fitTest && placed.isEmpty && end > contentMain + Self.fitTolerance {
        // The first item is placed even when it does not fit, as the flow layout's is:
        // a group always holds at least one item (UIKit asserts on an empty group).
        placed.append(Placed(item: item, size: size, main: start, cross: 0))
        cursor = end
        return false
      }
      placed.append(Placed(item: item, size: size, main: start, cross: 0))
      cursor = end
      return true
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
      for _ in 0..<min(n, maximumLeaves) { _ = place(item, size, fitTest: false) }
      if n > maximumLeaves { truncated = true }
    } else if !group.subitems.isEmpty {
      // COMP-6: repeat the pattern while the next item fits.
      let sizes = group.subitems.map { $0.layoutSize.resolved(in: content.size, scale: scale) }
      var i = 0
      var passStart = cursor
      while place(group.subitems[i], sizes[i], fitTest: true) {
        i += 1
        if i == sizes.count {
          i = 0
          // A pass of the pattern that took no room would repeat forever.
          if cursor <= passStart {
            truncated = true
            break
          }
          passStart = cursor
        }
        if leafTotal(placed) >= maximumLeaves {
          truncated = true
          break
        }
      }
    }
    distributeFlexibleSpace(&placed, spacing: spacing, leftover: contentMain - cursor, axes: axes)
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
    for p in placed {
      let box = axes.rect(
        cross: origin.cross + p.cross, main: origin.main + p.main,
        crossExtent: axes.cross(p.size), mainExtent: axes.main(p.size))
      if let nested = p.item as? CollectionLayoutGroup {
        let sub = solve(nested, size: p.size)
        let first = stamp.leafCount
        for (f, z) in zip(sub.leaves, sub.leafZIndex) where stamp.leafCount < maximumLeaves {
          stamp.leaves.append(f.offsetBy(dx: box.minX, dy: box.minY))
          stamp.leafZIndex.append(z)
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
        addSupplementaries(of: p.item, host: frame, leaf: stamp.leafCount - 1, into: &stamp)
      }
    }
  }

  private func leafTotal(_ placed: [Placed]) -> Int { placed.count }

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
