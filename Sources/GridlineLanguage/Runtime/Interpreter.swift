import LayoutEngine

/// Runs checked programs against a live `CollectionView`. Declarations shape the
/// collection view (and, once it exists, change it as UIKit would: a new viewport is a
/// resize, a new section a reload, a layout property a setter that invalidates); steps act
/// on it. Every result is handed to `emit` as an `Output` value.
///
/// The collection view is created, and laid out for the first time, when the first step
/// (or the first expression that reads its state) needs it.
public final class Interpreter {
  /// The source being run; a REPL replaces it with its session grown by each entry (the
  /// offsets of earlier entries stay valid).
  public var file: SourceFile
  public let limits: Limits
  /// Polled between steps and frames; true stops the run (Ctrl-C in the REPL).
  public var shouldCancel: (() -> Bool)?
  /// Whether steps emit their layout callbacks (`trace on`, `gl run --trace`).
  public var traceEnabled = false

  /// The layers, back to front; a script without `layer` blocks has one, "main".
  var layers = [LayerState(name: "main")]
  /// The layer that layout declarations configure.
  var configuring = 0
  /// Whether a layout declaration configured the implicit "main" layer.
  var mainConfigured = false
  /// The collection views of the layers, once live.
  var stack: CollectionViewLayers?
  /// Attributes each layer recomputed in the last step.
  var lastRecomputed: [RecomputedCount] = []
  /// The layout calls of the last step that acted (for `trace.count`).
  var lastEvents: [LayoutEvent] = []

  /// The layout being configured: a flow layout until a script says otherwise.
  public var layout: CollectionViewLayout {
    get { layers[configuring].layout }
    set { layers[configuring].layout = newValue }
  }
  var flow: CollectionViewFlowLayout? { layout as? CollectionViewFlowLayout }
  var grid: StickyGridLayout? { layout as? StickyGridLayout }
  /// `transform` rules and `decoration`s of the configured layer, in order; they move
  /// with the layout when it is replaced.
  var rules: [AttributeRule] {
    get { layers[configuring].rules }
    set { layers[configuring].rules = newValue }
  }
  var decorations: [FlowDecoration] {
    get { layers[configuring].decorations }
    set { layers[configuring].decorations = newValue }
  }
  /// The frontmost layer's collection view, once live.
  public var collectionView: CollectionView? { stack?.front }
  /// Every layer's collection view, back to front (empty until live).
  var views: [CollectionView] { stack?.layers.map(\.collectionView) ?? [] }
  let data = ScriptData()
  lazy var dataSource = ScriptDataSource(data)
  lazy var delegate = ScriptFlowDelegate(data)

  var viewport = Size(width: 375, height: 667)
  var contentInset = EdgeInsets.zero
  var safeArea = EdgeInsets.zero
  var layoutMargins = EdgeInsets(all: 8)
  var insetAdjustment = ContentInsetAdjustmentBehavior.automatic
  var displayScale = 0.0
  var lets: [String: Value] = [:]
  var summary = RunSummary()
  var emit: (Output) -> Void = { _ in }

  public init(file: SourceFile, limits: Limits = Limits()) {
    self.file = file
    self.limits = limits
    data.limits = limits
    data.evaluateSize = { [unowned self] (expr, item, section) throws(Diagnostic) -> Size in
      try self.evaluateItemSize(expr, item: item, section: section)
    }
  }

  /// Runs `program` from its first statement; stops at the first runtime error.
  @discardableResult
  public func run(_ program: Program, emit: @escaping (Output) -> Void) -> RunSummary {
    self.emit = emit
    defer { self.emit = { _ in } }
    for statement in program.statements {
      do {
        try execute(statement)
      } catch let error {
        stop(with: error)
        break
      }
    }
    return summary
  }

  /// The end of a run at `error`: a cancel (Ctrl-C), or a failure with its diagnostic.
  func stop(with error: Diagnostic) {
    if error.message == Self.cancelledMessage {
      summary.cancelled = true
    } else {
      summary.failed = true
      emit(.diagnostic(error))
    }
  }

  /// Clears the counts of the last run (the REPL keeps one interpreter for a session).
  public func resetSummary() { summary = RunSummary() }

  /// Binds a value to a name, as `let` does (the REPL's `_`).
  public func bind(_ name: String, _ value: Value) { lets[name] = value }

  static let cancelledMessage = "cancelled"

  /// Every statement, `repeat` iteration and scroll frame is a step: the limit bounds the
  /// work of any script, and cancellation is checked at each.
  func countStep(at range: SourceRange) throws(Diagnostic) {
    if shouldCancel?() == true { throw .error(Self.cancelledMessage, at: range) }
    summary.steps += 1
    if summary.steps > limits.steps {
      throw .error(
        "the script ran more than \(limits.steps) steps", at: range,
        help: "lower the repeat counts or the number of frames")
    }
  }

  /// Called after each frame of a multi-frame scroll (an `svg strip` records states).
  var frameObserver: ((Int, Int) -> Void)?

