/// A finger on the scroll view: a drag (`beginDragging`, `drag(translation:)`), the lift
/// (`endDragging(velocity:)`) and the deceleration that follows, frame by frame
/// (`advanceDeceleration(by:)`). The engine has no touches; these calls are what
/// UIScrollView's pan gesture does, with UIKit's delegate callbacks in SV-8's order.
extension CollectionView {
  public var isDragging: Bool { dragStart != nil }
  public var isDecelerating: Bool { deceleration != nil }

  /// SV-10: a finger moves the content along an axis when the content is longer than the
  /// viewport there, or when the view always bounces on that axis.
  public func canDrag(vertical: Bool) -> Bool {
    let low = minimumContentOffset
    let high = maximumContentOffset
    return vertical
      ? high.y > low.y || alwaysBounceVertical : high.x > low.x || alwaysBounceHorizontal
  }

  /// The finger touches: a deceleration in progress stops where it is (engine choice: no
  /// `scrollViewDidEndDecelerating` for it), then `scrollViewWillBeginDragging`.
  public func beginDragging() {
    deceleration = nil
    dragStart = contentOffset
    notify(.willBeginDragging) { $0.scrollViewWillBeginDragging(self) }
  }

  /// The finger has moved by `translation` since the drag began (a pan gesture's
  /// translation: positive to the right and down; the content follows the finger, so the
  /// offset moves the other way). Past an edge the content shows SV-9's rubber band when
  /// `bounces`, else stops at the edge; an axis that cannot move (SV-10) stays.
  public func drag(translation: Point) {
    guard let start = dragStart else { return }
    let low = minimumContentOffset
    let high = maximumContentOffset
    func axis(_ from: Double, _ moved: Double, _ low: Double, _ high: Double, _ d: Double) -> Double
    {
      ScrollPhysics.dragged(
        from: from, by: moved, in: low...max(low, high), dimension: d, bounces: bounces)
    }
    let next = Point(
      x: canDrag(vertical: false)
        ? axis(start.x, translation.x, low.x, high.x, bounds.width) : contentOffset.x,
      y: canDrag(vertical: true)
        ? axis(start.y, translation.y, low.y, high.y, bounds.height) : contentOffset.y)
    scroll(to: next)
  }

  /// The finger lifts with the offset moving at `velocity` (pt/ms, positive towards larger
  /// offsets). The proposed rest (SV-8):
  /// - past an edge (a rubber band): the edge on that axis — the content bounces back — and
  ///   on the other axis, if it is in range, its page or its free fling's resting point
  ///   (the layout is asked only when neither axis is past an edge);
  /// - paging (SV-11): the next page in the velocity's direction, the nearest at zero
  ///   velocity, measured in bounds sizes from offset 0 (L), at the fast rate;
  /// - else the fling's resting point (SV-7, continuous form), then the layout's
  ///   `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`.
  /// Kept in range (SV-3), offered to the delegate, which may change it; then
  /// `scrollViewDidEndDragging(willDecelerate:)` and, when the offset is to move,
  /// `scrollViewWillBeginDecelerating`. How each axis then moves is `axisMotion(…)`'s.
  public func endDragging(velocity: Point) {
    guard dragStart != nil else { return }
    dragStart = nil
    let offset = contentOffset
    let v = Point(
      x: canDrag(vertical: false) && velocity.x.isFinite ? velocity.x : 0,
      y: canDrag(vertical: true) && velocity.y.isFinite ? velocity.y : 0)
    let rate = isPagingEnabled ? DecelerationRate.fast : decelerationRate
    var proposed: Point
    var resting: Point?
    var layoutTarget: Point?
    let clamped = clampedContentOffset(offset)
    if clamped != offset {
      // Each axis on its own (SV-6…SV-9): one released past an edge springs back to it,
      // while the other still pages or flies as it would have.
      func axis(_ at: Double, _ edge: Double, _ velocity: Double, _ page: Double) -> Double {
        if edge != at { return edge }
        if isPagingEnabled { return ScrollPhysics.page(at, velocity, page) }
        return at + ScrollPhysics.restingDistance(velocity: velocity, rate: rate)
      }
      proposed = clampedContentOffset(
        Point(
          x: axis(offset.x, clamped.x, v.x, bounds.width),
          y: axis(offset.y, clamped.y, v.y, bounds.height)))
    } else if isPagingEnabled {
      proposed = clampedContentOffset(
        Point(
          x: ScrollPhysics.page(offset.x, v.x, bounds.width),
          y: ScrollPhysics.page(offset.y, v.y, bounds.height)))
    } else {
      let rest = Point(
        x: offset.x + ScrollPhysics.restingDistance(velocity: v.x, rate: rate),
        y: offset.y + ScrollPhysics.restingDistance(velocity: v.y, rate: rate))
      let target = collectionViewLayout.targetContentOffset(
        forProposedContentOffset: rest, withScrollingVelocity: v)
      record(.targetContentOffsetForVelocity(proposed: rest, velocity: v, result: target))
      (resting, layoutTarget) = (rest, target)
      proposed = clampedContentOffset(target)
    }
    var target = proposed
    scrollViewDelegate?.scrollViewWillEndDragging(
      self, withVelocity: v, targetContentOffset: &target)
    if !(target.x.isFinite && target.y.isFinite) { target = proposed }
    record(.scrollView(.willEndDragging(velocity: v, proposed: proposed, target: target)))
    let low = minimumContentOffset
    let high = maximumContentOffset
    lastRelease = ReleaseResolution(
      offset: offset, velocity: v, rate: rate.rawValue, paging: isPagingEnabled,
      pastEdge: clamped != offset ? clamped : nil, resting: resting, layoutTarget: layoutTarget,
      proposed: proposed, target: target)
    let motion = Deceleration(
      start: offset, rate: rate,
      x: axisMotion(offset.x, v.x, target.x, low.x...max(low.x, high.x), bounds.width, rate),
      y: axisMotion(offset.y, v.y, target.y, low.y...max(low.y, high.y), bounds.height, rate))
    let decelerate = !motion.isResting(at: 0)
    notify(.didEndDragging(willDecelerate: decelerate)) {
      $0.scrollViewDidEndDragging(self, willDecelerate: decelerate)
    }
    guard decelerate else { return }
    notify(.willBeginDecelerating) { $0.scrollViewWillBeginDecelerating(self) }
    deceleration = motion
  }

