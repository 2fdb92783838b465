import LayoutEngine

/// Where the finger is during a `drag`, and how often frames come.
struct Finger {
  /// The pan's translation since the drag began.
  var translation = Point.zero
  /// How far it moved in the last frame (its speed at `release`).
  var lastStep = Point.zero
  var frameRate = 60.0
  /// Where a `press` holds a finger down (content coordinates), until `lift`.
  var pressed: Point?
  /// A finger on an orthogonal section's scroller (`drag section N`): its translation along
  /// the scroller's axis, and its last frame's step, by section.
  var sectionTranslation: [Int: Double] = [:]
  var sectionLastStep: [Int: Double] = [:]

  var frameDuration: Double { 1000 / frameRate }
}

/// `drag`, `release`, `fling` and the scroll view's settings: the engine's finger calls
/// (`beginDragging`, `drag(translation:)`, `endDragging(velocity:)`,
/// `advanceDeceleration(by:)`, SV-7…SV-11) on the first layer, whose offset the other
/// layers follow frame by frame.
extension Interpreter {
  func apply(_ setting: ScrollSetting) throws(Diagnostic) {
    switch setting {
    case .paging(let on): layers.setScrolling { $0.paging = on }
    case .bounces(let on): layers.setScrolling { $0.bounces = on }
    case .prefetching(let on): layers.setScrolling { $0.prefetching = on }
    case .alwaysBounce(let vertical, let on):
      layers.setScrolling {
        if vertical { $0.alwaysBounceVertical = on } else { $0.alwaysBounceHorizontal = on }
      }
    case .deceleration(let fast, let rateExpr):
      var rate = fast ? DecelerationRate.fast : .normal
      if let rateExpr {
        rate = DecelerationRate(rawValue: try evaluator.number(rateExpr))
        guard rate.isValid else {
          throw .error(.decelerationRange(rate.rawValue), at: rateExpr.range)
        }
      }
      layers.setScrolling { $0.deceleration = rate }
    case .frameRate(let e):
      let n = try evaluator.number(e)
      guard n >= 1 && n <= 1000 else { throw .error(.frameRateRange(n), at: e.range) }
      finger.frameRate = n
    }
  }

  func gesture(_ step: GestureStep, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    let cv = layers.live()
    cancelPress()
    switch step.kind {
    case .drag(let axis, let e):
      let (move, frames) = try diagnosing { () throws(Diagnostic) -> (Point, Int) in
        let frames = try step.frames.map { (f) throws(Diagnostic) in
          try frameCount(f, none: .dragNeedsFrames)
        }
        return (try motion(axis, e), frames ?? 1)
      }
      if !cv.isDragging { startDragging(cv) }
      let each = Point(x: move.x / Double(frames), y: move.y / Double(frames))
      for k in 1...frames {
        if k > 1 { try runner.countStep(at: range) }
        finger.translation = Point(
          x: finger.translation.x + each.x, y: finger.translation.y + each.y)
        finger.lastStep = each
        let before = cv.contentOffset
        if frames > 1 {
          runner.beginFrame(k, of: frames, offset: before, layers.takeEvents(), into: &trace)
        }
        cv.drag(translation: finger.translation)
        follow(cv)
        try frameEnded(k, of: frames, from: before, velocity: fingerVelocity(cv), range)
      }
    case .release(let axis, let e):
      let velocity = try diagnosing { () throws(Diagnostic) -> Point in
        if let e { return try velocityValue(axis, e) }
        // The finger's own speed over its last frame; the content moves the other way.
        return Point(
          x: -finger.lastStep.x / finger.frameDuration, y: -finger.lastStep.y / finger.frameDuration
        )
      }
      if !cv.isDragging { startDragging(cv) }
      try lift(cv, velocity, range, trace: &trace)
    case .fling(let axis, let e):
      let velocity = try diagnosing { () throws(Diagnostic) in try velocityValue(axis, e) }
      startDragging(cv)
      try lift(cv, velocity, range, trace: &trace)
    case .flingSection(let section, let axis, let e):
      try flingSection(section, axis, e, range, trace: &trace)
    case .dragSection(let section, let axis, let e):
      try dragSection(section, axis, e, frames: step.frames, range, trace: &trace)
    case .releaseSection(let section, let axis, let e):
      try releaseSection(section, axis, e, range, trace: &trace)
    }
  }

  private func startDragging(_ cv: CollectionView) {
    cv.beginDragging()
    finger.translation = .zero
    finger.lastStep = .zero
  }

  /// `endDragging(velocity:)`, then the deceleration to rest, one frame per step of the
  /// frame rate (each counted against the step limit).
  private func lift(
    _ cv: CollectionView, _ velocity: Point, _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) {
    cv.endDragging(velocity: velocity)
    finger.lastStep = .zero
    plotRelease(cv)
    guard let motion = cv.deceleration else { return }
    guard let frames = motion.framesToRest(every: finger.frameDuration, limit: limits.frames)
    else {
      cv.advanceDeceleration(by: .infinity)
      follow(cv)
      throw .diagnostic(
        .error(.gestureTooLong(frames: limits.frames + 1, limit: limits.frames), at: range))
    }
    if runner.defersAnimation {  // `:step fling …`: the REPL runs the frames
      runner.deferredFrames = frames
      return
    }
    for k in 1...frames {
      // A delegate's scrollViewDidScroll may have stopped the motion: no frames after it.
      guard cv.deceleration != nil else { break }
      try runner.countStep(at: range)
      let before = cv.contentOffset
      runner.beginFrame(k, of: frames, offset: before, layers.takeEvents(), into: &trace)
      decelerationFrame()
      // SV-7's own velocity; none once at rest.
      let v = cv.deceleration.map { $0.velocity(at: $0.elapsed) } ?? .zero
      try frameEnded(k, of: frames, from: before, velocity: v, range)
    }
    plotMark(.rest, cv)
  }

  /// The velocity of the content a dragging finger gives (what `release` lifts with): its
  /// last step, the other way, on the axes it can move (SV-10).
  private func fingerVelocity(_ cv: CollectionView) -> Point {
    let dt = finger.frameDuration
    return Point(
      x: cv.canDrag(vertical: false) ? -finger.lastStep.x / dt : 0,
      y: cv.canDrag(vertical: true) ? -finger.lastStep.y / dt : 0)
  }

  /// One frame of the deceleration in progress, the other layers following.
  func decelerationFrame() {
    let cv = layers.live()
    cv.advanceDeceleration(by: finger.frameDuration)
    follow(cv)
  }

  /// The other layers scroll with the first.
  private func follow(_ cv: CollectionView) {
    for other in layers.views where other !== cv { other.setContentOffset(cv.contentOffset) }
  }

  private func motion(_ axis: Axis?, _ e: Expr) throws(Diagnostic) -> Point {
    switch axis {
    case .x?: return Point(x: try evaluator.number(e), y: 0)
    case .y?: return Point(x: 0, y: try evaluator.number(e))
    case nil: return try pointValue(e)
    }
  }

  /// A velocity in points per millisecond: finite, at most 10⁶ in size.
  private func velocityValue(_ axis: Axis?, _ e: Expr) throws(Diagnostic) -> Point {
    let v = try motion(axis, e)
    for c in [v.x, v.y] where !(c.isFinite && abs(c) <= 1e6) {
      throw .error(.velocityRange(c), at: e.range)
    }
    return v
  }
}
