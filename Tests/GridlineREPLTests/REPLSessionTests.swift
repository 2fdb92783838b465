import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineREPL
import GridlineTestSupport
import Testing

/// A session driven through the scripted reader; returns what it wrote and its status.
func repl(
  _ lines: [String], interactive: Bool = true, keepGoing: Bool = false,
  configure: (REPLSession, ScriptedLineReader) -> Void = { _, _ in }
) -> (out: String, status: ScriptStatus, session: REPLSession, reader: ScriptedLineReader) {
  var written: [String] = []
  var options = REPLOptions(keepGoing: keepGoing, interactive: interactive)
  let scratch = scratchDirectory()  // `svg` writes here, never into the checkout
  defer { try? FileManager.default.removeItem(at: scratch) }
  options.outputDirectory = scratch.path
  let session = REPLSession(options: options) { _, text in written.append(text) }
  let reader = ScriptedLineReader(lines: lines, interactive: interactive)
  configure(session, reader)
  let status = REPLLoop.run(session, reader: reader)
  return (written.joined(separator: "\n"), status, session, reader)
}

/// What `gl run` writes for the file at `path` (as `GridlineCLITests`' transcript does: one
/// line per write, in order) and its status, for comparing piped REPL input with it.
func runTranscript(of path: String) -> (text: String, status: ScriptStatus) {
  let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  let name = String(path.dropFirst(repositoryRoot.path.count + 1))
  var lines: [String] = []
  var options = RunOptions()
  let scratch = scratchDirectory()
  defer { try? FileManager.default.removeItem(at: scratch) }
  options.outputDirectory = scratch.path
  let runner = ScriptRunner(options: options) { _, text in
    if !text.isEmpty { lines.append(text) }
  }
  let status = runner.run(SourceFile(name: name, text: source))
  return (lines.map { $0 + "\n" }.joined(), status)
}

@Suite("REPL: entries")
struct REPLEntryTests {
  @Test("an entry sees every earlier entry; results print as gl run prints them")
  func persistentState() {
    let r = repl([
      "section items 10", "let w = 100", "layout flow { item size w x 50 }", "print w * 2",
    ])
    #expect(r.out == "200")
    #expect(r.status == .success)
  }

  @Test("an open { continues with a continuation prompt; the block is one history entry")
  func continuation() {
    let r = repl([
      "section items 4", "layout flow {", "  item size 100 x 50   # itemSize", "  line spacing 5",
      "}",
      "show content size",
    ])
    #expect(r.reader.prompts == ["gl> ", "gl> ", "...> ", "...> ", "...> ", "gl> ", "gl> "])
    #expect(r.reader.history.contains("layout flow { item size 100 x 50; line spacing 5 }"))
    #expect(r.out.contains("contentSize (line 6): 375 x 105"))
  }

  @Test("the joined history entry runs as the block did")
  func historyEntryParses() {
    let block = ["layout flow {", "  insets (top: 10,", "    left: 5)", "  item size 20 x 20", "}"]
    let joined = REPLSession.historyEntry(block)
    #expect(joined == "layout flow { insets (top: 10, left: 5); item size 20 x 20 }")
    let a = Parser.parse(SourceFile(name: "", text: block.joined(separator: "\n"))).program
    let b = Parser.parse(SourceFile(name: "", text: joined)).program
    #expect(a.statements.count == 1 && b.statements.count == 1)
    #expect(Parser.parse(SourceFile(name: "", text: joined)).diagnostics.isEmpty)
  }

  @Test("errors never end an interactive session; the caret is under the typed line")
  func errorsStay() {
    let r = repl(["section items 3", "scroll to y", "show visiblee", "print 1 + 1"])
    #expect(r.out.contains("<repl>:2:12: error:"))
    #expect(r.out.contains(" 3 | show visiblee\n   |      ^~~~~~~~"))
    #expect(r.out.hasSuffix("2"))
  }

  @Test("a mistaken let is forgotten: the checker keeps only entries that checked")
  func brokenLetForgotten() {
    let r = repl(["let a = nosuch", "print a"])
    #expect(r.out.contains("unknown name 'nosuch'"))
    #expect(r.out.contains("unknown name 'a'"))
  }

