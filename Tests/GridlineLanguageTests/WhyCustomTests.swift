import GridlineLanguage
import LayoutEngine
import Testing

/// `why` for a custom layout (LAY-2: the `place` of its `prepare` that made the element,
/// with the values it read), for an element the script's `transform` rules restyled
/// (ATTR-2, ATTR-3), and for a self-sized flow item (FLOW-23, LAY-12).
@Suite("why: custom layouts, transforms, self-sizing")
struct WhyCustomTests {
  static let twoColumns = """
    viewport 320 x 480
    section items 9
    layout custom twoColumns {
      prepare {
        let w = (viewport.width - 10) / 2
        for i in 0..<items(in: 0) {
          place item [0, i] at rect((i % 2) * (w + 10), floor(i / 2) * 130, w, 120)
        }
        place item [0, 3] at rect(0, 0, 10, 10) { alpha 0.5 }
        place header [0] at rect(0, 0, 320, 20)
        content size = viewport.width x 650
      }
    }
    """

  private func why(_ text: String) -> [WhyOutput] {
    run(text).outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }
  }

  @Test("the place that made the item: its line, the values it read, the frame (LAY-2)")
  func placedOnce() throws {
    let out = try #require(why(Self.twoColumns + "\nwhy item [0, 7]\n").first)
    #expect(out.frame == Rect(x: 165, y: 390, width: 155, height: 120))
    #expect(out.steps.map(\.rule) == ["LAY-2, LAY-6", "LAY-2, ATTR-2", "DISP-1"])
    #expect(out.steps[0].text.contains("the code placed item [0, 7] once"))
    let placed = out.steps[1].text
    #expect(placed.hasPrefix("Line 7, `place item [0, i] at rect((i % 2) * (w + 10)"), "\(placed)")
    // `viewport` is read inside `w`'s expression, not by the place: only i and w are shown.
    #expect(placed.contains("with i = 7, w = 155, placed it: the frame (165, 390, 155, 120)."))
  }

  @Test("an element placed twice: the first place, and the last, which stands")
  func placedTwice() throws {
    let out = try #require(why(Self.twoColumns + "\nwhy item [0, 3]\n").first)
    #expect(out.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(out.steps[0].text.contains("twice: a second `place` of an element replaces the first"))
    #expect(out.steps[1].text.hasPrefix("First line 7,"))
    #expect(out.steps[1].text.contains("with i = 3, w = 155, placed it: the frame (165, 130"))
    #expect(out.steps[2].text.hasPrefix("Last line 9, `place item [0, 3] at rect(0, 0, 10, 10)"))
    #expect(
      out.steps[2].text.hasSuffix(
        "placed it again, and that stands: the frame (0, 0, 10, 10), alpha 0.5."))
  }

  @Test("a custom layout's header: its place, no on-screen step")
  func header() throws {
    let out = try #require(why(Self.twoColumns + "\nwhy header [0]\n").first)
    #expect(out.element == "header [0]")
    #expect(out.steps.map(\.rule) == ["LAY-2, LAY-6", "LAY-2, ATTR-2"])
    #expect(out.steps[1].text.hasPrefix("Line 10, `place header [0] at rect(0, 0, 320, 20)`"))
  }

  @Test("an item the code does not place is refused, as before")
  func notPlaced() {
    let script = """
      viewport 320 x 480
      section items 3
      layout custom c {
        prepare {
          place item [0, 0] at rect(0, 0, 10, 10)
          content size = 320 x 10
        }
      }
      why item [0, 2]
      """
    #expect(
      messages(run(script).outputs).contains {
        $0.contains("the layout has no attributes for item [0, 2]")
      })
  }

  @Test("a cache older than the code's values: said, and the frame is the cached one (LAY-9)")
  func stale() throws {
    // The code reads the offset, but nothing invalidates the layout when it scrolls.
    let script = """
      viewport 375 x 667
      section items 30
      layout custom c {
        prepare {
          for i in 0..<30 { place item [0, i] at rect(0, i * 50 + offset.y, 375, 44) }
          content size = 375 x 3000
        }
      }
      show visible
      scroll to y 100
      why item [0, 3]
      """
    let out = try #require(why(script).first)
    #expect(out.frame == Rect(x: 0, y: 150, width: 375, height: 44))
    #expect(out.steps[1].text.contains("offset = (0, 100), placed it: the frame (0, 250, 375, 44)"))
    #expect(out.steps[2].rule == "LAY-9, LAY-7")
    #expect(out.steps[2].text.hasPrefix("But the layout's cache holds (0, 150, 375, 44)"))
  }

  @Test("an item the code no longer places, which the cache still holds (LAY-9)")
  func noLongerPlaced() throws {
    let script = """
      viewport 375 x 667
      section items 30
      layout custom c {
        prepare {
          if offset.y == 0 {
            for i in 0..<30 { place item [0, i] at rect(0, i * 50, 375, 44) }
          }
          content size = 375 x 3000
        }
      }
      show visible
      scroll to y 100
      why item [0, 3]
      """
    let out = try #require(why(script).first)
    #expect(out.frame == Rect(x: 0, y: 150, width: 375, height: 44))
    #expect(out.steps[0].text.hasSuffix("the code placed item [0, 3] nowhere now."))
    #expect(out.steps[1].text.hasPrefix("The layout's cache holds (0, 150, 375, 44) for it"))
  }

  @Test("the transform rules that restyled the answer, in order, and what it holds after")
  func transforms() throws {
    let script = """
      viewport 320 x 480
      layout flow { item size 100 x 50 }
      section items 6
      transform items { alpha 0.9 }
      transform item [0, 2] { rotate 45; scale 0.5; z 2 }
      why item [0, 2]
      why item [0, 3]
      """
    let outs = why(script)
    try #require(outs.count == 2)
    let two = try #require(outs[0].steps.first { $0.rule == "ATTR-3, ATTR-2, FLOW-22" })
    #expect(two.text.contains("rules, in order (a later value wins), at line 4, `transform items"))
    #expect(two.text.contains("line 5, `transform item [0, 2] { rotate 45; scale 0.5; z 2 }`"))
    #expect(two.text.contains("It answers alpha 0.9, z 2, rotated 45°, scaled 0.5 × 0.5;"))
    // The restyling comes before the on-screen step, and the frame is the placed one.
    #expect(outs[0].steps.last?.rule == "DISP-1")
    #expect(outs[0].frame == Rect(x: 220, y: 0, width: 100, height: 50))
    let three = try #require(outs[1].steps.first { $0.rule.hasPrefix("ATTR-3") })
    #expect(
      three.text.contains(
        "rule at line 4, `transform items { alpha 0.9 }`. It answers alpha 0.9, z 0, no transform"))
  }

  @Test("no rule matches: no restyling step")
  func noTransform() throws {
    let out = try #require(
      why(Self.twoColumns + "\ntransform item [0, 1] { alpha 0.5 }\nwhy item [0, 2]\n").first)
    #expect(!out.steps.contains { $0.rule.hasPrefix("ATTR-3") })
  }

  @Test("self-sizing: the estimate, and the size the cell preferred (FLOW-23, LAY-12)")
  func selfSizing() throws {
    let script = """
      viewport 375 x 600
      text metrics {
        character width 9
        line height 20
        padding 12
      }
      layout flow {
        estimated item size 375 x 44
        line spacing 0
      }
      section items 40 {
        item 0...39 text "Hi!"
        item 14...18 text "A longer message that wraps onto a second line."
      }
      show visible
      why item [0, 2]
      why item [0, 30]
      scroll to y 500
      why item [0, 15]
      """
    let outs = why(script)
    try #require(outs.count == 3)
    let sized = outs.map { $0.steps.first { $0.text.hasPrefix("Self-sizing is on") } }
    // On screen, it preferred the estimate: the layout keeps nothing for it.
    #expect(sized[0]?.text.contains("preferred the estimate itself") == true)
    #expect(sized[0]?.rule == "FLOW-23")
    // Never on screen: at the estimate.
    #expect(sized[1]?.text.contains("so it is laid out at the estimate") == true)
    // Two lines of text: 2 × 20 + 2 × 12 = 64, kept in place of 44.
    #expect(sized[2]?.rule == "FLOW-23, LAY-12")
    #expect(sized[2]?.text.contains("preferred 375 × 64") == true)
    #expect(outs[2].frame.height == 64)
  }

  @Test("the code's second run stops after the element's last place (a compiled run counts)")
  func stopsEarly() throws {
    func work(_ item: Int) -> (Int, WhyOutput?) {
      let (outputs, summary) = run(
        """
        viewport 320 x 480
        section items 20000
        layout custom long {
          prepare {
            for i in 0..<items(in: 0) { place item [0, i] at rect(0, i * 10, 320, 10) }
            content size = 320 x 200000
          }
        }
        show visible
        why item [0, \(item)]
        """)
      return (
        summary.work, outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }.first
      )
    }
    let (early, first) = work(3)
    let (late, last) = work(19_999)
    #expect(first?.steps[1].text.contains("with i = 3") == true)
    #expect(last?.steps[1].text.contains("with i = 19999") == true)
    // The late item's explanation interprets all 20,000 places; the early one's four.
    #expect(early * 2 < late, "work \(early) against \(late)")
  }

  @Test("a front end's inspector gets the same explanation of a custom layout's item")
  func inspector() throws {
    let file = SourceFile(name: "t.gl", text: Self.twoColumns + "\nshow visible\n")
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file, limits: Limits())
    _ = interpreter.run(program) { _ in }
    let out = try #require(interpreter.explanation(ofItemAt: IndexPath(item: 7, section: 0)))
    #expect(out.steps.map(\.rule) == ["LAY-2, LAY-6", "LAY-2, ATTR-2", "DISP-1"])
    #expect(out.frame == Rect(x: 165, y: 390, width: 155, height: 120))
  }
}
