import LayoutEngine
import Testing

@testable import GridlineLanguage

/// The compiled per-item programs must agree with the general evaluator wherever both
/// give a finite number.
@Suite("Numeric programs")
struct NumericProgramTests {
  struct Scope: Environment {
    let item: Double
    let section: Double
    var stringLength: Int { Limits().stringLength }
    var arrayLength: Int { Limits().arrayLength }
    func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {}
    func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {}
    func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
      switch name {
      case "item": .number(item)
      case "section": .number(section)
      case "k": .number(3)
      default: nil
      }
    }
    func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
      throws(Diagnostic) -> LayoutAttributes
    { throw .error(.unknownName("no"), at: range) }
    func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int { 0 }
  }

  func expression(_ text: String) -> Expr {
    let (program, diagnostics) = Parser.parse(SourceFile(name: "t.gl", text: "print " + text))
    #expect(diagnostics.isEmpty)
    guard case .print(let e) = program.statements[0].kind else { fatalError("not a print") }
    return e
  }

  @Test(
    "compiled == evaluated",
    arguments: [
      "40 + item % 7 * 20", "(item - 3) % 4", "-item / 2 + section", "min(item, 10) * max(1, k)",
      "abs(item - 50) + floor(item / 3) + ceil(item / 4) + round(item / 8)",
      "item % 2 == 0 ? 20 : 30", "item > 5 and item <= 9 ? 1 : item / 3",
      "item != 3 or section == 1 ? k : -k", "(item + 0.5) % 2.25",
    ])
  func agree(_ text: String) throws {
    let e = expression(text)
    let code = try #require(NumericCode.compile(e) { $0 == "k" ? 3 : nil })
    let program = NumericProgram(code)
    for section in 0..<3 {
      for item in -5..<60 {
        let scope = Scope(item: Double(item), section: Double(section))
        guard case .number(let expected) = try? Evaluator(environment: scope).evaluate(e) else {
          continue
        }
        let actual = program.evaluate(item: Double(item), section: Double(section))
        #expect(actual == expected || (actual.isNaN && expected.isNaN), "\(text) at item \(item)")
      }
    }
  }

  @Test("a whole-number remainder is the evaluator's to the sign of a zero (−4 % 2 is −0)")
  func remainderSign() {
    for (a, b) in [(-4.0, 2.0), (4.0, -2.0), (-0.0, 3.0), (-7.0, 3.0), (7.5, -2.0)] {
      let expected = a.truncatingRemainder(dividingBy: b)
      #expect(NumericProgram.remainder(a, b).bitPattern == expected.bitPattern, "\(a) % \(b)")
    }
  }

  @Test("what needs more than numbers is not compiled")
  func fallback() {
    #expect(NumericCode.compile(expression("offset.y + item")) { _ in nil } == nil)
    #expect(NumericCode.compile(expression("sqrt(item)")) { _ in nil } == nil)
    #expect(NumericCode.compile(expression("unknown * 2")) { _ in nil } == nil)
  }

  @Test("the size table: later rules win, programs answer, bad sizes go to the evaluator")
  func table() throws {
    let code = try #require(NumericCode.compile(expression("10 - item * 3")) { _ in nil })
    var section = SectionModel(count: 6)
    section.sizes = [
      SizeRule(items: 0...5, constant: Size(width: 7, height: 7)),
      SizeRule(items: 2...5, compiled: (code, code)),
    ]
    let table = SizeRuleTable([section, SectionModel(count: 3)])
    var last = -1
    func answer(_ item: Int, _ section: Int = 0) -> String {
      switch table.size(item: item, section: section, limit: 1e9, lastRule: &last) {
      case .none: "none"
      case .size(let size): "\(size.width) x \(size.height)"
      case .evaluate(let rule): "evaluate \(rule)"
      }
    }
    #expect(answer(0) == "7.0 x 7.0")
    #expect(answer(2) == "4.0 x 4.0")  // the later, compiled rule
    #expect(answer(3) == "1.0 x 1.0")
    #expect(answer(4) == "evaluate 1")  // −2: the general evaluator explains it
    #expect(answer(1) == "7.0 x 7.0")
    #expect(answer(0, 1) == "none")
    #expect(answer(0, 2) == "none")
  }
}
