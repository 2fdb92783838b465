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

  @Test("only items, and only a compositional layout's, so far")
  func refusals() {
    #expect(
      errors(Self.layout + "\nwhy header [0]\n").contains {
        $0.contains("'why' takes an item (item [0, 3])")
      })
    let (outputs, summary) = run(
      "layout flow { item size 50 x 50 }\nsection items 3\nwhy item [0, 1]\n")
    #expect(summary.failed)
    #expect(
      messages(outputs).contains {
        $0.contains("'why' explains the items of a compositional layout so far")
      })
  }
}
