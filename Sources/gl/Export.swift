import ArgumentParser
import GridlineCLI
import GridlineLanguage

/// `gl export swift FILE`: the script's layout as UIKit Swift for an app.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a script's layout as code for an app.",
    subcommands: [ExportSwift.self])
}

struct ExportSwift: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract: "Write the script's layout as UIKit Swift (a UICollectionViewFlowLayout or "
      + "UICollectionViewLayout subclass, or a UICollectionViewCompositionalLayout, and a "
      + "data source).",
    discussion: """
      The layout is the one in place at the end of the script's declarations, or the named \
      one (--layout). A flow layout is a UICollectionViewFlowLayout subclass whose data \
      source is its delegate; the sticky-header recipe, decorations, transforms (also those \
      that read the element or the bounds) and invalidation triggers are written as the \
      subclass's overrides. A custom layout \
      (layout custom) is a UICollectionViewLayout subclass with the four steps, its \
      prepare() translated from the layout code with gl's arithmetic. A compositional \
      layout is the NSCollectionLayout… descriptors that build it, one function per \
      section. Sticky grids, \
      transforms that read the selection, snap, row alignment, \
      self-sizing, computed item sizes and layout code the export cannot translate yet are \
      refused with a message. \
      --frames, --harness and --uikit-aliases write what .ci/check-exports compiles and \
      compares: the exported file is built against LayoutEngine under UIKit's names and \
      must lay out the frames the script does. An --out file that cannot be written is \
      exit 74 (EX_IOERR).
      """)

  @Argument(help: "The .gl file.", completion: .file(extensions: ["gl"]))
  var file: String?

  @Option(help: "The named layout to export (layout flow NAME { … }).")
  var layout: String?

  @Option(
    help: "The file to write (default: standard output).", completion: .file(extensions: ["swift"]))
  var out: String?

  @Flag(help: "Write the script's frames (by the interpreter) instead of Swift.")
  var frames = false

  @Flag(help: "Write a main.swift that lays out the exported classes and prints their frames.")
  var harness = false

  @Flag(help: "Write the file mapping UIKit's names to LayoutEngine's.")
  var uikitAliases = false

  func validate() throws {
    if [frames, harness, uikitAliases].filter({ $0 }).count > 1 {
      throw ValidationError("Give at most one of --frames, --harness, --uikit-aliases.")
    }
    if file == nil && !uikitAliases { throw ValidationError("Missing the .gl file to export.") }
    if out == "" { throw ValidationError("--out is empty: name the file, e.g. --out Layout.swift") }
    // A slip of the arguments (`--out a.gl` for `a.gl`) would replace a script with Swift.
    if let out, out.hasSuffix(".gl") {
      throw ValidationError("--out '\(out)' names a .gl script: the export would replace it.")
    }
  }

  func run() throws {
    if uikitAliases { return try deliver(SwiftExport.uikitAliases) }
    guard let file else { return }
    var source = try readScript(file)
    let runner = ScriptRunner(options: RunOptions(), write: emit)
    let status = runner.check(source)
    guard status == .success else { throw ExitCode(status.rawValue) }
    // The declarations of the files it uses are the script's too (checked just above).
    let program = Includes.resolve(
      Parser.parse(source).0, in: &source, path: file, directory: Includes.directory(of: file),
      access: .system
    ).program
    do {
      if frames { return try deliver(SwiftExport.frames(program, file: source, layout: layout)) }
      if harness { return try deliver(SwiftExport.harness(program, file: source, layout: layout)) }
      let result = try SwiftExport.swift(
        program, file: source, layout: layout, version: gridlineVersion)
      for warning in result.warnings {
        emit(
          .standardError,
          "gl: warning: \(place(warning)): \(warning.text.escapingControlCharacters)")
      }
      try deliver(result.source)
    } catch let problem as ExportProblem {
      emit(
        .standardError,
        "gl: error: \(place(problem)): cannot export: \(problem.text.escapingControlCharacters)")
      throw ExitCode(ScriptStatus.scriptError.rawValue)
    }
  }

  /// `FILE` or `FILE:LINE`.
  private func place(_ problem: ExportProblem) -> String {
    (file ?? "") + (problem.line.map { ":\($0)" } ?? "")
  }

  private func deliver(_ text: String) throws {
    guard let out else {
      emit(.standardOutput, String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
      return
    }
    do {
      try replaceFile(out, with: text, mode: 0o644)
    } catch {
      emit(.standardError, "gl: error: " + error.message("write", out))
      throw ExitCode(ScriptStatus.ioError.rawValue)
    }
  }
}
