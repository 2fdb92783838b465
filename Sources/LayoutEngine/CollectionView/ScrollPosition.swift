/// Where `scrollToItem(at:at:)` puts an item (`UICollectionView.ScrollPosition`, SV-12).
/// Raw values are UIKit's bit flags; at most one vertical and one horizontal position may
/// be combined.
public struct ScrollPosition: OptionSet, Hashable, Sendable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Empty: do not scroll.
  public static let none: ScrollPosition = []
  public static let top = ScrollPosition(rawValue: 1)
  public static let centeredVertically = ScrollPosition(rawValue: 2)
  public static let bottom = ScrollPosition(rawValue: 4)
  public static let left = ScrollPosition(rawValue: 8)
  public static let centeredHorizontally = ScrollPosition(rawValue: 16)
  public static let right = ScrollPosition(rawValue: 32)

  static let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
  static let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]
}

/// `UIScrollView.ContentInsetAdjustmentBehavior` (SV-2).
public enum ContentInsetAdjustmentBehavior: Sendable {
  /// Like `scrollableAxes`, and the top and bottom always adjusted: the engine assumes the
  /// collection view is a view controller's content inside a navigation controller, the
  /// case in which UIKit's `.automatic` adjusts vertical edges unconditionally (SV-2).
  case automatic
  /// Adjust an axis only if the content scrolls on it (or always bounces on it).
  case scrollableAxes
  /// Never add the safe area.
  case never
  /// Always add the safe area on all edges.
  case always
}