  @Test("show binds _ to the element, print to its value, hit to the index path")
  func underscore() {
    let r = repl([
      "section items 10", "layout flow { item size 100 x 100 }", "show item [0, 4]",
      "print _.frame.minY", "hit (10, 10)", "print _.item", "print _ + 1",
    ])
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("110"))
    #expect(lines.contains("hit (10, 10) (line 5): item [0, 0]"))
    #expect(lines.suffix(2) == ["0", "1"])
  }

  @Test("piped input stops at the first error with its status; --keep-going goes on")
  func pipedErrors() {
    let a = repl(["section items 3", "print nosuch", "print 1"], interactive: false)
    #expect(a.status == .scriptError)
    #expect(!a.out.hasSuffix("\n1") && a.out.contains("<stdin>:2:7: error: unknown name 'nosuch'"))
    let b = repl(
      ["section items 3", "print nosuch", "print 1"], interactive: false, keepGoing: true)
    #expect(b.status == .scriptError)
    #expect(b.out.hasSuffix("1"))
    let c = repl(
      ["section items 1", "scroll to item [0, offset.y + 5]", "print 2"], interactive: false)
    #expect(c.status == .runtimeFailure)
    #expect(!c.out.contains("\n2"))
  }

  @Test("a :save or :load that fails leaves piped input's status non-zero (issue 36)")
  func failedSaveAndLoad() {
    let missing = "/nonexistent-gridline-dir/session.gl"
    let save = repl(["section items 3", ":save \(missing)", "print 1"], interactive: false)
    #expect(save.status == .ioError)
    #expect(save.out.contains("error: ") && save.out.contains(missing))
    let load = repl(["section items 3", ":load \(missing)", "print 1"], interactive: false)
    #expect(load.status == .usage)
    let nameless = repl([":save", "print 1"], interactive: false)
    #expect(nameless.status == .usage)
  }

  @Test("a command's echo of what was typed escapes control characters (issue 36)")
  func echoesEscaped() {
    let r = repl(
      [":help \u{1B}[31m", ":info \u{1B}x", ":no\u{7}such", ":trace \u{1B}"], interactive: false,
      keepGoing: true)
    #expect(!r.out.contains("\u{1B}") && !r.out.contains("\u{7}"))
    #expect(r.out.contains("no help for '\\u{1B}[31m'"))
    #expect(r.out.contains("unknown command ':no\\u{7}such'"))
  }

  @Test(
    "piped input prints what gl run prints",
    arguments: exampleScripts.map(\.lastPathComponent))
  func pipedEqualsRun(_ name: String) throws {
    let path = repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name).path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // A typed `use` is relative to the working directory, not to the example's folder.
    if text.contains("\nuse \"") { return }
    let run = runTranscript(of: path)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let r = repl(lines, interactive: false)
    let expected = run.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "\n")
    #expect(r.out == expected)
    #expect(r.status == run.status)
  }

  @Test("an unclosed block at the end of input is reported")
  func unclosedAtEnd() {
    let r = repl(["layout flow {", "  item size 10 x 10"], interactive: false)
    #expect(r.status == .scriptError)
    #expect(r.out.contains("error:"))
  }
}

@Suite("REPL: meta commands")
struct REPLMetaTests {
  @Test(":explain CODE prints the catalogue's explanation; :help layout lists its properties")
  func explain() {
    let r = repl([":explain GL2001", ":explain 1003", ":explain nothing", ":help layout"])
    #expect(r.out.contains("GL2001: a name, function or method that does not exist here"))
    #expect(r.out.contains("GL1003: a word the grammar does not have at this place"))
    #expect(r.out.contains("error: ':explain' takes a diagnostic code such as GL1003"))
    #expect(r.out.contains("  clauses:\n    scroll vertical | horizontal"))
    #expect(r.out.contains("pin headers [on | off]"))
    #expect(r.session.complete(":explain GL10").candidates.count == 9)  // GL1001 … GL1009
  }

  @Test(":help lists commands and topics; :help TOPIC shows the grammar's example")
  func help() {
    let r = repl([":help", ":help scroll", ":h sec", ":help nosuch"])
    #expect(r.out.contains(":state"))
    #expect(r.out.contains("example: scroll by y 120 over 10 frames"))
    #expect(r.out.contains("section [\"NAME\"] items N"))
    #expect(r.out.contains("error: no help for 'nosuch'"))
  }

