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
  /// The section's insets as the pass applied them (FLOW-13/14/16): on the scroll axis,
  /// from the header's end to where the lines start and from the last line's end to where
  /// the footer starts; across it, with the section-inset reference's insets added.
  public var insets: EdgeInsets
  /// FLOW-3's spacings as the pass used them (the delegate's answers for the section).
  public var lineSpacing: Double
  public var interitemSpacing: Double

  public init(
    section: Int, frame: Rect, items: Rect, header: Rect?, footer: Rect?, itemCount: Int,
    insets: EdgeInsets = .zero, lineSpacing: Double = 0, interitemSpacing: Double = 0
  ) {
    self.section = section
    self.frame = frame
    self.items = items
    self.header = header
    self.footer = footer
    self.itemCount = itemCount
    self.insets = insets
    self.lineSpacing = lineSpacing
    self.interitemSpacing = interitemSpacing
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
    // The lines end where the union of the items does: each line is as thick as its
    // thickest item (FLOW-10), and an empty section's union is of no extent at the start.
    let linesEnd = axes.mainRange(items).1
    let before = laidOut.itemsStart - laidOut.headerEnd(axes)
    let after = laidOut.itemsEnd - linesEnd
    let (leading, trailing) = laidOut.itemInsets
    return FlowSectionGeometry(
      section: section,
      frame: axes.rect(
        cross: 0, main: laidOut.start, crossExtent: crossExtent,
        mainExtent: laidOut.end - laidOut.start),
      items: items, header: laidOut.header, footer: laidOut.footer, itemCount: laidOut.count,
      insets: axes.vertical
        ? EdgeInsets(top: before, left: leading, bottom: after, right: trailing)
        : EdgeInsets(top: leading, left: before, bottom: trailing, right: after),
      lineSpacing: laidOut.lineSpacing, interitemSpacing: laidOut.interitemSpacing)
  }
}
