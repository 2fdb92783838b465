import GridlineCLI
import GridlineLanguage
import LayoutEngine

public struct REPLOptions: Sendable {
  /// ANSI colour (a terminal without `NO_COLOR`).
  public var colour = false
  /// Piped input: go on after an error instead of stopping with its status.
  public var keepGoing = false
  /// The width of `draw` pictures, in columns (the terminal's width on a terminal).
  public var columns = 80
  /// Where `svg` writes (scripts cannot write outside it).
  public var outputDirectory = "."
  /// A person is typing: errors never end the session. Piped input is not interactive.
  public var interactive = true
  public var limits = Limits()

  /// The name diagnostics give typed lines: `<repl>`, or `<stdin>` for piped input.
  public var sourceName: String { interactive ? "<repl>" : "<stdin>" }

  public init(colour: Bool = false, keepGoing: Bool = false, interactive: Bool = true) {
    self.colour = colour
    self.keepGoing = keepGoing
    self.interactive = interactive
  }
}

/// The REPL's core, independent of any terminal: lines go in through `feed`, output comes
/// out through `write`. One checker and one interpreter live for the whole session, so an
/// entry sees every earlier `let`, section and layout. Every typed line, complete or not,
/// becomes one line of the session's source, so `<repl>:12:5` and `(line 12)` name the
/// twelfth line typed; the source only grows, so ranges of earlier entries stay valid.
public final class REPLSession {
  public let options: REPLOptions
  let write: (OutputStream, String) -> Void
  var source: SourceFile
  /// The typed lines only (`source` without the files run with `:load`): what `<repl>:N`
  /// and `(line N)` count in.
  var typed: SourceFile
  /// Files run with `:load`, by where their text sits in `source`.
  var loaded: [LoadedSegment] = []
  var checker: Checker
  public internal(set) var interpreter: Interpreter
  /// Lines of an entry whose `{`, `(` or `[` is not closed yet.
  public internal(set) var pending: [String] = [] {
    didSet { if pending.isEmpty { pendingDepth = 0 } }
  }
  /// How many `{`, `(` and `[` the pending lines leave open, kept line by line so a long
  /// pasted block is lexed once, not once per line.
  var pendingDepth = 0
  /// Where the line the reader refused last starts in `source`.
  var refusedLineStart = 0
  /// A multi-frame scroll or update being stepped.
  var stepping: SteppedAnimation?
  /// The stepping as its last frame left it (kept after the last frame ends it).
  var lastFrame: SteppedAnimation?
  /// Callbacks of the last stepped frame not yet shown (`:step` with `:trace on`).
  var unrevealed: [LayoutEvent] = []
  /// The worst status so far: what `gl repl` exits with.
  public internal(set) var status = ScriptStatus.success
  /// `:quit`, or the first error of piped input without `--keep-going`.
  public internal(set) var isFinished = false
  /// Entries of earlier sessions and this one, oldest first (`:history`).
  public var history: [String] = []
  /// Polled between steps: true cancels the running entry (Ctrl-C).
  public var interruptRequested: () -> Bool = { false } {
    didSet { interpreter.shouldCancel = interruptRequested }
  }
  /// The width of drawings now (a terminal can be resized between entries); nil: the
  /// options' `columns`.
  public var drawingColumns: (() -> Int)?
  /// The most rows a drawing's grid may take now (the terminal's height less the lines
  /// around the grid); nil: as a file's drawing.
  public var drawingRows: (() -> Int)?
  /// A line that rewrites itself on a terminal (`:continue`'s progress); "" clears it.
  /// Nil on a pipe, where only the summary is printed.
  public var progress: ((String) -> Void)?
  /// The terminal's width now, for lists (`:help`, `:info`), which `--width` does not
  /// change; nil: the drawing width.
  public var listColumns: (() -> Int)?
  /// Called after a cancelled step, to forget the Ctrl-C.
  public var clearInterrupt: () -> Void = {}
  var expectationsPassed = 0
  var expectationsFailed = 0
  /// The accepted entries since the session began or was reset (`:undo`, `:save`).
  var log: [SessionEntry] = []
  /// The log entry of the stepping in progress, which counts its frames.
  var steppingEntry: Int?
  /// Replaying for `:undo`: nothing is shown or written.
  var muted = false
  /// Entries the last replay did not run because they no longer checked.
  var skippedInReplay = 0
  /// How many lines were typed (`typed`'s lines), and the first line of the command
  /// running now.
  var typedLineCount = 0
  var commandLine = 0
  /// The commands as typed, by their line (`:save` keeps each as a comment there).
  var commands: [Int: String] = [:]
  /// `:time on`: each entry's time is printed after it.
  var timing = false
  /// Asks the person a yes-or-no question (`:save` over an existing file); nil on a pipe,
  /// where nobody can answer.
  public var confirm: ((String) -> Bool)?
  /// The file `:load` ran last, which `:reload` alone runs again.
  var lastLoaded: String?

