/// What an attributes value describes (`UICollectionView.ElementCategory`, ATTR-1).
public enum ElementCategory: Int, Hashable, Sendable, Comparable {
  case cell = 0
  case supplementaryView = 1
  case decorationView = 2

  public static func < (lhs: ElementCategory, rhs: ElementCategory) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension ElementCategory: CustomStringConvertible {
  public var description: String {
    switch self {
    case .cell: "cell"
    case .supplementaryView: "supplementaryView"
    case .decorationView: "decorationView"
    }
  }
}

/// Element kinds (FLOW-17). The string values are UIKit's own, so that a trace, a debug
/// description or an exception names the kind exactly as UIKit would print it.
public enum ElementKind {
  /// `UICollectionView.elementKindSectionHeader`.
  public static let sectionHeader = "UICollectionElementKindSectionHeader"
  /// `UICollectionView.elementKindSectionFooter`.
  public static let sectionFooter = "UICollectionElementKindSectionFooter"
  /// The kind UIKit uses internally for cells; it appears in dequeue errors (DISP-3).
  public static let cell = "UICollectionElementKindCell"
}

/// Identifies one element of a layout: its category, kind and index path. Two attributes
/// values for the same element (before and after an invalidation) share a key.
public struct ElementKey: Hashable, Sendable, Comparable {
  public var category: ElementCategory
  /// `nil` for cells.
  public var kind: String?
  public var indexPath: IndexPath

  public init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }

  public static func cell(_ indexPath: IndexPath) -> ElementKey {
    ElementKey(category: .cell, kind: nil, indexPath: indexPath)
  }

  /// Section, then category (cells, supplementary, decoration), then item, then kind: the
  /// order `show` and `--json` list elements in.
  public static func < (lhs: ElementKey, rhs: ElementKey) -> Bool {
    if lhs.indexPath.section != rhs.indexPath.section {
      return lhs.indexPath.section < rhs.indexPath.section
    }
    if lhs.category != rhs.category { return lhs.category < rhs.category }
    if lhs.indexPath.item != rhs.indexPath.item {
      return lhs.indexPath.item < rhs.indexPath.item
    }
    return (lhs.kind ?? "") < (rhs.kind ?? "")
  }
}

extension ElementKey: CustomStringConvertible {
  /// `cell [0, 3]`, `header [1, 0]`, `footer [1, 0]`, `supplementary "Badge" [0, 2]`,
  /// `decoration "background" [0, 0]`.
  public var description: String {
    switch category {
    case .cell:
      return "cell \(indexPath)"
    case .supplementaryView:
      if kind == ElementKind.sectionHeader { return "header \(indexPath)" }
      if kind == ElementKind.sectionFooter { return "footer \(indexPath)" }
      return "supplementary \"\(kind ?? "")\" \(indexPath)"
    case .decorationView:
      return "decoration \"\(kind ?? "")\" \(indexPath)"
    }
  }
}
