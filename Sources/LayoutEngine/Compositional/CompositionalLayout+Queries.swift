extension CollectionViewCompositionalLayout {

  /// The origin of group `g` of `section`, where it is drawn (an orthogonal section's
  /// groups run across the axis, moved by its scroller's offset).
  func groupOrigin(_ g: Int, of section: CompositionalSection) -> Point {
    groupOrigin(g, of: section, entry: section.measured.last(atOrBefore: g))
  }

  /// `entry`: the section's last measured group at or before `g` (`MeasuredGroups`).
  @inline(__always)
  func groupOrigin(_ g: Int, of section: CompositionalSection, entry: Int?) -> Point {
    let step = Double(g) * section.groupStride + section.measured.shift(ofGroup: g, entry)
    var p = section.groupsOrigin
    if section.isOrthogonal == axes.vertical {
      p.x += step
    } else {
      p.y += step
    }
    p.x -= section.orthogonalOffset.x
    p.y -= section.orthogonalOffset.y
    return p
  }

  func cell(_ item: Int, of section: CompositionalSection) -> LayoutAttributes {
    let (g, leaf, _) = section.locate(item: item)
    let stamp = section.stamp(ofGroup: g)
    let o = groupOrigin(g, of: section)
    var a = LayoutAttributes(
      category: .cell, kind: nil, indexPath: IndexPath(item: item, section: section.index),
      frame: stamp.leaves[leaf].offsetBy(dx: o.x, dy: o.y))
    a.zIndex = max(stamp.leafZIndex[leaf], section.cellZIndex)
    return a
  }

  func boundaryAttributes(_ b: BoundaryElement, section: Int, frame: Rect) -> LayoutAttributes {
    var a = LayoutAttributes(
      category: .supplementaryView, kind: b.kind, indexPath: IndexPath(item: 0, section: section),
      frame: frame)
    a.zIndex = b.zIndex
    return a
  }

  func decoration(_ d: DecorationElement, section: Int) -> LayoutAttributes {
    var a = LayoutAttributes(
      category: .decorationView, kind: d.kind, indexPath: IndexPath(item: 0, section: section),
      frame: d.frame)
    a.zIndex = d.zIndex
    return a
  }

  /// The visible span along the axis, inside the adjusted content inset: where pinned
  /// boundary items stay (COMP-10).
  func visibleSpan() -> (low: Double, high: Double)? {
    guard let cv = collectionView else { return nil }
    let adj = cv.adjustedContentInset
    let (low, high) = axes.mainRange(cv.bounds)
    return (low + axes.mainLeading(adj), high - axes.mainTrailing(adj))
  }

  /// COMP-10: a pinned item on the leading edge stays at the top of the visible area, no
  /// higher than its natural place and no lower than where the host's trailing boundary
  /// items start (OPEN-6, as the flow layout's OPEN-2); one on the trailing edge stays at
  /// the bottom, no lower than its place and no higher than the leading items' end.
  func boundaryFrame(
    _ b: BoundaryElement, among all: [BoundaryElement], hostStart: Double,
    hostEnd: Double
  ) -> Rect {
    guard b.pinned, let span = visibleSpan() else { return b.frame }
    let axes = self.axes
    let (start, end) = axes.mainRange(b.frame)
    let extent = end - start
    var frame = b.frame
    var main = start
    if b.alignment.isOnMainEdge(leading: true, axes) {
      var stop = hostEnd
      for other in all where other.alignment.isOnMainEdge(leading: false, axes) {
        stop = min(stop, axes.mainRange(other.frame).0)
      }
      main = min(max(span.low, start), stop - extent)
    } else if b.alignment.isOnMainEdge(leading: false, axes) {
      var stop = hostStart
      for other in all where other.alignment.isOnMainEdge(leading: true, axes) {
        stop = max(stop, axes.mainRange(other.frame).1)
      }
      main = max(min(span.high - extent, start), stop)
    }
    if axes.vertical { frame.origin.y = main } else { frame.origin.x = main }
    return frame
  }

  func supplementary(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    if let b = layoutBoundary.first(where: { $0.kind == kind }),
      indexPath == IndexPath(item: 0, section: 0)
    {
      let (s, e) = axes.mainRange(Rect(origin: .zero, size: contentSize))
      return boundaryAttributes(
        b, section: 0, frame: boundaryFrame(b, among: layoutBoundary, hostStart: s, hostEnd: e))
    }
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    if indexPath.item == 0, let b = section.boundary.first(where: { $0.kind == kind }) {
      return boundaryAttributes(
        b, section: section.index,
        frame: boundaryFrame(
          b, among: section.boundary, hostStart: section.start, hostEnd: section.end))
    }
    guard section.stamp.leafCount > 0, indexPath.item >= 0, indexPath.item < section.itemCount
    else { return nil }
    let (g, leaf, _) = section.locate(item: indexPath.item)
    guard
      let s = section.stamp(ofGroup: g).supplementaries.first(where: {
        $0.kind == kind && $0.leaf == leaf
      })
    else { return nil }
    return itemSupplementary(
      s, firstItem: indexPath.item - leaf, origin: groupOrigin(g, of: section), of: section)
  }

  /// An item or group supplementary of the group whose first item is `firstItem`, drawn
  /// at `origin`.
  func itemSupplementary(
    _ s: StampSupplementary, firstItem: Int, origin o: Point, of section: CompositionalSection
  ) -> LayoutAttributes {
    var a = LayoutAttributes(
      category: .supplementaryView, kind: s.kind,
      indexPath: IndexPath(item: firstItem + s.leaf, section: section.index),
      frame: s.frame.offsetBy(dx: o.x, dy: o.y))
    a.zIndex = s.zIndex
    return a
  }

  /// Every element that intersects `rect` (GEO-5), section by section: backgrounds,
  /// boundary items (pinned ones where they are pinned), then the groups the rect crosses,
  /// found by arithmetic on the stamp.
  func elements(in rect: Rect) -> [LayoutAttributes] {
    let r = rect.standardized
    guard !r.isNull, collectionView != nil else { return [] }
    runHandlersIfNeeded()
    let axes = self.axes
    let (low, high) = axes.mainRange(r)
    let limit = collectionView?.answerLimit ?? .max
    var result: [LayoutAttributes] = []
    let (contentStart, contentEnd) = axes.mainRange(Rect(origin: .zero, size: contentSize))
    for b in layoutBoundary {
      let f = boundaryFrame(b, among: layoutBoundary, hostStart: contentStart, hostEnd: contentEnd)
      if f.intersects(r) { result.append(overridden(boundaryAttributes(b, section: 0, frame: f))) }
    }
    // Widened by the overhangs: an element may lie outside its section's span (GEO-5).
    let (reachLow, reachHigh) = (low - trailOverhang, high + leadOverhang)
    var s = firstSection(endingAtOrAfter: reachLow)
    let pinnedReach = sections.contains { $0.boundary.contains { $0.pinned } }
    if pinnedReach { s = 0 }
    while s < sections.count && result.count <= limit {
      let section = sections[s]
      s += 1
      if section.start > reachHigh && !pinnedReach { break }
      for d in section.decorations where d.frame.intersects(r) {
        result.append(overridden(decoration(d, section: section.index)))
      }
      for b in section.boundary {
        let f = boundaryFrame(
          b, among: section.boundary, hostStart: section.start, hostEnd: section.end)
        if f.intersects(r) {
          result.append(overridden(boundaryAttributes(b, section: section.index, frame: f)))
        }
      }
      if section.end < reachLow || section.start > reachHigh { continue }
      appendGroups(of: section, in: r, limit: limit, to: &result)
    }
    return result
  }

  /// The cells and anchored supplementaries of the groups of `section` that `r` crosses.
  private func appendGroups(
    of section: CompositionalSection, in r: Rect, limit: Int, to result: inout [LayoutAttributes]
  ) {
    let k = section.stamp.leafCount
    let groups = section.groupCount
    guard k > 0, groups > 0 else { return }
    let measured = section.measured
    // Along the axis the groups follow one another: which of them can reach the rect.
    let alongX = section.isOrthogonal == axes.vertical
    let bounds = measured.reach(section.stamp.bounds)
    let origin = groupOrigin(0, of: section, entry: nil)
    let (low, high) =
      alongX ? (r.minX - origin.x, r.maxX - origin.x) : (r.minY - origin.y, r.maxY - origin.y)
    let (reachLow, reachHigh) = alongX ? (bounds.minX, bounds.maxX) : (bounds.minY, bounds.maxY)
    var first = 0
    var last = groups - 1
    let stride = section.groupStride
    let spacing = stride - (alongX ? section.groupSize.width : section.groupSize.height)
    if measured.startsInOrder(stride: stride, spacing: spacing) {
      // Clamped as doubles before the conversion: a rect far outside the content, or of any
      // size, must not overflow Int (LAY-5 allows any rect).
      let firstReach = measured.group(startingAtOrBefore: low - reachHigh, stride: stride)
      let lastReach = measured.group(startingAtOrBefore: high - reachLow, stride: stride)
      guard firstReach <= Double(groups - 1), lastReach >= 0 else { return }
      first = Int(max(0, firstReach))
      last = Int(min(lastReach, Double(groups - 1)))
    }
    guard first <= last else { return }
    let handled = !handlerOverrides.isEmpty
    // Room for every element of the groups crossed, so the answer grows once — no more
    // than the collection view's answer limit lets it hold.
    let crossed = min(last - first + 1, section.itemCount / k + 1)
    let wanted = crossed * (k + section.stamp.supplementaries.count)
    let room = limit == .max ? wanted : min(wanted, limit - min(limit, result.count) + 1)
    result.reserveCapacity(result.count + room)
    // The measured groups are met in order: the walk keeps the last one at or before g
    // (`entry`) and the next one after it.
    var entry = measured.last(atOrBefore: first)
    var next = entry.map { measured.groups[$0] == first ? $0 : $0 + 1 } ?? 0
    var base = measured.firstItem(ofGroup: first, entry)
    for g in first...last {
      var stamp = section.stamp
      if next < measured.count, measured.groups[next] == g {
        entry = next
        stamp = measured.stamps[next]
        next += 1
      }
      let o = groupOrigin(g, of: section, entry: entry)
      for leaf in 0..<min(stamp.leafCount, section.itemCount - base) {
        let f = stamp.leaves[leaf].offsetBy(dx: o.x, dy: o.y)
        guard f.intersects(r) else { continue }
        var a = LayoutAttributes(
          category: .cell, kind: nil,
          indexPath: IndexPath(item: base + leaf, section: section.index),
          frame: f)
        a.zIndex = max(stamp.leafZIndex[leaf], section.cellZIndex)
        if handled { a = overridden(a) }
        result.append(a)
      }
      for sup in stamp.supplementaries where base + sup.leaf < section.itemCount {
        let f = sup.frame.offsetBy(dx: o.x, dy: o.y)
        guard f.intersects(r) else { continue }
        let a = itemSupplementary(sup, firstItem: base, origin: o, of: section)
        result.append(handled ? overridden(a) : a)
      }
      base += stamp.leafCount
      if result.count > limit || base >= section.itemCount { return }
    }
  }

  /// The first section whose end reaches `low` (sections are in axis order).
  func firstSection(endingAtOrAfter low: Double) -> Int {
    var lo = 0
    var hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sections[mid].end < low { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// COMP-14: the attributes as the section's visible-items handler left them.
  func overridden(_ a: LayoutAttributes) -> LayoutAttributes {
    runHandlersIfNeeded()
    guard let v = handlerOverrides[a.key] else { return a }
    return v.applied(to: a)
  }

  /// Runs each section's handler once per bounds and scroller offsets, with the section's
  /// elements in the visible rect and the offset that section scrolls by.
  func runHandlersIfNeeded() {
    guard let cv = collectionView, sections.contains(where: { $0.hasHandler }) else { return }
    let key = HandlerKey(bounds: cv.bounds, offsets: orthogonalOffsets)
    if handlerKey == key { return }
    handlerKey = key
    handlerOverrides.removeAll()
    let visible = cv.bounds
    for section in sections {
      guard let handler = section.handler,
        section.end + trailOverhang >= axes.mainRange(visible).0,
        section.start - leadOverhang <= axes.mainRange(visible).1
      else { continue }
      var items: [CollectionLayoutVisibleItem] = []
      for b in section.boundary {
        let f = boundaryFrame(
          b, among: section.boundary, hostStart: section.start, hostEnd: section.end)
        if f.intersects(visible) {
          items.append(
            CollectionLayoutVisibleItem(boundaryAttributes(b, section: section.index, frame: f)))
        }
      }
      // The groups' elements: an orthogonal section's are in its scroller (the boundary
      // items and backgrounds are not).
      var found: [LayoutAttributes] = []
      appendGroups(of: section, in: visible, limit: .max, to: &found)
      let shift = section.isOrthogonal ? section.orthogonalOffset : .zero
      for a in found { items.append(CollectionLayoutVisibleItem(a, shift: shift)) }
      let offset = section.isOrthogonal ? section.orthogonalOffset : cv.contentOffset
      handler(items, offset, section.environment)
      for item in items {
        handlerOverrides[
          ElementKey(
            category: item.representedElementCategory, kind: item.representedElementKind,
            indexPath: item.indexPath)] = item
      }
    }
  }
}
