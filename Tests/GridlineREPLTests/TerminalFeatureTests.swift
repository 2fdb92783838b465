import Foundation
import GridlineTestSupport
import Testing

extension TerminalTests {
  /// Types a line once the prompt is up and waits for the next prompt.
  func enter(_ t: PseudoTerminal, _ text: String) {
    let before = t.occurrences(of: "\ngl> ")
    t.send(text + "\r")
    #expect(t.waitFor("\ngl> ", count: before + 1), "no prompt after \(text)")
  }

  @Test("a bare expression, member completion, the pager, :undo, :save, then gl run of it")
  func studentSession() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let saved = state.appendingPathComponent("session.gl").path
    let t = try start(state)
    #expect(t.waitFor("gl> "))
    enter(t, "viewport 375 x 667")
    enter(t, "section items 100")
    enter(t, "layout flow { item size 100 x 100 }")
    // A bare expression prints its value.
    enter(t, "offset")
    #expect(t.plain.contains("\r\n(0, 0)\r\n"))
    // Tab after a dot completes the members of the value's type.
    t.send("print item [0, 1].fr\t")
    enter(t, "")
    // Without the completion `.fr` would be an error; the frame printed proves it.
    #expect(t.plain.contains("\r\n(137.5, 0, 100, 100)\r\n"))
    // Output longer than the screen (40 rows) stops with a prompt; Enter shows the next
    // screen, q the prompt again.
    t.send("show all\r")
    #expect(t.waitFor("more rows, Enter for more, q to stop —"))
    t.send("\r", anyTime: true)
    #expect(t.waitFor("more rows, Enter for more, q to stop —", count: 2))
    // The pager's prompt is erased and the REPL's takes its place.
    t.send("q", anyTime: true)
    // On failure, what the terminal showed last (this wait has timed out under load).
    #expect(t.waitFor("q to stop —\rgl> "), "\(t.plain.suffix(400).debugDescription)")
    #expect(!t.plain.contains("cell [0, 99]"), "q dropped the rest")
    // :undo takes back the last entry that changed something.
    enter(t, "section items 5")
    enter(t, ":undo")
    #expect(t.plain.contains("undone: section items 5"))
    enter(t, "items(in: 0)")
    #expect(t.plain.contains("\r\n100\r\n"))
    enter(t, ":save \(saved)")
    #expect(t.plain.contains("saved 7 entries to \(saved)"))
    // Ctrl-D leaves the shell's prompt on a line of its own.
    t.send("\u{04}")
    #expect(t.waitFor("gl> ^D\r\n"))
    #expect(t.exitStatus() == 0)
    // gl run of the saved file prints what the REPL printed.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: glExecutable)
    process.arguments = ["run", saved]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let printed = output.split(separator: "\n").map(String.init)
    #expect(printed.first == "(0, 0)")
    #expect(printed.dropFirst().first == "(137.5, 0, 100, 100)")
    #expect(printed.last == "100")
    #expect(printed.count > 2 && printed[2].hasPrefix("show all (line 6): "))
    if printed.count > 2 {
      #expect(t.plain.contains("\r\n" + printed[2] + "\r\n"), "the same line, the same number")
    }
  }

  /// Issue 34: the pager took the first key typed while the entry ran as its answer, and
  /// the REPL ran the rest of the line without it.
  @Test("keys typed ahead of the pager's prompt are no answer to it: the REPL runs them")
  func typedAheadOfThePager() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let t = try start(state)
    #expect(t.waitFor("gl> "))
    enter(t, "section items 100")
    enter(t, "layout flow { item size 100 x 100 }")
    // One write: the entry and, typed ahead of its output, the next one.
    t.send("show all\rprint 6 * 7\r")
    #expect(t.waitFor("more rows, Enter for more, q to stop —"))
    t.send("q", anyTime: true)
    #expect(t.waitFor("\r\n42\r\n"), "\(t.plain.suffix(400).debugDescription)")
    #expect(t.plain.contains("gl> print 6 * 7\r\n42"), "the line arrives whole")
    #expect(!t.plain.contains("error"), "the p was taken by the pager")
    t.send("\u{04}")
    #expect(t.exitStatus() == 0)
  }

  @Test(":save over a file asks on the terminal: n keeps it, y replaces it")
  func saveAsksOnTheTerminal() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let path = state.appendingPathComponent("kept.gl").path
    try "section items 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    let t = try start(state)
    #expect(t.waitFor("gl> "))
    enter(t, "section items 7")
    t.send(":save \(path)\r")
    #expect(t.waitFor("\(path) exists: replace it? [y/N] "))
    enter(t, "n")
    #expect(t.plain.contains("not saved: \(path) is as it was"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "section items 1\n")
    t.send(":save \(path)\r")
    #expect(t.waitFor("replace it? [y/N] ", count: 2))
    enter(t, "y")
    #expect(t.plain.contains("saved 1 entry to \(path)"))
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("section items 7\n"))
    t.send("\u{04}")
    #expect(t.exitStatus() == 0)
  }

  /// A REPL whose history lives below `stateHome`, after two entries.
  func twoEntries(stateHome: String, home: String) throws -> PseudoTerminal {
    let t = try PseudoTerminal(
      [glExecutable],
      environment: [
        "TERM": "xterm", "LANG": "C.UTF-8", "XDG_STATE_HOME": stateHome, "HOME": home,
        "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
      ])
    #expect(t.waitFor("gl> "))
    enter(t, "section items 3")
    enter(t, "print 1")
    return t
  }

  @Test("a history that cannot be saved is said once; a cancel starts its own line")
  func historyFailure() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let blocker = state.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let t = try twoEntries(stateHome: blocker.path, home: state.path)
    #expect(t.occurrences(of: "gl: warning: cannot save the history to") == 1)
    #expect(t.plain.contains("Not a directory"))
    t.send("repeat 1000000 { scroll by y 1 }\r")
    Thread.sleep(forTimeInterval: 0.5)
    t.send("\u{03}", anyTime: true)
    #expect(t.waitFor("cancelled: the state is what the last completed step left"))
    #expect(!t.plain.contains("^Ccancelled"))
    t.send("\u{04}")
    #expect(t.exitStatus() == 0)
  }

  /// Issue 17: a history that could not be read was taken for an empty one and replaced.
  @Test("a history that cannot be read is said once and left as it is")
  func historyUnreadable() throws {
    let state = try temporaryState()
    defer { try? FileManager.default.removeItem(at: state) }
    let folder = state.appendingPathComponent("gridline")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("entries"), withIntermediateDirectories: true)
    let history = folder.appendingPathComponent("history").path
    try FileManager.default.createSymbolicLink(atPath: history, withDestinationPath: "entries")
    let t = try twoEntries(stateHome: state.path, home: state.path)
    #expect(t.occurrences(of: "gl: warning: cannot read the history '\(history)'") == 1)
    #expect(t.plain.contains("Is a directory; it is left as it is"))
    t.send("\u{04}")
    #expect(t.exitStatus() == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: history) == "entries")
  }
}
