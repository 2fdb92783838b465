import LayoutEngine

/// Checks a program before anything runs: names are defined before use, every expression
/// has the type its place needs, and constant values are in range (positive sizes, whole
/// counts, index paths inside the declared sections). Each mistake is reported once: an
/// expression with an error has type `.error`, which every later check accepts.
public struct Checker {
  public private(set) var diagnostics: [Diagnostic] = []
  let limits: Limits
  /// `let` names and their types; kept across `check` calls (the REPL checks entry by entry).
  var scope: [String: ValueType] = [:]
  /// A `use` failed, so any name may be one its file declares (`Program.namesIncomplete`).
  var namesIncomplete = false
  /// Values of `let`s that are constant, for range checks.
  var constants: [String: Value] = [:]
  /// Numbers of the arrays among `constants`, at most `foldedArrayBudget`.
  var foldedArrayElements = 0
  static let foldedArrayBudget = 100_000
  /// The bytes of the strings folding has made, shared by the copies of a checker.
  let foldedStrings: FoldedStrings
  /// Item counts of the declared sections while they are known statically; nil once a
  /// count depends on state or a `repeat` declares sections.
  var counts: [Int]? = []
  /// The sum of `counts` while they are known, kept as they grow (summing them at each
  /// section would make declaring sections one by one quadratic).
  var countedItems = 0
  /// Inside an item size: `item` and `section` are numbers.
  var inItemSize = false
  /// Inside a decoration's frame: `section` is the section's geometry.
  var inDecoration = false
  /// Inside an invalidation trigger: `old` and `new` are the bounds.
  var inTrigger = false
  /// Inside a transform's operations: the element's own names (`ElementRuleName`).
  var inTransform = false
  /// Inside `snap` or `on will end dragging`: `proposed` and `velocity` (`HookName`).
  var inHook = false
  /// Inside a compositional section's entries: `environment` (`ProviderName`).
  var inCompositionalSection = false
  /// Inside `on visible items { … }`: also `kind` (`VisibleItemName`).
  var inVisibleItems = false
  /// The kind of layout the script has declared (`flow` until `layout grid`).
  var layoutKind = LayoutKind.flow
  /// An `appearing` or `disappearing` rule was declared: the layout must stay a flow.
  var sawUpdateRules = false
  var layerKinds: [String: LayoutKind] = [:]
  /// Named layouts declared so far (`layout flow list { … }`), and the layers whose
  /// installed layout is a named one (a later named layout waits for `switch layout`).
  var layoutNames: [String: LayoutKind] = [:]
  var layersWithNamedLayout: Set<String> = []
  var checkingLayer = "main"
  /// Layers after a step, sections owned twice, counted and identified sections mixed.
  var order = DeclarationOrder()
  /// Inside `layer NAME { … }`: `owns sections` and a layer's own `content inset` belong.
  var inLayerBlock = false
  var repeatDepth = 0
  /// Inside `prepare { … }`: the code's variables, innermost block last.
  var codeScopes: [[String: CodeVariable]] = []
  /// Inside `layout custom NAME { … }`.
  var inCustomLayout = false
  /// Checking `elements in rect { … }`: `answer` belongs, `place` does not.
  var inQuery = false
  /// Checking a custom group's code (`group custom … { … }`): `place item at RECT` belongs,
  /// the collection view's state does not (its provider is given the environment only).
  var inItemProvider = false
  var inCode: Bool { !codeScopes.isEmpty }

  public init(limits: Limits = Limits()) {
    self.limits = limits
    foldedStrings = FoldedStrings(limits: limits)
  }

  /// Checks a whole script; the diagnostics are in source order.
  public static func check(_ program: Program, limits: Limits = Limits()) -> [Diagnostic] {
    var checker = Checker(limits: limits)
    checker.check(program)
    return checker.diagnostics
  }

  /// Declares a name as `let` would, for a value made outside the script (the REPL's `_`).
  public mutating func declare(_ name: String, _ type: ValueType) {
    scope[name] = type
    constants[name] = nil
  }

  /// Forgets the diagnostics of earlier entries (the REPL checks entry by entry).
  public mutating func clearDiagnostics() { diagnostics = [] }

  /// The members `text`, an expression, has where this checker stands (its lets, `_`):
  /// nil when `text` is no whole expression or its type is unknown. For completion after
  /// a dot; nothing is reported.
  public func members(ofExpression text: String) -> [String]? {
    let (program, parsed) = Parser.parse(SourceFile(name: "", text: "print " + text))
    guard parsed.isEmpty, program.statements.count == 1,
      case .print(let expr) = program.statements[0].kind
    else { return nil }
    var scratch = self
    let type = scratch.type(of: expr)
    guard type != .error else { return nil }
    return type.members.keys.sorted()
  }

