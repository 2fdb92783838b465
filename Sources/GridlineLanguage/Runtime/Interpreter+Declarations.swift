import LayoutEngine

extension Interpreter {
  /// Carries out `statement` when it is a declaration (the scene, a layout and what is
  /// attached to it, sections); false for a step.
  func declare(_ statement: Statement) throws(Diagnostic) -> Bool {
    let e = evaluator
    switch statement.kind {
    case .viewport(let expr):
      let size = try sizeValue(expr, "the viewport")
      try Validate.positiveSize(size, "the viewport", expr.range, limits)
      layers.setViewport(size)
    case .contentInset(let expr):
      layers.setContentInset(try insetsValue(expr, "the content inset"))
    case .safeArea(let expr):
      layers.setSafeArea(try insetsValue(expr, "the safe area"))
    case .layoutMargins(let expr):
      layers.setLayoutMargins(try insetsValue(expr, "the layout margins"))
    case .insetAdjustment(let behavior):
      let adjustment: ContentInsetAdjustmentBehavior =
        switch behavior {
        case .automatic: .automatic
        case .scrollableAxes: .scrollableAxes
        case .never: .never
        case .always: .always
        }
      layers.setInsetAdjustment(adjustment)
    case .scale(let expr):
      let scale = try e.number(expr)
      guard scale >= 0 && scale <= 16 else {
        throw .error(.displayScaleRange, at: expr.range)
      }
      layers.setDisplayScale(scale)
    case .letBinding(let name, let expr):
      environment.bindLet(name.name, try e.evaluate(expr))
    case .layout(let declaration) where declaration.name != nil:
      try declareNamed(declaration, statement.range)
    case .layout(let declaration):
      try declareLayout(declaration, statement.range)
    case .customLayout(let name, let body):
      try declareCustom(name, body, statement.range)
    case .stickyHeaders(let on, let zExpr):
      try stickyHeaders(on, zExpr, statement.range)
    case .decoration(let declaration):
      try addDecoration(declaration, statement.range)
    case .transform(let declaration):
      if declaration.moment != .always && flow == nil {
        throw .error(.needsFlowLayout("appearing and disappearing rules"), at: statement.range)
      }
      var rule = try rule(declaration)
      rule.declared = statement.range
      layers.current.rules.append(rule)
      layers.applyAdditions()
      layers.attachDelegate()  // a rule on touch state restyles from the delegate's messages
    case .trigger(let declaration):
      guard flow != nil else {
        throw .error(.needsFlowLayout("invalidation triggers"), at: statement.range)
      }
      layers.current.triggers.append(declaration)
      layers.applyAdditions()
    case .flagHandler(let flag, let kinds):
      layers.current.handlers.append(FlagHandler(flag: flag.name, recomputeDecorationKinds: kinds))
      layers.applyAdditions()
    case .textMetrics(let metrics):
      try textMetrics(metrics)
    case .section(let declaration):
      try addSection(declaration)
    case .sections(let countExpr, let itemsExpr):
      try addSections(countExpr, itemsExpr, statement.range)
    case .ownsSections(let expr):
      try layers.own(try sectionRange(expr), at: statement.range)
    case .selectionRule(let rule):
      layers.delegate.selectionRules[rule.question] = rule.condition
      layers.attachDelegate()
    case .registerCell(let expr):
      layers.registerCell(try reuseIdentifier(expr))
    case .cellIdentifiers(let declaration):
      try addCellIdentifiers(declaration)
    default:
      return false
    }
    return true
  }

  /// `layout custom NAME { … }`: its `let`s are the script's, evaluated where they stand.
  private func declareCustom(_ name: Identifier, _ body: [Statement], _ range: SourceRange)
    throws(Diagnostic)
  {
    let layout = ScriptCustomLayout(name: name.name, layers.callbacks)
    let e = evaluator
    try declare(name, layout, range) { () throws(Diagnostic) in
      for entry in body {
        switch entry.kind {
        case .letBinding(let name, let expr): environment.bindLet(name.name, try e.evaluate(expr))
        case .prepare(let code): layout.prepareCode = code
        case .elementsQuery(let code): layout.queryCode = code
        case .trigger(let trigger): layout.triggers.append(trigger)
        default: throw .error(.notInCustomLayout(entry.keywordSpelling), at: entry.range)
        }
      }
    }
  }

  /// `layout flow|grid NAME { … }`: a new layout of that kind, kept under its name.
  private func declareNamed(_ declaration: LayoutDecl, _ range: SourceRange) throws(Diagnostic) {
    let layout: CollectionViewLayout =
      switch declaration.kind {
      case .grid: ScriptStickyGridLayout(layers.callbacks)
      case .compositional: try compositionalLayout(declaration)
      default: ScriptFlowLayout(layers.callbacks)
      }
    if declaration.kind == .compositional {
      try declare(declaration.name!, layout, range) {}
      return
    }
    try declare(declaration.name!, layout, range) { () throws(Diagnostic) in
      for property in declaration.properties { try apply(property) }
    }
  }

