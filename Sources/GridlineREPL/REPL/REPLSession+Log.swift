import GridlineCLI
import GridlineLanguage
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// An entry the session accepted (it parsed and checked): what `:undo` replays and `:save`
/// writes. Entries are kept as their checked programs, whose ranges stay valid because the
/// session source only grows, so a replay parses nothing again.
struct SessionEntry {
  enum Kind {
    case program(Program)
    /// `:step STATEMENT`, and how many of its frames ran before it finished or was
    /// abandoned.
    case step(Statement, frames: Int)
    /// `:trace on|off`.
    case trace(Bool)
  }

  var kind: Kind
  /// The entry as script text: what `:save` writes.
  var script: String
  /// The typed line it starts on (0: before any, a file given to `gl repl`), and how many
  /// typed lines it takes: `:save` keeps every entry on its line, so what the script prints
  /// names the lines the REPL named.
  var line: Int
  var lines: Int
  /// Where its `use` paths start: "" (the working directory) for typed lines, a loaded
  /// file's directory for its lines. `:save` rewrites them for the saved file.
  var useDirectory = ""
  /// Whether it changed the session rather than only looked at it: what `:undo` takes back.
  var changes: Bool
  /// It stopped with a runtime error: replayed (it fails the same way), saved as a comment.
  var failed = false
  /// Ctrl-C stopped it part way: neither replayed nor saved, as what it did is not
  /// reproducible.
  var cancelled = false
  /// A stepping that ended before its last frame (abandoned, or a fling a finger
  /// stopped): replayed to the frame it reached, saved as a comment.
  var stoppedEarly = false
}

extension Statement {
  /// Whether `:undo` takes the statement back: anything but looking. A `let` and `trace`
  /// do not act on the views, but they change what later entries see.
  var changesSession: Bool {
    if acts { return true }
    switch kind {
    case .letBinding, .trace: return true
    default: return false
    }
  }
}

extension REPLSession {
  /// Logs an accepted entry that starts on typed line `line` and takes `lines` of them.
  func logEntry(
    _ kind: SessionEntry.Kind, script: String, line: Int, lines: Int = 1,
    summary: RunSummary? = nil
  ) {
    let changes: Bool =
      switch kind {
      case .program(let p): p.statements.contains(where: \.changesSession)
      case .step, .trace: true
      }
    log.append(
      SessionEntry(
        kind: kind, script: script, line: line, lines: lines, changes: changes,
        failed: summary?.failed ?? false, cancelled: summary?.cancelled ?? false))
  }

  // MARK: :undo

  /// `:undo`: drops the last entry that changed the session, then replays the others in a
  /// fresh session state with their output muted. Replaying (rather than remembering
  /// states) is slower but exact: the state is what the remaining entries make.
  func undo() {
    guard let index = log.lastIndex(where: \.changes) else {
      emit(.standardError, "error: nothing to undo: no entry has changed the session yet")
      return
    }
    let taken = log.remove(at: index)
    skippedInReplay = 0
    replay()
    if skippedInReplay > 0 {
      emit(
        .standardError,
        "warning: \(skippedInReplay) later entr\(skippedInReplay == 1 ? "y" : "ies") used what "
          + "was undone (or cancelled) and no longer check: taken back too")
    }
    let typed: String =
      switch taken.kind {
      case .step: ":step " + taken.script
      case .trace: ":" + taken.script
      case .program: taken.script
      }
    emit(.standardOutput, "undone: " + typed.replacing("\n", with: "; "))
  }

  /// Runs the log again from a fresh state. The counts and the status the person already
  /// saw stay as they were; `svg` files are not written again.
  func replay() {
    let kept = (expectationsPassed, expectationsFailed, status)
    muted = true
    defer {
      muted = false
      (expectationsPassed, expectationsFailed, status) = kept
    }
    freshState()
    // Ctrl-C cannot stop a replay half way: the state would be neither before nor after.
    interpreter.shouldCancel = nil
    defer { interpreter.shouldCancel = interruptRequested }
    var unchecked: [Int] = []
    for (index, entry) in log.enumerated() where !entry.cancelled {
      switch entry.kind {
      case .program(let program):
        var next = checker
        next.clearDiagnostics()
        next.check(program)
        // An entry that used what was undone (`print w` after `let w`) no longer checks:
        // it leaves the log with it, so `:save` does not write it either.
        guard !next.diagnostics.contains(where: { $0.severity == .error }) else {
          skippedInReplay += 1
          unchecked.append(index)
          continue
        }
        checker = next
        execute(program)
      case .step(let statement, let frames):
        var next = checker
        next.check(Program(statements: [statement]))
        checker = next
        abandonStepping()
        stepping = withSource { interpreter.beginStepping(statement) { self.show($0) } }
        for _ in 0..<frames where stepping != nil { runFrame(revealing: false) }
        if entry.stoppedEarly { abandonStepping() }
      case .trace(let on):
        interpreter.traceEnabled = on
      }
    }
    for i in unchecked.reversed() { log.remove(at: i) }
    // A stepping the replay left going is the last step's: its frames count there again.
    if stepping != nil {
      steppingEntry = log.lastIndex {
        if case .step = $0.kind { true } else { false }
      }
    }
  }

  // MARK: :save

