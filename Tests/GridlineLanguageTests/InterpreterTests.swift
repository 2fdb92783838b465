import GridlineLanguage
import LayoutEngine
import Testing

/// Runs a script that must check cleanly; returns its outputs and summary.
func run(_ text: String, limits: Limits = Limits()) -> (outputs: [Output], summary: RunSummary) {
  let file = SourceFile(name: "t.gl", text: text)
  let (program, parsed) = Parser.parse(file)
  let checked = Checker.check(program, limits: limits)
  #expect(parsed.isEmpty && checked.isEmpty, "\((parsed + checked).map(\.message))")
  var outputs: [Output] = []
  let interpreter = Interpreter(file: file, limits: limits)
  let summary = interpreter.run(program) { outputs.append($0) }
  return (outputs, summary)
}

/// Runs a script that must check cleanly and meet every expectation.
func passes(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let (outputs, summary) = run(text)
  #expect(
    !summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))",
    sourceLocation: sourceLocation)
}

/// The checker's messages for a script that must parse.
func errors(_ text: String) -> [String] {
  let (program, parsed) = Parser.parse(SourceFile(name: "t.gl", text: text))
  #expect(parsed.isEmpty, "\(parsed.map(\.message))")
  return Checker.check(program).map(\.message)
}

/// The elements of the last `show all` of a script that must check cleanly.
func lastShown(_ text: String) -> [LayoutAttributes] {
  let shown = run(text).outputs.compactMap { output -> ShowOutput? in
    if case .show(let s) = output { return s }
    return nil
  }
  return shown.last?.elements ?? []
}

func messages(_ outputs: [Output]) -> [String] {
  outputs.compactMap {
    switch $0 {
    case .diagnostic(let d): return d.message
    case .expect(_, false, let d?): return d.message
    default: return nil
    }
  }
}

