import GridlineLanguage
import GridlineRender
import LayoutEngine

/// Where a line of output goes.
public enum OutputStream: Sendable {
  case standardOutput, standardError
}

/// sysexits-style exit statuses of `gl`.
public enum ScriptStatus: Int32, Sendable {
  case success = 0
  /// An `expect` failed.
  case expectationFailed = 1
  case usage = 64
  /// The script has parse or check errors; nothing ran.
  case scriptError = 65
  case runtimeFailure = 70
  /// A file gl was asked to write (`--out`, `--junit`, `-i`, a golden) could not be:
  /// EX_IOERR, as for a failed write to stdout or stderr (`StandardStreams`).
  case ioError = 74

  /// Which of two outcomes to report: usage > I/O error > runtime failure > script error >
  /// failed expect.
  public var severity: Int {
    switch self {
    case .success: 0
    case .expectationFailed: 1
    case .scriptError: 2
    case .runtimeFailure: 3
    case .ioError: 4
    case .usage: 5
    }
  }
}

public struct RunOptions: Sendable {
  /// JSON Lines instead of text.
  public var json = false
  /// Start with `trace on`.
  public var trace = false
  /// The width of `draw` pictures, in columns.
  public var columns = 80
  /// The decimals tables show (`--precision N`); `--json` keeps every digit.
  public var precision = AttributeTable.defaultPrecision
  /// Where `svg` writes (scripts cannot write outside it).
  public var outputDirectory = "."
  /// Colour in drawings (a terminal without NO_COLOR).
  public var colour = false
  public var limits = Limits()
  /// Several files run together (`ScriptRunner.runFiles`): summaries name their file, and
  /// so does every JSON object.
  public var namesFiles = false

  public init(json: Bool = false, trace: Bool = false, limits: Limits = Limits()) {
    self.json = json
    self.trace = trace
    self.limits = limits
  }
}

/// Runs and checks scripts for `gl run` / `gl check`, turning the interpreter's values
/// into text or JSON lines handed to `write`. It never prints itself.
public struct ScriptRunner {
  public let options: RunOptions
  let write: (OutputStream, String) -> Void

  public init(options: RunOptions, write: @escaping (OutputStream, String) -> Void) {
    self.options = options
    self.write = write
  }

  /// `gl check`: parse and check, report every diagnostic; with several files, a summary
  /// line for each (`a.gl: 1 error, 0 warnings`), since a clean file prints nothing else.
  public func check(_ file: SourceFile) -> ScriptStatus {
    var file = file
    let (_, diagnostics) = Self.analyse(&file, options.limits)
    report(diagnostics, in: file)
    let errors = diagnostics.count { $0.severity == .error }
    if options.namesFiles && !options.json {
      let warnings = diagnostics.count { $0.severity == .warning }
      let counts = [(errors, "error"), (warnings, "warning")].map { n, noun in
        "\(n) \(noun)\(n == 1 ? "" : "s")"
      }
      write(.standardOutput, summaryLine(counts.joined(separator: ", "), file))
    }
    return errors > 0 ? .scriptError : .success
  }

  /// `gl run`: check, then run; the exit status says how it ended.
  public func run(_ file: SourceFile) -> ScriptStatus { runSummarised(file).status }

  /// `run`, with what the run counted (nil when the script has errors and nothing ran).
  public func runSummarised(_ file: SourceFile) -> (status: ScriptStatus, summary: RunSummary?) {
    var file = file
    let (program, diagnostics) = Self.analyse(&file, options.limits)
    if !diagnostics.isEmpty {
      report(diagnostics, in: file)
      if options.json { summary(file, RunSummary()) }
      return (.scriptError, nil)
    }
    let interpreter = interpreter(for: file)
    interpreter.traceEnabled = options.trace
    let result = interpreter.run(program) { output in self.show(output, file) }
    if options.json {
      summary(file, result)
    } else if result.expectationsPassed + result.expectationsFailed > 0 {
      let counts = "\(result.expectationsPassed) passed, \(result.expectationsFailed) failed"
      write(.standardOutput, summaryLine("expectations: " + counts, file))
    }
    if result.failed || result.cancelled { return (.runtimeFailure, result) }
    return (result.expectationsFailed > 0 ? .expectationFailed : .success, result)
  }

  /// An interpreter for `file` whose `svg` statements write below the output directory.
  func interpreter(for file: SourceFile) -> Interpreter {
    let interpreter = Interpreter(file: file, limits: options.limits)
    interpreter.writeFile = SVGFile.writer(in: options.outputDirectory)
    interpreter.drawingColumns = options.columns
    return interpreter
  }

