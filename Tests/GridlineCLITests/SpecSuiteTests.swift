import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Synchronization
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `gl test` (issue 16): one line per spec in path order, the summary, the exit status,
/// goldens checked and updated, JUnit XML, the filter, and folders with no specs.
@Suite("gl test: specs")
struct SpecSuiteTests {
  final class Lines: Sendable {
    let lines = Mutex<[String]>([])
    var text: String { lines.withLock { $0.joined(separator: "\n") } }
  }

  /// A folder of scripts (name → text), and what `gl test` said of it.
  static func run(
    _ scripts: [String: String], _ configure: (inout SpecOptions) -> Void = { _ in }
  ) -> (output: String, status: ScriptStatus, folder: URL) {
    let folder = scratchDirectory()
    for (name, text) in scripts {
      let url = folder.appendingPathComponent(name)
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? text.write(to: url, atomically: true, encoding: .utf8)
    }
    var options = SpecOptions()
    options.paths = [folder.path]
    configure(&options)
    let lines = Lines()
    let status = SpecSuite(options: options) { _, text in
      lines.lines.withLock { $0.append(text) }
    }.run()
    return (lines.text.replacing(folder.path + "/", with: ""), status, folder)
  }

  static let passing = "viewport 375 x 667\nsection items 3\nexpect items(in: 0) == 3\n"
  static let failing = "viewport 375 x 667\nsection items 3\nexpect items(in: 0) == 4\n"
  static let broken = "viewport 375 x 667\nlet a = nosuch\n"