  @Test("every help example appears verbatim in grammar.md")
  func helpFromGrammar() throws {
    let grammar = try String(
      contentsOf: repositoryRoot.appendingPathComponent("grammar.md"), encoding: .utf8)
    for name in REPLSession.helpTopicNames {
      let example = try #require(REPLSession.helpExample(name))
      #expect(grammar.contains(example), "\(name): \(example)")
      let parsed = Parser.parse(SourceFile(name: "help", text: example))
      #expect(parsed.diagnostics.isEmpty, "\(name): the example does not parse")
    }
  }

  @Test(":state before and after the first step")
  func state() {
    let r = repl([
      "viewport 320 x 480", ":state", "section items 30",
      "layout flow { pin headers; header size 0 x 40 }",
      "scroll to y 100", ":sta",
    ])
    #expect(r.out.contains("viewport 320 x 480; not laid out yet"))
    #expect(r.out.contains("offset (0, 100), content size 320 x"))
    #expect(r.out.contains("pin headers"))
    #expect(r.out.contains("1 section, 30 items"))
  }

  @Test(":state lists the reuse pools (DISP-3)")
  func statePools() {
    let r = repl([
      "viewport 375 x 600", "layout flow { item size 375 x 100; line spacing 0 }",
      "section items 50", "register cell \"Photo\"", "cells \"Photo\" for items 20...49",
      "scroll to y 1800", "scroll to y 0", ":state",
    ])
    // Items 17…24 then 0…6 (touching edges count): the Photo cells 20…24 wait in theirs.
    #expect(r.out.contains("reuse pools: \"Cell\" 3, \"Photo\" 5"))
  }

  @Test("unknown and ambiguous commands are errors with a hint")
  func unknown() {
    let r = repl([":frobnicate", ":st", ":h"])
    #expect(r.out.contains("error: unknown command ':frobnicate'; type :help for the list"))
    #expect(r.out.contains("error: ':st' is ambiguous: :state, :step; type more of the name"))
    #expect(r.out.contains(":quit               leave"))
  }

  @Test(":trace on prints the callbacks of each step; :trace off stops")
  func trace() {
    let r = repl(["section items 3", ":trace on", "scroll to y 10", ":trace off", "scroll to y 20"])
    #expect(r.out.contains("trace (line 3): scroll to y 10"))
    #expect(!r.out.contains("trace (line 5)"))
  }

  @Test(":load runs a file; its diagnostics and lines are the file's own")
  func load() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("good.gl")
    try "section items 5\nlet h = 60\n\nshow content size\n".write(
      to: good, atomically: true, encoding: .utf8)
    let bad = dir.appendingPathComponent("bad.gl")
    try "section items 5\nprint nosuch\n".write(to: bad, atomically: true, encoding: .utf8)
    let r = repl([":load \(good.path)", "print h", ":load \(bad.path)", ":load /nonexistent.gl"])
    #expect(r.out.contains("contentSize (line 4): 375 x"))
    #expect(r.out.contains("\n60\n"))
    #expect(
      r.out.contains("\(bad.path):2:7: error: unknown name 'nosuch' [GL2001]\n 2 | print nosuch"))
    #expect(r.out.contains("error: cannot read '/nonexistent.gl'"))
  }

  @Test("use in the REPL: again after :reset and :undo; a used hook's line is its file's")
  func useAgain() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let common = dir.appendingPathComponent("k.gl")
    try "let k = 42\n\n\non scroll { print 7 }\n".write(
      to: common, atomically: true, encoding: .utf8)
    let use = "use \"\(common.path)\""
    let r = repl([
      use, "print k", ":reset", use, "print k", "trace on", "section items 30",
      "scroll to y 10", ":undo", ":undo", ":undo", ":undo", use, "print k",
    ])
    #expect(r.out.split(separator: "\n").filter { $0 == "42" }.count == 3, "\(r.out)")
    #expect(r.out.contains("on scroll (line 4)"), "\(r.out)")
    #expect(!r.out.contains("unknown name 'k'"))
  }

  @Test(":load takes a quoted path and ~/, as a shell would; :history N shows N (issue 15)")
  func loadQuotedAndHistory() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("q.gl")
    try "let q = 7\n".write(to: file, atomically: true, encoding: .utf8)
    let r = repl([":load \"\(file.path)\"", "print q", "print 1", "print 2", ":history 2"])
    #expect(r.out.hasPrefix("\(file.path): 1 statement run\n7\n"))
    let history = r.out.components(separatedBy: "\n").suffix(2)
    #expect(history.allSatisfy { $0.contains("print") }, "\(history)")
    let home = String(cString: getenv("HOME"))
    #expect(REPLSession.expandedPath("~/x.gl") == home + "/x.gl")
    #expect(REPLSession.expandedPath("'a b.gl'") == "a b.gl")
  }

  @Test(":reset forgets names and sections")
  func reset() {
    let r = repl(["let a = 1", ":reset", "print a", "print sections"])
    #expect(r.out.contains("unknown name 'a'"))
    #expect(r.out.hasSuffix("0"))
  }

  @Test(":history lists entries, numbered")
  func history() {
    let r = repl(["print 1", "print 2", ":history"])
    #expect(r.out.contains("   1  print 1\n   2  print 2"))
  }

  @Test(":quit ends the session")
  func quit() {
    let r = repl([":quit", "print 1"])
    #expect(r.out.isEmpty)
    #expect(r.reader.reads.count == 1)
  }
}