  /// `gl render FILE [--svg OUT] [--plot PLOT] [--at LINE] [--frames]`: runs the script
  /// (through LINE), then writes its state as SVG to OUT (with `frames`, a strip of every
  /// statement and frame) and a chart of its offset and velocity against time to PLOT —
  /// paths the user chose, so not confined like a script's, but SVG files all the same
  /// (`SVGPath`): a name that does not end in .svg is a usage error and nothing runs.
  public func render(
    _ file: SourceFile, svg out: String?, plot: String? = nil, at line: Int?, frames: Bool = false,
    viewportMargin: Double? = nil
  ) -> ScriptStatus {
    for path in [out, plot].compactMap({ $0 }) {
      if let refusal = SVGPath.refusal(path, confined: false) {
        write(.standardError, "gl: error: " + refusal.text)
        return .usage
      }
    }
    var file = file
    var (program, diagnostics) = Self.analyse(&file, options.limits)
    if !diagnostics.isEmpty {
      report(diagnostics, in: file)
      return .scriptError
    }
    if let line { program.statements = Self.statements(of: program, in: file, through: line) }
    let interpreter = interpreter(for: file)
    let handle: (Output) -> Void = { output in self.show(output, file) }
    let run = { () -> (RunSummary, [SVGState]) in
      frames
        ? interpreter.runRecording(program, emit: handle)
        : (interpreter.run(program, emit: handle), [])
    }
    // Only a plot asked for is recorded: its samples count against the frame limit.
    var plotted: PlotOutput?
    var (result, states) = (RunSummary(), [SVGState]())
    if plot != nil {
      ((result, states), plotted) = interpreter.plotting(caption: file.name, run)
    } else {
      (result, states) = run()
    }
    if result.failed || result.cancelled { return .runtimeFailure }
    if let out {
      let document = SVGFile.document(
        frames ? states : interpreter.svgSnapshot(), viewportMargin: viewportMargin)
      guard save(document, to: out) else { return .ioError }
    }
    if let plot, let plotted {
      guard plotted.frames > 0 else {
        write(
          .standardError,
          "gl: error: \(file.name) runs no frames, so there is nothing to plot "
            + "(a scroll or a drag over frames, a release or a fling runs them)")
        return .runtimeFailure
      }
      guard save(SVGFile.document(plotted), to: plot) else { return .ioError }
    }
    return result.expectationsFailed > 0 ? .expectationFailed : .success
  }

  /// The statements that start on or before `line` of the script (`gl render --at`). A
  /// used file's declarations stand where their `use` stood, so they go with the
  /// script's statement before them (and stay when none is before them): exact unless
  /// LINE falls between that statement and the `use`.
  package static func statements(of program: Program, in file: SourceFile, through line: Int)
    -> [Statement]
  {
    var keeping = true
    return program.statements.filter { statement in
      if file.origin(of: statement.range.start) == nil {
        keeping = file.line(of: statement.range.start) <= line
      }
      return keeping
    }
  }

  /// Writes a file `gl render` was asked for and says so; false (the error reported) when
  /// it could not.
  private func save(_ document: String, to path: String) -> Bool {
    do {
      try replaceFile(path, with: document, mode: 0o644)
    } catch {
      write(.standardError, "gl: error: " + error.message("write", path))
      return false
    }
    write(.standardOutput, "render: wrote \(path)")
    return true
  }

  /// Parse and check diagnostics together, in source order: the checker also sees the
  /// statements that parsed when others did not, so one run reports every mistake. The
  /// files the script uses are read from the file system, relative to it, and recorded in
  /// `file` (their diagnostics come after the script's own).
  package static func analyse(_ file: inout SourceFile, _ limits: Limits) -> (Program, [Diagnostic])
  {
    let analysis = Analysis(&file, limits, access: .system)
    return (analysis.program, analysis.diagnostics)
  }

  /// The first diagnostics (`Diagnostic.shown`), then how many more there are: as a line
  /// on stderr, or in JSON as `{"type":"omitted","count":N,"message":"and N more errors"}`.
  func report(_ diagnostics: [Diagnostic], in file: SourceFile) {
    let (shown, more) = Diagnostic.shown(diagnostics)
    for diagnostic in shown { show(.diagnostic(diagnostic), file) }
    guard let more else { return }
    if options.json {
      let omitted = JSON.object([
        ("type", .string("omitted")), ("file", .string(file.name)),
        ("count", .number(Double(diagnostics.count - shown.count))), ("message", .string(more)),
      ])
      write(.standardOutput, omitted.rendered)
    } else {
      write(.standardError, more)
    }
  }

  func summary(_ file: SourceFile, _ result: RunSummary) {
    write(
      .standardOutput,
      JSON.object([
        ("type", .string("summary")), ("file", .string(file.name)),
        ("steps", .number(Double(result.steps))),
        ("expectationsPassed", .number(Double(result.expectationsPassed))),
        ("expectationsFailed", .number(Double(result.expectationsFailed))),
      ]).rendered)
  }

  func show(_ output: Output, _ file: SourceFile) {
    if options.json {
      write(.standardOutput, naming(OutputJSON.line(output, file), file).rendered)
    } else {
      let (stream, text) = OutputText.text(
        output, file, columns: options.columns, colour: options.colour,
        precision: options.precision)
      write(stream, text)
    }
  }
}
