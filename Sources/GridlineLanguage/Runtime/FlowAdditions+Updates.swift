import LayoutEngine

/// What one batch inserts and deletes, as a layout subclass records it from the update items
/// of `prepare(forCollectionViewUpdates:)` (BATCH-9): item paths, and whole sections (an
/// item with `NSNotFound` as its item).
struct BatchChanges {
  /// Index 1: inserted (new paths); index 0: deleted (old paths).
  private var items: [Set<IndexPath>] = [[], []]
  private var sections: [Set<Int>] = [[], []]

  init(_ updateItems: [CollectionViewUpdateItem]) {
    for item in updateItems {
      let inserted = item.updateAction == .insert
      guard inserted || item.updateAction == .delete,
        let p = inserted ? item.indexPathAfterUpdate : item.indexPathBeforeUpdate
      else { continue }
      let side = inserted ? 1 : 0
      if p.item == IndexPath.notFound {
        sections[side].insert(p.section)
      } else {
        items[side].insert(p)
      }
    }
  }

  /// Whether the element at `key` (new paths when `inserted`, old ones otherwise) is one
  /// the batch inserts or deletes: a cell named by an update item, or any element of a
  /// section inserted or deleted.
  func contains(_ key: ElementKey, inserted: Bool) -> Bool {
    let side = inserted ? 1 : 0
    if sections[side].contains(key.indexPath.section) { return true }
    return key.category == .cell && items[side].contains(key.indexPath)
  }
}

/// `appearing SELECTOR { … }` and `disappearing SELECTOR { … }`: the script's answers to
/// LAY-14's initial and final attribute queries. An inserted element starts from the
/// attributes the layout gives it after the update, a deleted one ends from the attributes
/// it was displayed with (the collection view still shows the old state while it asks),
/// each with the matching rules applied. Anything else answers `nil`, so LAY-15's defaults
/// hold (engine choice, as UIKit's sample layouts do: only inserted and deleted elements).
extension FlowAdditions {
  func noteUpdates(_ items: [CollectionViewUpdateItem]) {
    update = updateRules.isEmpty ? nil : BatchChanges(items)
  }

  func endUpdates() { update = nil }

  /// `initialLayoutAttributesForAppearing…` for the element `key` after the update.
  func appearing(_ key: ElementKey, in layout: CollectionViewFlowLayout) -> LayoutAttributes? {
    answer(key, appearing: true, layout) { current(key, in: layout) }
  }

  /// `finalLayoutAttributesForDisappearing…` for the element `key` before the update.
  func disappearing(_ key: ElementKey, in layout: CollectionViewFlowLayout) -> LayoutAttributes? {
    answer(key, appearing: false, layout) { layout.collectionView?.displayedAttributes(for: key) }
  }

  /// `base()` with the matching rules applied on identity and full opacity, when the batch
  /// inserts (or deletes) `key` and a rule selects it.
  private func answer(
    _ key: ElementKey, appearing: Bool, _ layout: CollectionViewLayout,
    _ base: () -> LayoutAttributes?
  ) -> LayoutAttributes? {
    guard let update, update.contains(key, inserted: appearing) else { return nil }
    let moment: TransformMoment = appearing ? .appearing : .disappearing
    let rules = updateRules.filter { $0.moment == moment }
    guard !rules.isEmpty, var attributes = base(),
      rules.contains(where: { $0.selector.matches(attributes, in: layout.collectionView) })
    else { return nil }
    attributes.alpha = 1
    attributes.transform3D = .identity
    AttributeRule.apply(rules, to: &attributes, in: LiveScope(callbacks, layout))
    return attributes
  }

  private func current(_ key: ElementKey, in layout: CollectionViewFlowLayout) -> LayoutAttributes?
  {
    switch key.category {
    case .cell: return layout.layoutAttributesForItem(at: key.indexPath)
    case .supplementaryView:
      // A pinned header's final attributes are where the rect query puts it (PIN-1), not
      // its natural place.
      if let bounds = layout.collectionView?.bounds,
        let shown = layout.layoutAttributesForElements(in: bounds).first(where: { $0.key == key })
      {
        return shown
      }
      return layout.layoutAttributesForSupplementaryView(
        ofKind: key.kind ?? "", at: key.indexPath)
    case .decorationView:
      return layout.layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
    }
  }
}
