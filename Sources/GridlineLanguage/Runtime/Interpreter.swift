import LayoutEngine

/// Runs checked programs against a live `CollectionView`. Declarations shape the
/// collection view (and, once it exists, change it as UIKit would: a new viewport is a
/// resize, a new section a reload, a layout property a setter that invalidates); steps act
/// on it. Every result is handed to `emit` as an `Output` value.
///
/// The collection view is created, and laid out for the first time, when the first step
/// (or the first expression that reads its state) needs it.
public final class Interpreter {
  public let file: SourceFile
  public let limits: Limits
  /// Polled between steps and frames; true stops the run (Ctrl-C in the REPL).
  public var shouldCancel: (() -> Bool)?
  /// Whether steps emit their layout callbacks (`trace on`, `gl run --trace`).
  public var traceEnabled = false

  public let layout = CollectionViewFlowLayout()
  public private(set) var collectionView: CollectionView?
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
        if error.message == Self.cancelledMessage {
          summary.cancelled = true
        } else {
          summary.failed = true
          emit(.diagnostic(error))
        }
        break
      }
    }
    return summary
  }

  /// Clears the counts of the last run (the REPL keeps one interpreter for a session).
  public func resetSummary() { summary = RunSummary() }

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

  func line(of range: SourceRange) -> Int { file.location(of: range.start).line }

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
    collectionView?.removeAllEvents()
    // A collection view created by this step starts with no exceptions.
    let exceptionsBefore = collectionView?.exceptions.count ?? 0
    var entries: [TraceEntry] = []
    var results: [Output] = []
    try perform(statement, trace: &entries, results: &results)
    if let cv = collectionView {
      entries += cv.events.map { .event($0) }
      cv.removeAllEvents()
      try finish(statement, cv, exceptionsBefore: exceptionsBefore, entries)
    }
    for output in results { emit(output) }
  }

  /// After a step: warnings from the console, then the first exception or deferred error as
  /// the step's runtime error; trace output while tracing.
  func finish(
    _ statement: Statement, _ cv: CollectionView, exceptionsBefore: Int, _ entries: [TraceEntry]
  )
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
          .diagnostic(Diagnostic(.warning, message.replacing("\n", with: " "), at: statement.range))
        )
      }
    }
    if let error = data.deferredError {
      data.deferredError = nil
      throw error
    }
    if cv.exceptions.count > exceptionsBefore {
      let exception = cv.exceptions[exceptionsBefore]
      throw .error("\(exception.name): \(exception.reason)", at: statement.range)
    }
  }

  var evaluator: Evaluator { Evaluator(environment: self) }

  /// The collection view, created and laid out on first use.
  @discardableResult
  func live() -> CollectionView {
    if let cv = collectionView { return cv }
    let cv = CollectionView(
      frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = insetAdjustment
    cv.contentInset = contentInset
    cv.safeAreaInsets = safeArea
    cv.layoutMargins = layoutMargins
    cv.displayScale = displayScale
    cv.dataSource = dataSource
    cv.delegate = data.sections.contains(where: \.hasMetrics) ? delegate : nil
    collectionView = cv
    cv.removeAllEvents()  // the setters' invalidations precede the first pass
    cv.layoutIfNeeded()
    return cv
  }
}
