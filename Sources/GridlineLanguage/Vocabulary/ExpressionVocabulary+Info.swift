/// What a name of expressions is, for `:info NAME` and `:help names` / `:help functions`:
/// the words themselves are declared in `ExpressionVocabulary`; this is what they mean and
/// which UIKit API each models, so a reader can look the real thing up.
public struct NameInfo: Hashable, Sendable {
  public enum Kind: String, Sendable {
    case state, element, function, keyword
  }

  public let name: String
  public let kind: Kind
  /// How it is written when it takes more than its name: `item [S, I]`, `min(a, b, …)`.
  public let syntax: String
  /// The type of its value (nil: depends on its arguments, or it is an operator word).
  public let type: ValueType?
  public let summary: String
  /// The UIKit API it models, if any.
  public let uikit: String?
}

extension ExpressionVocabulary {
  /// Every name with its meaning, in the order `names` lists them.
  public static var infos: [NameInfo] {
    StateName.allCases.map(\.info) + ElementWord.allCases.map(\.info)
      + Builtin.allCases.map(\.info) + ExpressionKeyword.allCases.map(\.info)
  }

  /// The meaning of `name`, if it is one of the language's.
  public static func info(_ name: String) -> NameInfo? {
    infos.first { $0.name == name }
  }
}

extension StateName {
  var info: NameInfo {
    let (summary, uikit) = meaning
    return NameInfo(
      name: rawValue, kind: .state, syntax: rawValue, type: type, summary: summary, uikit: uikit)
  }

  private var meaning: (String, String?) {
    switch self {
    case .viewport: ("The collection view's size.", "UICollectionView.frame.size")
    case .bounds:
      ("The visible rect, in content coordinates (SV-1).", "UICollectionView.bounds")
    case .offset: ("Where the content is scrolled to.", "UIScrollView.contentOffset")
    case .content: ("The size of everything the layout placed.", "UIScrollView.contentSize")
    case .inset: ("The content inset the script set.", "UIScrollView.contentInset")
    case .adjustedInset:
      (
        "The inset scrolling honours: the content inset plus the safe area (SV-2).",
        "UIScrollView.adjustedContentInset"
      )
    case .safeArea: ("The safe area insets of the scene.", "UIView.safeAreaInsets")
    case .sections: ("How many sections there are.", "UICollectionView.numberOfSections")
    case .visible:
      ("How many elements are displayed now.", "UICollectionView.visibleCells (and views)")
    case .recomputed:
      ("How many attributes the layouts recomputed in the last step that acted.", nil)
    case .updates:
      (
        "The update items of the last batch, as the layout received them (BATCH-9).",
        "prepare(forCollectionViewUpdates:)"
      )
    case .selection:
      ("The selected items, sorted.", "UICollectionView.indexPathsForSelectedItems")
    case .clipboard:
      (
        "The index path the last copy or cut of the editing menu took, or nothing.",
        "UIPasteboard.general"
      )
    }
  }
}

extension ElementWord {
  var info: NameInfo {
    let (syntax, summary, uikit): (String, String, String) =
      switch self {
      case .item:
        ("item [S, I]", "A cell's layout attributes.", "layoutAttributesForItem(at:)")
      case .header:
        (
          "header [S]", "A section header's layout attributes.",
          "layoutAttributesForSupplementaryView(ofKind: elementKindSectionHeader, at:)"
        )
      case .footer:
        (
          "footer [S]", "A section footer's layout attributes.",
          "layoutAttributesForSupplementaryView(ofKind: elementKindSectionFooter, at:)"
        )
      case .supplementary:
        (
          "supplementary \"KIND\" [S, I]", "A supplementary view's layout attributes.",
          "layoutAttributesForSupplementaryView(ofKind:at:)"
        )
      case .decoration:
        (
          "decoration \"KIND\" [S, I]", "A decoration view's layout attributes.",
          "layoutAttributesForDecorationView(ofKind:at:)"
        )
      }
    return NameInfo(
      name: spelling, kind: .element, syntax: syntax, type: .attributes, summary: summary,
      uikit: uikit)
  }
}

extension ExpressionKeyword {
  var info: NameInfo {
    let (type, summary, uikit): (ValueType?, String, String?) =
      switch self {
      case .true, .false: (.bool, "A truth value.", nil)
      case .not: (.bool, "The opposite of a truth value: not a.", nil)
      case .and: (.bool, "Both: a and b (b is read only when a is true).", nil)
      case .or: (.bool, "Either: a or b (b is read only when a is false).", nil)
      case .nothing:
        (
          ValueType.none, "No value: what hit finds on empty space, .after of a deleted item.",
          "nil"
        )
      case .trace:
        (nil, "The last step's callbacks: trace.count(\"CALL\") counts those of one name.", nil)
      case .reuse:
        (
          nil, "The reuse pools: reuse.pool(\"ID\") counts the cells waiting (DISP-3).",
          "dequeueReusableCell(withReuseIdentifier:for:)"
        )
      }
    let syntax =
      switch self {
      case .trace: ExpressionMethod.traceCount.syntax
      case .reuse: ExpressionMethod.reusePool.syntax
      default: spelling
      }
    return NameInfo(
      name: spelling, kind: .keyword, syntax: syntax, type: type, summary: summary, uikit: uikit)
  }
}

extension Builtin {
  var info: NameInfo {
    NameInfo(
      name: rawValue, kind: .function, syntax: signature,
      type: self == .min || self == .max ? .number : resultType, summary: summary, uikit: uikit)
  }

  private var summary: String {
    switch self {
    case .min: "The smallest of the numbers, or of an array's."
    case .max: "The largest of the numbers, or of an array's."
    case .clamp: "The value, kept between low and high."
    case .abs: "The distance from zero."
    case .floor: "The whole number at or below."
    case .ceil: "The whole number at or above."
    case .round: "The nearest whole number (halves away from zero)."
    case .sqrt: "The square root."
    case .ln: "The natural logarithm."
    case .exp: "e to the power of n."
    case .sin: "The sine of an angle in degrees."
    case .cos: "The cosine of an angle in degrees."
    case .rect: "A rect from its origin and size."
    case .items: "How many items a section has."
    case .inset: "A rect made smaller on every side (or by insets)."
    case .union: "The smallest rect that holds both."
    case .nearest: "The element whose centre is nearest a position on the scroll axis, or a point."
    case .index: "Where a value first is in an array (-1: nowhere)."
    case .repeating: "An array of one value, n times."
    case .intersects: "Whether two rects overlap."
    case .elements: "The elements the layout answers for a rect."
    case .hit: "The item at a point of the content, as a touch finds it; nothing on empty space."
    case .orthogonalOffset:
      "How far a section with orthogonal scrolling has scrolled across, in its own scroller."
    case .exactly:
      "A comparison without the 1e-6 tolerance the others have, as UIKit compares (FLOW-5)."
    }
  }

  private var uikit: String? {
    switch self {
    case .rect: "CGRect(x:y:width:height:)"
    case .items: "UICollectionView.numberOfItems(inSection:)"
    case .inset: "CGRect.insetBy(dx:dy:) / UIEdgeInsetsInsetRect"
    case .union: "CGRect.union(_:)"
    case .intersects: "CGRect.intersects(_:)"
    case .elements: "layoutAttributesForElements(in:)"
    case .hit: "UICollectionView.indexPathForItem(at:)"
    default: nil
    }
  }
}
