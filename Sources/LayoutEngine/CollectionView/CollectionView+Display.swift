extension CollectionView {
  /// DISP-1 / DISP-2: the displayed set becomes the cached attributes that intersect the
  /// bounds (touching counts, GEO-5) and are not hidden. Newly needed elements get a view
  /// and `willDisplay`, in attribute order; then elements no longer needed get
  /// `didEndDisplaying` and their views go back to the reuse pool. Elements that stay and
  /// whose attributes changed get `apply(_:)` (ATTR-5: equal attributes are not applied).
  func updateDisplayedElements() {
    let visibleRect = bounds
    if var query = cachedQuery, query.coversEverything || query.rect.contains(visibleRect) {
      cachedQuery = nil  // hand the arrays to `query` alone while it changes
      redisplay(&query, in: visibleRect)
      cachedQuery = query
      return
    }
    let rect = queryRect()
    let answer = collectionViewLayout.layoutAttributesForElements(in: rect)
    record(.layoutAttributesForElements(in: rect, count: answer.count))
    var query = CachedQuery(
      rect: rect, attributes: withoutDuplicates(answer),
      slots: [], coversEverything: rect == .zero)
    query.slots = [DisplaySlot?](repeating: nil, count: query.attributes.count)
    carryOver(from: cachedQuery, into: &query, in: visibleRect)
    cachedQuery = nil
    redisplay(&query, in: visibleRect)
    cachedQuery = query
  }

  /// A layout that returns one element twice would get two views; keep the first.
  func withoutDuplicates(_ answer: [LayoutAttributes]) -> [LayoutAttributes] {
    var seen = Set<ElementKey>(minimumCapacity: answer.count)
    if answer.allSatisfy({ seen.insert($0.key).inserted }) { return answer }
    seen.removeAll(keepingCapacity: true)
    return answer.filter { seen.insert($0.key).inserted }
  }

  /// A new answer arrived: elements displayed before that are still visible keep their
  /// views (and get `apply(_:)` if their attributes changed); the others end.
  private func carryOver(
    from old: CachedQuery?, into query: inout CachedQuery, in visibleRect: Rect
  ) {
    guard let old else { return }
    var previous: [ElementKey: Int] = [:]
    for (i, slot) in old.slots.enumerated() where slot != nil {
      previous[old.attributes[i].key] = i
    }
    if previous.isEmpty { return }
    var kept = [Bool](repeating: false, count: old.slots.count)
    for (i, attributes) in query.attributes.enumerated()
    where isDisplayable(attributes, visibleRect) {
      guard let j = previous[attributes.key] else { continue }
      kept[j] = true
      query.slots[i] = old.slots[j]
      if old.attributes[j] != attributes { record(.apply(attributes.key)) }
    }
    // DISP-2 wants new views before old ones go; the new ones are made in `redisplay`, so
    // the ended ones are remembered and released after it.
    for (j, slot) in old.slots.enumerated() where slot != nil && !kept[j] {
      pendingEnds.append((old.attributes[j].key, slot!))
    }
  }

  /// Diffs `query`'s displayed slots against `visibleRect`, by position.
  private func redisplay(_ query: inout CachedQuery, in visibleRect: Rect) {
    for i in query.attributes.indices {
      let shown = query.slots[i] != nil
      if !shown && isDisplayable(query.attributes[i], visibleRect) {
        query.slots[i] = dequeueView(for: query.attributes[i])
        let key = query.attributes[i].key
        askPreferredSize(query.attributes[i])
        record(.willDisplay(key))
        delegate?.collectionView(self, willDisplay: key)
      }
    }
    for i in query.attributes.indices {
      if let slot = query.slots[i], !isDisplayable(query.attributes[i], visibleRect) {
        query.slots[i] = nil
        end(query.attributes[i].key, slot)
      }
    }
    for (key, slot) in pendingEnds { end(key, slot) }
    pendingEnds.removeAll()
  }

  /// Self-sizing (FLOW-23, LAY-12): a new cell reports the size its content wants; when it
  /// differs, the layout decides whether to invalidate, and with which context. The next
  /// layout pass (run by `layoutIfNeeded`) then places the cell at its size.
  func askPreferredSize(_ attributes: LayoutAttributes) {
    guard attributes.representedElementCategory == .cell,
      let size = dataSource?.collectionView(
        self, preferredSizeForItemAt: attributes.indexPath, fitting: attributes),
      size != attributes.size, size.width > 0, size.height > 0, size.width.isFinite,
      size.height.isFinite
    else { return }
    var preferred = attributes
    preferred.frame = Rect(origin: attributes.frame.origin, size: size)
    let path = attributes.indexPath
    record(.preferredLayoutAttributesFitting(at: path, size: size))
    let layout = collectionViewLayout
    let invalidate = layout.shouldInvalidateLayout(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
    record(.shouldInvalidateLayoutForPreferredAttributes(at: path, result: invalidate))
    guard invalidate else { return }
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
    record(.invalidationContextForPreferredAttributes(at: path))
    layout.invalidateLayout(with: context)
  }

  @inline(__always)
  func isDisplayable(_ attributes: LayoutAttributes, _ visibleRect: Rect) -> Bool {
    !attributes.isHidden && attributes.frame.intersects(visibleRect)
  }

  func endDisplayingAll() {
    guard var query = cachedQuery else { return }
    for i in query.slots.indices {
      if let slot = query.slots[i] {
        query.slots[i] = nil
        endDisplaying(query.attributes[i].key, slot)
      }
    }
    cachedQuery = query
  }

  /// A view leaves the screen now, or when the animated layout change ends.
  private func end(_ key: ElementKey, _ slot: DisplaySlot) {
    if holdsEndedViews {
      pendingUpdateEnds.append((key, slot))
    } else {
      endDisplaying(key, slot)
    }
  }

  func endDisplaying(_ key: ElementKey, _ slot: DisplaySlot) {
    record(.didEndDisplaying(key))
    delegate?.collectionView(self, didEndDisplaying: key)
    reusePools[slot.pool].append(slot.view)
  }

  /// DISP-3: a pooled view when one exists (last in, first out, as PST does; UIKit's order
  /// is OPEN), otherwise a new one.
  func dequeueView(for attributes: LayoutAttributes) -> DisplaySlot {
    let category = attributes.representedElementCategory
    let identifier: String
    switch category {
    case .cell:
      identifier =
        dataSource?.collectionView(self, reuseIdentifierForItemAt: attributes.indexPath) ?? "Cell"
    case .supplementaryView, .decorationView:
      identifier = attributes.representedElementKind ?? ""
    }
    let reuseKey = ReuseKey(
      category: category, kind: attributes.representedElementKind, identifier: identifier)
    let pool: Int
    if let known = reuseKeyIDs[reuseKey] {
      pool = known
    } else {
      pool = reusePools.count
      reuseKeyIDs[reuseKey] = pool
      reusePools.append([])
    }
    let view: Int
    let reused: Bool
    if let pooled = reusePools[pool].popLast() {
      (view, reused) = (pooled, true)
    } else {
      (view, reused) = (nextViewID, false)
      nextViewID += 1
    }
    record(.dequeue(attributes.key, reuseIdentifier: identifier, view: view, reused: reused))
    return DisplaySlot(view: view, pool: pool)
  }

  // MARK: Queries

  /// The attributes of every displayed element, in the order the layout returned them.
  public var visibleElements: [LayoutAttributes] {
    guard let query = cachedQuery else { return [] }
    return query.attributes.indices.filter { query.slots[$0] != nil }.map { query.attributes[$0] }
  }

  /// The attributes a displayed element was last given; nil when it is not displayed.
  public func displayedAttributes(for key: ElementKey) -> LayoutAttributes? {
    guard let query = cachedQuery else { return nil }
    for (i, slot) in query.slots.enumerated() where slot != nil && query.attributes[i].key == key {
      return query.attributes[i]
    }
    return nil
  }

  /// `indexPathsForVisibleItems`, sorted (UIKit gives no order, DISP-4).
  public var indexPathsForVisibleItems: [IndexPath] {
    visibleElements.filter { $0.representedElementCategory == .cell }.map(\.indexPath).sorted()
  }

  /// `cellForItem(at:)`: the id of the view showing the item, `nil` when it is not
  /// displayed (DISP-4).
  public func cellForItem(at indexPath: IndexPath) -> Int? {
    guard let query = cachedQuery else { return nil }
    let key = ElementKey.cell(indexPath)
    for (i, slot) in query.slots.enumerated() where slot != nil && query.attributes[i].key == key {
      return slot?.view
    }
    return nil
  }

  /// How many views wait in reuse pools.
  public var reusableViewCount: Int { reusePools.reduce(0) { $0 + $1.count } }

  /// How many views were ever created.
  public var createdViewCount: Int { nextViewID - 1 }

  /// `indexPathForItem(at:)` (DISP-6), `point` in content coordinates: the cell whose
  /// frame contains the point (half-open, GEO-8), ignoring supplementary and decoration
  /// views and hidden cells. OPEN-5: overlaps go to the highest zIndex, ties to the later
  /// element in the layout's answer. The layout is asked for a 1×1 rect at the point, as
  /// PSTCollectionView does.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let candidates = layoutAttributesForElements(
      in: Rect(x: point.x, y: point.y, width: 1, height: 1))
    return Self.frontmostCell(in: candidates, containing: point)?.indexPath
  }

  /// OPEN-5: of the visible cells in `candidates` whose frame contains `point`, the one
  /// with the highest zIndex, ties to the later; a view hit test (`minimumAlpha` 0.01) also
  /// passes nearly transparent ones.
  static func frontmostCell(
    in candidates: some Sequence<LayoutAttributes>, containing point: Point,
    minimumAlpha: Double = -.infinity
  ) -> LayoutAttributes? {
    var best: LayoutAttributes?
    for a in candidates
    where a.representedElementCategory == .cell && !a.isHidden && a.alpha >= minimumAlpha
      && a.frame.contains(point)
    {
      if best == nil || a.zIndex >= best!.zIndex { best = a }
    }
    return best
  }
}
