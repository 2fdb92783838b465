/// Touch and selection (grammar.md, Touch and selection).
extension Parser {
  /// touch     = ( "tap" | "press" ) expression | "lift" [ "at" expression ]
  /// selection = "select" expression | "deselect" ( expression | "all" )
  /// setting   = "allows" [ "multiple" ] "selection" toggle | "touches" toggle
  /// rule      = ( "should" ( "highlight" | "select" | "deselect" ) | "can" "move" ) "when"
  ///             expression
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
    default:
      let question: SelectionRule.Question =
        switch keyword {
        case .shouldHighlight: .highlight
        case .shouldSelect: .select
        case .canMove: .move
        default: .deselect
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
