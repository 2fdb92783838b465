import GridlineLanguage
import LayoutEngine
import Testing

/// Transforms that follow the scroll, `snap`, `on will end dragging`, `on scroll` and
/// `tap status bar` (SV-8, LAY-8, LAY-13).
@Suite("Language: scroll hooks and transforms that follow the scroll")
struct ScrollHookTests {
  /// The article's carousel: one 270-point item per column, 10 apart, inset so that item 0
  /// is centred at offset 0 (items centred at 195 + 280·k).
  private let carousel = """
    viewport 390 x 300
    layout flow {
      scroll horizontal
      item size 270 x 200
      line spacing 10
      insets (top: 0, left: 60, bottom: 0, right: 60)
    }
    sections 1 items 50

    """

  private func events(_ outputs: [Output]) -> [LayoutEvent] {
    outputs.flatMap { output -> [LayoutEvent] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap { if case .event(let e) = $0 { e } else { nil } }
    }
  }

  private func hookMarks(_ outputs: [Output]) -> [String] {
    outputs.flatMap { output -> [String] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap { if case .hook(let name, _) = $0 { name } else { nil } }
    }
  }

  @Test("a scale read from center and bounds follows every scroll; the flow's frames stay")
  func carouselScale() {
    let (outputs, summary) = run(
      carousel + """
        transform items {
          scale 1 - 0.3 * min(1, abs(center.x - bounds.midX) / bounds.width)
          alpha 1 - 0.5 * min(1, abs(center.x - bounds.midX) / bounds.width)
        }
        expect item [0, 0].alpha == 1
        expect item [0, 1].alpha == 1 - 0.5 * 280 / 390
        trace on
        scroll by x 140
        trace off
        expect recomputed == 0
        expect item [0, 0].alpha == 1 - 0.5 * 140 / 390
        expect item [0, 1].alpha == 1 - 0.5 * 140 / 390
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let asked = events(outputs).contains {
      if case .shouldInvalidateLayout(forBoundsChange: _, result: true) = $0 { true } else { false }
    }
    #expect(asked, "the layout answers shouldInvalidateLayout(forBoundsChange:) true")
  }

  @Test("a transform that reads only its element does not invalidate on scroll")
  func elementOnly() {
    let (outputs, summary) = run(
      carousel + """
        transform items { alpha item % 2 == 0 ? 1 : 0.5 }
        expect item [0, 1].alpha == 0.5
        trace on
        scroll by x 10
        trace off
        expect trace.count("invalidateLayout(with:)") == 0
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("snap to the nearest item: the fling rests with an item centred")
  func snapNearest() {
    let (outputs, summary) = run(
      carousel + """
        snap { target = nearest(proposed.midX) }
        fling x 1.2
        expect offset.x == 560
        expect nearest(bounds.midX).center.x == bounds.midX
        fling x -0.3
        expect (offset.x + 195 - 195) % 280 == 0
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("on will end dragging changes the delegate's target, after snap, traced")
  func willEndDragging() {
    let (outputs, summary) = run(
      carousel + """
        on will end dragging { target = (round(proposed.x / 270) * 270, 0) }
        trace on
        fling x 1.2
        trace off
        expect offset.x == 540
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(hookMarks(outputs) == ["on will end dragging"])
  }

  @Test("on scroll recentres an infinite carousel while it coasts")
  func infinite() {
    let (outputs, summary) = run(
      """
      viewport 300 x 200
      layout flow { scroll horizontal; item size 100 x 200; line spacing 0 }
      sections 1 items 30
      let period = 1000
      scroll to x 1000
      on scroll when offset.x >= 2 * period { scroll by x -period }
      on scroll when offset.x < period { scroll by x period }
      trace on
      fling x 3
      trace off
      expect offset.x >= 1000 and offset.x < 2000
      expect abs(offset.x - (1000 + 3 / -ln(0.998) - 1000)) < 0.5
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(hookMarks(outputs) == ["on scroll"])
  }

  @Test("on scroll's print and expect come out with the step; a scroll runs it too")
  func hookOutputs() {
    let (outputs, summary) = run(
      carousel + """
        on scroll when offset.x > 100 { print offset.x }
        scroll to x 50
        scroll to x 150
        """)
    #expect(!summary.failed, "\(messages(outputs))")
    let printed = outputs.compactMap {
      if case .print(_, let v) = $0 { v.description } else { nil }
    }
    #expect(printed == ["150"])
  }

  @Test("an on scroll that keeps scrolling itself stops 64 deep with an error")
  func runaway() {
    let (outputs, summary) = run(
      carousel + """
        on scroll { scroll by x 1 }
        scroll to x 10
        """)
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.contains("more than 64 deep") })
  }

  @Test("a snap target that is not finite is an error; the proposal stands")
  func nonFinite() {
    let (outputs, summary) = run(
      carousel + """
        let zero = 0
        snap { target = (proposed.x / zero * 0, 0) }
        fling x 1
        """)
    #expect(summary.failed)
    #expect(!messages(outputs).isEmpty)
  }

  @Test("tap status bar scrolls to the top, animated, then scrollViewDidScrollToTop")
  func statusBar() {
    let (outputs, summary) = run(
      """
      viewport 375 x 600
      content inset (top: 20)
      layout flow { item size 375 x 100; line spacing 0 }
      section items 100
      scroll to y 3000
      trace on
      tap status bar
      trace off
      expect offset.y == -20
      expect trace.count("scrollViewDidScrollToTop(_:)") == 1
      expect trace.count("scrollViewDidScroll(_:)") == 18
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let names = events(outputs).compactMap {
      if case .scrollView(let c) = $0, c.name != "scrollViewDidScroll(_:)" { c.name } else { nil }
    }
    #expect(names == ["scrollViewShouldScrollToTop(_:)", "scrollViewDidScrollToTop(_:)"])
  }

  @Test("should scroll to top answers scrollViewShouldScrollToTop (issue 32, item 6)")
  func shouldScrollToTop() {
    let (outputs, summary) = run(
      """
      viewport 375 x 600
      layout flow { item size 375 x 100; line spacing 0 }
      section items 100
      should scroll to top when offset.y < 2000
      scroll to y 3000
      trace on
      tap status bar
      trace off
      # Far down, the delegate says no: nothing moves, nothing follows the question.
      expect offset.y == 3000
      expect trace.count("scrollViewDidScrollToTop(_:)") == 0
      scroll to y 1500
      tap status bar
      expect offset.y == 0
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(
      events(outputs).contains {
        if case .scrollView(.shouldScrollToTop(false)) = $0 { true } else { false }
      })
    #expect(
      errors("should scroll to top when 3\n").contains {
        $0.contains("'should scroll to top'")
      })
  }

  @Test("an animated scroll ends with scrollViewDidEndScrollingAnimation; a plain one does not")
  func scrollingAnimation() {
    let (outputs, summary) = run(
      carousel + """
        scroll to x 100
        expect trace.count("scrollViewDidEndScrollingAnimation(_:)") == 0
        scroll to x 300 over 4 frames
        expect trace.count("scrollViewDidEndScrollingAnimation(_:)") == 1
        expect trace.count("scrollViewDidScroll(_:)") == 4
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("the checker: targets are points or elements, on scroll holds steps only")
  func checking() {
    func errors(_ text: String) -> [String] {
      let (program, parsed) = Parser.parse(SourceFile(name: "t.gl", text: text))
      return (parsed + Checker.check(program)).map(\.message)
    }
    #expect(errors("snap { target = 3 }").count == 1)
    #expect(errors("snap { target = nearest(proposed.midX) }").isEmpty)
    #expect(errors("on will end dragging { target = (velocity.x, 0) }").isEmpty)
    #expect(errors("snap { }").count == 1)
    #expect(errors("on scroll { viewport 10 x 10 }").first?.contains("declaration") == true)
    #expect(errors("on scroll { fling y 2 }").first?.contains("gesture") == true)
    #expect(
      errors("on scroll { scroll by y 1 over 2 frames }").first?.contains("animation") == true)
    #expect(errors("on scroll when 3 { scroll by y 1 }").count == 1)
    #expect(errors("print proposed").count == 1)
    #expect(errors("transform items { alpha center }").count == 1)
    #expect(errors("transform items { alpha frame.minX / 1000 }").isEmpty)
    #expect(errors("tap status bar over 0 frames").count == 1)
  }

  @Test("nearest with no items is an error")
  func nearestEmpty() {
    let (outputs, summary) = run("section items 0\nprint nearest(10)")
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.contains("no items") })
  }
}
