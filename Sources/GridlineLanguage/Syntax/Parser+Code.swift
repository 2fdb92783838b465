/// A custom layout and the code of its `prepare` (grammar.md, "Custom layouts"). The
/// parser accepts these statements anywhere; the checker says where they belong.
extension Parser {
  /// customLayout = "layout" "custom" NAME block
  mutating func customLayout() throws(Failure) -> Statement.Kind {
    let name = try consumeIdentifier("after 'layout custom' (layout custom mosaic { … })")
    return .customLayout(name: name, body: try block(at: .customLayout))
  }

  /// A block whose statements stand at `position` (a custom layout's, layout code's).
  mutating func block(at position: StatementPosition) throws(Failure) -> [Statement] {
    let outer = self.position
    self.position = position
    defer { self.position = outer }
    return try block()
  }

  /// What follows the keyword of a custom layout's entry or of a statement of layout code.
  mutating func codeStatementBody(_ keyword: StatementKeyword) throws(Failure) -> Statement.Kind {
    switch keyword {
    case .prepare: return .prepare(try block(at: .code))
    case .elementsInRect: return .elementsQuery(try block(at: .code))
    case .while:
      let condition = try expression()
      return .whileLoop(condition, body: try block())
    case .answer: return .answer(try expression())
    case .var: return try varBinding()
    case .if: return try ifStatement()
    case .for: return try forLoop()
    case .place: return try placeStep()
    default: return try contentSizeAssignment()
    }
  }

  /// var = "var" NAME "=" expression
  mutating func varBinding() throws(Failure) -> Statement.Kind {
    let name = try consumeIdentifier("after 'var'")
    if name.name == "x" { throw fail(.sizeOperatorAsName, at: name.range) }
    _ = try consume(.equal, "after the name in 'var'")
    return .varBinding(name, try expression())
  }

  /// Whether the statement here is an assignment: a name that is no statement's keyword,
  /// then `=`, a compound assignment's `+=` (…) or `[`.
  var atAssignment: Bool {
    guard let name = current.identifier else { return false }
    let next = peek()
    guard
      next.isSymbol(.equal) || next.isSymbol(.leftBracket)
        || Self.compoundOperation(next.kind) != nil
    else { return false }
    return StatementKeyword.leading([name]) == nil
  }

  /// The operation a compound assignment stands for; nil for any other token.
  static func compoundOperation(_ kind: Token.Kind) -> BinaryOperator? {
    switch kind {
    case .symbol(.plusEqual): .add
    case .symbol(.minusEqual): .subtract
    case .symbol(.starEqual): .multiply
    case .symbol(.slashEqual): .divide
    default: nil
    }
  }

  /// assignment = NAME [ "[" expression "]" ] ( "=" | "+=" | "-=" | "*=" | "/=" ) expression
  ///
  /// `x += e` is read as `x = x + e` (and `a[i] += e` as `a[i] = a[i] + e`): one statement
  /// the interpreter, the compiler and the export already know, with the operation's
  /// diagnostics at the operator.
  mutating func assignment() throws(Failure) -> Statement {
    let start = current.range
    let name = try consumeIdentifier("to assign to")
    var index: Expr?
    var target = Expr(.name(name.name), name.range)
    if match(.leftBracket) {
      openGroup()
      let position = try expression()
      let close = try closeGroup(.rightBracket, "after the index")
      index = position
      target = Expr(.subscript(target, position), name.range.to(close.range))
    }
    if let operation = Self.compoundOperation(current.kind) {
      let operatorRange = current.range
      _ = advance()
      let operand = try expression()
      let value = try limited(
        Expr(.binary(operation, target, operand), operatorRange.to(operand.range)),
        at: operatorRange)
      return Statement(kind: .assign(name, index: index, value), range: start.to(previous.range))
    }
    _ = try consume(.equal, "in the assignment")
    let value = try expression()
    return Statement(kind: .assign(name, index: index, value), range: start.to(previous.range))
  }

  /// if = "if" expression block [ "else" ( block | if ) ]
  mutating func ifStatement() throws(Failure) -> Statement.Kind {
    let condition = try expression()
    let yes = try block()
    guard matchWord("else") else { return .ifElse(condition, then: yes, else: nil) }
    if checkWord(StatementKeyword.if.spelling) {
      let start = advance().range
      let nested = try ifStatement()
      return .ifElse(
        condition, then: yes, else: [Statement(kind: nested, range: start.to(previous.range))])
    }
    return .ifElse(condition, then: yes, else: try block())
  }

  /// for = "for" NAME "in" additive ( "..<" | "..." ) additive block
  mutating func forLoop() throws(Failure) -> Statement.Kind {
    let name = try consumeIdentifier("after 'for' (for i in 0..<n { … })")
    try consumeWord("in", "after the loop's name (for i in 0..<n { … })")
    let low = try sizeExpression()
    let inclusive: Bool
    if match(.halfOpen) {
      inclusive = false
    } else if match(.ellipsis) {
      inclusive = true
    } else {
      throw fail(.expected("'..<' or '...'", "after the loop's first value (for i in 0..<n)"))
    }
    let high = try sizeExpression()
    return .forLoop(name, low: low, high: high, inclusive: inclusive, body: try block())
  }

  /// place = "place" element "at" expression [ "{" { operation terminator } "}" ]
  ///       | "place" "item" "at" expression [ "{" { operation terminator } "}" ]   (a custom group's)
  mutating func placeStep() throws(Failure) -> Statement.Kind {
    if checkWord(ElementWord.item.spelling), peek().identifier == "at" {
      advance()
      advance()
      let frame = try expression()
      var attributes: [TransformOperation] = []
      if check(.leftBrace) {
        attributes = try propertyBlock { (p: inout Parser) throws(Failure) in
          try p.transformOperation()
        }
      }
      return .placeInGroup(frame: frame, attributes: attributes)
    }
    let start = current.range
    let target = try postfix()
    guard case .element(let selector, let path) = target.kind else {
      throw fail(
        .expected("an element to place", "(item [0, 3], header [1], decoration \"K\" [0, 0])"),
        at: start.to(target.range))
    }
    try consumeWord("at", "after the element (place item [0, 3] at rect(…))")
    let frame = try expression()
    var attributes: [TransformOperation] = []
    if check(.leftBrace) {
      attributes = try propertyBlock { (p: inout Parser) throws(Failure) in
        try p.transformOperation()
      }
    }
    return .place(PlaceStep(element: selector, path: path, frame: frame, attributes: attributes))
  }

  /// contentSize = "content" "size" "=" expression
  mutating func contentSizeAssignment() throws(Failure) -> Statement.Kind {
    _ = try consume(.equal, "after 'content size' (content size = 375 x 800)")
    return .contentSize(try expression())
  }
}
