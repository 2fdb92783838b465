/// The calls of an interactive movement (iOS 9 reordering), in the order UIKit makes them:
/// the data source's and the delegate's questions, and the layout's movement methods.
public enum MovementCallback: Hashable, Sendable {
  /// `collectionView(_:canMoveItemAt:)` with its answer.
  case canMoveItem(IndexPath, Bool)
  /// The layout's `targetIndexPath(forInteractivelyMovingItem:withPosition:)`: the item's
  /// index path now, the finger, and the answer (`nil`: no cell there).
  case targetIndexPathForInteractivelyMovingItem(IndexPath, Point, IndexPath?)
  /// The delegate's `collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`:
  /// the original index path, the proposal and the answer.
  case targetIndexPathForMove(IndexPath, proposed: IndexPath, IndexPath)
  /// The layout's context while the item moves: targets, position, previous paths and
  /// position.
  case invalidationContextForMovingItems([IndexPath], Point, previous: [IndexPath], Point)
  /// The layout's context when the movement ends or is cancelled.
  case invalidationContextForEnding(final: [IndexPath], previous: [IndexPath], cancelled: Bool)
  /// The layout's attributes for the moving item at the finger: the frame it answered.
  case layoutAttributesForMovingItem(IndexPath, Point, Rect)
  /// The data source's `collectionView(_:moveItemAt:to:)`.
  case moveItem(IndexPath, IndexPath)

  /// True for the calls into the layout.
  public var isLayoutCall: Bool {
    switch self {
    case .canMoveItem, .targetIndexPathForMove, .moveItem: false
    default: true
    }
  }

  /// The UIKit selector.
  public var name: String {
    switch self {
    case .canMoveItem: "collectionView(_:canMoveItemAt:)"
    case .targetIndexPathForInteractivelyMovingItem:
      "targetIndexPath(forInteractivelyMovingItem:withPosition:)"
    case .targetIndexPathForMove:
      "collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)"
    case .invalidationContextForMovingItems:
      "invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:"
        + "previousPosition:)"
    case .invalidationContextForEnding:
      "invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths:"
        + "previousIndexPaths:movementCancelled:)"
    case .layoutAttributesForMovingItem:
      "layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)"
    case .moveItem: "collectionView(_:moveItemAt:to:)"
    }
  }
}

extension MovementCallback: CustomStringConvertible {
  /// `collectionView(_:moveItemAt: [0, 3], to: [0, 7])`.
  public var description: String {
    func list(_ paths: [IndexPath]) -> String {
      "[" + paths.map(\.description).joined(separator: ", ") + "]"
    }
    switch self {
    case .canMoveItem(let path, let answer):
      return "collectionView(_:canMoveItemAt: \(path)) → \(answer)"
    case .targetIndexPathForInteractivelyMovingItem(let path, let position, let answer):
      return "targetIndexPath(forInteractivelyMovingItem: \(path), withPosition: \(position)) → "
        + (answer.map(\.description) ?? "nil")
    case .targetIndexPathForMove(let original, let proposed, let answer):
      return "collectionView(_:targetIndexPathForMoveFromItemAt: \(original), "
        + "toProposedIndexPath: \(proposed)) → \(answer)"
    case .invalidationContextForMovingItems(let targets, let position, let previous, let before):
      return "invalidationContext(forInteractivelyMovingItems: \(list(targets)), "
        + "withTargetPosition: \(position), previousIndexPaths: \(list(previous)), "
        + "previousPosition: \(before))"
    case .invalidationContextForEnding(let final, let previous, let cancelled):
      return "invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths: "
        + "\(list(final)), previousIndexPaths: \(list(previous)), movementCancelled: \(cancelled))"
    case .layoutAttributesForMovingItem(let path, let position, let frame):
      return "layoutAttributesForInteractivelyMovingItem(at: \(path), withTargetPosition: "
        + "\(position)) → \(frame)"
    case .moveItem(let from, let to):
      return "collectionView(_:moveItemAt: \(from), to: \(to))"
    }
  }
}
