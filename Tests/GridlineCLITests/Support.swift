import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

/// Runs (or checks) a file the way `gl` does and returns everything it wrote, stdout and
/// stderr interleaved in order, one line per write, plus the exit status.
/// `svg` files go to `outputDirectory` (by default a scratch directory, never the checkout);
/// `draw` pictures are `columns` wide, as `gl run --width` makes them.
func transcript(
  of path: String, text: String? = nil, json: Bool = false, check: Bool = false,
  limits: Limits = Limits(), outputDirectory: URL? = nil, columns: Int = 80,
  precision: Int = 3
) -> (text: String, status: ScriptStatus) {
  let source = text ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  let name =
    path.hasPrefix(repositoryRoot.path + "/")
    ? String(path.dropFirst(repositoryRoot.path.count + 1)) : path
  var lines: [String] = []
  let scratch = outputDirectory == nil ? scratchDirectory() : nil
  defer { scratch.map { try? FileManager.default.removeItem(at: $0) } }
  var options = RunOptions(json: json, limits: limits)
  options.outputDirectory = (outputDirectory ?? scratch!).path
  options.columns = columns
  options.precision = precision
  let runner = ScriptRunner(options: options) { _, text in
    if !text.isEmpty { lines.append(text) }
  }
  let file = SourceFile(name: name, text: source)
  let status = check ? runner.check(file) : runner.run(file)
  return (lines.map { $0 + "\n" }.joined(), status)
}

/// Compares `actual` with the file at `expectedPath`. With GRIDLINE_RECORD=1 in the
/// environment it rewrites the file instead and fails, so nothing is recorded silently.
func expectGolden(
  _ actual: String, at expectedPath: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  if ProcessInfo.processInfo.environment["GRIDLINE_RECORD"] == "1" {
    try? actual.write(toFile: expectedPath, atomically: true, encoding: .utf8)
    Issue.record(
      "recorded \(expectedPath); run again without GRIDLINE_RECORD", sourceLocation: sourceLocation)
    return
  }
  guard let expected = try? String(contentsOfFile: expectedPath, encoding: .utf8) else {
    Issue.record(
      "missing \(expectedPath); run with GRIDLINE_RECORD=1 to create it",
      sourceLocation: sourceLocation)
    return
  }
  if actual != expected {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = Array(zip(a, e)).firstIndex { $0.0 != $0.1 } ?? min(a.count, e.count)
    Issue.record(
      """
      \(expectedPath) differs at line \(line + 1)
      expected: \(line < e.count ? String(e[line]) : "<end>")
      actual:   \(line < a.count ? String(a[line]) : "<end>")
      """, sourceLocation: sourceLocation)
  }
}

/// Runs the built `gl` (or `executable`) in `directory`; returns stdout and stderr
/// together, and the status.
func gl(
  _ arguments: [String], in directory: URL, stdin: String? = nil,
  executable: String = glExecutable
) throws -> (String, Int32) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = directory
  let out = Pipe()
  process.standardOutput = out
  process.standardError = out
  let input = Pipe()
  if stdin != nil { process.standardInput = input }
  try process.run()
  if let stdin {
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
  }
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// Writes `text` to the file `name` in `directory` (a script, or a file a test needs).
func put(_ text: String, _ name: String, in directory: URL) throws {
  try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
}
