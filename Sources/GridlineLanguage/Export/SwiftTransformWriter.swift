import LayoutEngine

/// The script's static `transform` rules as the flow subclass an app writes: every answer
/// is a copy (FLOW-22) restyled by the rules in order — a later rule wins — for the
/// elements that match, its transform replaced (the frame stays, ATTR-2), and alpha, zIndex
/// and `isHidden` set where the rule sets them. The engine's flow additions do the same.
struct SwiftTransformWriter {
  let rules: [AttributeRule]
  /// Whether the decoration writer writes `layoutAttributesForElements(in:)` (restyling).
  let decorated: Bool
  /// The rules that read the element or the bounds, by index (`SwiftLiveRule`).
  var live: [Int: SwiftLiveRule] = [:]
  var vertical = true

  func writeOverrides(_ out: inout SwiftLines) {
    if !decorated {
      out.add("")
      out.block(
        "override func layoutAttributesForElements(in rect: CGRect)\n    -> [UICollectionViewLayoutAttributes]?"
      ) { $0.add("super.layoutAttributesForElements(in: rect)?.map(restyled)") }
    }
    out.add("")
    out.block(
      "override func layoutAttributesForItem(at indexPath: IndexPath)\n    -> UICollectionViewLayoutAttributes?"
    ) { $0.add("super.layoutAttributesForItem(at: indexPath).map(restyled)") }
    out.add("")
    out.block(
      "override func layoutAttributesForSupplementaryView(\n    ofKind elementKind: String, at indexPath: IndexPath\n  ) -> UICollectionViewLayoutAttributes?"
    ) {
      $0.add(
        "super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath).map(restyled)"
      )
    }
    out.add("")
    out.add("/// The script's `transform` rules, in order, on a copy of the flow layout's answer.")
    out.block(
      "private func restyled(_ original: UICollectionViewLayoutAttributes)\n    -> UICollectionViewLayoutAttributes"
    ) { b in
      b.add("var styled = [original.copy() as! UICollectionViewLayoutAttributes]")
      for (i, rule) in rules.enumerated() {
        if let code = live[i] { write(code, rule.selector, &b) } else { write(rule, &b) }
      }
      b.add("return styled[0]")
    }
    if live.values.contains(where: \.followsBounds) { writeFollowing(&out) }
  }

  /// A live rule: computed for the element as it is (earlier rules applied) and the bounds
  /// now; without a collection view it changes nothing, as in the engine.
  private func write(
    _ code: SwiftLiveRule, _ selector: AttributeRule.Selector, _ out: inout SwiftLines
  ) {
    let condition = Self.condition(selector)
    let head =
      code.readsView
      ? "if let collectionView" + (condition.isEmpty ? "" : ", " + condition)
      : (condition.isEmpty ? "do" : "if " + condition)
    out.block(head) { b in
      if code.statements.contains(where: { $0.contains("bounds") }) {
        b.add("let bounds = collectionView.bounds")
      }
      for line in code.statements { b.add(line) }
    }
  }

  /// Transforms that read the bounds change at every scroll: every bounds change asks for
  /// the elements again, with the flow's frames kept (both flags false, LAY-11) unless the
  /// extent across the scroll axis changes (FLOW-24).
  private func writeFollowing(_ out: inout SwiftLines) {
    let extent = vertical ? "width" : "height"
    out.add("")
    out.add("/// The transforms read the bounds: every scroll restyles the elements on screen.")
    out.block("override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool") {
      $0.add("true")
    }
    out.add("")
    out.add("/// A scroll keeps the flow's frames; only the restyling is asked for again.")
    out.block(
      "override func invalidationContext(forBoundsChange newBounds: CGRect)\n    -> UICollectionViewLayoutInvalidationContext"
    ) { b in
      b.block(
        "guard let collectionView, newBounds.\(extent) == collectionView.bounds.\(extent) else"
      ) {
        $0.add("return super.invalidationContext(forBoundsChange: newBounds)")
      }
      b.add("let context = UICollectionViewFlowLayoutInvalidationContext()")
      b.add("context.invalidateFlowLayoutAttributes = false")
      b.add("context.invalidateFlowLayoutDelegateMetrics = false")
      b.add("return context")
    }
  }

  private func write(_ rule: AttributeRule, _ out: inout SwiftLines) {
    let values = rule.values
    var sets: [String] = []
    if let t = values.transform3D { sets += Self.literal(t, "styled[0].transform3D = ") }
    if let alpha = values.alpha { sets.append("styled[0].alpha = \(SwiftLiteral.number(alpha))") }
    if let z = values.zIndex { sets.append("styled[0].zIndex = \(z)") }
    if let hidden = values.isHidden { sets.append("styled[0].isHidden = \(hidden)") }
    guard !sets.isEmpty else { return }
    let condition = Self.condition(rule.selector)
    if condition.isEmpty {
      for line in sets { out.add(line) }
    } else {
      out.block("if \(condition)") { b in for line in sets { b.add(line) } }
    }
  }

  /// The selector as a test of `original`; empty for every element.
  static func condition(_ selector: AttributeRule.Selector) -> String {
    let cell = "original.representedElementCategory == .cell"
    let section = { (s: Int) in "original.indexPath.section == \(s)" }
    let kind = { (category: String, kind: String, s: Int?) in
      [
        "original.representedElementCategory == .\(category)",
        "original.representedElementKind == \(SwiftLiteral.string(kind))",
      ]
        + (s.map { [section($0)] } ?? [])
    }
    let parts: [String] =
      switch selector {
      case .everything, .touchState: []
      case .allItems: [cell]
      case .items(let s, let items):
        [cell, section(s)]
          + (items.map {
            ["(\($0.lowerBound)...\($0.upperBound)).contains(original.indexPath.item)"]
          }
            ?? [])
      case .item(let p):
        [cell, "original.indexPath == IndexPath(item: \(p.item), section: \(p.section))"]
      case .supplementary(let k, let s): kind("supplementaryView", k, s)
      case .decoration(let k, let s): kind("decorationView", k, s)
      }
    return parts.joined(separator: " && ")
  }

  /// `CATransform3D(…)` after `prefix`, one row of the matrix a line.
  static func literal(_ t: Transform3D, _ prefix: String) -> [String] {
    let n = SwiftLiteral.number
    let rows = [
      (t.m11, t.m12, t.m13, t.m14), (t.m21, t.m22, t.m23, t.m24), (t.m31, t.m32, t.m33, t.m34),
      (t.m41, t.m42, t.m43, t.m44),
    ]
    let fields = rows.enumerated().map { r, row in
      [row.0, row.1, row.2, row.3].enumerated().map { c, v in "m\(r + 1)\(c + 1): \(n(v))" }
        .joined(separator: ", ")
    }
    return [prefix + "CATransform3D("]
      + fields.enumerated().map { i, f in
        "  " + f + (i == fields.count - 1 ? ")" : ",")
      }
  }
}
