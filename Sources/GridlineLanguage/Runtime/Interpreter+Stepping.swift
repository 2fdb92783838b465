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
  /// emitted) when it is not a scroll of several frames or its target is in error.
  public func beginSteppedScroll(_ statement: Statement, emit: @escaping (Output) -> Void)
    -> SteppedScroll?
  {
    guard case .scroll(let step) = statement.kind, step.frames != nil else { return nil }
    self.emit = emit
    defer { self.emit = { _ in } }
    do {
      for cv in views { cv.removeAllEvents() }
      let before = views.map(\.exceptions.count)
      try countStep(at: statement.range)
      let plan = try plan(step, statement.range)
      try finish(statement, exceptionsBefore: before, takeEvents())
      guard let plan else { return nil }
      return SteppedScroll(plan: plan, statement: statement)
    } catch {
      if error.message != Self.cancelledMessage { emit(.diagnostic(error)) }
      return nil
    }
  }

  /// Runs the next frame of `scroll`: `setContentOffset`, then the step's usual trace and
  /// checks. Returns the layout calls of the frame, or nil when the frame failed (its
  /// diagnostic emitted; the state is what that frame left).
  public func stepFrame(_ scroll: inout SteppedScroll, emit: @escaping (Output) -> Void)
    -> [LayoutEvent]?
  {
    guard !scroll.isFinished, let cv = collectionView else { return nil }
    self.emit = emit
    defer { self.emit = { _ in } }
    do {
      if scroll.done > 0 { try countStep(at: scroll.statement.range) }
      for view in views { view.removeAllEvents() }
      let before = views.map(\.exceptions.count)
      let k = scroll.done + 1
      let offset = scroll.plan.offset(frame: k, from: cv.contentOffset)
      stack?.setContentOffset(offset)
      scroll.done = k
      var entries: [TraceEntry] = [.frame(index: k, count: scroll.frames, offset: offset)]
      entries += takeEvents()
      let recomputed = stack?.takeRecomputedCounts() ?? []
      lastRecomputed = recomputed
      lastEvents = entries.compactMap { if case .event(let e) = $0 { e } else { nil } }
      if layers.count > 1 || recomputed.contains(where: { $0.count > 0 }) {
        entries.append(.recomputed(recomputed))
      }
      try finish(scroll.statement, exceptionsBefore: before, entries)
      return lastEvents
    } catch {
      // A cancel comes before the frame changes anything: the scroll can go on.
      if error.message == Self.cancelledMessage { return nil }
      scroll.done = scroll.frames
      emit(.diagnostic(error))
      return nil
    }
  }
}