  /// `:save FILE`: the session as a script that `gl run` reproduces. Every typed line keeps
  /// its line, so the script's output names the lines the REPL named: an accepted entry is
  /// written as it runs in a script (a bare expression as its `print`, a stepped statement
  /// whole, `:trace on` as `trace on`, a `:load`ed file inline, which shifts the lines
  /// after it), and every other line (commands, mistakes, entries before a `:reset`) as a
  /// comment. Entries a script could not replay are comments too, saying why: one that
  /// failed (a script stops at its first error), one cancelled part way, one that reads
  /// `_` (only the REPL has it).
  ///
  /// An existing file is replaced only when the person says yes, or with `--force`: piped
  /// input, which nobody answers, is refused without it.
  func save(_ argument: String) {
    // `-f` or `--force` as the first word; what follows is the file name.
    var argument = argument
    let first = argument.prefix { $0 != " " && $0 != "\t" }
    let force = first == "-f" || first == "--force"
    if force { argument = String(argument.dropFirst(first.count)) }
    let path = Self.expandedPath(argument)
    guard !path.isEmpty else {
      emit(.standardError, "error: ':save' takes a file name, e.g. :save session.gl")
      record(.usage)
      return
    }
    var existing = stat()
    if !force && lstat(path, &existing) == 0 {
      guard let confirm else {
        emit(
          .standardError,
          "error: \(path.escapingControlCharacters) exists; `:save --force "
            + "\(Self.shellQuoted(path).escapingControlCharacters)` replaces it")
        record(.usage)
        return
      }
      guard confirm("\(path) exists: replace it?") else {
        emit(.standardOutput, "not saved: \(path) is as it was")
        return
      }
    }
    let uses = SavedUses(savedFile: path)
    let typedLines = typed.text.split(separator: "\n", omittingEmptySubsequences: false)
    let starting = Dictionary(grouping: log, by: \.line)
    var out: [String] = []
    var commented = 0
    func write(_ entry: SessionEntry) {
      let reason: String? =
        entry.cancelled
        ? "cancelled part way"
        : entry.failed
          ? "failed"
          : entry.stoppedEarly
            ? "stepped part way" : Self.readsResult(entry) ? "reads _" : nil
      let script = uses.rewrite(entry.script, from: entry.useDirectory)
      let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
      guard let reason else {
        out += Self.savedLines(script) ?? lines.map(String.init)
        return
      }
      commented += 1
      out += lines.enumerated().map {
        "# " + $0.element + ($0.offset == 0 ? "   (\(reason) in the REPL)" : "")
      }
    }
    for entry in starting[0] ?? [] { write(entry) }
    var line = 1
    while line <= typedLineCount {
      if let entries = starting[line] {
        for entry in entries { write(entry) }
        line += entries.map(\.lines).max() ?? 1
        continue
      }
      let text = commands[line] ?? (line <= typedLines.count ? String(typedLines[line - 1]) : "")
      out.append(text.allSatisfy(\.isWhitespace) ? "" : "# " + text)
      line += 1
    }
    out.append("# Saved from gl repl: `gl run \(path)` replays this session.")
    do {
      try replaceFile(path, with: out.joined(separator: "\n") + "\n", mode: 0o644)
    } catch {
      emit(.standardError, "error: " + error.message("write", path))
      // As a failed `:load` does: piped input stops here and gl exits non-zero (issue 36).
      record(.ioError)
      return
    }
    let count = log.count
    var said = "saved \(count) entr\(count == 1 ? "y" : "ies") to \(path)"
    if commented > 0 { said += " (\(commented) as comments: see the file)" }
    emit(.standardOutput, said)
    // A kept entry may use what a commented one bound (`let y = _.frame.maxY`, then `y`):
    // the script is checked as `gl run` will check it, the files it uses read from where
    // it was saved, and the first error said.
    var script = SourceFile(name: path, text: out.joined(separator: "\n") + "\n")
    let (_, problems) = ScriptRunner.analyse(&script, options.limits)
    if let first = problems.first(where: { $0.severity == .error }) {
      let (file, range) = script.origin(of: first.range)
      let place = file.name == path ? "line " : file.name + ":"
      emit(
        .standardError,
        "warning: gl run will refuse \(path): \(place)\(file.location(of: range.start).line): "
          + "\(first.message); edit it, or :undo what it depends on and save again")
    }
  }

  /// An accepted entry as `:save` writes it: formatted as `gl fmt` would, but each entry by
  /// itself with its line breaks kept (`Formatter.LineBreaks.kept`), so every entry keeps
  /// the lines it was typed on and `gl run` of the file names the lines the REPL named.
  /// Nil (write it as typed) if the lines would not match.
  static func savedLines(_ script: String) -> [String]? {
    let file = SourceFile(name: "", text: script)
    let formatted = Formatter.format(file, lineBreaks: .kept)
    var lines = formatted.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let typed = script.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == typed.count, Formatter.sameProgram(file, formatted) else { return nil }
    return lines
  }

  /// Whether an entry reads the REPL's `_`.
  static func readsResult(_ entry: SessionEntry) -> Bool {
    Lexer.tokenize(SourceFile(name: "", text: entry.script)).tokens.contains {
      if case .identifier("_") = $0.kind { true } else { false }
    }
  }
}
