/// `layout flow` / `layout grid`.
public enum LayoutKind: String, Spelled {
  case flow, grid
  /// `layout compositional { section { group … { item … } } }` (COMP-1…COMP-15).
  case compositional
  /// `layout custom NAME { … }`: a layout the script writes (MOS, LAY-1…LAY-7).
  case custom
}

/// What a property's value is, as the parser reads it and the checker checks it. A new
/// property with an existing shape needs no parser or checker code of its own.
public enum ValueShape: Hashable, Sendable {
  /// An expression of the rule's type, range-checked by the rule.
  case expression(ValueRule)
  /// One of these phrases.
  case choice([String])
  /// An expression of the rule's type, or the one word.
  case expressionOr(ValueRule, word: String)
  /// `[on | off]`, on when omitted.
  case toggle
  /// Nothing follows.
  case flag
  /// `ALIGNMENT [, last ALIGNMENT]` (FLOW-11's two row alignments).
  case rowAlignments
}

/// The type a property's expression has, and the range it must lie in.
public enum ValueRule: Hashable, Sendable {
  case number
  case positiveNumber
  case wholeNumber
  case insets
  /// A size every item can take (FLOW-19: positive).
  case itemSize
  /// A header or footer size (FLOW-14: not negative; zero means none).
  case referenceSize
}

/// The clauses a layout and a section both have: the layout's value is the default that a
/// section's (the delegate's answer, FLOW-4) overrides. Described once, read by both.
public enum FlowMetric: String, Spelled {
  case headerSize = "header size"
  case footerSize = "footer size"
  case insets
  case lineSpacing = "line spacing"
  case interitemSpacing = "interitem spacing"

  public var rule: ValueRule {
    switch self {
    case .headerSize, .footerSize: .referenceSize
    case .insets: .insets
    case .lineSpacing, .interitemSpacing: .number
    }
  }

  /// The flow layout property (and delegate method) it models.
  public var uikitName: String {
    switch self {
    case .headerSize: "headerReferenceSize"
    case .footerSize: "footerReferenceSize"
    case .insets: "sectionInset"
    case .lineSpacing: "minimumLineSpacing"
    case .interitemSpacing: "minimumInteritemSpacing"
    }
  }

  /// The phrase diagnostics use ("the line spacing").
  public var what: String { self == .insets ? "the section insets" : "the \(spelling)" }
}

/// The properties inside `layout flow { }` and `layout grid { }` (grammar.md, Layouts).
public enum LayoutPropertyKeyword: Keyword {
  case scrollDirection
  case itemSize
  case estimatedItemSize
  case metric(FlowMetric)
  case insetReference
  case rows
  case lastRow
  case itemAlignment
  case pinHeaders
  /// OPEN-2's engine choice: where a pinned header stops.
  case pinnedHeaderStop
  case pinFooters
  case rowHeaderWidth
  case columnHeaderHeight
  case stickyRows
  case stickyColumns
  case shows

  public static let allCases: [LayoutPropertyKeyword] =
    [.scrollDirection, .itemSize, .estimatedItemSize] + FlowMetric.allCases.map(Self.metric)
    + [
      .insetReference, .rows, .lastRow, .itemAlignment, .pinHeaders, .pinnedHeaderStop,
      .pinFooters,
      .rowHeaderWidth, .columnHeaderHeight, .stickyRows, .stickyColumns, .shows,
    ]

  public var spelling: String {
    switch self {
    case .scrollDirection: "scroll"
    case .itemSize: "item size"
    case .estimatedItemSize: "estimated item size"
    case .metric(let m): m.spelling
    case .insetReference: "inset reference"
    case .rows: "rows"
    case .lastRow: "last row"
    case .itemAlignment: "items"
    case .pinHeaders: "pin headers"
    case .pinnedHeaderStop: "pin headers stop at"
    case .pinFooters: "pin footers"
    case .rowHeaderWidth: "row header width"
    case .columnHeaderHeight: "column header height"
    case .stickyRows: "sticky rows"
    case .stickyColumns: "sticky columns"
    case .shows: "shows"
    }
  }

  public var aliases: [String] {
    switch self {
    case .estimatedItemSize: ["estimated size"]
    case .lastRow: ["last"]
    default: []
    }
  }

  /// The layouts that have the property.
  public var layouts: [LayoutKind] {
    switch self {
    case .itemSize: [.flow, .grid]
    case .scrollDirection: [.flow, .compositional]
    case .rowHeaderWidth, .columnHeaderHeight, .stickyRows, .stickyColumns, .shows: [.grid]
    default: [.flow]
    }
  }

  public var shape: ValueShape {
    switch self {
    case .scrollDirection: .choice(ScrollDirectionWord.spellings)
    case .itemSize: .expression(.itemSize)
    case .estimatedItemSize: .expressionOr(.itemSize, word: "automatic")
    case .metric(let m): .expression(m.rule)
    case .insetReference: .choice(InsetReference.spellings)
    case .rows: .rowAlignments
    case .lastRow: .choice(RowAlignment.spellings)
    case .itemAlignment: .choice(ItemAlignment.spellings)
    case .rowHeaderWidth, .columnHeaderHeight: .expression(.positiveNumber)
    case .pinHeaders, .pinFooters, .stickyRows, .stickyColumns: .toggle
    case .shows: .choice(GridShows.spellings)
    case .pinnedHeaderStop: .choice(PinnedHeaderStopWord.spellings)
    }
  }

  public var continuations: [String] { shape.words }

  /// The phrase diagnostics use ("the item size", "the section insets").
  public var what: String {
    if case .metric(let m) = self { return m.what }
    return "the \(spelling)"
  }
}

extension ValueShape {
  /// The words a value of this shape may start with (for completion).
  public var words: [String] {
    switch self {
    case .choice(let words): words
    case .expressionOr(_, let word): [word]
    case .toggle: Toggle.spellings
    case .rowAlignments: RowAlignment.spellings
    case .expression, .flag: []
    }
  }
}

/// FLOW-16's `sectionInsetReference`.
public enum InsetReference: String, Spelled {
  case contentInset = "content inset"
  case safeArea = "safe area"
  case layoutMargins = "layout margins"
}

/// OPEN-2: where a pinned header stops (`pin headers stop at footer end`).
public enum PinnedHeaderStopWord: String, Spelled {
  case footerStart = "footer start"
  case footerEnd = "footer end"
}

/// FLOW-11's horizontal row alignment.
public enum RowAlignment: String, Spelled {
  case justify, left, center, right
}

/// FLOW-11's vertical alignment of items inside a row.
public enum ItemAlignment: String, Spelled {
  case top, center, bottom
}

/// `inset adjustment …` (`contentInsetAdjustmentBehavior`, SV-2).
public enum InsetAdjustment: String, Spelled {
  case automatic
  case scrollableAxes = "scrollable axes"
  case never, always
}

/// `scroll vertical | horizontal` (`UICollectionView.ScrollDirection`).
public enum ScrollDirectionWord: String, Spelled {
  case vertical, horizontal
}

/// The grid's `shows`: which elements a layer of the two-layer design draws.
public enum GridShows: String, Spelled {
  case cells, headers, all
}
