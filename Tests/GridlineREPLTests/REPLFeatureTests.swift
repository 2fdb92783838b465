import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

@testable import GridlineREPL

@Suite("REPL: bare expressions, :type, :info, :state, :time")
struct REPLInspectionTests {
  static let setup = ["viewport 375 x 667", "section items 12"]

  @Test("a bare expression prints its value, as print would")
  func bareExpressions() {
    let r = repl(Self.setup + ["offset", "item [0, 3].frame", "6 * 7", "item [0, 3].frame.maxX"])
    #expect(r.out == "(0, 0)\n(195, 0, 50, 50)\n42\n245")
    #expect(r.status == .success)
  }

  @Test("a bare expression's value is _, and a statement stays a statement")
  func bareResult() {
    let r = repl(
      Self.setup + ["content.height - viewport.height", "print _ < 0", "trace on", "scroll by y 1"])
    // `trace on` is the statement, not a value: it prints nothing, and the step after it is
    // traced.
    #expect(r.out.hasPrefix("-557\ntrue\ntrace ("), "\(r.out)")
    #expect(r.out.contains("scrollViewDidScroll(_:)"), "\(r.out)")
  }

  @Test("a mistyped name is the expression's error; a statement's word keeps its own")
  func bareErrors() {
    let r = repl(Self.setup + ["offst.y", "item size"], interactive: true)
    #expect(r.out.contains("unknown name 'offst'"))
    #expect(r.out.contains("did you mean 'offset'?"))
    #expect(!r.out.contains("unknown name 'item'"))
  }

  @Test(":type names the type and its members; errors point into the expression")
  func type() {
    let r = repl(
      Self.setup + [
        ":type item [0, 1].frame.origin", ":type offset.z", ":type 1 +", ":type 1 2", ":type",
      ])
    #expect(
      r.out.contains("item [0, 1].frame.origin: point\n  members:\n    x (number)  y (number)"))
    #expect(r.out.contains("<repl>:4:8: error: a point has no member 'z'"))
    // Read as the expression it must be, not as a statement.
    #expect(r.out.contains("<repl>:5:4: error: expected a value, found end of line"), "\(r.out)")
    #expect(r.out.contains("<repl>:6:3: error: expected the end of the statement, found number 2"))
    #expect(r.out.contains("error: ':type' takes an expression"))
  }

  @Test(":info tells what a name is and the UIKit API it models")
  func info() {
    let r = repl(
      Self.setup + [
        ":info offset", ":info item", ":info hit", ":info transform", "let gap = 8", ":info gap",
        ":info scroll", ":info ofset", ":info :save", ":info names", ":info nothing",
      ])
    #expect(
      r.out.contains(
        "offset: point\n  Where the content is scrolled to.\n  UIKit: UIScrollView.contentOffset"))
    #expect(r.out.contains("item [S, I]: element"))
    #expect(r.out.contains("UIKit: layoutAttributesForItem(at:)"))
    #expect(r.out.contains("zIndex (number)"))
    #expect(r.out.contains("UIKit: UICollectionView.indexPathForItem(at:)"))
    #expect(r.out.contains("transform: a type"))
    #expect(r.out.contains("gap: number = 8, a let"))
    #expect(r.out.contains("'scroll' is a statement"))
    #expect(r.out.contains("error: no name 'ofset'; did you mean 'offset'?"))
    #expect(r.out.contains("':save' is a command of the REPL\n  :save [-f] FILE"))
    #expect(r.out.contains("'names' is a topic of the help: :help names shows it"))
    #expect(r.out.contains("nothing: nothing\n  No value: what hit finds on empty space"))
  }

  @Test("every name of the vocabulary has its meaning, and :help names lists them all")
  func everyNameExplained() {
    let r = repl([":help names", ":help functions"])
    for info in ExpressionVocabulary.infos {
      #expect(!info.summary.isEmpty, "\(info.name)")
      #expect(r.out.contains(info.syntax), "\(info.name) is not listed")
    }
    #expect(
      ExpressionVocabulary.infos.map(\.name)
        == ExpressionVocabulary.names.filter {
          ExpressionVocabulary.info($0) != nil
        })
  }

  @Test(":state lists the lets with their values")
  func stateLets() {
    let r = repl(Self.setup + ["let gap = 8", "let size = 100 x 50", ":state"])
    #expect(r.out.contains("let gap = 8 (number)"))
    #expect(r.out.contains("let size = 100 x 50 (size)"))
  }

  @Test(":time on prints each entry's time after its output; :time off stops")
  func time() throws {
    let r = repl(Self.setup + [":time on", "offset.y", ":time off", "offset.x"])
    let lines = r.out.split(separator: "\n").map(String.init)
    let i = try #require(lines.firstIndex(of: "time on"))
    #expect(lines[i + 1] == "0")
    #expect(lines[i + 2].hasPrefix("(") && lines[i + 2].hasSuffix(" ms)"))
    #expect(lines[(i + 3)...] == ["time off", "0"])
  }

  @Test("unique prefixes name commands; an ambiguous one says which it could be")
  func prefixes() {
    let r = repl(Self.setup + [":st", ":sa", ":ty offset", ":ti", ":zz"])
    #expect(r.out.contains("error: ':st' is ambiguous: :state, :step; type more of the name"))
    #expect(r.out.contains("error: ':save' takes a file name"))
    #expect(r.out.contains("offset: point"))
    #expect(r.out.contains("time off"))
    #expect(r.out.contains("error: unknown command ':zz'"))
  }

  @Test(":help has topics for expressions, names, functions, _ and every command")
  func helpTopics() {
    for topic in ["expressions", "names", "functions", "_"]
      + MetaCommand.allCases.map({ ":" + $0.rawValue })
    {
      let r = repl([":help \(topic)"])
      #expect(!r.out.hasPrefix("error"), "\(topic): \(r.out)")
      #expect(REPLSession.allHelpTopicNames.contains(topic))
    }
    let r = repl([":help save", ":help :undo", ":help offset"])
    #expect(r.out.contains(":save [-f] FILE"))
    #expect(r.out.contains(":undo "))
    #expect(r.out.contains("UIKit: UIScrollView.contentOffset"))
  }

  @Test("lists are laid out in columns that fit, no word broken")
  func columns() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      let count = Int.random(in: 1...40, using: &generator)
      let words = (0..<count).map { _ in
        String(repeating: "w", count: Int.random(in: 1...14, using: &generator))
      }
      let width = Int.random(in: 16...120, using: &generator)
      let lines = Columns.layout(words, width: width)
      #expect(lines.allSatisfy { $0.count <= max(width, 14) })
      let laidOut = lines.flatMap { $0.split(separator: " ").map(String.init) }
      #expect(laidOut.sorted() == words.sorted(), "every word once, whole")
    }
  }
}