@Suite("Interpreter")
struct InterpreterTests {
  @Test("expect passes and fails, counting both, and says what it found")
  func expectations() {
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 100 }
      section items 7
      expect item [0, 1].frame.x == 137.5
      expect item [0, 6].frame.y == 200
      expect 0.1 + 0.2 == 0.3
      """)
    #expect(summary.expectationsPassed == 2 && summary.expectationsFailed == 1)
    #expect(!summary.failed)
    #expect(
      messages(outputs) == [
        "expectation failed: item [0, 6].frame.y == 200 (left is 220, right is 200)"
      ])
  }

  @Test("a runtime error stops the run; UIKit's exceptions become errors")
  func runtimeErrors() {
    let (outputs, summary) = run(
      """
      section items 3
      let n = items(in: 0) + 5
      scroll to item [0, n] at top
      print "not reached"
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs) == [
        "NSInvalidArgumentException: attempt to scroll to invalid index path: <NSIndexPath: 0x0> {length = 2, path = 0 - 8}"
      ])
    #expect(!outputs.contains { if case .print = $0 { true } else { false } })
  }

  @Test("values computed while running are checked like constants")
  func runtimeRanges() {
    #expect(
      messages(run("let z = offset.y\nlayout flow { item size z x 10 }").outputs) == [
        "negative or zero item sizes are not supported in the flow layout (FLOW-19): 0 x 10"
      ])
    #expect(
      messages(run("print 1 / offset.y").outputs) == [
        "the result is not a finite number (division by zero)"
      ])
    #expect(
      messages(run("section items 2\nprint item [0, sections + 1]").outputs) == [
        "there is no item [0, 2]: section 0 has 2 items"
      ])
    #expect(
      messages(run("section items 2\nprint header [0]").outputs) == ["section 0 has no header"])
  }

  @Test("per-item sizes: compiled arithmetic and the general evaluator agree")
  func perItemSizes() {
    let script = """
      viewport 400 x 600
      layout flow { interitem spacing 0; line spacing 0 }
      let base = 30
      section items 40 {
        item 0...39 size (base + item % 4 * 10) x (item % 2 == 0 ? 20 : 30)
      }
      expect item [0, 3].frame.width == 60
      expect item [0, 3].frame.height == 30
      expect item [0, 4].frame.size == 30 x 20
      """
    let (outputs, summary) = run(script)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed == 3)
  }

  @Test("a bad per-item size is reported with the item that made it")
  func badItemSize() {
    let (outputs, summary) = run(
      """
      section items 5 { item 0...4 size (10 - item * 3) x 10 }
      show all
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs) == [
        "item [0, 4]: negative or zero item sizes are not supported in the flow layout (FLOW-19): -2 x 10"
      ])
  }

  @Test("declarations after the first step change the live collection view")
  func liveDeclarations() {
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 100 }
      section items 3
      expect content.height == 100
      section items 3
      expect content.height == 200
      layout flow { line spacing 50 }
      expect item [1, 0].frame.y == 100
      viewport 200 x 400
      expect viewport.width == 200 and bounds.width == 200
      expect item [0, 1].frame.x == 50    # one 100-point item per 200-point row: centred
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed == 5)
  }

  @Test("multi-frame scrolls step in straight lines and trace each frame")
  func frames() {
    let (outputs, _) = run(
      """
      layout flow { item size 375 x 100; line spacing 0 }
      section items 30
      trace on
      scroll by y 90 over 3 frames
      expect offset.y == 90
      """)
    let frames = outputs.flatMap { output -> [Point] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap {
        if case .frame(_, _, let offset) = $0 { return offset }
        return nil
      }
    }
    #expect(frames == [Point(x: 0, y: 30), Point(x: 0, y: 60), Point(x: 0, y: 90)])
  }

  @Test("limits are errors: steps, items")
  func limits() {
    var small = Limits()
    small.steps = 100
    let (outputs, summary) = run("repeat 60 { repeat 60 { scroll by y 1 } }", limits: small)
    #expect(summary.failed)
    #expect(messages(outputs) == ["the script ran more than 100 steps"])
    small.totalItems = 10
    let (more, _) = run("section items sections + 6\nsection items sections + 5", limits: small)
    #expect(messages(more) == ["the collection view would hold 12 items; the limit is 10"])
  }

  @Test("cancellation stops between steps")
  func cancel() {
    let file = SourceFile(name: "t.gl", text: "repeat 1000000 { scroll by y 1 }")
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file)
    var polls = 0
    interpreter.shouldCancel = {
      polls += 1
      return polls > 50
    }
    let summary = interpreter.run(program) { _ in }
    #expect(summary.cancelled && !summary.failed)
    // Polled once for the repeat, then twice per iteration (the iteration and its scroll).
    #expect(interpreter.collectionView?.contentOffset.y == 24)
  }

  @Test("show sorts by section, category, item; hit finds the cell")
  func showAndHit() {
    let (outputs, _) = run(
      """
      layout flow { item size 100 x 100; header size 0 x 20 }
      section items 2
      show all
      hit (10, 30)
      hit (10, 5)
      """)
    guard case .show(let show) = outputs[0] else {
      Issue.record("no show")
      return
    }
    #expect(
      show.elements.map(\.key.description) == ["cell [0, 0]", "cell [0, 1]", "header [0, 0]"])
    guard case .hit(_, _, let first) = outputs[1], case .hit(_, _, let second) = outputs[2] else {
      Issue.record("no hit")
      return
    }
    #expect(first == IndexPath(item: 0, section: 0) && second == nil)
  }
}

@Suite("Interpreter: pinning, layers")
struct InterpreterStickyTests {
  @Test("pinned headers cost two attributes per scroll; the recipe recomputes everything")
  func costs() {
    let (outputs, summary) = run(
      """
      layout flow { item size 375 x 50; line spacing 0; header size 0 x 30; pin headers }
      sections 50 items 20
      scroll to y 10
      scroll to y 20
      expect recomputed <= 2
      sticky headers
      scroll to y 30
      expect recomputed >= 1000
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("sticky headers off gives back UIKit's pinning the recipe had turned off")
  func recipeOff() {
    passes(
      """
      layout flow { item size 100 x 100; header size 0 x 40; pin headers }
      sections 2 items 30
      scroll to y 400
      expect header [0].frame.y == 400
      sticky headers on
      sticky headers off
      expect header [0].frame.y == 400
      """)
  }

  @Test("layers share the offset; the background never invalidates on a scroll")
  func layers() {
    let (outputs, summary) = run(
      """
      viewport 300 x 300
      layer back { layout grid { item size 100 x 50; sticky rows off; sticky columns off; shows cells } }
      layer front { layout grid { item size 100 x 50; shows headers } }
      sections 20 items 10
      show visible
      trace on
      scroll to (150, 200)
      expect item [0, 0].frame.origin == (150, 200)
      expect item [3, 3].frame.origin == (60 + 2 * 100, 30 + 2 * 50)
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    let recomputed = outputs.compactMap { output -> [RecomputedCount]? in
      guard case .trace(_, let statement, let entries) = output, statement.hasPrefix("scroll")
      else {
        return nil
      }
      for entry in entries { if case .recomputed(let counts) = entry { return counts } }
      return nil
    }.first
    #expect(recomputed?.map(\.name) == ["back", "front"])
    #expect(recomputed?.first?.count == 0)
    #expect((recomputed?.last?.count ?? 0) > 0)
  }

  @Test("layers come before the first step: the checker says so where the run would")
  func layersAfterSteps() {
    let message = "layers must be declared before the first step"
    let (checked, ran) = LimitTests.checkAndRun(
      "section items 3\nshow visible\nlayer late { layout grid }", Limits())
    #expect(checked.map(\.message) == [message])
    #expect(checked.first?.range.start == 35)  // the name, where the run points
    #expect(ran == [message])
    // A step that may not run (a hook's, a repeat of none) makes no views; `main` and a
    // layer already declared are configured again.
    #expect(
      errors(
        """
        layer main { }
        layer top { }
        on scroll { show visible }
        repeat 0 { show visible }
        layer late { }
        show visible
        layer top { layout flow { line spacing 4 } }
        layer main { }
        """
      ).isEmpty)
  }
}

@Suite("Interpreter: invalidation and self-sizing")
struct InterpreterInvalidationTests {
  @Test("a trigger names one item; the step recomputes it alone and re-asks it alone")
  func trigger() {
    let (outputs, summary) = run(
      """
      layout flow { item size 375 x 100; line spacing 0 }
      sections 1 items 50
      show visible
      invalidate on bounds change when new.minY >= 100 { items [0, 3] }
      scroll to y 50
      expect recomputed == 0
      scroll to y 150
      expect recomputed == 1
      expect trace.count("layoutAttributesForItem(at:)") == 1
      expect trace.count("layoutAttributesForElements(in:)") == 0
      invalidate items [0, 1], [0, 2]
      expect recomputed == 2
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed == 5)
  }

  @Test("LAY-5 / OPEN-1: content already queried is not asked for again until a reload")
  func validRegion() {
    let (outputs, summary) = run(
      """
      viewport 375 x 600
      layout flow { item size 375 x 100; line spacing 0 }
      sections 1 items 100
      scroll by y 1800 over 18 frames
      expect trace.count("layoutAttributesForElements(in:)") >= 2
      scroll by y -1800 over 18 frames
      expect trace.count("layoutAttributesForElements(in:)") == 0
      reload
      expect trace.count("prepare()") == 1
      expect trace.count("layoutAttributesForElements(in:)") == 1
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed == 4)
  }

  @Test("text cells measure themselves under the text metrics")
  func textCells() {
    let (outputs, summary) = run(
      """
      text metrics { character width 10; line height 20; padding 5 }
      layout flow { estimated item size 200 x 30; line spacing 0 }
      section items 3 {
        item 1 text "twenty characters!!!"
        item 2 preferred 200 x 77
      }
      show visible
      expect item [0, 0].frame.height == 30
      expect item [0, 1].frame.height == 2 * 20 + 10
      expect item [0, 2].frame.height == 77
      expect content.height == 30 + 50 + 77
      """)
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("an error inside a trigger is reported after the step, with what it was")
  func triggerError() {
    let (outputs, summary) = run(
      """
      section items 5
      show visible
      invalidate on bounds change when 1 / offset.x > 0
      scroll to y 10
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs) == [
        "invalidation trigger: the result is not a finite number (division by zero)"
      ])
  }
}

