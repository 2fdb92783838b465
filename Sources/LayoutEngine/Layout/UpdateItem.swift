/// One change of a batch update as a layout sees it (`UICollectionViewUpdateItem`,
/// BATCH-9). Section-level changes carry `item == IndexPath.notFound`.
public struct CollectionViewUpdateItem: Hashable, Sendable {
  /// BATCH-9's raw values: insert 0, delete 1, reload 2, move 3, none 4.
  public enum Action: Int, Hashable, Sendable {
    case insert = 0
    case delete, reload, move, none
  }

  /// `nil` for inserts.
  public var indexPathBeforeUpdate: IndexPath?
  /// `nil` for deletes; equal to the one before for reloads.
  public var indexPathAfterUpdate: IndexPath?
  public var updateAction: Action

  public init(before: IndexPath?, after: IndexPath?, action: Action) {
    self.indexPathBeforeUpdate = before
    self.indexPathAfterUpdate = after
    self.updateAction = action
  }
}

extension IndexPath {
  /// `NSNotFound`: the item of a section-level update item.
  public static let notFound = Int.max
}