@Suite("REPL: :save and :undo")
struct REPLSaveUndoTests {
  @Test(":save writes a script gl run replays with the same output")
  func saveReplays() throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("session.gl").path
    let entries = [
      "viewport 375 x 667", "section items 30", "layout flow {", "  item size 100 x 100", "}",
      "scroll to y 200", "offset", "show item [0, 7]", "let gap = 4", "expect offset.y == 200",
      "item [0, 7].frame.maxY + gap",
    ]
    let r = repl(entries + [":save \(path)"])
    #expect(r.out.contains("saved 9 entries to \(path)\nexpectations: 1 passed"))
    let replOutput = r.out.split(separator: "\n").dropLast(2).joined(separator: "\n")
    var written: [String] = []
    let runner = ScriptRunner(options: RunOptions()) { _, text in
      if !text.isEmpty { written.append(text) }  // as gl run writes: nothing for an empty text
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let status = runner.run(SourceFile(name: path, text: text))
    #expect(status == .success)
    // gl run adds the expectation summary the REPL gives at its end.
    #expect(written.dropLast().joined(separator: "\n") == replOutput)
    #expect(text.contains("print item [0, 7].frame.maxY + gap"))
  }

  @Test(":save formats each entry as gl fmt would, each on the lines it was typed on")
  func saveFormats() throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("f.gl").path
    let r = repl(
      [
        "viewport 375x667", "section items 3;show item [0,1]", "layout flow {",
        "item size 10x10  # small", "}", "expect offset.y==0", ":save \(path)",
      ])
    #expect(r.out.contains("saved 4 entries"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(6)
    #expect(
      lines == [
        "viewport 375 x 667", "section items 3; show item [0, 1]", "layout flow {",
        "  item size 10 x 10  # small", "}", "expect offset.y == 0",
      ])
  }

  @Test(":save keeps entries a script cannot replay as comments")
  func saveComments() throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("s.gl").path
    let r = repl(
      [
        "section items 3", "show item [0, 1]", "print _.frame.x", "print sqrt(offset.y - 1)",
        ":type offset", ":save \(path)",
      ])
    #expect(r.out.contains("(2 as comments: see the file)"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[2] == "# print _.frame.x   (reads _ in the REPL)")
    #expect(lines[3] == "# print sqrt(offset.y - 1)   (failed in the REPL)")
    #expect(lines[4] == "# :type offset", "a command stays on its line, as a comment")
    #expect(Parser.parse(SourceFile(name: "s", text: text)).diagnostics.isEmpty)
  }

  @Test(":undo takes back the last entry that changed something, looking entries stay")
  func undo() {
    let r = repl([
      "section items 3", "layout flow { item size 100 x 100 }", "section items 5", "print sections",
      ":undo", "print sections", "print content.height", ":undo", "print content.height",
    ])
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "2", "undone: section items 5", "1", "100", "undone: layout flow { item size 100 x 100 }",
        "50",
      ])
  }

  @Test(":undo of a let forgets the name; with nothing to undo it says so")
  func undoLet() {
    let r = repl([":undo", "let w = 3", "print w", ":undo", "print w"])
    #expect(r.out.contains("error: nothing to undo"))
    #expect(r.out.contains("undone: let w = 3"))
    #expect(r.out.contains("warning: 1 later entry used what was undone (or cancelled)"))
    #expect(r.out.contains("unknown name 'w'"))
    #expect(r.session.log.isEmpty, "print w left the log with the let it used")
  }

  @Test(":undo replays a stepping with the frames it ran, and a :trace setting")
  func undoStepping() {
    let r = repl([
      "viewport 375 x 600", "section items 100", ":step scroll by y 100 over 10 frames", ":next 3",
      "let k = 1", ":undo", "print offset.y", ":next", ":undo", "print offset.y",
    ])
    #expect(r.out.contains("undone: let k = 1\n40"))
    #expect(r.out.contains("frame 5/10: offset (0, 50)"))
    #expect(r.out.hasSuffix("undone: :step scroll by y 100 over 10 frames\n0"))
  }
}

