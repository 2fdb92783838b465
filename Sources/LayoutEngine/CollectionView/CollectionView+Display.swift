extension CollectionView {
  /// The layout pass's query and display diff. The valid-layout region (`LayoutCache`) is
  /// kept unless the pass must drop it (`needsFullQuery`); the layout is asked for the
  /// query rect only when the region does not hold the part of the bounds inside the
  /// content (LAY-2, LAY-5, OPEN-1), and the elements a targeted invalidation named are
  /// asked again one by one, unless that query just answered them (LAY-10).
  ///
  /// DISP-1 / DISP-2: the displayed set becomes the cached attributes that intersect the
  /// bounds (touching counts, GEO-5) and are not hidden. Newly needed elements get a view
  /// and `willDisplay`, in display order (`LayoutCache.collectVisits(meeting:)`); then
  /// elements no longer needed get `didEndDisplaying` and their views go back to the reuse
  /// pool. Elements that stay and whose attributes changed get `apply(_:)` (ATTR-5: equal
  /// attributes are not applied). A pass that asked the layout shows new elements in the
  /// order of that answer, as before the region was kept.
  func updateDisplayedElements() {
    let visibleRect = bounds
    // `take()` hands the arrays to `cache` alone while it changes, without a copy (the
    // views' delegates called meanwhile find none, as before).
    if !needsFullQuery, var cache = layoutCache.take() {
      guard let answered = extendRegion(&cache) else {
        layoutCache = cache
        refuseAnswer()
        return
      }
      if interactiveMovement != nil && (!answered.isEmpty || !pendingTargets.isEmpty) {
        overlayMovingItem(&cache)
      }
      if !pendingTargets.isEmpty { pendingTargets.removeAll(keepingCapacity: true) }
      redisplay(&cache, in: visibleRect, answered: answered)
      if prefetch.scrolled { prefetchAhead(&cache) }
      layoutCache = cache
      return
    }
    let rect = queryRect()
    let answer = queryLayout(in: rect)
    if refuses(answer) {
      refuseAnswer()
      return
    }
    var cache = layoutCache.take() ?? LayoutCache(vertical: scrollsVerticallyFirst)
    var shown = cache.displayed()
    if !pendingReorders.isEmpty {
      // An interactive movement reordered the data as shown: each view follows its item.
      shown = shown.map { attributes, slot in
        var moved = attributes
        moved.indexPath = reorderedKey(attributes.key).indexPath
        return (moved, slot)
      }
      pendingReorders.removeAll()
    }
    cache.reset(vertical: scrollsVerticallyFirst)
    cache.add(answer, for: rect)
    if interactiveMovement != nil { overlayMovingItem(&cache) }
    carryOver(shown, into: &cache, in: visibleRect)
    needsFullQuery = false
    pendingTargets.removeAll(keepingCapacity: true)
    redisplay(&cache, in: visibleRect)
    if prefetch.scrolled { prefetchAhead(&cache) }
    layoutCache = cache
  }

  /// `layoutAttributesForElements(in:)`, recorded; the layout may stop gathering past
  /// `maximumElementsPerPass` (`answerLimit`).
  func queryLayout(in rect: Rect) -> [LayoutAttributes] {
    answerLimit = maximumElementsPerPass
    let answer = collectionViewLayout.layoutAttributesForElements(in: rect)
    answerLimit = .max
    record(.layoutAttributesForElements(in: rect, count: answer.count))
    elementWork &+= answer.count
    return answer
  }

  /// Whether a pass must refuse `answer`: it holds more than `maximumElementsPerPass`.
  func refuses(_ answer: [LayoutAttributes]) -> Bool {
    guard answer.count > maximumElementsPerPass else { return false }
    exceededElementLimit = true
    return true
  }

  /// A pass that refused its answer displays nothing: what was displayed ends, the region
  /// is dropped, and the next pass asks the layout afresh.
  private func refuseAnswer() {
    endDisplayingAll()
    layoutCache = nil
    needsFullQuery = true
    pendingTargets.removeAll()
    for (key, slot) in pendingEnds { end(key, slot) }
    pendingEnds.removeAll()
  }

  /// OPEN-1: the query rect is asked for only when the part of the bounds inside the content
  /// rect is not held by the region (a bounce past an edge asks nothing more); the answer
  /// joins it. Bounds wholly outside the content are asked about as they are, so that what
  /// a layout sticks to them there (a pinned header past the end) is found (DISP-1). Then
  /// the targets.
  /// Nil when the pass refuses the answer (`refuses(_:)`).
  private func extendRegion(_ cache: inout LayoutCache) -> [ElementLocation]? {
    var answer: [LayoutAttributes] = []
    var answered: [ElementLocation] = []
    var needed = bounds.intersection(Rect(origin: .zero, size: contentSize))
    if needed.isEmpty { needed = bounds }
    if !cache.covers(needed) {
      let rect = queryRect()
      layoutCache = cache  // the layout, asked, may look at what is displayed
      answer = queryLayout(in: rect)
      cache = layoutCache.take() ?? cache
      if refuses(answer) { return nil }
      answered = cache.add(answer, for: rect) { record(.apply($0)) }
    }
    if !pendingTargets.isEmpty { refreshTargets(&cache, answered: answer) }
    return answered
  }

  /// A layout that returns one element twice would get two views; keep the first.
  func withoutDuplicates(_ answer: [LayoutAttributes]) -> [LayoutAttributes] {
    var seen = Set<ElementKey>(minimumCapacity: answer.count)
    if answer.allSatisfy({ seen.insert($0.key).inserted }) { return answer }
    seen.removeAll(keepingCapacity: true)
    return answer.filter { seen.insert($0.key).inserted }
  }

  /// The region was dropped: elements displayed before that are still visible keep their
  /// views (and get `apply(_:)` if their attributes changed, in the order of the new
  /// answer); the others end. Each is found through the cache's location index, so the
  /// cost follows what was displayed, not what the answer holds.
  private func carryOver(
    _ shown: [(LayoutAttributes, DisplaySlot)], into cache: inout LayoutCache,
    in visibleRect: Rect
  ) {
    guard !shown.isEmpty else { return }
    var kept: [(at: ElementLocation, j: Int)] = []
    kept.reserveCapacity(shown.count)
    var ended: [Int] = []
    for (j, (attributes, _)) in shown.enumerated() {
      if let at = cache.location(of: attributes.key), cache.slot(at: at) == nil,
        Self.isDisplayable(cache.attributes(at: at), visibleRect)
      {
        kept.append((at, j))
      } else {
        ended.append(j)
      }
    }
    kept.sort { ($0.at.chunk, $0.at.index) < ($1.at.chunk, $1.at.index) }
    for (at, j) in kept {
      cache.setSlot(shown[j].1, at: at)
      if shown[j].0 != cache.attributes(at: at) { record(.apply(shown[j].0.key)) }
    }
    // DISP-2 wants new views before old ones go; the new ones are made in `redisplay`, so
    // the ended ones are remembered and released after it.
    for j in ended { pendingEnds.append((shown[j].0.key, shown[j].1)) }
  }

  /// Diffs the displayed slots against `visibleRect`, by position, in the chunks that meet
  /// the bounds or hold views (`LayoutCache.scanVisits(meeting:)`); then the new views are
  /// made and the old ones end (DISP-2: new views first).
  private func redisplay(
    _ cache: inout LayoutCache, in visibleRect: Rect, answered: [ElementLocation] = []
  ) {
    for at in answered where cache.slot(at: at) == nil {
      let attributes = cache.attributes(at: at)
      if Self.isDisplayable(attributes, visibleRect) { show(attributes, at: at, in: &cache) }
    }
    let visits = cache.scanVisits(meeting: visibleRect)
    elementWork &+= cache.visitBuffer.count
    if visits {
      let (appearing, ending) = (cache.appearBuffer, cache.endBuffer)
      for at in appearing { show(cache.attributes(at: at), at: at, in: &cache) }
      for at in ending {
        guard let slot = cache.slot(at: at) else { continue }
        cache.setSlot(nil, at: at)
        end(cache.attributes(at: at).key, slot)
      }
      cache.clearScanBuffers()
    }
    if !pendingEnds.isEmpty {
      for (key, slot) in pendingEnds { end(key, slot) }
      pendingEnds.removeAll()
    }
  }

  private func show(
    _ attributes: LayoutAttributes, at: ElementLocation, in cache: inout LayoutCache
  ) {
    cache.setSlot(dequeueView(for: attributes), at: at)
    elementWork &+= 1
    willDisplay(attributes)
  }

  /// A new view's self-sizing question, then `willDisplay` (DISP-2); a displayed cell is no
  /// longer an outstanding prefetch (DISP-5).
  func willDisplay(_ attributes: LayoutAttributes) {
    if !prefetch.outstanding.isEmpty && attributes.representedElementCategory == .cell {
      prefetch.displayed(attributes.indexPath)
    }
    askPreferredSize(attributes)
    record(.willDisplay(attributes.key))
    delegate?.collectionView(self, willDisplay: attributes.key)
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
  static func isDisplayable(_ attributes: LayoutAttributes, _ visibleRect: Rect) -> Bool {
    !attributes.isHidden && attributes.frame.intersects(visibleRect)
  }

  func endDisplayingAll() {
    guard var cache = layoutCache.take() else { return }
    for c in cache.sortedByPosition(cache.shown) {
      for i in cache.chunks[c].slots.indices {
        guard let slot = cache.chunks[c].slots[i] else { continue }
        cache.chunks[c].slots[i] = nil
        endDisplaying(cache.chunks[c].attributes[i].key, slot)
      }
    }
    cache.clearShown()
    layoutCache = cache
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
    elementWork &+= 1
    record(.didEndDisplaying(key))
    delegate?.collectionView(self, didEndDisplaying: key)
    pooledViews[slot.pool].append(slot.view)
  }

  // MARK: Queries

  /// The attributes of every displayed element: in the order of the layout's last answer
  /// when it holds them all, otherwise in display order (`LayoutCache.displayed()`).
  public var visibleElements: [LayoutAttributes] {
    layoutCache?.displayed().map(\.0) ?? []
  }

  /// The attributes a displayed element was last given; nil when it is not displayed.
  public func displayedAttributes(for key: ElementKey) -> LayoutAttributes? {
    guard let at = layoutCache?.location(of: key), layoutCache?.slot(at: at) != nil else {
      return nil
    }
    return layoutCache?.attributes(at: at)
  }

  /// `indexPathsForVisibleItems`, sorted (UIKit gives no order, DISP-4).
  public var indexPathsForVisibleItems: [IndexPath] {
    visibleElements.filter { $0.representedElementCategory == .cell }.map(\.indexPath).sorted()
  }

  /// `cellForItem(at:)`: the id of the view showing the item, `nil` when it is not
  /// displayed (DISP-4).
  public func cellForItem(at indexPath: IndexPath) -> Int? {
    guard let at = layoutCache?.location(of: .cell(indexPath)) else { return nil }
    return layoutCache?.slot(at: at)?.view
  }

  /// How many views wait in reuse pools.
  public var reusableViewCount: Int { pooledViews.reduce(0) { $0 + $1.count } }

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
    for a in candidates where isTouchable(a, point, minimumAlpha) {
      if best == nil || a.zIndex >= best!.zIndex { best = a }
    }
    return best
  }

  /// A visible cell, alpha at least `minimumAlpha`, whose frame contains `point` (GEO-8).
  @inline(__always)
  static func isTouchable(_ a: LayoutAttributes, _ point: Point, _ minimumAlpha: Double) -> Bool {
    a.representedElementCategory == .cell && !a.isHidden && a.alpha >= minimumAlpha
      && a.frame.contains(point)
  }
}
