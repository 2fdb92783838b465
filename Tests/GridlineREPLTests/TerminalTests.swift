import Foundation
import GridlineTestSupport
import Testing

@Suite("REPL on a pseudo-terminal (end to end)", .serialized)
struct TerminalTests {
  func start(_ state: URL, colour: Bool = false) throws -> PseudoTerminal {
    var environment = [
      "TERM": "xterm", "LANG": "C.UTF-8", "XDG_STATE_HOME": state.path, "HOME": state.path,
      "PATH": "/usr/bin:/bin",
    ]
    if !colour { environment["NO_COLOR"] = "1" }
    return try PseudoTerminal([glExecutable], environment: environment)
  }

  func temporaryState() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-pty-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test("typing, Tab, Up-arrow, Ctrl-R, Ctrl-C during a long repeat, Ctrl-D; history after")
  func session() throws {
    #expect(
      FileManager.default.isExecutableFile(atPath: glExecutable), "build gl first: \(glExecutable)")
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let t = try start(state)
    #expect(t.waitFor("gl> "))
    // Types a line once the prompt is up (typed-ahead text would be echoed by the kernel
    // before libedit takes the terminal), then waits for the next prompt.
    func enter(_ text: String) {
      let before = t.occurrences(of: "\ngl> ")
      t.send(text + "\r")
      #expect(t.waitFor("\ngl> ", count: before + 1), "no prompt after \(text)")
    }
    enter("section \"Früchte\" items 3")
    enter("print nosuch")
    #expect(t.plain.contains("<repl>:2:7: error: unknown name 'nosuch'"))
    enter("print \"Grüße\"")
    #expect(t.plain.contains("\r\nGrüße\r\n"))
    // Tab completes a statement keyword, then an index path's closing bracket.
    enter("scr\tto y 10")
    enter("print offset.y")
    #expect(t.plain.contains("\r\n10\r\n"))
    enter("show item [0, 2\t")
    #expect(t.plain.contains("show item [0, 2] (line 6)"))
    // Tab with several candidates lists them.
    t.send("s\t")
    // In columns as wide as the longest candidate, never a word broken across lines.
    #expect(t.waitFor("safe      scale     sticky    section   sections  scroll    snap"))
    t.send("\u{7F}")  // Backspace
    // Up-arrow recalls the last entry.
    enter("\u{1B}[A")
    #expect(t.waitFor("show item [0, 2] (line 7)"))
    // Ctrl-R finds an earlier entry by what it contains.
    t.send("\u{12}Grü")
    #expect(t.waitFor("print \"Grüße\"", count: 2))
    enter("")
    #expect(t.occurrences(of: "\r\nGrüße\r\n") == 2)
    // Ctrl-C cancels a long step; the REPL lives on.
    let beforeRepeat = t.occurrences(of: "\ngl> ")
    t.send("repeat 1000000 { scroll by y 1 }\r")
    Thread.sleep(forTimeInterval: 0.5)
    t.send("\u{03}", anyTime: true)
    #expect(t.waitFor("cancelled: the state is what the last completed step left"))
    #expect(t.waitFor("\ngl> ", count: beforeRepeat + 1))
    enter("print offset.y > 10")
    #expect(t.plain.contains("\r\ntrue\r\n"))
    // Ctrl-C at the prompt clears the line.
    let beforeInterrupt = t.occurrences(of: "\ngl> ")
    t.send("print 12345\u{03}")
    #expect(t.waitFor("^C"))
    #expect(t.waitFor("\ngl> ", count: beforeInterrupt + 1))
    enter("print 2 + 2")
    #expect(t.plain.contains("\r\n4\r\n"))
    #expect(!t.plain.contains("\r\n12345\r\n"))
    // Ctrl-D on an empty line leaves, with status 0.
    t.send("\u{04}")
    #expect(t.exitStatus() == 0)
    let history = try String(
      contentsOf: state.appendingPathComponent("gridline/history"), encoding: .utf8)
    #expect(history.contains("section \"Früchte\" items 3\n"))
    #expect(history.contains("print \"Grüße\"\n"))
    #expect(history.contains("repeat 1000000 { scroll by y 1 }\n"))
    #expect(!history.contains("12345"))
    #expect(history.components(separatedBy: "show item [0, 2]\n").count == 2, "duplicates collapse")
  }

  @Test("a second session starts with the first one's history; colour only without NO_COLOR")
  func historyAcrossSessions() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let first = try start(state)
    #expect(first.waitFor("gl> "))
    first.send("let remembered = 42\r")
    #expect(first.waitFor("\ngl> ", count: 2))
    first.send(":quit\r")
    #expect(first.exitStatus() == 0)
    let second = try start(state, colour: true)
    #expect(second.waitFor("gl> "))
    #expect(second.output.contains("\u{1B}[1;34m"), "a coloured prompt")
    second.send("\u{1B}[A\u{1B}[A\r")
    #expect(second.waitFor("\ngl> ", count: 2))
    second.send("print remembered\r")
    #expect(second.waitFor("\r\n42\r\ngl> "))
    second.send("\u{04}")
    #expect(second.exitStatus() == 0)
  }
}
