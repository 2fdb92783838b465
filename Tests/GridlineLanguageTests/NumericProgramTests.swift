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
    { throw .error("no", at: range) }
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
    let store = ProgramStore()
    let program = try #require(store.compile(e) { $0 == "k" ? 3 : nil })
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

  @Test("what needs more than numbers is not compiled")
  func fallback() {
    let store = ProgramStore()
    #expect(store.compile(expression("offset.y + item")) { _ in nil } == nil)
    #expect(store.compile(expression("sqrt(item)")) { _ in nil } == nil)
    #expect(store.compile(expression("unknown * 2")) { _ in nil } == nil)
  }
}
