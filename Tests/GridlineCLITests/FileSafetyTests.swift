import Foundation
import GridlineCLI
import GridlineTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 17, files and data: nothing outside the output directory is touched, and nothing
/// the user had is lost. Each test builds the trap (a link leading out, a pipe or a device
/// where a file would go), runs `gl`, and checks that the trap is still as it was.
@Suite("Files: nothing outside --out is touched, nothing is replaced but a file", .serialized)
struct FileSafetyTests {
  /// A scratch folder holding `out/` (the output directory) and `outside/keep` ("precious").
  func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-safety-\(getpid())-\(UUID().uuidString)")
    for folder in ["out", "outside"] {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try put("precious\n", "outside/keep", in: dir)
    try put("section items 2\nprint 1\n", "s.gl", in: dir)
    return dir
  }

  func text(_ name: String, in dir: URL) -> String? {
    try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
  }

  func kind(_ name: String, in dir: URL) -> mode_t? {
    var info = stat()
    guard lstat(dir.appendingPathComponent(name).path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  func link(_ name: String, to target: String, in dir: URL) throws {
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent(name).path, withDestinationPath: target)
  }

  /// `gl` run by the shell, for redirections `Process` cannot make (`>&-`, `> /dev/full`).
  func shell(_ command: String, in dir: URL) throws -> (String, Int32) {
    try gl(["-c", "exec \(glExecutable) " + command], in: dir, executable: "/bin/sh")
  }

  @Test("a NUL in an svg path is refused at the string: the system would cut the name there")
  func controlCharacter() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try link("out/v", to: "../outside/keep", in: dir)
    try put("section items 2\nsvg \"v\\u{0}.svg\"\n", "nul.gl", in: dir)
    let (out, status) = try gl(["run", "nul.gl", "--out", "out"], in: dir)
    #expect(status == 65, "\(out)")
    #expect(
      out.hasPrefix(
        "nul.gl:2:5: error: 'v\\u{0}.svg' holds a control character: a file name cannot hold one [GL4004]\n"
      ),
      "\(out)")
    #expect(text("outside/keep", in: dir) == "precious\n")
    // The user's own path on the command line too (no NUL can reach argv; a line break can).
    let (rendered, code) = try gl(["render", "s.gl", "--svg", "a\nb.svg"], in: dir)
    #expect(code == 64)
    #expect(
      rendered
        == "gl: error: 'a\\u{A}b.svg' holds a control character: a file name cannot hold one\n")
  }

  @Test("an svg path that is a symbolic link is refused, and the link and its file stay")
  func linkAsTheFile() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try link("out/k.svg", to: "../outside/keep", in: dir)
    try put("section items 2\nsvg \"k.svg\"\nprint 1\n", "k.gl", in: dir)
    let (out, status) = try gl(["run", "k.gl", "--out", "out"], in: dir)
    #expect(status == 70)
    #expect(
      out.hasPrefix(
        "k.gl:2:5: error: 'k.svg' leads out of the output directory through a symbolic link"),
      "\(out)")
    #expect(kind("out/k.svg", in: dir) == S_IFLNK)
    #expect(text("outside/keep", in: dir) == "precious\n")
  }

  @Test("--out \"\" is a usage error: the files would land in /")
  func emptyOutputDirectory() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let name = "gl-safety-\(getpid())-\(UUID().uuidString).svg"
    defer { unlink("/" + name) }
    try put("section items 2\nsvg \"\(name)\"\n", "root.gl", in: dir)
    for arguments in [
      ["run", "root.gl", "--out", ""], ["render", "root.gl", "--svg", "r.svg", "--out", ""],
      ["editors", "--out", ""],
    ] {
      let (out, status) = try gl(arguments, in: dir)
      #expect(status == 64, "\(arguments): \(out)")
      #expect(out.hasPrefix("Error: --out is empty: name a directory, e.g. --out .\n"), "\(out)")
    }
    #expect(access("/" + name, F_OK) != 0)
    #expect(access("/gridline.tmLanguage.json", F_OK) != 0)
  }

  @Test("only a regular file is replaced: a pipe stays a pipe, a link to a device is refused")
  func onlyRegularFiles() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["pipe.svg", "out/pipe.svg", "pipe.swift", "junit.xml"] {
      #expect(mkfifo(dir.appendingPathComponent(name).path, 0o644) == 0)
    }
    try link("null.svg", to: "/dev/null", in: dir)
    try put("section items 2\nsvg \"pipe.svg\"\n", "p.gl", in: dir)
    let refusal = "Not a regular file (gl replaces only regular files)"
    // A file named on the command line that cannot be written is an I/O error (74); an
    // `svg` step's is a runtime error of the script at the statement (70).
    for (arguments, message, expected) in [
      (["render", "s.gl", "--svg", "pipe.svg"], "gl: error: cannot write 'pipe.svg': ", Int32(74)),
      (["render", "s.gl", "--svg", "null.svg"], "gl: error: cannot write 'null.svg': ", 74),
      (["run", "p.gl", "--out", "out"], "p.gl:2:5: error: cannot write 'pipe.svg': ", 70),
      (["export", "swift", "s.gl", "--out", "pipe.swift"], "cannot write 'pipe.swift': ", 74),
    ] {
      let (out, status) = try gl(arguments, in: dir)
      #expect(status == expected, "\(arguments): \(out)")
      #expect(out.contains(message + refusal), "\(arguments): \(out)")
    }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
    try put("print 1\n", "spec/a.gl", in: dir)
    let (out, _) = try gl(["test", "spec", "--junit", "junit.xml"], in: dir)
    #expect(out.contains("cannot write 'junit.xml': " + refusal), "\(out)")
    for name in ["pipe.svg", "out/pipe.svg", "pipe.swift", "junit.xml"] {
      #expect(kind(name, in: dir) == S_IFIFO, "\(name)")
    }
    #expect(kind("null.svg", in: dir) == S_IFLNK)
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test("a file named through a link is written through it: the link stays")
  func writesThroughALink() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    try link("k.svg", to: "outside/keep", in: dir)
    let (out, status) = try gl(["render", "s.gl", "--svg", "k.svg"], in: dir)
    #expect(status == 0, "\(out)")
    #expect(kind("k.svg", in: dir) == S_IFLNK)
    #expect(text("outside/keep", in: dir)?.hasPrefix("<svg ") == true)
  }

  @Test("output that cannot be written exits 74 and says why, in every command")
  func lostOutput() throws {
    let dir = try scratch()
    defer { try? FileManager.default.removeItem(at: dir) }
    let full = "gl: error: cannot write to standard output: No space left on device\n"
    for command in [
      "run s.gl", "run --json s.gl", "explain", "fmt s.gl", "export swift s.gl",
      "repl < s.gl", "run --help",
    ] {
      let (out, status) = try shell(command + " > /dev/full", in: dir)
      #expect(status == 74, "\(command): \(out)")
      #expect(out.hasSuffix(full), "\(command): \(out)")
    }
    var (out, status) = try shell("run s.gl >&-", in: dir)
    #expect(
      (out, status) == ("gl: error: cannot write to standard output: Bad file descriptor\n", 74))
    try put("print 1 +\n", "bad.gl", in: dir)
    (out, status) = try shell("run bad.gl 2>/dev/full", in: dir)
    #expect((out, status) == ("", 74))
  }
}
