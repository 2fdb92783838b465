import LayoutEngine

/// `layout custom NAME { … }`: a `CollectionViewLayout` subclass whose `prepare()` runs the
/// script's code, as the WWDC 2018 session 225 layout does (MOS-1…MOS-6). What the code
/// places is cached once per `prepare()` (LAY-2) in an `AttributeIndex` sorted along the
/// vertical axis, so `layoutAttributesForElements(in:)` is the same O(log n + k) search the
/// flow layout uses (its answer in placement order; LAY-5 allows any order) and the single
/// queries are lookups (LAY-6). The code runs compiled where it can
/// (`ScriptCustomLayout+Compiled.swift`), with the interpreter's results to the bit; the
/// interpreter runs the rest, and any run that would fail, from the start. The code's
/// failures are reported with the step, and the layout then answers with what was placed
/// before the failure.
final class ScriptCustomLayout: CollectionViewLayout, PlacementSink {
  let name: String
  /// The code of `prepare`; a new one forgets the compiled form of the old.
  var prepareCode: [Statement] = [] { didSet { compiled = nil } }
  /// The compiled form of `prepareCode` and the outside names it was compiled against
  /// (`ScriptCustomLayout+Compiled.swift`); nil until the first `prepare()`.
  var compiled: CompiledPrepare?
  /// How many `prepare()`s the compiled code ran to the end, how many the interpreter ran,
  /// and how many times the code was compiled (the tests' proof of which path a layout
  /// took, and that it compiles once).
  var compiledRuns = 0
  var interpretedRuns = 0
  var compilations = 0
  /// `elements in rect { … }`: the script's own `layoutAttributesForElements(in:)`.
  var queryCode: [Statement]?
  private var answered: [LayoutAttributes] = []
  /// `cached` for the query code: the cache as attributes, made at the first query after
  /// each `prepare()` rather than at every query.
  private var cachedForQuery: [LayoutAttributes]?
  /// `invalidate on bounds change [when …]`: `shouldInvalidateLayout(forBoundsChange:)`
  /// (LAY-8; UIKit's base answers false).
  var triggers: [TriggerDecl] = []
  var snap: Expr?
  let callbacks: ScriptCallbacks
  /// `transform …` rules, applied to every answer as a subclass's overrides would.
  /// The script's `transform` rules; new ones change every answer and invalidate.
  var restyling = AnsweringRules([]) { didSet { invalidateLayout() } }
  private var rules: [AttributeRule] { restyling.rules }
  private var followsBounds: Bool { restyling.followsBounds }

  private var placed = PlacedElements()
  private var index = AttributeIndex(axis: .vertical)
  private var contentSize = Size.zero
  private var contentSizeSet = false

  init(name: String, _ callbacks: ScriptCallbacks) {
    self.name = name
    self.callbacks = callbacks
    super.init()
  }

  override var attributeCount: Int? { placed.count }

  /// Every cached element's attributes, in placement order, as the queries answer them
  /// before the script's transforms.
  var placedAttributes: [LayoutAttributes] { (0..<placed.count).map { placed[$0] } }

  /// MOS-1: the cache starts empty at every `prepare()`; the code fills it — compiled
  /// when it can be, else (and after a compiled run that would fail, from the start) by
  /// the interpreter, which reports what went wrong.
  override func prepare() {
    super.prepare()
    clearCache()
    // A view not yet given its data source (the interpreter configures a new view before
    // it connects the data) has no sections to place. The counts are loaded before every
    // `prepare()` (LAY-4), so reading them here asks the data source nothing.
    if let cv = collectionView, cv.dataSource != nil, let environment = callbacks.environment {
      let counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
      // Room for one element per item, which most layouts place: no copies as it grows.
      placed.reserveCapacity(itemCounts: counts)
      let scope = CodeScope(base: environment, variables: CodeVariables(), collectionView: cv)
      var run = CompiledPlacement(counts: counts, limits: callbacks.limits, placed: placed)
      var ranThrough = true
      placed = PlacedElements()
      // `consume`: the cache's storage has one owner again, and keeps its capacity.
      if callbacks.compilesLayoutCode && runCompiled(scope, &run) {
        adopt(consume run, cv)
      } else {
        placed = (consume run).placed
        clearCache()
        ranThrough = interpret(scope)
      }
      // A prepare stopped by an error did not finish: its content size is not the point.
      if ranThrough && !contentSizeSet && !prepareCode.isEmpty {
        cv.log(Message.contentSizeNeverSet(name))
      }
    }
    index = AttributeIndex(axis: .vertical, unsortedFrames: placed.frames)
    noteRecomputed(placed.count)
  }

