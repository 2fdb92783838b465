import GridlineLanguage
import LayoutEngine
import Testing

/// `on invalidate when flag NAME { recompute decoration "K" }` (LAY-10, LAY-11): the layout
/// names each decoration of the kind in the context at its own index path, and the
/// collection view asks for it there (issue 32, item 5; seed 001's `IndexPath(item: 1,
/// section: 0)`).
@Suite("Flag handlers: recompute a decoration at its own index path")
struct FlagHandlerTests {
  @Test("a decoration at [0, 1] is invalidated and asked for at [0, 1], and found")
  func ownIndexPath() {
    let (outputs, summary) = run(
      """
      viewport 200 x 200
      layout flow { item size 200 x 50; line spacing 0 }
      section items 20
      decoration "Footer" at [0, 1] { frame = rect(0, section.items.maxY - 10, 200, 10) }
      invalidate on bounds change when new.y > 100 {
        flag footer
      }
      on invalidate when flag footer {
        recompute decoration "Footer"
      }
      trace on
      scroll to y 150
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    let events = outputs.flatMap { output -> [LayoutEvent] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap { if case .event(let e) = $0 { e } else { nil } }
    }
    let asked = events.compactMap { event -> (IndexPath, Rect?)? in
      if case .layoutAttributesForDecorationView("Footer", let path, let frame) = event {
        return (path, frame)
      }
      return nil
    }
    #expect(!asked.isEmpty)
    #expect(asked.allSatisfy { $0.0 == IndexPath(item: 1, section: 0) })
    #expect(asked.last?.1 == Rect(x: 0, y: 990, width: 200, height: 10))
  }
}
