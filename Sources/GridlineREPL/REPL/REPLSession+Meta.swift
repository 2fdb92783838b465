import GridlineCLI
import GridlineLanguage
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL's own commands; a unique prefix works (`:sa` is `:save`), and the one-letter
/// forms below win over prefixes (`:s` is `:step`).
enum MetaCommand: String, CaseIterable {
  case help, explain, load, reload, save, undo, reset, state, type, info, trace, time, history
  case step
  case next, `continue`, quit

  /// One-letter forms of the commands used most (`:h`, `:s` while stepping, …).
  static let shortForms: [String: MetaCommand] = [
    "h": .help, "l": .load, "s": .step, "n": .next, "c": .continue, "q": .quit,
  ]

  /// The command a typed prefix names: exact first, a one-letter form, then the only
  /// command it starts.
  static func resolve(_ typed: String) -> MetaCommand? {
    if let exact = MetaCommand(rawValue: typed) ?? shortForms[typed] { return exact }
    let matches = candidates(typed)
    return matches.count == 1 ? matches[0] : nil
  }

  /// The commands `typed` begins.
  static func candidates(_ typed: String) -> [MetaCommand] {
    typed.isEmpty ? [] : allCases.filter { $0.rawValue.hasPrefix(typed) }
  }

  var usage: String {
    switch self {
    case .help: ":help [topic]       statements, names and commands (:help scroll, :help :save)"
    case .explain: ":explain CODE       what a diagnostic code means (:explain GL1003)"
    case .load: ":load FILE          run a .gl file in this session"
    case .reload: ":reload [FILE]      a fresh session, then :load FILE (the last one loaded)"
    case .save: ":save [-f] FILE     write this session's entries as a script gl run replays"
    case .undo: ":undo               take back the last entry that changed something"
    case .reset: ":reset              forget everything: a fresh session"
    case .state: ":state              viewport, offset, content size, visible, layout, lets"
    case .type: ":type EXPR          the type of an expression (:type item [0, 0].frame)"
    case .info: ":info NAME          what a name is, its members, the UIKit API it models"
    case .trace: ":trace on|off       print every layout callback of each step"
    case .time: ":time on|off        print how long each entry takes"
    case .history: ":history [N]        the last N entries (50)"
    case .step:
      """
      :step [STATEMENT]   step a scroll or an update over N frames; alone, run its next frame
                            e.g. :step scroll by y 300 over 10 frames
                                 :step insert items [0, 0] over 6 frames
                                 :step batch over 10 frames { delete items [0, 1]; insert items [0, 0] }
      """
    case .next: ":next N             the next N frames"
    case .continue: ":continue           the remaining frames"
    case .quit: ":quit               leave (or Ctrl-D)"
    }
  }
}

/// A file run with `:load`: where its text sits in the session source.
struct LoadedSegment {
  let start: Int
  let end: Int
  let file: SourceFile
}

extension REPLSession {
  /// Whether `line` is a `:step` command (whatever prefix of it was typed).
  static func isStep(_ line: String) -> Bool {
    let name = line.dropFirst().split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    return MetaCommand.resolve(name) == .step
  }

  /// A command; `continued` are the further lines of a `:step` whose block went on.
  func runMeta(_ line: String, continued: [String] = []) {
    let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
    let name = parts.first.map(String.init) ?? ""
    let argument = parts.count > 1 ? String(parts[1]).trimmingWhitespace() : ""
    let command = MetaCommand.resolve(name)
    // Every typed line is a line of the session source (so line numbers count lines typed);
    // `:step STATEMENT` contributes its statement, other commands an empty line.
    commandLine = typedLineCount + 1
    commands[commandLine] = line
    let start = appendSource(
      lines: command == .step || command == .type ? [argument] + continued : [""])
    guard let command else {
      unknownCommand(name)
      return
    }
    switch command {
    case .help: help(argument)
    case .explain: explain(argument)
    case .load: load(argument, line: commandLine)
    case .reload: reload(argument, line: commandLine)
    case .save: save(argument)
    case .undo: undo()
    case .reset: reset()
    case .state: emit(.standardOutput, stateDescription())
    case .type: typeOf(argument, at: start)
    case .info: info(argument)
    case .trace:
      guard let on = onOff(argument, ":trace", now: interpreter.traceEnabled) else { return }
      if on != interpreter.traceEnabled {
        logEntry(.trace(on), script: "trace " + (on ? "on" : "off"), line: commandLine)
      }
      interpreter.traceEnabled = on
      emit(.standardOutput, "trace " + (on ? "on" : "off"))
    case .time:
      guard let on = onOff(argument, ":time", now: timing) else { return }
      timing = on
      emit(.standardOutput, "time " + (on ? "on" : "off"))
    case .history: showHistory(argument)
    case .step: step(([argument] + continued).joined(separator: "\n"), at: start)
    case .next:
      guard let n = Int(argument.isEmpty ? "1" : argument), n > 0 else {
        emit(.standardError, "error: ':next' takes a number of frames, e.g. ':next 5'")
        return
      }
      runFrames(n)
    case .continue: runFrames(Int.max)
    case .quit: isFinished = true
    }
  }

