/// An orthogonal section's embedded scroller after a finger lifts (COMP-9): the main scroll
/// view's deceleration (SV-7, SV-11, OPEN-7) along the section's own axis, with the rate
/// and the resting point its `orthogonalScrollingBehavior` chooses.
extension CollectionViewCompositionalLayout {
  /// Lifts a finger from section `section`'s scroller at `velocity` (points per
  /// millisecond along the scroller's axis, positive towards larger offsets). Returns
  /// whether the scroller moves; `advanceOrthogonalDeceleration(forSection:by:)` moves it.
  @discardableResult
  public func flingOrthogonalSection(_ section: Int, velocity: Double) -> Bool {
    guard sections.indices.contains(section), sections[section].isOrthogonal,
      velocity.isFinite
    else { return false }
    // A fling is a drag that lifts at once: a finger that was down is up.
    orthogonalDragStarts[section] = nil
    let across = !axes.vertical
    let start = orthogonalContentOffset(forSection: section)
    let offset = across ? start.y : start.x
    let rate = orthogonalDecelerationRate(forSection: section)
    let target = orthogonalTargetOffset(forSection: section, from: offset, velocity: velocity)
    let range = orthogonalScrollRange(forSection: section)
    let motion: AxisMotion
    if let back = AxisMotion.bounceBack(
      from: offset, velocity: velocity, range: range,
      dimension: sections[section].orthogonalViewportExtent)
    {
      // Released past an edge: the bounce back, as the collection view's (SV-9, OPEN-7).
      motion = back
    } else if sections[section].behavior == .continuous {
      // A free fling: it may reach an edge still moving and bounce (SV-9, OPEN-7).
      motion = AxisMotion.lift(
        from: offset, velocity: velocity, target: target, range: range, rate: rate, bounces: true)
    } else {
      // Paging and boundary snapping glide to their target (SV-11).
      motion = .glide(from: offset, to: target)
    }
    let still = AxisMotion.glide(from: 0, to: 0)
    let deceleration = Deceleration(
      start: start, rate: rate, x: across ? still : motion, y: across ? motion : still)
    guard !deceleration.isResting(at: 0) else {
      orthogonalDecelerations[section] = nil
      setOrthogonalContentOffset(deceleration.target, forSection: section)
      return false
    }
    orthogonalDecelerations[section] = deceleration
    return true
  }

  /// A finger touches section `section`'s scroller: a deceleration in progress stops where
  /// it is, as the collection view's does.
  public func beginDraggingOrthogonalSection(_ section: Int) {
    guard sections.indices.contains(section), sections[section].isOrthogonal else { return }
    orthogonalDecelerations[section] = nil
    let offset = orthogonalContentOffset(forSection: section)
    orthogonalDragStarts[section] = axes.vertical ? offset.x : offset.y
  }

  /// Whether a finger is on section `section`'s scroller.
  public func isDraggingOrthogonalSection(_ section: Int) -> Bool {
    orthogonalDragStarts[section] != nil
  }

  /// The finger on section `section`'s scroller has moved `translation` points along the
  /// scroller's axis since it touched (positive to the right or down; the content follows
  /// it, so the offset moves the other way). Past an edge the content shows SV-9's rubber
  /// band over the scroller's width: the embedded scroll view bounces, as UIKit's does.
  public func dragOrthogonalSection(_ section: Int, translation: Double) {
    guard let start = orthogonalDragStarts[section], translation.isFinite,
      sections.indices.contains(section)
    else { return }
    let next = ScrollPhysics.dragged(
      from: start, by: translation, in: orthogonalScrollRange(forSection: section),
      dimension: sections[section].orthogonalViewportExtent, bounces: true)
    setOrthogonalContentOffset(
      axes.vertical ? Point(x: next, y: 0) : Point(x: 0, y: next), forSection: section)
  }

  /// The finger lifts from section `section`'s scroller at `velocity` (points per
  /// millisecond, positive towards larger offsets): `flingOrthogonalSection`. Returns
  /// whether the scroller moves on.
  @discardableResult
  public func endDraggingOrthogonalSection(_ section: Int, velocity: Double) -> Bool {
    guard orthogonalDragStarts.removeValue(forKey: section) != nil else { return false }
    return flingOrthogonalSection(section, velocity: velocity)
  }

  /// Section `section`'s scroller in motion, if it is.
  public func orthogonalDeceleration(forSection section: Int) -> Deceleration? {
    orthogonalDecelerations[section]
  }

  /// Moves section `section`'s deceleration on by `milliseconds` (a frame: 1000/60), which
  /// moves its elements from the next pass. Returns whether it is still moving.
  @discardableResult
  public func advanceOrthogonalDeceleration(forSection section: Int, by milliseconds: Double)
    -> Bool
  {
    guard var motion = orthogonalDecelerations[section] else { return false }
    motion.elapsed += max(0, milliseconds)
    let resting = motion.isResting(at: motion.elapsed)
    orthogonalDecelerations[section] = resting ? nil : motion
    setOrthogonalContentOffset(motion.offset(at: motion.elapsed), forSection: section)
    return !resting
  }

  /// COMP-9: `.paging` and the group-paging behaviours decelerate fast (0.99, as a paging
  /// scroll view does, SV-11); the continuous ones at the normal rate (0.998).
  public func orthogonalDecelerationRate(forSection section: Int) -> DecelerationRate {
    guard sections.indices.contains(section) else { return .normal }
    switch sections[section].behavior {
    case .paging, .groupPaging, .groupPagingCentered: return .fast
    case .none, .continuous, .continuousGroupLeadingBoundary: return .normal
    }
  }

  /// Where a fling from `offset` at `velocity` comes to rest in section `section`'s
  /// scroller, kept in its range (COMP-9):
  /// - `.continuous`: where the free fling rests (SV-7);
  /// - `.continuousGroupLeadingBoundary`: the group leading edge nearest to that point —
  ///   the offset at which a group stands where the first one stands at rest (engine
  ///   choice: the nearest boundary, not the next one in the fling's direction; Apple
  ///   documents only that the scroller rests on a group's leading boundary);
  /// - `.paging`: the next page of the collection view's extent in the fling's direction,
  ///   the nearest one without velocity (SV-11);
  /// - `.groupPaging`, `.groupPagingCentered`: the same with one group and its spacing as
  ///   the page, so each page puts the next group where the first one rests (centred, for
  ///   `.groupPagingCentered`, by the insets COMP-9 gives it).
  public func orthogonalTargetOffset(forSection section: Int, from offset: Double, velocity: Double)
    -> Double
  {
    guard sections.indices.contains(section) else { return offset }
    let s = sections[section]
    let range = orthogonalScrollRange(forSection: section)
    let rate = orthogonalDecelerationRate(forSection: section)
    let free = offset + ScrollPhysics.restingDistance(velocity: velocity, rate: rate)
    let target: Double
    switch s.behavior {
    case .none: return offset
    case .continuous: target = free
    case .continuousGroupLeadingBoundary:
      let stride = s.groupCrossStride
      target = stride > 0 ? (free / stride).rounded() * stride : free
    case .paging, .groupPaging, .groupPagingCentered:
      target = ScrollPhysics.page(offset, velocity, orthogonalPageExtent(forSection: section) ?? 0)
    }
    return min(max(target, range.lowerBound), range.upperBound) + 0  // + 0: no −0 at rest
  }
}
