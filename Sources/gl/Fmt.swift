import ArgumentParser
import GridlineCLI
import GridlineLanguage

struct Fmt: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write scripts in the one canonical layout (stdin to stdout without files).",
    discussion: """
      Two-space indentation, one statement per line (a block written on one line stays \
      so while it fits in 100 columns), spaces around operators, aligned trailing comments; \
      every comment and blank-line group kept. A folder stands for every .gl file below \
      it. Formatting needs only the syntax: a script that does not parse is not formatted, its syntax errors are printed \
      (exit 65); one with only gl check's errors (an unknown name, a wrong type) is \
      formatted, and nothing in it is run or evaluated. --check exits 1 \
      and names the files that would change; a file -i cannot rewrite is exit 74.
      """)

  @Argument(
    help:
      "The .gl files, and folders for every .gl file below them (none: read stdin, write stdout).",
    completion: .file(extensions: ["gl"]))
  var files: [String] = []

  @Flag(help: "Change nothing; name the files that are not formatted (exit 1 if any).")
  var check = false

  @Flag(name: .customShort("i"), help: "Rewrite the files in place (atomically).")
  var inPlace = false

  func validate() throws {
    if check && inPlace { throw ValidationError("--check changes nothing; -i rewrites: give one.") }
    if inPlace && files.isEmpty { throw ValidationError("-i rewrites files: name them.") }
  }

  func run() throws {
    let runner = FormatRunner(mode: check ? .check : inPlace ? .inPlace : .print, write: emit)
    guard files.isEmpty else { throw ExitCode(runner.run(files).rawValue) }
    let text: String
    do {
      text = try readTextFile("/dev/stdin")
    } catch {
      emit(.standardError, "gl: error: " + error.message("read", "<stdin>"))
      throw ExitCode(ScriptStatus.usage.rawValue)
    }
    throw ExitCode(runner.format(SourceFile(name: "<stdin>", text: text)).rawValue)
  }
}
