import LayoutEngine

/// `tap`, `press`, `lift`, `select`, `deselect` and the touch settings: the engine's touch
/// calls (`touchesBegan`, `touchesEnded`, `selectItem`, `deselectItem`) on the layer a
/// finger reaches (`CollectionViewLayers.collectionViewForTouch`).
extension Interpreter {
  func touch(_ statement: Statement) throws(Diagnostic) {
    switch statement.kind {
    case .touch(let step): try touch(step, statement.range)
    case .selection(let step): try select(step)
    case .touchSetting(let setting): apply(setting)
    default: break
    }
  }

  private func touch(_ step: TouchStep, _ range: SourceRange) throws(Diagnostic) {
    layers.live()
    guard let cv = layers.stack?.collectionViewForTouch else { return }
    switch step.kind {
    case .tap, .press:
      guard finger.pressed == nil else { throw .error(.pressWhilePressed, at: range) }
      let point = try touchPoint(step.target!, in: cv)
      cv.touchesBegan(at: point)
      if step.kind == .tap {
        cv.touchesEnded(at: point)
      } else {
        finger.pressed = point
      }
    case .lift:
      guard let pressed = finger.pressed else { throw .error(.liftWithoutPress, at: range) }
      let point = try step.target.map { (e) throws(Diagnostic) in try touchPoint(e, in: cv) }
      finger.pressed = nil
      cv.touchesEnded(at: point ?? pressed)
    }
    for view in layers.views { view.layoutIfNeeded() }
  }

  /// A point on screen (content coordinates, inside the visible bounds), or the centre of
  /// the part of a displayed item that is on screen.
  func touchPoint(_ target: Expr, in cv: CollectionView, _ statement: String = "tap")
    throws(Diagnostic) -> Point
  {
    let value = try evaluator.evaluate(target)
    let bounds = cv.bounds
    switch value {
    case .point(let p):
      try Validate.finite(p.x, "the point", target.range, limits)
      try Validate.finite(p.y, "the point", target.range, limits)
      guard bounds.contains(p) else {
        throw .error(
          .touchOffScreen(Value.point(p).description, Value.rect(bounds).description),
          at: target.range)
      }
      return p
    case .attributes(let a):
      let shown = layers.views.lazy.compactMap { $0.displayedAttributes(for: a.key) }.first
      guard let shown, !shown.isHidden, shown.frame.intersects(bounds) else {
        throw .error(.itemNotOnScreen(a.key.scriptDescription), at: target.range)
      }
      let part = shown.frame.intersection(bounds)
      return Point(x: part.midX, y: part.midY)
    default:
      throw .error(.touchesItemsOnly(statement, value.type.rawValue), at: target.range)
    }
  }

  /// `select item IP` / `deselect item IP | all`: the programmatic calls, then what an app
  /// does after them when its cells look different by state: a targeted invalidation.
  private func select(_ step: SelectionStep) throws(Diagnostic) {
    layers.live()
    guard let target = step.target else {
      for cv in layers.views { layers.restyle(cv.selectItem(at: nil), in: cv) }
      return
    }
    let value = try evaluator.evaluate(target)
    guard case .attributes(let a) = value, a.representedElementCategory == .cell else {
      throw .error(
        .touchesItemsOnly(
          step.select ? "select" : "deselect", value.type.rawValue, points: false),
        at: target.range)
    }
    guard
      let cv = layers.collectionView(owning: a.indexPath.section)
        ?? layers.stack?.collectionViewForTouch ?? layers.front
    else { return }
    if step.select {
      layers.restyle(cv.selectItem(at: a.indexPath), in: cv)
    } else if cv.deselectItem(at: a.indexPath) {
      layers.restyle([a.indexPath], in: cv)
    }
  }

  private func apply(_ setting: TouchSetting) {
    switch setting {
    case .allowsSelection(let on): layers.setSelection { $0.allowsSelection = on }
    case .allowsMultipleSelection(let on): layers.setSelection { $0.allowsMultipleSelection = on }
    case .touches(let on): layers.setTouches(on)
    }
  }

  /// A scroll took the touch over: the pressed item is unhighlighted (`touchesCancelled`).
  func cancelPress() {
    guard finger.pressed != nil else { return }
    finger.pressed = nil
    layers.stack?.collectionViewForTouch?.touchesCancelled()
  }
}
