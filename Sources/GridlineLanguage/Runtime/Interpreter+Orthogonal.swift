import LayoutEngine

/// `scroll section N to x V`, `fling section N x V`, `drag section N by x D` and `release
/// section N`: an orthogonal section's own scroller (COMP-9) in the front layer's
/// compositional layout. The section's elements
/// move from the next layout pass, which each step and each frame of a fling runs, so the
/// display events and `hit` see them where they are drawn.
extension Interpreter {
  /// The front layer's compositional layout and section `sectionExpr`, which must scroll
  /// across, along `axis`.
  private func orthogonalScroller(_ sectionExpr: Expr, _ axis: Axis) throws(Diagnostic) -> (
    CollectionViewCompositionalLayout, Int
  ) {
    let s = try wholeNumber(try evaluator.number(sectionExpr), "the section", sectionExpr.range)
    let layout = try orthogonalLayout(of: layers.live(), section: s, at: sectionExpr.range)
    let along = layout.scrollerAxis
    guard axis == along else {
      throw .error(.orthogonalAxis(s, along.rawValue), at: sectionExpr.range)
    }
    return (layout, s)
  }

  /// Sets the scroller's offset, as `contentOffset` on the embedded scroll view: not
  /// clamped (SV-4).
  func scrollSection(_ sectionExpr: Expr, _ axis: Axis, _ valueExpr: Expr) throws(Diagnostic) {
    let (layout, s) = try orthogonalScroller(sectionExpr, axis)
    let v = try evaluator.number(valueExpr)
    try Validate.finite(v, "the offset", valueExpr.range, limits)
    layout.setOrthogonalContentOffset(
      axis == .x ? Point(x: v, y: 0) : Point(x: 0, y: v), forSection: s)
    layers.live().layoutIfNeeded()
  }

  /// Lifts a finger from the scroller at a velocity (points per millisecond) and runs its
  /// deceleration to rest, one frame per step of the frame rate, as `fling` does for the
  /// collection view (each frame counted against the step limit).
  func flingSection(
    _ sectionExpr: Expr, _ axis: Axis, _ velocityExpr: Expr, _ range: SourceRange,
    trace: inout [TraceEntry]
  ) throws(RunError) {
    let (layout, s, velocity) = try diagnosing {
      () throws(Diagnostic) -> (CollectionViewCompositionalLayout, Int, Double) in
      let (layout, s) = try orthogonalScroller(sectionExpr, axis)
      return (layout, s, try scrollerVelocity(velocityExpr))
    }
    layout.flingOrthogonalSection(s, velocity: velocity)
    try decelerate(layout, s, range, trace: &trace)
  }

  /// A finger on the scroller moves by `D` (over N frames): the scroller follows it, with
  /// the rubber band past an edge (SV-9), and the finger stays down until `release section`.
  func dragSection(
    _ sectionExpr: Expr, _ axis: Axis, _ moveExpr: Expr, frames framesExpr: Expr?,
    _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) {
    let cv = layers.live()
    let (layout, s, move, frames) = try diagnosing {
      () throws(Diagnostic) -> (CollectionViewCompositionalLayout, Int, Double, Int) in
      let (layout, s) = try orthogonalScroller(sectionExpr, axis)
      let move = try evaluator.number(moveExpr)
      try Validate.finite(move, "the drag", moveExpr.range, limits)
      let frames = try framesExpr.map { (f) throws(Diagnostic) in
        try frameCount(f, none: .dragNeedsFrames)
      }
      return (layout, s, move, frames ?? 1)
    }
    if !layout.isDraggingOrthogonalSection(s) {
      layout.beginDraggingOrthogonalSection(s)
      finger.sectionTranslation[s] = 0
      finger.sectionLastStep[s] = 0
    }
    let each = move / Double(frames)
    for k in 1...frames {
      if k > 1 { try runner.countStep(at: range) }
      let translation = (finger.sectionTranslation[s] ?? 0) + each
      finger.sectionTranslation[s] = translation
      finger.sectionLastStep[s] = each
      let before = cv.contentOffset
      if frames > 1 {
        runner.beginFrame(k, of: frames, offset: before, layers.takeEvents(), into: &trace)
      }
      layout.dragOrthogonalSection(s, translation: translation)
      cv.layoutIfNeeded()
      try frameEnded(k, of: frames, from: before, velocity: .zero, range)
    }
  }

