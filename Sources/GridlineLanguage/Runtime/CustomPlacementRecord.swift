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

/// A compiled run of `prepare` that counts the `place`s the layout accepts, and which of
/// them was the element's last: the interpreted run that records the element's values
/// stops right after it, rather than running a million more places for nothing.
struct PlacementCount: CompiledPlacementSink {
  /// Its checks only: nothing is kept.
  let placement: CompiledPlacement
  let key: ElementKey
  var places = 0
  var last: Int?

  func itemCount(inSection section: Int) -> Int? { placement.itemCount(inSection: section) }

  mutating func placeCell(section: Int, item: Int?, frame: Rect) -> Bool {
    guard placement.accepts(true, section, item, frame) else { return false }
    places += 1
    if key == .cell(IndexPath(item: item ?? 0, section: section)) { last = places }
    return true
  }

  mutating func place(
    _ element: ElementSelector, section: Int, item: Int?, frame: Rect, values: RuleValues?
  ) -> Bool {
    guard placement.accepts(element == .item, section, item, frame) else { return false }
    places += 1
    let placed = LayoutAttributes(placed: element, at: IndexPath(item: item ?? 0, section: section))
    if placed.key == key { last = places }
    return true
  }

  mutating func setContentSize(_ size: Size) -> Bool {
    var check = placement
    return check.setContentSize(size)
  }
}

/// The sink of `why`'s run of a custom layout's `prepare`: the layout's own checks of a
/// `place` (so the run stops where the layout's did), and a record of the element's.
final class PlacementRecorder: PlacementSink {
  private let layout: ScriptCustomLayout
  private let collectionView: CollectionView
  private let key: ElementKey
  /// The `place`s the run may make: it ends after the element's last one, which a
  /// compiled run counted (nil: it runs to the end).
  private let stopAfter: Int?
  private var places = 0
  var record = CustomPlacementRecord()

  /// What ends the run once the element's last `place` is recorded: no error of the code.
  static let recorded = Diagnostic(
    .note, Message(.limitExceeded, "why: the element's last place is recorded"), at: .none)

  init(
    _ layout: ScriptCustomLayout, _ collectionView: CollectionView, key: ElementKey,
    stopAfter: Int?
  ) {
    self.layout = layout
    self.collectionView = collectionView
    self.key = key
    self.stopAfter = stopAfter
  }

  func place(_ step: PlaceStep, _ evaluator: Evaluator) throws(Diagnostic) {
    let attributes = try layout.attributes(placedBy: step, evaluator, collectionView)
    places += 1
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
    if places == stopAfter { throw Self.recorded }
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
  /// work as a `prepare()` is; Ctrl-C or the run's work limit is thrown, not recorded.
  func placementRecord(of key: ElementKey) throws(Diagnostic) -> CustomPlacementRecord? {
    guard let cv = collectionView, cv.dataSource != nil, let environment = callbacks.environment
    else { return nil }
    let counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
    // The compiled code first, where it runs (to the bit the interpreter's): which place
    // is the element's last. A run the compiled form cannot finish is interpreted whole.
    var stopAfter: Int?
    if callbacks.compilesLayoutCode {
      let scope = CodeScope(base: environment, variables: CodeVariables(), collectionView: cv)
      var count = PlacementCount(
        placement: CompiledPlacement(counts: counts, limits: callbacks.limits, placed: .init()),
        key: key)
      if runCompiled(scope, &count) {
        guard let last = count.last else { return CustomPlacementRecord() }
        stopAfter = last
      }
    }
    let scope = CodeScope(base: environment, variables: CodeVariables(), collectionView: cv)
    let recorder = PlacementRecorder(self, cv, key: key, stopAfter: stopAfter)
    do throws(Diagnostic) {
      try run(prepareCode, in: scope, sink: recorder)
    } catch {
      if error == PlacementRecorder.recorded { return recorder.record }
      // Ctrl-C and the run's work limit stop `why`; the code's own limits (its steps, its
      // arrays) stop the code, as they stop the layout's `prepare()`.
      if error.code == .workExhausted || scope.base.runner.shouldCancel?() == true {
        throw error
      }
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
