extension CollectionViewFlowLayout {
  /// Sections overlapping `rect` in order; in each, the header, the cells (index order)
  /// and the footer that intersect it (GEO-5). Pinned headers and
  /// footers are tested at their pinned place, so one that meets the rect only there is
  /// still returned (PIN-5).
  func elements(in rect: Rect) -> [LayoutAttributes] {
    let r = rect.standardized
    if r.isNull || sections.isEmpty { return [] }
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let pins = pinning(axes)
    let (low, high) = axes.mainRange(r)
    var result: [LayoutAttributes] = []
    // An answer longer than the collection view's pass takes is refused whole: past it,
    // building it would only cost memory (millions of tiny items on screen).
    let limit = collectionView?.answerLimit ?? .max
    var s = firstSection(endingAtOrAfter: low)
    while sectionsRemain(s, startingBefore: high) && result.count <= limit {
      let section = sections[s]
      if let header = headerFrame(section, pins, axes), header.intersects(r) {
        result.append(supplementary(ElementKind.sectionHeader, s, header))
      }
      let first = section.firstCell
      cells.forEach(intersecting: r, positions: first..<(first + section.count)) { i in
        guard result.count <= limit else { return }
        result.append(
          LayoutAttributes(
            category: .cell, kind: nil, indexPath: IndexPath(item: i - first, section: s),
            frame: cells.frame(at: i)))
      }
      if let footer = footerFrame(section, pins, axes), footer.intersects(r) {
        result.append(supplementary(ElementKind.sectionFooter, s, footer))
      }
      s += 1
    }
    return result
  }

  func item(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    return LayoutAttributes(
      category: .cell, kind: nil, indexPath: indexPath,
      frame: cells.frame(at: section.firstCell + indexPath.item))
  }

  /// Headers and footers live at item 0 of their section (FLOW-14), at their pinned place
  /// when pinning is on.
  func supplementary(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
    let section = sections[indexPath.section]
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let pins = pinning(axes)
    let frame =
      kind == ElementKind.sectionHeader
      ? headerFrame(section, pins, axes)
      : kind == ElementKind.sectionFooter ? footerFrame(section, pins, axes) : nil
    return frame.map { supplementary(kind, indexPath.section, $0) }
  }

  /// FLOW-18: flow headers and footers carry zIndex 10. OPEN-2: a pinned one keeps 10,
  /// which is enough to draw above the cells (zIndex 0).
  func supplementary(_ kind: String, _ section: Int, _ frame: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      category: .supplementaryView, kind: kind, indexPath: IndexPath(item: 0, section: section),
      frame: frame)
    attributes.zIndex = 10
    return attributes
  }

  /// The frame a header or footer would have without pinning (for `show` and pictures).
  public func naturalFrame(ofSupplementaryKind kind: String, inSection section: Int) -> Rect? {
    guard sections.indices.contains(section) else { return nil }
    return kind == ElementKind.sectionHeader
      ? sections[section].header
      : kind == ElementKind.sectionFooter ? sections[section].footer : nil
  }
}

/// OPEN-2: where a pinned header's travel ends (`CollectionViewFlowLayout.pinnedHeaderStop`).
public enum PinnedHeaderStop: Hashable, Sendable {
  /// PIN-2's Es: the end of the section's items, where its footer starts.
  case footerStart
  /// The end of the section, its footer included.
  case footerEnd
}

/// The visible edges pinned elements stick to, fixed for one query.
struct Pinning {
  var headers: Bool
  var footers: Bool
  /// `offset + adj.leading` on the scroll axis: where a pinned header's top goes.
  var leadingEdge: Double
  /// `offset + bounds extent − adj.trailing`: where a pinned footer's bottom goes.
  var trailingEdge: Double
}

extension CollectionViewFlowLayout {
  func pinning(_ axes: FlowAxes) -> Pinning? {
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds,
      let cv = collectionView
    else { return nil }
    let edges = Self.visibleEdges(cv, axes)
    return Pinning(
      headers: sectionHeadersPinToVisibleBounds, footers: sectionFootersPinToVisibleBounds,
      leadingEdge: edges.leading, trailingEdge: edges.trailing)
  }

  /// The visible area's edges on the scroll axis, where pinned elements stick: the bounds
  /// less the adjusted content inset (PIN-2, PIN-4).
  static func visibleEdges(_ cv: CollectionView, _ axes: FlowAxes) -> (
    leading: Double, trailing: Double
  ) {
    let adj = cv.adjustedContentInset
    let (low, high) = axes.mainRange(cv.bounds)
    return (low + axes.mainLeading(adj), high - axes.mainTrailing(adj))
  }

  /// PIN-2: a pinned header sits at `min(max(offset + adj.leading, Hs), Es − h)`, Hs its
  /// natural position, Es the end of the section's items (OPEN-2: `itemsEnd`, the
  /// footer's natural start, so the header leaves as inset.bottom ends; with
  /// `pinnedHeaderStop = .footerEnd`, the section's end). PIN-3: the `max`
  /// keeps it moving with the content when pulled past the top. PIN-6: an empty section
  /// gives it inset.top + inset.bottom of travel.
  func headerFrame(_ section: FlowSection, _ pins: Pinning?, _ axes: FlowAxes) -> Rect? {
    guard let natural = section.header else { return nil }
    guard let pins, pins.headers else { return natural }
    let (start, end) = axes.mainRange(natural)
    let pinned = Self.pinnedHeader(
      edge: pins.leadingEdge, natural: start, limit: headerLimit(section, extent: end - start))
    return moved(natural, to: pinned, axes)
  }

  /// PIN-2's `Es − h`: where a pinned header's travel ends (OPEN-2's choice of Es).
  func headerLimit(_ section: FlowSection, extent: Double) -> Double {
    (pinnedHeaderStop == .footerEnd ? section.end : section.itemsEnd) - extent
  }

  /// PIN-2's position of a pinned header: the visible leading edge, not before its
  /// natural place (PIN-3), not past its limit.
  @inline(__always)
  static func pinnedHeader(edge: Double, natural: Double, limit: Double) -> Double {
    min(max(edge, natural), limit)
  }

  /// PIN-4: a pinned footer sits at `max(min(offset + extent − adj.trailing − f, Fs), Ss)`,
  /// Fs its natural position, Ss the end of the section's header.
  func footerFrame(_ section: FlowSection, _ pins: Pinning?, _ axes: FlowAxes) -> Rect? {
    guard let natural = section.footer else { return nil }
    guard let pins, pins.footers else { return natural }
    let (start, end) = axes.mainRange(natural)
    let pinned = Self.pinnedFooter(
      edge: pins.trailingEdge - (end - start), natural: start, limit: section.headerEnd(axes))
    return moved(natural, to: pinned, axes)
  }

  /// PIN-4's position of a pinned footer: its trailing edge on the visible one (`edge` is
  /// where its leading edge then is), not after its natural place, not before `limit`.
  @inline(__always)
  static func pinnedFooter(edge: Double, natural: Double, limit: Double) -> Double {
    max(min(edge, natural), limit)
  }

  func moved(_ frame: Rect, to main: Double, _ axes: FlowAxes) -> Rect {
    var f = frame
    if axes.vertical { f.origin.y = main } else { f.origin.x = main }
    return f
  }
}