  /// The finger lifts from the scroller, with its own speed over its last frame (the
  /// content moves the other way) or the velocity given, and the scroller decelerates to
  /// rest as after `fling section`.
  func releaseSection(
    _ sectionExpr: Expr, _ axis: Axis?, _ velocityExpr: Expr?, _ range: SourceRange,
    trace: inout [TraceEntry]
  ) throws(RunError) {
    let (layout, s, velocity) = try diagnosing {
      () throws(Diagnostic) -> (CollectionViewCompositionalLayout, Int, Double) in
      let s = try wholeNumber(try evaluator.number(sectionExpr), "the section", sectionExpr.range)
      let found = try orthogonalLayout(of: layers.live(), section: s, at: sectionExpr.range)
      let (layout, _) = try orthogonalScroller(sectionExpr, axis ?? found.scrollerAxis)
      guard let velocityExpr else {
        return (layout, s, -(finger.sectionLastStep[s] ?? 0) / finger.frameDuration)
      }
      return (layout, s, try scrollerVelocity(velocityExpr))
    }
    if !layout.isDraggingOrthogonalSection(s) { layout.beginDraggingOrthogonalSection(s) }
    finger.sectionTranslation[s] = nil
    finger.sectionLastStep[s] = nil
    layout.endDraggingOrthogonalSection(s, velocity: velocity)
    try decelerate(layout, s, range, trace: &trace)
  }

  /// A velocity in points per millisecond: finite, at most 10⁶ in size.
  private func scrollerVelocity(_ e: Expr) throws(Diagnostic) -> Double {
    let v = try evaluator.number(e)
    guard v.isFinite && abs(v) <= 1e6 else { throw .error(.velocityRange(v), at: e.range) }
    return v
  }

  /// The scroller's deceleration to rest, one frame per step of the frame rate (each
  /// counted against the step limit).
  private func decelerate(
    _ layout: CollectionViewCompositionalLayout, _ s: Int, _ range: SourceRange,
    trace: inout [TraceEntry]
  ) throws(RunError) {
    let cv = layers.live()
    guard let motion = layout.orthogonalDeceleration(forSection: s) else {
      cv.layoutIfNeeded()
      return
    }
    guard let frames = motion.framesToRest(every: finger.frameDuration, limit: limits.frames)
    else {
      layout.advanceOrthogonalDeceleration(forSection: s, by: .infinity)
      cv.layoutIfNeeded()
      throw .diagnostic(
        .error(.gestureTooLong(frames: limits.frames + 1, limit: limits.frames), at: range))
    }
    for k in 1...frames {
      try runner.countStep(at: range)
      let before = cv.contentOffset
      runner.beginFrame(k, of: frames, offset: before, layers.takeEvents(), into: &trace)
      layout.advanceOrthogonalDeceleration(forSection: s, by: finger.frameDuration)
      cv.layoutIfNeeded()
      try frameEnded(k, of: frames, from: before, velocity: .zero, range)
    }
  }
}

/// The compositional layout of `cv`, whose section `s` scrolls across (COMP-9): one that
/// is not there, or does not scroll across, is named as such.
func orthogonalLayout(of cv: CollectionView, section s: Int, at range: SourceRange)
  throws(Diagnostic) -> CollectionViewCompositionalLayout
{
  guard let layout = cv.collectionViewLayout as? CollectionViewCompositionalLayout else {
    throw .error(.notOrthogonal(s), at: range)
  }
  guard layout.sections.indices.contains(s) else {
    throw .error(
      .noSection(s, declared: layout.sections.count, by: "the collection view has"), at: range)
  }
  guard layout.sections[s].isOrthogonal else { throw .error(.notOrthogonal(s), at: range) }
  return layout
}

extension CollectionViewCompositionalLayout {
  /// The axis an orthogonal section's scroller moves along: across the layout's.
  var scrollerAxis: Axis { configuration.scrollDirection == .vertical ? .x : .y }
}
