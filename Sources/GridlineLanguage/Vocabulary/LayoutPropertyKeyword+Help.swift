/// `:help layout` lists these; completion shows the syntax beside each.
extension LayoutPropertyKeyword {
  public var syntax: String {
    switch shape {
    case .expression(let rule): "\(spelling) \(rule.placeholder)"
    case .expressionOr(let rule, let word): "\(spelling) \(rule.placeholder) | \(word)"
    case .choice(let words): "\(spelling) " + words.joined(separator: " | ")
    case .toggle: "\(spelling) [on | off]"
    case .flag: spelling
    case .rowAlignments: "rows ALIGNMENT [, last ALIGNMENT]"
    }
  }

  public var summary: String {
    switch self {
    case .scrollDirection: "scrollDirection (default vertical)."
    case .itemSize: "itemSize (default 50 x 50); the grid's cell size."
    case .estimatedItemSize:
      "estimatedItemSize: self-sizing cells start at this size (FLOW-23); automatic = itemSize."
    case .metric(let m): "\(m.uikitName), the default a section's own value overrides (FLOW-4)."
    case .insetReference: "sectionInsetReference (FLOW-16)."
    case .rows: "The private alignment of common rows, and of the last (FLOW-11)."
    case .lastRow: "The private alignment of a section's last row (FLOW-11, OPEN-3)."
    case .itemAlignment: "The private alignment of items inside a row (FLOW-10, FLOW-11)."
    case .pinHeaders: "sectionHeadersPinToVisibleBounds (PIN-1…PIN-6)."
    case .pinnedHeaderStop:
      "Where a pinned header stops as its section leaves (OPEN-2, an engine choice UIKit has no API for): footer start (the default, PIN-2's end of the items) or footer end (over the footer, as a browser's sticky header)."
    case .pinFooters: "sectionFootersPinToVisibleBounds (PIN-4)."
    case .rowHeaderWidth: "The sticky grid's row-header column width."
    case .columnHeaderHeight: "The sticky grid's column-header row height."
    case .stickyRows: "Whether the grid's row headers stay on screen while scrolling across."
    case .stickyColumns: "Whether the grid's column headers stay on screen while scrolling down."
    case .shows: "Which elements this grid layer shows (the two-layer design)."
    }
  }

  public var example: String {
    switch self {
    case .scrollDirection: "layout flow { scroll horizontal }"
    case .itemSize: "layout flow { item size 100 x 100 }"
    case .estimatedItemSize: "layout flow { estimated item size automatic }"
    case .metric(.headerSize): "layout flow { header size 0 x 44 }"
    case .metric(.footerSize): "layout flow { footer size 0 x 30 }"
    case .metric(.insets): "layout flow { insets (top: 10, left: 16, bottom: 10, right: 16) }"
    case .metric(.lineSpacing): "layout flow { line spacing 8 }"
    case .metric(.interitemSpacing): "layout flow { interitem spacing 4 }"
    case .insetReference: "layout flow { inset reference safe area }"
    case .rows: "layout flow { rows left, last center }"
    case .lastRow: "layout flow { last row right }"
    case .itemAlignment: "layout flow { items top }"
    case .pinHeaders: "layout flow { pin headers }"
    case .pinnedHeaderStop: "layout flow { pin headers; pin headers stop at footer end }"
    case .pinFooters: "layout flow { pin footers }"
    case .rowHeaderWidth: "layout grid { row header width 80 }"
    case .columnHeaderHeight: "layout grid { column header height 40 }"
    case .stickyRows: "layout grid { sticky rows off }"
    case .stickyColumns: "layout grid { sticky columns on }"
    case .shows: "layout grid { shows headers }"
    }
  }
}

extension ValueRule {
  /// How grammar.md names a value of this rule.
  public var placeholder: String {
    switch self {
    case .number, .positiveNumber: "NUMBER"
    case .wholeNumber: "N"
    case .insets: "INSETS"
    case .itemSize, .referenceSize: "SIZE"
    }
  }
}