  /// A named layout, configured by `configure` while it stands as the layer's layout. The
  /// first named layout of a layer is installed, as an unnamed declaration is; the later
  /// ones wait for `switch layout NAME` (with the layer's rules and decorations then).
  private func declare(
    _ name: Identifier, _ layout: CollectionViewLayout, _ range: SourceRange,
    configure: () throws(Diagnostic) -> Void
  ) throws(Diagnostic) {
    if layers.namedLayout(name.name) != nil {
      throw .error(.layoutDeclaredTwice(name.name), at: name.range)
    }
    let layer = layers.current
    guard layer.installedName == nil else {
      try layers.configuringAside(layout, configure)
      layer.named[name.name] = layout
      return
    }
    try requireTakesUpdateRules(isFlow: layout is CollectionViewFlowLayout, layer, range)
    try installConfigured(layout, configure)
    layer.installedName = name.name
    layer.named[name.name] = layout
  }

  /// Configures `new` and then installs it, as an app builds a layout object before it
  /// hands it to the collection view: one `prepare()` of the new layout, with its
  /// properties (LAY-16). With no new layout, `configure` changes the installed one.
  func installConfigured(
    _ new: CollectionViewLayout?, _ configure: () throws(Diagnostic) -> Void
  ) throws(Diagnostic) {
    if let new {
      try layers.configuringAside(new, configure)
      layers.install(new)
    } else {
      try configure()
    }
    layers.layoutIfNeeded()
  }

  /// Appearing and disappearing rules run through a flow layout's update hooks: a layout of
  /// another kind is refused for a layer that has them (when declared or switched to).
  func requireTakesUpdateRules(isFlow: Bool, _ layer: LayerState, _ range: SourceRange)
    throws(Diagnostic)
  {
    if !isFlow && layer.rules.contains(where: { $0.moment != .always }) {
      throw .error(.needsFlowLayout("appearing and disappearing rules"), at: range)
    }
  }

  /// The configured layer's layout when it is a flow layout (plain or the sticky recipe).
  var flow: CollectionViewFlowLayout? { layout as? CollectionViewFlowLayout }
  /// The configured layer's layout when it is the sticky grid.
  var grid: ScriptStickyGridLayout? { layout as? ScriptStickyGridLayout }

  func sizeValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Size {
    let value = try evaluator.evaluate(expr)
    guard case .size(let size) = value else {
      throw .error(.isNot(what, "a size (W x H)", value.type.rawValue), at: expr.range)
    }
    return size
  }

  /// Insets: a labelled list, or one number for all four edges.
  func insetsValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> EdgeInsets {
    try ValueReader(evaluator: evaluator, limits: limits).insets(expr, what)
  }

  func spacingValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Double {
    try ValueReader(evaluator: evaluator, limits: limits).spacing(expr, what)
  }

  /// `layer NAME { … }`: selects (or adds, in front) the layer NAME and runs its layout
  /// declarations against it. The first layer replaces the implicit "main" layer when the

  static func alignment(_ a: RowAlignment) -> CollectionViewFlowLayout.RowHorizontalAlignment {
    switch a {
    case .justify: .justify
    case .left: .left
    case .center: .centered
    case .right: .right
    }
  }
}

extension Interpreter {
  /// `layout flow|grid { … }` without a name: the properties set on the layer's layout of
  /// that kind, a new one installed first when the layer has another kind.
  func declareLayout(_ declaration: LayoutDecl, _ range: SourceRange) throws(Diagnostic) {
    if declaration.kind == .compositional {
      // Descriptors are built whole, as an app builds them: each declaration installs a
      // new layout.
      try requireTakesUpdateRules(isFlow: false, layers.current, range)
      try installConfigured(try compositionalLayout(declaration)) {}
      return
    }
    if declaration.kind == .grid {
      try requireTakesUpdateRules(isFlow: false, layers.current, range)
    }
    let new: CollectionViewLayout? =
      declaration.kind == .grid
      ? (grid == nil ? ScriptStickyGridLayout(layers.callbacks) : nil)
      : (flow == nil ? ScriptFlowLayout(layers.callbacks) : nil)
    try installConfigured(new) { () throws(Diagnostic) in
      for property in declaration.properties { try apply(property) }
    }
  }

  /// `owns sections N | LOW...HIGH`: whole section indexes within the limit, low ≤ high.
  func sectionRange(_ expr: Expr) throws(Diagnostic) -> ClosedRange<Int> {
    try Validate.sections(try evaluator.evaluate(expr), expr.range, limits)
  }
}
