import LayoutEngine

extension Interpreter {
  /// Carries out one statement (not `repeat`). Trace entries of multi-frame steps and the
  /// step's results are collected for `execute` to emit after the trace.
  func perform(_ statement: Statement, trace: inout [TraceEntry], results: inout [Output])
    throws(Diagnostic)
  {
    let e = evaluator
    switch statement.kind {
    case .viewport(let expr):
      let size = try sizeValue(expr, "the viewport")
      try Validate.positiveSize(size, "the viewport", expr.range, limits)
      viewport = size
      stack?.setFrame(Rect(origin: .zero, size: size))
    case .contentInset(let expr):
      contentInset = try insetsValue(expr, "the content inset")
      for cv in views { cv.contentInset = contentInset }
    case .safeArea(let expr):
      safeArea = try insetsValue(expr, "the safe area")
      for cv in views { cv.safeAreaInsets = safeArea }
    case .layoutMargins(let expr):
      layoutMargins = try insetsValue(expr, "the layout margins")
      for cv in views { cv.layoutMargins = layoutMargins }
    case .insetAdjustment(let behavior):
      insetAdjustment =
        switch behavior {
        case .automatic: .automatic
        case .scrollableAxes: .scrollableAxes
        case .never: .never
        case .always: .always
        }
      for cv in views { cv.contentInsetAdjustmentBehavior = insetAdjustment }
    case .scale(let expr):
      let scale = try e.number(expr)
      guard scale >= 0 && scale <= 16 else {
        throw .error("the display scale must be between 0 (no rounding) and 16", at: expr.range)
      }
      displayScale = scale
      for cv in views { cv.displayScale = scale }
    case .letBinding(let name, let expr):
      lets[name.name] = try e.evaluate(expr)
    case .layout(let declaration):
      if declaration.kind == .grid {
        if grid == nil { install(StickyGridLayout()) }
      } else if flow == nil {
        install(CollectionViewFlowLayout())
      }
      for property in declaration.properties { try apply(property) }
      for cv in views { cv.layoutIfNeeded() }
    case .stickyHeaders(let on, let zExpr):
      try stickyHeaders(on, zExpr, statement.range)
    case .decoration(let declaration):
      try addDecoration(declaration, statement.range)
    case .transform(let declaration):
      rules.append(try rule(declaration))
      applyRulesAndDecorations()
    case .layer(let name, let body):
      try declareLayer(name, body)
    case .trigger(let declaration):
      guard flow != nil else {
        throw .error("invalidation triggers need a flow layout", at: statement.range)
      }
      layers[configuring].triggers.append(trigger(declaration))
      applyRulesAndDecorations()
    case .flagHandler(let flag, let kinds):
      layers[configuring].handlers.append(
        FlagHandler(flag: flag.name, recomputeDecorationKinds: kinds))
      applyRulesAndDecorations()
    case .textMetrics(let metrics):
      for metric in metrics {
        let v = try evaluator.number(metric.value)
        try Validate.finite(v, "the \(metric.keyword.spelling)", metric.value.range, limits)
        switch metric.keyword {
        case .characterWidth: data.metrics.characterWidth = v
        case .lineHeight: data.metrics.lineHeight = v
        case .padding: data.metrics.padding = v
        }
      }
    case .section(let declaration):
      try addSection(declaration)
    case .sections(let countExpr, let itemsExpr):
      let count = try Validate.count(
        try e.number(countExpr), "the number of sections", countExpr.range, max: limits.sections)
      let items = try Validate.count(
        try e.number(itemsExpr), "the number of items", itemsExpr.range, max: limits.totalItems)
      try reserve(sections: count, items: count * items, statement.range)
      data.sections += Array(repeating: SectionModel(count: items), count: count)
      data.totalItems += count * items
      dataDidChange()
    default:
      try performStep(statement, trace: &trace, results: &results)
    }
  }

  func sizeValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Size {
    let value = try evaluator.evaluate(expr)
    guard case .size(let size) = value else {
      throw .error("\(what) is a size (W x H), not \(value.type.rawValue)", at: expr.range)
    }
    return size
  }

