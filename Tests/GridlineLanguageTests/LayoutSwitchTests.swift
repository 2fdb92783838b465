import GridlineLanguage
import LayoutEngine
import Testing

/// Named layouts and `switch layout NAME [over N frames]` (LAY-16), and `on layout change`
/// (LAY-13).
@Suite("Language: named layouts and switching (LAY-16, LAY-13)")
struct LayoutSwitchTests {
  static let setup = """
    viewport 375 x 300
    section items 40
    layout flow list {
      item size 375 x 44
      line spacing 0
    }
    layout flow grid {
      item size 120 x 120
      line spacing 7.5
      interitem spacing 7.5
    }

    """

  /// A list and a waiting calendar grid, four items, for the checker's cases.
  static let listAndCalendar = """
    section items 4
    layout flow list { item size 100 x 40 }
    layout grid calendar { item size 100 x 60 }

    """

  @Test("the first named layout is installed, the second waits with its properties")
  func firstInstalled() {
    passes(
      Self.setup + """
        expect item [0, 1].frame == rect(0, 44, 375, 44)
        switch layout grid
        expect item [0, 1].frame == rect(127.5, 0, 120, 120)
        switch layout list
        expect item [0, 1].frame == rect(0, 44, 375, 44)
        """)
  }

  @Test("a switch prepares the new layout once and asks for the target offset (LAY-13)")
  func onePrepare() {
    passes(
      Self.setup + """
        scroll to y 440
        trace on
        switch layout grid
        expect trace.count("prepare()") == 1
        expect trace.count("targetContentOffset(forProposedContentOffset:)") == 1
        expect trace.count("prepareForTransition(to:)") == 0
        expect offset.y == 440
        """)
  }

  @Test("animated: the transition hooks, the frames, and every element's final attributes")
  func animated() {
    passes(
      Self.setup + """
        scroll to y 440
        trace on
        switch layout grid over 5 frames
        expect trace.count("prepareForTransition(to:)") == 1
        expect trace.count("prepareForTransition(from:)") == 1
        expect trace.count("finalizeLayoutTransition()") == 2    # on both layouts
        expect trace.count("prepare()") == 1
        expect trace.count("completion") == 1
        expect item [0, 10].frame == rect(127.5, 382.5, 120, 120)
        """)
  }

  @Test("on layout change answers the delegate: the item at the top stays at the top")
  func layoutChangeTarget() {
    passes(
      Self.setup + """
        scroll to y 880
        let top = nearest(offset.y + 22).indexPath.item
        on layout change { target = (0, item [0, top].frame.minY) }
        switch layout grid over 3 frames
        expect top == 20
        expect offset.y == 6 * 127.5
        expect trace.count("collectionView(_:targetContentOffsetForProposedContentOffset:)") == 1
        switch layout list
        expect offset.y == 880
        """)
  }

  @Test("a custom layout can be switched to and from")
  func customSwitch() {
    passes(
      Self.setup + """
        layout custom diagonal {
          prepare {
            for i in 0..<items(in: 0) { place item [0, i] at rect(i * 10, i * 50, 100, 44) }
            content size = 500 x 2000
          }
        }
        expect item [0, 2].frame == rect(0, 88, 375, 44)
        switch layout diagonal over 2 frames
        expect item [0, 2].frame == rect(20, 100, 100, 44)
        switch layout grid
        expect item [0, 2].frame.x == 255
        """)
  }

  @Test("names are declared once and must exist; an animation has frames")
  func diagnostics() {
    #expect(
      errors(Self.setup + "layout flow list { item size 10 x 10 }").contains {
        $0.contains("a layout named 'list' is already declared")
      })
    #expect(errors(Self.setup + "switch layout gird").contains("unknown layout 'gird'"))
    #expect(
      errors(Self.setup + "switch layout grid over 0 frames").contains(
        "an animated layout switch takes at least 1 frame"))
    #expect(errors(Self.setup + "switch layout grid over 4 frames").isEmpty)
    let (outputs, summary) = run(Self.setup + "let n = offset.y\nswitch layout grid over n frames")
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.contains("at least 1 frame") })
  }

  @Test("the checker follows the installed kind: a waiting grid leaves the flow's rules legal")
  func checkerKinds() {
    let text = LayoutSwitchTests.listAndCalendar + "sticky headers\nswitch layout calendar"
    #expect(errors(text).isEmpty)
    #expect(
      !errors(text + "\nsticky headers off").isEmpty,
      "after the switch the layout is a grid")
  }
}

