import LayoutEngine

/// A multi-frame scroll or batch update the REPL runs one frame at a time (`:step`,
/// `:next N`, `:continue`).
public struct SteppedAnimation: Sendable {
  enum Motion: Sendable {
    case scroll(ScrollPlan)
    /// The update ran when the stepping began; its frames move the animation along.
    case update
    /// A `fling` or `release`: the finger lifted when the stepping began; each frame moves
    /// the deceleration on (SV-7).
    case deceleration
  }

  let motion: Motion
  let statement: Statement
  public let frames: Int
  /// Frames already run.
  public internal(set) var done = 0
  /// A stepped update's callbacks from starting it (performBatchUpdates to the new views),
  /// reported with its first frame, and the attributes its layouts recomputed.
  var opening: [TraceEntry] = []
  var openingRecomputed: [RecomputedCount] = []
  /// A stepped update's animation in the front layer, as it began.
  public internal(set) var update: UpdateAnimation?

  public var remaining: Int { frames - done }
  public var isFinished: Bool { done >= frames }
  public var isUpdate: Bool {
    if case .update = motion { return true }
    return false
  }
  public var isDeceleration: Bool {
    if case .deceleration = motion { return true }
    return false
  }
  /// The layout a stepped `switch layout NAME over N frames` switches to.
  public var switchedLayout: String? {
    if case .switchLayout(let name, _) = statement.kind { return name.name }
    return nil
  }
}

extension Statement {
  /// What `:step` can step: `scroll … over N frames`, or an update or `batch` over N frames.
  public var isSteppable: Bool {
    if case .scroll(let step) = kind { return step.frames != nil }
    return isAnimatedUpdate || isSteppableGesture
  }

  /// `fling …` and `release …`: a lift and the deceleration that follows.
  public var isSteppableGesture: Bool {
    guard case .gesture(let step) = kind else { return false }
    if case .drag = step.kind { return false }
    return true
  }
}

extension Interpreter {
  /// Starts a steppable statement (see `Statement.isSteppable`) without running a frame.
  public func beginStepping(_ statement: Statement, emit: @escaping (Output) -> Void)
    -> SteppedAnimation?
  {
    statement.isAnimatedUpdate || statement.isSteppableGesture
      ? beginSteppedUpdate(statement, emit: emit) : beginSteppedScroll(statement, emit: emit)
  }

  /// Starts `statement` as a stepped scroll without running a frame; nil (with the error
  /// emitted) when it is not a scroll of several frames, its target is in error, or the
  /// step was cancelled.
  public func beginSteppedScroll(_ statement: Statement, emit: @escaping (Output) -> Void)
    -> SteppedAnimation?
  {
    guard case .scroll(let step) = statement.kind, step.frames != nil else { return nil }
    runner.emit = emit
    defer { runner.emit = { _ in } }
    do {
      for cv in layers.views { cv.removeAllEvents() }
      runner.lastUpdates = []
      let before = layers.views.map(\.exceptions.count)
      try runner.countStep(at: statement.range)
      let (planned, failure) = try runner.failures.collect { () throws(RunError) -> ScrollPlan? in
        try diagnosing { () throws(Diagnostic) in try plan(step, statement.range) }
      }
      try runner.finish(statement, exceptionsBefore: before, layers.takeEvents(), failure: failure)
      guard let planned else { return nil }
      return SteppedAnimation(
        motion: .scroll(planned), statement: statement, frames: planned.frames)
    } catch .diagnostic(let diagnostic) {
      emit(.diagnostic(diagnostic))
      return nil
    } catch {
      return nil  // cancelled: nothing ran
    }
  }

  /// Runs the next frame of `stepping`: a scroll's `setContentOffset`, or an update's
  /// next animation frame (see `stepUpdateFrame`), then the step's usual trace and checks.
  /// Returns the layout calls of the frame. Throws `.cancelled` when a cancel came before
  /// the frame (nothing changed; the stepping can go on), or `.diagnostic` when the frame
  /// failed (the stepping is over; the state is what that frame left).
  public func stepFrame(_ stepping: inout SteppedAnimation, emit: @escaping (Output) -> Void)
    throws(RunError) -> [LayoutEvent]
  {
    guard case .scroll(let plan) = stepping.motion else {
      return try stepUpdateFrame(&stepping, emit: emit)
    }
    guard !stepping.isFinished, let cv = collectionView else { return [] }
    runner.emit = emit
    defer { runner.emit = { _ in } }
    do {
      if stepping.done > 0 { try runner.countStep(at: stepping.statement.range) }
      for view in layers.views { view.removeAllEvents() }
      runner.lastUpdates = []
      let before = layers.views.map(\.exceptions.count)
      let k = stepping.done + 1
      let offset = plan.offset(frame: k, from: cv.contentOffset)
      let (_, failure) = try runner.failures.collect { () throws(RunError) in
        layers.stack?.setContentOffset(offset)
        if k == stepping.frames { layers.stack?.endScrollingAnimation() }
      }
      stepping.done = k
      return try runner.finishFrame(
        stepping.statement, exceptionsBefore: before,
        [.frame(index: k, count: stepping.frames, offset: offset)], failure: failure)
    } catch .cancelled {
      throw .cancelled  // before the frame: the scroll can go on
    } catch {
      stepping.done = stepping.frames
      throw error
    }
  }
}
