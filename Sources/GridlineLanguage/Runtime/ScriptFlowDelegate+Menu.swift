import LayoutEngine

/// The editing menu half of the script's delegate. `should show menu when …` and `can
/// perform ACTION when …` answer the questions — false, UIKit's default, where no rule is
/// declared — and `performAction` is the script's app:
///
/// - `copy:` puts the item's index path on the script's pasteboard (`clipboard`);
/// - `cut:` does the same, then deletes the item (`deleteItems(at:)`, a batch of one);
/// - `paste:` inserts one item after the target (`insertItems(at:)` at item + 1) when the
///   pasteboard holds something, and does nothing when it is empty; the pasteboard keeps
///   its item, as `UIPasteboard` does.
///
/// OPEN: UIKit leaves what an action does to the app; these are what a list of plain
/// items can do (its items have no content to copy but their place). The data changes
/// run after the menu, as an app's `performBatchUpdates` inside `performAction` would.
extension ScriptFlowDelegate {
  func collectionView(
    _ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath
  ) -> Bool { answer(.showMenu, indexPath) }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?
  ) -> Bool {
    answer(.perform(EditActionWord(action)), indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction,
    forItemAt indexPath: IndexPath, withSender sender: AnyObject?
  ) {
    switch action {
    case .copy:
      clipboard = indexPath
    case .cut:
      clipboard = indexPath
      pendingEdits.append((action, indexPath))
    case .paste:
      if clipboard != nil { pendingEdits.append((action, indexPath)) }
    }
  }
}

extension EditActionWord {
  /// The words are the actions' names.
  init(_ action: EditAction) { self.init(rawValue: action.rawValue)! }

  var action: EditAction { EditAction(rawValue: rawValue)! }
}
