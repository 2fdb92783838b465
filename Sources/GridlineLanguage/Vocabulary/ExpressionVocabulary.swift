/// The words of expressions: literals and logic, the state a script can read, the
/// built-in functions and the element words. Completion offers these (and the lets).
public enum ExpressionKeyword: String, Spelled {
  case `true`, `false`, not, and, or
  /// The absence of a value: what `hit` finds on empty space, `.after` of a deleted item.
  case nothing
  /// `trace.count("…")`: calls of a name in the last step.
  case trace
  /// `reuse.pool("Photo")`: views waiting in a cell reuse pool (DISP-3).
  case reuse

  /// The keyword a name is, if any. The parser asks this for every name it reads, and
  /// `init(rawValue:)` walks a table of strings; a switch compares small strings directly
  /// (a test checks the two agree for every case).
  public static func named(_ name: String) -> ExpressionKeyword? {
    switch name {
    case "true": .true
    case "false": .false
    case "not": .not
    case "and": .and
    case "or": .or
    case "nothing": .nothing
    case "trace": .trace
    case "reuse": .reuse
    default: nil
    }
  }
}

/// The methods an expression may call, each on its own word: `trace.count("…")` and
/// `reuse.pool("…")`. Both take one string and answer a number.
public enum ExpressionMethod: String, CaseIterable, Sendable {
  case traceCount = "trace.count"
  case reusePool = "reuse.pool"

  /// The method `object.method` names, if any.
  public init?(object: String, method: String) {
    self.init(rawValue: object + "." + method)
  }

  /// What the string argument is, for diagnostics.
  var argument: (long: String, short: String) {
    switch self {
    case .traceCount: ("the name of a call", "the call's name")
    case .reusePool: ("a cell reuse identifier", "a cell reuse identifier")
    }
  }

  public var syntax: String {
    switch self {
    case .traceCount: "trace.count(\"CALL\")"
    case .reusePool: "reuse.pool(\"IDENTIFIER\")"
    }
  }

  public var summary: String {
    switch self {
    case .traceCount: "How many calls of that name (UIKit's selector) the last step made."
    case .reusePool:
      "How many cells wait in the reuse pool of that identifier, over the layers (DISP-3)."
    }
  }

  public var example: String {
    switch self {
    case .traceCount: "expect trace.count(\"layoutAttributesForElements(in:)\") == 0"
    case .reusePool: "expect reuse.pool(\"Photo\") <= 2"
    }
  }
}

public enum ExpressionVocabulary {
  /// Every name an expression may start with, in the order completion lists them.
  public static var names: [String] {
    StateName.allCases.map(\.rawValue) + ElementWord.spellings + Builtin.spellings
      + ExpressionKeyword.spellings + ElementRuleName.spellings.filter { $0 != "item" }
      + VisibleItemName.spellings
  }
}

extension Builtin: Spelled {}

/// What `snap { … }` and `on will end dragging { … }` read: where the scroll would rest
/// and how fast the finger left (SV-8, LAY-13).
public enum HookName: String, Spelled {
  /// The proposed resting place: the visible rect there (its origin is the offset).
  case proposed
  /// The velocity at the lift, in points per millisecond.
  case velocity

  var type: ValueType { self == .proposed ? .rect : .point }
}

/// What a compositional section's entries may read besides the script's names: the
/// environment the section provider is called with (`NSCollectionLayoutEnvironment`), as the
/// size of the section's container (`container.effectiveContentSize`). A section that
/// reads it is adaptive: it is built again each time the provider asks, at every layout
/// pass, so it follows the width (Apple's "Adaptive Sections").
public enum ProviderName: String, Spelled {
  case environment

  var type: ValueType { .size }
}

/// What `elements in rect { … }` reads: the rect asked for, and what `prepare` placed, in
/// placement order (the WWDC sample's `cachedAttributes`, MOS-6).
public enum QueryName: String, Spelled {
  case rect, cached

  var type: ValueType { self == .rect ? .rect : .elements }
}

/// The clause of `snap { … }` and `on will end dragging { … }`.
public enum HookClauseKeyword: String, Keyword {
  case target

  public var syntax: String { "target = POINT | ELEMENT" }
  public var summary: String {
    "Where the scroll comes to rest: an offset, or an element to centre on the scroll axis."
  }
  public var example: String { "snap { target = nearest(proposed.midX) }" }
}

/// What a `transform` block may read of the element it restyles. A block that reads one of
/// these, or `bounds` / `offset`, is evaluated for each element each time the layout
/// answers (see `LiveRule`), so a carousel's scale can follow the scroll.
public enum ElementRuleName: String, Spelled {
  case frame, center, item, section

  var type: ValueType {
    switch self {
    case .frame: .rect
    case .center: .point
    case .item, .section: .number
    }
  }

  public var summary: String {
    switch self {
    case .frame: "The element's frame (the layout's, before the transform)."
    case .center: "The centre of the element's frame."
    case .item: "The element's item index (0 for headers, footers and decorations)."
    case .section: "The element's section index."
    }
  }
}

/// The names `on visible items { … }` adds to a transform's (COMP-14): what
/// `NSCollectionLayoutVisibleItem` says of the element beyond its frame and index path.
public enum VisibleItemName: String, Spelled {
  case kind

  var type: ValueType {
    switch self {
    case .kind: .string
    }
  }

  public var summary: String {
    switch self {
    case .kind:
      "The element's kind (the visible item's name): \"cell\", \"header\" or \"footer\" for a cell and the section header and footer, else the kind as written (boundary, supplementary, background)."
    }
  }
}