@Suite("REPL: stepping and cancellation")
struct REPLSteppingTests {
  static let setup = ["section items 100", "layout flow { item size 100 x 100 }"]

  @Test(":step runs one frame at a time and ends where the whole scroll ends")
  func stepping() {
    let r = repl(
      Self.setup + [
        ":step scroll by y 300 over 3 frames", ":step", ":step", ":step", "print offset",
      ])
    #expect(r.out.contains("stepping 3 frames"))
    #expect(r.out.contains("frame 1/3: offset (0, 100)"))
    #expect(r.out.contains("frame 2/3: offset (0, 200)"))
    #expect(r.out.contains("frame 3/3: offset (0, 300)"))
    #expect(r.out.contains("(done)"))
    #expect(r.out.contains("error: nothing to step"))
    #expect(r.out.hasSuffix("(0, 300)"))
    let whole = repl(Self.setup + ["scroll by y 300 over 3 frames", "print offset"])
    #expect(whole.out.hasSuffix("(0, 300)"))
  }

  @Test("a frame shows the items that appeared and went")
  func changes() {
    let r = repl(Self.setup + [":step scroll to y 220 over 2 frames"])
    #expect(r.out.contains("frame 1/2: offset (0, 110)"))
    #expect(r.out.contains("; + [0, 21] [0, 22] [0, 23]; − [0, 0] [0, 1] [0, 2]"))
  }

  @Test(":next N and :continue run more frames")
  func nextAndContinue() {
    let r = repl(
      Self.setup + [":step scroll by y 100 over 10 frames", ":next 3", ":continue", "print offset"])
    // More than one frame: one summary line, not a line per frame.
    #expect(r.out.contains("frames 2–4 of 10: offset (0, 40)"))
    #expect(r.out.contains("frames 5–10 of 10: offset (0, 100)"))
    #expect(r.out.contains("(done)"))
    #expect(!r.out.contains("frame 3/10"))
    #expect(r.out.hasSuffix("(0, 100)"))
  }

  @Test("with :trace on, :step shows the frame's callbacks one at a time")
  func callbacks() {
    let r = repl(
      Self.setup + [":trace on", ":step scroll by y 50 over 2 frames", ":step", ":step"])
    #expect(
      r.out.contains("callbacks, :step shows each") || r.out.contains("callback, :step shows each"))
    #expect(r.out.contains("  layoutAttributesForElements(in:"))
  }

  @Test(":step takes only a scroll or an update of several frames")
  func notAScroll() {
    let r = repl(
      Self.setup + [":step print 1", ":step scroll to y 5", ":step insert items [0, 0]"])
    let error = "error: ':step' steps a scroll or an update over several frames, e.g. "
    #expect(r.out.components(separatedBy: error).count == 4)
  }

  @Test("Ctrl-C during a long repeat cancels it; the state is the last completed step's")
  func cancelRepeat() {
    let r = repl(Self.setup + ["repeat 1000000 { scroll by y 1 }", "print offset", "print 1 + 1"]) {
      _, reader in reader.interruptAfterPolls = 50
    }
    #expect(r.out.contains("cancelled: the state is what the last completed step left"))
    // Polls: one for the repeat statement and one per iteration and inner statement.
    let offset = r.out.split(separator: "\n").first { $0.hasPrefix("(0, ") }
    #expect(offset != nil && offset != "(0, 0)")
    #expect(r.out.hasSuffix("2"))
    #expect(r.session.status == .runtimeFailure)
    #expect(r.status == .success, "leaving an interactive session is not a failure")
  }

  @Test("Ctrl-C during :continue stops after the frame in progress")
  func cancelContinue() {
    let r = repl(
      Self.setup + [":step scroll by y 1000 over 100 frames", ":continue", "print offset"]
    ) {
      _, reader in reader.interruptAfterPolls = 5
    }
    #expect(r.out.contains("cancelled after frame"))
    #expect(!r.out.contains("frame 100/100"))
  }

  @Test("Ctrl-C at the prompt drops the unfinished block")
  func interruptPrompt() {
    var written: [String] = []
    let session = REPLSession(options: REPLOptions()) { _, t in written.append(t) }
    let reader = ScriptedLineReader([.line("layout flow {"), .interrupted, .line("print 3")])
    _ = REPLLoop.run(session, reader: reader)
    #expect(written == ["3"])
    #expect(reader.prompts == ["gl> ", "...> ", "gl> ", "gl> "])
  }
}

