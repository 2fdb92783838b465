import GridlineLanguage
import LayoutEngine
import Testing

/// `layer NAME { owns sections … }` and a layer's own `content inset`: per-layer data in
/// one data source, index paths that agree across the layers, updates routed per layer.
@Suite("Language: layers that own sections")
struct LayerOwnershipTests {
  static let layers = """
    viewport 320 x 480
    layer back { layout flow { item size 100 x 100 } }
    layer front { layout flow { item size 50 x 50 }; owns sections 1...1; touches off }
    sections 2 items 3

    """

  /// Each layer's answer to `numberOfItemsInSection` in the traced steps, as
  /// `layer: section → count`.
  static func counts(_ script: String) -> [String] {
    let (outputs, summary) = run(script)
    #expect(!summary.failed, "\(messages(outputs))")
    var layer = ""
    var found: [String] = []
    for case .trace(_, _, let entries) in outputs {
      for entry in entries {
        if case .layer(let name) = entry { layer = name }
        if case .event(.numberOfItems(let section, let count)) = entry {
          found.append("\(layer): \(section) → \(count)")
        }
      }
    }
    return found
  }

  @Test("the owner has the section's items; the other layers report 0 and keep the section")
  func counts() {
    #expect(
      Self.counts(Self.layers + "trace on\nshow visible\n") == [
        "back: 0 → 3", "back: 1 → 0", "front: 0 → 3", "front: 1 → 3",
      ])
    passes(
      Self.layers + """
        expect items(in: 1) == 3
        expect item [1, 2].frame.width == 50
        expect item [0, 2].frame.width == 50
        """)
  }

  @Test("updates go where the items are: an owned section's to its owner alone")
  func updates() {
    passes(
      Self.layers + """
        insert items [1, 0]
        expect items(in: 1) == 4
        delete items [1, 3], [0, 0]
        expect items(in: 0) == 2 and items(in: 1) == 3
        move item [0, 0] to [1, 0]
        expect items(in: 0) == 1 and items(in: 1) == 4
        move item [1, 0] to [0, 1]
        expect items(in: 0) == 2 and items(in: 1) == 3
        """)
  }

  @Test("ownership follows its section through moves and ends with its deletion")
  func sectionUpdates() {
    // The views go live first, so that the traced step holds the batch alone.
    let moved = Self.counts(Self.layers + "show visible\ntrace on\nmove section 1 to 0\n")
    #expect(moved == ["back: 0 → 0", "back: 1 → 3", "front: 0 → 3", "front: 1 → 3"])
    let inserted = Self.counts(
      Self.layers + "delete sections 1\ntrace on\ninsert sections 1 items 2\n")
    #expect(inserted == ["back: 0 → 3", "back: 1 → 2", "front: 0 → 3", "front: 1 → 2"])
  }

  @Test("an item the views do not show is asked of the layer that owns its section")
  func lookup() {
    passes(
      """
      viewport 320 x 480
      layer back { layout flow { item size 100 x 100 } }
      layer front { layout flow { item size 50 x 50 }; owns sections 1...1 }
      sections 2 items 60
      expect item [1, 59].frame.width == 50
      """)
  }

  @Test("a layer's own content inset; the scene's goes to the layers without one")
  func insets() {
    passes(
      """
      viewport 320 x 480
      content inset 5
      layer back { layout flow { item size 100 x 100 } }
      layer front { layout flow { item size 50 x 50 }; content inset (top: 20) }
      section items 3
      expect adjustedInset.top == 20
      expect inset.top == 5
      content inset 8
      expect adjustedInset.top == 20
      """)
  }

  @Test("owning outside a layer, twice, or sections that do not exist: diagnostics")
  func badOwnership() {
    #expect(errors("owns sections 0\n").first?.contains("inside 'layer NAME") == true)
    #expect(errors("layer a { owns sections (0, 1) }\n").count == 1)
    let (checked, twice) = LimitTests.checkAndRun(
      "layer a { owns sections 0...1 }\nlayer b { owns sections 1 }\nsection items 2\n", Limits())
    #expect(twice.first?.contains("already belongs to layer 'a'") == true)
    #expect(checked.map(\.message) == twice)
    // A layer's second claim replaces its first; a claim only the run knows is not checked.
    #expect(
      errors(
        "layer a { owns sections 0 }\nlayer a { owns sections 1 }\nlayer b { owns sections 0 }"
      )
      .isEmpty)
    #expect(errors("layer a { owns sections sections - 1 }\nlayer b { owns sections 0 }").isEmpty)
    let missing = messages(
      run(Self.layers + "layer front { owns sections 4 }\nshow visible\n").outputs)
    #expect(missing.first?.contains("owns section 4, but the data source has 2 sections") == true)
    let late = messages(
      run(Self.layers + "show visible\nsections 1 items 1\nshow visible\n").outputs)
    #expect(late.isEmpty)  // `sections` adds: there are 3 now
    let (refused, empty) = LimitTests.checkAndRun(
      Self.layers.replacing("1...1", with: "1...0") + "show visible\n", Limits())
    #expect(empty.first?.contains("empty range") == true)
    #expect(refused.map(\.message) == empty)
  }
}