  /// The type of `expr` where this checker stands (`:type` in the REPL), with what is
  /// wrong with it; nothing is recorded.
  public func type(ofExpression expr: Expr) -> (type: ValueType, diagnostics: [Diagnostic]) {
    var scratch = self
    scratch.clearDiagnostics()
    // A type needs no data: `item [0, 0]` is an item in a session with no sections yet.
    scratch.counts = nil
    let type = scratch.type(of: expr)
    return (type, scratch.diagnostics)
  }

  /// The members of a value of `type`, by name, with their types (`:info`).
  public static func members(of type: ValueType) -> [(name: String, type: ValueType)] {
    type.members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// What `let` bound so far, by name, with its type (the REPL's `:state`).
  /// The value of a constant `let`, as a message shows it (cut when long); nil when the
  /// value depends on the state.
  public func constantText(_ name: String) -> String? { constants[name]?.excerpt }

  /// The names of the layouts declared for `switch layout to`, sorted.
  public var namedLayouts: [String] { layoutNames.keys.sorted() }

  /// The sections declared so far, while their counts are known without running (empty
  /// once one depends on state); their names are the interpreter's to know.
  public var declaredSections: [SectionSummary] {
    (counts ?? []).map { SectionSummary(name: nil, items: $0) }
  }

  public var boundNames: [(name: String, type: ValueType)] {
    scope.filter { $0.value != .error }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  public mutating func check(_ program: Program) {
    for name in program.brokenNames where scope[name] == nil { scope[name] = .error }
    if program.namesIncomplete { namesIncomplete = true }
    for statement in program.statements {
      check(statement)
      noteStep(statement)
    }
  }

  mutating func report(_ message: Message, at range: SourceRange, help: String? = nil) {
    report(.error(message, at: range, help: help))
  }

  /// Records `diagnostic`, unless the same was just said at the same place: `x += e` is
  /// checked as `x = x + e`, where the target is read twice (its name, its index).
  mutating func report(_ diagnostic: Diagnostic) {
    guard
      !diagnostics.suffix(4).contains(where: {
        $0.range == diagnostic.range && $0.message == diagnostic.message
      })
    else { return }
    diagnostics.append(diagnostic)
  }

  // MARK: Statements

  /// One arm per statement; the longer checks are named for what they check.
  mutating func check(_ statement: Statement) {
    let range = statement.range
    switch statement.kind {
    case .viewport(let e): checkViewSize(e, "the viewport")
    case .contentInset(let e): expectInsets(e, "the content inset")
    case .ownsSections(let e):
      if !inLayerBlock { report(.ownsOutsideLayer, at: statement.range) }
      let t = type(of: e)
      if t != .number && t != .range && t != .error {
        report(.ownedSections(article(t)), at: e.range)
      } else if inLayerBlock && t != .error {
        checkOwnership(e, statement.range)
      }
    case .safeArea(let e): expectInsets(e, "the safe area")
    case .layoutMargins(let e): expectInsets(e, "the layout margins")
    case .insetAdjustment, .flagHandler, .reload, .invalidate, .trace, .draw: break
    case .scale(let e):
      if case .number(let v)? = expect(e, .number, "the display scale"), !(v >= 0 && v <= 16) {
        report(.displayScaleRange, at: e.range)
      }
    case .letBinding(let name, let e): bind(name.name, e)
    case .use: report(.useNotResolved, at: range)
    case .layout(let declaration):
      let after =
        declaration.name.map { checkNamedLayout($0, declaration.kind) } ?? declaration.kind
      if declaration.name == nil && declaration.kind != layoutKind {
        layersWithNamedLayout.remove(checkingLayer)  // a new, unnamed layout is installed
      }
      checkTakesUpdateRules(after, range)
      for property in declaration.properties { check(property, in: declaration.kind) }
      if declaration.kind == .compositional { checkCompositional(declaration, range) }
      layoutKind = after
    case .stickyHeaders(_, let z):
      if let z { _ = expectWholeNumber(z, "the zIndex") }
      requireFlow(
        .needsFlowLayout("sticky headers", "; this script's layout is \(layoutKind.spelling)"),
        range)
    case .decoration(let d): check(d, range)
    case .transform(let t):
      if t.moment != .always {
        requireFlow(.needsFlowLayout("appearing and disappearing rules"), range)
        sawUpdateRules = true
      }
      check(t)
    case .trigger(let t): check(t, range)
    case .invalidateTargets(let actions): for action in actions { check(action) }
    case .textMetrics(let metrics): check(metrics)
    case .layer(let name, let body):
      checkLayerOrder(name)
      checkLayer(name.name, body)
      checkTotal(at: name.range)
    case .section(let declaration): check(declaration)
    case .sections(let count, let items): checkSections(count, items, range)
    case .registerCell(let e): checkReuseIdentifier(e)
    case .cellIdentifiers(let declaration): check(declaration)
    case .scroll(let step):
      check(step)
      switch step.kind {
      case .toItem(_, let positions), .toSupplementary(_, _, let positions),
        .toSection(_, let positions):
        checkPositions(positions, range)
      default: break
      }
    case .resize(let e): checkViewSize(e, "the new size")
    case .switchLayout(let name, let frames): checkSwitchLayout(name, frames)
    case .show(let target):
      if case .element(let e) = target { _ = expect(e, .attributes, "'show'") }
    case .hit(let e): _ = expect(e, .point, "'hit'")
    case .why(let e): checkExplained(e)
    case .touch, .selection, .touchSetting, .selectionRule, .interactiveMove, .menu:
      checkTouch(statement.kind)
    case .expect(let e, _): _ = expect(e, .bool, "'expect'")
    case .print(let e):
      // A literal (a REPL entry's bare value, `print 3`) has nothing to fold or report.
      if type(of: e) != .error && !e.isLiteral { _ = fold(e) }
    case .svg(let path, let strip):
      checkOutputPath(path, example: "svg \"pictures/state.svg\"")
      checkRepeated(strip ?? [])
    case .svgViewport(let path, let margin):
      checkOutputPath(path, example: "svg viewport \"pictures/screen.svg\"")
      if let margin { _ = expect(margin, .number, "the margin") }
    case .svgPlot(let path, let body):
      checkOutputPath(path, example: "svg plot \"pictures/fling.svg\" { … }")
      checkRepeated(body)
    case .update(let step): check(step, inBatch: false)
    case .batch(let batch): check(batch, range)
    case .data: report(.dataOutsideBatch, at: range)
    case .applySnapshot(let step): check(step)
    case .gesture(let step): check(step)
    case .scrollSetting(let setting): check(setting)
    case .hook(let hook): check(hook)
    case .tapStatusBar(let frames): checkTapStatusBar(frames)
    case .shouldScrollToTop(let e): _ = expect(e, .bool, "'should scroll to top'")
    case .repeatBlock(let count, let body):
      _ = expectCount(count, "the repeat count", max: limits.steps)
      checkRepeated(body)
    case .customLayout(let name, let body): checkCustomLayout(name, body, range)
    case .prepare, .varBinding, .assign, .ifElse, .forLoop, .place, .contentSize, .whileLoop,
      .answer, .elementsQuery:
      report(.layoutCodeOutsidePrepare(statement.keywordSpelling), at: range)
    case .placeInGroup: report(.placeInGroupOutside, at: range)
    }
  }

  /// SV-12: UICollectionView.ScrollPosition takes at most one position per axis (UIKit
  /// raises otherwise), and `none` means no other. `center` is the layout's scroll axis,
  /// which only the run knows: a clash with it is UIKit's exception then.
  mutating func checkPositions(_ positions: [ScrollAlignment], _ range: SourceRange) {
    if positions.count > 1 && positions.contains(.none) {
      report(.positionNoneAlone, at: range)
      return
    }
    var seen: [Axis: ScrollAlignment] = [:]
    for p in positions {
      guard let axis = p.axis else { continue }
      if let first = seen[axis] {
        report(.twoPositionsOnOneAxis(first.spelling, p.spelling, axis.rawValue), at: range)
        return
      }
      seen[axis] = p
    }
  }

  mutating func checkTotal(at range: SourceRange) {
    guard let counts else { return }
    if counts.count > limits.sections {
      report(.tooManySections(limit: limits.sections), at: range)
      self.counts = nil
    } else if countedItems * max(1, layerKinds.count) > limits.totalItems {
      let layers = max(1, layerKinds.count)
      report(
        layers == 1
          ? .tooManyItems(countedItems, limit: limits.totalItems)
          : .tooManyStoredItems(countedItems * layers, layers: layers, limit: limits.totalItems),
        at: range)
      self.counts = nil
    }
  }

  /// `item 0...2`: whole numbers inside the section.
  mutating func checkItems(_ items: Expr, count: Int?) {
    let t = type(of: items)
    guard t == .number || t == .range || t == .error else {
      report(
        .expectedValue("an item or a range of items (0...2)", found: t.rawValue, ", not"),
        at: items.range)
      return
    }
    guard let value = constant(items), let count else { return }
    var low = 0.0
    var high = 0.0
    switch value {
    case .number(let n): (low, high) = (n, n)
    case .range(let a, let b): (low, high) = (a, b)
    default: return
    }
    record(
      caught { () throws(Diagnostic) in
        let a = try wholeNumber(low, "an item", items.range)
        let b = try wholeNumber(high, "an item", items.range)
        if a > b {
          throw .error(.emptyRange(a, b), at: items.range)
        }
        if a < 0 || b >= count {
          throw .error(
            .itemsOutside(a == b ? "\(a)" : "\(a)...\(b)", count: count), at: items.range)
        }
      })
  }

  mutating func check(_ step: ScrollStep) {
    switch step.kind {
    case .toAxis(_, let e), .byAxis(_, let e): _ = expect(e, .number, "the offset")
    case .toPoint(let e), .byPoint(let e): _ = expect(e, .point, "'scroll'")
    case .rectVisible(let e): _ = expect(e, .rect, "'scroll rect'")
    case .toSupplementary(let header, let e, _):
      let what = header ? "'scroll to header'" : "'scroll to footer'"
      switch expect(e, .indexPath, what) {
      case .indexPath(let section, nil)?:
        checkIndexPath(section, 0, header ? .header : .footer, e.range)
      case .indexPath(_, _?)?:
        report(.takes(what, "a section [s]", not: "an item's index path"), at: e.range)
      default: break
      }
    case .toSection(let s, _):
      if let section = expectWholeNumber(s, "the section") {
        checkIndexPath(section, 0, .header, s.range)
      }
    case .sectionToAxis(let s, _, let e):
      _ = expectWholeNumber(s, "the section")
      _ = expect(e, .number, "the offset")
      if let frames = step.frames { report(.sectionScrollAtOnce, at: frames.range) }
    case .toItem(let e, _):
      if case .indexPath(let section, let item)? = expectItem(e, "'scroll to item'") {
        checkIndexPath(section, item ?? 0, .item, e.range)
      }
    }
    if let frames = step.frames,
      let n = expectCount(frames, "the number of frames", max: limits.frames), n == 0
    {
      report(.scrollNeedsFrames, at: frames.range)
    }
  }

  /// A constant index path must name an existing item while the counts are known.
  mutating func checkIndexPath(
    _ section: Int, _ item: Int, _ selector: ElementSelector, _ range: SourceRange
  ) {
    guard let counts else { return }
    if section < 0 || section >= counts.count {
      report(.noSection(section, declared: counts.count, by: "the script declares"), at: range)
    } else if selector == .item && (item < 0 || item >= counts[section]) {
      report(.noItem(section, item, count: counts[section]), at: range)
    }
  }

  // MARK: Expected types

  /// An `svg` file name known before running, by the rule the interpreter applies to a
  /// computed one (`SVGPath`), so `gl check` passes no path that `gl run` refuses.
  mutating func checkOutputPath(_ path: Expr, example: String) {
    guard case .string(let name)? = expect(path, .string, "the SVG file name"),
      let refusal = SVGPath.refusal(name, confined: true)
    else { return }
    report(refusal, at: path.range, help: SVGPath.help(example: example))
  }

  /// Checks the type; returns the constant value when there is one.
  mutating func expect(_ e: Expr, _ wanted: ValueType, _ what: String) -> Value? {
    let t = type(of: e)
    guard t == wanted || t == .error else {
      report(.expects(what, article(wanted), not: article(t)), at: e.range, help: hint(wanted))
      return nil
    }
    return t == .error ? nil : fold(e)
  }

  /// An item: an index path, or a string naming a diffable data source's item.
  mutating func expectItem(_ e: Expr, _ what: String) -> Value? {
    let t = type(of: e)
    switch t {
    case .indexPath: return constant(e)
    case .string, .error: return nil
    default:
      report(
        .expects(what, "an index path or an item's identifier", not: article(t)), at: e.range,
        help: hint(.indexPath))
      return nil
    }
  }

  mutating func expectSize(_ e: Expr, _ what: String) -> Size? {
    if case .size(let s)? = expect(e, .size, what) { return s }
    return nil
  }

  mutating func expectReferenceSize(_ e: Expr, _ what: String) {
    if let size = expectSize(e, what) {
      record(
        caught { () throws(Diagnostic) in try Validate.referenceSize(size, what, e.range, limits) })
    }
  }

  mutating func expectInsets(_ e: Expr, _ what: String) {
    let t = type(of: e)
    if t != .insets && t != .number && t != .error {
      report(
        .expects(
          what, "insets, (top: …, left: …, bottom: …, right: …) or one number", not: article(t)),
        at: e.range)
    }
  }

  mutating func check(_ action: TriggerAction, ranges: Bool = true) {
    switch action.kind {
    case .items(let paths), .supplementary(_, let paths), .decoration(_, let paths):
      for path in paths {
        if case .indexPath(let s, let i)? = expect(path, .indexPath, "an invalidated element"),
          ranges, case .items = action.kind
        {
          checkIndexPath(s, i ?? 0, .item, path.range)
        }
      }
    case .flag, .everything: break
    }
  }

  /// A whole number (negative allowed) when constant.
  mutating func expectWholeNumber(_ e: Expr, _ what: String) -> Int? {
    guard case .number(let v)? = expect(e, .number, what) else { return nil }
    var result: Int?
    record(caught { () throws(Diagnostic) in result = try wholeNumber(v, what, e.range) })
    return result
  }

  mutating func check(_ t: TransformDecl) {
    switch t.selector {
    case .items(let section?):
      if let s = expectWholeNumber(section, "the section") {
        checkIndexPath(s, 0, .header, section.range)
      }
    case .headers(let path?), .footers(let path?):
      if case .indexPath(let s, _)? = expect(path, .indexPath, "'transform'") {
        checkIndexPath(s, 0, .header, path.range)
      }
    case .item(let path):
      if case .indexPath(let s, let i)? = expectItem(path, "'transform item'") {
        checkIndexPath(s, i ?? 0, .item, path.range)
      }
    default: break
    }
    inTransform = true
    defer { inTransform = false }
    checkOperations(t.operations)
  }

  /// A transform's or a `place`'s operations: each value of the type its setter takes.
  mutating func checkOperations(_ operations: [TransformOperation]) {
    for operation in operations {
      switch operation.kind {
      case .rotate(_, let e), .perspective(let e): _ = expect(e, .number, "'\(operation.name)'")
      case .scale(let e):
        let s = type(of: e)
        if s != .number && s != .size && s != .error {
          report(.takes("'scale'", "a number or a size (sx x sy)", not: article(s)), at: e.range)
        }
      case .translate(let e): _ = expect(e, .point, "'translate'")
      case .alpha(let e):
        if case .number(let v)? = expect(e, .number, "'alpha'"), !(v >= 0 && v <= 1) {
          report(.alphaRange(v), at: e.range)
        }
      case .zIndex(let e): _ = expectWholeNumber(e, "the zIndex")
      case .hidden(let e): if let e { _ = expect(e, .bool, "'hidden'") }
      }
    }
  }

  /// A whole, non-negative number up to `max` when constant; returns it.
  mutating func expectCount(_ e: Expr, _ what: String, max: Int) -> Int? {
    guard case .number(let v)? = expect(e, .number, what) else { return nil }
    var result: Int?
    record(
      caught { () throws(Diagnostic) in result = try Validate.count(v, what, e.range, max: max) })
    return result
  }

  /// Runs a range check; its diagnostic, if any.
  func caught(_ body: () throws(Diagnostic) -> Void) -> Diagnostic? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  mutating func record(_ diagnostic: Diagnostic?) {
    if let diagnostic { diagnostics.append(diagnostic) }
  }

  func article(_ t: ValueType) -> String {
    switch t {
    case .insets, .none: return t.rawValue
    case .attributes: return "an element"
    case .array: return "an array"
    case .elements: return "a list of elements"
    case .indexPaths: return "a list of index paths"
    case .indexPath: return "an index path"
    default: return "a \(t.rawValue)"
    }
  }

  func hint(_ t: ValueType) -> String? {
    switch t {
    case .size: "write a size as W x H, e.g. 375 x 667"
    case .point: "write a point as (x, y)"
    case .rect: "write a rect as rect(x, y, width, height)"
    case .indexPath: "write an index path as [section, item]"
    case .attributes: "name an element, e.g. item [0, 3] or header [1]"
    default: nil
    }
  }
}
