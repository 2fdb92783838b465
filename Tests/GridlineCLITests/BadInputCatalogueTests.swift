import Foundation
import GridlineTestSupport
import Testing

/// The bad-input catalogue (issue 17): every class of bad input the project has met, one
/// file each, run through the real `gl` under a time and a memory limit, so a class that
/// regresses into a crash, a hang or an unbounded allocation fails here as a status,
/// never as a killed test run. The answer must be exactly the expected one.
@Suite("Bad-input catalogue")
struct BadInputCatalogueTests {
  static let folder = repositoryRoot.appendingPathComponent("Tests/GridlineCLITests/BadInput")
  static let caseFiles = files(in: folder, ending: ".case")
  /// Seconds and bytes of address space one case may take; the bounds the promise
  /// "in bounded time and memory" is checked against.
  static let seconds = 20
  static let addressSpace = 2 << 30

  @Test("the catalogue is there: a folder that lost its cases would pass every run")
  func present() {
    #expect(
      Self.caseFiles.count >= 100, "found \(Self.caseFiles.count) cases in \(Self.folder.path)")
  }

  @Test("each case gets exactly its answer", arguments: caseFiles)
  func answers(_ file: URL) throws {
    let name = file.deletingPathExtension().lastPathComponent
    let text = try String(contentsOf: file, encoding: .utf8)
    let badCase = try BadInputCase(name: name, text: text)
    let run = try BadInputRun(badCase)
    defer { run.removeScratch() }
    let result = try run.perform()
    if ProcessInfo.processInfo.environment["GRIDLINE_RECORD"] == "1" {
      try BadInputCase.record(result, into: file, original: text, had: badCase)
      Issue.record("recorded \(file.lastPathComponent); run again without GRIDLINE_RECORD")
      return
    }
    #expect(result.status != 124, "\(name): timed out after \(Self.seconds) s")
    #expect(result.status == badCase.exitStatus, "\(name): exit status")
    if let expected = badCase.expectedStandardError {
      expectSame(result.standardError, expected, "\(name) stderr")
    }
    if let expected = badCase.expectedStandardOutput {
      expectSame(result.standardOutput, expected, "\(name) stdout")
    }
  }

  @Test("the format's expansions")
  func expansions() throws {
    #expect(try BadInputCase.expand("a⟦xy⟧×3b") == Array("axyxyxyb".utf8))
    #expect(try BadInputCase.expand(#"\x{00}\x{ff}\\\u{1B}"#) == [0, 0xFF, 0x5C, 0x1B])
    #expect(try BadInputCase.expand("⟦⟧×5") == [])
    #expect(throws: BadInputCase.FormatError.self) { try BadInputCase.expand("⟦a⟧") }
    let parsed = try BadInputCase(
      name: "t",
      text: "# why\nargs: run SCRIPT  # a comment\nexit: 65\n--- script\nx\n\n--- stderr\ne\n")
    #expect(parsed.arguments == ["run", "SCRIPT"])
    #expect(parsed.script == "x\n\n")
    #expect(parsed.expectedStandardError == "e\n")
    #expect(parsed.expectedStandardOutput == nil)
  }
}

/// Records the first line where `actual` and `expected` part, with both lines.
func expectSame(
  _ actual: String, _ expected: String, _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard actual != expected else { return }
  let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let line = Array(zip(a, e)).firstIndex { $0.0 != $0.1 } ?? min(a.count, e.count)
  let shown = { (lines: [Substring]) in
    line < lines.count ? String(lines[line].prefix(300)) : "<end>"
  }
  Issue.record(
    """
    \(what) differs at line \(line + 1) (\(actual.utf8.count) bytes, expected \(expected.utf8.count))
    expected: \(shown(e))
    actual:   \(shown(a))
    """, sourceLocation: sourceLocation)
}

/// One run of a case in a scratch folder of its own: the script written there, `gl`
/// started through `sh` so that `ulimit` and `timeout` bound it and its descriptors can be
/// any file (a device, or closed).
struct BadInputRun {
  let badCase: BadInputCase
  let directory: URL
  let script: URL
  let output: URL

  init(_ badCase: BadInputCase) throws {
    self.badCase = badCase
    directory = scratchDirectory()
    script = directory.appendingPathComponent("script.gl")
    output = directory.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let bytes = try BadInputCase.expand(badCase.script ?? "")
    try Data(bytes).write(to: script)
  }

  func removeScratch() { try? FileManager.default.removeItem(at: directory) }

  func perform() throws -> (status: Int32, standardOutput: String, standardError: String) {
    let stdoutFile = directory.appendingPathComponent("stdout.txt")
    let stderrFile = directory.appendingPathComponent("stderr.txt")
    let input: String
    switch badCase.standardInput {
    case "none": input = "< /dev/null"
    case "script": input = "< \"$GL_SCRIPT\""
    default: input = "< '\(badCase.standardInput)'"
    }
    let output: String
    switch badCase.standardOutput {
    case "captured": output = "> \"$GL_STDOUT\""
    case "closed": output = ">&-"
    default: output = "> '\(badCase.standardOutput)'"
    }
    let limits = BadInputCatalogueTests.self
    // A gl built with AddressSanitizer (`make sanitize`) reserves terabytes of address
    // space for its shadow memory: there the memory bound is the sanitizer's to keep.
    let inherited = ProcessInfo.processInfo.environment
    let sanitized = inherited["ASAN_OPTIONS"] != nil || inherited["TSAN_OPTIONS"] != nil
    let command =
      (sanitized ? "" : "ulimit -v \(limits.addressSpace / 1024); ")
      + "exec timeout -s KILL \(limits.seconds) \"$@\" \(input) \(output) 2> \"$GL_STDERR\""
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command, "sh", glExecutable] + badCase.arguments.map(substitute)
    process.currentDirectoryURL = directory
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1", "TERM": "dumb",
      "LANG": "C.UTF-8", "GL_SCRIPT": script.path, "GL_STDOUT": stdoutFile.path,
      "GL_STDERR": stderrFile.path,
    ].merging(inherited.filter { $0.key.hasSuffix("SAN_OPTIONS") }) { mine, _ in mine }
    try process.run()
    process.waitUntilExit()
    // A process ended by a signal reports the signal's number: as a shell would, say
    // 128 + it. timeout's KILL is 137, reported as a hang (124).
    var status = process.terminationStatus
    if process.terminationReason == .uncaughtSignal { status += 128 }
    if status == 137 { status = 124 }
    return (status, read(stdoutFile), read(stderrFile))
  }

  private func substitute(_ word: String) -> String {
    word.replacingOccurrences(of: "SCRIPT", with: script.path)
      .replacingOccurrences(of: "OUT", with: output.path)
      .replacingOccurrences(of: "DIR", with: directory.path)
  }

  /// A file's text with the scratch paths put back as the case writes them. Bytes that
  /// are not UTF-8 show as U+FFFD, which no expected text can match by accident.
  private func read(_ file: URL) -> String {
    let data = (try? Data(contentsOf: file)) ?? Data()
    return String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: script.path, with: "SCRIPT")
      .replacingOccurrences(of: output.path, with: "OUT")
      .replacingOccurrences(of: directory.path, with: "DIR")
  }
}
