import LayoutEngine

/// Brackets every statement the interpreter carries out as a *step*: polls for
/// cancellation and counts steps against the limit, gives the step fresh engine events and
/// a scope for script-callback failures, and afterwards emits the step's trace and the
/// console's warnings, then stops the run at the step's runtime error — a script callback's
/// failure first, then the first exception the engine raised. What a step does is the
/// interpreter's business; the runner only brackets it and keeps what the last step left.
final class StepRunner {
  /// The source being run; a REPL replaces it with its session grown by each entry (the
  /// offsets of earlier entries stay valid).
  var file: SourceFile
  let limits: Limits
  let layers: LayerSet
  /// Where script code run from engine callbacks reports its failures.
  let failures: CallbackFailures
  /// Polled at every step; true stops the run (Ctrl-C in the REPL).
  var shouldCancel: (() -> Bool)?
  /// Whether steps emit their layout callbacks (`trace on`, `gl run --trace`).
  var traceEnabled = false
  /// The line number a result names; a REPL maps the lines of a loaded file to that file's.
  var lineNumber: ((Int) -> Int)?
  /// Called after each frame of a multi-frame scroll (an `svg strip` records states).
  var frameObserver: ((Int, Int) throws(RunError) -> Void)?
  var summary = RunSummary()
  /// Where results go while a run (or a stepped frame) is in progress.
  var emit: (Output) -> Void = { _ in }
  /// Attributes each layer recomputed in the last step that acted.
  var lastRecomputed: [RecomputedCount] = []
  /// The layout calls of the last step that acted, tallied (for `trace.count` and the
  /// marks of pictures).
  var lastTally = EventTally()
  /// The calls of the current step's frames, tallied as they come while the trace is not
  /// shown (`beginFrame`).
  private var frameTally = EventTally()
  /// What `on scroll` hooks produced (`print`, `expect`, `show`) during the current step.
  var hookResults: [Output] = []
  /// Each layer's animation of the batch update the last step that acted ran, kept when
  /// the animation ended for the pictures that follow it; empty once a step acts again.
  var lastUpdates: [UpdateAnimation?] = []
  /// Set while a stepped update starts: the update's animation stays in flight for the
  /// REPL to run frame by frame, and `deferredFrames` says how many it has.
  var defersAnimation = false
  var deferredFrames: Int?

  init(file: SourceFile, limits: Limits, layers: LayerSet, failures: CallbackFailures) {
    self.file = file
    self.limits = limits
    self.layers = layers
    self.failures = failures
  }

  /// Every statement, `repeat` iteration and scroll frame is a step: the limit bounds the
  /// work of any script, and cancellation is checked at each.
  func countStep(at range: SourceRange) throws(RunError) {
    if shouldCancel?() == true { throw .cancelled }
    summary.steps += 1
    if summary.steps > limits.steps {
      throw .diagnostic(
        .error(
          .tooManySteps(limit: limits.steps), at: range,
          help: "lower the repeat counts or the number of frames"))
    }
  }

  /// Adds `units` of work (elements gathered or listed, layers laid out for a frame): the
  /// step limit counts statements, this counts what they cost, so ten million `show all`s
  /// of a million elements stop at the limit instead of running for weeks.
  func countWork(_ units: Int, at range: SourceRange) throws(Diagnostic) {
    summary.work &+= units
    guard summary.work > limits.work else { return }
    throw .error(
      .workExhausted(limit: limits.work), at: range,
      help: "show, draw or scroll less, or over fewer items")
  }

  /// Stops layout code the interpreter is running once its steps so far (`pending` units)
  /// would take the run past the work limit: one `elements in rect` of ten million
  /// interpreted steps would otherwise run for seconds past it before the frame is counted.
  func checkWork(pending: Int, at range: SourceRange) throws(Diagnostic) {
    guard summary.work &+ codeSteps &+ pending > limits.work else { return }
    throw .error(
      .workExhausted(limit: limits.work), at: range,
      help: "show, draw or scroll less, or over fewer items")
  }

