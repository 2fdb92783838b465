import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

@testable import GridlineREPL

/// `:save` of a session that uses files (issue 17): a `use` path is relative to the file
/// that says it, so a session saved into another folder has its paths rewritten to reach
/// the same files from there, and the check after the save resolves them as `gl run` will.
@Suite("REPL: :save and use")
struct REPLSaveUseTests {
  /// `lib/common.gl` (let w = 3) and `lib/v.gl`, which uses it by a path relative to lib/.
  static func scratch() throws -> URL {
    let dir = scratchDirectory()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("saved"), withIntermediateDirectories: true)
    try "let w = 3\n".write(
      to: dir.appendingPathComponent("lib/common.gl"), atomically: true, encoding: .utf8)
    try "use \"common.gl\"\nlet v = w + 1\n".write(
      to: dir.appendingPathComponent("lib/v.gl"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("a loaded file's use is rewritten for the saved file's folder; no false warning")
  func rewritesUse() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved/s.gl").path
    let r = repl([":load \(dir.path)/lib/v.gl", "print v", ":save \(saved)"])
    #expect(r.out.contains("saved 2 entries to \(saved)"), "\(r.out)")
    #expect(!r.out.contains("warning"), "\(r.out)")
    let text = try String(contentsOfFile: saved, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().first == "use \"../lib/common.gl\"", "\(text)")
    var printed: [String] = []
    let runner = ScriptRunner(options: RunOptions()) { _, text in printed.append(text) }
    #expect(runner.run(SourceFile(name: saved, text: text)) == .success)
    #expect(printed.first == "4")
  }

  @Test(":save warns when a used file cannot be found from where the script is saved")
  func warnsOfMissingUse() throws {
    let dir = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let saved = dir.appendingPathComponent("saved/s.gl").path
    var written: [String] = []
    let session = REPLSession(options: REPLOptions()) { _, text in written.append(text) }
    session.load("\(dir.path)/lib/v.gl")
    // Gone after the session used it: the saved script cannot use it either.
    try FileManager.default.removeItem(at: dir.appendingPathComponent("lib/common.gl"))
    session.save(saved)
    let out = written.joined(separator: "\n")
    #expect(out.contains("warning: gl run will refuse \(saved): line 2: cannot use '"), "\(out)")
    #expect(out.contains("lib/common.gl': No such file or directory"), "\(out)")
  }

  @Test("a relative path between two folders goes up to what they share")
  func relativePaths() {
    #expect(SavedUses.relative("/a/b/c.gl", from: "/a/b") == "c.gl")
    #expect(SavedUses.relative("/a/b/c.gl", from: "/a/b/d") == "../c.gl")
    #expect(SavedUses.relative("/a/x/c.gl", from: "/a/b/d") == "../../x/c.gl")
    #expect(SavedUses.relative("/c.gl", from: "/") == "c.gl")
    #expect(SavedUses.literal("a\"b\\c") == "\"a\\\"b\\\\c\"")
  }
}
