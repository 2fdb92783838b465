import LayoutEngine

/// One box the page outlines while the pointer is over an item, as a browser's inspector
/// outlines an element with its margin, padding and gaps. Content coordinates.
struct ItemBox: Equatable {
  enum Role: String {
    /// The item's frame.
    case item
    /// The flow line holding the item, across the items' area.
    case line
    /// A compositional group holding the item (the innermost last).
    case group
    /// Insets inside a box: a compositional item's or group's contentInsets.
    case padding
    /// A flow section's insets around its items' area (FLOW-13/14/16).
    case inset
    /// The space between the item and a neighbour: interitem and line spacing as placed.
    case spacing
  }

  var role: Role
  var rect: Rect
  /// What the box is, with its number as placed (`minimumInteritemSpacing 10 → 21.5`).
  var label: String
}

/// The boxes around an item, from the layout's own records of how it placed it: the flow
/// layout's line and section geometry (`resolution(ofItemAt:)`, `geometry(ofSection:)`),
/// the compositional layout's group placements. A custom layout keeps no such record: its
/// item is outlined alone.
enum ItemBoxes {
  static func boxes(of indexPath: IndexPath, in cv: CollectionView) -> [ItemBox] {
    switch cv.collectionViewLayout {
    case let flow as CollectionViewFlowLayout:
      if let boxes = Self.flow(indexPath, flow) { return boxes }
    case let compositional as CollectionViewCompositionalLayout:
      if let boxes = Self.compositional(indexPath, compositional) { return boxes }
    default: break
    }
    guard let frame = cv.collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame else {
      return []
    }
    return [ItemBox(role: .item, rect: frame, label: name(indexPath))]
  }

  private static func name(_ p: IndexPath) -> String { "item [\(p.section), \(p.item)]" }

  private static func number(_ value: Double) -> String { formatNumber(value, .readable(3)) }

  /// A spacing's label: the layout's minimum and, when the line spread its items further,
  /// the space as placed.
  private static func spacing(_ name: String, _ minimum: Double, placed: Double) -> String {
    let shown = number(placed)
    return shown == number(minimum) ? "\(name) \(shown)" : "\(name) \(number(minimum)) → \(shown)"
  }

  // MARK: Flow

  private static func flow(_ p: IndexPath, _ layout: CollectionViewFlowLayout) -> [ItemBox]? {
    guard let r = layout.resolution(ofItemAt: p), let g = layout.geometry(ofSection: p.section)
    else { return nil }
    let vertical = r.vertical
    // A rect from its ranges across the lines and along the scroll axis.
    func rect(cross: (Double, Double), main: (Double, Double)) -> Rect {
      vertical
        ? Rect(x: cross.0, y: main.0, width: cross.1 - cross.0, height: main.1 - main.0)
        : Rect(x: main.0, y: cross.0, width: main.1 - main.0, height: cross.1 - cross.0)
    }
    func crossRange(_ f: Rect) -> (Double, Double) {
      vertical ? (f.minX, f.maxX) : (f.minY, f.maxY)
    }
    let across = (r.leadingInset, r.crossExtent - r.trailingInset)
    let band = (r.placed.lineStart, r.placed.lineStart + r.placed.thickness)
    var boxes = [
      ItemBox(role: .item, rect: r.frame, label: name(p)),
      ItemBox(
        role: .line, rect: rect(cross: across, main: band),
        label: "line \(r.line + 1): \(r.placed.count) item\(r.placed.count == 1 ? "" : "s")"),
    ]
    // The gaps either side of the item on its line, as the line placed them (FLOW-6…9).
    let position = r.position
    for (a, b) in [(position - 1, position), (position, position + 1)]
    where a >= 0 && b < r.lineFrames.count {
      let from = crossRange(r.lineFrames[a]).1
      let to = crossRange(r.lineFrames[b]).0
      guard to > from else { continue }
      boxes.append(
        ItemBox(
          role: .spacing, rect: rect(cross: (from, to), main: band),
          label: spacing("minimumInteritemSpacing", r.interitemSpacing, placed: to - from)))
    }
    // The gaps to the lines before and after (FLOW-3: lineSpacing between lines).
    if let previous = r.previous {
      let end = previous.lineStart + previous.thickness
      if band.0 > end {
        boxes.append(
          ItemBox(
            role: .spacing, rect: rect(cross: across, main: (end, band.0)),
            label: spacing("minimumLineSpacing", r.lineSpacing, placed: band.0 - end)))
      }
    }
    if !r.lastLine,
      let next = layout.resolution(
        ofItemAt: IndexPath(item: r.lineFirstItem + r.placed.count, section: p.section)),
      next.placed.lineStart > band.1
    {
      boxes.append(
        ItemBox(
          role: .spacing, rect: rect(cross: across, main: (band.1, next.placed.lineStart)),
          label: spacing(
            "minimumLineSpacing", r.lineSpacing, placed: next.placed.lineStart - band.1)
        ))
    }
    boxes += sectionInsets(
      g, vertical: vertical, referenced: layout.sectionInsetReference != .fromContentInset)
    return boxes
  }

