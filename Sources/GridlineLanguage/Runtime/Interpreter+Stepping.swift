import LayoutEngine

/// A multi-frame scroll the REPL runs one frame at a time (`:step`, `:next N`, `:continue`).
public struct SteppedScroll: Sendable {
  let plan: ScrollPlan
  let statement: Statement
  /// Frames already run.
  public internal(set) var done = 0
  public var frames: Int { plan.frames }
  public var remaining: Int { plan.frames - done }
  public var isFinished: Bool { done >= plan.frames }
}

extension Interpreter {
  /// Starts `statement` as a stepped scroll without running a frame; nil (with the error
  /// emitted) when it is not a scroll of several frames, its target is in error, or the
  /// step was cancelled.
  public func beginSteppedScroll(_ statement: Statement, emit: @escaping (Output) -> Void)
    -> SteppedScroll?
  {
    guard case .scroll(let step) = statement.kind, step.frames != nil else { return nil }
    runner.emit = emit
    defer { runner.emit = { _ in } }
    do {
      for cv in layers.views { cv.removeAllEvents() }
      let before = layers.views.map(\.exceptions.count)
      try runner.countStep(at: statement.range)
      let (planned, failure) = try runner.failures.collect { () throws(RunError) -> ScrollPlan? in
        try diagnosing { () throws(Diagnostic) in try plan(step, statement.range) }
      }
      try runner.finish(statement, exceptionsBefore: before, layers.takeEvents(), failure: failure)
      guard let planned else { return nil }
      return SteppedScroll(plan: planned, statement: statement)
    } catch .diagnostic(let diagnostic) {
      emit(.diagnostic(diagnostic))
      return nil
    } catch {
      return nil  // cancelled: nothing ran
    }
  }

  /// Runs the next frame of `scroll`: `setContentOffset`, then the step's usual trace and
  /// checks. Returns the layout calls of the frame. Throws `.cancelled` when a cancel came
  /// before the frame (nothing changed; the scroll can go on), or `.diagnostic` when the
  /// frame failed (the scroll is over; the state is what that frame left).
  public func stepFrame(_ scroll: inout SteppedScroll, emit: @escaping (Output) -> Void)
    throws(RunError) -> [LayoutEvent]
  {
    guard !scroll.isFinished, let cv = collectionView else { return [] }
    runner.emit = emit
    defer { runner.emit = { _ in } }
    do {
      if scroll.done > 0 { try runner.countStep(at: scroll.statement.range) }
      for view in layers.views { view.removeAllEvents() }
      let before = layers.views.map(\.exceptions.count)
      let k = scroll.done + 1
      let offset = scroll.plan.offset(frame: k, from: cv.contentOffset)
      let (_, failure) = try runner.failures.collect { () throws(RunError) in
        layers.stack?.setContentOffset(offset)
      }
      scroll.done = k
      var entries: [TraceEntry] = [.frame(index: k, count: scroll.frames, offset: offset)]
      entries += layers.takeEvents()
      let recomputed = layers.takeRecomputedCounts()
      runner.remember(entries, recomputed)
      if layers.count > 1 || recomputed.contains(where: { $0.count > 0 }) {
        entries.append(.recomputed(recomputed))
      }
      try runner.finish(scroll.statement, exceptionsBefore: before, entries, failure: failure)
      return runner.lastEvents
    } catch .cancelled {
      throw .cancelled  // before the frame: the scroll can go on
    } catch {
      scroll.done = scroll.frames
      throw error
    }
  }
}
