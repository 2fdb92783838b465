import Foundation
import GridlineCLI
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// File errors say why, in the system's words. The tests run as root, whom permission bits
/// do not stop, so the failures come from the shape of the file system instead: a missing
/// file, a directory where a file is expected, a regular file where a directory is.
@Suite("File I/O: errors with their reason", .serialized)
struct FileIOTests {
  /// A fresh directory holding `file` (a regular file) and `directory`.
  func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-io-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("directory"), withIntermediateDirectories: true)
    try "x".write(to: dir.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    try "section items 3\nsvg \"p.svg\"\nsvg \"sub/q.svg\"\n".write(
      to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    return dir
  }

  /// The reason `body` failed with, nil when it did not.
  func reason(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as FileError {
      return error.reason
    } catch {
      return "not a FileError: \(error)"
    }
  }

  @Test("reading: a missing file, a directory")
  func reading() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let missing = dir.appendingPathComponent("missing.gl").path
    #expect(reason { _ = try readTextFile(missing) } == "No such file or directory")
    let directory = dir.appendingPathComponent("directory").path
    #expect(reason { _ = try readTextFile(directory) } == "Is a directory")
    let file = dir.appendingPathComponent("file").path
    #expect(try readTextFile(file) == "x")
    #expect(
      FileError(code: ENOENT).message("read", "a.gl")
        == "cannot read 'a.gl': No such file or directory")
  }

  @Test("writing below a regular file: Not a directory, and no temporary file is left")
  func writing() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let below = dir.appendingPathComponent("file/x.svg").path
    #expect(reason { try replaceFile(below, with: "<svg/>", mode: 0o644) } == "Not a directory")
    let deep = dir.appendingPathComponent("file/a/b").path
    #expect(reason { try makeDirectories(deep, mode: 0o755) } == "Not a directory")
    let into = dir.appendingPathComponent("directory").path
    #expect(reason { try replaceFile(into, with: "<svg/>", mode: 0o644) } == "Is a directory")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(!names.contains { $0.hasSuffix(".tmp") })
    let ok = dir.appendingPathComponent("directory/ok.svg").path
    try replaceFile(ok, with: "<svg/>", mode: 0o644)
    #expect(try readTextFile(ok) == "<svg/>")
  }

  @Test("gl run, gl check and gl render: the reason follows the file name")
  func commands() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    var (out, status) = try gl(["run", "missing.gl"], in: dir)
    #expect(out == "gl: error: cannot read 'missing.gl': No such file or directory\n")
    #expect(status == 64)
    (out, status) = try gl(["check", "directory"], in: dir)
    #expect(out == "gl: error: cannot read 'directory': Is a directory\n")
    #expect(status == 64)
    (out, status) = try gl(["render", "s.gl", "--svg", "file/x.svg"], in: dir)
    #expect(out.hasSuffix("gl: error: cannot write 'file/x.svg': Not a directory\n"))
    #expect(status == 74)
    (out, status) = try gl(["render", "missing.gl", "--svg", "x.svg"], in: dir)
    #expect(out == "gl: error: cannot read 'missing.gl': No such file or directory\n")
    #expect(status == 64)
  }

  @Test("a script's svg under an output directory that is a regular file: the run stops there")
  func scriptOutput() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    var (out, status) = try gl(["run", "s.gl", "--out", "file"], in: dir)
    #expect(
      out.contains("s.gl:2:5: error: cannot write 'p.svg': Not a directory [GL4005]\n"), "\(out)")
    #expect(out.contains(" = help: the output directory is 'file' (--out)\n"))
    // A failed write is a runtime error: like the others, it ends the run.
    #expect(!out.contains("s.gl:3"))
    #expect(status == 70)
    try put("section items 3\nsvg \"sub/q.svg\"\n", "t.gl", in: dir)
    (out, status) = try gl(["run", "t.gl", "--out", "file"], in: dir)
    #expect(
      out.contains(
        "t.gl:2:5: error: cannot create the directory of 'sub/q.svg': Not a directory [GL4005]\n"))
    #expect(status == 70)
  }

  /// Issue 15, bug 2: the error was plain text on stderr, without column or reason, and
  /// the run went on.
  @Test("--json: a failed svg write is an error object with its position and reason")
  func scriptOutputJSON() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("section items 3\nsvg \"a.svg\"\nprint 1\n", "x.gl", in: dir)
    let missing = dir.appendingPathComponent("nonexistent").path
    let (out, status) = try gl(["run", "--json", "--out", missing, "x.gl"], in: dir)
    #expect(status == 70)
    let lines = out.split(separator: "\n").map(String.init)
    let objects = lines.compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
    #expect(objects.count == lines.count, "every line is a JSON object: \(out)")
    let errors = objects.filter { $0["type"] as? String == "error" }
    #expect(errors.count == 1, "\(out)")
    let error = try #require(errors.first)
    #expect(error["file"] as? String == "x.gl")
    #expect(error["line"] as? Int == 2)
    #expect(error["column"] as? Int == 5)
    #expect(error["code"] as? String == "GL4005")
    #expect(error["message"] as? String == "cannot write 'a.svg': No such file or directory")
    #expect(error["help"] as? String == "the output directory is '\(missing)' (--out)")
    #expect(!objects.contains { $0["type"] as? String == "print" }, "the run stopped")
    #expect(objects.last?["type"] as? String == "summary")
  }

  @Test("the REPL: a failed svg write names its line and column")
  func replOutput() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["repl"], in: dir, stdin: "section items 2\nsvg \"file/x.svg\"\n")
    #expect(
      out.contains(
        "<stdin>:2:5: error: cannot create the directory of 'file/x.svg': Not a directory [GL4005]\n"
      ), "\(out)")
    #expect(status == 70)
  }

  @Test("the REPL's :load says why it cannot read")
  func replLoad() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["repl"], in: dir, stdin: ":load directory\n:load missing.gl\n")
    #expect(out.contains("error: cannot read 'directory': Is a directory\n"))
    #expect(out.contains("error: cannot read 'missing.gl': No such file or directory\n"))
    #expect(status == 64)
  }
}
