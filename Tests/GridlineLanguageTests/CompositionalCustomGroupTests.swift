import GridlineLanguage
import LayoutEngine
import Testing

/// `group custom SIZE { … }`: `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)`,
/// whose item provider is layout code (COMP-7). Expected frames are worked from the rule:
/// the provider's frames are relative to the group's origin, its environment's container
/// is the group, and the section's items take the frames in order.
@Suite("Compositional: custom groups (item provider)")
struct CompositionalCustomGroupTests {
  @Test("COMP-7: frames relative to the group, taken in order; every group is stamped alike")
  func framesInOrder() {
    passes(
      """
      viewport 400 x 800
      layout compositional {
        section {
          group custom width 1 fraction height 100 {
            place item at rect(300, 0, 100, 50)
            place item at rect(0, 0, 300, 100) { z 3 }
          }
          group spacing 10
          insets (top: 5, left: 0, bottom: 0, right: 0)
        }
      }
      section items 5
      # Item 0 takes the first frame the code placed, item 1 the second.
      expect item [0, 0].frame == rect(300, 5, 100, 50)
      expect item [0, 1].frame == rect(0, 5, 300, 100)
      expect item [0, 1].zIndex == 3
      expect item [0, 0].zIndex == 0
      # Group 1 starts a group and its spacing lower, with the same frames (COMP-15b).
      expect item [0, 2].frame == rect(300, 5 + 110, 100, 50)
      expect item [0, 3].frame == rect(0, 5 + 110, 300, 100)
      # The partial last group keeps the stamp: item 4 is a first frame.
      expect item [0, 4].frame == rect(300, 5 + 220, 100, 50)
      expect content.height == 5 + 3 * 100 + 2 * 10
      """)
  }

  @Test("COMP-7: the provider's environment is the group: its size less the group's insets")
  func environmentIsTheGroup() {
    passes(
      """
      viewport 400 x 800
      layout compositional {
        section {
          group custom width 0.5 fraction height 120 {
            insets (top: 10, left: 20, bottom: 10, right: 20)
            place item at rect(0, 0, environment.width, environment.height)
          }
          insets 10
        }
      }
      section items 2
      # The section leaves 380; the group is half of it, 190 x 120; less its insets, 150 x 100.
      expect item [0, 0].frame == rect(10, 10, 150, 100)
      """)
  }

  @Test("COMP-7: nested in a horizontal group, its frames are offset by where it stands")
  func nested() {
    passes(
      """
      viewport 400 x 800
      layout compositional {
        section {
          group horizontal width 1 fraction height 100 {
            item width 0.25 fraction height 1 fraction
            group custom width 0.75 fraction height 1 fraction {
              for k in 0..<3 { place item at rect(k * environment.width / 3, 0, 50, 50) }
            }
          }
        }
      }
      section items 8
      expect item [0, 0].frame == rect(0, 0, 100, 100)
      # The custom group starts at x 100 and is 300 wide: its frames are 100 apart.
      expect item [0, 1].frame == rect(100, 0, 50, 50)
      expect item [0, 3].frame == rect(300, 0, 50, 50)
      expect item [0, 4].frame == rect(0, 100, 100, 100)
      """)
  }

  @Test("a provider that places nothing holds no items: the section ends, nothing loops")
  func placesNothing() {
    let shown = lastShown(
      """
      viewport 400 x 800
      layout compositional {
        section { group custom width 1 fraction height 100 { let unused = 1 } }
      }
      section items 3
      show all
      """)
    #expect(shown.isEmpty)
  }

  @Test("a width change runs the provider again: the frames equal a layout made at that width")
  func incrementalEqualsScratch() {
    let layout = """
      layout compositional {
        section {
          group custom width 1 fraction height 0.25 fraction of width {
            let n = environment.width > 500 ? 4 : 2
            for k in 0..<n {
              place item at rect(k * environment.width / n, 0, environment.width / n - 2, 40)
            }
          }
        }
      }
      section items 9
      show all
      """
    let resized = lastShown("viewport 390 x 844\n\(layout)\nresize 800 x 600\nshow all\n")
    let scratch = lastShown("viewport 800 x 600\n\(layout)\n")
    #expect(scratch.count == 9)
    #expect(resized.map(\.frame) == scratch.map(\.frame))
    #expect(resized.map(\.indexPath) == scratch.map(\.indexPath))
    #expect(scratch[3].frame == Rect(x: 600, y: 0, width: 198, height: 40))
  }

  @Test("the checker: where the code's words belong, and what a provider cannot read")
  func checked() {
    let found = errors(
      """
      layout compositional {
        section {
          group custom width 1 fraction height 200 {
            item width 1 fraction height 1 fraction
            place item [0, 1] at rect(0, 0, 10, 10)
            content size = 10 x 10
            place item at rect(0, 0, bounds.width, 10) { alpha 0.5 }
            place item at rect(0, 0, -5, 10)
          }
        }
      }
      sections 1 items 7
      place item at rect(0, 0, 1, 1)
      """)
    #expect(
      found == [
        "'item' belongs in a group, not in a custom group",
        "a custom group places its items in order, with no index path: 'place item at rect(…)' gives the section's next item that frame (COMP-7)",
        "'content size' does not belong in a custom group's code: it places the group's items with 'place item at RECT' and reads 'environment', the group's size",
        "'bounds' is not available inside a custom group",
        "a custom item is a frame and a zIndex (NSCollectionLayoutGroupCustomItem(frame:zIndex:)); 'alpha' is a transform's, not a custom item's",
        "a placed frame's size cannot be negative: (0, 0, -5, 10)",
        "'place item at RECT' with no index path is a custom group's (group custom … { place item at rect(…) }); prepare names the element: place item [0, i] at …",
      ])
  }

  @Test("a provider that fails at run time fails its step, with the place; the group is empty")
  func runtimeFailures() {
    var limits = Limits()
    limits.steps = 10_000
    limits.itemsPerGroup = 50
    let cases: [(String, String)] = [
      ("while true { v = v + 1 }", "ran past the step limit"),
      ("for k in 0..<60 { place item at rect(0, 0, 1, 1) }", "places more than 50 items"),
      ("place item at rect(0, 0, 1 / v, 1)", "not a finite number"),
      ("place item at rect(0, 0, v - 5, 1)", "cannot be negative"),
    ]
    for (code, said) in cases {
      let (outputs, summary) = run(
        """
        viewport 400 x 800
        layout compositional {
          section { group custom width 1 fraction height 100 { var v = 0; \(code) } }
        }
        section items 3
        show visible
        """, limits: limits)
      #expect(summary.failed, "\(code)")
      let said = messages(outputs).filter { $0.contains(said) }
      #expect(
        said.count == 1 && said[0].hasPrefix("the custom group's item provider: "),
        "\(code): \(messages(outputs))")
    }
  }
}
