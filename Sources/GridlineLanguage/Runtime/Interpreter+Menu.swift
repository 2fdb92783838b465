import LayoutEngine

/// `menu POINT | item IP [cut | copy | paste]`: the editing menu
/// (`CollectionView.showMenu(forItemAt:choosing:)`) on the layer a finger reaches, then
/// the data changes the script's `performAction` asked for (`ScriptFlowDelegate+Menu`).
extension Interpreter {
  func menu(_ step: MenuStep, _ range: SourceRange, trace: inout [TraceEntry]) throws(RunError) {
    layers.live()
    guard let cv = layers.stack?.collectionViewForTouch else { return }
    let path = try diagnosing { () throws(Diagnostic) -> IndexPath? in
      guard finger.pressed == nil else { throw .error(.pressWhilePressed, at: range) }
      return cv.cellForTouch(at: try touchPoint(step.target, in: cv, "menu"))
    }
    // A finger held on empty space: no item, no menu.
    guard let path else { return }
    layers.delegate.pendingEdits.removeAll()
    cv.showMenu(forItemAt: path, choosing: step.action?.action)
    let edits = layers.delegate.pendingEdits
    layers.delegate.pendingEdits.removeAll()
    for edit in edits {
      if data.isDiffable {
        throw .diagnostic(.error(.menuEditOnDiffable(edit.action.rawValue), at: range))
      }
      let operation: BatchOperation
      switch edit.action {
      case .cut: operation = .deleteItems([edit.indexPath])
      case .paste:
        let after = IndexPath(item: edit.indexPath.item + 1, section: edit.indexPath.section)
        operation = .insertItems([after])
      case .copy: continue
      }
      try perform([operation], newCounts: [:], data: nil, frames: 0, range, trace: &trace)
    }
  }
}
