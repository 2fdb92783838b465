import GridlineLanguage
import Testing

/// `move begin | to | end | cancel` and `can move when …` (grammar.md, Interactive movement).
@Suite("Interactive movement in scripts")
struct InteractiveMoveTests {
  /// Rows of three 100 × 100 items in a 320 × 480 view.
  let grid = """
    viewport 320 x 480
    layout flow { item size 100 x 100; line spacing 10; interitem spacing 10 }
    """

  @Test("a drag over another cell reorders; the end keeps the order, the data with it")
  func reorder() {
    passes(
      grid + """

        section "P" items ["a", "b", "c", "d", "e", "f"]
        move begin item "a"
        expect item [0, 0].zIndex > 1000
        move to (160, 160) over 3 frames
        expect item "a".indexPath == [0, 4]
        expect item "e".indexPath == [0, 3]
        move end
        expect item "a".indexPath == [0, 4]
        expect item [0, 4].frame.origin == (110, 110)
        expect trace.count("collectionView(_:moveItemAt:to:)") == 1
        """)
  }

  @Test("cancel puts the item and the data back; the data source hears nothing")
  func cancel() {
    passes(
      grid + """

        section "P" items ["a", "b", "c", "d", "e", "f"]
        trace on
        move begin item "c"
        move to (50, 50)
        expect item "c".indexPath == [0, 0]
        move cancel
        expect item "c".indexPath == [0, 2]
        expect item [0, 2].frame.origin == (220, 0)
        expect trace.count("collectionView(_:moveItemAt:to:)") == 0
        """)
  }

  @Test("sizes travel with their items: a wide item moved later reflows the lines after it")
  func sizesFollow() {
    passes(
      grid + """

        section items 6 {
          item 0 size 210 x 100
        }
        expect item [0, 2].frame.origin == (0, 110)
        move begin item [0, 0]
        move to (160, 160)
        expect item [0, 0].frame.width == 100
        expect item [0, 2].frame.origin == (220, 0)
        move end
        expect item [0, 3].frame.width == 210
        expect item [0, 3].frame.origin == (0, 110)
        """)
  }

  @Test("the selection follows the moving item")
  func selectionFollows() {
    passes(
      grid + """

        section items 9
        select item [0, 1]
        move begin item [0, 1]
        move to (270, 160)
        move end
        expect selection[0] == [0, 5]
        """)
  }

  @Test("bad order and refused items are diagnostics, and the script stops there")
  func misuse() {
    let cases: [(String, String)] = [
      ("move to (50, 50)", "'move to' without an item moving: 'move begin item [s, i]' first"),
      ("move end", "'move end' without an item moving: 'move begin item [s, i]' first"),
      (
        "move begin item [0, 0]\nmove end\nmove end",
        "'move end' without an item moving: 'move begin item [s, i]' first"
      ),
      (
        "move begin item [0, 0]\nmove begin item [0, 1]",
        "item [0, 0] is already moving: 'move end' or 'move cancel' before another 'move begin'"
      ),
      (
        "can move when item > 0\nmove begin item [0, 0]",
        "item [0, 0] cannot move: the data source's collectionView(_:canMoveItemAt:) answered "
          + "false ('can move when')"
      ),
      (
        "move begin item [0, 0]\ninsert items [0, 1]",
        "'insert items' while an item moves: the data source must not change under a finger; "
          + "'move end' or 'move cancel' first"
      ),
      (
        "move begin item [0, 8]\nmove to (50, 900)",
        "the point (50, 900) is off screen (the visible bounds are (0, 0, 320, 480)): a finger touches only what is displayed"
      ),
    ]
    for (steps, expected) in cases {
      let (outputs, summary) = run(grid + "\nsection items 9\n" + steps + "\nprint \"not reached\"")
      #expect(summary.failed, "\(steps)")
      #expect(messages(outputs) == [expected], "\(steps)")
    }
  }

  @Test("the checker: only items begin a movement, only points are a finger's place")
  func checked() {
    #expect(
      errors("section items 3\nmove begin (10, 10)")
        == ["'move begin' takes an item (item [0, 3]), not a point"])
    #expect(
      errors("section items 3\nmove begin item [0, 0]\nmove to item [0, 1]")
        == ["'move to' expects a point, not an element"])
    #expect(
      errors("can move when 3") == ["the condition of 'can move' is true or false, not a number"])
  }
}
