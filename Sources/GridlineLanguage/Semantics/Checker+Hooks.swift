import LayoutEngine

extension Checker {
  /// `snap` / `on will end dragging`: the target is an offset or an element, read with
  /// `proposed` and `velocity`; `on scroll`: a condition, then steps that fit in one
  /// `scrollViewDidScroll` (no declarations, fingers, settings or animations).
  mutating func check(_ hook: HookDecl) {
    switch hook {
    case .snap(let target), .willEndDragging(let target), .layoutChange(let target):
      inHook = true
      defer { inHook = false }
      let t = type(of: target)
      if t != .point && t != .attributes && t != .error {
        report(
          .isNot("a scroll target", "a point (x, y) or an element", article(t)), at: target.range)
      }
    case .scroll(let condition, let body):
      if let condition { _ = expect(condition, .bool, "the condition of 'on scroll'") }
      for statement in body {
        if let what = Self.misplacedInHook(statement) {
          report(.notInHook(what), at: statement.range)
        } else {
          check(statement)
        }
      }
    }
  }

  /// What an `on scroll` body cannot hold, described; nil when the statement fits.
  static func misplacedInHook(_ statement: Statement) -> String? {
    if statement.isDeclaration { return "a declaration" }
    switch statement.kind {
    case .gesture, .tapStatusBar: return "a finger's gesture"
    case .scrollSetting: return "a scroll view setting"
    case .svg: return "an svg picture"
    case .scroll(let step) where step.frames != nil: return "an animation ('over N frames')"
    case .update(let step) where step.frames != nil: return "an animation ('over N frames')"
    case .batch(let step) where step.frames != nil: return "an animation ('over N frames')"
    case .applySnapshot(let step) where step.frames != nil: return "an animation ('over N frames')"
    case .switchLayout(_, let frames) where frames != nil: return "an animation ('over N frames')"
    case .repeatBlock(_, let body): return body.lazy.compactMap(misplacedInHook).first
    default: return nil
    }
  }

  /// `tap status bar [over N frames]`.
  mutating func checkTapStatusBar(_ frames: Expr?) {
    if let frames, let n = expectCount(frames, "the number of frames", max: limits.frames), n == 0 {
      report(.scrollNeedsFrames, at: frames.range)
    }
  }
}
