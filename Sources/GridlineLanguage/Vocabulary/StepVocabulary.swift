/// What follows `scroll` (grammar.md, Steps).
public enum ScrollKeyword: String, Keyword {
  case toX = "to x"
  case toY = "to y"
  case toItem = "to item"
  case toHeader = "to header"
  case toFooter = "to footer"
  case toSection = "to section"
  case to
  case byX = "by x"
  case byY = "by y"
  case by
  case rect
  case section

  public var syntax: String {
    switch self {
    case .section: "scroll section N to x | y NUMBER"
    case .toX, .toY, .byX, .byY: "scroll \(rawValue) NUMBER"
    case .to, .by: "scroll \(rawValue) (X, Y)"
    case .toItem: "scroll to item INDEXPATH [at POSITION {, POSITION}]"
    case .toHeader, .toFooter: "scroll \(rawValue) [S] [at POSITION {, POSITION}]"
    case .toSection: "scroll to section S [at POSITION {, POSITION}]"
    case .rect: "scroll rect RECT visible"
    }
  }

  public var summary: String {
    switch self {
    case .toX, .toY, .to: "setContentOffset(_:animated:), not clamped (SV-4)."
    case .byX, .byY, .by:
      "Moves the offset by a distance, as a finger would (settles in range, SV-3)."
    case .toItem:
      "scrollToItem(at:at:), clamped (SV-12): at most one position per axis (top, centered vertically, bottom; left, centered horizontally, right), `center` the layout's scroll axis."
    case .rect: "scrollRectToVisible(_:animated:), clamped (SV-5)."
    case .toHeader, .toFooter:
      "scrollToItem's arithmetic on the frame the layout answers for the section's \(self == .toHeader ? "header" : "footer") (a pinned one at its natural place), clamped (SV-12): what an app computes, UIKit having no call for it."
    case .toSection:
      "The section's start, its header or else its first item, by scrollToItem's arithmetic (SV-12), at the start of the scroll axis (top; left when it scrolls sideways) unless a position says otherwise."
    case .section:
      "Moves an orthogonal section's own scroller (layout compositional), at once, not clamped (COMP-9)."
    }
  }

  public var example: String {
    switch self {
    case .toX, .toY, .byX, .byY: "scroll \(rawValue) 100"
    case .to, .by: "scroll \(rawValue) (0, 100)"
    case .toItem: "scroll to item [0, 3] at center"
    case .toHeader: "scroll to header [1]"
    case .toFooter: "scroll to footer [1] at bottom"
    case .toSection: "scroll to section 2"
    case .rect: "scroll rect rect(0, 400, 10, 10) visible"
    case .section: "scroll section 0 to x 300"
    }
  }

  public var continuations: [String] {
    switch self {
    case .toItem, .toHeader, .toFooter, .toSection: ["at"]
    case .rect: ["visible"]
    default: []
    }
  }
}

/// `UICollectionView.ScrollPosition` words (SV-12); `center` is centred on the layout's
/// scroll axis.
public enum ScrollAlignment: String, Spelled {
  case top, center, bottom, left, right, none
  /// UICollectionView.ScrollPosition's own words, one per axis (SV-12).
  case centeredVertically = "centered vertically"
  case centeredHorizontally = "centered horizontally"

  /// The axis the position moves: nil for `center` (the layout's scroll axis) and `none`.
  public var axis: Axis? {
    switch self {
    case .top, .bottom, .centeredVertically: .y
    case .left, .right, .centeredHorizontally: .x
    case .center, .none: nil
    }
  }
}

/// What `show` shows, besides an element.
public enum ShowKeyword: String, Keyword {
  case visible
  case all
  case contentSize = "content size"

  public var syntax: String { "show \(rawValue)" }
  public var summary: String {
    switch self {
    case .visible: "The attributes of the elements on screen."
    case .all: "The attributes of every element."
    case .contentSize: "collectionViewContentSize."
    }
  }
  public var example: String { "show \(rawValue)" }
}

/// What may follow `svg`: a strip of states, or a plot of the offset against time.
public enum SVGKeyword: String, Keyword {
  case strip
  case plot
  case viewport

  /// `svg viewport "PATH.svg" margin N`: the points drawn around the viewport.
  public static let marginWord = "margin"

  public var syntax: String {
    switch self {
    case .strip, .plot: "svg \(rawValue) \"PATH.svg\" { … }"
    case .viewport: "svg viewport \"PATH.svg\" [\(Self.marginWord) N]"
    }
  }

  public var summary: String {
    switch self {
    case .strip: "The state before the block and after each of its frames and statements."
    case .plot:
      "The content offset and its velocity against time, frame by frame (SV-7's deceleration)."
    case .viewport:
      "Only what the screen shows: the viewport and N points around it (0), the rest cut."
    }
  }

  public var example: String {
    switch self {
    case .strip: "svg strip \"scroll.svg\" { scroll by y 40 over 5 frames }"
    case .plot: "svg plot \"fling.svg\" { fling y 2.4 }"
    case .viewport: "svg viewport \"screen.svg\" margin 20"
    }
  }
}

/// The words that name an element in an expression: `item [0, 3]`, `header [1]`,
/// `supplementary "Badge" [0, 2]`, `decoration "background" [1]`.
public enum ElementWord: String, Spelled {
  case item, header, footer, supplementary, decoration

  /// Whether the element's kind, a string, comes before the index path.
  public var takesKind: Bool { self == .supplementary || self == .decoration }
}

/// The entries of the editing menu: `menu item [0, 3] copy`, `can perform paste when …`.
/// Each is the standard edit action UIKit names by its selector (`copy:`).
public enum EditActionWord: String, Spelled {
  case cut, copy, paste
}
