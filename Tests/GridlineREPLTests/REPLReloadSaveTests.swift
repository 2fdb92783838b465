import Foundation
import GridlineCLI
import GridlineREPL
import GridlineTestSupport
import Testing

/// `:load` into a session that has entries says so, `:reload` starts afresh, `:save`
/// replaces a file only when asked to, and `:type` needs no data (issue 34).
@Suite("REPL: :reload, :save over a file, :type")
struct REPLReloadSaveTests {
  /// A scratch folder holding `lesson.gl`, a lesson of one section.
  static func lesson() throws -> URL {
    let dir = scratchDirectory()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try "viewport 320 x 480\nsection items 4\n".write(
      to: dir.appendingPathComponent("lesson.gl"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("a second :load says the session has entries; :reload runs the file afresh")
  func loadTwiceThenReload() throws {
    let dir = try Self.lesson()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("lesson.gl").path
    let twice = repl([":load \(path)", ":load \(path)", "print sections"])
    #expect(
      twice.out.contains(
        "note: this session already has 1 entry; \(path) runs after them, its sections added "
          + "to theirs. `:reload \(path)` starts a fresh session and loads it."), "\(twice.out)")
    #expect(twice.out.hasSuffix("\n2"), "the file's section was declared twice: \(twice.out)")
    let reloaded = repl([":load \(path)", ":reload", "print sections"])
    #expect(reloaded.out.contains("a fresh session"))
    #expect(!reloaded.out.contains("note:"))
    #expect(reloaded.out.hasSuffix("\n1"), "\(reloaded.out)")
    #expect(reloaded.status == .success)
  }

  @Test("the first :load of a session says nothing more; :reload FILE works without one")
  func firstLoad() throws {
    let dir = try Self.lesson()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("lesson.gl").path
    let r = repl(["let w = 3", ":reload \(path)", "print sections"])
    #expect(r.out.hasSuffix("\n1"), "\(r.out)")
    #expect(!repl([":load \(path)"]).out.contains("note:"))
  }

  @Test(":reload with nothing loaded, or of a file it cannot read, changes nothing")
  func reloadRefusals() throws {
    let none = repl(["let w = 3", ":reload", "print w"])
    #expect(none.out.contains("error: ':reload' takes a file name: no file was loaded yet"))
    #expect(none.out.hasSuffix("\n3"))
    let missing = scratchDirectory().appendingPathComponent("gone.gl").path
    let r = repl(["let w = 3", ":reload \(missing)", "print w"])
    #expect(r.out.contains("No such file or directory"), "\(r.out)")
    #expect(!r.out.contains("a fresh session"))
    #expect(r.out.hasSuffix("\n3"), "the session was kept: \(r.out)")
  }

  @Test(":save over a file asks; no keeps the file, yes replaces it")
  func saveAsks() throws {
    let dir = try Self.lesson()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("lesson.gl").path
    var asked: [String] = []
    let no = repl(["section items 2", ":save \(path)"]) { session, _ in
      session.confirm = {
        asked.append($0)
        return false
      }
    }
    #expect(asked == ["\(path) exists: replace it?"])
    #expect(no.out.contains("not saved: \(path) is as it was"))
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "viewport 320 x 480\nsection items 4\n")
    let yes = repl(["section items 2", ":save \(path)"]) { session, _ in
      session.confirm = { _ in true }
    }
    #expect(yes.out.contains("saved 1 entry to \(path)"))
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("section items 2\n"))
  }

  @Test("piped input cannot answer: :save over a file is refused without --force")
  func savePiped() throws {
    let dir = try Self.lesson()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("lesson.gl").path
    let refused = repl(["section items 2", ":save \(path)", "print 1"], interactive: false)
    #expect(refused.out.contains("error: \(path) exists; `:save --force \(path)` replaces it"))
    #expect(refused.status == .usage)
    #expect(refused.out.hasSuffix("\n1"), "piped input goes on: \(refused.out)")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "viewport 320 x 480\nsection items 4\n")
    for flag in ["--force", "-f"] {
      let forced = repl(
        ["section items \(flag.count)", ":save \(flag) \(path)"], interactive: false)
      #expect(forced.status == .success, "\(forced.out)")
      #expect(
        try String(contentsOfFile: path, encoding: .utf8).hasPrefix("section items \(flag.count)\n")
      )
    }
  }

  @Test(":save -f or --force without a file name is a usage error, not a file named -f")
  func forceWithoutName() {
    for flag in ["-f", "--force", "--force  "] {
      let r = repl([":save \(flag)"], interactive: false)
      #expect(r.out.contains("error: ':save' takes a file name"), "\(flag): \(r.out)")
      #expect(r.status == .usage)
    }
  }

  @Test("why in a reloaded lesson names the lines of the lesson's own file")
  func whyAfterReload() throws {
    let dir = scratchDirectory()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("custom.gl").path
    try """
    viewport 320 x 480
    section items 4
    layout custom two {
      prepare {
        for i in 0..<4 {
          place item [0, i] at rect((i % 2) * 160, floor(i / 2) * 100, 150, 90)
        }
        content size = 320 x 200
      }
    }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let r = repl(["print 1", ":load \(path)", ":reload", "why item [0, 3]"])
    // The place is the file's line 6, whatever the session typed before it.
    #expect(r.out.contains("Line 6, `place item [0, i] at rect("), "\(r.out)")
  }

  @Test("why says where the layout's code stopped when an error stopped it")
  func whyAfterAnError() {
    let r = repl([
      "section items 3",
      "layout custom c { prepare { place item [0, 0] at rect(0, 0, 10, 10); "
        + "place item [0, items(in: 0) + 6] at rect(0, 0, 1, 1) } }",
      // The first pass reports the error (this entry fails); `why` then runs the code again.
      "show visible",
      "why item [0, 0]",
    ])
    #expect(
      r.out.contains("The code stopped at line 2: item [0, 9] does not exist"), "\(r.out)")
    #expect(r.out.contains(". The layout answers with what was placed before that."))
  }

  @Test(":type needs no data: an item's type in a session with no sections")
  func typeWithoutData() {
    let r = repl([":type item [0, 0]", ":type item [3, 7].frame.maxY"])
    #expect(!r.out.contains("error"), "\(r.out)")
    #expect(r.out.contains("item [0, 0]: element"), "\(r.out)")
    #expect(r.out.contains("item [3, 7].frame.maxY: number"), "\(r.out)")
    // Still checked: a name that is not one is an error.
    #expect(repl([":type itme [0, 0]"]).out.contains("error"))
  }
}

@Suite("REPL: draw fits the terminal")
struct REPLDrawHeightTests {
  @Test("a tall viewport's drawing takes no more rows than the terminal gives it")
  func fitsHeight() {
    let lines = [
      "viewport 375 x 2000", "section items 40", "layout flow { item size 100 x 100 }", "draw",
    ]
    let file = repl(lines).out.split(separator: "\n")
    let terminal = repl(lines) { session, _ in session.drawingRows = { 20 } }
      .out.split(separator: "\n")
    // As a file draws it: a row per 12 points (a column per 6), 167 rows.
    #expect(file.count > 150, "\(file.count) lines")
    // On a 20-row budget the scale is coarsened: the grid's rows, its two rulers, the
    // title and the legend.
    #expect(terminal.count <= 20 + 6, "\(terminal.joined(separator: "\n"))")
    #expect(terminal.first == "draw viewport (line 4)")
  }
}