  /// A command no command is named by: an ambiguous prefix says which it could be.
  func unknownCommand(_ name: String) {
    let candidates = MetaCommand.candidates(name).map { ":" + $0.rawValue }
    if candidates.count > 1 {
      emit(
        .standardError,
        "error: ':\(name)' is ambiguous: " + candidates.joined(separator: ", ")
          + "; type more of the name")
      return
    }
    let words = MetaCommand.allCases.map { ":" + $0.rawValue }
    let hint = suggestion(for: ":" + name, among: words) ?? "type :help for the list"
    emit(.standardError, "error: unknown command ':\(name.escapingControlCharacters)'; \(hint)")
  }

  /// `on`, `off`, or nothing (the setting as it is); nil after saying what is wrong.
  func onOff(_ argument: String, _ command: String, now: Bool) -> Bool? {
    switch argument {
    case "on": return true
    case "off": return false
    case "": return now
    default:
      emit(.standardError, "error: '\(command.escapingControlCharacters)' takes 'on' or 'off'")
      return nil
    }
  }

  func showHistory(_ argument: String) {
    guard let count = argument.isEmpty ? 50 : Int(argument), count > 0 else {
      emit(.standardError, "error: ':history' takes a number of entries, e.g. :history 5")
      return
    }
    let shown = history.suffix(count)
    let first = history.count - shown.count + 1
    emit(
      .standardOutput,
      shown.enumerated().map { "\(String(first + $0.offset).leftPadded(4))  \($0.element)" }
        .joined(separator: "\n"))
  }

  func help(_ topic: String) {
    let width = screenColumns
    if topic.isEmpty {
      var lines = ["Type statements as in a .gl file; an open { continues on the next line.", ""]
      lines += MetaCommand.allCases.map { "  " + $0.usage }
      lines += ["", "Topics (:help TOPIC):"]
      lines += Columns.layout(HelpTopics.names, width: width - 2).map { "  " + $0 }
      lines.append("Tab completes keywords, properties, members, index paths and file names.")
      emit(.standardOutput, lines.joined(separator: "\n"))
      return
    }
    guard let text = HelpTopics.text(for: topic) ?? infoText(topic) else {
      let hint = suggestion(for: topic, among: HelpTopics.names).map { $0 + " " } ?? ""
      emit(
        .standardError,
        "error: no help for '\(topic.escapingControlCharacters)'; \(hint):help lists the topics")
      return
    }
    emit(.standardOutput, text)
  }

  /// `:explain GL1003`: the catalogue's long explanation of a code.
  func explain(_ id: String) {
    guard let code = MessageCode(id: id) else {
      emit(
        .standardError,
        "error: ':explain' takes a diagnostic code such as GL1003; codes run from "
          + "\(MessageCode.allCases.first!.id) to \(MessageCode.allCases.last!.id)")
      return
    }
    emit(.standardOutput, code.explanation)
  }

  func reset() {
    expectationsPassed = 0
    expectationsFailed = 0
    log = []
    freshState()
    emit(.standardOutput, "a fresh session")
  }

  /// A new checker and interpreter: the state of a session no entry has run in yet.
  func freshState() {
    // A fresh session has used no file yet: `use` includes it again (and :undo's replay
    // re-reads what the log's entries use).
    source.forgetUsedFiles()
    checker = Checker(limits: options.limits)
    interpreter = Interpreter(file: SourceFile(name: source.name, text: ""), limits: options.limits)
    configureInterpreter()
    stepping = nil
    steppingEntry = nil
    unrevealed = []
  }

  /// Runs a file in the session before any line is typed (`gl repl FILE`).
  public func load(_ argument: String) { load(argument, line: 0) }

  /// `:reload [FILE]`: a fresh session, then the file (the last one loaded when none is
  /// named) — what a lesson's advice "edit it, then run it again" needs, where `:load`
  /// would add the file's sections to the ones it already declared.
  func reload(_ argument: String, line: Int) {
    guard let path = argument.isEmpty ? lastLoaded : Self.expandedPath(argument) else {
      emit(.standardError, "error: ':reload' takes a file name: no file was loaded yet")
      record(.usage)
      return
    }
    load(path, line: line, fresh: true, expanded: true)
  }

