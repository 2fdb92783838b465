import Foundation
import GridlineTestSupport
import Testing

/// `gl fmt` end to end: stdin to stdout, `--check`, `-i`, and the ways it refuses.
@Suite("gl fmt")
struct FormatCommandTests {
  static let untidy = "viewport 375x667\nlayout flow { item size 10 x 10;line spacing 2\n}\n"
  static let tidy = "viewport 375 x 667\nlayout flow {\n  item size 10 x 10\n  line spacing 2\n}\n"

  /// A scratch directory with `a.gl` (untidy) and `b.gl` (already canonical).
  func folder() throws -> URL {
    let dir = scratchDirectory()
    try put(Self.untidy, "a.gl", in: dir)
    try put(Self.tidy, "b.gl", in: dir)
    return dir
  }

  func contents(_ dir: URL, _ name: String) -> String? {
    try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("without files it formats stdin to stdout")
  func standardInput() throws {
    let (out, status) = try gl(["fmt"], in: scratchDirectory(), stdin: Self.untidy)
    #expect(status == 0)
    #expect(out == Self.tidy)
  }

  @Test("a file is printed formatted and left alone")
  func printsFile() throws {
    let dir = try folder()
    let (out, status) = try gl(["fmt", "a.gl"], in: dir)
    #expect(status == 0)
    #expect(out == Self.tidy)
    #expect(contents(dir, "a.gl") == Self.untidy)
  }

  @Test("--check names the files that would change, exits 1, changes nothing")
  func check() throws {
    let dir = try folder()
    let (out, status) = try gl(["fmt", "--check", "a.gl", "b.gl"], in: dir)
    #expect(status == 1)
    #expect(out == "a.gl\n")
    #expect(contents(dir, "a.gl") == Self.untidy)
    let clean = try gl(["fmt", "--check", "b.gl"], in: dir)
    #expect(clean.0 == "" && clean.1 == 0)
  }

  @Test("-i rewrites the file in place, keeping its permissions")
  func inPlace() throws {
    let dir = try folder()
    let path = dir.appendingPathComponent("a.gl").path
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let (out, status) = try gl(["fmt", "-i", "a.gl", "b.gl"], in: dir)
    #expect(status == 0)
    #expect(out == "")
    #expect(contents(dir, "a.gl") == Self.tidy)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(left == ["a.gl", "b.gl"], "no temporary file is left behind")
  }

  @Test("a script that does not parse is refused with its diagnostics, unchanged, exit 65")
  func refusesErrors() throws {
    let dir = scratchDirectory()
    let broken = "viewport 375 x 667\nlayout flow { spacing 10 +  }\n"
    try put(broken, "e.gl", in: dir)
    let checked = try gl(["check", "e.gl"], in: dir)
    for arguments in [["fmt", "e.gl"], ["fmt", "-i", "e.gl"], ["fmt", "--check", "e.gl"]] {
      let (out, status) = try gl(arguments, in: dir)
      #expect(status == 65)
      #expect(out == checked.0)
      #expect(out.contains("e.gl:2:"))
    }
    #expect(contents(dir, "e.gl") == broken)
  }

  @Test("a script with only the checker's errors is formatted: fmt needs only the syntax")
  func formatsCheckErrors() throws {
    let dir = scratchDirectory()
    try put("viewport 375 x 667\nprint  nosuchname + 0 / 0\n", "e.gl", in: dir)
    let (checked, checkStatus) = try gl(["check", "e.gl"], in: dir)
    #expect(checkStatus == 65 && checked.contains("nosuchname"))
    let (out, status) = try gl(["fmt", "e.gl"], in: dir)
    #expect(status == 0)
    #expect(out == "viewport 375 x 667\nprint nosuchname + 0 / 0\n")
    let (_, rewritten) = try gl(["fmt", "-i", "e.gl"], in: dir)
    #expect(rewritten == 0)
    #expect(contents(dir, "e.gl") == "viewport 375 x 667\nprint nosuchname + 0 / 0\n")
  }

  @Test("-i on a read-only file: gl: error naming it and the reason, file unchanged")
  func readOnly() throws {
    let dir = try folder()
    let path = dir.appendingPathComponent("a.gl").path
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let (out, status) = try gl(["fmt", "-i", "a.gl"], in: dir)
    #expect(status == 74, "a file gl cannot write is an I/O error (EX_IOERR)")
    #expect(out == "gl: error: cannot rewrite 'a.gl': Permission denied\n")
    #expect(contents(dir, "a.gl") == Self.untidy)
  }

  @Test(
    "-i keeps the file's owner and group, and refuses when it cannot keep them",
    .enabled(if: getuid() == 0, "only root can give a file to another user"))
  func owner() throws {
    let dir = try folder()
    let path = dir.appendingPathComponent("a.gl").path
    try #require(chown(path, 1234, 5678) == 0)
    #expect(try gl(["fmt", "-i", "a.gl"], in: dir).1 == 0)
    var info = stat()
    try #require(stat(path, &info) == 0)
    #expect(info.st_uid == 1234 && info.st_gid == 5678)
    #expect(contents(dir, "a.gl") == Self.tidy)

    // A user who may write root's file (and the folder) but cannot give it back to root.
    try put(Self.untidy, "c.gl", in: dir)
    let other = dir.appendingPathComponent("c.gl").path
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: other)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    let (out, status) = try gl(
      ["--reuid=65534", "--regid=65534", "--clear-groups", glExecutable, "fmt", "-i", "c.gl"],
      in: dir, executable: "/usr/bin/setpriv")
    #expect(status == 74)
    #expect(
      out
        == "gl: error: cannot rewrite 'c.gl': Operation not permitted (the rewritten file could not keep its owner and group)\n"
    )
    #expect(contents(dir, "c.gl") == Self.untidy)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
        "a.gl", "b.gl", "c.gl",
      ])
  }

  @Test("-i on bytes that are not UTF-8: refused, the file byte for byte as it was")
  func notUTF8() throws {
    let dir = try folder()
    let url = dir.appendingPathComponent("latin.gl")
    let bytes = Data("viewport 100 x 100  # caf".utf8) + Data([0xE9, 0x0A])
    try bytes.write(to: url)
    let (out, status) = try gl(["fmt", "-i", "latin.gl"], in: dir)
    #expect(status == 65)
    #expect(
      out.hasPrefix(
        "latin.gl:1:26: error: this does not look like a .gl file: it is not UTF-8 text [GL1009]"))
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test("a missing file: named with the reason, exit 64, nothing formatted")
  func missing() throws {
    let dir = try folder()
    let (out, status) = try gl(["fmt", "-i", "a.gl", "nope.gl"], in: dir)
    #expect(status == 64)
    #expect(out == "gl: error: cannot read 'nope.gl': No such file or directory\n")
    #expect(contents(dir, "a.gl") == Self.untidy)
  }

  @Test("a folder stands for every .gl file below it, in path order; hidden ones skipped")
  func folders() throws {
    let dir = try folder()
    let nested = dir.appendingPathComponent("lessons/solutions")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    try put(Self.untidy, "lessons/solutions/c.gl", in: dir)
    try put(Self.untidy, "lessons/notes.md", in: dir)
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    try put(Self.untidy, ".hidden/d.gl", in: dir)
    let (out, status) = try gl(["fmt", "--check", "."], in: dir)
    #expect(status == 1)
    #expect(out == "a.gl\nlessons/solutions/c.gl\n")
    #expect(try gl(["fmt", "-i", "lessons"], in: dir).1 == 0)
    #expect(contents(dir, "lessons/solutions/c.gl") == Self.tidy)
    #expect(contents(dir, "lessons/notes.md") == Self.untidy)
    #expect(contents(dir, ".hidden/d.gl") == Self.untidy)
  }

  @Test("a name below a folder that is no file it can read: named, exit 64, nothing written")
  func danglingBelowAFolder() throws {
    let dir = try folder()
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("gone.gl").path, withDestinationPath: "nowhere.gl")
    let (out, status) = try gl(["fmt", "-i", "."], in: dir)
    #expect(status == 64)
    #expect(out.hasPrefix("gl: error: cannot read "), "\(out)")
    #expect(out.contains("gone.gl"), "\(out)")
    #expect(contents(dir, "a.gl") == Self.untidy)
  }

  @Test("-i without files and --check with -i are usage errors")
  func usage() throws {
    let dir = try folder()
    #expect(try gl(["fmt", "-i"], in: dir).1 == 64)
    #expect(try gl(["fmt", "-i", "--check", "a.gl"], in: dir).1 == 64)
  }
}