  /// Steps layout code ran (every `prepare`, every `elements in rect`, compiled or
  /// interpreted) since the last `takeCodeSteps`. Each run has a step limit of its own;
  /// these count as work besides, so a `prepare` of millions of steps run at every frame of
  /// a long scroll stops at the work limit rather than after hours.
  var codeSteps = 0

  func takeCodeSteps() -> Int {
    defer { codeSteps = 0 }
    return codeSteps
  }

  /// Adds the numbers of an array being made (`Limits.arrayElements`): arrays are values,
  /// so without a total sixty `let`s of a million numbers each would hold half a gigabyte.
  func countArrayElements(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    summary.arrayElements &+= count
    try Validate.arrayElements(summary.arrayElements, range, limits)
  }

  /// Runs `body`, the work of `statement`, as one step. `body` collects the trace entries
  /// of multi-frame steps and the step's results; the results are emitted after the trace,
  /// and only when the step succeeded.
  func step(
    _ statement: Statement,
    _ body: (inout [TraceEntry], inout [Output]) throws(RunError) -> Void
  ) throws(RunError) {
    frameTally = EventTally()
    for cv in layers.views {
      cv.removeAllEvents()
      cv.elementWork = 0  // a frame of this step counts only this step's passes
    }
    // An update's marks last until the next step that acts (see `Interpreter.updateShown`).
    if statement.acts { lastUpdates = [] }
    let wasLive = layers.isLive
    // Collection views created by this step start with no exceptions.
    let exceptionsBefore = layers.views.map(\.exceptions.count)
    var entries: [TraceEntry] = []
    var results: [Output] = []
    codeSteps = 0
    var (_, failure) = try failures.collect { () throws(RunError) in
      try body(&entries, &results)
    }
    // Most steps run no layout code: they skip the count (a `print` per REPL entry). A count
    // of none could not stop them: `countWork` throws as soon as the work passes the limit.
    let steps = takeCodeSteps()
    if steps > 0, failure == nil {
      do throws(Diagnostic) {
        try countWork(steps, at: statement.range)
      } catch {
        failure = error
      }
    }
    // What `on scroll` hooks printed and checked came first.
    results.insert(contentsOf: hookResults, at: 0)
    hookResults.removeAll()
    if layers.isLive {
      entries += layers.takeEvents()
      let recomputed = layers.takeRecomputedCounts()
      // `trace.count` and `recomputed` describe the last step that acted, not an `expect`
      // or `print` that only looked — but a step that made the views laid out the first
      // layout pass, whatever it was.
      if statement.acts || !wasLive { remember(entries, recomputed) }
      if !entries.isEmpty && (layers.count > 1 || recomputed.contains { $0.count > 0 }) {
        entries.append(.recomputed(recomputed))
      }
      try finish(statement, exceptionsBefore: exceptionsBefore, entries, failure: failure)
    } else if let failure {
      throw .diagnostic(failure)
    }
    for output in results { emit(output) }
  }

  /// The end of a frame the REPL steps: the events since `entries` were taken are added,
  /// the frame is remembered as a step that acted, then traced and checked as a step is
  /// (`finish`). `recomputed` stands for the counts taken now when the frame reports an
  /// earlier start's. Returns the frame's layout calls.
  func finishFrame(
    _ statement: Statement, exceptionsBefore: [Int], _ entries: [TraceEntry],
    recomputed earlier: [RecomputedCount]? = nil, failure: Diagnostic?
  ) throws(RunError) -> [LayoutEvent] {
    var entries = entries + layers.takeEvents()
    let taken = layers.takeRecomputedCounts()
    let recomputed = earlier ?? taken
    remember(entries, recomputed)
    if layers.count > 1 || recomputed.contains(where: { $0.count > 0 }) {
      entries.append(.recomputed(recomputed))
    }
    try finish(statement, exceptionsBefore: exceptionsBefore, entries, failure: failure)
    return entries.compactMap { if case .event(let e) = $0 { e } else { nil } }
  }