  /// Runs a file in the session; its diagnostics and lines are the file's own. `line` is
  /// the typed line of the `:load` (0: none). `fresh`: the session starts again first —
  /// once the file could be read, so a mistyped name loses nothing.
  func load(_ argument: String, line: Int, fresh: Bool = false, expanded: Bool = false) {
    let path = expanded ? argument : Self.expandedPath(argument)
    guard !path.isEmpty else {
      emit(.standardError, "error: ':\(fresh ? "reload" : "load")' takes a file name")
      return
    }
    let file: SourceFile
    do throws(ScriptReadError) {
      file = try readScriptFile(path)
    } catch {
      switch error {
      case .unreadable(let reason):
        emit(.standardError, "error: " + reason.message("read", path))
        record(.usage)
      case .refused(let refused, let diagnostic):
        emit(.standardError, diagnostic.rendered(in: refused))
        record(.scriptError)
      }
      return
    }
    lastLoaded = path
    if fresh {
      reset()
    } else if case let count = log.filter({ !$0.failed && !$0.cancelled }).count, count > 0 {
      // A lesson loaded twice declares its sections twice: say so before it runs.
      emit(
        .standardError,
        "note: this session already has \(count) entr\(count == 1 ? "y" : "ies"); \(path) runs "
          + "after them, its sections added to theirs. `:reload \(path)` starts a fresh "
          + "session and loads it.")
    }
    let text = file.text
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = appendSource(
      lines: text.hasSuffix("\n") ? lines.dropLast() : lines, loaded: true)
    loaded.append(LoadedSegment(start: start, end: source.bytes.count, file: file))
    let ran = run(
      from: start,
      script: "# :load \(path)\n" + (text.hasSuffix("\n") ? String(text.dropLast()) : text),
      line: line, lines: 1)
    // As `gl run` ends a file with its summary, naming the file as it does for several.
    guard let (program, summary) = ran else { return }
    let count = program.statements.count
    var said = "\(path): \(count) statement\(count == 1 ? "" : "s") run"
    if summary.failed || summary.cancelled { said = "\(path): stopped" }
    if summary.expectationsPassed + summary.expectationsFailed > 0 {
      said +=
        "; expectations: \(summary.expectationsPassed) passed, \(summary.expectationsFailed) failed"
    }
    emit(.standardOutput, said)
  }

  /// `path` as `expandedPath` reads it back: in single quotes when it has a space, a quote
  /// or a `~` in front.
  static func shellQuoted(_ path: String) -> String {
    guard
      path.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" })
        || path.hasPrefix("~")
    else { return path }
    return "'" + path + "'"
  }

  /// A path as a shell would take it: quotes around it dropped, `~/` the home directory.
  public static func expandedPath(_ argument: String) -> String {
    var path = argument.trimmingWhitespace()
    if path.count >= 2, let first = path.first, first == "\"" || first == "'",
      path.last == first
    {
      path = String(path.dropFirst().dropLast())
    }
    if path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") {
      path = String(cString: home) + path.dropFirst()
    }
    return path
  }

  func segment(at offset: Int) -> LoadedSegment? {
    loaded.last { $0.start <= offset && offset < $0.end }
  }

  /// Bytes of loaded files before `offset`, which typed lines do not count.
  func loadedBytes(before offset: Int) -> Int {
    loaded.reduce(0) { $0 + ($1.end <= offset ? $1.end - $1.start : 0) }
  }

  func lineNumber(at offset: Int) -> Int {
    if let (file, local) = source.origin(of: offset) { return file.line(of: local) }
    if let s = segment(at: offset) { return s.file.line(of: offset - s.start) }
    return typed.line(of: offset - loadedBytes(before: offset))
  }

  /// A diagnostic moved into the file it belongs to: a loaded file, or the typed lines.
  func localize(_ d: Diagnostic) -> (SourceFile, Diagnostic)? {
    var shifted = d
    if let (file, range) = Optional(source.origin(of: d.range)), range != d.range {
      shifted.range = range
      return (file, shifted)
    }
    if let s = segment(at: d.range.start) {
      shifted.range = SourceRange(
        start: d.range.start - s.start, end: min(d.range.end, s.end) - s.start)
      return (s.file, shifted)
    }
    let shift = loadedBytes(before: d.range.start)
    shifted.range = SourceRange(start: d.range.start - shift, end: d.range.end - shift)
    return (typed, shifted)
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
