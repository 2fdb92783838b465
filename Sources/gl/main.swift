import ArgumentParser
import GridlineCLI
import GridlineLanguage
import GridlineREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `gl`: run and check Gridline scripts.
struct GL: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "gl",
    abstract: "Describe, run and inspect collection-view layouts (.gl scripts).",
    discussion: """
      Tab completion of commands, options and .gl files for your shell: \
      gl --generate-completion-script bash|zsh|fish (see README).
      """,
    version: gridlineVersion,
    subcommands: [
      Run.self, Check.self, Test.self, Fmt.self, Repl.self, Render.self, Explain.self,
      Tutorial.self, Highlight.self, Editors.self, Export.self, Lsp.self, Serve.self,
    ],
    defaultSubcommand: Repl.self)
}

let gridlineVersion = "0.1.0"

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run scripts: declarations, then steps (scroll, show, expect, …).",
    discussion: """
      Exit status: 0 success, 1 an expect failed, 64 usage, 65 the script has errors, \
      70 runtime failure, 74 output that cannot be written. A reader that goes away \
      (gl run s.gl | head -1) ends the output quietly; the status is the run's own.
      """)

  @Argument(help: "The .gl files to run, in order.", completion: .file(extensions: ["gl"]))
  var files: [String]

  @Flag(help: "Write JSON Lines (one object per output) instead of text.")
  var json = false

  @Flag(help: "Start every script with 'trace on'.")
  var trace = false

  @Option(help: "The width of 'draw' pictures in columns (default: the terminal's, else 80).")
  var width: Int?

  @Option(
    help:
      "The decimals of the numbers 'print', 'show' and 'draw' write (0…17, default 3; --json keeps all)."
  )
  var precision = 3

  @Option(
    help: "The directory 'svg' steps write into (default: the working directory).",
    completion: .directory)
  var out = "."

  @Flag(help: "Run again whenever the file, or a file it uses, changes (Ctrl-C stops).")
  var watch = false

  func validate() throws {
    if watch && files.count != 1 { throw ValidationError("--watch runs one file.") }
    if !(0...17).contains(precision) {
      throw ValidationError("--precision takes 0 to 17 decimals, not \(precision).")
    }
    try validateOutputDirectory(out)
  }

  func run() throws {
    var options = RunOptions(json: json, trace: trace)
    options.columns = drawingWidth(width)
    options.precision = precision
    options.outputDirectory = out
    options.colour = !json && isatty(1) == 1 && (Environment.variables["NO_COLOR"] ?? "").isEmpty
    let runner = ScriptRunner(options: options, write: emit)
    guard watch else { throw ExitCode(runner.runFiles(files).rawValue) }
    let terminal = isatty(1) == 1
    Watch(path: files[0]) {
      // A terminal starts each run on a clean screen; a pipe gets a rule between runs.
      emit(.standardOutput, terminal ? "\u{1B}[H\u{1B}[2J\u{1B}[3J" : "──")
      let status = runner.runFiles(files)
      emit(.standardOutput, "gl: exit \(status.rawValue); watching \(files[0]) (Ctrl-C stops)")
      StandardStreams.flush()  // a pipe sees each round as it ends
      // Watching would go on for ever with nobody to see it: the check at exit says why.
      if StandardStreams.failed { StandardStreams.exitFailed() }
    }.loop()
  }
}

struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Explain a diagnostic code: the mistake, a script that makes it, the mend.",
    discussion:
      "Every diagnostic ends with its code, e.g. [GL1003]; without a code, lists them all.")

  @Argument(help: "The code, e.g. GL1003 (the GL is optional).")
  var code: String?

  func run() throws {
    guard let code else {
      let lines = MessageCode.allCases.map { "\($0.id)  \($0.title)" }
      emit(.standardOutput, lines.joined(separator: "\n"))
      return
    }
    guard let known = MessageCode(id: code) else {
      emit(
        .standardError,
        "gl: error: no diagnostic code '\(code)'; `gl explain` lists them "
          + "(\(MessageCode.allCases.first!.id) … \(MessageCode.allCases.last!.id))")
      throw ExitCode(64)
    }
    emit(.standardOutput, known.explanation)
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Parse and check scripts without running them.")

  @Argument(help: "The .gl files to check.", completion: .file(extensions: ["gl"]))
  var files: [String]

  @Flag(help: "Write diagnostics as JSON Lines.")
  var json = false

  func run() throws {
    let runner = ScriptRunner(options: RunOptions(json: json), write: emit)
    throw ExitCode(runner.runFiles(files, check: true).rawValue)
  }
}

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run a script and write its final state (or the state after a line) as SVG.",
    discussion: """
      --plot charts the content offset and its velocity against time over the run. An \
      --svg or --plot file that cannot be written is exit 74 (EX_IOERR).
      """)

  @Argument(help: "The .gl file.", completion: .file(extensions: ["gl"]))
  var file: String

  @Option(help: "The SVG file to write.", completion: .file(extensions: ["svg"]))
  var svg: String?

  @Option(
    help: "An SVG chart of the content offset and velocity against time to write.",
    completion: .file(extensions: ["svg"]))
  var plot: String?

  @Option(help: "Stop after the statements that start on or before this line.")
  var at: Int?

  @Flag(help: "A film strip: the state before the script and after each statement and frame.")
  var frames = false

  @Option(help: "The directory 'svg' steps in the script write into.", completion: .directory)
  var out = "."

  @Flag(help: "Draw only what the screen shows: the viewport (and --margin points around it).")
  var viewportOnly = false

  @Option(help: "With --viewport-only, the points drawn around the viewport (default 0).")
  var margin: Double?

  func validate() throws {
    if let margin {
      guard viewportOnly else { throw ValidationError("--margin goes with --viewport-only.") }
      guard margin.isFinite, margin >= 0, margin <= Limits.viewportMargin else {
        throw ValidationError(
          "--margin is a number of points from 0 to \(Int(Limits.viewportMargin)), not \(margin).")
      }
    }
    if viewportOnly && svg == nil {
      throw ValidationError("--viewport-only draws into --svg OUT.")
    }
    if svg == nil && plot == nil {
      throw ValidationError(
        "Give --svg OUT (the state), --plot OUT (offset and velocity), or both.")
    }
    if frames && svg == nil { throw ValidationError("--frames draws its strip into --svg OUT.") }
    try validateOutputDirectory(out)
  }

  func run() throws {
    let source = try readScript(file)
    var options = RunOptions()
    options.outputDirectory = out
    let runner = ScriptRunner(options: options, write: emit)
    let status = runner.render(
      source, svg: svg, plot: plot, at: at, frames: frames,
      viewportMargin: viewportOnly ? margin ?? 0 : nil)
    throw ExitCode(status.rawValue)
  }
}

struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The interactive REPL (also: gl with no arguments). Piped input runs as a script.",
    discussion: """
      On a terminal: line editing, history (Ctrl-R), Tab completion, :help. With stdin \
      not a terminal, lines run without prompts; the first error ends the run with status \
      65 (script error) or 70 (runtime failure) unless --keep-going.
      """)

  @Argument(help: "A .gl file to load first.", completion: .file(extensions: ["gl"]))
  var file: String?

  @Flag(help: "With piped input, go on after an error.")
  var keepGoing = false

  @Option(help: "The width of 'draw' pictures in columns (default: the terminal's, else 80).")
  var width: Int?

  func run() throws {
    let environment = Environment.variables
    let history = HistoryFile.defaultPath(environment: environment).map { HistoryFile(path: $0) }
    var options = REPLOptions(keepGoing: keepGoing)
    let terminal = isatty(0) == 1
    options.colour = terminal && isatty(1) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
    options.interactive = terminal
    options.columns = drawingWidth(width)
    var sessionRef: REPLSession?
    let editor =
      terminal
      ? EditLineReader(history: history) { sessionRef?.complete($0) ?? Completion() } : nil
    if editor == nil {
      options.interactive = false
      options.colour = false
    }
    // On a terminal an entry's output is held and paged when longer than the screen.
    let pager =
      editor == nil || isatty(1) != 1
      ? nil
      : Pager(
        screen: { Pager.terminalSize() },
        readKey: { Pager.readTerminalKey() },
        keepTypedAhead: { editor?.push(Pager.takeTypedAhead()) },
        external: environment["PAGER"], write: emit)
    let session = REPLSession(options: options, write: pager.map { $0.collect } ?? emit)
    sessionRef = session
    if pager != nil { session.progress = { EditLineReader.writeRaw(1, "\r\u{1B}[K" + $0) } }
    if let editor {
      // A question (`:save` over a file) is asked on the terminal, after what the entry
      // has written so far; only "y" or "yes" is yes.
      session.confirm = { question in
        pager?.flush()
        guard case .line(let answer) = editor.read(prompt: question + " [y/N] ") else {
          return false
        }
        return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
      }
    }
    if width == nil { session.drawingColumns = { drawingWidth(nil) } }
    // A drawing fits the screen with its title, rulers, legend and the next prompt.
    if isatty(1) == 1 { session.drawingRows = { max(8, Pager.terminalSize().rows - 9) } }
    if isatty(1) == 1 { session.listColumns = { Pager.terminalSize().columns } }
    let reader: LineReader = editor ?? PlainLineReader()
    if editor != nil {
      session.history = history?.load() ?? []
      emit(
        .standardOutput,
        "Gridline \(gridlineVersion): type statements as in a .gl file; :help for help, Ctrl-D to leave."
      )
    }
    if let file { session.load(file) }
    let status = REPLLoop.run(session, reader: reader) { pager?.flush() }
    throw ExitCode(status.rawValue)
  }
}

