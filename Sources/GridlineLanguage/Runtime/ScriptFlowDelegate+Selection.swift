import LayoutEngine

/// The selection half of the script's delegate: `should … when` rules answer the questions
/// (true, UIKit's default, where no rule is declared), and every change of an item's state
/// lets the layers restyle it.
extension ScriptFlowDelegate {
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  { answer(.highlight, indexPath) }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  { answer(.select, indexPath) }

  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  { answer(.deselect, indexPath) }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    stateChanged?(collectionView, indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    stateChanged?(collectionView, indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    stateChanged?(collectionView, indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    stateChanged?(collectionView, indexPath)
  }

  /// The script moves its data with the item as the finger moves it (what Apple's sample
  /// does, and what keeps each item's size its own), so the layout, asking the delegate at
  /// the index paths the collection view shows, gets the sizes of the items shown there.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    data.moveData?(originalIndexPath, proposedIndexPath)
    return proposedIndexPath
  }

  func answer(_ question: SelectionRule.Question, _ path: IndexPath) -> Bool {
    guard let condition = selectionRules[question] else { return question.defaultAnswer }
    return callbacks.holds(condition, for: path, question.phrase)
  }
}

extension ScriptCallbacks {
  /// A `should … when` condition for one item, `item` and `section` bound; a failing
  /// condition answers false (and is reported).
  func holds(_ condition: Expr, for path: IndexPath, _ rule: String) -> Bool {
    guard let environment else { return true }
    do throws(Diagnostic) {
      let scope = LocalScope(base: environment, bindings: .item(path.item, section: path.section))
      return try Evaluator(environment: scope).truth(condition)
    } catch {
      report(error, "\(rule) for item \(path)")
      return false
    }
  }
}
