/// `NSCollectionLayoutGroupCustomItem` (COMP-7): one frame a custom group's provider
/// returns, relative to the group's origin.
public struct CollectionLayoutGroupCustomItem: Hashable, Sendable {
  public let frame: Rect
  public let zIndex: Int

  public init(frame: Rect, zIndex: Int = 0) {
    self.frame = frame
    self.zIndex = zIndex
  }
}

/// `NSCollectionLayoutGroup`: items (and groups) laid out along one axis, or where layout
/// code says. A group is an item, so groups nest.
///
/// - `horizontal(layoutSize:subitem:count:)` (COMP-5): exactly `count` equal items; each
///   takes (content − (count − 1) × spacing) / count along the axis, whatever its own
///   dimension on that axis says, after the group's own contentInsets (COMP-15c).
/// - `horizontal(layoutSize:subitems:)` (COMP-6): the subitems in order, again and again,
///   while the next one fits; the first that does not ends the group (COMP-15b: a tail of
///   the pattern that never fits is dropped in every group).
/// - `custom(layoutSize:itemProvider:)` (COMP-7): the provider's frames.
///
/// A group is solved once per section and stamped: every group of a section has the same
/// positions, and a partial last group keeps them (COMP-15b).
public final class CollectionLayoutGroup: CollectionLayoutItem {
  public enum Axis: Hashable, Sendable {
    case horizontal, vertical
  }

  /// How the group arranges its subitems.
  public enum Arrangement {
    case horizontal, vertical
    case custom((CollectionLayoutEnvironment) -> [CollectionLayoutGroupCustomItem])
  }

  public let arrangement: Arrangement
  public let subitems: [CollectionLayoutItem]
  /// `subitem:count:`'s count; nil for a repeating `subitems:` group.
  public let count: Int?
  /// Between neighbours along the group's axis. UIKit's default: `.fixed(0)`.
  public var interItemSpacing: CollectionLayoutSpacing?

  /// UIKit's group declares its supplementary items settable (any group kind, `count`
  /// ones too), where an item takes them only when it is made.
  public override var supplementaryItems: [CollectionLayoutSupplementaryItem] {
    get { super.supplementaryItems }
    set { super.supplementaryItems = newValue }
  }

  private init(
    layoutSize: CollectionLayoutSize, arrangement: Arrangement, subitems: [CollectionLayoutItem],
    count: Int?, supplementaryItems: [CollectionLayoutSupplementaryItem]
  ) {
    self.arrangement = arrangement
    self.subitems = subitems
    self.count = count
    super.init(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
  }

  public static func horizontal(
    layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count,
      supplementaryItems: [])
  }

  public static func horizontal(
    layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem],
    supplementaryItems: [CollectionLayoutSupplementaryItem] = []
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, arrangement: .horizontal, subitems: subitems, count: nil,
      supplementaryItems: supplementaryItems)
  }

  public static func vertical(
    layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, arrangement: .vertical, subitems: [subitem], count: count,
      supplementaryItems: [])
  }

  public static func vertical(
    layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem],
    supplementaryItems: [CollectionLayoutSupplementaryItem] = []
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, arrangement: .vertical, subitems: subitems, count: nil,
      supplementaryItems: supplementaryItems)
  }

  public static func custom(
    layoutSize: CollectionLayoutSize,
    itemProvider: @escaping (CollectionLayoutEnvironment) -> [CollectionLayoutGroupCustomItem]
  ) -> CollectionLayoutGroup {
    CollectionLayoutGroup(
      layoutSize: layoutSize, arrangement: .custom(itemProvider), subitems: [], count: nil,
      supplementaryItems: [])
  }
}

/// `NSCollectionLayoutContainer`: a content size and the insets inside it.
public struct CollectionLayoutContainer: Hashable, Sendable {
  public let contentSize: Size
  public let contentInsets: DirectionalEdgeInsets

  public init(contentSize: Size, contentInsets: DirectionalEdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }

  public var effectiveContentInsets: DirectionalEdgeInsets { contentInsets }
  /// The content size less the insets (COMP-2).
  public var effectiveContentSize: Size {
    Size(
      width: contentSize.width - contentInsets.leading - contentInsets.trailing,
      height: contentSize.height - contentInsets.top - contentInsets.bottom)
  }
}

/// `UIUserInterfaceSizeClass`, the part of a trait collection a section provider reads to
/// adapt: compact below 600 points of width (the engine's threshold), regular from there.
public enum UserInterfaceSizeClass: Hashable, Sendable {
  case compact, regular
}

/// `NSCollectionLayoutEnvironment`: what a section provider or a custom group sees.
public struct CollectionLayoutEnvironment: Hashable, Sendable {
  public let container: CollectionLayoutContainer
  public let horizontalSizeClass: UserInterfaceSizeClass

  public init(
    container: CollectionLayoutContainer, horizontalSizeClass: UserInterfaceSizeClass? = nil
  ) {
    self.container = container
    self.horizontalSizeClass =
      horizontalSizeClass ?? (container.contentSize.width >= 600 ? .regular : .compact)
  }
}
