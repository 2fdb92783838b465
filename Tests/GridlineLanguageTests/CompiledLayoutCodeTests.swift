import Foundation
import GridlineTestSupport
import LayoutEngine
import Testing

@testable import GridlineLanguage

/// A custom layout's `prepare` code compiled (`LayoutCodeCompiler`, `LayoutCodeMachine`):
/// the same attributes, content size, outputs and diagnostics as the interpreter, bit for
/// bit; every failure handed back to the interpreter, which reports it (MOS-1, LAY-2).
@Suite("Language: compiled layout code")
struct CompiledLayoutCodeTests {
  /// Runs `text` both ways; expects the same results, and returns the compiled run.
  @discardableResult
  private func bothWays(_ text: String, limits: Limits = Limits(), _ note: String = "")
    -> PrepareRun
  {
    let compiled = PrepareRun(text, compiled: true, limits: limits)
    let interpreted = PrepareRun(text, compiled: false, limits: limits)
    #expect(interpreted.compiledRuns == 0)
    #expect(compiled.outputs == interpreted.outputs, "\(note)\n\(text)")
    #expect(compiled.attributes == interpreted.attributes, "\(note)\n\(text)")
    #expect(compiled.contentSize == interpreted.contentSize, "\(note)\n\(text)")
    return compiled
  }

  private static func example(_ name: String) throws -> String {
    try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/\(name).gl"), encoding: .utf8)
  }

  @Test(
    "the examples run compiled, with the interpreter's frames, outputs and content size",
    arguments: ["four-steps", "waterfall", "mosaic"])
  func examples(_ name: String) throws {
    let run = bothWays(try Self.example(name), name)
    #expect(run.compiledRuns >= 1 && run.interpretedRuns == 0, "\(name)")
    #expect(!run.attributes.isEmpty)
  }

  @Test("the mosaic's layout at other sizes and counts (TV-31's code)")
  func mosaicSizes() throws {
    for items in [0, 1, 2, 3, 7, 10, 31, 100] {
      for width in [320, 375, 1024] {
        let text =
          try CustomLayoutTests.mosaic(items: items).replacingOccurrences(
            of: "viewport 375 x 667", with: "viewport \(width) x 667") + "show all\n"
        let run = bothWays(text, "\(items) items at \(width)")
        #expect(run.compiledRuns == 1 && run.interpretedRuns == 0)
      }
    }
  }

  @Test("the waterfall takes the compiled path, compiled once for all its prepares")
  func waterfallCompiled() throws {
    // examples/waterfall.gl prepares twice: at the start and after its resize.
    let run = PrepareRun(try Self.example("waterfall"), compiled: true)
    #expect(run.compiledRuns == 2)
    #expect(run.interpretedRuns == 0)
    #expect(run.compilations == 1)
    #expect(run.attributes.count == 30)
  }

  @Test("generated programs: compiled and interpreted agree; most run compiled")
  func generated() {
    var generator = LayoutCodeGenerator(seed: 13)
    var compiledToTheEnd = 0
    var handedBack = 0
    let count = 400
    for n in 0..<count {
      let text = generator.script()
      let run = bothWays(text, "program \(n)")
      compiledToTheEnd += run.compiledRuns
      handedBack += run.interpretedRuns
    }
    // Both paths are exercised: most programs run compiled, some fail and are handed back.
    #expect(compiledToTheEnd > count / 2, "\(compiledToTheEnd) of \(count) compiled")
    #expect(handedBack > 10, "\(handedBack) of \(count) handed back")
  }

  @Test("to the bit: signed zeros, ties of min and max, remainders, arrays as values")
  func exactness() {
    let code = """
      var a = [0, -0, 3]
      var b = a
      b[0] = 9
      let z = -0
      place item [0, 0] at rect(max(0, z), max(a), min(z, 0), min(a) * -1) { z a[0] }
      place item [0, 1] at rect((-4) % 2, 7.5 % -2, b[0], a[0])
      place header [0] at rect(z * 5, -z, abs(z), floor(-0.5) * 0) { rotate -0; alpha 0 }
      var c = k > 1 ? b : a
      c[1] = 4
      place footer [0] at rect(c[1], b[1], a[1], round(-0.4) * -1)
      for i in -0..<1 { place decoration "d" [0, 0] at rect(i, 0, 1, 1) }
      content size = (k - 2) x -0
      """
    let run = bothWays(prepare(code), code)
    #expect(run.compiledRuns == 1 && run.interpretedRuns == 0)
  }

