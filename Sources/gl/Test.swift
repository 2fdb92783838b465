import ArgumentParser
import GridlineCLI

struct Test: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run .gl files as specs, in parallel: one line each (ok, FAIL, ERROR), a summary.",
    discussion: """
      Folders are searched for .gl files (hidden and .build folders skipped); a symbolic \
      link to a folder is not followed (as find does; a note names it), and a folder \
      that cannot be read is an ERROR line while the rest runs. A script with NAME.out \
      beside it must also print exactly that (and write the pictures of the same names \
      below the working directory); --update rewrites them, never through a link. Exit \
      status: 0 all passed, 1 a spec failed, 65 a script has errors, 70 a runtime \
      failure, 64 a usage error (a path or folder that cannot be read, an empty --junit, \
      a --filter that is no glob or picks no spec), 74 a golden or --junit that cannot \
      be written.
      """)

  @Argument(
    help: "Files and folders of specs (default: the working directory).",
    completion: .file(extensions: ["gl"]))
  var paths: [String] = []

  @Option(help: "Run only the specs whose path contains PATTERN or matches it as a glob.")
  var filter: String?

  @Flag(help: "Rewrite the NAME.out golden files (and pictures) of specs that have one.")
  var update = false

  @Option(help: "Also write the results as JUnit XML to FILE.", completion: .file())
  var junit: String?

  /// The report goes beside the specs: a name that is not `.xml` could be a spec or a
  /// golden of the run (`--junit t/a.gl`), which the report would replace.
  func validate() throws {
    if junit == "" {
      throw ValidationError("--junit is empty: name the report, e.g. --junit report.xml")
    }
    if let filter, let problem = SpecFiles.patternProblem(filter) {
      throw ValidationError("--filter '\(filter)' is no pattern: \(problem).")
    }
    if let junit, !junit.hasSuffix(".xml") {
      throw ValidationError(
        "--junit '\(junit)' does not end in .xml: name the report, e.g. --junit report.xml")
    }
  }

  func run() throws {
    var options = SpecOptions()
    options.paths = paths.isEmpty ? ["."] : paths
    options.filter = filter
    options.update = update
    options.junit = junit
    let suite = SpecSuite(options: options) { stream, text in emit(stream, text) }
    throw ExitCode(suite.run().rawValue)
  }
}