/// An empty `--out` would put `/` before every file's name: the files would land in the
/// root directory.
func validateOutputDirectory(_ out: String) throws {
  if out.isEmpty { throw ValidationError("--out is empty: name a directory, e.g. --out .") }
}

/// The script at `path`; a file that cannot be read is a usage error (64), named with the
/// system's reason, and one that is no script (too large, not text) a script error (65).
func readScript(_ path: String) throws -> SourceFile {
  do throws(ScriptReadError) {
    return try readScriptFile(path)
  } catch {
    emit(.standardError, error.message(path))
    if case .refused = error { throw ExitCode(ScriptStatus.scriptError.rawValue) }
    throw ExitCode(ScriptStatus.usage.rawValue)
  }
}

/// `--width`, else the width of the terminal on stdout, else 80 columns; at least 20.
func drawingWidth(_ requested: Int?) -> Int {
  if let requested { return max(20, min(requested, 1000)) }
  return isatty(1) == 1 ? max(20, Pager.terminalSize().columns) : 80
}

enum Environment {
  static var variables: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let eq = text.firstIndex(of: "=") {
        result[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      pointer += 1
    }
    return result
  }
}

func emit(_ stream: OutputStream, _ text: String) {
  if text.isEmpty { return }
  switch stream {
  case .standardOutput: StandardStreams.writeLine(text)
  case .standardError: StandardStreams.writeRaw(2, text + "\n")
  }
}

/// What argument-parser would misread: a mistyped command taken for the REPL's file
/// argument (`gl rn tour.gl`), `help` of a command that does not exist, `--version` with
/// other flags. Returns the exit status when it has answered.
func preflight(_ arguments: [String]) -> Int32? {
  let commands = GL.configuration.subcommands.map { $0._commandName }
  if arguments.contains("--version") {
    emit(.standardOutput, gridlineVersion)
    return 0
  }
  guard let first = arguments.first else { return nil }
  if first == "help", arguments.count > 1, !commands.contains(arguments[1]) {
    emit(.standardError, unknownCommand(arguments[1], commands))
    return ScriptStatus.usage.rawValue
  }
  // A word that is no command, no option and no file: a mistyped command, not a script.
  let looksLikePath = first.contains("/") || first.contains(".")
  if !first.hasPrefix("-"), !commands.contains(first), first != "help", !looksLikePath,
    access(first, F_OK) != 0
  {
    emit(.standardError, unknownCommand(first, commands))
    return ScriptStatus.usage.rawValue
  }
  return nil
}

func unknownCommand(_ word: String, _ commands: [String]) -> String {
  var text = "gl: error: unknown command '\(word)'"
  if let hint = suggestion(for: word, among: commands) { text += "; " + hint }
  return text + "\nthe commands are: " + commands.joined(separator: ", ")
    + " (gl FILE.gl opens the REPL on a file; gl help COMMAND says more)"
}

StandardStreams.start()
if let status = preflight(Array(CommandLine.arguments.dropFirst())) { exit(status) }
GL.main()