  /// Insets: a labelled list, or one number for all four edges.
  func insetsValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> EdgeInsets {
    let value = try evaluator.evaluate(expr)
    let insets: EdgeInsets
    switch value {
    case .insets(let i): insets = i
    case .number(let n): insets = EdgeInsets(all: n)
    default:
      throw .error(
        "\(what) is insets, (top: …, left: …, bottom: …, right: …) or one number, not \(value.type.rawValue)",
        at: expr.range)
    }
    try Validate.insets(insets, what, expr.range, limits)
    return insets
  }

  func spacingValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Double {
    let v = try evaluator.number(expr)
    try Validate.finite(v, what, expr.range, limits)
    return v
  }

  /// `layer NAME { … }`: selects (or adds, in front) the layer NAME and runs its layout
  /// declarations against it. The first layer replaces the implicit "main" layer when the
  /// script configured nothing on it. Layers are fixed once the collection views exist.
  func declareLayer(_ name: Identifier, _ body: [Statement]) throws(Diagnostic) {
    var index = layers.firstIndex { $0.name == name.name }
    if index == nil {
      guard stack == nil else {
        throw .error(
          "layers must be declared before the first step", at: name.range,
          help: "move 'layer \(name.name) { … }' above the first scroll or show")
      }
      if layers.count == 1 && layers[0].name == "main" && !mainConfigured {
        layers[0] = LayerState(name: name.name)
        index = 0
      } else {
        layers.append(LayerState(name: name.name))
        index = layers.count - 1
      }
    }
    let outer = configuring
    configuring = index!
    defer { configuring = outer }
    for statement in body { try execute(statement) }
  }

  /// Puts `new` in place of the current layout, carrying the rules and decorations over;
  /// a live collection view switches with `setCollectionViewLayout(_:animated:)`.
  func install(_ new: CollectionViewLayout) {
    layout = new
    layers[configuring].decorationsApplied = false
    applyRulesAndDecorations()
    if let stack, configuring < stack.layers.count {
      stack.layers[configuring].collectionView.setCollectionViewLayout(new, animated: false)
    }
  }

  /// `invalidate on … change [when …] { … }` as a trigger of the flow layout; its
  /// expressions see `old` and `new`, the bounds before and after. An error inside is
  /// reported after the step, and the trigger does not fire.
  func trigger(_ declaration: TriggerDecl) -> BoundsChangeTrigger {
    let condition = declaration.condition.map { expr in
      { [unowned self] (old: Rect, new: Rect) -> Bool in
        do throws(Diagnostic) {
          return try Evaluator(
            environment: LocalScope(base: self, bindings: .bounds(old: old, new: new))
          ).truth(
            expr)
        } catch {
          self.deferError(error, "invalidation trigger")
          return false
        }
      }
    }
    let actions = declaration.actions
    return BoundsChangeTrigger(
      onSizeChangeOnly: declaration.sizeOnly,
      everything: actions.contains { $0.kind == .everything },
      condition: condition
    ) { [unowned self] context, old, new in
      do throws(Diagnostic) {
        try self.fill(
          context, with: actions, LocalScope(base: self, bindings: .bounds(old: old, new: new)))
      } catch {
        self.deferError(error, "invalidation trigger")
      }
    }
  }

  /// Adds what the actions name to `context`.
  func fill(_ context: InvalidationContext, with actions: [TriggerAction], _ scope: any Environment)
    throws(Diagnostic)
  {
    let e = Evaluator(environment: scope)
    func paths(_ exprs: [Expr]) throws(Diagnostic) -> [IndexPath] {
      var result: [IndexPath] = []
      for expr in exprs {
        guard case .indexPath(let s, let i) = try e.evaluate(expr) else {
          throw .error("expected an index path", at: expr.range)
        }
        result.append(IndexPath(item: i ?? 0, section: s))
      }
      return result
    }
    for action in actions {
      switch action.kind {
      case .items(let exprs): context.invalidateItems(at: try paths(exprs))
      case .supplementary(let kind, let exprs):
        context.invalidateSupplementaryElements(ofKind: kind, at: try paths(exprs))
      case .decoration(let kind, let exprs):
        context.invalidateDecorationElements(ofKind: kind, at: try paths(exprs))
      case .flag(let name): (context as? FlaggedInvalidationContext)?.flags.insert(name)
      case .everything: break
      }
    }
  }

