import GridlineLanguage
import LayoutEngine
import Testing

/// Adaptive compositional sections: entries that read `environment`, the container the
/// section provider is given, are built again at every layout pass.
@Suite("Compositional: adaptive sections (environment)")
struct CompositionalAdaptiveTests {
  static let layout = """
    layout compositional {
      section 0 {
        group horizontal width 1 fraction height 44 count (environment.width > 800 ? 2 : 1) {
          item width 1 fraction height 1 fraction
        }
        insets 20
      }
      section {
        group horizontal width 1 fraction height 0.2 fraction of width count (environment.width > 800 ? 10 : 5) {
          item width 1 fraction height 1 fraction { insets 2 }
        }
        insets environment.width / 100
      }
    }
    sections 3 items 12
    """

  @Test("a width change rebuilds them: the frames equal a layout made at that width")
  func incrementalEqualsScratch() throws {
    let resized = lastShown(
      "viewport 390 x 844\n\(Self.layout)\nshow all\nresize 1024 x 768\nshow all\n")
    let scratch = lastShown("viewport 1024 x 768\n\(Self.layout)\nshow all\n")
    #expect(!scratch.isEmpty)
    #expect(resized.map(\.frame) == scratch.map(\.frame))
    #expect(resized.map(\.indexPath) == scratch.map(\.indexPath))
    // And it did adapt: two columns in the list at 1024, one at 390.
    let narrow = lastShown("viewport 390 x 844\n\(Self.layout)\nshow all\n")
    let first = { (all: [LayoutAttributes]) in
      all.first { $0.indexPath == IndexPath(item: 1, section: 0) }?.frame
    }
    #expect(first(narrow) == Rect(x: 20, y: 64, width: 350, height: 44))
    #expect(first(scratch) == Rect(x: 20 + 492, y: 20, width: 492, height: 44))
  }

  @Test("environment is the container: the bounds less the insets its reference names")
  func container() {
    passes(
      """
      viewport 390 x 844
      safe area (top: 0, left: 30, bottom: 0, right: 30)
      layout compositional {
        section {
          group horizontal width environment.width height environment.height / 10 {
            item width 1 fraction height 1 fraction
          }
        }
      }
      section items 1
      expect item [0, 0].frame == rect(30, 0, 390 - 60, 84.4)
      """)
    // insets reference none: the whole width.
    passes(
      """
      viewport 390 x 844
      safe area (top: 0, left: 30, bottom: 0, right: 30)
      layout compositional {
        insets reference none
        section {
          group horizontal width environment.width height 10 { item width 1 fraction height 1 fraction }
        }
      }
      section items 1
      expect item [0, 0].frame.width == 390
      """)
  }

  @Test("environment is read in a section's entries only, as a size")
  func checked() {
    let outside = errors(
      """
      layout compositional {
        boundary "top" width environment.width height 10 at top
        section { group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction } }
      }
      print environment
      """)
    #expect(outside.count == 2)
    #expect(outside.allSatisfy { $0.contains("'environment' is the container a section provider") })
    let member = errors(
      """
      layout compositional {
        section { group horizontal width environment.widht height 44 { item width 1 fraction height 1 fraction } }
      }
      """)
    #expect(member == ["a size has no member 'widht'"])
  }
}
