/// Hand-written recursive descent, one method per rule of `grammar.md`. Errors are
/// collected, never thrown out: after an error the parser skips to the end of the statement
/// (braces balanced), so one run reports each broken statement once and no cascades.
public struct Parser {
  /// Deeper nesting of blocks and expressions is an error, not a stack overflow.
  public static let maximumDepth = 64

  var tokens: [Token]
  var index = 0
  var depth = 0
  /// Inside `( )` or `[ ]` newlines do not end anything and are skipped.
  var groupDepth = 0
  var brokenNames: Set<String> = []
  public private(set) var diagnostics: [Diagnostic] = []

  init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Lexes and parses `file`; the program holds every statement that parsed.
  public static func parse(_ file: SourceFile, from offset: Int = 0) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
    let (tokens, lexical) = Lexer.tokenize(file, from: offset)
    var parser = Parser(tokens: tokens)
    let program = parser.program()
    let all = (lexical + parser.diagnostics).enumerated().sorted {
      $0.element.range.start != $1.element.range.start
        ? $0.element.range.start < $1.element.range.start : $0.offset < $1.offset
    }
    return (program, all.map(\.element))
  }

  struct Failure: Error {}

  // MARK: Token helpers

  var current: Token { tokens[index] }
  var previous: Token { tokens[max(0, index - 1)] }
  func peek(_ ahead: Int = 1) -> Token { tokens[min(index + ahead, tokens.count - 1)] }
  var atEnd: Bool { current.kind == .endOfFile }

  @discardableResult
  mutating func advance() -> Token {
    let token = current
    if !atEnd { index += 1 }
    skipGroupedNewlines()
    return token
  }

  mutating func skipGroupedNewlines() {
    while groupDepth > 0 && tokens[index].kind == .newline { index += 1 }
  }

  /// Opens `( )` or `[ ]`: newlines inside are skipped.
  mutating func openGroup() {
    groupDepth += 1
    skipGroupedNewlines()
  }

  /// Closes `( )` or `[ ]` with its closing symbol; the newline after it counts again.
  mutating func closeGroup(_ symbol: Symbol, _ context: String) throws(Failure) -> Token {
    guard check(symbol) else { throw fail("expected '\(symbol.rawValue)' \(context)") }
    groupDepth -= 1
    return advance()
  }

  func check(_ symbol: Symbol) -> Bool { current.isSymbol(symbol) }
  func checkWord(_ word: String) -> Bool { current.isWord(word) }

  mutating func match(_ symbol: Symbol) -> Bool {
    if check(symbol) {
      advance()
      return true
    }
    return false
  }

  mutating func matchWord(_ word: String) -> Bool {
    if checkWord(word) {
      advance()
      return true
    }
    return false
  }

  mutating func consume(_ symbol: Symbol, _ context: String) throws(Failure) -> Token {
    if check(symbol) { return advance() }
    throw fail("expected '\(symbol.rawValue)' \(context)")
  }

  mutating func consumeWord(_ word: String, _ context: String) throws(Failure) {
    if matchWord(word) { return }
    throw fail("expected '\(word)' \(context)")
  }

  mutating func consumeIdentifier(_ context: String) throws(Failure) -> Identifier {
    if let name = current.identifier {
      let token = advance()
      return Identifier(name: name, range: token.range)
    }
    throw fail("expected a name \(context)")
  }

  /// Records an error at the current token (unless the lexer already reported it there).
  mutating func fail(_ message: String, help: String? = nil, at range: SourceRange? = nil)
    -> Failure
  {
    // A group left open at the end of a line: point there, and let recovery stop at that
    // newline instead of swallowing the next statement.
    if groupDepth > 0 && range == nil {
      var back = index
      while back > 0 && tokens[back - 1].kind == .newline { back -= 1 }
      if back < index { index = back }
    }
    groupDepth = 0
    if current.kind != .invalid || range != nil {
      let found = range == nil ? ", found \(current.kind)" : ""
      diagnostics.append(.error(message + found, at: range ?? current.range, help: help))
    }
    return Failure()
  }

  mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth {
      throw fail("nesting is too deep (the limit is \(Self.maximumDepth) levels)")
    }
  }

  mutating func leave() { depth -= 1 }

  // MARK: program, statements

  /// program = { statement terminator } EOF
  mutating func program() -> Program {
    var statements: [Statement] = []
    while true {
      skipSeparators()
      if atEnd { break }
      if check(.rightBrace) {
        diagnostics.append(.error("unexpected '}' with no block to close", at: current.range))
        advance()
        continue
      }
      if let statement = statementOrRecover() { statements.append(statement) }
    }
    return Program(statements: statements, brokenNames: brokenNames)
  }

  mutating func skipSeparators() {
    while current.kind == .newline || check(.semicolon) { advance() }
  }

  /// Parses one statement and its terminator; on error, skips to the statement's end.
  mutating func statementOrRecover() -> Statement? {
    let saveDepth = depth
    if checkWord("let"), let name = peek().identifier { brokenNames.insert(name) }
    do {
      let s = try statement()
      try terminator()
      if case .letBinding(let name, _) = s.kind { brokenNames.remove(name.name) }
      return s
    } catch {
      depth = saveDepth
      groupDepth = 0
      synchronize()
      return nil
    }
  }

  /// terminator = NEWLINE | ";" | (before "}") | EOF
  mutating func terminator() throws(Failure) {
    if current.kind == .newline || check(.semicolon) {
      advance()
      return
    }
    if check(.rightBrace) || atEnd { return }
    throw fail("expected the end of the statement")
  }

  /// Skips to the next statement: past a newline or ';' outside any block the statement
  /// opened, or up to (not past) a '}' that closes an enclosing block.
  mutating func synchronize() {
    var braces = 0
    while !atEnd {
      let token = current
      if token.isSymbol(.leftBrace) {
        braces += 1
      } else if token.isSymbol(.rightBrace) {
        if braces == 0 { return }
        braces -= 1
        if braces == 0 {
          advance()
          return
        }
      } else if braces == 0 && (token.kind == .newline || token.isSymbol(.semicolon)) {
        advance()
        return
      }
      advance()
    }
  }

  static let statementWords = [
    "viewport", "content", "safe", "layout", "inset", "scale", "let", "section", "sections",
    "sticky", "decoration", "transform", "layer", "on", "text", "scroll", "resize", "reload",
    "invalidate",
    "show", "draw", "svg",
    "hit", "expect", "print", "repeat", "trace",
  ]

  /// statement = declaration | step
  mutating func statement() throws(Failure) -> Statement {
    let start = current.range
    guard let word = current.identifier else {
      throw fail("expected a statement")
    }
    let kind: Statement.Kind
    switch word {
    case "viewport":
      advance()
      kind = .viewport(try expression())
    case "content":
      advance()
      try consumeWord("inset", "after 'content'")
      kind = .contentInset(try expression())
    case "safe":
      advance()
      try consumeWord("area", "after 'safe'")
      kind = .safeArea(try expression())
    case "layout":
      advance()
      if matchWord("margins") {
        kind = .layoutMargins(try expression())
      } else {
        kind = .layout(try layoutDeclaration())
      }
    case "inset":
      advance()
      try consumeWord("adjustment", "after 'inset' (inset adjustment automatic | …)")
      kind = .insetAdjustment(try insetAdjustment())
    case "scale":
      advance()
      kind = .scale(try expression())
    case "let":
      advance()
      kind = try letBinding()
    case "section":
      advance()
      kind = .section(try sectionDeclaration())
    case "sections":
      advance()
      let count = try expression()
      try consumeWord("items", "after the number of sections")
      kind = .sections(count: count, items: try expression())
    case "sticky":
      advance()
      try consumeWord("headers", "after 'sticky' (sticky headers [z N])")
      if matchWord("off") {
        kind = .stickyHeaders(on: false, zIndex: nil)
      } else {
        _ = matchWord("on")
        kind = .stickyHeaders(on: true, zIndex: matchWord("z") ? try expression() : nil)
      }
    case "decoration":
      advance()
      kind = .decoration(try decorationDeclaration())
    case "layer":
      advance()
      let name = try consumeIdentifier("after 'layer' (layer background { … })")
      kind = .layer(name, try block())
    case "transform":
      advance()
      kind = .transform(try transformDeclaration())
    case "scroll":
      advance()
      kind = .scroll(try scrollStep())
    case "resize":
      advance()
      kind = .resize(try expression())
    case "reload":
      advance()
      kind = .reload
    case "invalidate":
      advance()
      kind = try invalidateStatement()
    case "on":
      advance()
      kind = try flagHandler()
    case "text":
      advance()
      try consumeWord("metrics", "after 'text' (text metrics { … })")
      kind = .textMetrics(try textMetrics())
    case "show":
      advance()
      kind = .show(try showTarget())
    case "draw":
      advance()
      kind = .draw(content: matchWord("content"))
    case "svg":
      advance()
      if matchWord("strip") {
        let path = try expression()
        kind = .svg(path: path, strip: try block())
      } else {
        kind = .svg(path: try expression(), strip: nil)
      }
    case "hit":
      advance()
      kind = .hit(try expression())
    case "expect":
      advance()
      kind = .expect(try expression())
    case "print":
      advance()
      kind = .print(try expression())
    case "repeat":
      advance()
      kind = try repeatBlock()
    case "trace":
      advance()
      if matchWord("on") {
        kind = .trace(true)
      } else if matchWord("off") {
        kind = .trace(false)
      } else {
        throw fail("expected 'on' or 'off' after 'trace'")
      }
    default:
      throw fail(
        "unknown statement '\(word)'", help: suggestion(for: word, among: Self.statementWords),
        at: current.range)
    }
    return Statement(kind: kind, range: start.to(previous.range))
  }

  /// let = "let" NAME "=" expression
  mutating func letBinding() throws(Failure) -> Statement.Kind {
    let name = try consumeIdentifier("after 'let'")
    if name.name == "x" {
      throw fail("'x' is the size operator and cannot name a value", at: name.range)
    }
    _ = try consume(.equal, "after the name in 'let'")
    return .letBinding(name, try expression())
  }

  /// insetAdjustment = "automatic" | "scrollable" "axes" | "never" | "always"
  mutating func insetAdjustment() throws(Failure) -> InsetAdjustment {
    if matchWord("automatic") { return .automatic }
    if matchWord("never") { return .never }
    if matchWord("always") { return .always }
    if matchWord("scrollable") {
      try consumeWord("axes", "after 'scrollable'")
      return .scrollableAxes
    }
    throw fail("expected automatic, scrollable axes, never or always")
  }

  /// repeat = "repeat" expression block
  mutating func repeatBlock() throws(Failure) -> Statement.Kind {
    let count = try expression()
    return .repeatBlock(count: count, body: try block())
  }

  /// block = "{" { statement terminator } "}"
  mutating func block() throws(Failure) -> [Statement] {
    _ = try consume(.leftBrace, "to open the block")
    try enter()
    defer { leave() }
    var body: [Statement] = []
    while true {
      skipSeparators()
      if match(.rightBrace) { return body }
      if atEnd {
        throw fail("expected '}' to close the block")
      }
      if let statement = statementOrRecover() { body.append(statement) }
    }
  }

  // MARK: steps

  /// scroll = "scroll" ( "to" target | "by" delta | "rect" expression "visible" )
  ///          [ "over" expression ("frames" | "frame") ]
  mutating func scrollStep() throws(Failure) -> ScrollStep {
    let kind: ScrollStep.Kind
    if matchWord("to") {
      if matchWord("x") {
        kind = .toAxis(.x, try expression())
      } else if matchWord("y") {
        kind = .toAxis(.y, try expression())
      } else if checkWord("item") {
        advance()
        let path = try expression()
        var alignment = ScrollAlignment.top
        if matchWord("at") { alignment = try scrollAlignment() }
        kind = .toItem(path, alignment)
      } else {
        kind = .toPoint(try expression())
      }
    } else if matchWord("by") {
      if matchWord("x") {
        kind = .byAxis(.x, try expression())
      } else if matchWord("y") {
        kind = .byAxis(.y, try expression())
      } else {
        kind = .byPoint(try expression())
      }
    } else if matchWord("rect") {
      let rect = try expression()
      try consumeWord("visible", "after the rect in 'scroll rect'")
      kind = .rectVisible(rect)
    } else {
      throw fail("expected 'to', 'by' or 'rect' after 'scroll'")
    }
    var frames: Expr?
    if matchWord("over") {
      frames = try expression()
      if !matchWord("frames") && !matchWord("frame") {
        throw fail("expected 'frames' after the number of frames")
      }
    }
    return ScrollStep(kind: kind, frames: frames)
  }

  mutating func scrollAlignment() throws(Failure) -> ScrollAlignment {
    if let word = current.identifier, let alignment = ScrollAlignment(rawValue: word) {
      advance()
      return alignment
    }
    throw fail(
      "expected top, center, bottom, left, right or none",
      help: current.identifier.flatMap {
        suggestion(for: $0, among: ScrollAlignment.allCases.map(\.rawValue))
      })
  }

  /// show = "show" ( "visible" | "all" | "content" "size" | element )
  mutating func showTarget() throws(Failure) -> ShowTarget {
    if matchWord("visible") { return .visible }
    if matchWord("all") { return .all }
    if matchWord("content") {
      try consumeWord("size", "after 'show content'")
      return .contentSize
    }
    let start = current.range
    let expr = try expression()
    guard case .element = expr.kind else {
      throw fail(
        "expected visible, all, content size, or an element such as item [0, 3]",
        at: start.to(expr.range))
    }
    return .element(expr)
  }
}
