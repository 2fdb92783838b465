import GridlineLanguage
import Testing

/// `exactly(COMPARISON)` (issue 34): the comparison without the 10⁻⁶ tolerance, so the
/// FLOW-5 case a tolerant comparison hides shows.
@Suite("exactly: comparisons without the tolerance")
struct ExactComparisonTests {
  @Test("FLOW-5's 5.7e-14: tolerant true, exactly false; each operator")
  func operators() {
    passes(
      """
      let side = (390 - 2) / 3
      # After two items the line has 390 - side - (1 + side) left; the third needs 1 + side.
      expect 390 - side - (1 + side) >= 1 + side
      expect not exactly(390 - side - (1 + side) >= 1 + side)
      expect exactly(390 - side - (1 + side) < 1 + side)
      expect 0.1 + 0.2 == 0.3
      expect not exactly(0.1 + 0.2 == 0.3)
      expect exactly(0.1 + 0.2 != 0.3)
      expect exactly(1 < 2) and exactly(2 >= 2) and not exactly(2 > 2)
      expect exactly(rect(0, 0, 1, 1) == rect(0, 0, 1, 1))
      expect not exactly(rect(0, 0, 1, 1) == rect(0, 0, 1, 1 + 1e-9))
      """)
  }

  @Test("the argument must be a comparison; the operands are type-checked as usual")
  func refusals() {
    #expect(errors("expect exactly(3)").contains { $0.contains("takes a comparison") })
    #expect(errors("expect exactly(true and false)").contains { $0.contains("takes a comparison") })
    #expect(errors("expect exactly(1, 2)").contains { $0.contains("exactly") })
    #expect(!errors("expect exactly(offset.y == 0)").contains { $0.contains("exactly") })
  }

  @Test("in layout code it runs, interpreted, and compares exactly")
  func layoutCode() {
    passes(
      """
      viewport 390 x 844
      section items 3
      layout custom c {
        prepare {
          let side = (390 - 2) / 3
          var left = 0
          if exactly(390 - side - (1 + side) >= 1 + side) { left = 1 }
          place item [0, 0] at rect(left, 0, 10, 10)
          place item [0, 1] at rect(0, 20, 10, 10)
          place item [0, 2] at rect(0, 40, 10, 10)
          content size = 390 x 50
        }
      }
      expect item [0, 0].frame.x == 0
      """)
  }
}