  public init(options: REPLOptions, write: @escaping (OutputStream, String) -> Void) {
    self.options = options
    self.write = write
    source = SourceFile(name: options.sourceName, text: "")
    typed = source
    checker = Checker(limits: options.limits)
    interpreter = Interpreter(file: SourceFile(name: source.name, text: ""), limits: options.limits)
    configureInterpreter()
  }

  func configureInterpreter() {
    interpreter.shouldCancel = interruptRequested
    interpreter.lineNumber = { [unowned self] offset in self.lineNumber(at: offset) }
    // A failed `svg` write is a diagnostic of the entry, with its column, like `gl run`'s.
    // A replay for `:undo` writes no file again.
    let writer = SVGFile.writer(in: options.outputDirectory)
    interpreter.writeFile = { [unowned self] output, range in
      self.muted ? nil : writer(output, range)
    }
  }

  public var prompt: String {
    let text = pending.isEmpty ? "gl> " : "...> "
    return options.colour ? Style.prompt(text) : text
  }

  /// One line as typed (without its newline).
  public func feed(_ line: String) {
    guard !isFinished else { return }
    // A command runs at once, except `:step batch … {`, whose block goes on like any other.
    if pending.isEmpty, line.hasPrefix(":"), !(Self.isOpen(line) && Self.isStep(line)) {
      runMeta(line)
      return
    }
    pending.append(line)
    pendingDepth = Self.depth(after: line, from: pendingDepth)
    if pendingDepth > 0 { return }
    let lines = pending
    pending = []
    if !lines.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
      history.append(Self.historyEntry(lines))
    }
    if lines[0].hasPrefix(":") {
      runMeta(lines[0], continued: Array(lines.dropFirst()))
      return
    }
    runEntry(lines)
  }

  /// Ctrl-C at the prompt: the unfinished entry is dropped.
  public func interrupt() {
    if !pending.isEmpty {
      appendSource(lines: pending)
      pending = []
    }
  }

  /// A line the reader refused (too long, or past the input limit): an error at its
  /// line, whose part that was read becomes the line (so later lines keep their numbers);
  /// an unfinished entry before it is dropped with it. Without a part, the error is on
  /// the line refused last.
  public func refuse(_ part: String?, _ diagnostic: Diagnostic) {
    guard !isFinished else { return }
    let start: Int
    if let part {
      start = appendSource(lines: pending + [part]) + pending.reduce(0) { $0 + $1.utf8.count + 1 }
      refusedLineStart = start
    } else {
      start = refusedLineStart
    }
    pending = []
    var shifted = diagnostic
    shifted.range = SourceRange(
      start: start + diagnostic.range.start, end: start + diagnostic.range.end)
    show(.diagnostic(shifted))
    record(.scriptError)
  }

  /// The end of input: an unfinished block is an error; piped input gets `gl run`'s
  /// expectation summary.
  @discardableResult
  public func finish() -> ScriptStatus {
    if !pending.isEmpty && !isFinished {
      let lines = pending
      pending = []
      runEntry(lines)  // reports the missing `}`
    }
    if expectationsPassed + expectationsFailed > 0 {
      write(
        .standardOutput,
        "expectations: \(expectationsPassed) passed, \(expectationsFailed) failed")
    }
    // A person saw every error as it happened; leaving is not a failure.
    return isInteractive ? .success : status
  }

  /// Whether `text` leaves a `{`, `(` or `[` open (then the entry goes on).
  static func isOpen(_ text: String) -> Bool { depth(after: text, from: 0) > 0 }

  /// The brackets left open after `line`, given `depth` open before it. No token spans
  /// lines (strings and comments end with theirs), so lexing line by line counts as
  /// lexing the whole entry would.
  static func depth(after line: String, from depth: Int) -> Int {
    var depth = depth
    for token in Lexer.tokenize(SourceFile(name: "", text: line)).tokens {
      guard case .symbol(let symbol) = token.kind else { continue }
      switch symbol {
      case .leftBrace, .leftParen, .leftBracket: depth += 1
      case .rightBrace, .rightParen, .rightBracket: depth = max(0, depth - 1)
      default: break
      }
    }
    return depth
  }

  /// A multi-line block as one history line: comments dropped, lines joined by `; ` where
  /// a statement ends and by a space inside `( )` / `[ ]` or after `{`.
  public static func historyEntry(_ lines: [String]) -> String {
    var out = ""
    var groupDepth = 0
    for raw in lines {
      let line = stripComment(raw).trimmingWhitespace()
      if line.isEmpty { continue }
      if !out.isEmpty {
        let joinsStatement =
          groupDepth == 0 && !out.hasSuffix("{") && !out.hasSuffix(";") && !line.hasPrefix("}")
        out += joinsStatement ? "; " : " "
      }
      out += line
      for token in Lexer.tokenize(SourceFile(name: "", text: line)).tokens {
        guard case .symbol(let symbol) = token.kind else { continue }
        if symbol == .leftParen || symbol == .leftBracket { groupDepth += 1 }
        if symbol == .rightParen || symbol == .rightBracket { groupDepth = max(0, groupDepth - 1) }
      }
    }
    return out
  }

  /// The line without a `#` comment (a `#` inside a string stays).
  static func stripComment(_ line: String) -> String {
    var inString = false
    var escaped = false
    var end = line.endIndex
    for i in line.indices {
      let c = line[i]
      if escaped {
        escaped = false
      } else if inString && c == "\\" {
        escaped = true
      } else if c == "\"" {
        inString.toggle()
      } else if c == "#" && !inString {
        end = i
        break
      }
    }
    return String(line[..<end])
  }

  // MARK: Running entries

  /// Appends lines to the session source; returns the byte offset where they start.
  @discardableResult
  func appendSource(lines: [String], loaded: Bool = false) -> Int {
    let start = source.bytes.count
    let text = lines.map { $0 + "\n" }.joined()
    source.append(text)
    if !loaded {
      typed.append(text)
      typedLineCount += lines.count
    }
    return start
  }

  /// Runs `body` with the interpreter reading the session source. The interpreter lets go
  /// of it afterwards, so the next entry appends in place instead of copying the session.
  func withSource<T>(_ body: () -> T) -> T {
    interpreter.file = source
    defer { interpreter.file = SourceFile(name: source.name, text: "") }
    return body()
  }

  func runEntry(_ lines: [String]) {
    let line = typedLineCount + 1
    let start = appendSource(lines: lines)
    run(from: start, script: lines.joined(separator: "\n"), line: line, lines: lines.count)
  }

  /// Parses, checks and runs the session source from `start`, and logs it as `script` (a
  /// bare expression as its `print`). The checker's state is kept only when the entry
  /// checks cleanly, so a mistyped `let` does not linger.
  @discardableResult
  func run(from start: Int, script: String, line: Int, lines: Int) -> (Program, RunSummary)? {
    guard let (program, bare) = analyseKeepingChecker(from: start) else { return nil }
    let summary = timed { execute(program) }
    logEntry(
      .program(program), script: bare ? "print " + script : script, line: line, lines: lines,
      summary: summary)
    // `use` in a loaded file is relative to that file (`analyse`): `:save` needs to know.
    log[log.count - 1].useDirectory =
      segment(at: start).map { Includes.directory(of: $0.file.name) } ?? ""
    return (program, summary)
  }

  /// Runs a checked program; `_` becomes its last result.
  @discardableResult
  func execute(_ program: Program) -> RunSummary {
    // Looking (show, print, expect, draw…) keeps a stepping going; acting abandons it.
    if program.statements.contains(where: \.acts) { abandonStepping() }
    interpreter.resetSummary()
    var result: Value?
    let summary = withSource {
      interpreter.run(program) { output in
        if let value = Self.resultValue(output) { result = value }
        self.show(output)
      }
    }
    tally(summary)
    if let result { bindResult(result) }
    return summary
  }

  /// `analyse(from:)`, whose checker becomes the session's. Its copy is let go on return:
  /// alive while the entry runs, it would share the checker's tables, and binding `_`
  /// would copy them at every entry.
  func analyseKeepingChecker(from start: Int) -> (Program, bare: Bool)? {
    guard let (program, next, bare) = analyse(from: start) else { return nil }
    checker = next
    return (program, bare)
  }

  /// Parses and checks the source from `start`, showing every diagnostic; nil (a script
  /// error recorded) when there are errors. The returned checker has seen the entry;
  /// `bare` says the entry was a bare expression, run as its `print`.
  func analyse(from start: Int) -> (Program, Checker, bare: Bool)? {
    var (program, parsed) = Parser.parse(source, from: start)
    // `use` in a loaded file is relative to that file; typed, to the working directory.
    let loadedFrom = segment(at: start)?.file.name
    let included: [Diagnostic]
    (program, included) = Includes.resolve(
      program, in: &source, path: loadedFrom,
      directory: loadedFrom.map(Includes.directory(of:)) ?? "", access: .system)
    parsed += included
    var next = checker
    next.clearDiagnostics()
    var bare = false
    if parsed.contains(where: { $0.severity == .error }),
      let expression = Parser.parseBareExpression(source, from: start)
    {
      var trial = checker
      trial.clearDiagnostics()
      trial.check(expression)
      if prefersExpression(trial.diagnostics, over: parsed, at: start) {
        (program, parsed, next, bare) = (expression, [], trial, true)
      }
    }
    if !bare { next.check(program) }
    let diagnostics = (parsed + next.diagnostics).sorted { $0.range.start < $1.range.start }
    let (shown, more) = Diagnostic.shown(diagnostics)
    for diagnostic in shown { show(.diagnostic(diagnostic)) }
    if let more { emit(.standardError, more) }
    if diagnostics.contains(where: { $0.severity == .error }) {
      record(.scriptError)
      return nil
    }
    return (program, next, bare)
  }

  /// An entry that is no statement but reads as one whole expression is the expression
  /// (Python's and ghci's REPLs print a bare expression's value). When the expression does
  /// not check either, the person meant whichever the first word says: a word that begins
  /// a statement (`item`, `trace`) keeps the statement's errors, as does a lone mistyped
  /// word the statements know better ("did you mean 'list'?").
  func prefersExpression(_ expressionErrors: [Diagnostic], over parsed: [Diagnostic], at start: Int)
    -> Bool
  {
    if expressionErrors.isEmpty { return true }
    let tokens = Lexer.tokenize(source, from: start).tokens
    guard case .identifier(let word)? = tokens.first?.kind else { return true }
    if Parser.beginsStatement(word) { return false }
    let lone = tokens.dropFirst().allSatisfy { $0.kind == .newline || $0.kind == .endOfFile }
    let statementHelps = parsed.first?.help != nil
    return !(lone && statementHelps && expressionErrors.first?.help == nil)
  }

  func tally(_ summary: RunSummary) {
    expectationsPassed += summary.expectationsPassed
    expectationsFailed += summary.expectationsFailed
    if summary.cancelled {
      clearInterrupt()
      // On a terminal the ^C echo ends the line the output was on.
      let start = isInteractive ? "\n" : ""
      write(.standardError, start + "cancelled: the state is what the last completed step left")
    }
    if summary.failed || summary.cancelled { record(.runtimeFailure) }
    if summary.expectationsFailed > 0 { record(.expectationFailed) }
  }

  /// `_`: the element or size `show` printed, the value `print` printed, the index path
  /// `hit` found; `show visible` / `show all` give the number of elements listed.
  static func resultValue(_ output: Output) -> Value? {
    switch output {
    case .show(let show):
      if show.namesElement, show.elements.count == 1 {
        return .attributes(show.elements[0])
      }
      return .number(Double(show.elements.count + show.omitted))
    case .contentSize(_, let size): return .size(size)
    case .print(_, let value): return value
    case .hit(_, _, let result):
      // A miss is a result too: `_` is then nothing, not the previous hit.
      return result.map { .indexPath(section: $0.section, item: $0.item) } ?? Value.none
    default: return nil
    }
  }

  func bindResult(_ value: Value) {
    interpreter.bind("_", value)
    checker.declare("_", value.type)
  }

  /// Keeps the worst status; piped input stops at its first error unless told to go on.
  func record(_ new: ScriptStatus) {
    if new.severity > status.severity { status = new }
    let isError = new == .scriptError || new == .runtimeFailure
    if isError && !options.keepGoing && !isInteractive { isFinished = true }
  }

  var isInteractive: Bool { options.interactive }

  // MARK: Output

  func show(_ output: Output) {
    if muted { return }
    var file = typed
    var output = output
    if case .diagnostic(let d) = output, let (segmentFile, shifted) = localize(d) {
      file = segmentFile
      output = .diagnostic(shifted)
    }
    if case .expect(let line, false, let failure?) = output,
      let (segmentFile, shifted) = localize(failure)
    {
      file = segmentFile
      output = .expect(line: line, passed: false, failure: shifted)
    }
    let (stream, text) = OutputText.text(
      output, file, columns: drawingColumns?() ?? options.columns, rows: drawingRows?(),
      colour: options.colour)
    emit(stream, text)
  }

  func emit(_ stream: OutputStream, _ text: String) {
    if text.isEmpty || muted { return }
    write(stream, options.colour ? Style.paint(text) : text)
  }
}
