import LayoutEngine

/// The variables of running layout code, innermost block last, and the numbers its arrays
/// were made with (`Limits.arrayElements`, counted per run of the code).
final class CodeVariables {
  private var frames: [[String: Value]] = [[:]]
  var arrayElements = 0
  /// The steps the run may still take, and all it may take: shared with what the code's
  /// expressions read (`CodeScope`), so a scan of an array is charged where it happens,
  /// as the compiled machine charges it.
  var budget = 0
  var limit = 0

  func value(_ name: String) -> Value? {
    for frame in frames.reversed() { if let v = frame[name] { return v } }
    return nil
  }

  func define(_ name: String, _ value: Value) { frames[frames.count - 1][name] = value }

  /// Changes the innermost variable called `name`; false when there is none.
  func set(_ name: String, _ value: Value) -> Bool {
    for i in frames.indices.reversed() where frames[i][name] != nil {
      frames[i][name] = value
      return true
    }
    return false
  }

  /// How many elements the array variable `name` has; nil when it is not an array.
  func arrayCount(_ name: String) -> Int? {
    if case .array(let values)? = value(name) { return values.count }
    return nil
  }

  /// Changes an array variable's element in place (no copy of the array).
  func setElement(_ name: String, at index: Int, to value: Double) {
    for i in frames.indices.reversed() {
      guard case .array(var values)? = frames[i].removeValue(forKey: name) else { continue }
      values[index] = value
      frames[i][name] = .array(values)
      return
    }
  }

  func push() { frames.append([:]) }
  func pop() { frames.removeLast() }
}

/// What layout code reads: its variables, then the script's `let`s and state. The
/// collection view's own state comes from the view the layout is installed in — `prepare`
/// runs inside its layout pass, where the interpreter's view of the scene cannot lay out
/// again — and what only a finished pass knows (`content`, `visible`, `recomputed`) or the
/// elements are not available.
struct CodeScope: Environment {
  let base: EvaluationEnvironment
  var stringLength: Int { base.stringLength }
  var arrayLength: Int { base.arrayLength }
  let variables: CodeVariables
  /// The collection view `prepare` runs in; nil for a custom group's item provider, which
  /// is given its environment only (COMP-7).
  let collectionView: CollectionView?
  /// Where the code runs, for the diagnostics: `prepare` or `elements in rect`.
  var inside = StatementKeyword.prepare.spelling
  /// In an item provider: the group's container, which `environment` reads.
  var groupSize = Size.zero

  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
    if let v = variables.value(name) { return v }
    guard let collectionView else {
      return try LocalScope(base: base, bindings: .customGroup(groupSize)).value(
        of: name, at: range)
    }
    if base.lets[name] == nil, let state = StateName(rawValue: name) {
      let cv = collectionView
      switch state {
      case .bounds: return .rect(cv.bounds)
      case .offset: return .point(cv.contentOffset)
      case .adjustedInset: return .insets(cv.adjustedContentInset)
      case .sections: return .number(Double(cv.numberOfSections))
      case .content, .visible, .recomputed:
        throw .error(.notAvailable(name, inside: inside), at: range)
      default: break
      }
    }
    return try base.value(of: name, at: range)
  }

  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  {
    throw .error(.elementsUnavailable(inside: inside), at: range)
  }

  /// Scanning an array (`min(a)`, `index(of:in:)`) costs steps by its length
  /// (`Limits.scanSteps`), against the run's step budget.
  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic) {
    variables.budget -= Limits.scanSteps(elements)
    guard variables.budget >= 0 else {
      throw .error(.codeTooLong(inside, limit: variables.limit), at: range)
    }
  }

  /// A run of layout code has an array budget of its own, as it has its own steps: a
  /// `prepare` runs at every layout pass, and what it makes is freed when it ends.
  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    variables.arrayElements &+= count
    try Validate.arrayElements(variables.arrayElements, range, base.data.limits)
  }

  /// LAY-4: the counts the collection view loaded before `prepare()`.
  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int {
    guard let collectionView else { return try base.itemCount(inSection: section, at: range) }
    let sections = collectionView.numberOfSections
    guard section >= 0 && section < sections else {
      throw .error(
        .noSection(section, declared: sections, by: "the collection view has"), at: range)
    }
    return collectionView.numberOfItems(inSection: section)
  }
}

