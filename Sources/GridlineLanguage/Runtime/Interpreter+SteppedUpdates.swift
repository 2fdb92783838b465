import LayoutEngine

/// Stepping through an animated batch update in the REPL (`:step insert items [0, 0] over
/// 6 frames`, `:step batch over 10 frames { … }`). The update runs when the stepping
/// begins — `performBatchUpdates` and all BATCH-10 and LAY-14 describe, the new views made
/// (DISP-2) — and its animation stays in flight. Frame k of N sets the animation's
/// progress to k/N, exactly as `over N frames` does in a script; the last frame ends it
/// (the disappearing views end displaying, the completion runs with `finished` true).
extension Interpreter {
  /// Starts `statement`, an animated update (see `Statement.isAnimatedUpdate`), without
  /// running a frame. nil (with the error emitted) when it is not one, UIKit refuses the
  /// batch (then nothing changed, BATCH-6: the data and views are as they were), a script
  /// callback failed, or the step was cancelled before it ran.
  public func beginSteppedUpdate(_ statement: Statement, emit: @escaping (Output) -> Void)
    -> SteppedAnimation?
  {
    guard statement.isAnimatedUpdate || statement.isSteppableGesture else { return nil }
    runner.emit = emit
    runner.defersAnimation = true
    runner.deferredFrames = nil
    let tracing = runner.traceEnabled
    defer {
      runner.emit = { _ in }
      runner.defersAnimation = false
      runner.traceEnabled = tracing
    }
    do {
      for cv in layers.views { cv.removeAllEvents() }
      runner.lastUpdates = []
      let before = layers.views.map(\.exceptions.count)
      try runner.countStep(at: statement.range)
      var trace: [TraceEntry] = []
      var results: [Output] = []
      let (_, failure) = try runner.failures.collect { () throws(RunError) in
        try perform(statement, trace: &trace, results: &results)
      }
      let opening = trace + layers.takeEvents()
      let recomputed = layers.takeRecomputedCounts()
      // Warnings and UIKit's refusal now; the callbacks with the first frame, so that
      // `:trace on` shows each frame's callbacks, the batch's with frame 1.
      runner.traceEnabled = false
      try runner.finish(statement, exceptionsBefore: before, opening, failure: failure)
      guard let frames = runner.deferredFrames, frames > 0 else { return nil }
      var stepping = SteppedAnimation(
        motion: statement.isSteppableGesture ? .deceleration : .update, statement: statement,
        frames: frames)
      stepping.opening = opening.filter {
        if case .event(.log) = $0 { return false }  // warned already
        return true
      }
      stepping.openingRecomputed = recomputed
      stepping.update = collectionView?.updateAnimation
      return stepping
    } catch .diagnostic(let diagnostic) {
      endUpdateInFlight()
      emit(.diagnostic(diagnostic))
      return nil
    } catch {
      return nil  // cancelled: nothing ran
    }
  }

  /// The next frame of a stepped update: the animation's progress to k/N, and on the last
  /// frame its end. Frame 1's trace starts with the callbacks of starting the update.
  func stepUpdateFrame(_ stepping: inout SteppedAnimation, emit: @escaping (Output) -> Void)
    throws(RunError) -> [LayoutEvent]
  {
    guard !stepping.isFinished else { return [] }
    runner.emit = emit
    defer { runner.emit = { _ in } }
    do {
      if stepping.done > 0 { try runner.countStep(at: stepping.statement.range) }
      for view in layers.views { view.removeAllEvents() }
      let before = layers.views.map(\.exceptions.count)
      let k = stepping.done + 1
      let n = stepping.frames
      var entries = k == 1 ? stepping.opening : []
      entries.append(.frame(index: k, count: n, offset: collectionView?.contentOffset ?? .zero))
      let (_, failure) = try runner.failures.collect { () throws(RunError) in
        if case .deceleration = stepping.motion {
          decelerationFrame()
        } else {
          for cv in layers.views { cv.updateAnimationProgress = Double(k) / Double(n) }
          if k == n { finishUpdate() }
        }
      }
      stepping.done = k
      return try runner.finishFrame(
        stepping.statement, exceptionsBefore: before, entries,
        recomputed: k == 1 ? stepping.openingRecomputed : nil, failure: failure)
    } catch .cancelled {
      throw .cancelled  // before the frame: the update can go on
    } catch {
      stepping.done = stepping.frames
      endUpdateInFlight()
      throw error
    }
  }

  /// Ends a stepped update before its last frame (the REPL abandons it when an entry
  /// acts, or another stepping starts), as an interrupting update ends an animation:
  /// the disappearing views go and the completion gets `finished` false (BATCH-10). A
  /// stepped scroll just stops.
  ///
  /// A deceleration stops where it is, as a finger touching the content stops it: the
  /// offset set to itself (`setContentOffset(_:animated:)`, which stops UIKit's), no
  /// callback (the pan never began, and the scroll did not end by itself).
  public func abandonStepping(_ stepping: SteppedAnimation) {
    guard !stepping.isFinished else { return }
    if stepping.isDeceleration {
      for cv in layers.views { cv.setContentOffset(cv.contentOffset) }
    }
    guard stepping.isUpdate else { return }
    for cv in layers.views { cv.finishUpdateAnimation(finished: false) }
  }

  /// After a failure, no animation stays in flight: the state is the update's end, as
  /// after a script's failed step.
  private func endUpdateInFlight() {
    if layers.views.contains(where: { $0.updateAnimation != nil }) { finishUpdate() }
  }
}
