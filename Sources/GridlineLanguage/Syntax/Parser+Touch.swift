/// Touch and selection (grammar.md, Touch and selection).
extension Parser {
  /// touch     = ( "tap" | "press" ) expression | "lift" [ "at" expression ]
  /// selection = "select" expression | "deselect" ( expression | "all" )
  /// setting   = "allows" [ "multiple" ] "selection" toggle | "touches" toggle
  /// rule      = "should" ( "highlight" | "select" | "deselect" ) "when" expression
  ///           | "should" "show" "menu" "when" expression
  ///           | "can" "move" "when" expression
  ///           | "can" "perform" ( "cut" | "copy" | "paste" ) "when" expression
  /// menu      = "menu" expression [ "cut" | "copy" | "paste" ]
  mutating func touchStatement(_ keyword: StatementKeyword) throws(Failure) -> Statement.Kind {
    switch keyword {
    case .tap: return .touch(TouchStep(kind: .tap, target: try expression()))
    case .press: return .touch(TouchStep(kind: .press, target: try expression()))
    case .lift:
      return .touch(TouchStep(kind: .lift, target: matchWord("at") ? try expression() : nil))
    case .select: return .selection(SelectionStep(select: true, target: try expression()))
    case .deselect:
      if matchWord("all") { return .selection(SelectionStep(select: false, target: nil)) }
      return .selection(SelectionStep(select: false, target: try expression()))
    case .allowsSelection:
      let on = try require(Toggle.self, "after 'allows selection'") == .on
      return .touchSetting(.allowsSelection(on))
    case .allowsMultipleSelection:
      let on = try require(Toggle.self, "after 'allows multiple selection'") == .on
      return .touchSetting(.allowsMultipleSelection(on))
    case .touches:
      return .touchSetting(.touches(try require(Toggle.self, "after 'touches'") == .on))
    case .menu:
      let target = try expression()
      if atTerminator { return .menu(MenuStep(target: target, action: nil)) }
      let action = try require(EditActionWord.self, "after the target of 'menu'")
      return .menu(MenuStep(target: target, action: action))
    default:
      let question: SelectionRule.Question
      switch keyword {
      case .shouldHighlight: question = .highlight
      case .shouldSelect: question = .select
      case .shouldDeselect: question = .deselect
      case .shouldShowMenu: question = .showMenu
      case .canMove: question = .move
      default: question = .perform(try require(EditActionWord.self, "after 'can perform'"))
      }
      try consumeWord("when", "after '\(keyword.spelling)' (\(keyword.example))")
      return .selectionRule(SelectionRule(question: question, condition: try expression()))
    }
  }

  /// move = "move" ( "begin" expression | "to" expression [ "over" expression "frames" ]
  ///        | "end" | "cancel" )
  mutating func moveGesture() throws(Failure) -> MoveGesture {
    switch try require(MoveTargetKeyword.self, "after 'move'") {
    case .begin: return MoveGesture(kind: .begin(try expression()))
    case .to:
      let point = try expression()
      return MoveGesture(kind: .to(point), frames: try framesClause())
    case .end: return MoveGesture(kind: .end)
    default: return MoveGesture(kind: .cancel)
    }
  }
}
