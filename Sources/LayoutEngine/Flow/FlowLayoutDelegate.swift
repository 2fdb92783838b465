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
}
