/// What `transform` applies to (grammar.md, Transforms).
public enum TransformSelectorKeyword: String, Keyword {
  case items
  case item
  case headers
  case header
  case footers
  case footer
  case supplementary
  case decorations
  case everything
  case highlightedItems = "highlighted items"
  case selectedItems = "selected items"

  public var syntax: String {
    switch self {
    case .items: "transform items [in section S] { … }"
    case .item, .header, .footer: "transform \(rawValue) INDEXPATH { … }"
    case .supplementary, .decorations: "transform \(rawValue) \"KIND\" { … }"
    case .headers, .footers, .everything, .highlightedItems, .selectedItems:
      "transform \(rawValue) { … }"
    }
  }

  public var summary: String {
    switch self {
    case .items: "Every cell, or the cells of one section."
    case .item: "One cell."
    case .headers, .footers: "Every section \(rawValue.dropLast())."
    case .header, .footer: "One section's \(rawValue)."
    case .supplementary: "Every supplementary view of a kind."
    case .decorations: "Every decoration view of a kind."
    case .everything: "Every element."
    case .highlightedItems:
      "The cells a finger holds highlighted, restyled by a targeted invalidation as it changes."
    case .selectedItems: "The selected cells, restyled by a targeted invalidation as they change."
    }
  }

  public var example: String {
    switch self {
    case .items: "transform items in section 0 { alpha 0.5 }"
    case .item: "transform item [0, 1] { scale 1.2 }"
    case .header, .footer: "transform \(rawValue) [0] { z 20 }"
    case .supplementary, .decorations: "transform \(rawValue) \"Badge\" { hidden }"
    case .headers, .footers, .everything: "transform \(rawValue) { alpha 0.9 }"
    case .highlightedItems: "transform highlighted items { scale 1.1 }"
    case .selectedItems: "transform selected items { alpha 0.6 }"
    }
  }

  public var continuations: [String] { self == .items ? ["in section"] : [] }
}

/// The operations inside `transform … { }`, applied in order to a copy of the attributes
/// the layout returns (FLOW-22).
public enum TransformOperationKeyword: String, Keyword {
  case rotate
  case scale
  case translate
  case perspective
  case alpha
  case z
  case hidden

  public var syntax: String {
    switch self {
    case .rotate: "rotate [x | y] DEGREES"
    case .scale: "scale NUMBER | SX x SY"
    case .translate: "translate (DX, DY)"
    case .perspective: "perspective DISTANCE"
    case .alpha: "alpha NUMBER"
    case .z: "z N"
    case .hidden: "hidden [BOOL]"
    }
  }

  public var summary: String {
    switch self {
    case .rotate: "transform3D: a turn about z, or about x or y for a 3D turn."
    case .scale: "transform3D: a scale about the centre."
    case .translate: "transform3D: a move."
    case .perspective: "transform3D.m34 = −1 / distance, for 3D turns."
    case .alpha: "alpha, between 0 and 1."
    case .z: "zIndex: higher is in front."
    case .hidden: "isHidden."
    }
  }

  public var example: String {
    switch self {
    case .rotate: "transform items { rotate y 30 }"
    case .scale: "transform items { scale 0.8 }"
    case .translate: "transform items { translate (10, 0) }"
    case .perspective: "transform items { perspective 500; rotate y 20 }"
    case .alpha: "transform items { alpha 0.5 }"
    case .z: "transform items { z 3 }"
    case .hidden: "transform items { hidden }"
    }
  }

  public var continuations: [String] { self == .rotate ? ["x", "y"] : [] }
}
