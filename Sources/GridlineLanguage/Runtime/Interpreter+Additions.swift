import LayoutEngine

/// What a script attaches to a layer's layout: the sticky-header recipe, decorations and
/// transforms (triggers and flag handlers are kept as declared, see `declare`). The values
/// live in the layer (`LayerState`) and reach its layout through `LayerSet.applyAdditions()`.
extension Interpreter {
  /// `sticky headers [z N]`: the flow layout becomes the hand-written recipe (keeping every
  /// property); `sticky headers off` goes back to a plain flow layout with the properties
  /// the script set, UIKit's pinning included (the recipe turns it off while it is on).
  func stickyHeaders(_ on: Bool, _ zExpr: Expr?, _ range: SourceRange) throws(Diagnostic) {
    guard let flow else {
      throw .error(.needsFlowLayout("sticky headers", "; this one is a grid"), at: range)
    }
    if on {
      let recipe: StickyHeadersFlowLayout
      if let existing = flow as? StickyHeadersFlowLayout {
        recipe = existing
      } else {
        let scripted = ScriptStickyHeadersFlowLayout(layers.callbacks)
        recipe = scripted
        recipe.takeProperties(of: flow)
        // The recipe replaces UIKit's pinning; having both would pin twice.
        scripted.pinningBeforeRecipe = (
          flow.sectionHeadersPinToVisibleBounds, flow.sectionFootersPinToVisibleBounds
        )
        recipe.sectionHeadersPinToVisibleBounds = false
        recipe.sectionFootersPinToVisibleBounds = false
        if let zExpr { recipe.stickyZIndex = try evaluator.integer(zExpr, "the zIndex") }
        layers.install(recipe, replacing: true)  // configured first: one prepare()
        layers.layoutIfNeeded()
        return
      }
      if let zExpr { recipe.stickyZIndex = try evaluator.integer(zExpr, "the zIndex") }
    } else if flow is StickyHeadersFlowLayout {
      let plain = ScriptFlowLayout(layers.callbacks)
      plain.takeProperties(of: flow)
      if let recipe = flow as? ScriptStickyHeadersFlowLayout {
        plain.sectionHeadersPinToVisibleBounds =
          flow.sectionHeadersPinToVisibleBounds || recipe.pinningBeforeRecipe.headers
        plain.sectionFootersPinToVisibleBounds =
          flow.sectionFootersPinToVisibleBounds || recipe.pinningBeforeRecipe.footers
      }
      layers.install(plain, replacing: true)
    }
    layers.layoutIfNeeded()
  }

  /// `decoration "KIND" for each section { frame = …; z … }`: the frame is evaluated for
  /// each section when the layout prepares, with `section` bound to its geometry. A kind
  /// declared again replaces the earlier one.
  func addDecoration(_ declaration: DecorationDecl, _ range: SourceRange) throws(Diagnostic) {
    guard flow != nil else {
      throw .error(.needsFlowLayout("decorations"), at: range)
    }
    let z =
      try declaration.zIndex.map { (e) throws(Diagnostic) -> Int in
        try evaluator.integer(e, "the zIndex")
      } ?? -1
    let place: SectionDecoration.Place
    switch declaration.target {
    case .eachSection: place = .eachSection
    case .section(let e):
      place = .indexPath(
        IndexPath(item: 0, section: try evaluator.integer(e, "the decoration's section")))
    case .indexPath(let e):
      let value = try evaluator.evaluate(e)
      guard case .indexPath(let section, let item) = value else {
        throw .error(
          .isNot("the decoration's place", "an index path", value.type.rawValue), at: e.range)
      }
      place = .indexPath(IndexPath(item: item ?? 0, section: section))
    }
    let layer = layers.current
    layer.decorations.removeAll { $0.kind == declaration.kind && $0.place == place }
    layer.decorations.append(
      SectionDecoration(kind: declaration.kind, zIndex: z, frame: declaration.frame, place: place))
    layer.decorationsApplied = false
    layers.applyAdditions()
  }

  /// `transform SELECTOR { … }` as an `AttributeRule`: its values now, unless they read the
  /// element or the bounds (`LiveRule`), which the layout evaluates as it answers.
  func rule(_ declaration: TransformDecl) throws(Diagnostic) -> AttributeRule {
    var rule = AttributeRule(try selector(declaration.selector))
    rule.moment = declaration.moment
    if let live = LiveRule(declaration) {
      rule.live = live
      return rule
    }
    rule.values = try evaluator.ruleValues(declaration.operations)
    return rule
  }

  func selector(_ selector: TransformSelector) throws(Diagnostic) -> AttributeRule.Selector {
    let e = evaluator
    switch selector {
    case .items(nil): return .allItems
    case .items(let section?):
      return .items(section: try e.integer(section, "the section"), items: nil)
    case .item(let path):
      // An identifier names the item where it is now (engine choice: the rule keeps that
      // index path, as a rule written with the path would).
      let (s, i) = try e.itemPath(path)
      return .item(IndexPath(item: i, section: s))
    case .headers(let path), .footers(let path):
      let kind: String
      if case .headers = selector {
        kind = ElementKind.sectionHeader
      } else {
        kind = ElementKind.sectionFooter
      }
      guard let path else { return .supplementary(kind: kind, section: nil) }
      guard case .indexPath(let s, _) = try e.evaluate(path) else {
        throw .error(.expected("a section, [s]"), at: path.range)
      }
      return .supplementary(kind: kind, section: s)
    case .supplementary(let kind): return .supplementary(kind: kind, section: nil)
    case .decorations(let kind): return .decoration(kind: kind, section: nil)
    case .everything: return .everything
    case .highlightedItems: return .touchState(selected: false)
    case .selectedItems: return .touchState(selected: true)
    }
  }
}