  @Test("one line per spec in path order, the reasons indented, then the summary")
  func lines() {
    let (output, status, folder) = Self.run([
      "b.gl": Self.failing, "a.gl": Self.passing, "c.gl": Self.broken,
      ".build/skipped.gl": Self.broken, "notes.txt": "not a spec",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = output.split(separator: "\n")
    #expect(lines[0] == "ok     a.gl (1 expectation)")
    #expect(lines[1] == "FAIL   b.gl")
    #expect(lines[2].hasPrefix("       b.gl:3:8: error: expectation failed: items(in: 0) == 4"))
    #expect(lines[3] == "ERROR  c.gl")
    #expect(lines[4] == "       c.gl:2:9: error: unknown name 'nosuch' [GL2001]")
    #expect(lines[5].hasPrefix("1 passed, 1 failed, 1 error in "))
    #expect(lines.count == 6, "\(output)")
    #expect(status == .scriptError)
  }

  @Test("the exit status is the worst spec's")
  func status() {
    #expect(Self.run(["a.gl": Self.passing]).status == .success)
    #expect(Self.run(["a.gl": Self.passing, "b.gl": Self.failing]).status == .expectationFailed)
    let runtime = "viewport 375 x 667\nsection items 3\nscroll to item [0, items(in: 0) + 5]\n"
    #expect(Self.run(["a.gl": runtime, "b.gl": Self.failing]).status == .runtimeFailure)
  }

  @Test("a spec with NAME.out must print it; --update rewrites it")
  func goldens() throws {
    let (first, status, folder) = Self.run([
      "a.gl": "print 6 * 7\n", "a.out": "41\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(status == .expectationFailed)
    #expect(first.contains("a.out:1: the output differs: expected '41', got '42'"), "\(first)")
    var options = SpecOptions()
    options.paths = [folder.path]
    options.update = true
    let lines = Lines()
    #expect(
      SpecSuite(options: options) { _, t in lines.lines.withLock { $0.append(t) } }.run()
        == .success)
    #expect(lines.text.contains("updated " + folder.appendingPathComponent("a.out").path))
    let golden = try String(contentsOf: folder.appendingPathComponent("a.out"), encoding: .utf8)
    #expect(golden == "42\n")
    options.update = false
    #expect(SpecSuite(options: options) { _, _ in }.run() == .success)
  }

  @Test("--update keeps the golden of a spec that did not run through")
  func updateKeepsBrokenGolden() throws {
    let (_, _, folder) = Self.run(["a.gl": Self.broken, "a.out": "kept\n"]) { $0.update = true }
    defer { try? FileManager.default.removeItem(at: folder) }
    let golden = try String(contentsOf: folder.appendingPathComponent("a.out"), encoding: .utf8)
    #expect(golden == "kept\n")
  }

  @Test("a FIFO named like a spec is not read (it would block): an error, never passed by")
  func fifo() throws {
    let folder = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("pipe.gl").path, 0o644) == 0)
    try Self.passing.write(
      to: folder.appendingPathComponent("a.gl"), atomically: true, encoding: .utf8)
    var options = SpecOptions()
    options.paths = [folder.path]
    let lines = Lines()
    let status = SpecSuite(options: options) { _, text in lines.lines.withLock { $0.append(text) } }
      .run()
    #expect(status == .usage)
    #expect(lines.text.contains("ERROR  \(folder.path)/pipe.gl"), "\(lines.text)")
  }

  @Test("--filter keeps the specs whose path contains it or matches it as a glob")
  func filter() {
    let scripts = ["fling.gl": Self.passing, "flow.gl": Self.passing, "tour.gl": Self.passing]
    let (glob, _, _) = Self.run(scripts) { $0.filter = "fl*" }
    #expect(glob.contains("fling.gl") && glob.contains("flow.gl") && !glob.contains("tour.gl"))
    let (piece, _, _) = Self.run(scripts) { $0.filter = "our" }
    #expect(piece.hasPrefix("ok     tour.gl") && !piece.contains("fling"))
  }

  @Test("a --filter that matches no spec is a usage error, not a run of nothing")
  func filterMatchesNothing() {
    let scripts = ["fling.gl": Self.passing, "tour.gl": Self.passing]
    let (none, status, _) = Self.run(scripts) { $0.filter = "nothing" }
    #expect(none.hasPrefix("gl: error: no spec in "))
    #expect(none.hasSuffix(" matches --filter 'nothing' (2 specs found)"))
    #expect(status == .usage)
  }

  @Test("a --filter glob with an open '[' or a lone '\\' is no pattern")
  func filterPatterns() {
    #expect(SpecFiles.patternProblem("[")?.contains("has no ']' to close it") == true)
    #expect(SpecFiles.patternProblem("a\\")?.contains("escapes nothing") == true)
    #expect(SpecFiles.patternProblem("") != nil)
    for fine in ["fl*", "[ab].gl", "[]x]", "[!a]*", "\\[x", "our"] {
      #expect(SpecFiles.patternProblem(fine) == nil, "\(fine)")
    }
  }

  @Test("a folder with no specs says so and succeeds; a missing path is a usage error")
  func empty() {
    let (output, status, _) = Self.run(["readme.txt": "no specs"])
    #expect(output.hasPrefix("gl test: no .gl files in "))
    #expect(status == .success)
    let (missing, missingStatus, _) = Self.run([:]) { $0.paths = ["/nonexistent/specs"] }
    #expect(missing == "gl: error: cannot read '/nonexistent/specs': No such file or directory")
    #expect(missingStatus == .usage)
  }

  @Test("--junit writes a testsuite with a testcase per spec")
  func junit() throws {
    let report = scratchDirectory().appendingPathComponent("report.xml")
    let (_, _, folder) = Self.run(["a.gl": Self.passing, "b.gl": Self.failing, "c.gl": Self.broken])
    {
      $0.junit = report.path
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = try String(contentsOf: report, encoding: .utf8)
    #expect(
      xml.hasPrefix(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"3\" failures=\"1\" errors=\"1\""
      ))
    #expect(xml.contains("name=\"a.gl\""))
    #expect(xml.contains("<failure message=\""))
    #expect(xml.contains("<error message=\""))
    #expect(xml.contains("unknown name &#39;nosuch&#39;"))
    #expect(xml.components(separatedBy: "<testcase ").count == 4)
    #expect(xml.hasSuffix("</testsuite>\n</testsuites>\n"))
    #expect(XMLParser(data: Data(xml.utf8)).parse())
  }

  @Test("--junit stays well-formed XML when a spec's strings hold what XML forbids")
  func junitHostile() throws {
    let report = scratchDirectory().appendingPathComponent("report.xml")
    let hostile = "viewport 375 x 667\nexpect \"a\\u{1}b\\u{FFFE}\\u{D}<&>\" == \"c\"\n"
    let (_, _, folder) = Self.run(["h.gl": hostile]) { $0.junit = report.path }
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml = try String(contentsOf: report, encoding: .utf8)
    #expect(xml.contains("<failure message=\""), "\(xml)")
    #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    #expect(XMLParser(data: Data(xml.utf8)).parse(), "\(xml)")
  }

  @Test("used files run with their spec; errors in them are the spec's")
  func usedFiles() {
    let (output, status, folder) = Self.run([
      "shared/phone.gl": "viewport 375 x 667\nlet columns = 3\n",
      "spec.gl": "use \"shared/phone.gl\"\nexpect columns == 3\n",
      "broken.gl": "use \"shared/missing.gl\"\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(output.contains("ok     spec.gl (1 expectation)"))
    #expect(output.contains("ok     shared/phone.gl (0 expectations)"))
    #expect(
      output.contains(
        "       broken.gl:1:5: error: cannot use 'shared/missing.gl': No such file or directory"))
    #expect(status == .scriptError)
  }
}

/// `gl run --watch`: a run at the start and one after each change of the script or of a
/// file it uses, none while nothing changes.
@Suite("gl run --watch")
struct WatchTests {
  @Test("runs again when a used file changes, not before")
  func reruns() throws {
    let folder = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let main = folder.appendingPathComponent("main.gl")
    let common = folder.appendingPathComponent("common.gl")
    try "use \"common.gl\"\n".write(to: main, atomically: true, encoding: .utf8)
    try "let a = 1\n".write(to: common, atomically: true, encoding: .utf8)
    #expect(Watch.usedFiles(of: main.path) == [common.path])
    nonisolated(unsafe) var runs = 0
    nonisolated(unsafe) var looks = 0
    var watch = Watch(path: main.path) { runs += 1 }
    watch.pause = {
      looks += 1
      // The third look finds the used file changed (a new size); the sixth ends it.
      if looks == 3 { try? "let a = 22\n".write(to: common, atomically: true, encoding: .utf8) }
    }
    watch.goOn = { looks < 6 }
    #expect(watch.loop() == 2)
    #expect(runs == 2)
  }
}

extension WatchTests {
  @Test("a used file that exists but cannot be used is watched too, so fixing it reruns")
  func unusableUsedFile() throws {
    let folder = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let main = folder.appendingPathComponent("main.gl")
    let broken = folder.appendingPathComponent("broken.gl")
    let missing = folder.appendingPathComponent("missing.gl")
    try "use \"broken.gl\"\nuse \"missing.gl\"\n".write(to: main, atomically: true, encoding: .utf8)
    // Not UTF-8: `use` refuses it, but it is there to be fixed.
    try Data([0x6C, 0x65, 0x74, 0x20, 0xE9, 0x0A]).write(to: broken)
    #expect(Watch.usedFiles(of: main.path) == [broken.path, missing.path])
    nonisolated(unsafe) var runs = 0
    nonisolated(unsafe) var looks = 0
    var watch = Watch(path: main.path) { runs += 1 }
    watch.pause = {
      looks += 1
      if looks == 2 { try? "let a = 1\n".write(to: broken, atomically: true, encoding: .utf8) }
    }
    watch.goOn = { looks < 5 }
    #expect(watch.loop() == 2)
  }
}

/// `gl render --at LINE` of a script that uses a file: the used declarations go with the
/// `use`, not with their own lines in the used file.
@Suite("gl render --at with use")
struct RenderAtUseTests {
  @Test("used declarations stay with the statements before them")
  func throughLine() throws {
    let folder = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let common = folder.appendingPathComponent("common.gl")
    // Three lines in the used file: line 3 of it must not be taken for line 3 of main.
    try "\n\nviewport 300 x 600\n".write(to: common, atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("main.gl").path
    var file = SourceFile(
      name: path, text: "use \"common.gl\"\nsection items 3\nscroll to y 10\n")
    let (parsed, _) = Parser.parse(file)
    let program = Includes.resolve(
      parsed, in: &file, path: path, directory: folder.path, access: .system
    ).program
    let kinds = { (line: Int) in
      Program(statements: ScriptRunner.statements(of: program, in: file, through: line))
        .dump().split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }
    #expect(kinds(1) == ["(viewport"])
    #expect(kinds(2) == ["(viewport", "(section"])
    #expect(kinds(3).count == 3)
  }
}
