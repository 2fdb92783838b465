import Foundation
import GridlineCLI
import GridlineTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `gl test` on a tree with traps in it (issue 17): links leading out, a golden that is a
/// link or a folder, a folder that cannot be read. Nothing outside the tree is read or
/// written, and one bad folder does not stop the run.
@Suite("gl test: links, odd goldens and unreadable folders")
struct SpecTreeTests {
  final class Streams: Sendable {
    let lines = Mutex<[(GridlineCLI.OutputStream, String)]>([])
    func text(_ stream: GridlineCLI.OutputStream) -> String {
      lines.withLock { $0.filter { $0.0 == stream }.map(\.1).joined(separator: "\n") }
    }
  }

  /// `tree/` holding the specs and `outside/` beside it, with `outside/keep.gl` and its
  /// golden `outside/keep.out` ("precious").
  static func scratch() throws -> (root: URL, tree: URL) {
    let root = scratchDirectory()
    let tree = root.appendingPathComponent("tree")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    try put("print 2\n", "outside/keep.gl", in: root)
    try put("precious\n", "outside/keep.out", in: root)
    try put("print 1\n", "tree/a.gl", in: root)
    return (root, tree)
  }

  static func run(
    _ tree: URL, update: Bool = false, filter: String? = nil,
    list: SpecFiles.Lister? = nil
  ) -> (out: String, err: String, status: ScriptStatus) {
    var options = SpecOptions()
    options.paths = [tree.path]
    options.update = update
    options.filter = filter
    let streams = Streams()
    let status = SpecSuite(options: options, list: list) { stream, text in
      streams.lines.withLock { $0.append((stream, text)) }
    }.run()
    let strip = { (text: String) in text.replacing(tree.path + "/", with: "") }
    return (strip(streams.text(.standardOutput)), strip(streams.text(.standardError)), status)
  }

