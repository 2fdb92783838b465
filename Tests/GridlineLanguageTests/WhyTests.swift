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
        "DISP-1",
      ])
    #expect(out.steps[8].text.hasPrefix("It is on screen"))
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

  @Test("only items, headers and footers, and not the sticky-grid recipe's, so far")
  func refusals() {
    #expect(
      errors(Self.layout + "\nwhy decoration \"bg\" [0, 0]\n").contains {
        $0.contains("'why' takes an item (item [0, 3])")
      })
    #expect(errors(Self.layout + "\nwhy header [0]\n").isEmpty)
    let (outputs, summary) = run(
      """
      sections 2 items 3
      layout grid { item size 100 x 60 }
      why item [0, 1]
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs).contains {
        $0.contains("'why' explains the items of flow, compositional and custom layouts so far")
          && $0.contains("the sticky-grid recipe")
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

/// The last step of `why item`: on screen or not, and why not (DISP-1, GEO-5).
@Suite("why: whether the item is on screen")
struct WhyOnScreenTests {
  static let grid = """
    viewport 375 x 667
    layout flow { item size 100 x 100 }
    section items 100
    """

  private func last(_ text: String) throws -> WhyStep {
    let found = run(Self.grid + "\n" + text).outputs.compactMap {
      if case .why(let w) = $0 { w.steps.last } else { nil }
    }
    return try #require(found.last)
  }

  @Test("on screen, below, above; each with the distance from the visible rect")
  func sides() throws {
    #expect(try last("why item [0, 2]").text.hasPrefix("It is on screen"))
    // Three to a line, 100 tall and 10 apart: item 40 is on line 14, at y 13 × 110 = 1430,
    // 1430 − 667 = 763 below the visible rect's bottom.
    let below = try last("why item [0, 40]")
    #expect(below.rule == "DISP-1, GEO-5")
    #expect(below.text.contains("lies below it, 763 past its bottom"), "\(below.text)")
    #expect(below.text.contains("`scroll to item [0, 40]`"))
    // Scrolled to 2000, item 1's frame (0…100) is 1900 above the visible top.
    let above = try last("scroll to y 2000\nwhy item [0, 1]")
    #expect(above.text.contains("lies above it, 1900 before its top"), "\(above.text)")
  }
}

/// `why header [S]` / `why footer [S]` (FLOW-13, FLOW-14, PIN-2…PIN-4): the layout's own
/// terms, the one that won, and the frame the layout answers.
@Suite("why: how the flow layout placed a header or footer")
struct WhyPinTests {
  static let layout = """
    viewport 375 x 667
    safe area (top: 64)
    layout flow {
      item size 375 x 100
      line spacing 0
      header size 0 x 44
      footer size 0 x 30
      insets (bottom: 20)
      pin headers
      pin footers
    }
    sections 2 items 5
    """

  private func why(_ text: String) -> [WhyOutput] {
    run(text).outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }
  }

  /// Whether the layout answers `frame` for `element` after `script` (an `expect`).
  private func layoutAnswers(_ script: String, _ element: String, _ f: Rect) -> Bool {
    let (_, summary) = run(
      script
        + "\nexpect \(element).frame == rect(\(f.minX), \(f.minY), \(f.width), \(f.height))\n")
    return !summary.failed && summary.expectationsFailed == 0
  }

  @Test(
    "PIN-2: resting, pinned under the bar, pushed by the section's end — the terms and the winner")
  func headerDecisions() throws {
    // Section 0: header 0…44, items 44…544, inset to 564 (Es), footer 564…594.
    let cases: [(offset: Double, y: Double, says: String)] = [
      (-64, 0, "is not below its natural place, so it rests there"),
      (200, 264, "pinned to the visible top"),
      (500, 564 - 44, "pushed up"),
    ]
    for c in cases {
      let script = Self.layout + "\nscroll to y \(c.offset)"
      let out = try #require(why(script + "\nwhy header [0]\n").first)
      #expect(out.element == "header [0]")
      #expect(out.frame == Rect(x: 0, y: c.y, width: 375, height: 44), "offset \(c.offset)")
      let chosen = try #require(out.steps.first { $0.text.hasPrefix("So y = ") })
      #expect(chosen.text.contains(c.says), "\(chosen.text)")
      #expect(
        chosen.text.contains("min(max(\(formatNumber(c.offset + 64, .decimals(3))), 0), 520)"))
      // The step names the visible top from the offset and the adjusted inset (SV-2).
      #expect(
        out.steps.contains {
          $0.rule == "PIN-2" && $0.text.contains("+ the adjusted content inset 64")
        })
    }
  }

  @Test("PIN-3: pulled down past the top, the header moves with the content")
  func pulledDown() throws {
    let out = try #require(why(Self.layout + "\nscroll to y -200\nwhy header [0]\n").first)
    #expect(out.frame.minY == 0)
    #expect(
      out.steps.contains { $0.rule == "PIN-2, PIN-3" && $0.text.contains("pulled past its top") })
    // Section 1's header rests at its place too, but not because of PIN-3.
    let second = try #require(why(Self.layout + "\nscroll to y -200\nwhy header [1]\n").first)
    #expect(!second.steps.contains { $0.rule.contains("PIN-3") })
  }

  @Test("PIN-4: a footer pinned to the visible bottom, resting, or held below its header")
  func footers() throws {
    // Section 1: starts at 594, header 594…638, footer natural at 638 + 500 + 20 = 1158.
    let pinned = try #require(why(Self.layout + "\nscroll to y 200\nwhy footer [1]\n").first)
    #expect(pinned.frame.minY == 200 + 667 - 30)
    #expect(pinned.steps.contains { $0.text.contains("pinned to the visible bottom") })
    #expect(pinned.steps.contains { $0.text.contains("max(min(837, 1158), 638)") })
    let resting = try #require(why(Self.layout + "\nscroll to y 0\nwhy footer [0]\n").first)
    #expect(resting.frame.minY == 564)
    #expect(resting.steps.contains { $0.text.contains("so it rests there") })
    // Pulled down, the visible bottom rises above section 1's header end: held at 638.
    let held = try #require(why(Self.layout + "\nscroll to y -64\nwhy footer [1]\n").first)
    #expect(held.frame.minY == 638)
    #expect(held.steps.contains { $0.text.contains("stays below it") })
  }

  @Test("the frame is the one the layout answers, both kinds, both axes, pinned or not")
  func framesAreTheLayouts() throws {
    for horizontal in [false, true] {
      for pins in [false, true] {
        let script = """
          viewport 375 x 500
          layout flow {
            \(horizontal ? "scroll horizontal" : "")
            item size 90 x 90
            header size 40 x 40
            footer size 30 x 30
            insets (top: 10, left: 10, bottom: 10, right: 10)
            \(pins ? "pin headers; pin footers" : "")
          }
          sections 3 items 12
          scroll to \(horizontal ? "x" : "y") 250
          """
        for element in ["header [0]", "footer [0]", "header [1]", "footer [1]", "footer [2]"] {
          let out = try #require(why(script + "\nwhy \(element)\n").first)
          #expect(
            layoutAnswers(script, element, out.frame),
            "\(element) horizontal \(horizontal) pins \(pins): \(out.frame)")
          #expect(
            out.steps.contains { $0.text.contains(pins ? "are pinned" : "is off") },
            "\(element)")
        }
      }
    }
  }

  @Test("OPEN-2: a header that rides over the footer says so")
  func stopAtFooterEnd() throws {
    let script = Self.layout.replacingOccurrences(
      of: "pin footers", with: "pin headers stop at footer end")
    let out = try #require(why(script + "\nscroll to y 520\nwhy header [0]\n").first)
    // Es is now the section's end, 594: the header stops at 594 − 44 = 550.
    #expect(out.frame.minY == 550)
    #expect(
      out.steps.contains { $0.rule == "PIN-2, OPEN-2" && $0.text.contains("footer included") })
  }

  @Test("the sticky-header recipe moves its headers itself: not explained, and said so")
  func recipeRefused() {
    let (outputs, summary) = run(Self.layout + "\nsticky headers\nwhy header [0]\n")
    #expect(summary.failed)
    #expect(
      messages(outputs).contains {
        $0.contains("'why' explains the headers of flow layouts, placed or pinned as UIKit's are")
          && $0.contains("sticky-headers recipe")
      })
  }
}

/// `why offset` (SV-1…SV-11, LAY-13): the range and where the offset is in it, and what
/// the last release decided, from the collection view's record.
@Suite("why offset: where the content rests and why")
struct WhyOffsetTests {
  static let script = """
    viewport 375 x 600
    safe area (top: 64)
    layout flow {
      item size 375 x 100
      line spacing 0
    }
    section items 100
    """

  private func why(_ text: String) throws -> WhyOutput {
    let found = run(Self.script + "\n" + text + "\nwhy offset\n").outputs.compactMap {
      if case .why(let w) = $0 { w } else { nil }
    }
    return try #require(found.last)
  }

  private func says(_ out: WhyOutput, _ rule: String, _ text: String) -> Bool {
    out.steps.contains { $0.rule == rule && $0.text.contains(text) }
  }

  @Test("SV-3: the range with its terms; an axis that cannot scroll says why")
  func range() throws {
    let out = try why("scroll to y 100")
    #expect(out.element == "offset" && out.frameLabel == "visible rect")
    #expect(out.frame == Rect(x: 0, y: 100, width: 375, height: 600))
    // 10,000 points of content, 64 above it: y from −64 to 10,000 + 0 − 600 = 9,400.
    #expect(says(out, "SV-3", "y from −64 (the inset before it) = -64"))
    #expect(says(out, "SV-3", "10000 + 0 (the inset after it) − the view's 600 = 9400"))
    #expect(says(out, "SV-3", "x stays at 0: the content's 375 with the insets 0 and 0"))
    #expect(says(out, "SV-3", "The offset is within it."))
    #expect(!out.steps.contains { $0.rule == "SV-8" })
  }

  @Test("SV-4: an offset set past an edge stays there, and says by how much")
  func pastAnEdge() throws {
    let out = try why("scroll to y -150")
    #expect(says(out, "SV-4, SV-9", "y is 86 past the top"))
    let bottom = try why("scroll to y 9500")
    #expect(says(bottom, "SV-4, SV-9", "y is 100 past the bottom"))
  }

  @Test("SV-7: a free fling's resting point, the layout keeping it, the content at rest there")
  func freeFling() throws {
    let out = try why("scroll to y 0\nfling y 2")
    // SV-7: 2 / −ln(0.998), computed apart (Python's math.log).
    let rest = 998.9996663329096
    #expect(abs(out.frame.minY - rest) < 1e-9)
    #expect(says(out, "SV-8", "lifted at (0, 0), the content moving at (0, 2)"))
    #expect(
      says(
        out, "SV-7", "velocity / −ln(0.998) further on: (0, \(formatNumber(rest, .decimals(3))))"))
    #expect(says(out, "LAY-13", "kept it"))
    #expect(says(out, "SV-7", "came to rest at (0, \(formatNumber(rest, .decimals(3))))"))
  }

  @Test("LAY-13: a snapped target is named; a release past the edge springs back unasked")
  func snappedAndSprung() throws {
    let snapped = try why("snap { target = nearest(proposed.midY) }\nscroll to y 0\nfling y 2")
    #expect(snapped.frame.minY == 1250 - 300)
    #expect(says(snapped, "LAY-13", "moved it to (0, 950) (a snapped target)"))
    let sprung = try why("scroll to y 0\ndrag by y 100 over 4 frames\nrelease")
    #expect(sprung.frame.minY == -64)
    #expect(
      says(sprung, "SV-9", "springs back to it while the other goes on as a fling would: (0, -64)"))
    #expect(!sprung.steps.contains { $0.rule == "LAY-13" })
  }

  @Test("a recentring scrollViewDidScroll moves the resting point with the deceleration")
  func recentred() throws {
    // A 1,000-point period: the fling from 1,000 at 3 pt/ms would rest at about 2,498.5;
    // once past 2,000 the handler jumps back a period, so it rests at about 1,498.5.
    let (outputs, _) = run(
      """
      viewport 375 x 600
      layout flow {
        scroll horizontal
        item size 100 x 600
        interitem spacing 0
        line spacing 0
      }
      section items 40
      let period = 1000
      on scroll when offset.x >= 2 * period { scroll by x -period }
      scroll to x period
      fling x 3
      why offset
      """)
    let out = try #require(
      outputs.compactMap { if case .why(let w) = $0 { w } else { nil } }.last)
    #expect(out.steps.contains { $0.text.contains("code moved the offset by (-1000, 0)") })
    let last = try #require(out.steps.last)
    // 1,000 + 3 / −ln(0.998) − 1,000 = 1,498.4995 (computed apart).
    #expect(last.text.hasPrefix("So the content came to rest at (1498.49"), "\(last.text)")
  }

  @Test("SV-11: paging; and a release the offset was set after is only mentioned")
  func pagingAndStale() throws {
    let paged = try why("paging on\nscroll to y 1200\nfling y 10")
    #expect(says(paged, "SV-11", "Paging: the next page"))
    let stale = try why("scroll to y 0\nfling y 2\nscroll to y 300")
    #expect(!stale.steps.contains { $0.rule == "SV-8" })
    #expect(says(stale, "SV-4", "the offset was moved since"))
  }
}
