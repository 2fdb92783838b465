extension CollectionView {
  /// SV-3: the smallest valid offset on each axis, `-adjustedContentInset` leading edges.
  public var minimumContentOffset: Point {
    let adj = adjustedContentInset
    return Point(x: -adj.left, y: -adj.top)
  }

  /// SV-3: `max(min, contentSize + adj.trailing − bounds)` per axis; content shorter than
  /// the viewport collapses the range to the minimum.
  public var maximumContentOffset: Point {
    let adj = adjustedContentInset
    let low = minimumContentOffset
    return Point(
      x: max(low.x, contentSize.width + adj.right - bounds.width),
      y: max(low.y, contentSize.height + adj.bottom - bounds.height))
  }

  /// `offset` moved into the valid range of SV-3. A zero comes out as +0 (the minimum
  /// offset negates a zero inset), so traces never show −0.
  public func clampedContentOffset(_ offset: Point) -> Point {
    let low = minimumContentOffset
    let high = maximumContentOffset
    return Point(
      x: min(max(offset.x, low.x), high.x) + 0, y: min(max(offset.y, low.y), high.y) + 0)
  }

  /// `setContentOffset(_:animated:)`. SV-4: no clamping — an out-of-range offset stays
  /// until a drag or a bounce moves it. A non-finite offset is refused as Core Animation
  /// refuses it (`CALayerInvalidGeometry`). A deceleration in progress stops (without
  /// `scrollViewDidEndDecelerating`), as this method stops UIKit's. An animated scroll is
  /// a sequence of these, one per frame, then `endScrollingAnimation()`.
  public func setContentOffset(_ offset: Point, animated: Bool = false) {
    deceleration = nil
    moveContentOffset(to: offset)
  }

  /// Where every offset change goes: the bounds change (LAY-8), `scrollViewDidScroll` when
  /// the offset moved (before the layout pass, as UIKit calls it from the setter and lays
  /// out later), then the layout pass — unless this change came from inside a
  /// `scrollViewDidScroll`, whose outermost call lays out once it returns.
  func moveContentOffset(to offset: Point) {
    let before = bounds.origin
    changeBounds(to: Rect(origin: offset, size: bounds.size))
    if bounds.origin != before {
      scrollNotificationDepth += 1
      notify(.didScroll(offset: contentOffset)) { $0.scrollViewDidScroll(self) }
      scrollNotificationDepth -= 1
    }
    if scrollNotificationDepth == 0 { layoutIfNeeded() }
  }

  /// The end of an animated `setContentOffset(_:animated:)`, `scrollToItem(at:at:animated:)`
  /// or `scrollRectToVisible(_:animated:)`: `scrollViewDidEndScrollingAnimation` (SV-8).
  public func endScrollingAnimation() {
    notify(.didEndScrollingAnimation) { $0.scrollViewDidEndScrollingAnimation(self) }
  }

  /// A tap on the status bar (`scrollsToTop`): when this view scrolls to top and its delegate
  /// agrees (`scrollViewShouldScrollToTop`, default true), a deceleration stops and the
  /// offset to animate to is returned — the top (−adjustedContentInset.top), x unchanged;
  /// the caller animates there and calls `didScrollToTop()`. Nil when it does not scroll,
  /// or is already there (engine choice: no animation, no callback).
  public func statusBarTapTarget() -> Point? {
    guard scrollsToTop else { return nil }
    let allowed = scrollViewDelegate?.scrollViewShouldScrollToTop(self) ?? true
    record(.scrollView(.shouldScrollToTop(allowed)))
    let top = Point(x: contentOffset.x, y: -adjustedContentInset.top)
    guard allowed, top != contentOffset else { return nil }
    deceleration = nil
    return top
  }

  /// The scroll to top has arrived: `scrollViewDidScrollToTop`.
  public func didScrollToTop() {
    notify(.didScrollToTop) { $0.scrollViewDidScrollToTop(self) }
  }

  func notify(_ callback: ScrollViewCallback, _ call: (ScrollViewDelegate) -> Void) {
    record(.scrollView(callback))
    if let delegate = scrollViewDelegate { call(delegate) }
  }

  /// A bounds change (LAY-8): the layout is asked `shouldInvalidateLayout(forBoundsChange:)`
  /// while `bounds` still holds the old value (layouts compare the two); if it says yes,
  /// `invalidationContext(forBoundsChange:)` and `invalidateLayout(with:)` follow; then the
  /// bounds change. An unchanged bounds asks nothing.
  func changeBounds(to newBounds: Rect) {
    guard newBounds.origin.x.isFinite, newBounds.origin.y.isFinite,
      newBounds.size.width.isFinite, newBounds.size.height.isFinite
    else {
      raise(
        CollectionViewException(
          name: "CALayerInvalidGeometry",
          reason: "CALayer bounds contains NaN or infinity: \(newBounds)"))
      return
    }
    guard newBounds != bounds else { return }
    let layout = collectionViewLayout
    let invalidate = layout.shouldInvalidateLayout(forBoundsChange: newBounds)
    record(.shouldInvalidateLayout(forBoundsChange: newBounds, result: invalidate))
    if invalidate {
      let context = layout.invalidationContext(forBoundsChange: newBounds)
      record(.invalidationContext(forBoundsChange: newBounds))
      layout.invalidateLayout(with: context)
    }
    let dx = newBounds.origin.x - bounds.origin.x
    let dy = newBounds.origin.y - bounds.origin.y
    if dx != 0 || dy != 0 {
      lastMovement = Point(x: dx == 0 ? lastMovement.x : dx, y: dy == 0 ? lastMovement.y : dy)
      prefetch.scrolled = true
    }
    bounds = newBounds
    applyPendingOffsetAdjustment()
  }

  /// `scrollRectToVisible(_:animated:)` (SV-5): nothing when `rect` is already entirely in
  /// the visible region (the bounds inset by `adjustedContentInset`, L); otherwise, on each
  /// axis where it is not, the smallest move that brings it in — its leading edge to the
  /// leading edge when it lies before (or is larger than the region), its trailing edge to
  /// the trailing edge when it lies after — clamped to SV-3 on the axes that moved.
  public func scrollRectToVisible(_ rect: Rect, animated: Bool = false) {
    if let target = contentOffset(forScrollingRectToVisible: rect) { setContentOffset(target) }
  }

  /// Where `scrollRectToVisible(_:)` would move the offset (SV-5); nil when it would not.
  public func contentOffset(forScrollingRectToVisible rect: Rect) -> Point? {
    layoutIfNeeded()
    let r = rect.standardized
    guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
      return nil
    }
    let adj = adjustedContentInset
    let visible = bounds.inset(by: adj)
    if visible.contains(r) { return nil }
    var target = contentOffset
    let clamped = clampedContentOffset
    if let y = minimalMove(
      r.minY, r.maxY, visible.minY, visible.maxY, leading: adj.top, trailing: adj.bottom,
      extent: bounds.height)
    {
      target.y = clamped(Point(x: target.x, y: y)).y
    }
    if let x = minimalMove(
      r.minX, r.maxX, visible.minX, visible.maxX, leading: adj.left, trailing: adj.right,
      extent: bounds.width)
    {
      target.x = clamped(Point(x: x, y: target.y)).x
    }
    return target
  }

  private func minimalMove(
    _ low: Double, _ high: Double, _ visibleLow: Double, _ visibleHigh: Double,
    leading: Double, trailing: Double, extent: Double
  ) -> Double? {
    if low >= visibleLow && high <= visibleHigh { return nil }
    if low < visibleLow || high - low > visibleHigh - visibleLow { return low - leading }
    return high - extent + trailing
  }

  /// `scrollToItem(at:at:animated:)` (SV-12). Targets, for the item's frame f: top →
  /// f.minY − adj.top; bottom → f.maxY − bounds.height + adj.bottom; centred →
  /// f.midY − adj.top − (bounds.height − adj.top − adj.bottom) / 2 (left / right /
  /// centredHorizontally alike on x), each clamped to SV-3; `.none` leaves an axis alone.
  /// Pinned headers are not taken into account. An invalid index path or two positions on
  /// one axis raise UIKit's exception and do not scroll.
  public func scrollToItem(
    at indexPath: IndexPath, at position: ScrollPosition, animated: Bool = false
  ) {
    if let target = contentOffset(forScrollingToItemAt: indexPath, at: position) {
      setContentOffset(target, animated: animated)
    }
  }

  /// Where `scrollToItem(at:at:)` would move the offset (SV-12), asking the layout for the
  /// item's attributes; nil (with UIKit's exception raised) when it cannot scroll.
  public func contentOffset(forScrollingToItemAt indexPath: IndexPath, at position: ScrollPosition)
    -> Point?
  {
    layoutIfNeeded()
    guard indexPath.section >= 0, indexPath.section < sectionCounts.count, indexPath.item >= 0,
      indexPath.item < sectionCounts[indexPath.section]
    else {
      raise(
        CollectionViewException(
          name: CollectionViewException.invalidArgument,
          reason: "attempt to scroll to invalid index path: \(indexPath.foundationDescription)"))
      return nil
    }
    guard positionIsValid(position) else { return nil }
    guard let attributes = layoutAttributesForItem(at: indexPath) else {
      raise(
        CollectionViewException(
          name: CollectionViewException.internalInconsistency,
          reason: "no UICollectionViewLayoutAttributes instance for "
            + "-layoutAttributesForItemAtIndexPath: \(indexPath.foundationDescription)"))
      return nil
    }
    return contentOffset(forScrolling: attributes.frame, to: position)
  }

  /// Where scrollToItem(at:at:)'s arithmetic (SV-12) would move the offset to put `frame`
  /// at `position`, clamped: what an app computes to scroll to a supplementary view from
  /// `layoutAttributesForSupplementaryElement(ofKind:at:)`, UIKit having no call for it.
  /// Nil (with UIKit's exception raised) for two positions on one axis.
  public func contentOffset(forScrollingTo frame: Rect, at position: ScrollPosition) -> Point? {
    layoutIfNeeded()
    guard positionIsValid(position) else { return nil }
    return contentOffset(forScrolling: frame, to: position)
  }

  /// At most one position per axis, else UIKit's exception.
  private func positionIsValid(_ position: ScrollPosition) -> Bool {
    let verticalCount = position.intersection(.vertical).rawValue.nonzeroBitCount
    let horizontalCount = position.intersection(.horizontal).rawValue.nonzeroBitCount
    guard verticalCount <= 1, horizontalCount <= 1 else {
      raise(
        CollectionViewException(
          name: CollectionViewException.invalidArgument,
          reason: "UICollectionViewScrollPosition combines two positions on one axis "
            + "(raw value \(position.rawValue))"))
      return false
    }
    return true
  }

  /// SV-12's targets for `f`, clamped (SV-3); an axis with no position keeps its offset.
  private func contentOffset(forScrolling f: Rect, to position: ScrollPosition) -> Point {
    let adj = adjustedContentInset
    var target = contentOffset
    let clamped = clampedContentOffset(
      Point(
        x: horizontalTarget(f, position, adj) ?? target.x,
        y: verticalTarget(f, position, adj) ?? target.y))
    if !position.intersection(.vertical).isEmpty { target.y = clamped.y }
    if !position.intersection(.horizontal).isEmpty { target.x = clamped.x }
    return target
  }

  private func verticalTarget(_ f: Rect, _ position: ScrollPosition, _ adj: EdgeInsets) -> Double? {
    if position.contains(.top) { return f.minY - adj.top }
    if position.contains(.bottom) { return f.maxY - bounds.height + adj.bottom }
    if position.contains(.centeredVertically) {
      return f.midY - adj.top - (bounds.height - adj.top - adj.bottom) / 2
    }
    return nil
  }

  private func horizontalTarget(_ f: Rect, _ position: ScrollPosition, _ adj: EdgeInsets)
    -> Double?
  {
    if position.contains(.left) { return f.minX - adj.left }
    if position.contains(.right) { return f.maxX - bounds.width + adj.right }
    if position.contains(.centeredHorizontally) {
      return f.midX - adj.left - (bounds.width - adj.left - adj.right) / 2
    }
    return nil
  }
}