  @Test("a loop's name set afresh each pass, even where the body assigns to it")
  func loopName() {
    let code = """
      var y = 0
      for i in 0...1 {
        i = i + 10
        y = y + i
        place item [0, i - 10] at rect(0, y, 1, 1)
      }
      content size = 1 x y
      """
    let run = bothWays(prepare(code), code)
    #expect(run.compiledRuns == 1)
  }

  /// `prepare { CODE }` over two items, then `show all`.
  private func prepare(_ code: String, items: Int = 2) -> String {
    """
    viewport 300 x 600
    section items \(items)
    let k = 2
    layout custom probe {
      prepare {
    \(code)
      }
    }
    show all
    """
  }

  @Test(
    "each failure hands the run back to the interpreter, whose diagnostic it reports",
    arguments: [
      ("let v = 1 / (items(in: 0) - 2)\ncontent size = 1 x v", "not a finite number"),
      ("var a = [1, 2]\na[2] = 3", "outside the array"),
      ("var a = [1, 2]\nlet b = a[k / 4]", "must be a whole number"),
      ("for i in 0..<3 { place item [0, i] at rect(0, 0, 10, 10) }", "does not exist"),
      ("place item [1, 0] at rect(0, 0, 10, 10)", "does not exist"),
      ("place item [0, 0] at rect(0, 0, -1, 10)", "cannot be negative"),
      ("place item [0, 0] at rect(0, 10000000000, 1, 10)", "finite"),
      ("content size = 10 x -k", "cannot be negative"),
      ("content size = 10 x items(in: 4)", "no section 4"),
      ("for i in 0..<2.5 { }", "whole"),
      ("let v = sqrt(-k)", "sqrt of a negative"),
      ("let v = clamp(1, k, 0)", "clamp"),
      ("let v = min(repeating(0, count: 0))", "not empty"),
      ("let v = repeating(0, count: -k)", "negative"),
      ("place item [0, 0] at inset(rect(0, 0, 1, 1), k)", "inset"),
      ("place item [0, 0] at rect(0, 0, 1, 1) { alpha k }", "alpha"),
      ("place item [0, 0] at rect(0, 0, 1, 1) { z k / 4 }", "whole"),
      ("place item [0, 0] at rect(0, 0, 1, 1) { perspective k - 2 }", "perspective"),
      ("var y = 0\nfor i in 0..<5000 { y = y + 1 }", "step limit"),
    ])
  func failures(_ code: String, _ expected: String) {
    var limits = Limits()
    limits.steps = 1000
    let run = bothWays(prepare(code), limits: limits, code)
    #expect(run.compiledRuns == 0 && run.interpretedRuns == 1, "\(code)")
    #expect(run.outputs.contains { $0.contains(expected) }, "\(code): \(run.outputs)")
  }

  @Test("a failure after placing: the interpreter's partial cache and warnings, once each")
  func failureAfterPlacing() {
    let code = """
      place item [0, 0] at rect(0, 0, 10, 10)
      place item [0, 0] at rect(0, 20, 10, 10)
      place header [0] at rect(0, 0, 300, 5)
      place item [0, 1] at rect(0, 0, 10, -k)
      """
    let run = bothWays(prepare(code), code)
    #expect(run.compiledRuns == 0 && run.interpretedRuns == 1)
    #expect(run.attributes.count == 2)
    #expect(run.outputs.filter { $0.contains("placed item [0, 0] twice") }.count == 1)
  }

