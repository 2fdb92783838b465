/// The properties inside `section … { }`: the flow delegate's answers for one section
/// (FLOW-4), with the clauses shared with the layout described once in `FlowMetric`.
public enum SectionPropertyKeyword: Keyword {
  /// `item ITEMS size|preferred|text …`
  case items
  case metric(FlowMetric)

  public static let allCases: [SectionPropertyKeyword] =
    [.items] + FlowMetric.allCases.map(Self.metric)

  public var spelling: String {
    switch self {
    case .items: "item"
    case .metric(let m): m.spelling
    }
  }

  public var aliases: [String] { self == .items ? ["items"] : [] }

  public var syntax: String {
    switch self {
    case .items: "item ITEMS ( size SIZE | preferred SIZE | text \"…\" )"
    case .metric(let m): "\(m.spelling) \(m.rule.placeholder)"
    }
  }

  public var summary: String {
    switch self {
    case .items:
      "Per-item sizes (sizeForItemAt, FLOW-4) or, for self-sizing, what the cells report (FLOW-23)."
    case .metric(let m): "This section's \(m.uikitName) (the delegate's answer, FLOW-4)."
    }
  }

  public var example: String {
    switch self {
    case .items: "section items 3 { item 0...2 size 100 x 40 }"
    case .metric(.headerSize): "section items 3 { header size 0 x 44 }"
    case .metric(.footerSize): "section items 3 { footer size 0 x 30 }"
    case .metric(.insets): "section items 3 { insets 8 }"
    case .metric(.lineSpacing): "section items 3 { line spacing 2 }"
    case .metric(.interitemSpacing): "section items 3 { interitem spacing 2 }"
    }
  }

  public var continuations: [String] { [] }
}

/// What follows the items of `item ITEMS …` in a section.
public enum ItemClause: String, Spelled {
  /// `sizeForItemAt`; the size may use `item` and `section`.
  case size
  /// Self-sizing: the size the cells report (`preferredLayoutAttributesFitting`).
  case preferred
  /// Self-sizing: the cell measures its text with `text metrics`.
  case text
}
