import GridlineLanguage
import LayoutEngine
import Testing

/// The limits of issue 17 that bound a script's time and memory: each is a diagnostic that
/// names the limit, and the largest script inside it still runs.
@Suite("Limits of expressions, strings, items and work")
struct LimitTests {
  static func chain(_ terms: Int, _ op: String = "+", _ term: String = "1") -> String {
    Array(repeating: term, count: terms).joined(separator: " \(op) ")
  }

  static func parseCodes(_ text: String) -> [MessageCode] {
    Parser.parse(SourceFile(name: "t.gl", text: text)).diagnostics.map(\.code)
  }

  /// The default limits with one changed.
  static func limits(_ change: (inout Limits) -> Void) -> Limits {
    var limits = Limits()
    change(&limits)
    return limits
  }

  /// The checker's diagnostics, and the run's messages when the script runs regardless (as
  /// the REPL would): both must report a limit.
  static func checkAndRun(_ text: String, _ limits: Limits) -> ([Diagnostic], [String]) {
    let file = SourceFile(name: "t.gl", text: text)
    let (program, _) = Parser.parse(file)
    var outputs: [Output] = []
    Interpreter(file: file, limits: limits).run(program) { outputs.append($0) }
    return (Checker.check(program, limits: limits), messages(outputs))
  }

  @Test("a chain as tall as the limit runs, nested in 62 blocks, on the test's thread")
  func tallestChainRuns() {
    let blocks = 62
    let script =
      String(repeating: "repeat 1 { ", count: blocks) + "print " + Self.chain(128) + "\n"
      + String(repeating: "}", count: blocks)
    let (outputs, summary) = run(script)
    #expect(!summary.failed)
    #expect(outputs.contains { if case .print(_, .number(128)) = $0 { true } else { false } })
  }

  @Test(
    "a chain one operator past the limit is refused at that operator",
    arguments: [("+", "1"), ("or", "true"), ("*", "2")])
  func chainTooTall(_ op: String, _ term: String) throws {
    let text = "print " + Self.chain(129, op, term)
    let (_, diagnostics) = Parser.parse(SourceFile(name: "t.gl", text: text))
    let d = try #require(diagnostics.first)
    #expect(diagnostics.count == 1)
    #expect(d.code == .expressionTooDeep)
    // The 128th operator: after "print " and 128 terms with their separators.
    let column = 6 + 128 * (term.count + 1) + 127 * (op.count + 1)
    #expect(d.range.start == column)
  }

  @Test("member and subscript chains count one level per dot")
  func memberChain() {
    let members = "print bounds" + String(repeating: ".x", count: 200)
    #expect(Self.parseCodes(members) == [.expressionTooDeep])
    #expect(Self.parseCodes("print bounds" + String(repeating: ".x", count: 127)).isEmpty)
  }

  @Test("a chain of 100,000 terms is refused without building it")
  func hugeChain() {
    #expect(Self.parseCodes("print " + Self.chain(100_000)) == [.expressionTooDeep])
  }

  @Test("joining strings past the string limit is an error at the '+', in check and run")
  func stringLimit() {
    let limits = Self.limits { $0.stringLength = 8 }
    let (checked, ran) = Self.checkAndRun(
      "let a = \"abcd\"\nlet b = a + a\nlet c = b + a\n", limits)
    #expect(checked.map(\.code) == [.stringTooLong])
    #expect(checked.first?.message == "the string would be 12 bytes long (UTF-8); the limit is 8")
    #expect(ran == ["the string would be 12 bytes long (UTF-8); the limit is 8"])
  }

  @Test("the work limit stops repeated show all, naming the limit")
  func workLimit() {
    let limits = Self.limits { $0.work = 60_000 }
    let (outputs, summary) = run(
      "section items 1000\nrepeat 1000 { show all }", limits: limits)
    #expect(summary.failed)
    let shows = outputs.filter { if case .show = $0 { true } else { false } }
    // Six units an element gathered: the eleventh passes 60,000.
    #expect(shows.count == 10)
    #expect(
      messages(outputs).last?.hasPrefix("the script did more than 60000 units of work") == true)
  }

  @Test("frames count against the work limit")
  func framesAreWork() {
    let limits = Self.limits { $0.work = 500 }
    let (outputs, _) = run(
      "section items 100\nscroll to y 1000 over 1000 frames", limits: limits)
    #expect(messages(outputs).first?.contains("units of work") == true)
  }

  @Test("the item limit counts every layer's items")
  func itemsInLayers() {
    let limits = Self.limits { $0.totalItems = 100 }
    let (checked, ran) = Self.checkAndRun(
      "section items 40\nlayer a { }\nlayer b { }\nlayer c { }", limits)
    let message = "the 3 layers would hold 120 items in all; the limit is 100"
    #expect(checked.map(\.message) == [message])
    #expect(ran == [message])
  }

  @Test("show all refuses to gather more than the listed-elements limit")
  func showAllRefuses() {
    let limits = Self.limits { $0.listedElements = 50 }
    let (outputs, _) = run("section items 60\nshow all", limits: limits)
    #expect(
      messages(outputs) == [
        "show all would gather 60 elements; the limit is 50 (the listed-elements limit)"
      ])
  }

  @Test("an svg strip stops at the first state past its limit, not after every frame")
  func stripChecksFirst() {
    let limits = Self.limits { $0.stripStates = 5 }
    let (outputs, summary) = run(
      "section items 100\nsvg strip \"s.svg\" {\n  scroll to y 1000 over 1000 frames\n}",
      limits: limits)
    #expect(messages(outputs) == ["an svg strip holds at most 5 states"])
    // Five states were taken, then the sixth frame stopped the scroll.
    #expect(summary.steps < 10)
  }

  @Test("sections declared with metrics one by one still attach the delegate")
  func metricsAfterManySections() {
    passes(
      """
      repeat 50 { section items 1 }
      section items 2 { item 0...1 size 30 x 30 }
      expect item [50, 1].frame.width == 30
      """)
  }
}