@Suite("The work limit bounds time (issue 36)")
struct WorkBoundTests {
  @Test("a scan of 100,000 numbers is 1,562 units: repeated, it meets the work limit")
  func scans() {
    var limits = Limits()
    limits.work = 200_000
    let (outputs, summary) = run(
      """
      let a = repeating(1, count: 100000)
      repeat 100000 {
        expect index(of: 5, in: a) + max(a) == 0
      }
      """, limits: limits)
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.contains("units of work") }, "\(messages(outputs))")
    // Stopped after 200,000 / 3,124 = 64 passes, not the 100,000 asked for: a pass is its
    // statement and its expect, two steps.
    #expect(summary.steps < 200, "\(summary.steps)")
  }
}

extension WorkBoundTests {
  @Test("a draw costs its picture's cells besides its elements; a show six units an element")
  func drawsAndShows() {
    var limits = Limits()
    limits.work = 100_000
    // 80 columns × 200 rows = 16,000 units a picture: the seventh draw passes 100,000.
    let drawn = run(
      "viewport 100 x 100\nsection items 3\nrepeat 1000 {\n  draw\n}\n", limits: limits)
    #expect(drawn.summary.failed)
    #expect(drawn.outputs.filter { if case .draw = $0 { true } else { false } }.count == 6)
    // 1,000 elements × 6 units: the seventeenth `show all` passes 100,000.
    let shown = run(
      "viewport 100 x 100\nsection items 1000\nlayout flow { item size 1 x 1 }\n"
        + "repeat 1000 {\n  show all\n}\n", limits: limits)
    #expect(shown.summary.failed)
    #expect(shown.outputs.filter { if case .show = $0 { true } else { false } }.count == 16)
  }
}
