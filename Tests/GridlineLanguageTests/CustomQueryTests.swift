import GridlineLanguage
import LayoutEngine
import Testing

/// `elements in rect { … }`: a custom layout's own `layoutAttributesForElements(in:)`, the
/// WWDC sample's binary search (MOS-6), `while`, `answer`, `elements(in:)`, `intersects`.
@Suite("Language: a custom layout's query (MOS-6)")
struct CustomQueryTests {
  @Test("TV-32: the 7-item mosaic asked for (0, 300, 375, 200) answers [2, 1, 3, 4]")
  func sampleOrder() throws {
    let (outputs, summary) = run(
      try CustomLayoutTests.mosaic(items: 7) + """
        let r = elements(in: rect(0, 300, 375, 200))
        expect r.count == 4
        expect r[0].indexPath.item == 2
        expect r[1].indexPath.item == 1
        expect r[2].indexPath.item == 3
        expect r[3].indexPath.item == 4
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("MOS-6's caveat: a narrow rect inside a segment's wide item is missed")
  func sampleMiss() throws {
    let (outputs, summary) = run(
      try CustomLayoutTests.mosaic(items: 10) + """
        expect intersects(item [0, 8].frame, rect(200, 780, 10, 10))
        expect elements(in: rect(200, 780, 10, 10)).count == 0
        expect elements(in: rect(0, 0, 375, 2000)).count == 10
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("the displayed elements are the query's answer; a query that answers nothing shows nothing")
  func displayed() {
    let (outputs, summary) = run(
      """
      viewport 100 x 100
      section items 3
      layout custom odd {
        prepare {
          for i in 0..<3 { place item [0, i] at rect(0, i * 30, 100, 30) }
          content size = 100 x 90
        }
        elements in rect {
          var i = 0
          while i < cached.count {
            if i % 2 == 0 { answer cached[i] }
            i = i + 1
          }
        }
      }
      expect visible == 2
      expect elements(in: rect(0, 0, 1, 1)).count == 2
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  /// A layout `name` that places item [0, 0] and answers with `query`, shown once.
  static func oneItem(_ name: String, query: String) -> String {
    """
    section items 2
    layout custom \(name) {
      prepare {
        place item [0, 0] at rect(0, 0, 10, 10)
        content size = 10 x 10
      }
      elements in rect { \(query) }
    }
    show visible
    """
  }

  @Test("a while that never ends stops at the step limit, and the layout answers what it had")
  func runaway() {
    var limits = Limits()
    limits.steps = 2_000
    let (outputs, summary) = run(
      Self.oneItem("spin", query: "answer cached[0]; var n = 0; while true { n = n + 1 }"),
      limits: limits)
    #expect(summary.failed)
    // The hook that ran away is named: the query, not prepare.
    #expect(
      messages(outputs).contains(
        "spin's elements in rect: elements in rect ran past the step limit (2000 steps)"),
      "\(messages(outputs))")
  }

  @Test("an answer holds at most the listed-elements limit, however often one element is said")
  func answersBounded() {
    var limits = Limits()
    limits.listedElements = 100
    let (outputs, summary) = run(
      Self.oneItem("echo", query: "while true { answer cached[0] }"), limits: limits)
    #expect(summary.failed)
    #expect(
      messages(outputs) == [
        "echo's elements in rect: elements in rect answered more than 100 elements (the listed-elements limit)"
      ])
  }

  @Test("answer, place and elements(in:) where they do not belong")
  func misplaced() {
    let text = """
      section items 2
      layout custom bad {
        prepare {
          answer item [0, 0]
          let e = elements(in: rect(0, 0, 1, 1))
        }
        elements in rect {
          place item [0, 0] at rect(0, 0, 1, 1)
          content size = 1 x 1
          answer 3
          rect = rect(0, 0, 2, 2)
        }
        elements in rect { }
      }
      while true { }
      """
    let found = errors(text)
    #expect(found.contains { $0.contains("'answer' belongs in elements in rect") })
    #expect(found.contains { $0.contains("elements cannot be read inside layout code") })
    #expect(found.contains { $0.contains("'place' belongs in prepare") })
    #expect(found.contains { $0.contains("'content size' belongs in prepare") })
    #expect(found.contains { $0.contains("'answer' takes an element") || $0.contains("element") })
    #expect(found.contains { $0.contains("'rect' is not a var") })
    #expect(found.contains("a custom layout has one elements in rect block"))
    #expect(found.contains { $0.contains("'while' is layout code") })
    #expect(found.count == 9, "\(found)")
  }
}

@Suite("Language: sin and cos in degrees")
struct TrigonometryLanguageTests {
  @Test("whole quarter turns are exact; other angles are the engine's sin and cos")
  func degrees() {
    let (outputs, summary) = run(
      """
      print sin(0)
      print sin(90)
      print sin(180)
      print sin(-90)
      print cos(90)
      print cos(-270)
      print cos(360 * 5)
      expect sin(30) == 0.5 and cos(60) == 0.5
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let printed = outputs.compactMap { output -> Value? in
      if case .print(_, let value) = output { return value }
      return nil
    }
    #expect(printed == [0, 1, 0, -1, 0, 0, 1].map { Value.number($0) })
    #expect(printed.map(\.description) == ["0", "1", "0", "-1", "0", "0", "1"])
  }
}

@Suite("Language: Ctrl-C inside layout code")
struct LayoutCodeCancelTests {
  /// Runs `text` with Ctrl-C pressed after the first three polls (the steps before the
  /// layout pass, then inside `prepare`): the summary and the messages.
  static func cancelledRun(_ text: String) -> (RunSummary, [String]) {
    let file = SourceFile(name: "c.gl", text: text)
    let (program, _) = Parser.parse(file)
    var outputs: [Output] = []
    let interpreter = Interpreter(file: file)
    var asked = 0
    interpreter.shouldCancel = {
      asked += 1
      return asked > 3
    }
    let summary = interpreter.run(program) { outputs.append($0) }
    return (summary, messages(outputs))
  }

  @Test("an interpreted prepare stops at Ctrl-C, keeps what it placed and says so")
  func cancelled() {
    let (summary, messages) = Self.cancelledRun(
      """
      section items 1000000
      layout custom slow {
        prepare {
          let label = "interpreted: a string keeps the compiler out"
          for i in 0..<items(in: 0) { place item [0, i] at rect(0, i * 10, 10, 10) }
          content size = 10 x 10000000
        }
      }
      show visible
      """)
    #expect(summary.failed || summary.cancelled)
    #expect(messages.contains { $0.contains("cancelled (Ctrl-C) after") }, "\(messages)")
  }

  @Test("a while loop with an empty body asks for Ctrl-C too, not only its statements")
  func emptyWhileCancelled() {
    let (_, messages) = Self.cancelledRun(
      """
      section items 3
      layout custom spin {
        prepare {
          while true { }
        }
      }
      show visible
      """)
    // Before, the loop never asked and ran to the step limit (10,000,000 passes).
    #expect(messages.contains { $0.contains("cancelled (Ctrl-C) after") }, "\(messages)")
  }
}