  /// A flow section's insets: the bands between the section (from its header's end to its
  /// footer's start, across the whole width) and its items' area. Across the lines, a
  /// section-inset reference other than the content inset adds its own insets (FLOW-16):
  /// the band is then labelled as applied, not as `sectionInset`.
  private static func sectionInsets(_ g: FlowSectionGeometry, vertical: Bool, referenced: Bool)
    -> [ItemBox]
  {
    let i = g.insets
    let items = g.items
    let outer: Rect
    let inner: Rect
    if vertical {
      outer = Rect(
        x: g.frame.minX, y: items.minY - i.top, width: g.frame.width,
        height: items.height + i.top + i.bottom)
      inner = Rect(
        x: g.frame.minX + i.left, y: items.minY, width: g.frame.width - i.left - i.right,
        height: items.height)
    } else {
      outer = Rect(
        x: items.minX - i.left, y: g.frame.minY, width: items.width + i.left + i.right,
        height: g.frame.height)
      inner = Rect(
        x: items.minX, y: g.frame.minY + i.top, width: items.width,
        height: g.frame.height - i.top - i.bottom)
    }
    let values = [i.top, i.bottom, i.left, i.right]
    let bands = zip(zip(["top", "bottom", "left", "right"], values), Self.bands(outer, inner))
      .map { ($0.0, $0.1, $1) }
    return bands.compactMap { edge, value, rect in
      guard value > 0, rect.width > 0, rect.height > 0 else { return nil }
      let across = vertical ? edge == "left" || edge == "right" : edge == "top" || edge == "bottom"
      let label =
        referenced && across
        ? "\(edge) inset \(number(value)) (sectionInset and its reference's, FLOW-16)"
        : "sectionInset.\(edge) \(number(value))"
      return ItemBox(role: .inset, rect: rect, label: label)
    }
  }

  // MARK: Compositional

  private static func compositional(
    _ p: IndexPath, _ layout: CollectionViewCompositionalLayout
  ) -> [ItemBox]? {
    guard let r = layout.resolution(ofItemAt: p), let leaf = r.placements.last else { return nil }
    // Each placement is in its group's own coordinates: the outer boxes move the inner.
    var origins: [Point] = []
    var origin = r.groupOrigin
    for placement in r.placements {
      origins.append(origin)
      origin = Point(x: origin.x + placement.box.minX, y: origin.y + placement.box.minY)
    }
    func moved(_ rect: Rect, _ level: Int) -> Rect {
      rect.offsetBy(dx: origins[level].x, dy: origins[level].y)
    }
    var boxes = [ItemBox(role: .item, rect: r.frame, label: name(p))]
    let last = r.placements.count - 1
    boxes += padding(
      outer: moved(leaf.box, last), inner: moved(leaf.frame, last), of: "item's contentInsets")
    for (level, placement) in r.placements.enumerated() {
      let group = moved(Rect(origin: .zero, size: placement.groupSize), level)
      let depth = level == 0 ? "the section's group" : "a nested group"
      boxes.append(
        ItemBox(
          role: .group, rect: group,
          label: "\(depth): \(number(placement.groupSize.width)) × "
            + number(placement.groupSize.height)))
      boxes += padding(
        outer: group, inner: moved(placement.content, level), of: "group's contentInsets")
    }
    boxes += siblingGaps(p, r, leaf, moved(leaf.box, last), layout)
    return boxes
  }

