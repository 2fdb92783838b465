import GridlineLanguage
import LayoutEngine
import Testing

/// `register cell`, `cells … for items`, `reuse.pool(…)` (DISP-3).
@Suite("Language: reuse identifiers and pools")
struct ReuseLanguageTests {
  /// Every dequeue of the run's traces: (item, identifier, reused).
  func dequeues(_ outputs: [Output]) -> [(item: Int, identifier: String, reused: Bool)] {
    outputs.flatMap { output -> [(Int, String, Bool)] in
      guard case .trace(_, _, let entries) = output else { return [] }
      return entries.compactMap { entry in
        guard case .event(.dequeue(let key, let identifier, _, let reused)) = entry else {
          return nil
        }
        return (key.indexPath.item, identifier, reused)
      }
    }
  }

  @Test("DISP-3: cells name their identifier; each identifier reuses from its own pool")
  func identifiersAndPools() {
    let (outputs, summary) = run(
      """
      viewport 375 x 600
      layout flow { item size 375 x 100; line spacing 0 }
      section items 100
      register cell "Photo"
      register cell "Video"
      cells "Photo" for items 0...99
      cells "Video" for items 10...19
      trace on
      scroll to y 0
      expect reuse.pool("Photo") == 0
      scroll by y 3000 over 30 frames
      expect trace.count("prepareForReuse()") > 0
      expect trace.count("collectionView(_:cellForItemAt:)") == 30
      expect reuse.pool("Photo") >= 1 and reuse.pool("Cell") == 0
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let made = dequeues(outputs)
    #expect(made.count == 37)
    for d in made {
      #expect(d.identifier == ((10...19).contains(d.item) ? "Video" : "Photo"), "item \(d.item)")
    }
    #expect(made.contains { $0.reused })
  }

  @Test("DISP-3: an identifier nobody registered stops the script with UIKit's exception")
  func unregistered() {
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 100 }
      section items 10
      cells "Photo" for items 0...3
      show visible
      """)
    #expect(summary.failed)
    #expect(
      messages(outputs) == [
        "NSInternalInconsistencyException: could not dequeue a view of kind: "
          + "UICollectionElementKindCell with identifier Photo - must register a nib or a class "
          + "for the identifier or connect a prototype cell in a storyboard"
      ])
  }

  @Test("DISP-5: prefetching is on by default; `prefetching off` turns it off")
  func prefetching() {
    passes(
      """
      viewport 375 x 600
      layout flow { item size 375 x 100; line spacing 0 }
      section items 100
      scroll by y 100
      expect trace.count("collectionView(_:prefetchItemsAt:)") == 1
      scroll by y -50
      expect trace.count("collectionView(_:cancelPrefetchingForItemsAt:)") == 1
      prefetching off
      scroll by y 2000 over 20 frames
      expect trace.count("collectionView(_:prefetchItemsAt:)") == 0
      prefetching on
      scroll by y 100
      expect trace.count("collectionView(_:prefetchItemsAt:)") == 1
      """)
    let parsed = Parser.parse(SourceFile(name: "t.gl", text: "prefetching maybe"))
    #expect(parsed.diagnostics.count == 1)
  }

  @Test("the checker: a non-empty string, items of an existing section, reuse.pool's argument")
  func checks() {
    #expect(
      errors("register cell \"\"") == [
        "a reuse identifier cannot be empty (register cell \"Photo\")"
      ])
    #expect(errors("register cell 3") == ["a reuse identifier expects a string, not a number"])
    #expect(
      errors("section items 10\ncells \"Photo\" for items 5...12") == [
        "item 5...12 is outside the section, which has 10 items"
      ])
    #expect(
      errors("section items 10\ncells \"Photo\" for items 0 in section 1") == [
        "there is no section 1: the script declares 1 section"
      ])
    #expect(
      errors("print reuse.pool(3)") == [
        "reuse.pool takes a cell reuse identifier as a string, not a number"
      ])
    #expect(
      errors("print reuse.pool()") == ["reuse.pool takes one string, a cell reuse identifier"])
    #expect(errors("print reuse.count(\"Cell\")") == ["unknown method 'count'"])
  }
}
