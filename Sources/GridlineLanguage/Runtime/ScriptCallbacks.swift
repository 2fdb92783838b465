import LayoutEngine

/// Evaluates the script code the engine calls back while it works: a per-item size (the
/// flow delegate), a decoration's frame (`prepare()`), an invalidation trigger (a bounds
/// change). Each answers the engine with a value it can use — no size, no decoration, no
/// firing — when the code fails, and reports the failure, prefixed with where it happened,
/// to `failures` (see `CallbackFailures` for how it reaches the step).
final class ScriptCallbacks {
  /// The names the code reads; set once the interpreter has built its environment (the
  /// environment owns the layers whose layouts hold this object, hence weak).
  weak var environment: EvaluationEnvironment?
  let failures: CallbackFailures
  let limits: Limits
  /// Whether custom layouts run their `prepare` code compiled where it can be (false: the
  /// interpreter always, for the tests that compare the two).
  var compilesLayoutCode = true

  init(failures: CallbackFailures, limits: Limits) {
    self.failures = failures
    self.limits = limits
  }

  /// `item … size EXPR` for one item, validated as the flow layout needs it (FLOW-19).
  func itemSize(_ expr: Expr, item: Int, section: Int) -> Size? {
    guard let environment else { return nil }
    do throws(Diagnostic) {
      let scope = LocalScope(base: environment, bindings: .item(item, section: section))
      let value = try Evaluator(environment: scope).evaluate(expr)
      guard case .size(let size) = value else {
        throw .error(.isNot("an item size", "a size (W x H)", value.type.rawValue), at: expr.range)
      }
      try Validate.itemSize(size, expr.range, limits)
      return size
    } catch {
      report(error, "item [\(section), \(item)]")
      return nil
    }
  }

  /// An adaptive compositional section (its entries read `environment`), built for the
  /// environment the section provider is called with; nil (an empty section) when it fails.
  func adaptiveSection(
    _ entries: [CompositionalEntry], _ range: SourceRange, section: Int,
    environment layoutEnvironment: CollectionLayoutEnvironment
  ) -> CollectionLayoutSection? {
    do throws(Diagnostic) {
      return try adaptiveSection(
        entries, range, container: layoutEnvironment.container.effectiveContentSize)
    } catch {
      report(error, "the section provider for section \(section)")
      return nil
    }
  }

  /// An adaptive section built for a container of `size`; `reads` and `providers` note
  /// what `gl export swift` writes as the provider's Swift.
  func adaptiveSection(
    _ entries: [CompositionalEntry], _ range: SourceRange, container size: Size,
    reads: EnvironmentReads? = nil, providers: ItemProviders? = nil
  ) throws(Diagnostic) -> CollectionLayoutSection? {
    guard let environment else { return nil }
    let scope = LocalScope(base: environment, bindings: .environment(size))
    let builder = CompositionalBuilder(
      evaluator: Evaluator(environment: scope), limits: limits, callbacks: self,
      providers: providers, reads: reads)
    return try builder.section(entries, range)
  }

  /// `on visible items { … }` (COMP-14): the operations for each element the handler is
  /// given, in its coordinates (`CollectionLayoutVisibleItem`), with the handler's offset
  /// and the container's size. An element whose values fail keeps what it had; the failure
  /// is reported once per step with its place.
  func visibleItems(
    _ operations: [TransformOperation], _ items: [CollectionLayoutVisibleItem], offset: Point,
    environment layoutEnvironment: CollectionLayoutEnvironment
  ) {
    guard let environment else { return }
    let container = layoutEnvironment.container.effectiveContentSize
    for item in items {
      do throws(Diagnostic) {
        let scope = LocalScope(
          base: environment,
          bindings: .visibleItem(VisibleItemBinding(item, offset: offset, container: container)))
        let values = try Evaluator(environment: scope).ruleValues(operations)
        if let t = values.transform3D { item.transform3D = t }
        if let a = values.alpha { item.alpha = a }
        if let z = values.zIndex { item.zIndex = z }
        if let h = values.isHidden { item.isHidden = h }
      } catch {
        let key = ElementKey(
          category: item.representedElementCategory, kind: item.representedElementKind,
          indexPath: item.indexPath)
        report(error, "on visible items of \(key)")
      }
    }
  }

  /// A decoration's frame for one section, with `section` bound to its geometry; nil (no
  /// decoration there) when it fails.
  func decorationFrame(
    _ expr: Expr, _ geometry: FlowSectionGeometry, in layout: CollectionViewFlowLayout
  ) -> Rect? {
    guard let environment else { return nil }
    do throws(Diagnostic) {
      let scope = LocalScope(base: environment, bindings: .section(geometry, layout: layout))
      let value = try Evaluator(environment: scope).evaluate(expr)
      guard case .rect(let rect) = value else {
        throw .error(.isNot("a decoration's frame", "a rect", value.type.rawValue), at: expr.range)
      }
      for v in [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] {
        try Validate.finite(v, "a decoration's frame", expr.range, limits)
      }
      return rect
    } catch {
      report(error, "decoration for section \(geometry.section)")
      return nil
    }
  }

  /// Whether `trigger` fires for a change from `old` to `new`; a failing condition does not.
  func fires(_ trigger: TriggerDecl, old: Rect, new: Rect) -> Bool {
    if trigger.sizeOnly && old.size == new.size { return false }
    guard let condition = trigger.condition else { return true }
    guard let environment else { return false }
    do throws(Diagnostic) {
      let scope = LocalScope(base: environment, bindings: .bounds(old: old, new: new))
      return try Evaluator(environment: scope).truth(condition)
    } catch {
      report(error, "invalidation trigger")
      return false
    }
  }

  /// Adds what a fired trigger names to `context`, evaluated with `old` and `new` bound; a
  /// failing action adds nothing more.
  func fill(_ context: InvalidationContext, with trigger: TriggerDecl, old: Rect, new: Rect) {
    guard let environment else { return }
    do throws(Diagnostic) {
      try context.add(
        trigger.actions, LocalScope(base: environment, bindings: .bounds(old: old, new: new)))
    } catch {
      report(error, "invalidation trigger")
    }
  }

  func report(_ error: Diagnostic, _ place: String) {
    var diagnostic = error
    diagnostic.message = "\(place): " + diagnostic.message
    failures.report(diagnostic)
  }
}

extension InvalidationContext {
  /// Adds what `actions` name (`items …`, `supplementary …`, `decoration …`, `flag …`),
  /// their index paths evaluated in `scope`.
  func add(_ actions: [TriggerAction], _ scope: any Environment) throws(Diagnostic) {
    let e = Evaluator(environment: scope)
    func paths(_ exprs: [Expr]) throws(Diagnostic) -> [IndexPath] {
      var result: [IndexPath] = []
      for expr in exprs {
        guard case .indexPath(let s, let i) = try e.evaluate(expr) else {
          throw .error(.expected("an index path"), at: expr.range)
        }
        result.append(IndexPath(item: i ?? 0, section: s))
      }
      return result
    }
    for action in actions {
      switch action.kind {
      case .items(let exprs): invalidateItems(at: try paths(exprs))
      case .supplementary(let kind, let exprs):
        invalidateSupplementaryElements(ofKind: kind, at: try paths(exprs))
      case .decoration(let kind, let exprs):
        invalidateDecorationElements(ofKind: kind, at: try paths(exprs))
      case .flag(let name): (self as? FlaggedInvalidationContext)?.flags.insert(name)
      case .everything: break
      }
    }
  }
}
