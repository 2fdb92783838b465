import LayoutEngine

/// `layout custom NAME { … }`: a `CollectionViewLayout` subclass whose `prepare()` runs the
/// script's code, as the WWDC 2018 session 225 layout does (MOS-1…MOS-6). What the code
/// places is cached once per `prepare()` (LAY-2) in an `AttributeIndex` sorted along the
/// vertical axis, so `layoutAttributesForElements(in:)` is the same O(log n + k) search the
/// flow layout uses (its answer in placement order; LAY-5 allows any order) and the single
/// queries are lookups (LAY-6). The code's failures are reported with the step, and the
/// layout then answers with what was placed before the failure.
final class ScriptCustomLayout: CollectionViewLayout, PlacementSink {
  let name: String
  var prepareCode: [Statement] = []
  /// `elements in rect { … }`: the script's own `layoutAttributesForElements(in:)`.
  var queryCode: [Statement]?
  private var answered: [LayoutAttributes] = []
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

  private var placed: [LayoutAttributes] = []
  private var positions: [ElementKey: Int] = [:]
  private var index = AttributeIndex(axis: .vertical)
  private var contentSize = Size.zero
  private var contentSizeSet = false

  init(name: String, _ callbacks: ScriptCallbacks) {
    self.name = name
    self.callbacks = callbacks
    super.init()
  }

  override var attributeCount: Int? { placed.count }

  /// MOS-1: the cache starts empty at every `prepare()`; the code fills it.
  override func prepare() {
    super.prepare()
    placed.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
    contentSize = .zero
    contentSizeSet = false
    // A view not yet given its data source (the interpreter configures a new view before
    // it connects the data) has no sections to place.
    if let cv = collectionView, cv.dataSource != nil, let environment = callbacks.environment {
      let scope = CodeScope(base: environment, variables: CodeVariables(), collectionView: cv)
      var runner = LayoutCodeRunner(scope: scope, limit: callbacks.limits.steps, sink: self)
      do throws(Diagnostic) {
        try runner.run(prepareCode)
      } catch {
        callbacks.report(error, "\(name)'s prepare")
      }
      if !contentSizeSet && !prepareCode.isEmpty {
        cv.log(Message.contentSizeNeverSet(name))
      }
    }
    index = AttributeIndex(axis: .vertical, unsortedFrames: placed.map(\.frame))
    noteRecomputed(placed.count)
  }

  override var collectionViewContentSize: Size { contentSize }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    if let queryCode { return query(queryCode, rect) }
    return index.indices(intersecting: rect).sorted().map { answer(placed[$0]) }
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
    variables.define("rect", .rect(rect))
    variables.define("cached", .elements(placed))
    let scope = CodeScope(base: environment, variables: variables, collectionView: cv)
    var runner = LayoutCodeRunner(scope: scope, limit: callbacks.limits.steps, sink: self)
    answered.removeAll(keepingCapacity: true)
    do throws(Diagnostic) {
      try runner.run(code)
    } catch {
      callbacks.report(error, "\(name)'s elements in rect")
    }
    defer { answered.removeAll(keepingCapacity: true) }
    return answered.map(answer)
  }

  func answer(_ attributes: LayoutAttributes) { answered.append(attributes) }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    positions[.cell(indexPath)].map { answer(placed[$0]) }
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
    positions[ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)].map {
      answer(placed[$0])
    }
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    positions[ElementKey(category: .decorationView, kind: kind, indexPath: indexPath)].map {
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
    var attributes = try element(step, evaluator, cv)
    let key = attributes.key
    let value = try evaluator.evaluate(step.frame)
    guard case .rect(let frame) = value else {
      throw .error(.isNot("a placed frame", "a rect", value.type.rawValue), at: step.frame.range)
    }
    for v in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height] {
      try Validate.finite(v, "a placed frame", step.frame.range, callbacks.limits)
    }
    guard frame.size.width >= 0 && frame.size.height >= 0 else {
      throw .error(
        .negativePlacedSize("a placed frame's size", "\(Value.rect(frame))"), at: step.frame.range)
    }
    attributes.frame = frame
    if !step.attributes.isEmpty {
      try evaluator.ruleValues(step.attributes).apply(to: &attributes)
    }
    if let existing = positions[key] {
      placed[existing] = attributes
      cv.log(Message.placedTwice(key.scriptDescription))
    } else {
      positions[key] = placed.count
      placed.append(attributes)
    }
  }

  func setContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic) {
    try Validate.finite(size.width, "the content size", range, callbacks.limits)
    try Validate.finite(size.height, "the content size", range, callbacks.limits)
    guard size.width >= 0 && size.height >= 0 else {
      throw .error(.negativePlacedSize("the content size", "\(Value.size(size))"), at: range)
    }
    contentSize = size
    contentSizeSet = true
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
    let path = IndexPath(item: item ?? 0, section: section)
    let described = Value.indexPath(section: section, item: item).description
    guard section >= 0 && section < cv.numberOfSections else {
      throw .error(
        .placedOutsideData(
          described, "the collection view has \(cv.numberOfSections) section(s)"),
        at: step.path.range)
    }
    switch step.element {
    case .item:
      let count = cv.numberOfItems(inSection: section)
      guard let item, item >= 0 && item < count else {
        throw .error(
          .placedOutsideData(
            "item \(described)", "section \(section) has \(count) item(s)"), at: step.path.range)
      }
      return LayoutAttributes(forCellWith: path)
    case .header:
      return LayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: path)
    case .footer:
      return LayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionFooter, with: path)
    case .supplementary(let kind):
      return LayoutAttributes(forSupplementaryViewOfKind: kind, with: path)
    case .decoration(let kind):
      register(decorationViewOfKind: kind)
      return LayoutAttributes(forDecorationViewOfKind: kind, with: path)
    }
  }
}