@Suite("REPL: paging")
struct PagerTests {
  func pager(rows: Int, keys: [UInt8], external: String? = nil)
    -> (Pager, () -> [String], () -> [String])
  {
    var written: [String] = []
    var inline: [String] = []
    var keys = keys
    let p = Pager(
      screen: { (rows, 80) }, readKey: { keys.isEmpty ? nil : keys.removeFirst() },
      external: external, write: { _, text in written.append(text) },
      writeInline: { inline.append($0) })
    return (p, { written }, { inline })
  }

  @Test("output that fits the screen goes out as it was written")
  func fits() {
    let (p, written, inline) = pager(rows: 10, keys: [])
    p.collect(.standardOutput, "a\nb")
    p.collect(.standardError, "c")
    p.flush()
    #expect(written() == ["a\nb", "c"])
    #expect(inline().isEmpty)
  }

  @Test("longer output is shown a screen at a time; q stops")
  func pages() {
    let (p, written, inline) = pager(rows: 5, keys: [13, UInt8(ascii: "q")])
    p.collect(.standardOutput, (1...20).map(String.init).joined(separator: "\n"))
    p.flush()
    #expect(written() == ["1\n2\n3\n4", "5\n6\n7\n8"])
    #expect(inline().contains { $0.contains("— 16 more rows, Enter for more, q to stop —") })
    #expect(inline().contains { $0.contains("— 12 more rows") })
  }

  @Test("what was typed ahead is taken once, at the first prompt; later keys answer prompts")
  func typedAheadOnce() {
    var taken = 0
    var keys: [UInt8] = [13, 13, UInt8(ascii: "q")]
    var inline: [String] = []
    let p = Pager(
      screen: { (5, 80) }, readKey: { keys.isEmpty ? nil : keys.removeFirst() },
      keepTypedAhead: {
        // Taken before the first prompt shows.
        #expect(keys.count == 3 && inline.isEmpty)
        taken += 1
      }, external: nil, write: { _, _ in }, writeInline: { inline.append($0) })
    p.collect(.standardOutput, (1...40).map(String.init).joined(separator: "\n"))
    p.flush()
    #expect(taken == 1)
    #expect(inline.filter { $0.contains("more rows") }.count == 3)
    // Output that fits takes nothing.
    p.collect(.standardOutput, "short")
    p.flush()
    #expect(taken == 1)
  }

