extension CollectionView {
  // MARK: Registration (DISP-3)

  /// `register(_:forCellWithReuseIdentifier:)`: cells may now be dequeued with
  /// `identifier`. "Cell" is registered from the start — an engine convenience, so that
  /// code and scripts that never register dequeue the default identifier as before; UIKit
  /// registers nothing by itself.
  public func register(cellWithReuseIdentifier identifier: String) {
    registeredCellIdentifiers.insert(identifier)
  }

  /// The cell reuse identifiers that may be dequeued, sorted.
  public var registeredCellReuseIdentifiers: [String] { registeredCellIdentifiers.sorted() }

  /// DISP-3: the views waiting in each pool that was ever used, in the order the pools were
  /// first used. Cells' pools are per reuse identifier, supplementary and decoration
  /// views' per kind and identifier (their identifier is their kind).
  public var reusePools: [(key: ReuseKey, waiting: Int)] {
    poolKeys.indices.map { (poolKeys[$0], pooledViews[$0].count) }
  }

  /// The reuse pool and the view number of the displayed element `key` — what the view's
  /// `reuseIdentifier` and its identity would tell in UIKit (DISP-3): a cell's pool is its
  /// reuse identifier, a supplementary or decoration view's its kind and identifier. nil
  /// when the element is not displayed.
  public func displayedView(of key: ElementKey) -> (reuse: ReuseKey, view: Int)? {
    guard let shown = layoutCache?.displayed().first(where: { $0.0.key == key }) else {
      return nil
    }
    return (poolKeys[shown.1.pool], shown.1.view)
  }

  /// How many cells wait in the pool of `identifier` (0 for a pool never used).
  public func reusableCellCount(withReuseIdentifier identifier: String) -> Int {
    let key = ReuseKey(category: .cell, kind: nil, identifier: identifier)
    return reuseKeyIDs[key].map { pooledViews[$0].count } ?? 0
  }

  // MARK: Dequeue

  /// LAY-1 / DISP-3: the view for an element about to be displayed. A cell or a
  /// supplementary view comes from the data source — `collectionView(_:cellForItemAt:)`,
  /// `collectionView(_:viewForSupplementaryElementOfKind:at:)` — which dequeues it by reuse
  /// identifier (the `dequeue` event, inside that call). A decoration's view is made by the
  /// collection view itself from the class the layout registered for its kind, or taken
  /// from that kind's pool: no data source is asked. A pooled view gets
  /// `prepareForReuse()` before it is handed out; a new one does not (DISP-3).
  ///
  /// A cell identifier nobody registered raises UIKit's exception; the engine then goes on
  /// with a new view, so that the state stays defined.
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
    if !poolIsRegistered[pool] {
      if key.category != .cell || registeredCellIdentifiers.contains(identifier) {
        poolIsRegistered[pool] = true
      } else {
        raiseUnregistered(identifier)
      }
    }
    let (view, reused) = takeView(from: pool)
    if key.category == .decorationView {
      record(.decorationView(key, view: view, reused: reused))
    } else {
      record(.dequeue(key, reuseIdentifier: identifier, view: view, reused: reused))
    }
    if reused { record(.prepareForReuse(key, view: view)) }
    return DisplaySlot(view: view, pool: pool)
  }

  /// DISP-3's exception for a cell identifier without a registered class.
  private func raiseUnregistered(_ identifier: String) {
    raise(
      CollectionViewException(
        name: CollectionViewException.internalInconsistency,
        reason: "could not dequeue a view of kind: \(ElementKind.cell) with identifier "
          + "\(identifier) - must register a nib or a class for the identifier or connect a "
          + "prototype cell in a storyboard"))
  }

  /// The pool of a reuse key, interned to a small integer on first use (DISP-3).
  func reusePool(_ reuseKey: ReuseKey) -> Int {
    if let known = reuseKeyIDs[reuseKey] { return known }
    let pool = poolKeys.count
    reuseKeyIDs[reuseKey] = pool
    poolKeys.append(reuseKey)
    pooledViews.append([])
    poolIsRegistered.append(false)
    return pool
  }

  /// DISP-3: a pooled view when one exists (last in, first out, as PST does; UIKit's order
  /// is OPEN), otherwise a new one.
  private func takeView(from pool: Int) -> (view: Int, reused: Bool) {
    if let pooled = pooledViews[pool].popLast() { return (pooled, true) }
    defer { nextViewID += 1 }
    return (nextViewID, false)
  }
}
