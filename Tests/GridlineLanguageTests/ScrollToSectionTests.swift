import GridlineLanguage
import Testing

/// `scroll to header [s]`, `scroll to footer [s]` and `scroll to section s` (issue 34):
/// scrollToItem's arithmetic (SV-12) on the frame the layout answers for the header or
/// footer (a pinned one at its natural place), clamped; a section's start is its header,
/// else its first item.
@Suite("scroll to a header, a footer, a section")
struct ScrollToSectionTests {
  static let layout = """
    viewport 375 x 600
    content inset (top: 20, left: 0, bottom: 10, right: 0)
    layout flow {
      item size 375 x 80
      line spacing 0
      header size 0 x 40
      footer size 0 x 30
    }
    sections 4 items 6
    """

  @Test("a header at top, less the adjusted top inset; a footer at bottom; clamped at the end")
  func headerAndFooter() {
    // Each section: 40 + 6 × 80 + 30 = 550.
    passes(
      Self.layout + """

        scroll to header [2]
        expect offset.y == 2 * 550 - 20
        scroll to footer [1] at bottom
        expect offset.y == 550 + 40 + 480 + 30 - 600 + 10
        scroll to header [3]
        expect offset.y == 4 * 550 + 10 - 600  # clamped: the content's end (SV-3)
        scroll to header [1] at center
        expect offset.y == 550 + 20 - 20 - (600 - 20 - 10) / 2
        """)
  }

  @Test("a pinned header is taken at its natural place, not where it stands pinned")
  func pinned() {
    passes(
      """
      viewport 375 x 600
      layout flow {
        item size 375 x 80
        line spacing 0
        header size 0 x 40
        pin headers
      }
      sections 4 items 6
      scroll to y 700
      expect header [1].frame.y == 700  # pinned at the top
      scroll to header [1]
      expect offset.y == 520
      scroll to section 2
      expect offset.y == 2 * 520
      scroll to section 3
      expect offset.y == 4 * 520 - 600  # clamped: the content ends first (SV-3)
      """)
  }

  @Test("a horizontal layout's section starts at its left edge; `at top` moves only y")
  func horizontal() {
    passes(
      """
      viewport 375 x 600
      layout flow {
        scroll horizontal
        item size 100 x 100
        header size 50 x 0
      }
      sections 4 items 10
      # Each section: a 50-wide header, then two columns of five items (5 × 100 + 4 × 10
      # fits 600), 100 + 10 + 100 wide: 260.
      scroll to section 2
      expect offset == (2 * 260, 0)
      scroll to header [1]
      expect offset == (260, 0)
      scroll to header [3] at top
      expect offset == (260, 0)  # `top` moves y only, already 0
      """)
  }

  @Test("a section without a header scrolls to its first item")
  func firstItem() {
    passes(
      """
      viewport 375 x 600
      layout flow {
        item size 375 x 80
        line spacing 0
        insets (top: 15, left: 0, bottom: 0, right: 0)
      }
      sections 3 items 5
      scroll to section 1
      expect offset.y == 415 + 15
      """)
  }

  @Test("nothing to scroll to: an error at the statement, the offset unmoved")
  func nothing() {
    let (outputs, summary) = run(
      """
      viewport 375 x 600
      layout flow { item size 375 x 80 }
      section items 0
      section items 3
      scroll to header [1]
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs).contains("nothing to scroll to: section 1 has no header the layout places"))
    let (empty, _) = run(
      """
      viewport 375 x 600
      layout flow { item size 375 x 80 }
      section items 0
      section items 3
      scroll to section 0
      """)
    #expect(messages(empty).contains("nothing to scroll to: section 0 has no header and no items"))
  }

  @Test("the checker: a section the script does not declare, two positions on an axis")
  func checked() {
    #expect(
      errors(Self.layout + "\nscroll to header [9]\n").contains {
        $0.contains("there is no section 9")
      })
    #expect(
      errors(Self.layout + "\nscroll to section 2 at top, bottom\n").contains {
        $0.contains("one per axis") || $0.contains("two positions")
      })
    #expect(
      errors(Self.layout + "\nscroll to header 2\n").contains { $0.contains("index path") })
    #expect(
      errors(Self.layout + "\nscroll to header [1, 2]\n").contains {
        $0.contains("takes a section [s], not an item's index path")
      })
  }
}
