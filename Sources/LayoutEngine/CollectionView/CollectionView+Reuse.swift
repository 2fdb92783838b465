extension CollectionView {
  /// LAY-1 / DISP-3: the view for an element about to be displayed. A cell or a
  /// supplementary view comes from the data source — `collectionView(_:cellForItemAt:)`,
  /// `collectionView(_:viewForSupplementaryElementOfKind:at:)` — which dequeues it by reuse
  /// identifier (the `dequeue` event, inside that call). A decoration's view is made by the
  /// collection view itself from the class the layout registered for its kind, or taken
  /// from that kind's pool: no data source is asked.
  func dequeueView(for attributes: LayoutAttributes) -> DisplaySlot {
    let key = attributes.key
    let identifier: String
    switch key.category {
    case .cell:
      record(.cellForItem(at: key.indexPath))
      identifier =
        dataSource?.collectionView(self, reuseIdentifierForItemAt: key.indexPath) ?? "Cell"
    case .supplementaryView:
      record(.viewForSupplementaryElement(kind: key.kind ?? "", at: key.indexPath))
      identifier = key.kind ?? ""
    case .decorationView:
      identifier = key.kind ?? ""
    }
    let pool = reusePool(ReuseKey(category: key.category, kind: key.kind, identifier: identifier))
    let (view, reused) = takeView(from: pool)
    if key.category == .decorationView {
      record(.decorationView(key, view: view, reused: reused))
    } else {
      record(.dequeue(key, reuseIdentifier: identifier, view: view, reused: reused))
    }
    return DisplaySlot(view: view, pool: pool)
  }

  /// The pool of a reuse key, interned to a small integer on first use (DISP-3).
  func reusePool(_ reuseKey: ReuseKey) -> Int {
    if let known = reuseKeyIDs[reuseKey] { return known }
    let pool = reusePools.count
    reuseKeyIDs[reuseKey] = pool
    reusePools.append([])
    return pool
  }

  /// DISP-3: a pooled view when one exists (last in, first out, as PST does; UIKit's order
  /// is OPEN), otherwise a new one.
  private func takeView(from pool: Int) -> (view: Int, reused: Bool) {
    if let pooled = reusePools[pool].popLast() { return (pooled, true) }
    defer { nextViewID += 1 }
    return (nextViewID, false)
  }
}
