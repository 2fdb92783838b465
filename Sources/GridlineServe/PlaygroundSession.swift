import GridlineCLI
import GridlineLanguage
import GridlineRender
import LayoutEngine

/// One page's playground: the script it last ran, the interpreter that ran it, and what
/// the page's finger and buttons did since, as a REPL session grows by its entries. A
/// gesture is a statement of the language (`drag by (0, -12)`, `release velocity (0, 1.2)`)
/// appended to the session's source and run by the same interpreter, so the page touches
/// exactly what a script would, and the session's lines can be copied into one.
///
/// Not thread-safe: a connection's `SessionWorker` runs every message on one queue.
package final class PlaygroundSession {
  /// Where `use` paths start and the name diagnostics give (the served FILE, or
  /// `untitled.gl` in the working directory).
  let path: String
  let limits: Limits
  /// Writes an `svg` statement's file (`gl serve --out DIR`); nil: nothing is written.
  let writeFile: ((Output, SourceRange) -> Diagnostic?)?
  /// Polled between steps and frames; true stops the run (a newer `run` arrived).
  var shouldCancel: () -> Bool = { false }

  /// The script and every statement the page ran after it; empty until a `run` succeeds.
  var source: SourceFile
  var interpreter: Interpreter?
  /// The checker after the script and the session's statements: their names and types.
  var checker: Checker
  /// A deceleration, animated scroll or update whose frames the page asks for one by one.
  var motion: SteppedAnimation?
  /// `step`: the script being stepped, statement by statement.
  var stepping: ScriptStepping?
  /// The trace of the last step, which `select` reads the calls about an item from.
  var lastTrace: [TraceEntry] = []

  package init(path: String, limits: Limits, writeFile: ((Output, SourceRange) -> Diagnostic?)?) {
    self.path = path
    self.limits = limits
    self.writeFile = writeFile
    source = SourceFile(name: path, text: "")
    checker = Checker(limits: limits)
  }

  /// A message's text to its reply's text, as a connection's worker answers it (the
  /// benchmark measures a frame this way).
  package func answer(_ text: String) -> String { reply(to: text).rendered }

  /// A message's text to its reply: an error reply when it is no message of the protocol.
  func reply(to text: String) -> JSON {
    switch ClientMessage.decode(text) {
    case .success(let message): handle(message)
    case .failure(let failure): failure.error.reply(id: failure.id)
    }
  }

  /// Answers one message with one reply.
  func handle(_ message: ClientMessage) -> JSON {
    let reply: Reply
    do throws(ProtocolError) {
      reply = try respond(to: message)
    } catch {
      return error.reply(id: message.id)
    }
    return reply.json(id: message.id)
  }

  private func respond(to message: ClientMessage) throws(ProtocolError) -> Reply {
    switch message.command {
    case .run(let text, let keepOffset): return run(text, keepOffset: keepOffset)
    case .step(let text): return try step(text)
    case .replay(let text, let statement): return try replay(text, statement: statement)
    case .frame: return try nextFrame()
    case .scroll(let offset):
      return try act("scroll to \(Self.literal(offset))")
    case .drag(let by):
      return try act("drag by \(Self.literal(by))")
    case .release(let velocity):
      return try act("release velocity \(Self.literal(velocity))", stepping: true)
    case .tap(let point):
      return try act("tap \(Self.literal(point))")
    case .resize(let size):
      return try act("resize \(Self.number(size.width)) x \(Self.number(size.height))")
    case .moveBegin(let section, let item):
      return try act("move begin item [\(section), \(item)]")
    case .moveTo(let point):
      return try act("move to \(Self.literal(point))")
    case .moveEnd:
      return try act("move end")
    case .moveCancel:
      return try act("move cancel")
    case .select(let section, let item, let layer):
      return try inspect(section: section, item: item, layer: layer)
    case .box(let section, let item, let layer):
      return try boxes(section: section, item: item, layer: layer)
    case .complete(let text):
      return .completion(complete(text))
    }
  }

  // MARK: Running the script

  /// `run`: the page's text as a new script, from the start, in a new interpreter. A script
  /// with errors changes nothing (the page keeps the last good picture); a run a newer one
  /// cancelled changes nothing either. With `keepOffset`, the new run is scrolled back to
  /// where the last one was, as far as the new content allows (an edit should not lose
  /// the place the person was looking at).
  func run(_ text: String, keepOffset: Bool) -> Reply {
    abandonMotion()
    stepping = nil
    let previousOffset = keepOffset ? interpreter?.collectionView?.contentOffset : nil
    let (file, analysis): (SourceFile, Analysis)
    switch analyse(text) {
    case .problems(let reply): return reply
    case .script(let f, let a): (file, analysis) = (f, a)
    }
    let log = newLog()
    for warning in analysis.diagnostics { log.add(.diagnostic(warning), file) }
    let fresh = makeInterpreter(file)
    let summary = fresh.run(analysis.program) { log.add($0, file) }
    fresh.file = SourceFile(name: path, text: "")
    if summary.cancelled { return .cancelled }
    interpreter = fresh
    source = file
    checker = analysis.checker
    var ran = "run"
    // A script of declarations only has no live view until something draws it.
    if previousOffset != nil && fresh.collectionView == nil { _ = fresh.displayedState() }
    if let previousOffset, let cv = fresh.collectionView {
      let kept = cv.clampedContentOffset(previousOffset)
      if kept != cv.contentOffset {
        let line = "scroll to \(Self.literal(kept))"
        if (try? append(line, into: log)) != nil { ran = line }
      }
    }
    var reply = state(log, ran: ran, highlight: Highlighter.lines(of: file))
    reply.animations = Self.animations(in: analysis.program, of: file)
    return .state(reply)
  }

  /// The page's text as a script, or why it cannot run.
  enum Analysed {
    /// The script (with the files it uses) and what `gl check` knows of it; warnings only.
    case script(SourceFile, Analysis)
    /// It is no script (too large, not text) or has errors: the reply that says so.
    case problems(Reply)
  }

  /// The page's text analysed as `gl check` analyses a file, its `use`s read beside FILE.
  func analyse(_ text: String) -> Analysed {
    if let refusal = Self.refusal(of: text) {
      return .problems(.problems([refusal], highlight: [], file: SourceFile(name: path, text: "")))
    }
    var file = SourceFile(name: path, text: text)
    let analysis = Analysis(&file, limits, access: .system)
    guard !analysis.diagnostics.contains(where: { $0.severity == .error }) else {
      return .problems(
        .problems(analysis.diagnostics, highlight: Highlighter.lines(of: file), file: file))
    }
    return .script(file, analysis)
  }

  func newLog() -> OutputLog { OutputLog(writesFiles: writeFile != nil) }

  /// An interpreter for `file` that traces every step (the page's trace panel) and stops
  /// when `shouldCancel` says so.
  func makeInterpreter(_ file: SourceFile) -> Interpreter {
    let interpreter = Interpreter(file: file, limits: limits)
    interpreter.traceEnabled = true
    interpreter.writeFile = writeFile
    interpreter.shouldCancel = { [unowned self] in shouldCancel() }
    return interpreter
  }

  /// Why the page's text cannot be read as a script (too large, not text), as `gl run`
  /// refuses such a file.
  static func refusal(of text: String) -> Diagnostic? {
    if text.utf8.count > InputLimits.maximumBytes { return InputLimits.tooLarge }
    return InputLimits.problem(in: Array(text.utf8))
  }

  // MARK: Gestures and steps

  /// Runs `line`, a statement the page's input stands for, after what the session ran.
  /// With `stepping`, a statement with frames (a release) starts them and the page asks
  /// for each with `frame`.
  func act(_ line: String, stepping startsMotion: Bool = false) throws(ProtocolError) -> Reply {
    guard interpreter != nil else { throw .noScript }
    abandonMotion()
    let log = newLog()
    try append(line, into: log, startingMotion: startsMotion)
    var reply = state(log, ran: line)
    if let motion { reply.motion = (motion.done, motion.frames) }
    return .state(reply)
  }

  /// Appends `line` to the session's source, checks it against what the session declared,
  /// and runs it (or, with `startingMotion`, starts its frames). A statement the checker
  /// refuses is a protocol error: the page only sends statements it can make.
  @discardableResult
  func append(_ line: String, into log: OutputLog, startingMotion: Bool = false)
    throws(ProtocolError) -> RunSummary?
  {
    guard let interpreter else { throw .noScript }
    let start = source.bytes.count
    let newline = source.bytes.last.map { $0 == UInt8(ascii: "\n") } ?? true
    source.append((newline ? "" : "\n") + line + "\n")
    let (program, parsed) = Parser.parse(source, from: start)
    var next = checker
    next.clearDiagnostics()
    next.check(program)
    let problems = (parsed + next.diagnostics).filter { $0.severity == .error }
    if let first = problems.first {
      throw .refused(line, first.message)
    }
    checker = next
    interpreter.resetSummary()
    return withSource(interpreter) { file in
      if startingMotion, let statement = program.statements.first, statement.isSteppable {
        motion = interpreter.beginStepping(statement) { log.add($0, file) }
        return nil
      }
      return interpreter.run(program) { log.add($0, file) }
    }
  }

  /// Runs `body` with the interpreter reading the session's source, then lets go of it, so
  /// that the next statement appends to the source in place instead of copying it (as the
  /// REPL's session does).
  func withSource<T>(_ interpreter: Interpreter, _ body: (SourceFile) -> T) -> T {
    interpreter.file = source
    defer { interpreter.file = SourceFile(name: path, text: "") }
    return body(source)
  }

  /// `frame`: the next frame of the motion in progress (a deceleration after `release`,
  /// or an animated statement of a stepped script).
  func nextFrame() throws(ProtocolError) -> Reply {
    guard let interpreter, var current = motion else { throw .noMotion }
    let log = newLog()
    interpreter.resetSummary()
    withSource(interpreter) { file in
      do throws(RunError) {
        _ = try interpreter.stepFrame(&current) { log.add($0, file) }
      } catch .diagnostic(let diagnostic) {
        log.add(.diagnostic(diagnostic), file)
      } catch {
        // Cancelled before the frame: nothing changed, and the motion can go on.
      }
    }
    motion = current.isFinished ? nil : current
    var reply = state(log, ran: nil)
    reply.motion = (current.done, current.frames)
    return .state(reply)
  }

  /// Drops the motion in progress: a deceleration stops where it is, as a finger touching
  /// the content stops it; an update's animation ends unfinished.
  func abandonMotion() {
    if let motion { interpreter?.abandonStepping(motion) }
    motion = nil
  }

  // MARK: Numbers as the language writes them

  static func number(_ value: Double) -> String { formatNumber(value, .exact) }

  static func literal(_ point: Point) -> String { "(\(number(point.x)), \(number(point.y)))" }
}