  /// How one axis moves from `offset` at `velocity` to `target` in `range` (SV-3):
  /// - released past an edge, and resting on it: the bounce back, a spring from where the
  ///   content is, starting at the speed the content had — the finger's scaled by SV-9's
  ///   slope there (engine choice, OPEN-7);
  /// - a free fling that would rest past an edge, resting on it: the fling to the edge,
  ///   then the bounce past it and back (`bounces`), or a stop there;
  /// - otherwise, and always when paging (SV-11), a glide to the target.
  private func axisMotion(
    _ offset: Double, _ velocity: Double, _ target: Double, _ range: ClosedRange<Double>,
    _ dimension: Double, _ rate: DecelerationRate
  ) -> AxisMotion {
    let edge = min(max(offset, range.lowerBound), range.upperBound) + 0
    if edge != offset {
      guard target == edge else { return .glide(from: offset, to: target) }
      return AxisMotion.bounceBack(
        from: offset, velocity: velocity, range: range, dimension: dimension)
        ?? .glide(from: offset, to: target)
    }
    guard !isPagingEnabled else { return .glide(from: offset, to: target) }
    return AxisMotion.lift(
      from: offset, velocity: velocity, target: target, range: range, rate: rate,
      bounces: bounces)
  }

  /// Moves a deceleration on by `milliseconds` (a frame: 1000/60): the offset changes
  /// (a bounds change, LAY-8) and `scrollViewDidScroll` follows; at rest,
  /// `scrollViewDidEndDecelerating`. Returns whether it is still moving.
  @discardableResult
  public func advanceDeceleration(by milliseconds: Double) -> Bool {
    guard var motion = deceleration else { return false }
    motion.elapsed += max(0, milliseconds)
    let next = motion.offset(at: motion.elapsed)
    deceleration = motion
    scroll(to: next)
    // `scrollViewDidScroll` may have stopped the motion (setContentOffset), or moved the
    // offset with the motion (the contentOffset setter), which keeps it at rest if it was.
    guard deceleration != nil else { return false }
    guard motion.isResting(at: motion.elapsed) else { return true }
    deceleration = nil
    notify(.didEndDecelerating) { $0.scrollViewDidEndDecelerating(self) }
    return false
  }

  private func scroll(to offset: Point) {
    guard offset != contentOffset else { return }
    moveContentOffset(to: offset)
  }
}
