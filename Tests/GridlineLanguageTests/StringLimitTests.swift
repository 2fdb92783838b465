import GridlineLanguage
import LayoutEngine
import Testing

/// Strings within bounds in all (issue 17): each string is limited, and so are the bytes of
/// all the strings a run makes, however many `let`s or loop passes make them; `gl check`
/// folds strings within a budget of its own.
@Suite("Limits of all the strings a run makes")
struct StringLimitTests {
  static let limits = LimitTests.limits {
    $0.stringLength = 50
    $0.stringBytes = 100
  }
  /// The run's refusal under `limits`.
  static var total: String {
    "the strings made would hold more than 100 bytes in all (UTF-8; the string-bytes limit)"
  }

  /// `let NAME = a + a` with `a` twenty bytes long: forty bytes made.
  static func joins(_ names: [String]) -> String {
    "let a = \"01234567890123456789\"\n"
      + names.map { "let \($0) = a + a" }.joined(separator: "\n")
  }

  @Test("the strings of a run's lets count against its total, each once, as it is made")
  func totalOfLets() {
    let (_, within) = LimitTests.checkAndRun(Self.joins(["s1", "s2"]), Self.limits)
    #expect(within.isEmpty)
    let (checked, ran) = LimitTests.checkAndRun(Self.joins(["s1", "s2", "s3"]), Self.limits)
    #expect(checked.isEmpty)
    #expect(ran == [Self.total])
    // A name bound again still made each of its strings.
    let (_, again) = LimitTests.checkAndRun(Self.joins(["s", "s", "s"]), Self.limits)
    #expect(again == [Self.total])
  }

  @Test("a loop that keeps joining strings stops at the total")
  func loop() {
    let (outputs, summary) = run(
      "let a = \"01234567890123456789\"\nrepeat 10 { let s = a + a }", limits: Self.limits)
    #expect(summary.failed)
    #expect(messages(outputs) == [Self.total])
  }

  @Test("layout code's strings count against the run's total")
  func layoutCode() {
    let script = """
      section items 1
      let a = "01234567890123456789"
      layout custom m {
        prepare {
          let label = a + a
          place item [0, 0] at rect(0, 0, 10, 10)
          content size = 10 x 10
        }
      }
      show visible
      invalidate everything
      show visible
      invalidate everything
      show visible
      """
    let (outputs, summary) = run(script, limits: Self.limits)
    #expect(summary.failed)
    #expect(messages(outputs).first == "m's prepare: " + Self.total)
  }

  @Test("gl check folds strings within its budget, still reporting one past its limit")
  func checkerBudget() {
    func checked(_ text: String) -> [String] {
      let (program, _) = Parser.parse(SourceFile(name: "t.gl", text: text))
      return Checker.check(program, limits: Self.limits).map(\.message)
    }
    let made = Self.joins(["s1", "s2", "s3"])
    // s1 and s2 are folded (80 bytes); s3 would pass the checker's budget (the total's
    // 100), so it is no constant and joining it is the run's to report.
    #expect(checked(made + "\nlet t = s3 + s3").isEmpty)
    #expect(
      checked(made + "\nlet t = s1 + s1") == [
        "the string would be 80 bytes long (UTF-8); the limit is 50"
      ])
  }
}
