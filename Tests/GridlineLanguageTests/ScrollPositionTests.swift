import GridlineLanguage
import LayoutEngine
import Testing

/// `scroll to item … at …` is `scrollToItem(at:at:animated:)` with UIKit's option set of
/// positions (SV-12): one per axis, an axis with none left alone. Expected offsets are
/// worked from SV-12's targets for the item's frame f: top f.minY, bottom f.maxY − height,
/// centred f.midY − height / 2 (x alike), clamped to the content.
@Suite("Scroll positions (SV-12)")
struct ScrollPositionTests {
  /// A custom layout (no scroll direction of its own) of 200-point tiles, four to a row:
  /// item 10 is at (400, 400, 180, 180) in 800 x 1000 of content, seen through 300 x 400.
  static let tiles = """
    viewport 300 x 400
    layout custom tiles {
      prepare {
        for i in 0..<20 { place item [0, i] at rect((i % 4) * 200, floor(i / 4) * 200, 180, 180) }
        content size = 800 x 1000
      }
    }
    section items 20
    """

  @Test("each axis moves only when a position names it; center is the scroll axis alone")
  func axes() {
    passes(
      """
      \(Self.tiles)
      scroll to item [0, 10] at center
      expect offset == (0, 490 - 200)
      scroll to y 0
      scroll to item [0, 10] at centered vertically, centered horizontally
      expect offset == (490 - 150, 490 - 200)
      scroll to item [0, 10] at bottom, right
      expect offset == (580 - 300, 580 - 400)
      scroll to item [0, 10] at left
      expect offset == (400, 580 - 400)
      scroll to item [0, 10] at none
      expect offset == (400, 180)
      """)
  }

  @Test("center follows a flow's direction: a horizontal flow centres along x")
  func centerOnScrollAxis() {
    passes(
      """
      viewport 300 x 400
      layout flow { scroll horizontal; item size 100 x 100; line spacing 0; interitem spacing 0 }
      section items 40
      scroll to item [0, 20] at center
      # Four to a column, so item 20 is in column 5: x 500…600, centred at 550 − 150.
      expect offset == (400, 0)
      """)
  }

  @Test("two positions on one axis, or none beside another, are refused before the run")
  func refused() {
    #expect(
      errors("\(Self.tiles)\nscroll to item [0, 1] at top, bottom")
        == [
          "'top' and 'bottom' both move y: a scroll position takes one per axis (UIKit raises for two)"
        ])
    #expect(
      errors("\(Self.tiles)\nscroll to item [0, 1] at none, left")
        == ["'none' leaves both axes alone; it takes no other position beside it"])
    // `center` is the scroll axis, which the run knows: a clash is UIKit's exception then.
    let (outputs, summary) = run("\(Self.tiles)\nscroll to item [0, 1] at center, bottom")
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.contains("two positions on one axis") })
  }
}
