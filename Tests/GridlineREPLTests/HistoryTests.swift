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
}
