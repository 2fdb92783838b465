import GridlineLanguage
import LayoutEngine
import Testing

/// `tap`, `press`, `lift`, `select`, `deselect`, the selection rules and the state
/// transforms, against UICollectionView.h's documented sequence.
@Suite("Language: touch and selection")
struct TouchTests {
  static let grid = """
    viewport 320 x 480
    layout flow {
      item size 100 x 100
      line spacing 10
      interitem spacing 10
    }
    section items 12

    """

  /// The delegate messages the steps sent, in order: the selection messages, or those
  /// `pick` describes.
  static func calls(
    _ script: String,
    _ pick: (LayoutEvent) -> String? = {
      if case .selection(let call) = $0 { call.description } else { nil }
    }
  ) -> [String] {
    let (outputs, summary) = run(script)
    #expect(!summary.failed, "\(messages(outputs))")
    var names: [String] = []
    for case .trace(_, _, let entries) in outputs {
      for case .event(let event) in entries { if let name = pick(event) { names.append(name) } }
    }
    return names
  }

  @Test("a tap: highlight on touch-down, then select, then unhighlight (UICollectionView.h)")
  func tapSequence() {
    #expect(
      Self.calls(Self.grid + "trace on\ntap item [0, 4]\n") == [
        "collectionView(_:shouldHighlightItemAt: [0, 4]) → true",
        "collectionView(_:didHighlightItemAt: [0, 4])",
        "collectionView(_:shouldSelectItemAt: [0, 4]) → true",
        "collectionView(_:didSelectItemAt: [0, 4])",
        "collectionView(_:didUnhighlightItemAt: [0, 4])",
      ])
  }

  @Test("a new tap replaces the selection: the old item gets didDeselect only")
  func singleSelection() {
    #expect(
      Self.calls(Self.grid + "tap item [0, 0]\ntrace on\ntap item [0, 1]\n") == [
        "collectionView(_:shouldHighlightItemAt: [0, 1]) → true",
        "collectionView(_:didHighlightItemAt: [0, 1])",
        "collectionView(_:shouldSelectItemAt: [0, 1]) → true",
        "collectionView(_:didDeselectItemAt: [0, 0])",
        "collectionView(_:didSelectItemAt: [0, 1])",
        "collectionView(_:didUnhighlightItemAt: [0, 1])",
      ])
  }

  @Test("multiple selection toggles, asking shouldDeselect for a selected item")
  func multipleSelection() {
    let script =
      Self.grid + "allows multiple selection on\ntap item [0, 0]\ntrace on\ntap item [0, 0]\n"
    #expect(
      Self.calls(script) == [
        "collectionView(_:shouldHighlightItemAt: [0, 0]) → true",
        "collectionView(_:didHighlightItemAt: [0, 0])",
        "collectionView(_:shouldDeselectItemAt: [0, 0]) → true",
        "collectionView(_:didDeselectItemAt: [0, 0])",
        "collectionView(_:didUnhighlightItemAt: [0, 0])",
      ])
    passes(script + "expect selection.count == 0\n")
  }

  @Test("false from shouldHighlight skips the whole selection; rules read item and section")
  func rules() {
    #expect(
      Self.calls(Self.grid + "should highlight when item > 0\ntrace on\ntap item [0, 0]\n") == [
        "collectionView(_:shouldHighlightItemAt: [0, 0]) → false"
      ])
    passes(
      Self.grid + """
        should select when item % 2 == 0
        tap item [0, 3]
        expect selection.count == 0
        tap item [0, 2]
        expect selection[0] == [0, 2]
        """)
  }

  @Test("press holds the highlight; lift elsewhere or a drag only unhighlights")
  func pressAndLift() {
    passes(
      Self.grid + """
        press (50, 50)
        expect item [0, 0].highlighted
        expect not item [0, 0].selected
        lift at (160, 160)
        expect not item [0, 0].highlighted
        expect selection.count == 0
        press item [0, 1]
        drag by y -20
        expect not item [0, 1].highlighted
        expect selection.count == 0
        """)
  }

  @Test("select and deselect send no delegate message; allows selection off stops both")
  func programmatic() {
    #expect(Self.calls(Self.grid + "trace on\nselect item [0, 3]\ndeselect item [0, 3]\n") == [])
    passes(
      Self.grid + """
        select item [0, 3]
        select item [0, 5]
        expect selection.count == 1
        allows selection off
        select item [0, 6]
        tap item [0, 7]
        expect selection[0] == [0, 5]
        deselect all
        expect selection.count == 0
        """)
  }

  @Test("state transforms restyle one item through a targeted invalidation")
  func stateTransforms() {
    passes(
      Self.grid + """
        transform highlighted items { scale 1.5 }
        transform selected items { alpha 0.5 }
        scroll to y 0
        press item [0, 1]
        expect recomputed == 1
        expect trace.count("layoutAttributesForItem(at:)") == 1
        expect item [0, 1].alpha == 1
        lift
        expect item [0, 1].alpha == 0.5
        expect item [0, 2].alpha == 1
        select item [0, 2]
        expect item [0, 2].alpha == 0.5
        expect item [0, 1].alpha == 1
        """)
  }

  @Test("a state transform declared once the views are live restyles too")
  func stateTransformAfterSteps() {
    passes(
      Self.grid + """
        tap item [0, 0]
        transform selected items { alpha 0.5 }
        tap item [0, 1]
        expect item [0, 1].alpha == 0.5
        """)
  }

  @Test("the selection follows its items through a batch update and reload clears it")
  func acrossUpdates() {
    passes(
      Self.grid + """
        select item [0, 3]
        insert items [0, 0]
        expect selection[0] == [0, 4]
        delete items [0, 4]
        expect selection.count == 0
        select item [0, 1]
        reload
        expect selection.count == 0
        """)
  }

  @Test("a front layer takes touches unless it says touches off")
  func layers() {
    let script = """
      viewport 320 x 480
      section items 6
      layer back { layout flow { item size 100 x 100 } }
      layer front { layout flow { item size 50 x 50 }; touches off }
      tap (75, 75)
      expect selection[0] == [0, 0]
      """
    passes(script)
  }

  @Test("bad touches are diagnostics")
  func badTouches() {
    #expect(
      errors(Self.grid + "tap header [0]\n").first?.contains("takes a point (x, y) or an item")
        == true)
    #expect(errors(Self.grid + "should select when 3\n").count == 1)
    let offScreen = messages(run(Self.grid + "tap (50, 900)\n").outputs)
    #expect(offScreen.first?.contains("is off screen") == true)
    let lift = messages(run(Self.grid + "lift\n").outputs)
    #expect(lift.first?.contains("without a finger down") == true)
    let hidden = messages(run(Self.grid + "section items 40\ntap item [1, 30]\n").outputs)
    #expect(hidden.first?.contains("is not displayed") == true)
    let twice = messages(run(Self.grid + "press (50, 50)\npress (50, 50)\n").outputs)
    #expect(twice.first?.contains("already down") == true)
  }
}
