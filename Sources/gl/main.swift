import ArgumentParser
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
    version: gridlineVersion,
    subcommands: [Run.self, Check.self])
}

let gridlineVersion = "0.1.0"

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run scripts: declarations, then steps (scroll, show, expect, …).",
    discussion: """
      Exit status: 0 success, 1 an expect failed, 64 usage, 65 the script has errors, \
      70 runtime failure.
      """)

  @Argument(help: "The .gl files to run, in order.")
  var files: [String]

  @Flag(help: "Write JSON Lines (one object per output) instead of text.")
  var json = false

  @Flag(help: "Start every script with 'trace on'.")
  var trace = false

  func run() throws {
    let runner = ScriptRunner(options: RunOptions(json: json, trace: trace), write: emit)
    throw ExitCode(runAll(files) { runner.run($0) })
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Parse and check scripts without running them.")

  @Argument(help: "The .gl files to check.")
  var files: [String]

  @Flag(help: "Write diagnostics as JSON Lines.")
  var json = false

  func run() throws {
    let runner = ScriptRunner(options: RunOptions(json: json), write: emit)
    throw ExitCode(runAll(files) { runner.check($0) })
  }
}

/// Runs each file; the worst status wins (runtime failure > script error > failed expect).
func runAll(_ paths: [String], _ body: (SourceFile) -> ScriptStatus) -> Int32 {
  var worst: ScriptStatus = .success
  for path in paths {
    guard let text = readFile(path) else {
      emit(.standardError, "gl: error: cannot read '\(path)'")
      return ScriptStatus.usage.rawValue
    }
    let status = body(SourceFile(name: path, text: text))
    if rank(status) > rank(worst) { worst = status }
  }
  return worst.rawValue
}

func rank(_ status: ScriptStatus) -> Int {
  switch status {
  case .success: 0
  case .expectationFailed: 1
  case .scriptError: 2
  case .runtimeFailure: 3
  case .usage: 4
  }
}

func emit(_ stream: OutputStream, _ text: String) {
  if text.isEmpty { return }
  switch stream {
  case .standardOutput: print(text)
  case .standardError:
    fflush(nil)  // stdout first, so the two streams stay in order on a terminal
    var line = text + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}

func readFile(_ path: String) -> String? {
  guard let handle = fopen(path, "rb") else { return nil }
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = fread(&buffer, 1, buffer.count, handle)
    if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
    if n < buffer.count { break }
  }
  if ferror(handle) != 0 { return nil }
  return String(decoding: bytes, as: UTF8.self)
}

GL.main()