  @Test("warnings of a compiled run: a second place of an element, no content size")
  func warnings() {
    let code = """
      place item [0, 0] at rect(0, 0, 10, 10)
      place item [0, 0] at rect(0, 20, 10, 10) { alpha 0.5 }
      place decoration "bg" [0, 0] at rect(0, 0, 300, 40)
      place decoration "bg" [0, 0] at rect(0, 0, 300, 50)
      place item [0, 1] at rect(0, 40, 10, 10) { z 2 }
      place item [0, 1] at rect(0, 40, 10, 10)
      """
    let run = bothWays(prepare(code), code)
    #expect(run.compiledRuns == 1 && run.interpretedRuns == 0)
    #expect(run.outputs.filter { $0.contains("twice") }.count == 3)
    #expect(run.outputs.contains { $0.contains("never set its content size") })
  }

  @Test("scanning an array costs steps by its length, compiled or interpreted (issue 36)")
  func scanSteps() {
    // 40 scans of 6,400 numbers are 4,000 steps besides the loop's: past 4,000, not 5,000.
    let code = """
      var a = repeating(1, count: 6400)
      var m = 0
      for i in 0..<20 {
        m = m + min(a) + index(of: 2, in: a)
      }
      place item [0, 0] at rect(0, 0, 10, m + 10)
      """
    for (steps, compiles) in [(4_000, false), (5_000, true)] {
      var limits = Limits()
      limits.steps = steps
      let run = bothWays(prepare(code), limits: limits, "\(steps) steps")
      #expect(run.compiledRuns == (compiles ? 1 : 0), "\(steps) steps")
      #expect(compiles || run.outputs.contains { $0.contains("step limit") }, "\(run.outputs)")
    }
  }

  @Test("x += e is x = x + e, compiled or interpreted; so are -=, *=, /= and a[i] += e")
  func compoundAssignments() {
    let code = """
      var y = 10
      y += 5
      y -= 1
      y *= 3
      y /= 2
      var a = [1, 2]
      a[1] += y
      place item [0, 0] at rect(0, 0, 10, 10)
      content size = y x a[1]
      """
    let run = bothWays(prepare(code), "compound assignments")
    #expect(run.compiledRuns == 1)
    // y = (10 + 5 − 1) × 3 / 2 = 21; a[1] = 2 + 21 = 23.
    #expect(run.contentSize == [Double(21).bitPattern, Double(23).bitPattern])
  }

