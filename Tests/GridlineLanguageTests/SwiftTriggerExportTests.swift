import GridlineLanguage
import Testing

/// `gl export swift` of a flow layout's invalidation triggers and flag handlers: the text
/// of the subclass's overrides. (`.ci/check-exports` runs .ci/export-cases/flow-triggers.gl
/// and compares what each scroll recomputes.)
@Suite("Export: a flow layout's triggers and flag handlers")
struct SwiftTriggerExportTests {
  func export(_ text: String) throws(ExportProblem) -> String {
    let file = SourceFile(name: "feed.gl", text: text)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty)
    return try SwiftExport.swift(program, file: file, version: "test").source
  }

  @Test("a trigger's condition answers shouldInvalidateLayout; its actions fill the context")
  func triggers() throws {
    let source = try export(
      """
      layout flow { item size 375 x 100 }
      section items 20
      let limit = 500
      invalidate on bounds change when new.maxY > limit {
        items [0, 17]
        headers [0]
      }
      invalidate on size change { everything }

      """)
    #expect(source.contains("  let limit: CGFloat = 500  // feed.gl:3\n"))
    #expect(source.contains("newBounds.maxY.isGreater(than: limit),  // feed.gl:4"))
    #expect(source.contains("oldBounds.size != newBounds.size,  // feed.gl:8"))
    #expect(
      source.contains(
        "super.shouldInvalidateLayout(forBoundsChange: newBounds) || firedTriggers(newBounds).contains(true)"
      ))
    #expect(source.contains("let context = UICollectionViewFlowLayoutInvalidationContext()"))
    #expect(
      source.contains("let everything = newBounds.width != collectionView.bounds.width || fired[1]")
    )
    #expect(source.contains("if fired[0] {  // feed.gl:4"))
    #expect(source.contains("context.invalidateItems(at: [IndexPath(item: 17, section: 0)])"))
    #expect(
      source.contains(
        "context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, "
          + "at: [IndexPath(item: 0, section: 0)])"))
    // No flag: no context class and no invalidateLayout(with:).
    #expect(!source.contains("TriggerContext"))
    #expect(!source.contains("override func invalidateLayout(with"))
  }

  @Test("a flag is a field of the layout's own context class; its handler names decorations")
  func flags() throws {
    let source = try export(
      """
      layout flow { item size 375 x 100 }
      section items 20
      decoration "Band" for each section {
        frame = section.items
      }
      invalidate on bounds change when new.maxY > content.height / 2 {
        flag band
      }
      on invalidate when flag band {
        recompute decoration "Band"
      }

      """)
    #expect(
      source.contains(
        "final class TriggerContext: UICollectionViewFlowLayoutInvalidationContext {\n    var band = false"
      ))
    #expect(source.contains("newBounds.maxY.isGreater(than: collectionViewContentSize.height / 2)"))
    #expect(source.contains("let context = TriggerContext()"))
    #expect(source.contains("context.band = true"))
    #expect(source.contains("if let context = context as? TriggerContext {"))
    #expect(source.contains("if context.band {  // feed.gl:9"))
    #expect(source.contains("at: decorations.filter { $0.representedElementKind == \"Band\" }"))
  }

  @Test("triggers with the sticky-header recipe, which answers every bounds change, are refused")
  func recipe() {
    #expect(throws: ExportProblem.self) {
      try export(
        """
        layout flow { header size 0 x 44 }
        section items 3
        sticky headers
        invalidate on size change

        """)
    }
  }
}
