import GridlineLanguage
import LayoutEngine
import Testing

/// Arrays within bounds (issue 17): one array, and all a run makes, are limited and named
/// when refused; `gl check` folds only small ones; `print` lists no more than a `show` does.
@Suite("Limits of arrays and of what print lists")
struct ArrayLimitTests {
  static let limits = LimitTests.limits {
    $0.arrayLength = 50
    $0.arrayElements = 100
  }
  static let total =
    "the arrays made would hold more than 100 numbers in all (the array-elements limit)"

  @Test("the arrays of a run's lets count against its total; checking makes none of them")
  func totalOfLets() {
    let text = (1...3).map { "let a\($0) = repeating(0, count: 40)" }.joined(separator: "\n")
    let (checked, ran) = LimitTests.checkAndRun(text, Self.limits)
    #expect(checked.isEmpty)
    #expect(ran == [Self.total])
    // Literals count as `repeating` does.
    let (_, literals) = LimitTests.checkAndRun(
      "let a = repeating(0, count: 49)\nlet b = repeating(0, count: 49)\nprint [1, 2, 3].count",
      Self.limits)
    #expect(literals == [Self.total])
  }

  @Test("one array past its limit is refused at its count, in check and run")
  func oneArray() {
    let (checked, ran) = LimitTests.checkAndRun(
      "let a = repeating(0, count: 51)", Self.limits)
    let message = "the array would hold 51 numbers; the limit is 50 (the array-length limit)"
    #expect(checked.map(\.message) == [message])
    #expect(ran == [message])
  }

  @Test("gl check folds a small array, not a large one")
  func foldsSmallArrays() {
    // A folded array's value reaches the finite-number check; a large one stays unknown.
    let small = errors("let a = repeating(0, count: 3)\nviewport (1 / a[0]) x 10")
    #expect(small == ["the result is not a finite number (division by zero)"])
    #expect(errors("let a = repeating(0, count: 2000)\nviewport (1 / a[0]) x 10").isEmpty)
  }

  @Test(
    "each run of layout code has its own total, compiled or interpreted",
    arguments: ["", "let label = \"a string keeps the compiler out\""])
  func layoutCode(_ interpreted: String) {
    func script(passes: Int) -> String {
      """
      section items 1
      layout custom m {
        prepare {
          \(interpreted)
          for i in 0..<\(passes) { var a = repeating(0, count: 40) }
          place item [0, 0] at rect(0, 0, 10, 10)
          content size = 10 x 10
        }
      }
      show visible
      invalidate everything
      invalidate everything
      """
    }
    let (outputs, summary) = run(script(passes: 2), limits: Self.limits)
    #expect(!summary.failed, "\(messages(outputs))")
    let (refused, _) = run(script(passes: 3), limits: Self.limits)
    #expect(messages(refused).first == "m's prepare: " + Self.total)
  }

  @Test("print lists at most the rows a show lists, and says so")
  func printCapped() {
    var limits = Limits()
    limits.rows = 5
    let (outputs, summary) = run("print [1, 2, 3, 4, 5]\nprint [1, 2, 3, 4, 5, 6]", limits: limits)
    #expect(summary.failed)
    #expect(outputs.contains { if case .print(_, .array) = $0 { true } else { false } })
    #expect(messages(outputs) == ["print would list 6 values; the limit is 5 (the rows limit)"])
  }
}
