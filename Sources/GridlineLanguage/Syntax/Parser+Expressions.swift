extension Parser {
  /// expression = conditional
  mutating func expression() throws(Failure) -> Expr {
    try enter()
    defer { leave() }
    return try conditional()
  }

  /// conditional = or [ "?" expression ":" expression ]
  mutating func conditional() throws(Failure) -> Expr {
    let condition = try orExpression()
    guard match(.question) else { return condition }
    let yes = try expression()
    _ = try consume(.colon, "between the two branches of '?'")
    let no = try expression()
    return Expr(.conditional(condition, yes, no), condition.range.to(no.range))
  }

  /// or = and { "or" and }
  mutating func orExpression() throws(Failure) -> Expr {
    try chain(.or) { (p: inout Parser) throws(Failure) in try p.andExpression() }
  }

  /// and = not { "and" not }
  mutating func andExpression() throws(Failure) -> Expr {
    try chain(.and) { (p: inout Parser) throws(Failure) in try p.notExpression() }
  }

  /// operand { OP operand }, left-associative, for the word operators.
  mutating func chain(_ op: BinaryOperator, _ operand: (inout Parser) throws(Failure) -> Expr)
    throws(Failure) -> Expr
  {
    var left = try operand(&self)
    while checkWord(op.rawValue) {
      let at = advance().range
      let right = try operand(&self)
      left = try limited(Expr(.binary(op, left, right), left.range.to(right.range)), at: at)
    }
    return left
  }

  /// not = "not" not | comparison
  mutating func notExpression() throws(Failure) -> Expr {
    if checkWord(UnaryOperator.not.rawValue) {
      let start = advance().range
      try enter()
      defer { leave() }
      let operand = try notExpression()
      return Expr(.unary(.not, operand), start.to(operand.range))
    }
    return try comparison()
  }

  static let comparisonOperators: [Symbol: BinaryOperator] = [
    .equalEqual: .equal, .bangEqual: .notEqual, .less: .less, .lessEqual: .lessEqual,
    .greater: .greater, .greaterEqual: .greaterEqual,
  ]

  /// comparison = range [ ("==" | "!=" | "<" | "<=" | ">" | ">=") range ] — not chained.
  mutating func comparison() throws(Failure) -> Expr {
    let left = try rangeExpression()
    guard case .symbol(let symbol) = current.kind, let op = Self.comparisonOperators[symbol] else {
      if check(.equal) {
        throw fail(.assignmentOutsideLet, help: Hint.compare)
      }
      return left
    }
    advance()
    let right = try rangeExpression()
    if case .symbol(let next) = current.kind, Self.comparisonOperators[next] != nil {
      throw fail(.chainedComparison, help: Hint.chain)
    }
    return Expr(.binary(op, left, right), left.range.to(right.range))
  }

  /// range = size [ "..." size ]
  mutating func rangeExpression() throws(Failure) -> Expr {
    let low = try sizeExpression()
    guard match(.ellipsis) else { return low }
    let high = try sizeExpression()
    return Expr(.range(low, high), low.range.to(high.range))
  }

  /// size = additive [ "x" additive ] — `x` binds looser than arithmetic, so
  /// `w / 2 x 44` is a size of w/2 by 44.
  mutating func sizeExpression() throws(Failure) -> Expr {
    let width = try additive()
    guard checkWord("x") else { return width }
    advance()
    let height = try additive()
    if checkWord("x") { throw fail(.sizeHasTwoParts) }
    return Expr(.size(width, height), width.range.to(height.range))
  }

  /// additive = term { ("+" | "-") term }
  mutating func additive() throws(Failure) -> Expr {
    var left = try term()
    while true {
      let op: BinaryOperator
      if check(.plus) { op = .add } else if check(.minus) { op = .subtract } else { return left }
      let at = advance().range
      let right = try term()
      left = try limited(Expr(.binary(op, left, right), left.range.to(right.range)), at: at)
    }
  }

  /// term = unary { ("*" | "/" | "%") unary }
  mutating func term() throws(Failure) -> Expr {
    var left = try unary()
    while true {
      let op: BinaryOperator
      if check(.star) {
        op = .multiply
      } else if check(.slash) {
        op = .divide
      } else if check(.percent) {
        op = .remainder
      } else {
        return left
      }
      let at = advance().range
      let right = try unary()
      left = try limited(Expr(.binary(op, left, right), left.range.to(right.range)), at: at)
    }
  }

  /// A node a chain made (`a + b + …`, `a.b.c`, `a[i][j]`), refused at its operator when
  /// the tree would grow taller than `Limits.expressionHeight`: chains are built in loops,
  /// but every later pass over the tree recurses, one level per operator.
  mutating func limited(_ expr: Expr, at op: SourceRange) throws(Failure) -> Expr {
    guard expr.height > Limits.expressionHeight else { return expr }
    skipOpenGroups()
    throw fail(.expressionTooDeep(limit: Limits.expressionHeight), help: Hint.deep, at: op)
  }

  /// Skips to the end of the `( )` and `[ ]` groups open here, so that recovery does not
  /// read each remaining line of a long chain written across lines as a statement.
  mutating func skipOpenGroups() {
    var open = groupDepth
    while open > 0 && !atEnd {
      if check(.leftParen) || check(.leftBracket) {
        open += 1
      } else if check(.rightParen) || check(.rightBracket) {
        open -= 1
      }
      index += 1
    }
  }

  /// unary = "-" unary | postfix
  mutating func unary() throws(Failure) -> Expr {
    if check(.minus) {
      let start = advance().range
      try enter()
      defer { leave() }
      let operand = try unary()
      if case .number(let value) = operand.kind {
        return Expr(.number(-value), start.to(operand.range))
      }
      return Expr(.unary(.negate, operand), start.to(operand.range))
    }
    return try postfix()
  }

  /// postfix = primary { "." NAME [ "(" arguments ")" ] }
  mutating func postfix() throws(Failure) -> Expr {
    var expr = try primary()
    expr = try subscripts(expr)
    while check(.dot) {
      let at = advance().range
      // `0..n`: two dots are no range of the language's.
      if check(.dot) && previous.range.end == current.range.start {
        throw fail(.expected("a name", "after '.'"), help: Hint.range)
      }
      let member = try consumeIdentifier("after '.'")
      if check(.leftParen) {
        let call = try self.call(member)
        guard case .call(_, let arguments) = call.kind else { return call }
        expr = try limited(
          Expr(.method(expr, member, arguments), expr.range.to(call.range)), at: at)
      } else {
        expr = try limited(Expr(.member(expr, member), expr.range.to(member.range)), at: at)
      }
    }
    return expr
  }

  /// subscript = ( NAME | call ) "[" expression "]" { "[" expression "]" } — an array's
  /// element in layout code. Only a name or a call takes one: after anything else a `[`
  /// starts the next part of the statement.
  mutating func subscripts(_ base: Expr) throws(Failure) -> Expr {
    var expr = base
    switch base.kind {
    case .name, .call: break
    default: return base
    }
    while check(.leftBracket) {
      openGroup()
      advance()
      let index = try expression()
      // `itme [0, 1]`: an index path after a misspelt element word reads as an array's
      // element with a stray comma; say what was probably meant.
      if check(.comma), case .name(let word) = base.kind, expr.range == base.range,
        let meant = suggestion(for: word, among: ElementWord.spellings)
      {
        throw fail(.expected("']'", "after the index"), help: meant)
      }
      let close = try closeGroup(.rightBracket, "after the index")
      expr = try limited(Expr(.subscript(expr, index), expr.range.to(close.range)), at: close.range)
    }
    return expr
  }

  /// primary = NUMBER | STRING | "true" | "false" | element | call | NAME
  ///   | "(" expression ")" | "(" expression "," expression ")"
  ///   | "(" NAME ":" expression { "," NAME ":" expression } ")"
  ///   | "[" expression [ "," expression ] "]"
  mutating func primary() throws(Failure) -> Expr {
    let token = current
    switch token.kind {
    case .number(let value):
      advance()
      return Expr(.number(value), token.range)
    case .string(let text):
      advance()
      return Expr(.string(text), token.range)
    case .identifier(let name):
      return try namePrimary(name, token)
    case .symbol(.leftParen):
      return try parenthesized()
    case .symbol(.leftBracket):
      return try indexPath()
    default:
      throw fail(.expected("a value"))
    }
  }

  mutating func namePrimary(_ name: String, _ token: Token) throws(Failure) -> Expr {
    switch ExpressionKeyword.named(name) {
    case .true?, .false?:
      advance()
      return Expr(.bool(name == ExpressionKeyword.true.spelling), token.range)
    case .nothing?:
      advance()
      return Expr(.name(name), token.range)
    case .and?, .or?, .not?:
      throw fail(.operatorWithoutOperand(name), at: token.range)
    case .trace?, .reuse?, nil:
      if name == "x" { throw fail(.sizeOperatorAsValue, at: token.range) }
      // Only a name followed by `[` or a string (a kind, or an item's identifier) can be an
      // element word.
      let next = peek()
      var kindFollows = false
      if case .string = next.kind { kindFollows = true }
      if next.isSymbol(.leftBracket) || kindFollows || name == ElementWord.supplementary.spelling
        || name == ElementWord.decoration.spelling,
        let word = ElementWord(rawValue: name),
        word.takesKind || next.isSymbol(.leftBracket) || (word == .item && kindFollows)
      {
        return try element(word, token)
      }
    }
    advance()
    let identifier = Identifier(name: name, range: token.range)
    if check(.leftParen) { return try call(identifier) }
    return Expr(.name(name), token.range)
  }

  /// element = "item" ( indexPath | STRING ) | ( "header" | "footer" ) indexPath
  ///         | ( "supplementary" | "decoration" ) STRING indexPath
  mutating func element(_ word: ElementWord, _ token: Token) throws(Failure) -> Expr {
    advance()
    let kind = word.takesKind ? try kindString(after: word.spelling) : ""
    let path = word == .item ? try itemReference() : try indexPath()
    let selector: ElementSelector =
      switch word {
      case .item: .item
      case .header: .header
      case .footer: .footer
      case .supplementary: .supplementary(kind)
      case .decoration: .decoration(kind)
      }
    return Expr(.element(selector, path), token.range.to(path.range))
  }

  /// call = NAME "(" [ argument { "," argument } ] ")" ; argument = [ NAME ":" ] expression
  mutating func call(_ function: Identifier) throws(Failure) -> Expr {
    openGroup()
    advance()  // (
    var arguments: [CallArgument] = []
    if !check(.rightParen) {
      repeat {
        var label: Identifier?
        if let name = current.identifier, peek().isSymbol(.colon) {
          label = Identifier(name: name, range: advance().range)
          advance()
        }
        arguments.append(CallArgument(label: label, value: try expression()))
      } while match(.comma)
    }
    let close = try closeGroup(.rightParen, "to close the arguments of '\(function.name)'")
    return Expr(.call(function, arguments), function.range.to(close.range))
  }

  mutating func parenthesized() throws(Failure) -> Expr {
    openGroup()
    let open = advance().range
    if current.identifier != nil && peek().isSymbol(.colon) {
      var entries: [LabeledExpr] = []
      repeat {
        if check(.rightParen) { break }
        let label = try consumeIdentifier("in the inset list (top: …, left: …)")
        _ = try consume(.colon, "after '\(label.name)'")
        entries.append(LabeledExpr(label: label, value: try expression()))
      } while match(.comma)
      let close = try closeGroup(.rightParen, "to close the list")
      return Expr(.labeled(entries), open.to(close.range))
    }
    let first = try expression()
    if match(.comma) {
      var items = [first]
      repeat {
        if check(.rightParen) { break }
        items.append(try expression())
      } while match(.comma)
      let close = try closeGroup(.rightParen, "to close the point")
      return Expr(.tuple(items), open.to(close.range))
    }
    _ = try closeGroup(.rightParen, "to close '('")
    return first
  }

  /// indexPath = "[" expression [ "," expression ] "]"
  /// list      = "[" [ expression { "," expression } ] "]"   (item identifiers: strings)
  /// array     = "[" expression "," expression "," expression { "," expression } "]"
  ///
  /// One bracket form for all three: a bracket with a string literal in it, or an empty one,
  /// is a list of identifiers (`["apple", "pear"]`); the checker types the rest by their
  /// parts — one or two numbers an index path (an array as a `var`'s first value), more an
  /// array.
  mutating func indexPath() throws(Failure) -> Expr {
    guard check(.leftBracket) else { throw fail(.expected("'['", "to start an index path")) }
    openGroup()
    let open = advance().range
    var parts: [Expr] = []
    repeat {
      if check(.rightBracket) { break }
      parts.append(try expression())
    } while match(.comma)
    let close = try closeGroup(.rightBracket, "to close the index path")
    return Expr(.indexPath(parts), open.to(close.range))
  }

  /// After `item`: an index path, or a string naming the item by its identifier
  /// (`item "apple"`, a diffable data source's item).
  mutating func itemReference() throws(Failure) -> Expr {
    if case .string(let text) = current.kind {
      let token = advance()
      return Expr(.string(text), token.range)
    }
    return try indexPath()
  }
}
