/// The editing menu of UICollectionViewDelegate (iOS 6; deprecated in iOS 13 for context
/// menus, still sent to delegates that implement it). A finger held on an item asks, in
/// this order:
///
///     collectionView(_:shouldShowMenuForItemAt:)            — false (the default when
///                                                             not implemented) ends it
///     collectionView(_:canPerformAction:forItemAt:withSender:)  once per standard action:
///                                                             cut:, copy:, paste:
///     collectionView(_:performAction:forItemAt:withSender:)  when the user picks one the
///                                                             menu shows
///
/// Every delegate call is recorded whether or not a delegate answers, as the selection
/// messages are. The sender UIKit passes is the shared `UIMenuController`; the engine has
/// none and passes nil.
extension CollectionView {
  /// A finger held on the item at `indexPath`, then — when `action` is given — the user
  /// picking that entry of the menu. Returns the actions the menu shows (empty: no menu).
  ///
  /// Engine choices (OPEN, UIKit documents only the order above): the standard actions
  /// are asked in the menu's order cut:, copy:, paste:; a menu whose every answer is false
  /// is not shown; picking an action the menu does not show sends nothing, as a finger
  /// cannot touch an entry that is not there. An item outside the data asks nothing.
  @discardableResult
  public func showMenu(forItemAt indexPath: IndexPath, choosing action: EditAction? = nil)
    -> [EditAction]
  {
    guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.item >= 0,
      indexPath.item < numberOfItems(inSection: indexPath.section)
    else { return [] }
    let show = delegate?.collectionView(self, shouldShowMenuForItemAt: indexPath) ?? false
    record(.menu(.shouldShowMenu(indexPath, show)))
    guard show else { return [] }
    var offered: [EditAction] = []
    for candidate in EditAction.allCases {
      let can =
        delegate?.collectionView(
          self, canPerformAction: candidate, forItemAt: indexPath, withSender: nil) ?? false
      record(.menu(.canPerformAction(candidate, indexPath, can)))
      if can { offered.append(candidate) }
    }
    if let action, offered.contains(action) {
      record(.menu(.performAction(action, indexPath)))
      delegate?.collectionView(self, performAction: action, forItemAt: indexPath, withSender: nil)
    }
    return offered
  }
}

/// A standard edit action of the menu (`UIResponderStandardEditActions`), named by the
/// selector UIKit passes as `action`.
public enum EditAction: String, CaseIterable, Hashable, Sendable {
  case cut, copy, paste

  /// `copy:`.
  public var selector: String { rawValue + ":" }
}

/// A menu message to the delegate, with its answer.
public enum MenuCallback: Hashable, Sendable {
  case shouldShowMenu(IndexPath, Bool)
  case canPerformAction(EditAction, IndexPath, Bool)
  case performAction(EditAction, IndexPath)

  /// The UIKit selector: `collectionView(_:canPerformAction:forItemAt:withSender:)`.
  public var name: String {
    switch self {
    case .shouldShowMenu: "collectionView(_:shouldShowMenuForItemAt:)"
    case .canPerformAction: "collectionView(_:canPerformAction:forItemAt:withSender:)"
    case .performAction: "collectionView(_:performAction:forItemAt:withSender:)"
    }
  }
}

extension MenuCallback: CustomStringConvertible {
  /// `collectionView(_:canPerformAction: copy:, forItemAt: [0, 3], withSender:) → true`.
  public var description: String {
    switch self {
    case .shouldShowMenu(let path, let answer):
      "collectionView(_:shouldShowMenuForItemAt: \(path)) → \(answer)"
    case .canPerformAction(let action, let path, let answer):
      "collectionView(_:canPerformAction: \(action.selector), forItemAt: \(path), withSender:) → "
        + "\(answer)"
    case .performAction(let action, let path):
      "collectionView(_:performAction: \(action.selector), forItemAt: \(path), withSender:)"
    }
  }
}
