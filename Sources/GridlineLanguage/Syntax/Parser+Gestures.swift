/// A finger on the scroll view and the scroll view's settings (grammar.md, Gestures).
extension Parser {
  /// gesture = "drag" "by" motion [ "over" expression "frames" ]
  ///         | "release" [ "velocity" motion ] | "fling" motion
  ///         | "fling" "section" additive ( "x" | "y" ) expression
  ///         | "drag" "section" additive "by" ( "x" | "y" ) expression [ "over" expression "frames" ]
  ///         | "release" "section" additive [ "velocity" ( "x" | "y" ) expression ]
  /// motion  = ( "x" | "y" ) expression | expression        (* a point *)
  mutating func gestureStep(_ keyword: StatementKeyword) throws(Failure) -> GestureStep {
    switch keyword {
    case .drag:
      if matchWord("section") {
        let section = try additive()
        try consumeWord("by", "after 'drag section N' (drag section 0 by x -200)")
        let axis = try sectionAxis(after: "'drag section N by'")
        let value = try expression()
        return GestureStep(kind: .dragSection(section, axis, value), frames: try framesClause())
      }
      try consumeWord("by", "after 'drag' (drag by y -300)")
      let (axis, value) = try motion()
      return GestureStep(kind: .drag(axis, value), frames: try framesClause())
    case .fling:
      if matchWord("section") {
        // Arithmetic only: in `fling section 0 x 2` the `x` names the axis, not a size.
        let section = try additive()
        let axis = try sectionAxis(after: "'fling section N'")
        return GestureStep(kind: .flingSection(section, axis, try expression()), frames: nil)
      }
      let (axis, value) = try motion()
      return GestureStep(kind: .fling(axis, value), frames: nil)
    default:
      if matchWord("section") {
        let section = try additive()
        guard matchWord("velocity") else {
          return GestureStep(kind: .releaseSection(section, nil, nil), frames: nil)
        }
        let axis = try sectionAxis(after: "'release section N velocity'")
        return GestureStep(kind: .releaseSection(section, axis, try expression()), frames: nil)
      }
      guard matchWord("velocity") else { return GestureStep(kind: .release(nil, nil), frames: nil) }
      let (axis, value) = try motion()
      return GestureStep(kind: .release(axis, value), frames: nil)
    }
  }

  /// The axis of an orthogonal section's scroller: `x` or `y`, named.
  mutating func sectionAxis(after what: String) throws(Failure) -> Axis {
    if matchWord("x") { return .x }
    if matchWord("y") { return .y }
    throw fail(.expected("'x' or 'y'", "after \(what)"))
  }

  private mutating func motion() throws(Failure) -> (Axis?, Expr) {
    if matchWord("x") { return (.x, try expression()) }
    if matchWord("y") { return (.y, try expression()) }
    return (nil, try expression())
  }

  /// setting = "paging" toggle | "bounces" toggle | "prefetching" toggle
  ///         | "always" "bounce" ( "vertical" | "horizontal" ) [ toggle ]
  ///         | "deceleration" ( "normal" | "fast" | expression ) | "frame" "rate" expression
  mutating func scrollSetting(_ keyword: StatementKeyword) throws(Failure) -> ScrollSetting {
    switch keyword {
    case .paging: return .paging(try require(Toggle.self, "after 'paging'") == .on)
    case .bounces: return .bounces(try require(Toggle.self, "after 'bounces'") == .on)
    case .prefetching:
      return .prefetching(try require(Toggle.self, "after 'prefetching'") == .on)
    case .alwaysBounce:
      let vertical: Bool
      if matchWord("vertical") {
        vertical = true
      } else if matchWord("horizontal") {
        vertical = false
      } else {
        throw fail(.expected("'vertical' or 'horizontal'", "after 'always bounce'"))
      }
      return .alwaysBounce(vertical: vertical, try self.keyword(Toggle.self) != .off)
    case .deceleration:
      if matchWord("normal") { return .deceleration(fast: false, rate: nil) }
      if matchWord("fast") { return .deceleration(fast: true, rate: nil) }
      return .deceleration(fast: false, rate: try expression())
    default: return .frameRate(try expression())
    }
  }

  /// hookTarget = "{" "target" "=" expression "}"
  /// hook = "snap" target | "on" "will" "end" "dragging" target
  ///      | "on" "scroll" [ "when" expression ] block | "on" "layout" "change" target
  mutating func hook(_ keyword: StatementKeyword) throws(Failure) -> HookDecl {
    switch keyword {
    case .snap: return .snap(target: try hookTarget("snap"))
    case .onWillEndDragging: return .willEndDragging(target: try hookTarget(keyword.spelling))
    case .onLayoutChange: return .layoutChange(target: try hookTarget(keyword.spelling))
    default:
      let condition = matchWord("when") ? try expression() : nil
      return .scroll(condition: condition, body: try block())
    }
  }

  mutating func hookTarget(_ hook: String) throws(Failure) -> Expr {
    let start = current.range
    let targets = try propertyBlock { (p: inout Parser) throws(Failure) -> Expr in
      _ = try p.require(HookClauseKeyword.self, "in '\(hook)'")
      _ = try p.consume(.equal, "after 'target'")
      return try p.expression()
    }
    guard let target = targets.last else {
      throw fail(.missingClause("'\(hook)'", "target = …"), at: start.to(previous.range))
    }
    return target
  }
}
