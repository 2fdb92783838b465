/// How a flow layout placed a section's header or footer, as its queries place it (`why
/// header`): where it sits without pinning (FLOW-13, FLOW-14) and, when its kind is pinned,
/// the terms PIN-2 (headers) or PIN-4 (footers) chose between. Main-axis values are along
/// the scroll axis (y for a vertical layout, x for a horizontal one).
public struct SupplementaryResolution: Sendable, Hashable {
  /// Which term decided the position.
  public enum Decision: Sendable, Hashable {
    /// Its kind is not pinned: it stays at its natural place.
    case notPinned
    /// Pinned, but the visible edge has not reached it: at its natural place (PIN-3 when
    /// the content is pulled past its start).
    case resting
    /// On the visible edge (the top for a header, the bottom for a footer).
    case pinned
    /// Held by its section: a header pushed back by the section's end, a footer stopped at
    /// the header's end.
    case stopped
  }

  public var kind: String
  public var indexPath: IndexPath
  public var vertical: Bool
  public var frame: Rect
  /// The frame without pinning.
  public var natural: Rect
  /// The section's extent on the main axis, and where its items' area starts (after the
  /// header and the top inset) and ends (after the bottom inset, where the footer starts:
  /// PIN-2's Es).
  public var sectionStart: Double
  public var sectionEnd: Double
  public var itemsStart: Double
  public var itemsEnd: Double
  /// Whether this kind is pinned (`sectionHeadersPinToVisibleBounds` or the footers').
  public var pins: Bool
  /// OPEN-2: where a pinned header's travel ends.
  public var headerStop: PinnedHeaderStop
  /// The content offset on the main axis, the adjusted content inset at the pinning edge
  /// (leading for a header, trailing for a footer), and the bounds' extent.
  public var offset: Double
  public var adjustedInset: Double
  public var boundsExtent: Double
  /// The visible edge's term: `offset + adj.leading` for a header; for a footer
  /// `offset + extent − adj.trailing − f`, where its leading edge would be.
  public var edge: Double
  /// The section's term: a header's `Es − h`, a footer's `Ss` (the header's end).
  public var limit: Double
  public var decision: Decision
}

extension CollectionViewFlowLayout {
  /// How the section's header or footer of `kind` at `indexPath` got the frame the layout
  /// answers now: nil when the section has none (or the kind is neither). The same
  /// functions as the layout's queries, with what they were given.
  public func resolution(ofSupplementaryKind kind: String, at indexPath: IndexPath)
    -> SupplementaryResolution?
  {
    guard sections.indices.contains(indexPath.section), let cv = collectionView else {
      return nil
    }
    let isHeader = kind == ElementKind.sectionHeader
    guard isHeader || kind == ElementKind.sectionFooter else { return nil }
    let section = sections[indexPath.section]
    guard let natural = isHeader ? section.header : section.footer else { return nil }
    // The axis the sections were laid out along, as the queries read them.
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let (start, end) = axes.mainRange(natural)
    let extent = end - start
    let adj = cv.adjustedContentInset
    let (low, high) = axes.mainRange(cv.bounds)
    let pins = isHeader ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
    let edges = Self.visibleEdges(cv, axes)
    let edge = isHeader ? edges.leading : edges.trailing - extent
    let limit = isHeader ? headerLimit(section, extent: extent) : section.headerEnd(axes)
    let position =
      !pins
      ? start
      : isHeader
        ? Self.pinnedHeader(edge: edge, natural: start, limit: limit)
        : Self.pinnedFooter(edge: edge, natural: start, limit: limit)
    // Which term decided, by comparing the terms as the min and max do: the natural place
    // when the edge has not passed it, else the section's limit when the edge passes that,
    // else the edge.
    let decision: SupplementaryResolution.Decision
    if !pins {
      decision = .notPinned
    } else if isHeader ? edge <= start : edge >= start {
      decision = limit == start || (isHeader ? limit > start : limit < start) ? .resting : .stopped
    } else if isHeader ? edge > limit : edge < limit {
      decision = .stopped
    } else {
      decision = .pinned
    }
    return SupplementaryResolution(
      kind: kind, indexPath: IndexPath(item: 0, section: indexPath.section),
      vertical: axes.vertical, frame: moved(natural, to: position, axes), natural: natural,
      sectionStart: section.start, sectionEnd: section.end, itemsStart: section.itemsStart,
      itemsEnd: section.itemsEnd, pins: pins, headerStop: pinnedHeaderStop,
      offset: low, adjustedInset: isHeader ? axes.mainLeading(adj) : axes.mainTrailing(adj),
      boundsExtent: high - low, edge: edge, limit: limit, decision: decision)
  }
}
