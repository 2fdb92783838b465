extension CollectionView {
  /// DISP-1 / DISP-2: the displayed set becomes the cached attributes that intersect the
  /// bounds (touching counts, GEO-5) and are not hidden. Newly needed elements get a view
  /// and `willDisplay`, in attribute order; then elements no longer needed get
  /// `didEndDisplaying` and their views go back to the reuse pool. Elements that stay and
  /// whose attributes changed get `apply(_:)` (ATTR-5: equal attributes are not applied).
  func updateDisplayedElements() {
    let visibleRect = bounds
    if cachedQuery.map({ !$0.coversEverything && !$0.rect.contains(visibleRect) }) ?? true {
      let rect = queryRect()
      let attributes = collectionViewLayout.layoutAttributesForElements(in: rect)
      record(.layoutAttributesForElements(in: rect, count: attributes.count))
      cachedQuery = CachedQuery(rect: rect, attributes: attributes, coversEverything: rect == .zero)
    }
    guard let query = cachedQuery else { return }

    var next: [DisplayedElement] = []
    next.reserveCapacity(displayed.count + 8)
    var nextIndex: [ElementKey: Int] = [:]
    nextIndex.reserveCapacity(displayed.count + 8)
    var kept = [Bool](repeating: false, count: displayed.count)
    for attributes in query.attributes
    where !attributes.isHidden && attributes.frame.intersects(visibleRect) {
      let key = attributes.key
      if nextIndex[key] != nil { continue }  // a layout that returns an element twice
      if let old = displayedIndex[key] {
        kept[old] = true
        var element = displayed[old]
        if element.attributes != attributes {
          element.attributes = attributes
          record(.apply(key))
        }
        nextIndex[key] = next.count
        next.append(element)
      } else {
        let element = dequeueView(for: attributes)
        nextIndex[key] = next.count
        next.append(element)
        record(.willDisplay(key))
        delegate?.collectionView(self, willDisplay: key)
      }
    }
    for (i, element) in displayed.enumerated() where !kept[i] {
      endDisplaying(element)
    }
    displayed = next
    displayedIndex = nextIndex
  }

  func endDisplayingAll() {
    for element in displayed { endDisplaying(element) }
    displayed = []
    displayedIndex = [:]
  }

  private func endDisplaying(_ element: DisplayedElement) {
    let key = element.attributes.key
    record(.didEndDisplaying(key))
    delegate?.collectionView(self, didEndDisplaying: key)
    reusePool[element.reuseKey, default: []].append(element.view)
  }

  /// DISP-3: a pooled view when one exists (last in, first out, as PST does; UIKit's order
  /// is OPEN), otherwise a new one.
  private func dequeueView(for attributes: LayoutAttributes) -> DisplayedElement {
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
    let view: Int
    let reused: Bool
    if let pooled = reusePool[reuseKey]?.popLast() {
      (view, reused) = (pooled, true)
    } else {
      (view, reused) = (nextViewID, false)
      nextViewID += 1
    }
    record(.dequeue(attributes.key, reuseIdentifier: identifier, view: view, reused: reused))
    return DisplayedElement(attributes: attributes, view: view, reuseKey: reuseKey)
  }

  // MARK: Queries

  /// The attributes of every displayed element, in the order the layout returned them.
  public var visibleElements: [LayoutAttributes] { displayed.map(\.attributes) }

  /// `indexPathsForVisibleItems`, sorted (UIKit gives no order, DISP-4).
  public var indexPathsForVisibleItems: [IndexPath] {
    displayed.filter { $0.attributes.representedElementCategory == .cell }
      .map(\.attributes.indexPath).sorted()
  }

  /// `cellForItem(at:)`: the id of the view showing the item, `nil` when it is not
  /// displayed (DISP-4).
  public func cellForItem(at indexPath: IndexPath) -> Int? {
    displayedIndex[.cell(indexPath)].map { displayed[$0].view }
  }

  /// How many views wait in reuse pools.
  public var reusableViewCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

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
    var best: LayoutAttributes?
    for attributes in candidates
    where attributes.representedElementCategory == .cell && !attributes.isHidden
      && attributes.frame.contains(point)
    {
      if best == nil || attributes.zIndex >= best!.zIndex { best = attributes }
    }
    return best?.indexPath
  }
}
