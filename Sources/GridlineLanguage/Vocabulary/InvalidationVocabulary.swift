/// `invalidate on bounds change` / `invalidate on size change`: a trigger, what a layout's
/// `shouldInvalidateLayout(forBoundsChange:)` override says (LAY-8…LAY-11).
public enum TriggerKeyword: String, Keyword {
  case boundsChange = "on bounds change"
  case sizeChange = "on size change"

  public var syntax: String { "invalidate \(rawValue) [when CONDITION] [ { ACTION … } ]" }

  public var summary: String {
    switch self {
    case .boundsChange: "Invalidate on every bounds change (scrolls too) where the condition holds."
    case .sizeChange: "Invalidate only when the bounds size changes (a resize or rotation)."
    }
  }

  public var example: String {
    switch self {
    case .boundsChange: "invalidate on bounds change when new.minY > 100 { items [0, 0] }"
    case .sizeChange: "invalidate on size change { everything }"
    }
  }

  public var continuations: [String] { ["when"] }
}

/// What an invalidation context names: in a trigger's block, or after `invalidate`.
public enum TriggerActionKeyword: String, Keyword {
  case items
  case headers
  case footers
  case supplementary
  case decoration
  case flag
  case everything

  public var aliases: [String] {
    switch self {
    case .items: ["item"]
    case .headers: ["header"]
    case .footers: ["footer"]
    default: []
    }
  }

  public var syntax: String {
    switch self {
    case .items, .headers, .footers: "\(rawValue) INDEXPATH, …"
    case .supplementary, .decoration: "\(rawValue) \"KIND\" INDEXPATH, …"
    case .flag: "flag NAME"
    case .everything: "everything"
    }
  }

  public var summary: String {
    switch self {
    case .items: "invalidateItems(at:)."
    case .headers, .footers: "invalidateSupplementaryElements(ofKind:at:) for section \(rawValue)."
    case .supplementary: "invalidateSupplementaryElements(ofKind:at:)."
    case .decoration: "invalidateDecorationElements(ofKind:at:)."
    case .flag: "A field of the layout's own context class, read by `on invalidate when flag`."
    case .everything: "invalidateFlowLayoutAttributes: recompute every frame (LAY-11)."
    }
  }

  public var example: String {
    switch self {
    case .items, .headers, .footers: "invalidate \(rawValue) [0, 0]"
    case .supplementary: "invalidate supplementary \"Badge\" [0, 0]"
    case .decoration: "invalidate decoration \"background\" [0, 0]"
    case .flag: "invalidate flag footer"
    case .everything: "invalidate everything"
    }
  }
}

/// The one clause of `on invalidate when flag NAME { … }`.
public enum FlagHandlerKeyword: String, Keyword {
  case recomputeDecoration = "recompute decoration"

  public var syntax: String { "recompute decoration \"KIND\", …" }
  public var summary: String { "Recompute only these decorations when the flag is set." }
  public var example: String {
    "on invalidate when flag footer { recompute decoration \"Footer\" }"
  }
}

/// The entries of `text metrics { }`: the monospace model self-sizing cells measure with.
public enum TextMetricKeyword: String, Keyword {
  case characterWidth = "character width"
  case lineHeight = "line height"
  case padding

  public var syntax: String { "\(rawValue) NUMBER" }
  public var summary: String {
    switch self {
    case .characterWidth: "The width of one character (positive)."
    case .lineHeight: "The height of one line (positive)."
    case .padding: "Space around the text, on every side (not negative)."
    }
  }
  public var example: String { "text metrics { \(rawValue) 10 }" }
}

/// The entries of `decoration "KIND" for each section { }`.
public enum DecorationPropertyKeyword: String, Keyword {
  case frame
  case z

  public var syntax: String { self == .frame ? "frame = RECT" : "z N" }
  public var summary: String {
    self == .frame
      ? "The decoration's frame; `section` is the section's geometry." : "zIndex (default −1)."
  }
  public var example: String {
    "decoration \"background\" for each section { frame = section.frame\(self == .z ? "; z -2" : "") }"
  }
}
