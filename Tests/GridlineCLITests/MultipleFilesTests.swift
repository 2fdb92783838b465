import Foundation
import GridlineTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `gl run` and `gl check` of several files (issue 15, bug 6): every file is read before
/// any runs, and each file's output is headed and its summary named.
@Suite("Several files: read first, headed, named", .serialized)
struct MultipleFilesTests {
  /// A fresh directory with two scripts, `a.gl` (an expectation that holds) and `b.gl`
  /// (a print), and a directory `d`.
  func scratch() throws -> URL {
    let dir = scratchDirectory()
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("d"), withIntermediateDirectories: true)
    try put("section items 3\nexpect items(in: 0) == 3\n", "a.gl", in: dir)
    try put("section items 2\nprint items(in: 0)\n", "b.gl", in: dir)
    return dir
  }

  @Test("an unreadable file anywhere in the list: nothing runs, each one is named")
  func unreadable() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let expected = """
      gl: error: cannot read 'missing.gl': No such file or directory
      gl: error: cannot read 'd': Is a directory

      """
    for arguments in [
      ["run", "a.gl", "missing.gl", "d"], ["run", "missing.gl", "a.gl", "d"],
      ["check", "a.gl", "missing.gl", "b.gl", "d"],
    ] {
      let (out, status) = try gl(arguments, in: dir)
      #expect(out == expected, "\(arguments)")
      #expect(status == 64, "\(arguments)")
    }
    // Permission bits do not stop root, who runs the tests in CI.
    if geteuid() != 0 {
      let locked = dir.appendingPathComponent("locked.gl")
      try put("print 1\n", "locked.gl", in: dir)
      chmod(locked.path, 0)
      let (out, status) = try gl(["run", "a.gl", "locked.gl"], in: dir)
      #expect(out == "gl: error: cannot read 'locked.gl': Permission denied\n")
      #expect(status == 64)
    }
  }

  @Test("gl run of two files: a header each, summaries named")
  func run() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["run", "a.gl", "b.gl"], in: dir)
    #expect(
      out == """
        ==> a.gl <==
        a.gl: expectations: 1 passed, 0 failed

        ==> b.gl <==
        2

        """)
    #expect(status == 0)
    // One file: no header, the summary as it always was.
    let (one, _) = try gl(["run", "a.gl"], in: dir)
    #expect(one == "expectations: 1 passed, 0 failed\n")
  }

  @Test("gl run --json of two files: every object names its file, and no header")
  func json() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["run", "--json", "a.gl", "b.gl"], in: dir)
    #expect(status == 0)
    let objects = out.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
    #expect(objects.count == 4 && objects.allSatisfy { $0 != nil }, "\(out)")
    #expect(
      objects.map { $0?["file"] as? String } == ["a.gl", "a.gl", "b.gl", "b.gl"], "\(out)")
    #expect(out.hasPrefix(#"{"type":"expect","file":"a.gl","line":2,"passed":true}"#))
    let (one, _) = try gl(["run", "--json", "a.gl"], in: dir)
    #expect(one.hasPrefix(#"{"type":"expect","line":2,"passed":true}"#))
  }

  @Test("gl check of two files: a header each and a named count")
  func check() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("print nosuch\n", "c.gl", in: dir)
    let (out, status) = try gl(["check", "a.gl", "c.gl"], in: dir)
    #expect(out.hasPrefix("==> a.gl <==\na.gl: 0 errors, 0 warnings\n\n==> c.gl <==\n"), "\(out)")
    #expect(out.contains("c.gl:1:7: error: unknown name 'nosuch'"), "\(out)")
    #expect(out.hasSuffix("c.gl: 1 error, 0 warnings\n"), "\(out)")
    #expect(status == 65)
    let (one, clean) = try gl(["check", "a.gl"], in: dir)
    #expect(one.isEmpty && clean == 0)
  }
}
