/// Per-index metrics for a flow layout (`UICollectionViewDelegateFlowLayout`, FLOW-4). The
/// flow layout asks the collection view's `delegate` when it conforms.
///
/// Swift has no optional protocol methods, so "not implemented" is spelled `nil`: every
/// method has a default returning `nil`, and a `nil` answer means the layout's property
/// applies, as when UIKit finds the selector missing.
///
/// OPEN-3: UIKit switches from the uniform grid (FLOW-9) to the per-item path (FLOW-8) when
/// the delegate implements `sizeForItemAt`, even if every answer equals `itemSize`. The
/// engine decides per section: a section in which the delegate returned a size for at
/// least one item takes the per-item path; a section where it returned `nil` for every
/// item is laid out as if the method did not exist.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size?
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size?
  /// Gridline's own question, which UIKit never asks: the sizes of consecutive items of one
  /// section in a single call, for a delegate that can answer many at once (from a table,
  /// or a compiled expression) cheaper than one `sizeForItemAt` per item. The layout lays
  /// out exactly what `sizeForItemAt` would give it, with FLOW-19's exception and FLOW-20's
  /// warning at the same items; only the questions differ — fewer calls, and a batch may
  /// size items after one that raises FLOW-19, which item by item is never asked.
  ///
  /// Writes the sizes of a leading run of `items` to `sizes` (`sizes[k]` is item
  /// `items.lowerBound + k`), `fallback` (the layout's `itemSize`) for an item it has no
  /// size of its own for (`sizeForItemAt`'s `nil`), and returns how many it wrote and the
  /// offset of the first that got its own size. It may stop early — at an item it cannot
  /// answer here — and the layout asks that item with `sizeForItemAt` before asking again
  /// in a batch. `nil` (the default) means it does not answer in batches: the layout asks
  /// item by item, as UIKit does.
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into sizes: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch?
}

/// What a delegate answered to `sizesForItemsIn`: how many leading items it sized, and the
/// offset of the first that got a size of its own rather than the fallback (nil: none),
/// which decides the section's last line (FLOW-8 or FLOW-9, OPEN-3).
public struct ItemSizeBatch: Sendable, Equatable {
  public var count: Int
  public var firstOwn: Int?

  public init(count: Int, firstOwn: Int?) {
    self.count = count
    self.firstOwn = firstOwn
  }
}

extension CollectionViewDelegateFlowLayout {
  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size? { nil }

  public func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into sizes: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch? { nil }
}
