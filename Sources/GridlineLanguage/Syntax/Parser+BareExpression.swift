extension Parser {
  /// The REPL's bare expression (`offset`, `item [0, 3].frame`, `6 * 7`): the text from
  /// `offset` to the end of `file` as one expression, given back as a `print` of it so it
  /// checks and runs as `print` does. Nil unless the whole text is exactly one expression
  /// without a lexical or syntax error; the caller then reports the statement's parse.
  public static func parseBareExpression(_ file: SourceFile, from offset: Int = 0) -> Program? {
    let (tokens, lexical) = Lexer.tokenize(file, from: offset)
    guard lexical.isEmpty else { return nil }
    var parser = Parser(tokens: tokens)
    parser.skipSeparators()
    guard !parser.atEnd, let expr = try? parser.expression() else { return nil }
    parser.skipSeparators()
    guard parser.atEnd, parser.diagnostics.isEmpty else { return nil }
    return Program(statements: [Statement(kind: .print(expr), range: expr.range)])
  }

  /// Whether `word` begins some statement (`item` begins `item size`): a line starting
  /// with it was meant as a statement unless it reads as a whole expression.
  public static func beginsStatement(_ word: String) -> Bool {
    StatementKeyword.allCases.contains { $0.spelling.prefix { $0 != " " } == word }
  }
}
