extension Parser {
  /// The REPL's bare expression (`offset`, `item [0, 3].frame`, `6 * 7`): the text from
  /// `offset` to the end of `file` as one expression, given back as a `print` of it so it
  /// checks and runs as `print` does. Nil unless the whole text is exactly one expression
  /// without a lexical or syntax error; the caller then reports the statement's parse.
  public static func parseBareExpression(_ file: SourceFile, from offset: Int = 0) -> Program? {
    guard case (let expr?, []) = readBareExpression(file, from: offset) else { return nil }
    return Program(statements: [Statement(kind: .print(expr), range: expr.range)])
  }

  /// Why the text from `offset` is not one expression (`:type 1 +`): what reading it as an
  /// expression found — "expected a value" at the end of the line, "expected the end of
  /// the statement" where a second thing begins — not what reading statements would.
  public static func bareExpressionDiagnostics(_ file: SourceFile, from offset: Int = 0)
    -> [Diagnostic]
  {
    readBareExpression(file, from: offset).diagnostics
  }

  private static func readBareExpression(_ file: SourceFile, from offset: Int)
    -> (expr: Expr?, diagnostics: [Diagnostic])
  {
    let (tokens, lexical) = Lexer.tokenize(file, from: offset)
    guard lexical.isEmpty else { return (nil, lexical) }
    var parser = Parser(tokens: tokens)
    parser.skipSeparators()
    guard !parser.atEnd else {
      return (nil, [.error(.expected("an expression"), at: parser.current.range)])
    }
    guard let expr = try? parser.expression() else { return (nil, parser.diagnostics) }
    parser.skipSeparators()
    if !parser.atEnd && parser.diagnostics.isEmpty { _ = parser.fail(.endOfStatement) }
    return (parser.diagnostics.isEmpty ? expr : nil, parser.diagnostics)
  }

  /// Whether `word` begins some statement (`item` begins `item size`): a line starting
  /// with it was meant as a statement unless it reads as a whole expression.
  public static func beginsStatement(_ word: String) -> Bool {
    StatementKeyword.allCases.contains { $0.spelling.prefix { $0 != " " } == word }
  }
}