/// Runs the code of a custom layout's `prepare`: each statement and each pass of a loop is
/// a step against `budget`, so a runaway loop ends in a diagnostic.
struct LayoutCodeRunner {
  let scope: CodeScope
  /// The steps left (`CodeVariables.budget`).
  var budget: Int {
    get { scope.variables.budget }
    nonmutating set { scope.variables.budget = newValue }
  }
  let limit: Int
  /// The budget at or below which Ctrl-C and the work limit are asked next: every 4,096
  /// steps, also when a scan or a copy takes many steps at once (it may step over a
  /// multiple of 4,096).
  private var nextCheck: Int
  /// What `place` and `content size` do.
  let sink: PlacementSink
  /// Ctrl-C: asked every few thousand steps, so a long interpreted `prepare` stops where it
  /// is, as a step between two statements does.
  let shouldCancel: (() -> Bool)?

  init(
    scope: CodeScope, limit: Int, sink: PlacementSink, shouldCancel: (() -> Bool)? = nil
  ) {
    self.scope = scope
    self.limit = limit
    scope.variables.limit = limit
    scope.variables.budget = limit
    nextCheck = limit - 4096
    self.sink = sink
    self.shouldCancel = shouldCancel
  }

  private var evaluator: Evaluator { Evaluator(environment: scope) }

  /// Adds the steps this run took to the run's work, at the interpreter's rate
  /// (`Limits.unitsPerInterpretedStep`): its callers do so when it ends, however it ends.
  func chargeWork() {
    scope.base.runner.codeSteps &+= Limits.unitsPerInterpretedStep * (limit - max(0, budget))
  }

  mutating func run(_ code: [Statement]) throws(Diagnostic) {
    for statement in code { try run(statement) }
  }

  /// One step against the budget; Ctrl-C and the work limit are asked every 4,096 steps.
  private mutating func countStep(at range: SourceRange) throws(Diagnostic) {
    budget -= 1
    guard budget >= 0 else { throw .error(.codeTooLong(scope.inside, limit: limit), at: range) }
    if budget <= nextCheck {
      nextCheck = budget - 4096
      if shouldCancel?() == true { throw .error(.codeCancelled(steps: limit - budget), at: range) }
      try scope.base.runner.checkWork(
        pending: (limit - budget) * Limits.unitsPerInterpretedStep, at: range)
    }
  }

  mutating func block(_ code: [Statement]) throws(Diagnostic) {
    scope.variables.push()
    defer { scope.variables.pop() }
    try run(code)
  }

