import LayoutEngine

/// The script's `UIScrollViewDelegate` (SV-8), set on the front collection view — the one
/// a finger scrolls: `on will end dragging` changes the target offset, `on scroll` runs
/// steps from `scrollViewDidScroll`. It only forwards to the interpreter, which runs them.
final class ScriptScrollDelegate: ScrollViewDelegate {
  struct ScrollHook {
    var condition: Expr?
    var body: [Statement]
    var range: SourceRange
  }

  var willEndDragging: (target: Expr, range: SourceRange)?
  /// `should scroll to top when …`: asked when the status bar is tapped.
  var shouldScrollToTop: (condition: Expr, range: SourceRange)?
  /// In the order declared, each run at every offset change where its condition holds.
  var onScroll: [ScrollHook] = []
  /// How deep `on scroll` hooks are running inside one another (their scrolls call
  /// `scrollViewDidScroll` again).
  var depth = 0
  /// The deepest nesting allowed: past it, a hook that keeps scrolling is an error.
  static let maximumDepth = 64
  weak var interpreter: Interpreter?

  func scrollViewWillEndDragging(
    _ collectionView: CollectionView, withVelocity velocity: Point,
    targetContentOffset: inout Point
  ) {
    guard let (target, range) = willEndDragging, let interpreter else { return }
    interpreter.layers.mark(
      .hook(name: "on will end dragging", line: interpreter.runner.line(of: range)))
    if let p = interpreter.layers.callbacks.target(
      target, of: "on will end dragging", proposed: targetContentOffset, velocity: velocity,
      in: collectionView)
    {
      targetContentOffset = p
    }
  }

  /// `scrollViewShouldScrollToTop(_:)`: the condition, read when the status bar is tapped;
  /// one that fails is reported at the end of the step and answers yes, UIKit's default.
  func scrollViewShouldScrollToTop(_ collectionView: CollectionView) -> Bool {
    guard let (condition, _) = shouldScrollToTop, let interpreter else { return true }
    do throws(Diagnostic) {
      return try interpreter.evaluator.truth(condition)
    } catch {
      interpreter.runner.failures.report(error)
      return true
    }
  }

  func scrollViewDidScroll(_ collectionView: CollectionView) {
    guard !onScroll.isEmpty else { return }
    interpreter?.runScrollHooks()
  }
}

/// The environment of a hook's target: `proposed` and `velocity`, then the interpreter's
/// names; elements may be read (the layout is laid out when UIKit asks).
struct HookScope: Environment {
  let base: EvaluationEnvironment
  var stringLength: Int { base.stringLength }
  var arrayLength: Int { base.arrayLength }
  let proposed: Rect
  let velocity: Point

  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
    switch HookName(rawValue: name) {
    case .proposed?: .rect(proposed)
    case .velocity?: .point(velocity)
    case nil: try base.value(of: name, at: range)
    }
  }

  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  {
    try base.element(selector, section: section, item: item, at: range)
  }

  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int {
    try base.itemCount(inSection: section, at: range)
  }

  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countArray(count, at: range)
  }

  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countScan(elements, at: range)
  }

  func indexPath(ofItem identifier: String, at range: SourceRange) throws(Diagnostic) -> IndexPath {
    try base.indexPath(ofItem: identifier, at: range)
  }

  func nearestItem(to target: Value, at range: SourceRange) throws(Diagnostic) -> LayoutAttributes {
    try base.nearestItem(to: target, at: range)
  }
}

