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
  var reportedUnclosedBlock = false
  /// Where the statements being read stand: an unknown word is matched against the words
  /// that may start one there (the checker says where the others belong).
  var position = StatementPosition.script
  /// Keyword tables made during this parse (`phraseIndex`).
  var phraseIndexes: [(ObjectIdentifier, AnyObject)] = []
  public private(set) var diagnostics: [Diagnostic] = []

  init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Lexes and parses `file`; the program holds every statement that parsed.
  public static func parse(_ file: SourceFile, from offset: Int = 0) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
    let (tokens, lexical) = Lexer.tokenize(file, from: offset)
    return parse(tokens, lexical)
  }

  /// Lexes and parses a file `use` includes, its offsets raised by `base` so that its
  /// ranges point into it through the using file (`SourceFile.origin(of:)`).
  public static func parse(_ file: SourceFile, base: Int) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
    var (tokens, lexical) = Lexer.tokenize(file)
    let shift = { (range: SourceRange) in
      SourceRange(start: range.start + base, end: range.end + base)
    }
    for i in tokens.indices { tokens[i].range = shift(tokens[i].range) }
    for i in lexical.indices { lexical[i].range = shift(lexical[i].range) }
    return parse(tokens, lexical)
  }

  private static func parse(_ tokens: [Token], _ lexical: [Diagnostic]) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
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
    guard check(symbol) else { throw fail(.expected("'\(symbol.rawValue)'", context)) }
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
    throw fail(.expected("'\(symbol.rawValue)'", context))
  }

  mutating func consumeWord(_ word: String, _ context: String) throws(Failure) {
    if matchWord(word) { return }
    throw fail(.expected("'\(word)'", context))
  }

  mutating func consumeIdentifier(_ context: String) throws(Failure) -> Identifier {
    if let name = current.identifier {
      let token = advance()
      return Identifier(name: name, range: token.range)
    }
    throw fail(.expected("a name", context))
  }

  /// Records an error at the current token (unless the lexer already reported it there).
  mutating func fail(_ message: Message, help: String? = nil, at range: SourceRange? = nil)
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
      var message = message
      if range == nil { message.text += ", found \(current.kind)" }
      record(.error(message, at: range ?? current.range, help: help))
    }
    return Failure()
  }

  /// Keeps a diagnostic. One more than `InputLimits.maximumErrors` stops the parser (it goes
  /// to the end of the tokens, and says so there), so garbage costs bounded time and memory.
  mutating func record(_ diagnostic: Diagnostic) {
    if diagnostics.count < InputLimits.maximumErrors {
      diagnostics.append(diagnostic)
    } else if diagnostics.count == InputLimits.maximumErrors {
      diagnostics.append(.error(.tooManyErrors, at: diagnostic.range))
      index = tokens.count - 1
    }
  }

  mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth {
      // The recovery skips the rest of the statement, leaving the blocks around it open:
      // the nesting is the one error to report, not those blocks as well.
      reportedUnclosedBlock = true
      throw fail(.nestingTooDeep(limit: Self.maximumDepth))
    }
  }

  mutating func leave() { depth -= 1 }

  /// A block the file ends inside. The end of the file has no line to show, so the error
  /// points at the `{`; every block around it is open too, but one error says it: only the
  /// innermost is reported, not one more per level.
  mutating func unclosed(_ open: Token) -> Failure {
    if reportedUnclosedBlock { return Failure() }
    reportedUnclosedBlock = true
    return fail(.unclosedBlock, help: "add '}' where the block ends", at: open.range)
  }

  // MARK: program, statements

  /// program = { statement terminator } EOF
  mutating func program() -> Program {
    var statements: [Statement] = []
    while true {
      skipSeparators()
      if atEnd { break }
      if check(.rightBrace) {
        record(.error(.strayClosingBrace, at: current.range))
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
    if checkWord("let") || checkWord("var"), let name = peek().identifier {
      brokenNames.insert(name)
    }
    do {
      let s = try statement()
      try terminator()
      switch s.kind {
      case .letBinding(let name, _), .varBinding(let name, _): brokenNames.remove(name.name)
      default: break
      }
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
    if atTerminator { return }
    throw fail(.endOfStatement)
  }

  /// Whether the statement ends here.
  var atTerminator: Bool {
    current.kind == .newline || check(.semicolon) || check(.rightBrace) || atEnd
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

  /// statement = declaration | step
  mutating func statement() throws(Failure) -> Statement {
    if atAssignment { return try assignment() }
    let start = current.range
    let position = self.position
    let keyword = try clause(
      StatementKeyword.self, "statement",
      suggesting: StatementKeyword.allCases.filter { $0.stands(at: position) }.map(\.spelling))
    let kind = try statementBody(keyword)
    return Statement(kind: kind, range: start.to(previous.range))
  }

  /// What follows a statement's keyword: one arm per production of grammar.md.
  mutating func statementBody(_ keyword: StatementKeyword) throws(Failure) -> Statement.Kind {
    switch keyword {
    case .viewport: return .viewport(try expression())
    case .contentInset: return .contentInset(try expression())
    case .ownsSections: return .ownsSections(try expression())
    case .safeArea: return .safeArea(try expression())
    case .layoutMargins: return .layoutMargins(try expression())
    case .layout:
      return matchWord(LayoutKind.custom.spelling)
        ? try customLayout() : .layout(try layoutDeclaration())
    case .insetAdjustment:
      return .insetAdjustment(try require(InsetAdjustment.self, "after 'inset adjustment'"))
    case .scale: return .scale(try expression())
    case .let: return try letBinding()
    case .use: return try useDeclaration()
    case .section: return .section(try sectionDeclaration())
    case .sections:
      let count = try expression()
      try consumeWord("items", "after the number of sections")
      return .sections(count: count, items: try expression())
    case .register, .cells: return try reuseDeclaration(keyword)
    case .stickyHeaders:
      if try self.keyword(Toggle.self) == .off { return .stickyHeaders(on: false, zIndex: nil) }
      return .stickyHeaders(on: true, zIndex: matchWord("z") ? try expression() : nil)
    case .decoration: return .decoration(try decorationDeclaration())
    case .layer:
      let name = try consumeIdentifier("after 'layer' (layer background { … })")
      return .layer(name, try block())
    case .transform: return .transform(try transformDeclaration())
    case .appearing: return .transform(try transformDeclaration(moment: .appearing))
    case .disappearing: return .transform(try transformDeclaration(moment: .disappearing))
    case .scroll: return .scroll(try scrollStep())
    case .drag, .release, .fling: return .gesture(try gestureStep(keyword))
    case .paging, .bounces, .prefetching, .alwaysBounce, .deceleration, .frameRate:
      return .scrollSetting(try scrollSetting(keyword))
    case .tapStatusBar: return .tapStatusBar(frames: try framesClause())
    case .shouldScrollToTop:
      try consumeWord("when", "after 'should scroll to top' (\(keyword.example))")
      return .shouldScrollToTop(try expression())
    case .snap, .onWillEndDragging, .onScroll, .onLayoutChange: return .hook(try hook(keyword))
    case .resize: return .resize(try expression())
    case .switchLayout:
      let name = try consumeIdentifier("after 'switch layout' (switch layout grid)")
      return .switchLayout(name, frames: try framesClause())
    case .reload:
      return atTerminator ? .reload : .update(try updateStep(keyword))
    case .insert, .delete: return .update(try updateStep(keyword))
    case .move:
      if let word = current.identifier.flatMap(MoveTargetKeyword.init(rawValue:)),
        word.isInteractive
      {
        return .interactiveMove(try moveGesture())
      }
      return .update(try updateStep(keyword))
    case .batch:
      let frames = try framesClause()
      return .batch(BatchStep(frames: frames, body: try block()))
    case .data: return .data(try dataEntries())
    case .apply: return .applySnapshot(try snapshotStep())
    case .reconfigure: return try reconfigureStep()
    case .invalidate: return try invalidateStatement()
    case .onInvalidate: return try flagHandler()
    case .textMetrics: return .textMetrics(try textMetrics())
    case .show: return .show(try showTarget())
    case .draw: return .draw(content: matchWord("content"))
    case .svg: return try svgStatement()
    case .hit: return .hit(try expression())
    case .why: return .why(try expression())
    case .tap, .press, .lift, .select, .deselect, .allowsSelection, .allowsMultipleSelection,
      .shouldHighlight, .shouldSelect, .shouldDeselect, .canMove, .touches, .menu, .shouldShowMenu,
      .canPerform:
      return try touchStatement(keyword)
    case .prepare, .elementsInRect, .while, .answer, .var, .if, .for, .place, .contentSize:
      return try codeStatementBody(keyword)
    case .expect: return .expect(try expression(), hint: try expectHint())
    case .print: return .print(try expression())
    case .repeat: return try repeatBlock()
    case .trace: return .trace(try require(Toggle.self, "after 'trace'") == .on)
    }
  }

  /// [ "hint" string ], after an expectation.
  mutating func expectHint() throws(Failure) -> Expr? {
    guard matchWord(StatementKeyword.hintWord) else { return nil }
    guard case .string(let text) = current.kind else {
      throw fail(.expected("the hint in quotes", "(expect x == 3 hint \"where is x set?\")"))
    }
    return Expr(.string(text), advance().range)
  }

  /// let = "let" NAME "=" expression
  mutating func letBinding() throws(Failure) -> Statement.Kind {
    let name = try consumeIdentifier("after 'let'")
    if name.name == "x" {
      throw fail(.sizeOperatorAsName, at: name.range)
    }
    _ = try consume(.equal, "after the name in 'let'")
    return .letBinding(name, try expression())
  }

  /// repeat = "repeat" expression block
  mutating func repeatBlock() throws(Failure) -> Statement.Kind {
    let count = try expression()
    return .repeatBlock(count: count, body: try block())
  }

  /// block = "{" { statement terminator } "}"
  mutating func block() throws(Failure) -> [Statement] {
    try braced { (p: inout Parser) in p.statementOrRecover() }
  }

  /// "{" { item } "}": the entries that parsed (an item recovers from its own errors).
  mutating func braced<P>(_ item: (inout Parser) -> P?) throws(Failure) -> [P] {
    let open = try consume(.leftBrace, "to open the block")
    try enter()
    defer { leave() }
    var entries: [P] = []
    while true {
      skipSeparators()
      if match(.rightBrace) { return entries }
      if atEnd { throw unclosed(open) }
      if let entry = item(&self) { entries.append(entry) }
    }
  }

  // MARK: steps

  /// scroll = "scroll" ( "to" ( "x" | "y" ) expression | "to" "item" expression [ "at" position ]
  ///          | "to" expression | "by" ( "x" | "y" ) expression | "by" expression
  ///          | "rect" expression "visible" | "section" expression "to" ( "x" | "y" ) expression )
  ///          [ "over" expression ("frames" | "frame") ]
  mutating func scrollStep() throws(Failure) -> ScrollStep {
    let kind: ScrollStep.Kind
    let keyword = try require(ScrollKeyword.self, "after 'scroll'")
    switch keyword {
    case .toX: kind = .toAxis(.x, try expression())
    case .toY: kind = .toAxis(.y, try expression())
    case .toItem:
      let path = try expression()
      kind = .toItem(path, try scrollPositions(otherwise: [.top]))
    case .toHeader, .toFooter:
      let path = try expression()
      kind = .toSupplementary(header: keyword == .toHeader, path, try scrollPositions())
    case .toSection:
      let section = try expression()
      kind = .toSection(section, try scrollPositions())
    case .to: kind = .toPoint(try expression())
    case .byX: kind = .byAxis(.x, try expression())
    case .byY: kind = .byAxis(.y, try expression())
    case .by: kind = .byPoint(try expression())
    case .rect:
      let rect = try expression()
      try consumeWord("visible", "after the rect in 'scroll rect'")
      kind = .rectVisible(rect)
    case .section:
      let section = try expression()
      try consumeWord("to", "after the section (scroll section 0 to x 300)")
      let axis = try sectionAxis(after: "'scroll section N to'")
      kind = .sectionToAxis(section, axis, try expression())
    }
    var frames: Expr?
    if matchWord("over") {
      frames = try expression()
      if !matchWord("frames") && !matchWord("frame") {
        throw fail(.expected("'frames'", "after the number of frames"))
      }
    }
    return ScrollStep(kind: kind, frames: frames)
  }

  /// [ "at" position { "," position } ]: `otherwise` when none is written (empty: the
  /// start of the layout's scroll axis, which the run knows).
  mutating func scrollPositions(otherwise: [ScrollAlignment] = []) throws(Failure)
    -> [ScrollAlignment]
  {
    guard matchWord("at") else { return otherwise }
    var positions = [try require(ScrollAlignment.self, "after 'at'")]
    while match(.comma) {
      positions.append(try require(ScrollAlignment.self, "after ',' (at top, left)"))
    }
    return positions
  }

  /// show = "show" ( "visible" | "all" | "content" "size" | element )
  mutating func showTarget() throws(Failure) -> ShowTarget {
    switch try keyword(ShowKeyword.self) {
    case .visible?: return .visible
    case .all?: return .all
    case .contentSize?: return .contentSize
    case nil: break
    }
    let start = current.range
    let expr = try expression()
    guard case .element = expr.kind else {
      // `show visble`: the nearest target word, when one is near.
      var help: String?
      if case .name(let word) = expr.kind {
        help = suggestion(for: word, among: ShowKeyword.spellings + ElementWord.spellings)
      }
      throw fail(
        .expected("visible, all, content size, or an element such as item [0, 3]"), help: help,
        at: start.to(expr.range))
    }
    return .element(expr)
  }
}

extension Parser {
  /// `svg PATH`, `svg strip PATH { … }`, `svg plot PATH { … }`,
  /// `svg viewport PATH [margin N]`.
  mutating func svgStatement() throws(Failure) -> Statement.Kind {
    switch try keyword(SVGKeyword.self) {
    case .strip?:
      let path = try expression()
      return .svg(path: path, strip: try block())
    case .plot?:
      let path = try expression()
      return .svgPlot(path: path, body: try block())
    case .viewport?:
      let path = try expression()
      return .svgViewport(
        path: path, margin: matchWord(SVGKeyword.marginWord) ? try expression() : nil)
    case nil:
      return .svg(path: try expression(), strip: nil)
    }
  }
}
