/// One laid-out section's natural geometry — what a subclass that adds elements per
/// section (a background behind each section's items, the classic decoration view) needs.
/// Apple's sample code derives it from the first and last items' attributes; the flow
/// layout knows it exactly, empty sections included. Engine API, not UIKit's.
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

  public init(
    section: Int, frame: Rect, items: Rect, header: Rect?, footer: Rect?, itemCount: Int
  ) {
    self.section = section
    self.frame = frame
    self.items = items
    self.header = header
    self.footer = footer
    self.itemCount = itemCount
  }
}

extension CollectionViewFlowLayout {
  /// How many sections the last pass laid out (zero before the first pass and after one
  /// that ended in a FLOW-19 exception).
  public var numberOfLaidOutSections: Int { sections.count }

  /// The natural (unpinned) geometry of section `section` as the last pass laid it out;
  /// nil outside `0..<numberOfLaidOutSections`. Costs O(items in the section).
  public func geometry(ofSection section: Int) -> FlowSectionGeometry? {
    guard sections.indices.contains(section) else { return nil }
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let crossExtent = axes.vertical ? contentSize.width : contentSize.height
    let laidOut = sections[section]
    var items = Rect.null
    for i in laidOut.firstCell..<(laidOut.firstCell + laidOut.count) {
      items = items.union(cells.frame(at: i))
    }
    if items.isNull {
      let (leading, trailing) = laidOut.itemInsets
      items = axes.rect(
        cross: leading, main: laidOut.itemsStart,
        crossExtent: max(0, crossExtent - leading - trailing), mainExtent: 0)
    }
    return FlowSectionGeometry(
      section: section,
      frame: axes.rect(
        cross: 0, main: laidOut.start, crossExtent: crossExtent,
        mainExtent: laidOut.end - laidOut.start),
      items: items, header: laidOut.header, footer: laidOut.footer, itemCount: laidOut.count)
  }
}