  /// Keeps what a step that acted did, for `trace.count` and `recomputed`: its frames'
  /// calls tallied so far, then those of `entries`.
  func remember(_ entries: [TraceEntry], _ recomputed: [RecomputedCount]) {
    lastRecomputed = recomputed
    lastTally = frameTally
    frameTally = EventTally()
    for entry in entries { if case .event(let e) = entry { lastTally.add(e) } }
  }

  /// Frame `k` of `n` of a step starts: the calls since the last frame (`events`) join the
  /// step's trace, then the frame's mark. While the trace is not shown they are only
  /// tallied — the console's warnings are kept for `finish` — so a step of 100,000 frames
  /// (a `move … over` one: ~3 KB of calls a frame) keeps no list of them.
  func beginFrame(
    _ k: Int, of n: Int, offset: Point, _ events: [TraceEntry], into trace: inout [TraceEntry]
  ) {
    guard !traceEnabled else {
      trace += events
      trace.append(.frame(index: k, count: n, offset: offset))
      return
    }
    for entry in events {
      guard case .event(let event) = entry else { continue }
      if case .log = event { trace.append(entry) } else { frameTally.add(event) }
    }
  }

  /// After a step: its trace while tracing, warnings from the console, then the step's
  /// runtime error — the first failure of a script callback, else the first exception a
  /// layer's collection view raised during the step.
  func finish(
    _ statement: Statement, exceptionsBefore: [Int], _ entries: [TraceEntry],
    failure: Diagnostic?
  ) throws(RunError) {
    let line = line(of: statement.range)
    if traceEnabled && !entries.isEmpty {
      let firstLine = text(of: statement.range).split(separator: "\n").first.map(String.init) ?? ""
      emit(.trace(line: line, statement: firstLine, entries))
    }
    // A warning said again and again in one step (a `place` of one element in a loop) is
    // reported once, with its count (issue 36), in the order first said.
    var said: [String: Int] = [:]
    var order: [String] = []
    for entry in entries {
      if case .event(.log(let message)) = entry {
        if said[message] == nil { order.append(message) }
        said[message, default: 0] += 1
      }
    }
    for message in order {
      let count = said[message] ?? 1
      let text = Message.capped(message.replacing("\n", with: " "))
      emit(
        .diagnostic(
          Diagnostic(
            .warning, .layoutWarning(count > 1 ? text + " (\(count) times in this step)" : text),
            at: statement.range)))
    }
    if let failure { throw .diagnostic(failure) }
    if layers.views.contains(where: \.exceededElementLimit) {
      for cv in layers.views { cv.exceededElementLimit = false }
      throw .diagnostic(
        .error(
          .tooManyInPass(limit: limits.elementsPerPass, layers: layers.count),
          at: statement.range, help: "use larger items, fewer items or a smaller viewport"))
    }
    for cv in layers.views {
      guard let layout = cv.collectionViewLayout as? CollectionViewCompositionalLayout,
        let section = layout.truncatedGroups.min()
      else { continue }
      throw .diagnostic(
        .error(
          .tooManyInGroup(section: section, limit: layout.maximumItemsPerGroup),
          at: statement.range, help: "give the group's items larger sizes, or use 'count'"))
    }
    for (i, cv) in layers.views.enumerated() {
      let before = i < exceptionsBefore.count ? exceptionsBefore[i] : 0
      if cv.exceptions.count > before {
        let exception = cv.exceptions[before]
        throw .diagnostic(.exception(exception, at: statement.range))
      }
    }
  }

  /// The end of a run at `error`: a cancel, or a failure with its diagnostic.
  func stop(with error: RunError) {
    switch error {
    case .cancelled:
      summary.cancelled = true
    case .diagnostic(let diagnostic):
      summary.failed = true
      emit(.diagnostic(diagnostic))
    }
  }

  func line(of range: SourceRange) -> Int {
    lineNumber?(range.start) ?? file.line(of: range.start)
  }

  func text(of range: SourceRange) -> String { file.text(of: range) }
}