  /// What a compiled run placed becomes the cache, with the warnings it held back.
  private func adopt(_ run: consuming CompiledPlacement, _ cv: CollectionView) {
    compiledRuns += 1
    placed = run.placed
    if let size = run.contentSize {
      contentSize = size
      contentSizeSet = true
    }
    for kind in run.decorationKinds { register(decorationViewOfKind: kind) }
    for warning in run.warnings { cv.log(warning) }
  }

  /// Runs the prepare code; false when an error stopped it (the error is reported).
  private func interpret(_ scope: CodeScope) -> Bool {
    interpretedRuns += 1
    do throws(Diagnostic) {
      try run(prepareCode, in: scope, sink: self)
      return true
    } catch {
      callbacks.report(error, "\(name)'s prepare")
      return false
    }
  }

  /// Runs the script's code interpreted, its places going to `sink`, charged to the run's
  /// work however it ends.
  func run(_ code: [Statement], in scope: CodeScope, sink: PlacementSink) throws(Diagnostic) {
    var runner = LayoutCodeRunner(
      scope: scope, limit: callbacks.limits.steps, sink: sink,
      shouldCancel: scope.base.runner.shouldCancel)
    defer { runner.chargeWork() }
    try runner.run(code)
  }

  private func clearCache() {
    cachedForQuery = nil
    placed.removeAll()
    contentSize = .zero
    contentSizeSet = false
  }

  override var collectionViewContentSize: Size { contentSize }