extension ScriptCallbacks {
  /// A hook's `target = …` for a scroll proposed to rest at `proposed`: an offset, or an
  /// element, centred on the scroll axis of `collectionView`'s layout (a flow's direction;
  /// both axes for other layouts) — the script's shorthand for the arithmetic an app writes.
  /// Nil (the proposal stands) when the code fails or the offset is not finite.
  func target(
    _ expr: Expr, of hook: String, proposed: Point, velocity: Point,
    in collectionView: CollectionView
  ) -> Point? {
    guard let environment else { return nil }
    do throws(Diagnostic) {
      let size = collectionView.bounds.size
      let scope = HookScope(
        base: environment, proposed: Rect(origin: proposed, size: size), velocity: velocity)
      let value = try Evaluator(environment: scope).evaluate(expr)
      var p: Point
      switch value {
      case .point(let point): p = point
      case .attributes(let a):
        let flow = collectionView.collectionViewLayout as? CollectionViewFlowLayout
        p = proposed
        if flow?.scrollDirection != .vertical { p.x = a.center.x - size.width / 2 }
        if flow?.scrollDirection != .horizontal { p.y = a.center.y - size.height / 2 }
      default:
        throw .error(
          .isNot("a scroll target", "a point (x, y) or an element", value.type.rawValue),
          at: expr.range)
      }
      guard p.x.isFinite, p.y.isFinite else {
        throw .error(.targetNotFinite("'\(hook)'", p), at: expr.range)
      }
      return p
    } catch {
      report(error, hook)
      return nil
    }
  }
}

extension Interpreter {
  var hooks: ScriptScrollDelegate { layers.scrollDelegate }

  /// `snap`, `on will end dragging`, `on scroll`: kept where UIKit would call them.
  func declare(_ hook: HookDecl, _ range: SourceRange) {
    switch hook {
    case .snap(let target):
      layers.current.snap = target
      layers.applyAdditions()
    case .willEndDragging(let target):
      hooks.willEndDragging = (target, range)
    case .scroll(let condition, let body):
      hooks.onScroll.append(.init(condition: condition, body: body, range: range))
    case .layoutChange(let target):
      layers.delegate.layoutChangeTarget = target
      layers.attachDelegate()
    }
  }

  /// `scrollViewDidScroll`: every `on scroll` hook whose condition holds runs its steps, as
  /// one step each (counted against the step limit), marked in the trace. A failure stops
  /// the hooks for the rest of the step and is reported at its end; so is nesting past
  /// `maximumDepth`.
  func runScrollHooks() {
    let failures = runner.failures
    guard !failures.hasFailure else { return }
    guard hooks.depth < ScriptScrollDelegate.maximumDepth else {
      failures.report(
        .error(
          .hookTooDeep(limit: ScriptScrollDelegate.maximumDepth), at: hooks.onScroll[0].range,
          help: "give 'on scroll' a condition that its own scroll makes false"))
      return
    }
    hooks.depth += 1
    defer { hooks.depth -= 1 }
    for hook in hooks.onScroll {
      do throws(RunError) {
        if let condition = hook.condition {
          guard try diagnosing({ () throws(Diagnostic) in try evaluator.truth(condition) }) else {
            continue
          }
        }
        try runner.countStep(at: hook.range)
        layers.mark(.hook(name: "on scroll", line: runner.line(of: hook.range)))
        var trace: [TraceEntry] = []
        for statement in hook.body {
          try runner.countStep(at: statement.range)
          // A local list: the statement may scroll and run this hook again inside it.
          var results: [Output] = []
          defer { runner.hookResults += results }
          try perform(statement, trace: &trace, results: &results)
        }
      } catch .diagnostic(let diagnostic) {
        failures.report(diagnostic)
        return
      } catch {
        return  // cancelled: the step around it stops at its next frame
      }
    }
  }

  /// `tap status bar`: UIKit's scroll to top (`scrollsToTop`), animated over `frames` (18,
  /// 0.3 s at 60 Hz, unless said: the duration is an engine choice, OPEN), the other layers
  /// following, then `scrollViewDidScrollToTop`.
  func tapStatusBar(_ framesExpr: Expr?, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    let cv = layers.live()
    let frames = try diagnosing { () throws(Diagnostic) -> Int in
      guard let framesExpr else { return max(1, Int((0.3 * finger.frameRate).rounded())) }
      return try frameCount(framesExpr, none: .scrollNeedsFrames)
    }
    guard let top = cv.statusBarTapTarget() else { return }
    let plan = ScrollPlan(start: cv.contentOffset, end: top, frames: frames, relative: false)
    try animate(plan, range, trace: &trace)
    cv.didScrollToTop()
  }
}