  @Test("a link to a folder is not followed, and said once; a link to a spec is a spec")
  func linkedFolders() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(
      atPath: tree.appendingPathComponent("out").path, withDestinationPath: "../outside")
    try FileManager.default.createSymbolicLink(
      atPath: tree.appendingPathComponent("b.gl").path, withDestinationPath: "../outside/keep.gl")
    let (out, err, status) = Self.run(tree, update: true)
    let lines = out.split(separator: "\n")
    #expect(lines.count == 3, "\(out)")
    #expect(lines.first == "ok     a.gl (0 expectations)")
    #expect(lines.dropFirst().first == "ok     b.gl (0 expectations)")
    #expect(!out.contains("keep"))
    #expect(
      err == "gl test: note: links to folders are not followed: 'out' "
        + "(a link named on the command line is: gl test out)")
    #expect(status == .success)
    let golden = root.appendingPathComponent("outside/keep.out")
    #expect(try String(contentsOf: golden, encoding: .utf8) == "precious\n")
  }

  @Test("a spec whose name holds an escape sequence is listed with it escaped (issue 36)")
  func escapedName() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try put("print 3\n", "tree/red\u{1B}[31m.gl", in: root)
    let (out, _, _) = Self.run(tree)
    #expect(!out.contains("\u{1B}"))
    #expect(out.contains("red\\u{1B}[31m.gl"), "\(out)")
  }

  @Test("--update does not write a golden through a link: it is an error, the link stays")
  func goldenLink() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(
      atPath: tree.appendingPathComponent("a.out").path,
      withDestinationPath: "../outside/keep.out")
    let (out, _, status) = Self.run(tree, update: true)
    #expect(out.hasPrefix("ERROR  a.gl\n"), "\(out)")
    #expect(
      out.contains(
        "cannot write 'a.out': A symbolic link (gl does not write through a "
          + "link it found)"), "\(out)")
    #expect(status == .ioError)
    let golden = root.appendingPathComponent("outside/keep.out")
    #expect(try String(contentsOf: golden, encoding: .utf8) == "precious\n")
    var info = stat()
    #expect(lstat(tree.appendingPathComponent("a.out").path, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
  }

  @Test("a NAME.out that is a folder is not a regular file, not a missing golden")
  func goldenFolder() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: tree.appendingPathComponent("a.out"), withIntermediateDirectories: true)
    let (out, _, status) = Self.run(tree)
    #expect(
      out.hasPrefix(
        "FAIL   a.gl\n       a.out is not a regular file (a golden is a file the "
          + "output is compared with)\n"), "\(out)")
    #expect(status == .expectationFailed)
    let (updated, _, updateStatus) = Self.run(tree, update: true)
    #expect(updated.contains("a.out is not a regular file"), "\(updated)")
    #expect(updateStatus == .ioError)
  }

  /// Lists folders as the system does, but `locked` fails: as root, permissions do not
  /// stop a read, so the listing is what fails.
  static func lockedFails(_ folder: String) throws(FileError) -> [String] {
    if folder.hasSuffix("/locked") { throw FileError(code: EACCES) }
    return try directoryNames(folder)
  }

  @Test("a .gl name that cannot be run is an error, never passed by (issue 36)")
  func unusableNames() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = tree.path + "/"
    try #require(symlink("nowhere.gl", folder + "gone.gl") == 0)
    try #require(symlink("loop.gl", folder + "loop.gl") == 0)
    try #require(mkfifo(folder + "pipe.gl", 0o644) == 0)
    // `caf\xE9.gl`: Latin-1, not UTF-8; and a folder so named, holding a spec.
    let latin: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".gl".utf8)
    let fd = (Array(folder.utf8) + latin + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    }
    try #require(fd >= 0)
    close(fd)
    let (out, err, status) = Self.run(tree)
    let lines = out.split(separator: "\n").map(String.init)
    #expect(lines.first == "ok     a.gl (0 expectations)")
    #expect(lines.contains("ERROR  gone.gl"))
    #expect(lines.contains("       cannot read 'gone.gl': No such file or directory"))
    #expect(lines.contains("       cannot read 'loop.gl': Too many levels of symbolic links"))
    #expect(lines.contains { $0.hasPrefix("       cannot read 'pipe.gl': Not a regular file") })
    #expect(
      lines.contains(
        "       cannot read 'caf\u{FFFD}.gl': The name is not UTF-8 text (gl cannot name the file to run it)"
      ),
      "\(out)")
    #expect(lines.last?.hasPrefix("1 passed, 0 failed, 4 errors in ") == true, "\(out)")
    #expect(err.isEmpty)
    #expect(status == .usage)
  }

  @Test("a folder that cannot be read is one error in the run; the other specs run")
  func unreadableFolder() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: tree.appendingPathComponent("locked"), withIntermediateDirectories: true)
    try put("print 3\n", "tree/locked/c.gl", in: root)
    try put("print 4\n", "tree/z.gl", in: root)
    let (out, err, status) = Self.run(tree, list: Self.lockedFails)
    let lines = out.split(separator: "\n")
    #expect(lines.count == 5, "\(out)")
    #expect(lines.first == "ok     a.gl (0 expectations)")
    #expect(lines.dropFirst(1).first == "ERROR  locked")
    #expect(lines.dropFirst(2).first == "       cannot read 'locked': Permission denied")
    #expect(lines.dropFirst(3).first == "ok     z.gl (0 expectations)")
    #expect(lines.last?.hasPrefix("2 passed, 0 failed, 1 error in ") == true)
    #expect(err.isEmpty)
    #expect(status == .usage)
    // A filter that leaves no spec still names the folder it could not look in.
    let (_, filtered, filteredStatus) = Self.run(
      tree, filter: "nothing", list: Self.lockedFails)
    #expect(filtered.contains("gl: error: cannot read 'locked': Permission denied"))
    #expect(filtered.hasSuffix(" matches --filter 'nothing' (2 specs found)"), "\(filtered)")
    #expect(filteredStatus == .usage)
  }

  @Test("a folder swapped for a link after the walk is not written through by --update")
  func folderSwappedForLink() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    try put("print 2\n", "outside/b.gl", in: root)
    try put("precious\n", "outside/b.out", in: root)
    try FileManager.default.createDirectory(
      at: tree.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try put("print 2\n", "tree/sub/b.gl", in: root)
    try put("old\n", "tree/sub/b.out", in: root)
    // Between the listing and the specs' run, `sub` is moved away and a link to
    // `outside` takes its place: the path `sub/b.out` now leads out of the tree.
    let swapped = Mutex(false)
    let list: SpecFiles.Lister = { folder throws(FileError) in
      let names = try directoryNames(folder)
      if folder.hasSuffix("/sub") && !swapped.withLock({ $0 }) {
        swapped.withLock { $0 = true }
        rename(folder, root.appendingPathComponent("moved").path)
        symlink("../outside", folder)
      }
      return names
    }
    let (out, _, status) = Self.run(tree, update: true, list: list)
    #expect(swapped.withLock { $0 })
    #expect(
      out.contains(
        "ERROR  sub/b.gl\n       cannot read 'sub/b.gl': A folder on the way became a "
          + "symbolic link (gl test follows no link it found)\n"), "\(out)")
    #expect(status == .usage)
    let golden = root.appendingPathComponent("outside/b.out")
    #expect(try String(contentsOf: golden, encoding: .utf8) == "precious\n")
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("outside").path)
    #expect(entries.sorted() == ["b.gl", "b.out", "keep.gl", "keep.out"])
  }

  @Test("a tree deeper than the open-file limit is walked, and its goldens updated")
  func deepTree() throws {
    let (root, tree) = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    let deep = Array(repeating: "d", count: 300).joined(separator: "/")
    try FileManager.default.createDirectory(
      at: tree.appendingPathComponent(deep), withIntermediateDirectories: true)
    try put("print 5\n", "tree/\(deep)/x.gl", in: root)
    try put("old\n", "tree/\(deep)/x.out", in: root)
    // 64 descriptors: a walk holding one per level open would run out half way down.
    let (out, status) = try gl(
      ["-c", "ulimit -n 64 && exec \"$0\" test tree --update", glExecutable], in: root,
      executable: "/bin/sh")
    #expect(out.contains("ok     tree/\(deep)/x.gl (0 expectations)\n"), "\(out)")
    #expect(out.contains("2 passed, 0 failed, 0 errors"), "\(out)")
    #expect(status == 0)
    let golden = tree.appendingPathComponent("\(deep)/x.out")
    #expect(try String(contentsOf: golden, encoding: .utf8) == "5\n")
  }
}