  mutating func run(_ statement: Statement) throws(Diagnostic) {
    try countStep(at: statement.range)
    let e = evaluator
    switch statement.kind {
    case .varBinding(let name, let expr), .letBinding(let name, let expr):
      let value = try e.arrayOrValue(expr)
      scope.variables.define(name.name, value)
      try chargeCopy(value, at: statement.range)
    case .assign(let name, let index, let expr):
      try assign(name, index, expr)
    case .ifElse(let condition, let yes, let no):
      if try e.truth(condition) {
        try block(yes)
      } else if let no {
        try block(no)
      }
    case .forLoop(let name, let lowExpr, let highExpr, let inclusive, let body):
      let low = try wholeNumber(try e.number(lowExpr), "the loop's first value", lowExpr.range)
      let high = try wholeNumber(try e.number(highExpr), "the loop's last value", highExpr.range)
      let end = inclusive ? high + 1 : high
      guard end > low else { return }
      guard end - low <= budget else {
        throw .error(.loopTooLong(end - low, limit: limit), at: statement.range)
      }
      // One block for the whole loop: each pass sets the loop's name, and the checker
      // lets no pass read a name before that pass declares it.
      scope.variables.push()
      defer { scope.variables.pop() }
      for i in low..<end {
        // Each pass is a step besides its statements, as a `while` pass is: a loop with an
        // empty body (or nested in one) would otherwise run its passes for nothing.
        try countStep(at: statement.range)
        scope.variables.define(name.name, .number(Double(i)))
        try run(body)
      }
    case .whileLoop(let condition, let body):
      // Each pass is a step: a loop that never ends runs out of budget.
      scope.variables.push()
      defer { scope.variables.pop() }
      while try e.truth(condition) {
        // Here too, not only in the body's statements: an empty body has none.
        try countStep(at: statement.range)
        try block(body)
      }
    case .answer(let expr):
      let value = try e.evaluate(expr)
      guard case .attributes(let attributes) = value else {
        throw .error(.isNot("'answer'", "an element", value.type.rawValue), at: expr.range)
      }
      try sink.answer(attributes, at: statement.range)
    case .place(let step):
      try sink.place(step, e)
    case .placeInGroup(let frame, let attributes):
      try sink.placeInGroup(frame, attributes, e, at: statement.range)
    case .contentSize(let expr):
      let value = try e.evaluate(expr)
      guard case .size(let size) = value else {
        throw .error(
          .isNot("the content size", "a size (W x H)", value.type.rawValue), at: expr.range)
      }
      try sink.setContentSize(size, expr.range)
    default:
      throw .error(.notLayoutCode(statement.keywordSpelling), at: statement.range)
    }
  }

  /// An array bound to a name is a copy of its numbers (arrays are values): its scan steps,
  /// charged whether or not the storage is shared yet, so a loop of `var b = a; b[0] = 1`
  /// costs what its copies cost (issue 36), and as the compiled form charges it
  /// (`CodeOp.arrayCharge`).
  private func chargeCopy(_ value: Value, at range: SourceRange) throws(Diagnostic) {
    guard case .array(let numbers) = value else { return }
    try scope.countScan(numbers.count, at: range)
  }

  private mutating func assign(_ name: Identifier, _ index: Expr?, _ expr: Expr)
    throws(Diagnostic)
  {
    let e = evaluator
    guard let oldType = scope.variables.value(name.name)?.type else {
      throw .error(.notAVar(name.name), at: name.range)
    }
    let new = try e.evaluate(expr)
    guard let index else {
      guard new.type == oldType else {
        throw .error(
          .assignmentType(name.name, oldType.rawValue, not: new.type.rawValue), at: expr.range)
      }
      _ = scope.variables.set(name.name, new)
      try chargeCopy(new, at: expr.range)
      return
    }
    guard let count = scope.variables.arrayCount(name.name) else {
      throw .error(.notAnArray(oldType.rawValue), at: name.range)
    }
    guard case .number(let v) = new else {
      throw .error(
        .assignmentType("an element of \(name.name)", "a number", not: new.type.rawValue),
        at: expr.range)
    }
    // No copy of the array is held here, so the element changes in place.
    scope.variables.setElement(name.name, at: try e.arrayIndex(index, count: count), to: v)
  }
}

/// Where `place` and `content size` put what they compute: the custom layout's cache.
protocol PlacementSink {
  func place(_ step: PlaceStep, _ evaluator: Evaluator) throws(Diagnostic)
  func setContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic)
  /// `answer ELEMENT`, in `elements in rect`: refused past the listed-elements limit.
  func answer(_ attributes: LayoutAttributes, at range: SourceRange) throws(Diagnostic)
  /// `place item at RECT`, in a custom group's item provider (COMP-7).
  func placeInGroup(
    _ frame: Expr, _ attributes: [TransformOperation], _ evaluator: Evaluator,
    at range: SourceRange
  ) throws(Diagnostic)
}

extension PlacementSink {
  /// Only an item provider takes custom items (the checker says so before a run).
  func placeInGroup(
    _ frame: Expr, _ attributes: [TransformOperation], _ evaluator: Evaluator,
    at range: SourceRange
  ) throws(Diagnostic) {
    throw .error(.placeInGroupOutside, at: range)
  }
}
