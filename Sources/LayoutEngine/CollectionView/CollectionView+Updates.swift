extension CollectionView {
  // MARK: Update calls (BATCH-1)

  /// `performBatchUpdates(_:completion:)`. The block makes update calls and changes the
  /// data source; the calls are collected, checked against the counts before (BATCH-4) and
  /// the data source's counts after, and applied at once (BATCH-2, BATCH-3). A fault raises
  /// UIKit's exception (BATCH-6), leaves the view as it was and returns `false`; the data
  /// source is the caller's to restore. The animation stays in flight
  /// (`updateAnimation`) until `finishUpdateAnimation()`: disappearing views stay displayed
  /// until then, and the completion runs then (BATCH-10).
  @discardableResult
  public func performBatchUpdates(
    _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) -> Bool {
    performUpdates(named: LayoutEvent.performBatchUpdates, updates, completion: completion)
  }

  public func insertItems(at indexPaths: [IndexPath]) {
    single(.insertItems(indexPaths))
  }

  public func deleteItems(at indexPaths: [IndexPath]) {
    single(.deleteItems(indexPaths))
  }

  public func reloadItems(at indexPaths: [IndexPath]) {
    single(.reloadItems(indexPaths))
  }

  /// `reconfigureItems(at:)` (iOS 15): the cells at these paths stay and are configured
  /// again; no update item, no animation, the layout is not invalidated (the engine's cells
  /// carry no content, so reconfiguring changes nothing it draws).
  public func reconfigureItems(at indexPaths: [IndexPath]) {
    record(.reconfigureItems(indexPaths))
  }

  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    single(.moveItem(from: indexPath, to: newIndexPath))
  }

  public func insertSections(_ sections: [Int]) {
    single(.insertSections(sections))
  }

  public func deleteSections(_ sections: [Int]) {
    single(.deleteSections(sections))
  }

  public func reloadSections(_ sections: [Int]) {
    single(.reloadSections(sections))
  }

  public func moveSection(_ section: Int, toSection newSection: Int) {
    single(.moveSection(from: section, to: newSection))
  }

  /// Inside a batch a call is collected; outside it is a batch of one (BATCH-1).
  private func single(_ operation: BatchOperation) {
    if openBatch != nil {
      openBatch?.append(operation)
    } else {
      performUpdates(
        named: operation.callName, { self.openBatch?.append(operation) }, completion: nil)
    }
  }

  // MARK: The update

  @discardableResult
  func performUpdates(
    named name: String, _ updates: (() -> Void)?, completion: ((Bool) -> Void)?
  ) -> Bool {
    if openBatch != nil {  // nested: UIKit runs the inner block as part of the outer one
      updates?()
      return true
    }
    finishUpdateAnimation(finished: false)
    record(.performBatchUpdates(name))
    layoutIfNeeded()  // BATCH-4: the counts before are those of a settled layout
    loadCountsIfNeeded()
    let before = sectionCounts
    openBatch = BatchUpdate()
    updates?()
    let batch = openBatch ?? BatchUpdate()
    openBatch = nil
    let after = readDataSourceCounts()
    let mapping: BatchMapping
    do {
      mapping = try batch.resolve(before: before, after: after)
    } catch {
      raise(error)
      return false
    }
    apply(mapping, completion: completion)
    return true
  }

  /// BATCH-10 and LAY-14, in order: the counts, an invalidation with
  /// `invalidateDataSourceCounts`, `prepare()` on the new counts, the new content offset
  /// (LAY-13, then kept in range), the query for the new visible rect,
  /// `prepare(forCollectionViewUpdates:)`, the supplementary index paths, the final
  /// attributes of every element on screen before and the initial attributes of every
  /// element on screen after, `finalizeCollectionViewUpdates()`, then the display diff
  /// (DISP-2: new views first; views of disappearing elements stay until the animation
  /// ends).
  private func apply(_ mapping: BatchMapping, completion: ((Bool) -> Void)?) {
    let old = layoutCache
    forgetPrefetches()
    let context = type(of: collectionViewLayout).invalidationContextClass.init()
    context.invalidateDataSourceCounts = true
    context.batchMapping = mapping
    collectionViewLayout.invalidateLayout(with: context)
    // The counts were just read (BATCH-10): the layout's prepare() must not read them again.
    sectionCounts = mapping.countsAfter
    countsAreValid = true
    remapSelection { mapping.isReloaded($0) ? nil : mapping.newIndexPath(forOld: $0) }
    let offsetBefore = bounds.origin
    isInLayoutPass = true
    prepareIfNeeded()
    // Engine choice (PST keeps the offset in range after an update, L): a shorter content
    // does not leave the view scrolled past its end.
    let kept = clampedContentOffset(targetContentOffset(proposing: offsetBefore))
    bounds.origin = Point(x: kept.x + 0, y: kept.y + 0)  // no −0 in traces
    let rect = queryRect()
    var answer = queryLayout(in: rect)
    if refuses(answer) { answer = [] }  // nothing of it is displayed
    needsFullQuery = false
    pendingTargets.removeAll()
    var session = UpdateSession(
      mapping: mapping, old: old, answer: answer, bounds: bounds, view: self)
    session.run()
    // The update dropped the region (LAY-10: data-source counts); the new answer starts it.
    var cache = LayoutCache(vertical: scrollsVerticallyFirst)
    let places = cache.add(session.newAttributes, for: rect)
    for (i, slot) in session.newSlots.enumerated() where slot != nil {
      cache.setSlot(slot, at: places[i])
    }
    layoutCache = cache
    pendingUpdateEnds = session.ends
    updateAnimation = UpdateAnimation(tracks: session.tracks, updateItems: mapping.updateItems)
    pendingCompletion = completion
    isInLayoutPass = false
  }

  /// Ends the update animation in flight, if any: views of disappearing elements end
  /// displaying and go back to their pools, then the completion runs with `finished`
  /// (BATCH-10: false when another update or a reload interrupts it).
  public func finishUpdateAnimation(finished: Bool = true) {
    guard updateAnimation != nil else { return }
    for (key, slot) in pendingUpdateEnds { endDisplaying(key, slot) }
    pendingUpdateEnds.removeAll()
    updateAnimation = nil
    updateAnimationProgress = 0
    record(.completion(finished: finished))
    let completion = pendingCompletion
    pendingCompletion = nil
    completion?(finished)
  }

  /// The bounds as presented: during an animation that moved the offset, between the old
  /// offset and the new one at `updateAnimationProgress`, linearly (LAY-16, L).
  public var presentedBounds: Rect {
    guard let from = updateAnimation?.offsetBefore else { return bounds }
    let t = min(max(updateAnimationProgress, 0), 1)
    var b = bounds
    b.origin = Point(x: lerp(from.x, b.origin.x, t), y: lerp(from.y, b.origin.y, t))
    return b
  }

  /// The presentation layer: during an update animation every element of it at
  /// `updateAnimationProgress`, disappearing ones included, in the tracks' order (drawers
  /// sort by zIndex); otherwise the displayed elements.
  public var presentedElements: [LayoutAttributes] {
    guard let animation = updateAnimation else { return visibleElements }
    return animation.attributes(at: updateAnimationProgress)
  }
}
