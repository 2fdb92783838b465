import GridlineLanguage
import Testing

/// Layout code's loops within the step limit (issue 17): each pass of a `for` is a step of
/// its own, so loops with empty bodies, nested in each other, cannot run for ever.
@Suite("Layout code: every pass of a loop is a step")
struct LoopBudgetTests {
  static let limits = LimitTests.limits { $0.steps = 1_000 }

  /// A layout whose `prepare` runs `outer` × `inner` empty passes, with `prefix` first.
  static func script(outer: Int, inner: Int, prefix: String) -> String {
    """
    section items 1
    layout custom m {
      prepare {
        \(prefix)
        for i in 0..<\(outer) { for j in 0..<\(inner) { } }
        place item [0, 0] at rect(0, 0, 10, 10)
        content size = 10 x 10
      }
    }
    show visible
    """
  }

  @Test(
    "empty passes count, compiled or interpreted, and stop at the limit alike",
    arguments: ["", "let label = \"a string keeps the compiler out\""])
  func emptyPasses(_ prefix: String) {
    // 20 + 400 passes and 24 statements: within 1,000 steps.
    let (outputs, summary) = run(
      Self.script(outer: 20, inner: 20, prefix: prefix), limits: Self.limits)
    #expect(!summary.failed, "\(messages(outputs))")
    // 40 + 1,600 passes: past it, though no body has a statement to count; an inner loop
    // meets a budget too small for its 40 passes.
    let (refused, _) = run(Self.script(outer: 40, inner: 40, prefix: prefix), limits: Self.limits)
    #expect(
      messages(refused).first
        == "m's prepare: the loop would run 40 times: past the step limit (1000)")
  }

  @Test("a million empty passes in a million cost what the limit allows, not 10¹² passes")
  func nestedMillions() {
    let (refused, summary) = run(
      Self.script(outer: 1_000_000, inner: 1_000_000, prefix: ""), limits: Limits())
    #expect(summary.failed)
    // The compiled run stops at the step limit and hands the code to the interpreter,
    // whose steps cost 25 units of work each: it stops at the work limit first, after
    // 4,000,000 steps (checked every 4,096), not at its own ten million.
    #expect(
      messages(refused).first?.contains("units of work") == true, "\(messages(refused))")
  }
}

/// Steps of layout code are work (`Limits.work`): each run has its own step limit, so only
/// the work limit bounds a layout that runs a long `prepare` at every pass.
@Suite("Layout code's steps count as work")
struct CodeWorkTests {
  static func script(_ moves: String) -> String {
    """
    viewport 100 x 100
    section items 1
    layout custom m {
      prepare {
        for i in 0..<100 { }
        place item [0, 0] at rect(0, 0, 10, 1000)
        content size = 10 x 1000
      }
      invalidate on bounds change
    }
    \(moves)
    """
  }

  @Test(
    "runs of prepare at every step and every frame add their steps to the work",
    arguments: [
      String(repeating: "invalidate everything\n", count: 20), "scroll by y 400 over 20 frames",
    ])
  func prepareSteps(_ moves: String) {
    let limits = LimitTests.limits { $0.work = 1_000 }
    // A run of prepare is 104 steps: ten of them are within 1,000 units, twenty are not.
    let (outputs, summary) = run(Self.script(moves), limits: limits)
    #expect(summary.failed)
    #expect(
      messages(outputs).last?.hasPrefix("the script did more than 1000 units of work") == true)
    let (fewer, within) = run(Self.script("invalidate everything\n"), limits: limits)
    #expect(!within.failed, "\(messages(fewer))")
  }
}
