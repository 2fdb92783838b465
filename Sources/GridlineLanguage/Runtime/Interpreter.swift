import LayoutEngine

/// Runs checked programs against live collection views. Declarations shape them (and,
/// once they exist, change them as UIKit would: a new viewport is a resize, a new section
/// a reload, a layout property a setter that invalidates); steps act on them. Every result
/// is handed to `emit` as an `Output` value.
///
/// The interpreter carries out statements; its state lives in four parts:
/// - `LayerSet`: the layers and their layouts, the `SceneConfiguration` they share, and the
///   collection views, created (and laid out for the first time) when the first step — or
///   the first expression that reads their state — needs them;
/// - `StepRunner`: the bracket around every step (cancellation, the step limit, traces,
///   warnings, runtime errors) and what the last step did;
/// - `EvaluationEnvironment`: what expressions read (`let` values and the views' state);
/// - `ScriptData`: the declared sections, which the data source and delegate answer from.
public final class Interpreter {
  public let limits: Limits
  let data: ScriptData
  let layers: LayerSet
  let runner: StepRunner
  let environment: EvaluationEnvironment
  /// The finger of `drag` / `release` and the frame rate of gestures.
  var finger = Finger()
  /// The plots recording (`svg plot`, `gl render --plot`), innermost last.
  var plots: [PlotRecording] = []
  /// The sections when the item moving now began to move (`move cancel` puts them back).
  var movementStart: [SectionModel]?

  public init(file: SourceFile, limits: Limits = Limits()) {
    self.limits = limits
    data = ScriptData()
    data.limits = limits
    let failures = CallbackFailures()
    let callbacks = ScriptCallbacks(failures: failures, limits: limits)
    layers = LayerSet(data: data, callbacks: callbacks)
    runner = StepRunner(file: file, limits: limits, layers: layers, failures: failures)
    environment = EvaluationEnvironment(data: data, layers: layers, runner: runner)
    callbacks.environment = environment
    layers.scrollDelegate.interpreter = self
  }

  // MARK: The session

  /// The source being run; a REPL replaces it with its session grown by each entry (the
  /// offsets of earlier entries stay valid).
  public var file: SourceFile {
    get { runner.file }
    set { runner.file = newValue }
  }

  /// Polled between steps and frames; true stops the run (Ctrl-C in the REPL).
  public var shouldCancel: (() -> Bool)? {
    get { runner.shouldCancel }
    set { runner.shouldCancel = newValue }
  }

  /// Whether steps emit their layout callbacks (`trace on`, `gl run --trace`).
  public var traceEnabled: Bool {
    get { runner.traceEnabled }
    set { runner.traceEnabled = newValue }
  }

  /// The line number a result names; a REPL maps the lines of a loaded file to that file's.
  public var lineNumber: ((Int) -> Int)? {
    get { runner.lineNumber }
    set { runner.lineNumber = newValue }
  }

  /// Writes the file of an `svg` or `svg plot` statement as the statement runs; returns
  /// why it could not, as a diagnostic at the range it is handed (the statement's path),
  /// nil when written. A failed write stops the run there, as every runtime error does:
  /// the statements after it may rely on the picture, and the run fails (exit 70) anyway.
  /// Without a writer, nothing is written here: the caller writes what `emit` hands it.
  public var writeFile: ((Output, SourceRange) -> Diagnostic?)?
  /// The width `draw` pictures are made at (`gl run --width`): a picture costs work by its
  /// cells (`Limits.drawingRows` rows of this many columns at most).
  public var drawingColumns = 80

  /// The layout of the layer being configured: a flow layout until a script says otherwise.
  public var layout: CollectionViewLayout { layers.current.layout }
  /// The named layouts declared so far (`switch layout` completes them).
  public var layoutNames: [String] { layers.layoutNames }

  /// The frontmost layer's collection view, once live.
  public var collectionView: CollectionView? { layers.front }

  /// Runs `program` from its first statement; stops at the first runtime error or cancel.
  @discardableResult
  public func run(_ program: Program, emit: @escaping (Output) -> Void) -> RunSummary {
    runner.emit = emit
    defer { runner.emit = { _ in } }
    for statement in program.statements {
      do {
        try execute(statement)
      } catch {
        runner.stop(with: error)
        break
      }
    }
    return runner.summary
  }

  /// Clears the counts of the last run (the REPL keeps one interpreter for a session); the
  /// numbers the `let`s' arrays hold and the bytes of their strings count from the start.
  public func resetSummary() {
    runner.summary = RunSummary()
    runner.summary.arrayElements = environment.keptArrayElements
    runner.summary.stringBytes = environment.keptStringBytes
  }

  /// Binds a value to a name, as `let` does (the REPL's `_`).
  public func bind(_ name: String, _ value: Value) { environment.bindLet(name, value) }

