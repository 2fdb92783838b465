extension Checker {
  /// `tap`/`press` a point or an item, `lift [at POINT]`, `select`/`deselect` an item,
  /// `menu` a point or an item, `should … when CONDITION` and `can perform … when
  /// CONDITION` reading `item` and `section` as an item size does.
  mutating func checkTouch(_ kind: Statement.Kind) {
    switch kind {
    case .touch(let step):
      guard let target = step.target else { return }
      if step.kind == .lift {
        _ = expect(target, .point, "'lift at'")
      } else {
        checkTouchTarget(target, "\(step.kind)", pointAllowed: true)
      }
    case .selection(let step):
      if let target = step.target {
        checkTouchTarget(target, step.select ? "select" : "deselect", pointAllowed: false)
      }
    case .menu(let step):
      checkTouchTarget(step.target, "menu", pointAllowed: true)
    case .selectionRule(let rule):
      inItemSize = true
      let t = type(of: rule.condition)
      inItemSize = false
      if t != .bool && t != .error {
        report(
          .isNot("the condition of '\(rule.question.phrase)'", "true or false", article(t)),
          at: rule.condition.range)
      }
    case .interactiveMove(let gesture):
      switch gesture.kind {
      case .begin(let item): checkTouchTarget(item, "move begin", pointAllowed: false)
      case .to(let point): _ = expect(point, .point, "'move to'")
      case .end, .cancel: break
      }
      if let frames = gesture.frames { checkFrames(frames) }
    default:
      break
    }
  }

  private mutating func checkTouchTarget(_ target: Expr, _ statement: String, pointAllowed: Bool) {
    if case .element(let selector, _) = target.kind, selector != .item {
      let word: String
      switch selector {
      case .header: word = "a header"
      case .footer: word = "a footer"
      case .supplementary: word = "a supplementary view"
      default: word = "a decoration view"
      }
      report(.touchesItemsOnly(statement, word, points: pointAllowed), at: target.range)
      return
    }
    let t = type(of: target)
    if t == .attributes || t == .error || (pointAllowed && t == .point) { return }
    report(.touchesItemsOnly(statement, article(t), points: pointAllowed), at: target.range)
  }

  /// `why ITEM`: an item, as `select` takes one, a section's header or footer, or `offset`.
  mutating func checkExplained(_ target: Expr) {
    if case .name("offset") = target.kind { return }
    if case .element(let selector, _) = target.kind, selector == .header || selector == .footer {
      _ = type(of: target)
      return
    }
    checkTouchTarget(target, "why", pointAllowed: false)
  }
}
