import GridlineLanguage
import LayoutEngine
import Testing

/// `on visible items { … }`: a section's visibleItemsInvalidationHandler (COMP-14) in the
/// language — a transform's operations run for each element the handler is given.
@Suite("Compositional: on visible items (COMP-14)")
struct CompositionalVisibleItemsTests {
  @Test("each element on screen is restyled; `kind` tells a cell from the header")
  func restyles() {
    passes(
      """
      viewport 390 x 400
      layout compositional {
        section {
          group horizontal width 1 fraction height 100 {
            item width 0.5 fraction height 1 fraction
          }
          header width 1 fraction height 40
          on visible items {
            alpha item == 1 ? 0.5 : 1
            scale kind == "cell" ? 0.5 : 1
            z section + 3
          }
        }
      }
      section items 12
      expect item [0, 1].alpha == 0.5
      expect item [0, 0].alpha == 1
      expect item [0, 0].transform.scale == 0.5 x 0.5
      expect item [0, 0].zIndex == 3
      expect header [0].transform.identity
      # Rows of 100 below a 40-point header: items 8… start at 440, off the screen, and
      # the handler is not given them.
      expect item [0, 8].transform.identity
      expect item [0, 8].zIndex == 0
      scroll to y 100
      expect item [0, 8].transform.scale == 0.5 x 0.5
      """)
  }

  @Test("sideways: the offset is the scroller's and `center.x - offset.x` is on the screen")
  func orthogonal() {
    passes(
      """
      viewport 390 x 844
      layout compositional {
        section {
          group horizontal width 100 height 100 { item width 1 fraction height 1 fraction }
          orthogonal scrolling continuous
          on visible items { translate (0, center.x - offset.x) }
        }
      }
      section items 10
      # Item 2 stands at 200…300 in the scroller; scrolled by 150, it is drawn at 50.
      scroll section 0 to x 150
      expect item [0, 2].frame.x == 50
      expect item [0, 2].transform.translation == (0, 100)
      expect item [0, 3].transform.translation == (0, 200)
      """)
  }

  @Test("the handler reads environment at each pass (a section it is in is not adaptive)")
  func environmentAtEachPass() {
    passes(
      """
      viewport 390 x 844
      layout compositional {
        section {
          group horizontal width 1 fraction height 100 { item width 1 fraction height 1 fraction }
          on visible items { alpha environment.width > 500 ? 1 : 0.25 }
        }
      }
      section items 3
      expect item [0, 0].alpha == 0.25
      resize 600 x 844
      expect item [0, 0].alpha == 1
      """)
  }

  @Test("the checker: names of the handler, `bounds` refused, the block it belongs in")
  func checks() {
    let grid =
      "group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction }"
    #expect(
      errors("layout compositional { section { \(grid); on visible items { z bounds.width } } }")
        .contains { $0.contains("'bounds' is not available inside a visible-items handler") })
    #expect(
      errors(
        "layout compositional { section { \(grid); on visible items { alpha kind == \"cell\" ? 1 : 0 } } }"
      ).isEmpty)
    #expect(
      errors("transform items { alpha kind == \"cell\" ? 1 : 0 }").contains { $0.contains("kind") })
    #expect(
      errors(
        "layout compositional { section { group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction; on visible items { alpha 1 } } } }"
      ).contains { $0.contains("'on visible items' belongs in a section") })
    #expect(
      errors("layout compositional { section { \(grid); on visible items { alpha 2 } } }")
        .contains { $0.contains("alpha") })
  }
}