/// Issue 14's fidelity bugs 3, 4 and 5: a cell's kind, one prepare per layout installed,
/// the first layout pass counted, and `hit` in expressions.
@Suite("Language: fidelity of layout swaps and the first pass")
struct FirstPassTests {
  @Test("the first layout pass is what trace.count and recomputed read after it (bug 5)")
  func firstPass() {
    passes(
      """
      section items 6
      show visible
      expect trace.count("prepare()") == 1
      expect recomputed == 6
      """)
  }

  @Test("a new layout is configured, then installed: one prepare(), counted once (bug 4)")
  func onePrepare() {
    passes(
      """
      section items 6
      show visible
      layout grid { item size 50 x 50 }
      expect trace.count("prepare()") == 1
      layout flow { item size 60 x 60 }
      expect trace.count("prepare()") == 1
      expect recomputed == 6
      sticky headers z 5
      expect trace.count("prepare()") == 1
      layout custom rows {
        prepare {
          for i in 0..<6 { place item [0, i] at rect(0, i * 10, 10, 10) }
          content size = 10 x 60
        }
      }
      expect trace.count("prepare()") == 1
      expect recomputed == 6
      """)
  }

  @Test("a cell's kind is nothing (ATTR-1); hit is an expression (bugs 3 and 5)")
  func kindAndHit() {
    passes(
      """
      section items 6
      layout flow { header size 0 x 20 }
      expect item [0, 0].kind == nothing
      expect header [0].kind == "UICollectionElementKindSectionHeader"
      expect hit (10, 30) == [0, 0]
      expect hit((10, 30)) == [0, 0]
      expect hit(1000, 1000) == nothing
      """)
  }
}

extension FirstPassTests {
  @Test("recomputed counts distinct attributes, never more than the layout holds (bug 2)")
  func distinct() {
    passes(
      """
      viewport 375 x 300
      layout flow { item size 100 x 40; header size 0 x 30 }
      sections 4 items 5
      sticky headers
      show visible
      scroll by y 1
      expect recomputed <= 4 * 6
      expect recomputed > 0
      layout grid { item size 50 x 50 }
      expect recomputed == 4 * 5
      scroll by y 1
      expect recomputed <= 4 + 5
      """)
  }
}

/// What a review of the switch found: each a case that went wrong before.
@Suite("Language: named layouts, the edges")
struct LayoutSwitchEdgeTests {
  @Test("after an update, on layout change reads the layout with the update done (LAY-13)")
  func updateReadsNewLayout() {
    passes(
      """
      viewport 375 x 300
      layout flow { item size 375 x 44; line spacing 0 }
      section items 40
      scroll to y 440
      on layout change { target = (0, item [0, 10].frame.minY) }
      insert items [0, 0], [0, 1]
      expect item [0, 10].frame.minY == 440
      expect offset.y == 440
      """)
  }

  @Test("a switch to a grid is refused while appearing rules need a flow layout")
  func gridRefused() {
    let text =
      LayoutSwitchTests.listAndCalendar + "appearing items { alpha 0 }\nswitch layout calendar"
    #expect(errors(text).contains { $0.contains("need a flow layout") })
  }

  @Test("a top-level custom layout stays the main layer's when a layer follows")
  func customThenLayer() {
    passes(
      """
      section items 3
      layout custom rows {
        prepare {
          for i in 0..<3 { place item [0, i] at rect(0, i * 50, 100, 44) }
          content size = 100 x 150
        }
      }
      layer front { layout flow { item size 10 x 10 } }
      expect visible == 3 + 3                # both layers: main kept its layout
      """)
  }

  @Test("for section N is the place at [N, 0]; a negative item is no place")
  func decorationPlaces() {
    passes(
      """
      layout flow { item size 100 x 40 }
      section items 2
      decoration "b" for section 0 { frame = rect(0, 0, 1, 1) }
      decoration "b" at [0, 0] { frame = rect(0, 0, 2, 2) }
      decoration "c" at [0, -1] { frame = rect(0, 0, 3, 3) }
      expect decoration "b" [0].frame.width == 2
      expect visible == 2 + 1
      """)
  }

  @Test("sin and cos just below a whole turn are near 0, not ±1")
  func trigonometryEdges() {
    passes(
      """
      expect abs(sin(-0.00000000001)) < 0.001
      expect abs(cos(-90.00000000000001)) < 0.001
      expect cos(-0.00000000001) == 1
      """)
  }
}