@Suite("REPL: review fixes")
struct REPLReviewTests {
  @Test("typed lines keep their numbers after :load; the loaded file keeps its own")
  func linesAfterLoad() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("three.gl")
    try "section items 5\n\nshow content size\n".write(to: file, atomically: true, encoding: .utf8)
    let r = repl(["print 1", ":load \(file.path)", "show content size", "print nosuch"])
    #expect(r.out.contains("contentSize (line 3): 375 x"))
    #expect(
      r.out.contains("contentSize (line 3): 375 x") && r.out.contains("\ncontentSize (line 3)"))
    #expect(r.out.contains("<repl>:4:7: error: unknown name 'nosuch' [GL2001]\n 4 | print nosuch"))
  }

  @Test("looking keeps a stepped scroll going; acting ends it")
  func steppingSurvivesLooking() {
    let r = repl([
      "section items 100", "layout flow { item size 100 x 100 }",
      ":step scroll by y 300 over 3 frames", "show item [0, 7]", "print offset.y", ":step",
      "scroll to y 0", ":step",
    ])
    #expect(r.out.contains("frame 2/3: offset (0, 200)"))
    #expect(r.out.contains("stepping abandoned after frame 2 of 3"))
    #expect(r.out.contains("error: nothing to step"))
  }

  @Test("a Ctrl-C before a frame cancels only that request; the scroll can go on")
  func cancelBeforeFrame() {
    let r = repl([
      "section items 100", ":step scroll by y 300 over 3 frames", ":step", ":step", ":step",
    ]) { _, reader in reader.interruptAfterPolls = 2 }
    // The Ctrl-C lands before frame 2: that request is cancelled, and the next :step runs
    // frame 2 and then frame 3 of the same scroll.
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count >= 5, "\(r.out)")
    #expect(lines.dropFirst().first?.hasPrefix("frame 1/3: offset (0, 100)") == true)
    #expect(lines.dropFirst(2).first == "cancelled before frame 2 of 3")
    #expect(lines.dropFirst(3).first?.hasPrefix("frame 2/3: offset (0, 200)") == true)
    #expect(lines.dropFirst(4).first?.hasPrefix("frame 3/3: offset (0, 300)") == true)
  }

  @Test("gl repl < examples/tour.gl, as a process, prints what gl run prints")
  func pipedProcess() throws {
    let tour = repositoryRoot.appendingPathComponent("examples/tour.gl").path
    func run(_ arguments: [String], stdin: String?) throws -> (String, Int32) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: glExecutable)
      process.arguments = arguments
      let out = Pipe()
      process.standardOutput = out
      process.standardError = out
      if let stdin { process.standardInput = FileHandle(forReadingAtPath: stdin) }
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
    let (piped, pipedStatus) = try run(["repl"], stdin: tour)
    let (direct, directStatus) = try run(["run", tour], stdin: nil)
    #expect(piped == direct)
    #expect(pipedStatus == directStatus)
    #expect(!piped.contains("gl> "))
  }
}

@Suite("REPL: the result name _")
struct ResultNameTests {
  @Test("a hit that misses makes _ nothing, piped as on a terminal (issue 15, bug 1)")
  func missClearsResult() {
    for interactive in [true, false] {
      let r = repl(
        ["section items 3", "hit (10, 10)", "print _", "hit (1000, 1000)", "print _"],
        interactive: interactive)
      #expect(r.out.hasSuffix("nothing"), "\(r.out)")
      #expect(r.out.contains("[0, 0]"))
    }
  }
}