  @Test("a compound assignment is checked as the assignment it stands for, at its operator")
  func compoundAssignmentErrors() {
    let script = { (code: String) in
      "viewport 300 x 600\nsection items 1\nlayout custom probe {\n  prepare {\n\(code)\n  }\n}\n"
    }
    // Only a var can change.
    #expect(
      errors(script("let y = 1\ny += 1")).contains { $0.contains("'y'") && $0.contains("var") },
      "\(errors(script("let y = 1\ny += 1")))")
    // A point and a number do not add: the operator's own error.
    let mixed = errors(script("var p = (1, 2)\np += 1"))
    #expect(mixed.count == 1 && mixed[0].contains("+"), "\(mixed)")
  }

  @Test("binding an array copies it: its scan steps, compiled or interpreted (issue 36)")
  func copySteps() {
    // A copy of 6,400 numbers is 100 steps. The binding of a, then 20 passes of the loop,
    // each a step, three statements and a copy: 2 + 100 + 1 + 20 × 104 + 1 = 2,184 steps.
    let code = """
      var a = repeating(1, count: 6400)
      var m = 0
      for i in 0..<20 {
        var b = a
        b[0] = i
        m = m + b[0]
      }
      place item [0, 0] at rect(0, 0, 10, m + 10)
      """
    for (steps, compiles) in [(2_183, false), (2_184, true)] {
      var limits = Limits()
      limits.steps = steps
      let run = bothWays(prepare(code), limits: limits, "\(steps) steps")
      #expect(run.compiledRuns == (compiles ? 1 : 0), "\(steps) steps")
      #expect(compiles || run.outputs.contains { $0.contains("step limit") }, "\(run.outputs)")
    }
    // Assigning a whole array copies it too.
    let assigned = """
      var a = repeating(1, count: 6400)
      var b = [0]
      for i in 0..<20 {
        b = a
      }
      place item [0, 0] at rect(0, 0, 10, b[0] + 10)
      """
    var limits = Limits()
    limits.steps = 1_000
    let run = bothWays(prepare(assigned), limits: limits, "assigned")
    #expect(run.outputs.contains { $0.contains("step limit") }, "\(run.outputs)")
  }

  @Test("large copies do not step over the work limit's check (every 4,096 steps of budget)")
  func workCheckAfterLargeCopies() {
    // 261,952 numbers are 4,093 steps a copy: with the pass's step and two statements, a
    // pass is exactly 4,096 steps, which a check "when the budget is a multiple of 4,096"
    // could miss on every pass. 2,000 passes would be 8 million steps; the work limit
    // (25 units an interpreted step) stops it after about 40,000.
    let code = """
      var a = repeating(1, count: 261952)
      for i in 0..<2000 {
        var b = a
        b[0] = i
      }
      place item [0, 0] at rect(0, 0, 10, 10)
      """
    var limits = Limits()
    limits.work = 1_000_000
    let run = PrepareRun(prepare(code), compiled: false, limits: limits)
    #expect(run.outputs.contains { $0.contains("units of work") }, "\(run.outputs)")
  }

  @Test("the step budget: compiled up to the interpreter's last step, handed back past it")
  func stepBudget() {
    // var, for, three passes (each a step) of two statements, content size: 12 steps; the
    // loop needs its three passes within the steps left after its own.
    let code = """
      var y = 0
      for i in 0..<3 {
        place item [0, i] at rect(0, y, 10, 10)
        y = y + 10
      }
      content size = 10 x y
      """
    for steps in 3...15 {
      var limits = Limits()
      limits.steps = steps
      let run = bothWays(prepare(code, items: 3), limits: limits, "\(steps) steps")
      #expect(run.compiledRuns == (steps >= 12 ? 1 : 0), "\(steps) steps")
    }
  }

  @Test("what the compiler leaves to the interpreter: other values, unknown names, type errors")
  func interpreted() {
    for code in [
      "let t = adjustedInset.top\ncontent size = 1 x t",
      "content size = 1 x nothingHere",
      "var n = 1\nn = rect(0, 0, 1, 1)",
      "if 1 { content size = 1 x 1 }",
      "let s = \"a\"\ncontent size = 1 x 1",
      "var s = 0\nfor i in 0..<2 {\n  if i > 0 { s = h }\n  let h = i + 10\n}\ncontent size = 1 x s",
    ] {
      let run = bothWays(prepare(code), code)
      #expect(run.compiledRuns == 0 && run.interpretedRuns == 1, "\(code)")
    }
  }

  @Test("outside names are read at every prepare, and the code compiled again for a new type")
  func outsideNames() {
    let file = SourceFile(name: "t.gl", text: "")
    let interpreter = Interpreter(file: file)
    func run(_ text: String) -> [String] {
      var outputs: [String] = []
      interpreter.run(Parser.parse(SourceFile(name: "t.gl", text: text)).program) {
        outputs.append(String(describing: $0))
      }
      return outputs
    }
    _ = run(
      """
      viewport 300 x 600
      section items 1
      let w = 40
      layout custom probe { prepare {
        place item [0, 0] at rect(0, 0, w, 10)
        content size = w x 10
      } }
      show all
      """)
    let layout = interpreter.layout as? ScriptCustomLayout
    #expect(layout?.placedAttributes.first?.frame.width == 40)
    _ = run("let w = 70\ninvalidate")
    #expect(layout?.placedAttributes.first?.frame.width == 70)
    #expect(layout?.compiledRuns == 2 && layout?.compilations == 1)
    let outputs = run("let w = 5 x 5\ninvalidate")
    #expect(layout?.compilations == 2 && layout?.interpretedRuns == 1)
    #expect(outputs.contains { $0.contains("expected a number, found size") }, "\(outputs)")
  }
}
