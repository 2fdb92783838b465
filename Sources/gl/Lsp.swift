import ArgumentParser
import GridlineLSP

struct Lsp: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the Language Server Protocol on stdin and stdout, for editors.",
    discussion: """
      Diagnostics as you type (gl check's, with codes and help), completion, hover, go to \
      definition and references, formatting (gl fmt), semantic tokens, quick fixes for \
      every did-you-mean, and the request gl/run. docs/editors.md shows how to start it \
      from VS Code, Neovim, Helix and others. Exit status: 0 after the client's shutdown \
      and exit, 1 when the client goes away without them.
      """)

  @Flag(help: "Talk over stdin and stdout (the only transport; editors pass it).")
  var stdio = false

  func run() throws {
    var options = LanguageServer.Options()
    options.version = gridlineVersion
    throw ExitCode(StdioConnection().serve(options: options))
  }
}