  func deferError(_ error: Diagnostic, _ what: String) {
    if data.deferredError == nil {
      var diagnostic = error
      diagnostic.message = "\(what): " + diagnostic.message
      data.deferredError = diagnostic
    }
  }

  func applyRulesAndDecorations() {
    if let flow {
      flow.boundsChangeTriggers = layers[configuring].triggers
      if flow.flagHandlers != layers[configuring].handlers {
        flow.flagHandlers = layers[configuring].handlers
      }
      if flow.attributeRules != rules { flow.attributeRules = rules }
      if !layers[configuring].decorationsApplied
        || flow.decorations.map(\.kind) != decorations.map(\.kind)
      {
        flow.decorations = decorations
        layers[configuring].decorationsApplied = true
      }
    } else if let grid, grid.attributeRules != rules {
      grid.attributeRules = rules
    }
    for cv in views { cv.layoutIfNeeded() }
  }

  /// `sticky headers [z N]`: the flow layout becomes the hand-written recipe (keeping every
  /// property); `sticky headers off` goes back to a plain flow layout.
  func stickyHeaders(_ on: Bool, _ zExpr: Expr?, _ range: SourceRange) throws(Diagnostic) {
    guard let flow else {
      throw .error("sticky headers need a flow layout; this one is a grid", at: range)
    }
    if on {
      let recipe: StickyHeadersFlowLayout
      if let existing = flow as? StickyHeadersFlowLayout {
        recipe = existing
      } else {
        recipe = StickyHeadersFlowLayout()
        recipe.takeProperties(of: flow)
        // The recipe replaces UIKit's pinning; having both would pin twice.
        recipe.sectionHeadersPinToVisibleBounds = false
        recipe.sectionFootersPinToVisibleBounds = false
        install(recipe)
      }
      if let zExpr { recipe.stickyZIndex = try evaluator.integer(zExpr, "the zIndex") }
    } else if flow is StickyHeadersFlowLayout {
      let plain = CollectionViewFlowLayout()
      plain.takeProperties(of: flow)
      install(plain)
    }
    for cv in views { cv.layoutIfNeeded() }
  }

  /// `decoration "KIND" for each section { frame = …; z … }`: the frame is evaluated for
  /// each section when the layout prepares, with `section` bound to its geometry. A kind
  /// declared again replaces the earlier one.
  func addDecoration(_ declaration: DecorationDecl, _ range: SourceRange) throws(Diagnostic) {
    guard flow != nil else {
      throw .error("decorations for each section need a flow layout", at: range)
    }
    let z =
      try declaration.zIndex.map { (e) throws(Diagnostic) -> Int in
        try evaluator.integer(e, "the zIndex")
      } ?? -1
    let frameExpr = declaration.frame
    let decoration = FlowDecoration(kind: declaration.kind, zIndex: z) { [unowned self] geometry in
      self.decorationFrame(frameExpr, geometry)
    }
    decorations.removeAll { $0.kind == declaration.kind }
    decorations.append(decoration)
    layers[configuring].decorationsApplied = false
    applyRulesAndDecorations()
  }

  func decorationFrame(_ expr: Expr, _ geometry: FlowSectionGeometry) -> Rect? {
    do throws(Diagnostic) {
      let value = try Evaluator(environment: LocalScope(base: self, bindings: .section(geometry)))
        .evaluate(
          expr)
      guard case .rect(let rect) = value else {
        throw Diagnostic.error(
          "a decoration's frame is a rect, not \(value.type.rawValue)", at: expr.range)
      }
      for v in [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] {
        try Validate.finite(v, "a decoration's frame", expr.range, limits)
      }
      return rect
    } catch {
      if data.deferredError == nil {
        var diagnostic = error
        diagnostic.message = "decoration for section \(geometry.section): " + diagnostic.message
        data.deferredError = diagnostic
      }
      return nil
    }
  }

