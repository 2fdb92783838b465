import Foundation
import GridlineCLI
import GridlineREPL
import Testing

@Suite("REPL: history file")
struct HistoryTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("gl-history-\(getpid())-\(UUID().uuidString)/deep/history").path
  }

  @Test("XDG_STATE_HOME first, then ~/.local/state; relative paths are ignored")
  func defaultPath() {
    #expect(
      HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/gridline/history")
    #expect(
      HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
        == "/h/.local/state/gridline/history")
    #expect(HistoryFile.defaultPath(environment: [:]) == nil)
  }

  @Test("entries append, duplicates collapse to their latest use, the oldest go past the limit")
  func appendCollapseLimit() {
    let path = temporaryPath()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let history = HistoryFile(path: path, limit: 4)
    #expect(history.load().isEmpty)
    #expect(history.append(["a", "b", "a"]))
    #expect(history.load() == ["b", "a"])
    #expect(history.append(["c", "d", "e"]))
    #expect(history.load() == ["a", "c", "d", "e"])
    #expect(history.append(["line\nbreak"]))
    #expect(history.load().last == "line break")
  }

  @Test("two writers at once never lose or tear entries")
  func concurrentWriters() async {
    let path = temporaryPath()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let history = HistoryFile(path: path, limit: 1000)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for i in 0..<50 { history.append(["writer \(writer) entry \(i)"]) }
        }
      }
    }
    let entries = history.load()
    #expect(entries.count == 100)
    #expect(Set(entries).count == 100)
    #expect(entries.allSatisfy { $0.hasPrefix("writer ") })
  }

  @Test("a history below a regular file is not saved, and the error says why")
  func unwritable() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("gl-history-file-\(getpid())-\(UUID().uuidString)")
    try "x".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let history = HistoryFile(path: file.path + "/gridline/history")
    #expect(!history.append(["a"]))
    #expect(throws: FileError(code: ENOTDIR)) { try history.save(["a"]) }
    #expect(history.load().isEmpty)
  }

  /// A scratch folder anyone may write in, holding `history` with `text`.
  func scratchHistory(_ bytes: [UInt8]) throws -> (folder: URL, history: HistoryFile) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gl-history-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    chmod(folder.path, 0o777)
    let path = folder.appendingPathComponent("history").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (folder, HistoryFile(path: path))
  }

  /// Issue 17: an unreadable history was read as empty and the next entry replaced it.
  /// The tests run as root, whom permission bits do not stop; `setfsuid` makes this
  /// thread's file access that of an ordinary user (it drops root's override too), so a
  /// mode-000 file is unreadable here as it is for a user.
  @Test("a history file the user cannot read is never replaced")
  func unreadableFile() throws {
    let (folder, history) = try scratchHistory(Array("kept\n".utf8))
    defer { try? FileManager.default.removeItem(at: folder) }
    chmod(history.path, 0o000)
    typealias SetFSUID = @convention(c) (UInt32) -> Int32
    let setfsuid = unsafeBitCast(try #require(dlsym(nil, "setfsuid")), to: SetFSUID.self)
    _ = setfsuid(65534)
    #expect(throws: FileError(code: EACCES)) { try history.save(["new"]) }
    #expect(!history.append(["new"]))
    _ = setfsuid(getuid())
    chmod(history.path, 0o600)
    #expect(history.load() == ["kept"])
  }

  @Test("a history that cannot be read (a link to a directory) is left as it is")
  func unreadableLink() throws {
    let (folder, history) = try scratchHistory([])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(atPath: history.path)
    try FileManager.default.createSymbolicLink(atPath: history.path, withDestinationPath: "/tmp")
    #expect(throws: FileError(code: EISDIR)) { try history.save(["new"]) }
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: history.path)
    #expect(target == "/tmp")
  }

  @Test("a FIFO or a device where the history is kept is refused at once, and not replaced")
  func notAFile() throws {
    let (folder, history) = try scratchHistory([])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(atPath: history.path)
    #expect(mkfifo(history.path, 0o600) == 0)
    // Reading a FIFO with no writer would wait for ever; the read is refused instead.
    #expect(history.load().isEmpty)
    #expect(throws: FileError.self) { try history.save(["new"]) }
    var info = stat()
    #expect(lstat(history.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    let device = HistoryFile(path: "/dev/zero")
    #expect(throws: FileError.self) { try device.lines() }
  }

  @Test("a history file past the input size is refused, not cut and written back shorter")
  func tooLarge() throws {
    let (folder, history) = try scratchHistory([])
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(truncate(history.path, off_t(HistoryFile.maximumBytes + 1)) == 0)
    #expect(throws: FileError.tooLarge(HistoryFile.maximumBytes)) { try history.lines() }
    #expect(!history.append(["new"]))
    var info = stat()
    #expect(stat(history.path, &info) == 0 && Int(info.st_size) == HistoryFile.maximumBytes + 1)
  }

  @Test("bytes that are not UTF-8 stay as they were when an entry is added")
  func bytesKept() throws {
    let old: [UInt8] = [0x61, 0xFF, 0x62, 0x0A, 0xC3, 0x0A]
    let (folder, history) = try scratchHistory(old)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(history.append(["c"]))
    let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: history.path)))
    #expect(saved == old + [0x63, 0x0A])
    #expect(history.load() == ["a\u{FFFD}b", "\u{FFFD}", "c"])
  }
}
