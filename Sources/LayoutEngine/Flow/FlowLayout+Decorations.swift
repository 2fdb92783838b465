/// A decoration view the flow layout adds to every section, e.g. the classic background
/// behind a section's items (zIndex −1). `frame` receives the section's geometry and
/// returns the decoration's frame, or nil for no decoration in that section.
public struct FlowDecoration: @unchecked Sendable {
  public var kind: String
  public var zIndex: Int
  public var frame: (FlowSectionGeometry) -> Rect?

  public init(kind: String, zIndex: Int = -1, frame: @escaping (FlowSectionGeometry) -> Rect?) {
    self.kind = kind
    self.zIndex = zIndex
    self.frame = frame
  }
}

/// What a decoration may be computed from: one section's natural geometry.
public struct FlowSectionGeometry: Hashable, Sendable {
  public var section: Int
  /// The whole section on the scroll axis — header, insets, items, footer — across the
  /// full cross extent.
  public var frame: Rect
  /// The union of the section's item frames; for a section without items, a rect of no
  /// height at the items' start, between the section insets.
  public var items: Rect
  public var header: Rect?
  public var footer: Rect?
  public var itemCount: Int
}

/// One decoration of the last pass.
struct DecorationEntry {
  var decoration: Int
  var section: Int
  var frame: Rect
}

extension CollectionViewFlowLayout {
  /// The geometry of section `s` as laid out (natural, unpinned).
  func geometry(ofSection s: Int, crossExtent: Double, axes: FlowAxes) -> FlowSectionGeometry {
    let section = sections[s]
    var items = Rect.null
    for i in section.firstCell..<(section.firstCell + section.count) {
      items = items.union(cells.frame(at: i))
    }
    if items.isNull {
      let (leading, trailing) = section.itemInsets
      items = axes.rect(
        cross: leading, main: section.itemsStart,
        crossExtent: max(0, crossExtent - leading - trailing), mainExtent: 0)
    }
    return FlowSectionGeometry(
      section: s,
      frame: axes.rect(
        cross: 0, main: section.start, crossExtent: crossExtent,
        mainExtent: section.end - section.start),
      items: items, header: section.header, footer: section.footer, itemCount: section.count)
  }

  /// Computes the decorations of every section (or only those of `onlyKinds`, keeping the
  /// others) and indexes them for rect queries.
  func computeDecorations(crossExtent: Double, axes: FlowAxes, onlyKinds: Set<String>? = nil) {
    if let onlyKinds {
      decorationEntries.removeAll { onlyKinds.contains(decorations[$0.decoration].kind) }
    } else {
      decorationEntries.removeAll(keepingCapacity: true)
    }
    guard !decorations.isEmpty else {
      decorationIndex = AttributeIndex(axis: cells.axis)
      return
    }
    let before = decorationEntries.count
    for s in sections.indices {
      let geometry = geometry(ofSection: s, crossExtent: crossExtent, axes: axes)
      for (d, decoration) in decorations.enumerated()
      where onlyKinds.map({ $0.contains(decoration.kind) }) ?? true {
        if let frame = decoration.frame(geometry), !frame.isNull, frame.minX.isFinite,
          frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite
        {
          decorationEntries.append(DecorationEntry(decoration: d, section: s, frame: frame))
        }
      }
    }
    decorationIndex = AttributeIndex(
      axis: cells.axis, unsortedFrames: decorationEntries.map(\.frame))
    // A partial pass answers a flag whose context already named (and counted) them.
    if onlyKinds == nil { recomputedAttributes += decorationEntries.count - before }
  }
}