  /// The value a `let` (or the REPL's `_`) bound to `name`, if any.
  public func value(of name: String) -> Value? { environment.lets[name] }

  // MARK: Statements

  /// One statement as a step; `repeat` runs its body once per iteration, each iteration a
  /// step of its own.
  func execute(_ statement: Statement) throws(RunError) {
    try runner.countStep(at: statement.range)
    if case .repeatBlock(let countExpr, let body) = statement.kind {
      let count = try diagnosing { () throws(Diagnostic) in
        try Validate.count(
          try evaluator.number(countExpr), "the repeat count", countExpr.range, max: limits.steps)
      }
      for _ in 0..<count {
        try runner.countStep(at: statement.range)  // an empty body still costs an iteration
        for inner in body { try execute(inner) }
      }
      return
    }
    if !data.owners.isEmpty, statement.readsData {
      try diagnosing { () throws(Diagnostic) in try layers.validateOwnership() }
    }
    switch statement.kind {
    case .layout, .customLayout, .stickyHeaders, .decoration, .transform, .trigger,
      .flagHandler, .hook, .switchLayout:
      if layers.current.name == "main" { layers.mainConfigured = true }
    default: break
    }
    try runner.step(statement) { (trace, results) throws(RunError) in
      try perform(statement, trace: &trace, results: &results)
    }
    try plotStatementEnded(statement.range)
  }

  /// Carries out one statement (not `repeat`). Trace entries of multi-frame steps and the
  /// step's results are collected for the runner to emit after the trace.
  func perform(_ statement: Statement, trace: inout [TraceEntry], results: inout [Output])
    throws(RunError)
  {
    if isMovingItem, let word = statement.kind.changesData {
      throw .diagnostic(.error(.updateWhileMoving(word), at: statement.range))
    }
    switch statement.kind {
    case .layer(let name, let body):
      if !layers.names.contains(name.name) {
        // A new layer lays out every item again (the first replaces the implicit one).
        let replacesMain = layers.names == ["main"] && !layers.mainConfigured
        let added = replacesMain ? 1 : layers.count + 1
        try diagnosing { () throws(Diagnostic) in
          try checkStoredItems(data.totalItems, layers: added, name.range)
        }
      }
      try layers.configure(layerNamed: name) { () throws(RunError) in
        for inner in body { try execute(inner) }
      }
    case .scroll(let step):
      try scroll(step, statement.range, trace: &trace)
    case .update(let step):
      try performUpdates([step], data: nil, frames: step.frames, statement.range, trace: &trace)
    case .batch(let batch):
      var steps: [UpdateStep] = []
      var entries: [DataEntry]?
      for inner in batch.body {
        if case .update(let step) = inner.kind { steps.append(step) }
        if case .data(let list) = inner.kind { entries = list }
      }
      try performUpdates(steps, data: entries, frames: batch.frames, statement.range, trace: &trace)
    case .applySnapshot(let step):
      try applySnapshot(step, statement.range, trace: &trace)
    case .menu(let step):
      try menu(step, statement.range, trace: &trace)
    case .gesture(let step):
      try gesture(step, statement.range, trace: &trace)
    case .interactiveMove(let gesture):
      try interactiveMove(gesture, statement.range, trace: &trace)
    case .scrollSetting(let setting):
      try diagnosing { () throws(Diagnostic) in try apply(setting) }
    case .hook(let hook):
      declare(hook, statement.range)
    case .tapStatusBar(let frames):
      try tapStatusBar(frames, statement.range, trace: &trace)
    case .shouldScrollToTop(let condition):
      hooks.shouldScrollToTop = (condition, statement.range)
    case .switchLayout(let name, let frames):
      try switchLayout(name, frames, statement.range, trace: &trace)
    case .svg(let pathExpr, let strip):
      let output = try svg(pathExpr, strip, line: runner.line(of: statement.range))
      results.append(try written(output, at: pathExpr.range))
    case .svgViewport(let pathExpr, let margin):
      let output = try svgViewport(pathExpr, margin, line: runner.line(of: statement.range))
      results.append(try written(output, at: pathExpr.range))
    case .svgPlot(let pathExpr, let body):
      results.append(try written(try plot(pathExpr, body, statement), at: pathExpr.range))
    default:
      try diagnosing { () throws(Diagnostic) in
        if try !declare(statement) { try act(statement, results: &results) }
      }
    }
  }

  var evaluator: Evaluator { Evaluator(environment: environment) }
}

extension Statement {
  /// A step that reads or changes the data (not a declaration, nor a setting such as
  /// `touches off` or `paging on`): the owned sections must exist by then.
  var readsData: Bool {
    switch kind {
    case .touchSetting, .scrollSetting, .trace, .layer: false
    default: !isDeclaration
    }
  }
}
