import ArgumentParser
import GridlineCLI

struct Editors: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write the editor support files made from the language's vocabulary.",
    discussion: """
      A TextMate grammar (gridline.tmLanguage.json) and a VS Code extension folder \
      (vscode/). The checkout keeps them in editors/: run `gl editors --out editors` after \
      adding a word to the language. A file that cannot be written is exit 74.
      """)

  @Option(help: "The folder to write into.", completion: .directory)
  var out = "editors"

  func validate() throws { try validateOutputDirectory(out) }

  func run() throws {
    switch EditorFiles.write(into: out) {
    case .success(let paths):
      for path in paths { emit(.standardOutput, "editors: wrote \(path)") }
    case .failure(let error):
      emit(.standardError, "gl: error: " + error.message)
      throw ExitCode(ScriptStatus.ioError.rawValue)
    }
  }
}
