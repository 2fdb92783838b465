/// Interactive movement: what must come before what, and items that cannot move.
extension Message {
  static func moveWithoutBegin(_ statement: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(statement)' without an item moving: 'move begin item [s, i]' first")
  }

  static func moveWhileMoving(_ item: String) -> Message {
    Message(
      .misplacedStatement,
      "\(item) is already moving: 'move end' or 'move cancel' before another 'move begin'")
  }

  static func cannotMove(_ item: String, _ reason: String) -> Message {
    Message(.collectionViewException, "\(item) cannot move: \(reason)")
  }

  static func updateWhileMoving(_ statement: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(statement)' while an item moves: the data source must not change under a finger; "
        + "'move end' or 'move cancel' first")
  }
}
