import ArgumentParser
import GridlineCLI
import GridlineServe

struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the playground: touch, inspect and edit a layout in a browser.",
    discussion: """
      Prints the page's URL. The page runs FILE (or a starter script), scrolls with the \
      wheel, drags and flings with the pointer, taps and inspects on a click, and runs \
      the script again as it is edited or saved; docs/playground.md describes the page \
      and its protocol. It listens on 127.0.0.1 only, unless --host says otherwise. \
      Exit status: 64 usage (FILE cannot be read), 65 FILE is no script, 69 the address \
      cannot be listened on; Ctrl-C stops it.
      """)

  @Argument(help: "The .gl file the page opens and watches.", completion: .file(extensions: ["gl"]))
  var file: String?

  @Option(help: "The port (0: any free port; the URL printed says which).")
  var port = 8080

  @Option(help: "The address to listen on (default 127.0.0.1: this machine only).")
  var host = "127.0.0.1"

  @Option(
    help: "The directory the scripts' 'svg' steps write into (default: they write nothing).",
    completion: .directory)
  var out: String?

  func validate() throws {
    if !(0...65535).contains(port) {
      throw ValidationError("--port takes 0 to 65535, not \(port).")
    }
    if let out { try validateOutputDirectory(out) }
  }

  func run() throws {
    var options = ServeOptions(file: file)
    options.host = host
    options.port = port
    options.outputDirectory = out
    // Read once here, so a FILE that cannot be served is a usage or script error now
    // rather than a page with nothing in it.
    if let file { _ = try readScript(file) }
    let server = PlaygroundServer(options: options)
    let bound: Int
    do {
      bound = try server.start()
    } catch {
      emit(.standardError, "gl: error: cannot listen on \(host):\(port): \(error)")
      throw ExitCode(69)
    }
    if !options.isLoopback {
      emit(
        .standardError,
        "gl serve: warning: listening on \(host): anyone who can reach this machine there "
          + "can run scripts in it")
    }
    let shown = host.contains(":") ? "[\(host)]" : host
    emit(
      .standardOutput,
      "gl serve: http://\(shown):\(bound)/" + (file.map { " — \($0)" } ?? "") + " (Ctrl-C stops)")
    StandardStreams.flush()
    server.wait()
  }
}