  /// The bands between a box and the same box less its contentInsets.
  private static func padding(outer: Rect, inner: Rect, of what: String) -> [ItemBox] {
    let edges = ["top", "bottom", "leading", "trailing"]
    return zip(edges, bands(outer, inner)).compactMap { edge, band in
      guard band.width > 1e-9, band.height > 1e-9 else { return nil }
      let value = edge == "top" || edge == "bottom" ? band.height : band.width
      return ItemBox(role: .padding, rect: band, label: "\(what).\(edge) \(number(value))")
    }
  }

  /// The four bands between a box and a box inside it, as a browser draws a margin: top
  /// and bottom across the whole width, left (leading) and right (trailing) between them.
  private static func bands(_ outer: Rect, _ inner: Rect) -> [Rect] {
    [
      Rect(x: outer.minX, y: outer.minY, width: outer.width, height: inner.minY - outer.minY),
      Rect(x: outer.minX, y: inner.maxY, width: outer.width, height: outer.maxY - inner.maxY),
      Rect(x: outer.minX, y: inner.minY, width: inner.minX - outer.minX, height: inner.height),
      Rect(x: inner.maxX, y: inner.minY, width: outer.maxX - inner.maxX, height: inner.height),
    ]
  }

  /// The gaps between the item's box and its neighbours' in the same group, along the
  /// group's axis (its interItemSpacing as placed, COMP-4…COMP-6).
  private static func siblingGaps(
    _ p: IndexPath, _ r: CompositionalResolution, _ leaf: GroupPlacement, _ box: Rect,
    _ layout: CollectionViewCompositionalLayout
  ) -> [ItemBox] {
    let group = leaf.group
    let horizontal: Bool
    switch group.arrangement {
    case .horizontal: horizontal = true
    case .vertical: horizontal = false
    case .custom: return []
    }
    var gaps: [ItemBox] = []
    for neighbour in [p.item - 1, p.item + 1] where neighbour >= 0 {
      guard
        let n = layout.resolution(ofItemAt: IndexPath(item: neighbour, section: p.section)),
        n.group == r.group, n.placements.count == r.placements.count,
        let sibling = n.placements.last, sibling.group === group,
        zip(n.placements.dropLast(), r.placements.dropLast()).allSatisfy({ $0.box == $1.box })
      else { continue }
      let other = sibling.box.offsetBy(dx: box.minX - leaf.box.minX, dy: box.minY - leaf.box.minY)
      let (from, to) =
        horizontal
        ? (min(box.maxX, other.maxX), max(box.minX, other.minX))
        : (min(box.maxY, other.maxY), max(box.minY, other.minY))
      guard to - from > 1e-9 else { continue }
      let content = leaf.content.offsetBy(
        dx: box.minX - leaf.box.minX, dy: box.minY - leaf.box.minY)
      let rect =
        horizontal
        ? Rect(x: from, y: content.minY, width: to - from, height: content.height)
        : Rect(x: content.minX, y: from, width: content.width, height: to - from)
      let declared = group.interItemSpacing
      let name =
        declared.map { $0.isFixedSpacing ? "interItemSpacing fixed" : "interItemSpacing flexible" }
        ?? "interItemSpacing"
      gaps.append(
        ItemBox(
          role: .spacing, rect: rect,
          label: spacing(name, declared?.spacing ?? 0, placed: to - from)))
    }
    return gaps
  }
}
