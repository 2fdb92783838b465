import LayoutEngine

/// How a custom layout's `prepare` code placed one element, for `why` (LAY-2): made on
/// request by running the code again, interpreted (the compiled form's results are the
/// interpreter's to the bit), with a sink that writes down each `place` of that element
/// and keeps nothing in the layout's cache.
struct CustomPlacementRecord {
  struct Placement {
    /// The `place` statement, from its element's path to its frame.
    var range: SourceRange
    var attributes: LayoutAttributes
    /// The names the statement read, in the order written, with their values as it ran.
    var values: [NamedValue]
  }

  struct NamedValue {
    var name: String
    var value: Value
  }

  /// How many `place`s of the element ran: each replaces the one before, so the last
  /// stands.
  var count = 0
  var first: Placement?
  var last: Placement?
  /// The error that stopped the code, when one did (the layout answers with what was
  /// placed before it).
  var stoppedBy: Diagnostic?
}

/// The sink of `why`'s run of a custom layout's `prepare`: the layout's own checks of a
/// `place` (so the run stops where the layout's did), and a record of the element's.
final class PlacementRecorder: PlacementSink {
  private let layout: ScriptCustomLayout
  private let collectionView: CollectionView
  private let key: ElementKey
  var record = CustomPlacementRecord()

  init(_ layout: ScriptCustomLayout, _ collectionView: CollectionView, key: ElementKey) {
    self.layout = layout
    self.collectionView = collectionView
    self.key = key
  }

  func place(_ step: PlaceStep, _ evaluator: Evaluator) throws(Diagnostic) {
    let attributes = try layout.attributes(placedBy: step, evaluator, collectionView)
    guard attributes.key == key else { return }
    let read = [step.path, step.frame] + step.attributes.compactMap(\.expression)
    var values: [CustomPlacementRecord.NamedValue] = []
    for name in Expr.namesRead(by: read) {
      guard let value = try? evaluator.evaluate(Expr(.name(name), .none)), value != .none
      else { continue }
      values.append(.init(name: name, value: value))
    }
    let placement = CustomPlacementRecord.Placement(
      range: step.path.range.to(step.frame.range), attributes: attributes, values: values)
    record.count += 1
    if record.first == nil { record.first = placement }
    record.last = placement
  }

  func setContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic) {
    try layout.checkContentSize(size, range)
  }

  /// Not reached: `prepare` code answers nothing (the checker says so before a run).
  func answer(_ attributes: LayoutAttributes, at range: SourceRange) throws(Diagnostic) {}
}

extension ScriptCustomLayout {
  /// How the `prepare` code places the element `key` now; nil when the layout has no
  /// collection view with data, as `prepare()` then places nothing. Charged to the run's
  /// work as a `prepare()` is; a limit or Ctrl-C that stops it is thrown, not recorded.
  func placementRecord(of key: ElementKey) throws(Diagnostic) -> CustomPlacementRecord? {
    guard let cv = collectionView, cv.dataSource != nil, let environment = callbacks.environment
    else { return nil }
    let scope = CodeScope(base: environment, variables: CodeVariables(), collectionView: cv)
    let recorder = PlacementRecorder(self, cv, key: key)
    do throws(Diagnostic) {
      try run(prepareCode, in: scope, sink: recorder)
    } catch {
      if error.code == .limitExceeded || error.code == .workExhausted { throw error }
      recorder.record.stoppedBy = error
    }
    return recorder.record
  }
}

extension Expr {
  /// The names `exprs` read, each once, in the order written: what `why` shows the values
  /// of. A function's or a member's name is not one.
  static func namesRead(by exprs: [Expr]) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    func visit(_ e: Expr) {
      switch e.kind {
      case .name(let name):
        if seen.insert(name).inserted { names.append(name) }
      case .number, .string, .bool: break
      case .unary(_, let a), .member(let a, _), .element(_, let a): visit(a)
      case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b),
        .subscript(let a, let b):
        visit(a)
        visit(b)
      case .conditional(let a, let b, let c):
        visit(a)
        visit(b)
        visit(c)
      case .tuple(let items), .indexPath(let items):
        for item in items { visit(item) }
      case .labeled(let entries):
        for entry in entries { visit(entry.value) }
      case .call(_, let arguments):
        for argument in arguments { visit(argument.value) }
      case .method(let base, _, let arguments):
        visit(base)
        for argument in arguments { visit(argument.value) }
      }
    }
    for expr in exprs { visit(expr) }
    return names
  }
}
