/// Supplies the collection view's counts (`UICollectionViewDataSource`). The collection
/// view reads them at its first layout and after a reload, and caches them (LAY-4).
public protocol CollectionViewDataSource: AnyObject {
  /// UIKit's default when not implemented: 1.
  func numberOfSections(in collectionView: CollectionView) -> Int
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// The identifier a cell is dequeued with (the argument of `dequeueReusableCell`).
  /// Default: `"Cell"`.
  func collectionView(
    _ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath
  ) -> String
  /// The cell's `preferredLayoutAttributesFitting(_:)`: the size its content wants, given
  /// the attributes the layout proposed. Default `nil`: the cell takes the layout's size.
  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
    fitting attributes: LayoutAttributes
  ) -> Size?
  /// Reordering (iOS 9): whether the data source implements
  /// `collectionView(_:moveItemAt:to:)`. UIKit infers that items can move from that
  /// selector alone (`respondsToSelector:`); Swift has no optional methods, so a data source
  /// that moves items says so. Default `false`: `beginInteractiveMovementForItem(at:)`
  /// refuses.
  var implementsMoveItem: Bool { get }
  /// `collectionView(_:canMoveItemAt:)`: asked when a movement begins. UIKit's default when
  /// not implemented: true.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// `collectionView(_:moveItemAt:to:)`: told when a movement ends where the item now is.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension CollectionViewDataSource {
  public var implementsMoveItem: Bool { false }

  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  { true }

  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}

  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  public func collectionView(
    _ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath
  ) -> String { "Cell" }

  public func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
    fitting attributes: LayoutAttributes
  ) -> Size? { nil }
}

/// `UICollectionViewDataSourcePrefetching` (DISP-5): told ahead of time which items the
/// scroll is about to show, and when it turned back before showing them. The calls are
/// recorded as `LayoutEvent`s too.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Optional in UIKit; does nothing by default.
  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}

/// A data source of fixed counts: `StaticDataSource(itemCounts: [20, 7, 30])`.
public final class StaticDataSource: CollectionViewDataSource {
  public var itemCounts: [Int]

  public init(itemCounts: [Int]) {
    self.itemCounts = itemCounts
  }

  public func numberOfSections(in collectionView: CollectionView) -> Int { itemCounts.count }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }
}

/// The collection view's delegate (`UICollectionViewDelegate`). A flow layout also asks it
/// for per-index metrics when it conforms to `CollectionViewDelegateFlowLayout`. Display
/// callbacks are recorded as `LayoutEvent`s too; these hooks let code react to them.
public protocol CollectionViewDelegate: AnyObject {
  func collectionView(_ collectionView: CollectionView, willDisplay element: ElementKey)
  func collectionView(_ collectionView: CollectionView, didEndDisplaying element: ElementKey)
  /// `collectionView(_:targetContentOffsetForProposedContentOffset:)` (iOS 9, LAY-13): the
  /// offset to show after an update or a layout change, given the layout's answer; nil
  /// when not implemented (the layout's answer stands).
  func collectionView(
    _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
  ) -> Point?
  /// The selection half (UICollectionView.h): asked and told as a finger touches an item;
  /// never for programmatic `selectItem` / `deselectItem`. The answers default to true.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// `collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)` (iOS 9): where
  /// an item moved by a finger goes, given where the layout proposes; `originalIndexPath` is
  /// where the movement began. Default: the proposal.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath
  /// The editing menu (`CollectionView+Menu.swift`): whether a finger held on the item
  /// shows it (default false: no menu, and nothing more is asked), which standard actions
  /// it offers (default false), and the one the user picked.
  func collectionView(
    _ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath
  ) -> Bool
  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?
  ) -> Bool
  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?)
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, willDisplay element: ElementKey) {}
  public func collectionView(_ collectionView: CollectionView, didEndDisplaying element: ElementKey)
  {}
  public func collectionView(
    _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
  ) -> Point? { nil }

  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  {}
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }

  public func collectionView(
    _ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath
  ) -> Bool { false }
  public func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?
  ) -> Bool { false }
  public func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?
  ) {}
}
