import LayoutEngine

/// The sticky-header recipe as the subclass an app writes: `shouldInvalidateLayout` says
/// yes to every scroll, and `layoutAttributesForElements(in:)` adds the headers of sections
/// on screen whose header scrolled away, then moves each header to
/// `min(max(offset, firstItem.minY − h), lastItem.maxY − h)` — the engine's
/// `StickyHeadersFlowLayout`, line for line, written on copies of the flow's attributes
/// (FLOW-22). Index-based writes keep the code right for UIKit's class and the engine's
/// value type alike.
struct SwiftStickyWriter {
  let model: ExportModel
  let zIndex: Int

  /// The axis the recipe moves headers along: (coordinate, min edge, max edge, length).
  private var axis: (String, String, String, String) {
    model.layout.scrollDirection == .vertical
      ? ("y", "minY", "maxY", "height") : ("x", "minX", "maxX", "width")
  }

  /// The stored zIndex, before `init()`.
  func writeProperties(_ out: inout SwiftLines) {
    out.add("/// The zIndex of the headers the recipe moves: above the items.")
    out.add("let stickyZIndex = \(zIndex)", model.stickyLine.map { model.place($0) })
    out.add("")
  }

  /// The two overrides, after the initialisers.
  func writeOverrides(_ out: inout SwiftLines) {
    let header = "UICollectionView.elementKindSectionHeader"
    let (c, minEdge, maxEdge, length) = axis
    out.add("")
    out.add("/// Every scroll moves the headers, so every bounds change recomputes the layout.")
    out.block("override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool") {
      $0.add("true")
    }
    out.add("")
    out.block(
      "override func layoutAttributesForElements(in rect: CGRect)\n    -> [UICollectionViewLayoutAttributes]?"
    ) { b in
      b.block(
        "guard let elements = super.layoutAttributesForElements(in: rect),\n      let collectionView\n    else"
      ) { $0.add("return nil") }
      b.add("// Copies: the flow layout's cached attributes must not change.")
      b.add("var answer = elements.map { $0.copy() as! UICollectionViewLayoutAttributes }")
      b.add("// Sections with items on screen whose header is not: their headers are added.")
      b.add("var missing = Set<Int>()")
      b.block("for attributes in answer where attributes.representedElementCategory == .cell") {
        $0.add("missing.insert(attributes.indexPath.section)")
      }
      b.block("for attributes in answer where attributes.representedElementKind == \(header)") {
        $0.add("missing.remove(attributes.indexPath.section)")
      }
      b.block("for section in missing.sorted()") { f in
        f.block(
          "if let added = layoutAttributesForSupplementaryView(\n        ofKind: \(header), at: IndexPath(item: 0, section: section))"
        ) { $0.add("answer.append(added.copy() as! UICollectionViewLayoutAttributes)") }
      }
      b.add("let offset = collectionView.contentOffset.\(c)")
      b.block(
        "for index in answer.indices where answer[index].representedElementKind == \(header)"
      ) { f in
        f.add("let section = answer[index].indexPath.section")
        f.add("let count = collectionView.numberOfItems(inSection: section)")
        f.block(
          "guard count > 0,\n        let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),\n        let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))\n      else"
        ) { $0.add("continue") }
        f.add("let size = answer[index].frame.\(length)")
        f.add(
          "answer[index].frame.origin.\(c) = min(max(offset, first.frame.\(minEdge) - size), last.frame.\(maxEdge) - size)"
        )
        f.add("answer[index].zIndex = stickyZIndex")
      }
      b.add("return answer")
    }
  }
}
