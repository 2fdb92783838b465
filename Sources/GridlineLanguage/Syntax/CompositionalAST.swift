/// One entry of a `layout compositional` block or of its sections, groups and items.
public struct CompositionalEntry: Hashable, Sendable {
  /// nil for an entry the parser could not read: its error is reported where it stands,
  /// and the checker says nothing more of the block that holds it (a section whose group
  /// is misspelt does not also lack a group).
  public var keyword: CompositionalKeyword?
  public var value: CompositionalValue
  /// The keyword's range (diagnostics point at it).
  public var range: SourceRange
}

/// What an entry says.
public indirect enum CompositionalValue: Hashable, Sendable {
  /// `section [N] { … }`: nil for the section every other uses.
  case section(index: Expr?, entries: [CompositionalEntry])
  case group(
    axis: GroupAxisWord, size: DimensionPair, count: Expr?, entries: [CompositionalEntry])
  case item(size: DimensionPair, entries: [CompositionalEntry])
  /// `group custom SIZE { … }` (COMP-7): its item provider's layout code (each `place item
  /// at RECT` a custom item), and the entries a group takes besides (insets, edge spacing,
  /// supplementary items).
  case customGroup(size: DimensionPair, entries: [CompositionalEntry], code: [Statement])
  /// `section spacing`, `group spacing`, `insets`.
  case expression(Expr)
  case spacing(flexible: Bool, Expr)
  case word(String)
  case toggle(Bool)
  case boundary(BoundarySpec)
  case supplementary(SupplementarySpec)
  case background(kind: Expr, insets: Expr?, zIndex: Expr?)
  case edgeSpacing([EdgeSpacingSpec])
  /// `on visible items { … }`: a transform's operations, run for each visible element.
  case handler([TransformOperation])
  /// What followed an entry the parser could not read.
  case unread
}

/// `width DIMENSION height DIMENSION`.
public struct DimensionPair: Hashable, Sendable {
  public var width: DimensionSpec
  public var height: DimensionSpec
}

/// One dimension as written (COMP-1).
public struct DimensionSpec: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case absolute, estimated, fractionalWidth, fractionalHeight
  }
  public var kind: Kind
  public var value: Expr
}

/// A header, footer or `boundary "KIND" … at ALIGNMENT` (COMP-10).
public struct BoundarySpec: Hashable, Sendable {
  /// nil for a header or footer (UIKit's section header and footer kinds).
  public var kind: Expr?
  public var size: DimensionPair
  public var alignment: AlignmentWord
  public var pinned = false
  public var overlapping = false
  public var offsetX: Expr?
  public var offsetY: Expr?
  public var zIndex: Expr?
}

/// `supplementary "KIND" SIZE at EDGES [offset X, Y [fraction]] [z N]` (COMP-13).
public struct SupplementarySpec: Hashable, Sendable {
  public var kind: Expr
  public var size: DimensionPair
  public var edges: [EdgeWord]
  public var offsetX: Expr?
  public var offsetY: Expr?
  public var fractionalOffset = false
  public var zIndex: Expr?
}

/// One edge of `edge spacing`.
public struct EdgeSpacingSpec: Hashable, Sendable {
  public var edge: EdgeWord
  public var flexible: Bool
  public var value: Expr
}

extension CompositionalEntry {
  /// Every expression the entry's descriptors are built from, and those of the entries
  /// inside it (not a visible-items handler's: they run at each layout pass, with names of
  /// their own).
  public var expressions: [Expr] {
    func pair(_ p: DimensionPair) -> [Expr] { [p.width.value, p.height.value] }
    switch value {
    case .section(let index, let entries):
      return [index].compactMap { $0 } + entries.flatMap(\.expressions)
    case .group(_, let size, let count, let entries):
      return pair(size) + [count].compactMap { $0 } + entries.flatMap(\.expressions)
    case .item(let size, let entries), .customGroup(let size, let entries, _):
      // Not the provider's code: it runs at each layout pass, `environment` its own.
      return pair(size) + entries.flatMap(\.expressions)
    case .expression(let e), .spacing(_, let e): return [e]
    case .word, .toggle, .unread, .handler: return []
    case .boundary(let b):
      return [b.kind, b.offsetX, b.offsetY, b.zIndex].compactMap { $0 } + pair(b.size)
    case .supplementary(let s):
      return [s.kind] + pair(s.size) + [s.offsetX, s.offsetY, s.zIndex].compactMap { $0 }
    case .background(let kind, let insets, let z): return [kind] + [insets, z].compactMap { $0 }
    case .edgeSpacing(let edges): return edges.map(\.value)
    }
  }
}
