import GridlineLanguage
import LayoutEngine
import Testing

/// A list of 10,000 points to fling through: 100 rows of 100 in a viewport of 600.
let hundredRows = """
  viewport 375 x 600
  layout flow { item size 375 x 100; line spacing 0 }
  section items 100

  """

/// `drag`, `release`, `fling` and the scroll view's settings through the language.
@Suite("Language: gestures (SV-6…SV-11)")
struct GestureLanguageTests {
  private let list = hundredRows

  @Test("a fling rests −v0 / ln r further, with SV-8's callbacks traced in order")
  func fling() {
    let (outputs, summary) = run(
      list + """
        trace on
        fling y 2
        trace off
        expect abs(offset.y + 2 / ln(0.998)) < 0.5
        # LAY-13: a lifted finger asks the layout with the velocity, under that name.
        expect trace.count("targetContentOffset(forProposedContentOffset:withScrollingVelocity:)") == 1
        expect trace.count("targetContentOffset(forProposedContentOffset:)") == 0
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let names = outputs.flatMap { output -> [String] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap {
        if case .event(.scrollView(let c)) = $0, c.name != "scrollViewDidScroll(_:)" {
          c.name
        } else {
          nil
        }
      }
    }
    #expect(
      names == [
        "scrollViewWillBeginDragging(_:)",
        "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)",
        "scrollViewDidEndDragging(_:willDecelerate:)", "scrollViewWillBeginDecelerating(_:)",
        "scrollViewDidEndDecelerating(_:)",
      ])
  }

  @Test("a release takes the finger's last speed; past an edge it springs back")
  func dragAndRelease() {
    let (outputs, summary) = run(
      list + """
        scroll to y 1000
        drag by y 100 over 5 frames
        expect offset.y == 900
        release
        expect abs(offset.y - (900 - 1.2 / -ln(0.998))) < 0.5
        scroll to y 0
        drag by y 100
        expect abs(offset.y + 50.381679) < 0.001
        release
        expect offset.y == 0
        bounces off
        drag by y 100
        expect offset.y == 0
        release
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("paging rests on pages; the layers follow the first; a long deceleration is refused")
  func pagingAndLimits() {
    let (outputs, summary) = run(
      list + """
        layer overlay { layout flow { item size 375 x 100 } }
        paging on
        fling y 0.3
        expect offset.y == 600
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    var limits = Limits()
    limits.frames = 20
    let (refused, failed) = run(list + "fling y 2", limits: limits)
    #expect(failed.failed)
    #expect(messages(refused).first?.hasPrefix("the deceleration would take") == true)
  }

  @Test("past the end a fling bounces, each frame no further than v/(ω·e); exp(n) is eⁿ")
  func bounce() {
    let (outputs, summary) = run(
      list + """
        expect exp(0) == 1
        expect exp(1) == 2.718281828459045
        expect ln(exp(3)) == 3
        scroll to y 9400
        let furthest = 2 / (2 * 3.141592653589793 / 575 * exp(1))
        on scroll when offset.y > 9400 { expect offset.y - 9400 <= furthest }
        on scroll when offset.y > 9400 + 0.98 * furthest { print "near the top" }
        fling y 2
        expect offset.y == 9400
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed > 10)
    let printed = outputs.filter { if case .print = $0 { true } else { false } }
    #expect((1...2).contains(printed.count))  // the frames within 2 % of the spring's peak
    let (checked, ran) = LimitTests.checkAndRun(list + "expect exp(1000) > 0", Limits())
    #expect(checked.map(\.message) == ["the result is not a finite number"])
    #expect(ran.first == "the result is not a finite number")
  }
}
