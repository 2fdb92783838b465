import GridlineCLI
import GridlineLanguage
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL's own commands; any unique prefix works (`:h`, `:st`…).
enum MetaCommand: String, CaseIterable {
  case help, explain, load, reset, state, trace, history, step, next, `continue`, quit

  /// One-letter forms of the commands used most (`:h`, `:s` while stepping, …).
  static let shortForms: [String: MetaCommand] = [
    "h": .help, "l": .load, "s": .step, "n": .next, "c": .continue, "q": .quit,
  ]

  /// The command a typed prefix names: exact first, a one-letter form, then the only
  /// command it starts.
  static func resolve(_ typed: String) -> MetaCommand? {
    if let exact = MetaCommand(rawValue: typed) ?? shortForms[typed] { return exact }
    let matches = allCases.filter { $0.rawValue.hasPrefix(typed) }
    return matches.count == 1 ? matches[0] : nil
  }

  var usage: String {
    switch self {
    case .help: ":help [topic]       statements and examples (:help scroll)"
    case .explain: ":explain CODE       what a diagnostic code means (:explain GL1003)"
    case .load: ":load FILE          run a .gl file in this session"
    case .reset: ":reset              forget everything: a fresh session"
    case .state: ":state              viewport, offset, content size, visible, layout"
    case .trace: ":trace on|off       print every layout callback of each step"
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
    let start = appendSource(lines: command == .step ? [argument] + continued : [""])
    guard let command else {
      let candidates = MetaCommand.allCases.filter { $0.rawValue.hasPrefix(name) }
      let hint =
        candidates.isEmpty
        ? "type :help for the list"
        : "did you mean " + candidates.map { ":" + $0.rawValue }.joined(separator: " or ") + "?"
      emit(.standardError, "error: unknown command ':\(name)'; \(hint)")
      return
    }
    switch command {
    case .help: help(argument)
    case .explain: explain(argument)
    case .load: load(argument)
    case .reset: reset()
    case .state: emit(.standardOutput, stateDescription())
    case .trace:
      switch argument {
      case "on": interpreter.traceEnabled = true
      case "off": interpreter.traceEnabled = false
      case "": break
      default:
        emit(.standardError, "error: ':trace' takes 'on' or 'off'")
        return
      }
      emit(.standardOutput, "trace " + (interpreter.traceEnabled ? "on" : "off"))
    case .history:
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
    case .step: step(argument, at: start)
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

  func help(_ topic: String) {
    if topic.isEmpty {
      var lines = ["Type statements as in a .gl file; an open { continues on the next line.", ""]
      lines += MetaCommand.allCases.map { "  " + $0.usage }
      lines += ["", "Topics: " + HelpTopics.names.joined(separator: ", ")]
      lines.append("Tab completes keywords, properties, index paths and file names.")
      emit(.standardOutput, lines.joined(separator: "\n"))
      return
    }
    guard let t = HelpTopics.topic(topic) else {
      emit(
        .standardError,
        "error: no help for '\(topic)'; topics: " + HelpTopics.names.joined(separator: ", "))
      return
    }
    emit(.standardOutput, HelpTopics.text(of: t))
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
    checker = Checker(limits: options.limits)
    interpreter = Interpreter(file: SourceFile(name: source.name, text: ""), limits: options.limits)
    configureInterpreter()
    stepping = nil
    unrevealed = []
    emit(.standardOutput, "a fresh session")
  }

  /// Runs a file in the session; its diagnostics and lines are the file's own.
  public func load(_ argument: String) {
    let path = Self.expandedPath(argument)
    guard !path.isEmpty else {
      emit(.standardError, "error: ':load' takes a file name")
      return
    }
    let text: String
    do {
      text = try readTextFile(path)
    } catch {
      emit(.standardError, "error: " + error.message("read", path))
      record(.usage)
      return
    }
    let file = SourceFile(name: path, text: text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = appendSource(
      lines: text.hasSuffix("\n") ? lines.dropLast() : lines, loaded: true)
    loaded.append(LoadedSegment(start: start, end: source.bytes.count, file: file))
    run(from: start)
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
    if let s = segment(at: offset) { return s.file.location(of: offset - s.start).line }
    return typed.location(of: offset - loadedBytes(before: offset)).line
  }

  /// A diagnostic moved into the file it belongs to: a loaded file, or the typed lines.
  func localize(_ d: Diagnostic) -> (SourceFile, Diagnostic)? {
    var shifted = d
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