  /// The line number a result names; a REPL maps the lines of a loaded file to that file's.
  public var lineNumber: ((Int) -> Int)?

  func line(of range: SourceRange) -> Int {
    lineNumber?(range.start) ?? file.location(of: range.start).line
  }

  func execute(_ statement: Statement) throws(Diagnostic) {
    try countStep(at: statement.range)
    if case .repeatBlock(let countExpr, let body) = statement.kind {
      let count = try Validate.count(
        try evaluator.number(countExpr), "the repeat count", countExpr.range, max: limits.steps)
      for _ in 0..<count {
        try countStep(at: statement.range)  // an empty body still costs an iteration
        for inner in body { try execute(inner) }
      }
      return
    }
    for cv in views { cv.removeAllEvents() }
    // Collection views created by this step start with no exceptions.
    let exceptionsBefore = views.map(\.exceptions.count)
    var entries: [TraceEntry] = []
    var results: [Output] = []
    switch statement.kind {
    case .layout, .stickyHeaders, .decoration, .transform, .trigger, .flagHandler:
      if layers[configuring].name == "main" { mainConfigured = true }
    default: break
    }
    try perform(statement, trace: &entries, results: &results)
    if stack != nil {
      entries += takeEvents()
      let recomputed = stack?.takeRecomputedCounts() ?? []
      // `trace.count` and `recomputed` describe the last step that acted, not an `expect`
      // or `print` that only looked.
      if statement.acts {
        lastRecomputed = recomputed
        lastEvents = entries.compactMap { if case .event(let e) = $0 { e } else { nil } }
      }
      if !entries.isEmpty && (layers.count > 1 || recomputed.contains { $0.count > 0 }) {
        entries.append(.recomputed(recomputed))
      }
      try finish(statement, exceptionsBefore: exceptionsBefore, entries)
    }
    for output in results { emit(output) }
  }

  /// The events every layer recorded since the last call, marked by layer when there are
  /// several.
  func takeEvents() -> [TraceEntry] {
    var entries: [TraceEntry] = []
    for layer in stack?.layers ?? [] {
      let events = layer.collectionView.events
      if events.isEmpty { continue }
      if layers.count > 1 { entries.append(.layer(layer.name)) }
      entries += events.map { .event($0) }
      layer.collectionView.removeAllEvents()
    }
    return entries
  }

  /// After a step: warnings from the console, then the first exception or deferred error as
  /// the step's runtime error; trace output while tracing.
  func finish(_ statement: Statement, exceptionsBefore: [Int], _ entries: [TraceEntry])
    throws(Diagnostic)
  {
    let line = line(of: statement.range)
    if traceEnabled && !entries.isEmpty {
      let firstLine = text(of: statement.range).split(separator: "\n").first.map(String.init) ?? ""
      emit(.trace(line: line, statement: firstLine, entries))
    }
    for entry in entries {
      if case .event(.log(let message)) = entry {
        emit(
          .diagnostic(
            Diagnostic(
              .warning, .layoutWarning(message.replacing("\n", with: " ")), at: statement.range))
        )
      }
    }
    if let error = data.deferredError {
      data.deferredError = nil
      throw error
    }
    for (i, cv) in views.enumerated() {
      let before = i < exceptionsBefore.count ? exceptionsBefore[i] : 0
      if cv.exceptions.count > before {
        let exception = cv.exceptions[before]
        throw .error("\(exception.name): \(exception.reason)", at: statement.range)
      }
    }
  }

  var evaluator: Evaluator { Evaluator(environment: self) }

  /// The collection views, created and laid out on first use; returns the front one.
  @discardableResult
  func live() -> CollectionView {
    if let front = stack?.front { return front }
    let stack = CollectionViewLayers()
    self.stack = stack
    for layer in layers {
      let cv = CollectionView(
        frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layer.layout)
      cv.contentInsetAdjustmentBehavior = insetAdjustment
      cv.contentInset = contentInset
      cv.safeAreaInsets = safeArea
      cv.layoutMargins = layoutMargins
      cv.displayScale = displayScale
      cv.dataSource = dataSource
      cv.delegate = data.sections.contains(where: \.hasMetrics) ? delegate : nil
      cv.removeAllEvents()  // the setters' invalidations precede the first pass
      stack.add(layer.name, cv)
    }
    for cv in views { cv.layoutIfNeeded() }
    return stack.front!
  }
}

/// One layer: its layout, and what the script attached to it.
final class LayerState {
  let name: String
  var layout: CollectionViewLayout = CollectionViewFlowLayout()
  var rules: [AttributeRule] = []
  var decorations: [FlowDecoration] = []
  var triggers: [BoundsChangeTrigger] = []
  var handlers: [FlagHandler] = []
  /// Whether the layout has the current `decorations` (setting them invalidates it).
  var decorationsApplied = true

  init(name: String) {
    self.name = name
  }
}
