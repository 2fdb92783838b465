extension CollectionView {
  /// `setCollectionViewLayout(_:animated:)` (LAY-16). The new layout gets a context with
  /// `invalidateEverything` (LAY-10) and is prepared once; the offset becomes what
  /// `targetContentOffset(forProposedContentOffset:)` and then the delegate answer for the
  /// current one (LAY-13), kept in range as after an update (engine choice); then the
  /// new layout is asked for the visible area.
  ///
  /// Animated, the swap is bracketed by `prepareForTransition(to:)` on the old layout and
  /// `prepareForTransition(from:)` on the new one, and `finalizeLayoutTransition()` runs as
  /// the animation begins (inside UIKit's animation block). The animation, like a
  /// `UICollectionViewTransitionLayout`, moves every element on screen before or after
  /// from the old layout's attributes to the new layout's, each property linearly (LAY-16,
  /// L); it is left in flight as `updateAnimation` (no update items) until
  /// `finishUpdateAnimation()`. Views that leave the screen stay displayed until then, as
  /// in an update (DISP-2). An element one layout has and the other lacks fades (alpha 0
  /// at that end: LAY-15's defaults, engine choice). Only elements on screen in either
  /// layout are interpolated, so a frame costs what the screen holds.
  public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool) {
    let old = collectionViewLayout
    guard layout !== old else { return }
    finishUpdateAnimation(finished: false)
    let before = animated ? visibleElements : []
    let offsetBefore = contentOffset
    if animated {
      record(.transition(LayoutEvent.prepareForTransitionTo, leaving: true))
      old.prepareForTransition(to: layout)
      record(.transition(LayoutEvent.prepareForTransitionFrom, leaving: false))
      layout.prepareForTransition(from: old)
    }
    layout.collectionView?.detach(layout)
    collectionViewLayout = layout
    layout.collectionView = self
    // The old layout stays connected until the animation's start attributes are read.
    defer { if old.collectionView === self { old.collectionView = nil } }
    let context = type(of: layout).invalidationContextClass.init()
    context.invalidateEverything = true
    layout.invalidateLayout(with: context)
    settleOffset()
    holdsEndedViews = animated
    layoutIfNeeded()
    holdsEndedViews = false
    guard animated else { return }
    let tracks = transitionTracks(from: old, before: before)
    // Both layouts are told, the old one first, as they were prepared.
    record(.transition(LayoutEvent.finalizeLayoutTransition, leaving: true))
    old.finalizeLayoutTransition()
    record(.transition(LayoutEvent.finalizeLayoutTransition, leaving: false))
    layout.finalizeLayoutTransition()
    updateAnimation = UpdateAnimation(
      tracks: tracks, updateItems: [],
      offsetBefore: offsetBefore == contentOffset ? nil : offsetBefore)
    updateAnimationProgress = 0
  }

  /// Prepares the new layout and moves to its target offset (LAY-13). Elements read while
  /// the target is decided come from the new layout, not from the views still showing the
  /// old one.
  private func settleOffset() {
    isInLayoutPass = true
    loadCountsIfNeeded()
    prepareIfNeeded()
    let kept = clampedContentOffset(targetContentOffset(proposing: contentOffset))
    bounds.origin = Point(x: kept.x + 0, y: kept.y + 0)  // no −0 in traces
    isInLayoutPass = false
  }

  /// LAY-13: the layout's `targetContentOffset(forProposedContentOffset:)`, then the
  /// delegate's `collectionView(_:targetContentOffsetForProposedContentOffset:)` with that
  /// answer when it implements it (the delegate has the last word, as UIKit documents).
  /// Asked after the new layout prepared and before the views follow it: elements read
  /// meanwhile come from the new layout, not from the views still showing the old one.
  func targetContentOffset(proposing proposed: Point) -> Point {
    let shown = layoutCache.take()
    defer { layoutCache = shown }
    let target = collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed)
    record(.targetContentOffset(proposed: proposed, result: target))
    guard let delegate,
      let chosen = delegate.collectionView(
        self, targetContentOffsetForProposedContentOffset: target)
    else { return target }
    record(.delegateTargetContentOffset(proposed: target, result: chosen))
    return chosen
  }

  /// A track for every element displayed after the swap (in the new answer's order), from
  /// its old attributes — on screen, or the old layout's answer for it — then one for every
  /// element that left the screen, to the new layout's attributes for it. The old layout
  /// is asked directly: these are the transition layout's questions, not the view's, and
  /// are not traced.
  private func transitionTracks(from old: CollectionViewLayout, before: [LayoutAttributes])
    -> [UpdateTrack]
  {
    var shownBefore: [ElementKey: Int] = [:]
    for (i, a) in before.enumerated() { shownBefore[a.key] = i }
    var tracks: [UpdateTrack] = []
    var stayed = [Bool](repeating: false, count: before.count)
    for a in visibleElements {
      var from: LayoutAttributes
      var change = UpdateChange.shifted
      if let i = shownBefore[a.key] {
        stayed[i] = true
        from = before[i]
      } else if let earlier = old.layoutAttributes(for: a.key) {
        from = earlier
      } else {
        from = a
        from.alpha = 0
        change = .inserted
      }
      if change == .shifted && from == a { change = .unchanged }
      tracks.append(
        UpdateTrack(
          oldKey: change == .inserted ? nil : a.key, newKey: a.key, from: from, to: a,
          change: change, disappears: false))
    }
    for (i, b) in before.enumerated() where !stayed[i] {
      let answer = collectionViewLayout.layoutAttributes(for: b.key)
      var to = answer ?? b
      if answer == nil { to.alpha = 0 }
      tracks.append(
        UpdateTrack(
          oldKey: b.key, newKey: answer == nil ? nil : b.key, from: b, to: to,
          change: answer == nil ? .deleted : .shifted, disappears: true))
    }
    return tracks
  }
}

extension CollectionViewLayout {
  /// The layout's attributes for one element, asked by its category's query (LAY-6).
  public func layoutAttributes(for key: ElementKey) -> LayoutAttributes? {
    switch key.category {
    case .cell: layoutAttributesForItem(at: key.indexPath)
    case .supplementaryView:
      layoutAttributesForSupplementaryView(ofKind: key.kind ?? "", at: key.indexPath)
    case .decorationView:
      layoutAttributesForDecorationView(ofKind: key.kind ?? "", at: key.indexPath)
    }
  }
}
