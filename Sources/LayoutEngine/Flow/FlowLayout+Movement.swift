extension CollectionViewFlowLayout {
  /// What a reorder of an interactive movement does to the frames, from `from` to `to`
  /// (the item's place before and after the step).
  ///
  /// Within one section whose items all take `itemSize` (no size from the delegate, no
  /// self-sizing), the item and the ones between only trade places: every frame stays, the
  /// context says so (`invalidateFlowLayoutAttributes` and
  /// `invalidateFlowLayoutDelegateMetrics` false, LAY-11) and the step costs no layout — the
  /// collection view asks for the visible rect again. Otherwise the sizes move with their
  /// items, and the lines are laid out again from the one holding the earlier place: the
  /// move as a one-item batch (`relayoutTail(_:)`, BATCH-10), the delegate asked from there
  /// — so an item of another size makes the lines after it reflow, and the finger may
  /// then be over another cell, the back-and-forth the article on reordering describes.
  /// UIKit's flow layout moves the sizes it holds without asking the delegate; the frames
  /// are the same when the delegate's answers follow the data, only the trace differs.
  func configureMovement(_ context: InvalidationContext, from: IndexPath?, to: IndexPath?) {
    guard let from, let to else { return }
    let flow = context as? FlowLayoutInvalidationContext
    let sameSizes =
      from.section == to.section && sections.indices.contains(from.section)
      && !sections[from.section].ownSizes
    if from == to || sameSizes {
      flow?.invalidateFlowLayoutAttributes = false
      flow?.invalidateFlowLayoutDelegateMetrics = false
      return
    }
    let before = sections.map(\.count)
    guard before.indices.contains(from.section), before.indices.contains(to.section),
      from.item < before[from.section]
    else { return }
    var after = before
    after[from.section] -= 1
    after[to.section] += 1
    context.movementMapping = try? BatchUpdate([.moveItem(from: from, to: to)]).resolve(
      before: before, after: after)
  }
}
