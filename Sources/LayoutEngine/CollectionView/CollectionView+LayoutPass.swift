extension CollectionView {
  /// The layout pass (`layoutSubviews`), LAY-1…LAY-3: counts if they are stale (LAY-4),
  /// then `prepare()` and `collectionViewContentSize` if the layout was invalidated, then
  /// `layoutAttributesForElements(in:)` when the valid-layout region does not hold the
  /// bounds, then the display diff (DISP-1, DISP-2). Does nothing when nothing changed.
  public func layoutIfNeeded() {
    if isInLayoutPass { return }  // a layout that invalidates inside prepare() waits a pass
    isInLayoutPass = true
    defer { isInLayoutPass = false }
    loadCountsIfNeeded()
    applyPendingOffsetAdjustment()
    prepareIfNeeded()
    updateDisplayedElements()
    // Self-sizing cells may have invalidated the layout while being displayed: settle it
    // with more passes (bounded: each measures new cells only).
    selfSizingRounds += 1
    defer { selfSizingRounds -= 1 }
    if layoutNeedsPrepare && selfSizingRounds < 8 {
      isInLayoutPass = false
      layoutIfNeeded()
      isInLayoutPass = true
    }
  }

  /// `prepare()` and `collectionViewContentSize` while the layout is invalid (LAY-3). A
  /// layout may invalidate again while preparing, and a new content size may change the
  /// adjusted inset (SV-2) the layout measured with: prepare again, a few times at most.
  func prepareIfNeeded() {
    var rounds = 0
    while layoutNeedsPrepare && rounds < 3 {
      rounds += 1
      layoutNeedsPrepare = false
      let insetBefore = adjustedContentInset
      record(.prepare)
      collectionViewLayout.prepare()
      let size = collectionViewLayout.collectionViewContentSize
      record(.collectionViewContentSize(size))
      if size != contentSize { needsFullQuery = true }  // LAY-3: a new size revalidates
      contentSize = size
      applyPendingOffsetAdjustment()
      if adjustedContentInset != insetBefore && rounds < 3 {
        collectionViewLayout.invalidateLayout()
      }
    }
  }

  /// A targeted invalidation (LAY-10): re-asks the layout for each named element, except
  /// those the query of this pass just answered, and updates the cache — replaced, added
  /// when it now meets the valid-layout region, removed when the layout no longer returns
  /// it. Displayed elements whose attributes changed get `apply(_:)`; removed ones end.
  func refreshTargets(_ cache: inout LayoutCache, answered: [LayoutAttributes]) {
    var skipped = Set<ElementKey>()
    for attributes in answered where pendingTargets.contains(attributes.key) {
      skipped.insert(attributes.key)
    }
    for key in pendingTargets.sorted() where !skipped.contains(key) {
      let fresh = askLayout(for: key)
      if let at = cache.location(of: key) {
        if let fresh {
          guard cache.attributes(at: at) != fresh else { continue }
          if cache.slot(at: at) != nil { record(.apply(key)) }
          cache.replace(at, with: fresh)
        } else {
          if let slot = cache.slot(at: at) { pendingEnds.append((key, slot)) }
          cache.remove(at)
        }
      } else if let fresh, cache.regionMeets(fresh.frame) {
        cache.insert(fresh)
      }
    }
  }

  /// The layout's answer for one element (recorded as the call it is).
  func askLayout(for key: ElementKey) -> LayoutAttributes? {
    let layout = collectionViewLayout
    switch key.category {
    case .cell:
      let a = layout.layoutAttributesForItem(at: key.indexPath)
      record(.layoutAttributesForItem(at: key.indexPath, frame: a?.frame))
      return a
    case .supplementaryView:
      let kind = key.kind ?? ""
      let a = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: key.indexPath)
      record(.layoutAttributesForSupplementaryView(kind: kind, at: key.indexPath, frame: a?.frame))
      return a
    case .decorationView:
      let kind = key.kind ?? ""
      let a = layout.layoutAttributesForDecorationView(ofKind: kind, at: key.indexPath)
      record(.layoutAttributesForDecorationView(kind: kind, at: key.indexPath, frame: a?.frame))
      return a
    }
  }

  /// LAY-10: the offset adjustments of the contexts since the last pass, applied once the
  /// bounds are settled (a bounds change would otherwise overwrite them).
  func applyPendingOffsetAdjustment() {
    guard pendingOffsetAdjustment != .zero else { return }
    bounds.origin = bounds.origin + pendingOffsetAdjustment
    pendingOffsetAdjustment = .zero
  }

  /// Called by `CollectionViewLayout.invalidateLayout(with:)`: the next pass re-prepares.
  /// A context that names elements (and sets neither flag) is *targeted*: the next pass
  /// keeps the valid-layout region and every other answer, and asks the layout again only
  /// for those elements, one by one (LAY-10). Anything else — everything, counts, or a
  /// context naming nothing, a bounds change's included — drops the region: the next pass
  /// asks for the query rect afresh.
  func layoutDidInvalidate(_ layout: CollectionViewLayout, with context: InvalidationContext) {
    guard layout === collectionViewLayout else { return }
    record(.invalidateLayout(context.summary))
    layoutNeedsPrepare = true
    let targets = context.invalidatedElementKeys
    if context.invalidateEverything || context.invalidateDataSourceCounts || targets.isEmpty {
      needsFullQuery = true
    } else {
      pendingTargets.formUnion(targets)
    }
    if context.invalidateDataSourceCounts { countsAreValid = false }
    // LAY-10: the offset moves when the bounds are settled, without a second bounds-change
    // round, since the layout asked for it itself.
    pendingOffsetAdjustment = pendingOffsetAdjustment + context.contentOffsetAdjustment
    if context.contentSizeAdjustment != .zero {
      contentSize.width += context.contentSizeAdjustment.width
      contentSize.height += context.contentSizeAdjustment.height
    }
  }

  /// Forgets `layout` when another collection view takes it.
  func detach(_ layout: CollectionViewLayout) {
    if layout === collectionViewLayout { layout.collectionView = nil }
  }

  /// LAY-5 / OPEN-1: the rect the collection view asks for. UIKit's exact rect is unknown
  /// (it caches per "screen page" and prefetches ahead); the engine asks for the bounds
  /// plus one viewport ahead on the scroll axis, in the direction of the last movement.
  /// Answers accumulate into the valid-layout region (`LayoutCache`): UIKit, once it holds
  /// the attributes of a part of the content, asks nothing more about it until the next
  /// reload or invalidation, so the engine asks only when the region does not hold the
  /// part of the bounds inside the content rect (engine choice for OPEN-1). An empty
  /// content (zero width or height) is asked with `Rect.zero`, as UIKit does for an empty
  /// collection view, and that answer holds for any bounds.
  func queryRect() -> Rect {
    if contentSize.width <= 0 || contentSize.height <= 0 { return .zero }
    var rect = bounds
    if scrollsVerticallyFirst {
      if lastMovement.y < 0 { rect.origin.y -= bounds.height }
      rect.size.height *= 2
    } else {
      if lastMovement.x < 0 { rect.origin.x -= bounds.width }
      rect.size.width *= 2
    }
    return rect
  }

  /// The axis the query rect extends along: vertical unless only the width overflows.
  var scrollsVerticallyFirst: Bool {
    if let flow = collectionViewLayout as? CollectionViewFlowLayout {
      return flow.scrollDirection == .vertical
    }
    return !(contentSize.width > bounds.width && contentSize.height <= bounds.height)
  }

  /// `reloadData()`: counts are re-read, every displayed element ends and goes back to its
  /// reuse pool, the selection is cleared (engine choice, OPEN), and the layout gets a
  /// context with `invalidateEverything` and `invalidateDataSourceCounts` (TV-36).
  public func reloadData() {
    finishUpdateAnimation(finished: false)
    // A reload ends a movement without telling anyone (engine choice): the data is new.
    interactiveMovement = nil
    pendingReorders.removeAll()
    countsAreValid = false
    remapSelection { _ in nil }
    forgetPrefetches()
    endDisplayingAll()
    let context = type(of: collectionViewLayout).invalidationContextClass.init()
    context.invalidateEverything = true
    context.invalidateDataSourceCounts = true
    collectionViewLayout.invalidateLayout(with: context)
    layoutIfNeeded()
  }

  /// `collectionView.layoutAttributesForItem(at:)`: asks the layout (and records it).
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    layoutIfNeeded()
    let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath)
    record(.layoutAttributesForItem(at: indexPath, frame: attributes?.frame))
    return attributes
  }

  /// `layoutAttributesForSupplementaryElement(ofKind:at:)`: asks the layout.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    layoutIfNeeded()
    let attributes = collectionViewLayout.layoutAttributesForSupplementaryView(
      ofKind: kind, at: indexPath)
    record(
      .layoutAttributesForSupplementaryView(kind: kind, at: indexPath, frame: attributes?.frame))
    return attributes
  }

  /// `layoutAttributesForDecorationElement(ofKind:at:)`… asks the layout (recorded).
  public func layoutAttributesForDecorationElement(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    layoutIfNeeded()
    let attributes = collectionViewLayout.layoutAttributesForDecorationView(
      ofKind: kind, at: indexPath)
    record(.layoutAttributesForDecorationView(kind: kind, at: indexPath, frame: attributes?.frame))
    return attributes
  }

  /// Asks the layout for the elements in `rect`, as the collection view would (recorded).
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    layoutIfNeeded()
    let attributes = collectionViewLayout.layoutAttributesForElements(in: rect)
    record(.layoutAttributesForElements(in: rect, count: attributes.count))
    return attributes
  }
}