  /// `transform SELECTOR { … }` as an `AttributeRule`; operations compose in the order
  /// written (the first is applied first).
  func rule(_ declaration: TransformDecl) throws(Diagnostic) -> AttributeRule {
    let e = evaluator
    var rule = AttributeRule(try selector(declaration.selector))
    var transform: Transform3D?
    func compose(_ t: Transform3D) { transform = (transform ?? .identity).concatenating(t) }
    for operation in declaration.operations {
      switch operation.kind {
      case .rotate(let axis, let expr):
        let radians = try e.number(expr) * Double.pi / 180
        switch axis {
        case .x: compose(.rotation(angle: radians, x: 1, y: 0, z: 0))
        case .y: compose(.rotation(angle: radians, x: 0, y: 1, z: 0))
        case nil: compose(.rotation(angle: radians))
        }
      case .scale(let expr):
        switch try e.evaluate(expr) {
        case .number(let k): compose(.scale(x: k, y: k))
        case .size(let s): compose(.scale(x: s.width, y: s.height))
        case let other:
          throw .error(
            "'scale' takes a number or a size, not \(other.type.rawValue)", at: expr.range)
        }
      case .translate(let expr):
        let p = try pointValue(expr)
        compose(.translation(x: p.x, y: p.y))
      case .perspective(let expr):
        let d = try e.number(expr)
        guard d != 0 && d.isFinite else {
          throw .error("the perspective distance must be a non-zero number", at: expr.range)
        }
        compose(.perspective(distance: d))
      case .alpha(let expr):
        let a = try e.number(expr)
        guard a >= 0 && a <= 1 else {
          throw .error("alpha is between 0 and 1, not \(formatNumber(a))", at: expr.range)
        }
        rule.alpha = a
      case .zIndex(let expr):
        rule.zIndex = try e.integer(expr, "the zIndex")
      case .hidden(let expr):
        rule.isHidden = try expr.map { (x) throws(Diagnostic) -> Bool in try e.truth(x) } ?? true
      }
    }
    rule.transform3D = transform
    return rule
  }

  func selector(_ selector: TransformSelector) throws(Diagnostic) -> AttributeRule.Selector {
    let e = evaluator
    switch selector {
    case .items(nil): return .allItems
    case .items(let section?):
      return .items(section: try e.integer(section, "the section"), items: nil)
    case .item(let path):
      guard case .indexPath(let s, let i) = try e.evaluate(path) else {
        throw .error("expected an index path [section, item]", at: path.range)
      }
      return .item(IndexPath(item: i ?? 0, section: s))
    case .headers(let path), .footers(let path):
      let kind: String
      if case .headers = selector {
        kind = ElementKind.sectionHeader
      } else {
        kind = ElementKind.sectionFooter
      }
      guard let path else { return .supplementary(kind: kind, section: nil) }
      guard case .indexPath(let s, _) = try e.evaluate(path) else {
        throw .error("expected a section, [s]", at: path.range)
      }
      return .supplementary(kind: kind, section: s)
    case .supplementary(let kind): return .supplementary(kind: kind, section: nil)
    case .decorations(let kind): return .decoration(kind: kind, section: nil)
    case .everything: return .everything
    }
  }

  static func alignment(_ a: RowAlignment) -> CollectionViewFlowLayout.RowHorizontalAlignment {
    switch a {
    case .justify: .justify
    case .left: .left
    case .center: .centered
    case .right: .right
    }
  }

  func reserve(sections: Int, items: Int, _ range: SourceRange) throws(Diagnostic) {
    if data.sections.count + sections > limits.sections {
      throw .error("more than \(limits.sections) sections", at: range)
    }
    if data.totalItems + items > limits.totalItems {
      throw .error(
        "the collection view would hold \(data.totalItems + items) items; the limit is \(limits.totalItems)",
        at: range)
    }
  }

  /// `section ["name"] items N { … }`: the next section, with its delegate answers.
  func addSection(_ declaration: SectionDecl) throws(Diagnostic) {
    let e = evaluator
    let count = try Validate.count(
      try e.number(declaration.items), "the number of items", declaration.items.range,
      max: limits.totalItems)
    try reserve(sections: 1, items: count, declaration.items.range)
    var section = SectionModel(name: declaration.name, count: count)
    let index = data.sections.count
    for property in declaration.properties {
      try apply(property, to: &section, index: index, count: count)
    }
    data.sections.append(section)
    data.totalItems += count
    dataDidChange()
  }

