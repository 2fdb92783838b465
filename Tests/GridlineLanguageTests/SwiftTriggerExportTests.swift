import GridlineLanguage
import Testing

/// `gl export swift` of a flow layout's invalidation triggers, flag handlers and transforms
/// that read the element or the bounds: the text of the subclass's overrides.
/// (`.ci/check-exports` runs .ci/export-cases/flow-triggers.gl and compares what each scroll
/// recomputes, and carousel.gl and cover-flow.gl at four offsets.)
@Suite("Export: a flow layout's triggers, flag handlers and transforms that read the bounds")
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

  @Test("a transform that reads the element and the bounds is computed in restyled(_:)")
  func liveTransforms() throws {
    let source = try export(
      """
      layout flow {
        scroll horizontal
        item size 200 x 200
      }
      section items 9
      let turn = 40
      transform items {
        perspective 500
        rotate y -turn * clamp((center.x - bounds.midX) / bounds.width, -1, 1)
        alpha 1 - 0.5 * min(1, abs(center.x - bounds.midX) / bounds.width)
        z round(100 - abs(center.x - bounds.midX))
      }

      """)
    #expect(source.contains("  let turn: CGFloat = 40  // feed.gl:6\n"))
    #expect(
      source.contains("if let collectionView, original.representedElementCategory == .cell {"))
    #expect(source.contains("let bounds = collectionView.bounds"))
    #expect(source.contains("var transform = CATransform3DIdentity"))
    #expect(
      source.contains("transform = CATransform3DConcat(transform, perspective(distance: 500))"))
    #expect(
      source.contains(
        "CATransform3DMakeRotation(-turn * min(max((styled[0].center.x - bounds.midX) / "
          + "bounds.size.width, -1), 1) * .pi / 180, 0, 1, 0))"))
    #expect(source.contains("styled[0].transform3D = transform"))
    #expect(
      source.contains(
        "styled[0].alpha = 1 - 0.5 * min(1, abs(styled[0].center.x - bounds.midX) / bounds.size.width)"
      ))
    #expect(
      source.contains(
        "styled[0].zIndex = Int((100 - abs(styled[0].center.x - bounds.midX)).rounded())"))
    // Every scroll restyles; the flow's frames stay unless the height changes.
    #expect(source.contains("forBoundsChange newBounds: CGRect) -> Bool {\n    true\n  }"))
    #expect(
      source.contains(
        "guard let collectionView, newBounds.height == collectionView.bounds.height else {"))
    #expect(source.contains("context.invalidateFlowLayoutAttributes = false"))
    #expect(source.contains("private func perspective(distance: CGFloat) -> CATransform3D {"))
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