  /// The longest answer built without asking the collection view for its pass limit.
  static let answerBuiltWithoutAsking = 4096

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    if let queryCode { return query(queryCode, rect) }
    let found = index.indices(intersecting: rect).sorted()
    // Past the collection view's pass limit the answer is refused whole: a long one is
    // built no further. A short one is built whole without asking (the collection view
    // refuses it all the same), since asking costs a viewport-sized query about 5%.
    if found.count > Self.answerBuiltWithoutAsking, let limit = collectionView?.answerLimit,
      found.count > limit
    {
      return found[...limit].map { answer(placed[$0]) }
    }
    return found.map { answer(placed[$0]) }
  }

  /// `elements in rect { … }`: the code runs with `rect` and `cached` (what `prepare`
  /// placed, in placement order — the sample's `cachedAttributes`) and answers in the
  /// order it says (MOS-6 walks backward, then forward; LAY-5 allows any order). A
  /// failure is reported with the step; the answer is then what was said before it.
  private func query(_ code: [Statement], _ rect: Rect) -> [LayoutAttributes] {
    // As in prepare: a view not yet given its data source has nothing placed to answer.
    guard let cv = collectionView, cv.dataSource != nil, let environment = callbacks.environment
    else { return [] }
    let variables = CodeVariables()
    variables.define(QueryName.rect.spelling, .rect(rect))
    let cached = cachedForQuery ?? placedAttributes
    cachedForQuery = cached
    variables.define(QueryName.cached.spelling, .elements(cached))
    let scope = CodeScope(
      base: environment, variables: variables, collectionView: cv,
      inside: StatementKeyword.elementsInRect.spelling)
    answered.removeAll(keepingCapacity: true)
    do throws(Diagnostic) {
      try run(code, in: scope, sink: self)
    } catch {
      callbacks.report(error, "\(name)'s elements in rect")
    }
    return answered.map(answer)
  }

  /// An answer holds each element it names, however often: bounded as `show all` is
  /// (`Limits.listedElements`), not by the step limit alone (ten million copies of an
  /// element would be gigabytes).
  func answer(_ attributes: LayoutAttributes, at range: SourceRange) throws(Diagnostic) {
    let limit = callbacks.limits.listedElements
    guard answered.count < limit else {
      throw .error(
        .tooManyAnswers(limit: limit), at: range,
        help: "answer each element once, those whose frames meet rect")
    }
    answered.append(attributes)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    placed.position(of: .cell(indexPath)).map { answer(placed[$0]) }
  }

  /// The cached attributes, restyled by the script's transforms (a copy: FLOW-22).
  private func answer(_ cached: LayoutAttributes) -> LayoutAttributes {
    guard !rules.isEmpty else { return cached }
    var attributes = cached
    AttributeRule.apply(rules, to: &attributes, in: LiveScope(callbacks, self))
    return attributes
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    placed.position(of: ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
      .map {
        answer(placed[$0])
      }
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    placed.position(of: ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)).map
    {
      answer(placed[$0])
    }
  }

  /// The script's triggers, or every bounds change when a live rule reads the bounds.
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return false }
    return followsBounds || triggers.contains { callbacks.fires($0, old: old, new: newBounds) }
  }

  override func targetContentOffset(
    forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
  ) -> Point {
    guard let snap, let cv = collectionView else { return proposed }
    return callbacks.target(snap, of: "snap", proposed: proposed, velocity: velocity, in: cv)
      ?? proposed
  }

  // MARK: What the code does

  /// `place ELEMENT at RECT { … }`: the element must exist in the data (LAY-7); a second
  /// `place` of one element replaces the first, and the collection view logs it.
  func place(_ step: PlaceStep, _ evaluator: Evaluator) throws(Diagnostic) {
    guard let cv = collectionView else { return }
    keep(try attributes(placedBy: step, evaluator, cv), cv)
  }

  /// The attributes a `place` makes, checked as the cache takes them: the element exists,
  /// the frame is finite and not negative. `why`'s run of the code checks with it too.
  func attributes(placedBy step: PlaceStep, _ evaluator: Evaluator, _ cv: CollectionView)
    throws(Diagnostic) -> LayoutAttributes
  {
    var attributes = try element(step, evaluator, cv)
    let value = try evaluator.evaluate(step.frame)
    guard case .rect(let frame) = value else {
      throw .error(.isNot("a placed frame", "a rect", value.type.rawValue), at: step.frame.range)
    }
    try Validate.placedFrame(
      frame, "a placed frame", size: "a placed frame's size", step.frame.range, callbacks.limits)
    attributes.frame = frame
    if !step.attributes.isEmpty {
      try evaluator.ruleValues(step.attributes).apply(to: &attributes)
    }
    return attributes
  }

  /// Caches placed attributes; a second `place` of an element replaces the first, with a
  /// warning.
  private func keep(_ attributes: LayoutAttributes, _ cv: CollectionView) {
    if placed.keep(attributes) { cv.log(Message.placedTwice(attributes.key.scriptDescription)) }
  }

  func setContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic) {
    try checkContentSize(size, range)
    contentSize = size
    contentSizeSet = true
  }

  /// `content size = …`'s checks: finite and not negative.
  func checkContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic) {
    try Validate.finite(size.width, "the content size", range, callbacks.limits)
    try Validate.finite(size.height, "the content size", range, callbacks.limits)
    guard size.width >= 0 && size.height >= 0 else {
      throw .error(.negativePlacedSize("the content size", "\(Value.size(size))"), at: range)
    }
  }

  /// Fresh attributes for the element a `place` names, checked against the counts the
  /// collection view loaded.
  private func element(_ step: PlaceStep, _ e: Evaluator, _ cv: CollectionView)
    throws(Diagnostic) -> LayoutAttributes
  {
    let value = try e.evaluate(step.path)
    guard case .indexPath(let section, let item) = value else {
      throw .error(.isNot("'place'", "an index path", value.type.rawValue), at: step.path.range)
    }
    let described = Value.indexPath(section: section, item: item).description
    guard section >= 0 && section < cv.numberOfSections else {
      throw .error(
        .placedOutsideData(
          described, "the collection view has \(cv.numberOfSections) section(s)"),
        at: step.path.range)
    }
    if step.element == .item {
      let count = cv.numberOfItems(inSection: section)
      guard let item, item >= 0 && item < count else {
        throw .error(
          .placedOutsideData(
            "item \(described)", "section \(section) has \(count) item(s)"), at: step.path.range)
      }
    }
    if case .decoration(let kind) = step.element { register(decorationViewOfKind: kind) }
    return LayoutAttributes(placed: step.element, at: IndexPath(item: item ?? 0, section: section))
  }
}