  /// `item N` or `item LOW...HIGH`: whole numbers naming items of a section of `count`.
  func itemRange(_ itemsExpr: Expr, count: Int) throws(Diagnostic) -> ClosedRange<Int> {
    let items: ClosedRange<Int>
    switch try evaluator.evaluate(itemsExpr) {
    case .number(let n):
      let i = try wholeNumber(n, "an item", itemsExpr.range)
      items = i...i
    case .range(let low, let high):
      let a = try wholeNumber(low, "an item", itemsExpr.range)
      let b = try wholeNumber(high, "an item", itemsExpr.range)
      guard a <= b else {
        throw .error(
          "the range \(a)...\(b) is empty (its start is after its end)", at: itemsExpr.range)
      }
      items = a...b
    case let other:
      throw .error(
        "expected an item or a range of items (0...2), not \(other.type.rawValue)",
        at: itemsExpr.range)
    }
    guard items.lowerBound >= 0, items.upperBound < count else {
      throw .error(
        "item \(items.lowerBound == items.upperBound ? "\(items.lowerBound)" : "\(items.lowerBound)...\(items.upperBound)") is outside the section, which has \(count) item\(count == 1 ? "" : "s")",
        at: itemsExpr.range)
    }
    return items
  }

  /// `item LOW...HIGH size S`: the items must exist; S is evaluated now unless it reads
  /// `item` or `section`, in which case it is kept (compiled when it can be) and evaluated
  /// per item when the layout asks.
  func sizeRule(_ itemsExpr: Expr, _ sizeExpr: Expr, section: Int, count: Int) throws(Diagnostic)
    -> SizeRule
  {
    let items = try itemRange(itemsExpr, count: count)
    if sizeExpr.mentions(["item", "section"]) {
      var rule = SizeRule(items: items, expression: sizeExpr)
      if case .size(let w, let h) = sizeExpr.kind {
        let constant: (String) -> Double? = { [lets] name in
          if case .number(let v)? = lets[name] { return v }
          return nil
        }
        if let fw = data.programs.compile(w, constant: constant),
          let fh = data.programs.compile(h, constant: constant)
        {
          rule.compiled = (fw, fh)
        }
      }
      return rule
    }
    let size = try sizeValue(sizeExpr, "an item size")
    try Validate.itemSize(size, sizeExpr.range, limits)
    return SizeRule(items: items, constant: size)
  }

  /// A per-item size expression with `item` and `section` bound.
  func evaluateItemSize(_ expr: Expr, item: Int, section: Int) throws(Diagnostic) -> Size {
    let scoped = LocalScope(base: self, bindings: .item(item, section: section))
    let value = try Evaluator(environment: scoped).evaluate(expr)
    guard case .size(let size) = value else {
      throw .error("an item size is a size (W x H), not \(value.type.rawValue)", at: expr.range)
    }
    return size
  }

  /// The sections changed: a live collection view reloads (`reloadData()`), and asks the
  /// delegate only while some section declares metrics.
  func dataDidChange() {
    let wantsDelegate = data.sections.contains(where: \.hasMetrics)
    for cv in views {
      if wantsDelegate != (cv.delegate != nil) { cv.delegate = wantsDelegate ? delegate : nil }
      cv.reloadData()
    }
  }
}

extension Expr {
  /// Whether any of `names` is read anywhere inside.
  func mentions(_ names: Set<String>) -> Bool {
    switch kind {
    case .name(let name): return names.contains(name)
    case .number, .string, .bool: return false
    case .unary(_, let a), .member(let a, _), .element(_, let a): return a.mentions(names)
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b):
      return a.mentions(names) || b.mentions(names)
    case .conditional(let a, let b, let c):
      return a.mentions(names) || b.mentions(names) || c.mentions(names)
    case .tuple(let items), .indexPath(let items): return items.contains { $0.mentions(names) }
    case .labeled(let entries): return entries.contains { $0.value.mentions(names) }
    case .call(_, let arguments): return arguments.contains { $0.value.mentions(names) }
    case .method(let base, _, let arguments):
      return base.mentions(names) || arguments.contains { $0.value.mentions(names) }
    }
  }
}
