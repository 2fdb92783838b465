import LayoutEngine

/// `scroll section N to x V` and `fling section N x V`: an orthogonal section's own
/// scroller (COMP-9) in the front layer's compositional layout. The section's elements
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
    let cv = layers.live()
    let (layout, s, velocity) = try diagnosing {
      () throws(Diagnostic) -> (CollectionViewCompositionalLayout, Int, Double) in
      let (layout, s) = try orthogonalScroller(sectionExpr, axis)
      let v = try evaluator.number(velocityExpr)
      guard v.isFinite && abs(v) <= 1e6 else {
        throw .error(.velocityRange(v), at: velocityExpr.range)
      }
      return (layout, s, v)
    }
    guard layout.flingOrthogonalSection(s, velocity: velocity),
      let motion = layout.orthogonalDeceleration(forSection: s)
    else {
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