  @Test("long lines count the rows they wrap to")
  func wrapping() {
    #expect(Pager.rows(of: String(repeating: "x", count: 161), columns: 80) == 3)
    #expect(Pager.rows(of: "", columns: 80) == 1)
    #expect(Pager.rows(of: "日本語", columns: 4) == 2)
  }
}

@Suite("REPL: :load")
struct REPLLoadSummaryTests {
  @Test(":load ends with a summary naming the file, as gl run ends a file")
  func loadSummary() throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("l.gl").path
    try "section items 3\nexpect sections == 1\nexpect offset.y == 5\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let r = repl([":load \(path)"])
    #expect(r.out.contains("\(path): 3 statements run; expectations: 1 passed, 1 failed"))
  }
}

@Suite("REPL: completing bare expressions")
struct BareCompletionTests {
  @Test("at the start of a line, members and names complete as in print")
  func bare() {
    let r = repl(["section items 3", "let gap = 4"])
    #expect(r.session.complete("item [0, 1].fr").insert == "ame")
    #expect(r.session.complete("offset.").candidates == ["x", "y"])
    #expect(r.session.complete("offs").insert == "et")
    #expect(r.session.complete("ga").insert == "p")
    #expect(r.session.complete("scr").insert == "oll ", "a statement still completes first")
  }
}

@Suite("REPL: what the review of issue 15 found")
struct REPLSessionReviewTests {
  @Test(":save keeps commands as comments and a stepping stopped part way as one")
  func saveCommandsAndPartialSteps() throws {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("s.gl").path
    let r = repl([
      "viewport 375 x 600", "section items 100", ":state", ":step scroll by y 300 over 10 frames",
      ":next 2", "scroll by y 10", ":save \(path)",
    ])
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[2] == "# :state")
    #expect(lines[3] == "# scroll by y 300 over 10 frames   (stepped part way in the REPL)")
    #expect(lines[4] == "# :next 2")
    #expect(lines[5] == "scroll by y 10")
    #expect(r.out.contains("(1 as comments: see the file)"))
  }

  @Test(":save says when the script it wrote will not check")
  func saveWarnsOfBrokenScript() {
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = scratch.appendingPathComponent("s.gl").path
    let r = repl([
      "section items 3", "show item [0, 1]", "let y = _.frame.maxY", "print y", ":save \(path)",
    ])
    #expect(r.out.contains("warning: gl run will refuse \(path): line 4: unknown name 'y'"))
  }

  @Test(":undo of the entry after a stopped stepping leaves it stopped")
  func undoKeepsStoppedStepping() {
    let r = repl([
      "viewport 375 x 600", "section items 100", ":step scroll by y 300 over 10 frames",
      "scroll by y 1", "let k = 1", ":undo", ":state",
    ])
    #expect(r.out.contains("undone: let k = 1"))
    #expect(!r.out.contains("stepping a scroll: frame"), "no stepping came back")
    #expect(r.out.contains("offset (0, 31)"))
  }

  @Test(":info says every meaning of a word; :state calls _ the last result")
  func infoAndState() {
    let r = repl(["section items 3", ":info inset", "6 * 7", ":state"])
    #expect(r.out.contains("inset: insets\n  The content inset the script set."))
    #expect(r.out.contains("inset(rect, amount or insets): rect"))
    #expect(r.out.contains("_ = 42 (number, the last result)"))
  }

  @Test("the pager measures what shows: colour escapes take no column")
  func pagerWidth() {
    let coloured = "\u{1B}[36m" + String(repeating: "x", count: 80) + "\u{1B}[0m"
    #expect(Pager.rows(of: coloured, columns: 80) == 1)
    #expect(Pager.visible("\u{1}\u{1B}[1;34m\u{1}gl>") == "gl>")
  }
}

@Suite("REPL: completing command arguments")
struct MetaArgumentCompletionTests {
  @Test(":type completes an expression, :info a name, :time on or off")
  func arguments() {
    let r = repl(["section items 3", "let gap = 4"])
    #expect(r.session.complete(":type item [0, 1].fr").insert == "ame")
    #expect(r.session.complete(":info offs").insert == "et")
    #expect(r.session.complete(":info ga").insert == "p")
    #expect(r.session.complete(":time o").candidates == ["on", "off"])
  }
}
