import LayoutEngine

/// `why` for a custom layout's element (its code's `place`, `CustomPlacementRecord`), and
/// the step every layout's explanation ends with when the script's `transform` rules
/// restyled the element's answer.
extension Interpreter {
  /// nil when the layout holds no such element.
  func explainCustom(
    _ layout: ScriptCustomLayout, _ key: ElementKey, _ element: String, line: Int,
    in cv: CollectionView
  ) -> WhyOutput? {
    guard let cached = layout.layoutAttributes(for: key),
      let record = layout.placementRecord(of: key)
    else { return nil }
    let why = WhyCustom(
      layoutName: layout.name, element: element, record: record, cached: cached.frame,
      file: file)
    return WhyOutput(
      line: line, element: element, frame: cached.frame,
      steps: why.steps + restyled(key, in: cv))
  }

  /// The rules of the element's layer that restyle the layout's answer for it — on a copy,
  /// in order, a later value winning (FLOW-22); a transform replaces the element's and the
  /// frame stays (ATTR-2, ATTR-3) — and what the answer holds after them. None when no rule
  /// matches.
  func restyled(_ key: ElementKey, in cv: CollectionView) -> [WhyStep] {
    let layout = cv.collectionViewLayout
    guard let state = layers.layers.first(where: { $0.layout === layout }),
      let answer = layout.layoutAttributes(for: key)
    else { return [] }
    let rules = state.rules.filter { $0.moment == .always && $0.selector.matches(answer, in: cv) }
    guard !rules.isEmpty else { return [] }
    let quoted = rules.map { rule -> String in
      let (source, local) = file.origin(of: rule.declared)
      var code = String(source.lineText(source.line(of: local.start)).drop { $0 == " " })
      if code.count > 80 { code = String(code.prefix(79)) + "…" }
      let line = "line \(source.line(of: local.start))"
      return "\(source.name == file.name ? line : "\(line) of \(source.name)"), `\(code)`"
    }
    var text = "The layout then restyles a copy of its answer by the script's rule"
    text += rules.count == 1 ? " at " : "s, in order (a later value wins), at "
    text += quoted.joined(separator: "; ") + ". It answers " + Self.styled(answer)
    text += "; the frame stays as placed."
    return [WhyStep(rule: "ATTR-3, ATTR-2, FLOW-22", text: text)]
  }

  /// `alpha 0.5, z 3, rotated 45°, scaled 0.8 × 0.8`: what an answer holds beyond its frame.
  private static func styled(_ a: LayoutAttributes) -> String {
    let n = { (v: Double) in formatNumber(v, .decimals(3)) }
    var parts = ["alpha \(n(a.alpha))", "z \(a.zIndex)"]
    if a.isHidden { parts.append("hidden") }
    let t = a.transform3D
    if t.isIdentity {
      parts.append("no transform")
    } else if t.isAffine {
      if case .number(let degrees)? = Evaluator.member(of: t, "rotation"), degrees != 0 {
        parts.append("rotated \(n(degrees))°")
      }
      if case .size(let s)? = Evaluator.member(of: t, "scale"), s != Size(width: 1, height: 1) {
        parts.append("scaled \(n(s.width)) × \(n(s.height))")
      }
      if case .point(let p)? = Evaluator.member(of: t, "translation"), p != .zero {
        parts.append("moved by (\(n(p.x)), \(n(p.y)))")
      }
    } else {
      parts.append("a 3D transform")
    }
    return parts.joined(separator: ", ")
  }
}
