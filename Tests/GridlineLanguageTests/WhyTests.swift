import GridlineLanguage
import LayoutEngine
import Testing

/// `why item …` (COMP-1…COMP-15): the steps come from the layout's own record and end at
/// the frame it answers.
@Suite("why: how the layout placed an item")
struct WhyTests {
  static let layout = """
    viewport 390 x 844
    layout compositional {
      section {
        group horizontal width 1 fraction height 200 {
          item width 2/3 fraction height 1 fraction
          group vertical width 1/3 fraction height 1 fraction count 2 {
            item width 1 fraction height 1 fraction { insets 4 }
          }
        }
        group spacing 10
        insets 20
      }
    }
    section items 9
    """

  private func why(_ text: String) -> [WhyOutput] {
    run(text).outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }
  }

  @Test("a nested group: each group the item is in, its insets, the sum")
  func nested() throws {
    let out = try #require(why(Self.layout + "\nwhy item [0, 5]\n").first)
    // Item 5 is the second group's pair's second item: group 1 starts at
    // 20 + 1 × (200 + 10) = 230; the pair at x 2/3 of 350; its second item 100 down.
    #expect(out.element == "item [0, 5]")
    let width = 350.0
    let pairX = (width * 2 / 3 * 1000).rounded() / 1000
    #expect(abs(out.frame.minX - (20 + width * 2 / 3 + 4)) < 1e-9)
    #expect(out.frame.minY == 230 + 100 + 4)
    #expect(
      out.steps.map(\.rule) == [
        "COMP-3", "COMP-3", "COMP-1", "COMP-8", "COMP-6", "COMP-5", "COMP-4, COMP-15e", "COMP-8",
      ])
    #expect(out.steps[1].text.contains("less the section's insets"))
    #expect(out.steps[3].text.contains("Group 1 holds items 3…5"))
    #expect(out.steps[4].text.contains("a nested group"))
    #expect(out.steps[5].text.contains("2 equal ones: (200 − 1 × 0) / 2 = 100"))
    #expect(out.steps[6].text.contains("top 4, leading 4, bottom 4, trailing 4"))
    #expect(out.steps[7].text.contains("+ the nested group's place (\(formatNumber(pairX)), 0)"))
  }

  @Test("the frame is the one the layout answers")
  func frameIsAnswered() {
    passes(
      Self.layout + """

        let f = item [0, 7].frame
        why item [0, 7]
        expect f == item [0, 7].frame
        """)
    let out = why(Self.layout + "\nwhy item [0, 7]\nshow item [0, 7]\n")
    let shown = run(Self.layout + "\nshow item [0, 7]\n").outputs.compactMap {
      if case .show(let s) = $0 { s.elements.first?.frame } else { nil }
    }
    #expect(out.first?.frame == shown.first)
  }

  @Test("only items, and only a flow or compositional layout's, so far")
  func refusals() {
    #expect(
      errors(Self.layout + "\nwhy header [0]\n").contains {
        $0.contains("'why' takes an item (item [0, 3])")
      })
    let (outputs, summary) = run(
      """
      section items 3
      layout custom c {
        prepare {
          for i in 0..<3 { place item [0, i] at rect(0, i * 50, 375, 44) }
          content size = 375 x 150
        }
      }
      why item [0, 1]
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs).contains {
        $0.contains("'why' explains the items of flow and compositional layouts so far")
      })
  }
}

/// `why item …` for a flow layout (FLOW-2…FLOW-10): the layout's own line scan, with
/// FLOW-5's exact comparison written out when three decimals would hide it.
@Suite("why: how the flow layout placed an item")
struct WhyFlowTests {
  private func why(_ text: String) -> WhyOutput? {
    run(text).outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }.first
  }

  @Test("FLOW-5's classic: (390 − 2) / 3 wraps the third item by 5.7e-14, said with every digit")
  func thirdWraps() throws {
    let script = """
      viewport 390 x 844
      layout flow { item size ((390 - 2) / 3) x 100
        interitem spacing 1
        line spacing 1 }
      section items 6 { item 0...5 size ((390 - 2) / 3) x 100 }
      why item [0, 2]
      """
    let out = try #require(why(script))
    #expect(out.frame == Rect(x: 0, y: 101, width: (390 - 2) / 3, height: 100))
    let starts = try #require(out.steps.first { $0.text.hasPrefix("Line 2 holds items 2…") })
    #expect(starts.rule == "FLOW-5")
    // 390 − w − (1 + w) left, and the item needs 1 + w: 130.3333333333333 < 130.33333333333334.
    let w = (390.0 - 2) / 3
    let left = 390 - w - (1 + w)
    #expect(starts.text.contains("\(left) < \(1 + w)"), "\(starts.text)")
    #expect(starts.text.contains("the test is exact"))
  }

  @Test("an item that joins a line: the space left, its width plus the spacing (FLOW-5)")
  func joins() throws {
    let script = """
      viewport 375 x 667
      layout flow { interitem spacing 10 }
      section items 4 { item 0...3 size (100 - item * 20) x (50 + item * 10) }
      why item [0, 1]
      """
    let out = try #require(why(script))
    let line = try #require(out.steps.first { $0.text.hasPrefix("Line 1") })
    // A = 375; after item 0 (100 wide) 275 left; item 1 needs 10 + 80 = 90.
    #expect(line.text.contains("had 275 left"), "\(line.text)")
    #expect(line.text.contains("275 ≥ 90"), "\(line.text)")
    // All four fit (100 + 80 + 60 + 40 + 3 × 10 = 310): the line is the section's last,
    // left-aligned (FLOW-8), and as thick as its thickest item, 80 (FLOW-10).
    #expect(out.steps.contains { $0.rule == "FLOW-8" && $0.text.contains("left-aligned") })
    #expect(out.steps.contains { $0.rule == "FLOW-10" && $0.text.contains("80 thick") })
    // Item 1, 60 tall, centred in the 80-point line: 10 down.
    #expect(out.frame == Rect(x: 110, y: 10, width: 80, height: 60))
  }

  @Test("the frame is the layout's, for every item of a horizontal layout with insets")
  func frames() throws {
    let script = """
      viewport 375 x 300
      layout flow {
        scroll horizontal
        insets (top: 12, left: 5, bottom: 8, right: 5)
        items bottom
      }
      section items 30 { item 0...29 size (40 + item % 3 * 15) x (30 + item % 4 * 25) }
      """
    for item in [0, 7, 13, 29] {
      let out = try #require(why(script + "\nwhy item [0, \(item)]\n"))
      let shown = run(script + "\nshow item [0, \(item)]\n").outputs.compactMap {
        if case .show(let s) = $0 { s.elements.first?.frame } else { nil }
      }
      #expect(out.frame == shown.first, "item \(item)")
      #expect(out.steps.last?.text.hasSuffix(".") == true)
    }
  }
}
