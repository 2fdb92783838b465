import LayoutEngine

/// `why` for a custom layout's element (its code's `place`, `CustomPlacementRecord`), and
/// the step every layout's explanation ends with when the script's `transform` rules
/// restyled the element's answer.
extension Interpreter {
  /// nil when the layout holds no such element. A limit or Ctrl-C that stops the code's
  /// run again stops `why`: it is the run's, not the layout's.
  func explainCustom(
    _ layout: ScriptCustomLayout, _ key: ElementKey, _ element: String, line: Int,
    in cv: CollectionView
  ) throws(Diagnostic) -> WhyOutput? {
    guard let cached = layout.layoutAttributes(for: key),
      let record = try layout.placementRecord(of: key)
    else { return nil }
    let why = WhyCustom(
      layoutName: layout.name, element: element, record: record, cached: cached.frame,
      quote: { self.quoted($0) }, locate: { self.location($0) })
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
    let rulesQuoted = rules.map { self.quoted($0.declared, limit: 80) }
    var text = "The layout then restyles a copy of its answer by the script's rule"
    text += rules.count == 1 ? " at " : "s, in order (a later value wins), at "
    text += rulesQuoted.joined(separator: "; ") + ". It answers " + Self.styled(answer)
    text += "; the frame stays as placed."
    return [WhyStep(rule: "ATTR-3, ATTR-2, FLOW-22", text: text)]
  }

  /// `line 14`, or `line 3 of common.gl` in a used file: as the run numbers lines (in a
  /// REPL, a loaded file's lines by their own numbers).
  func location(_ range: SourceRange) -> String {
    let line = "line \(runner.line(of: range))"
    let (source, _) = file.origin(of: range)
    return source.name == file.name ? line : "\(line) of \(source.name)"
  }

  /// `line 14, \`place item …\``: where a statement is and its first line, cut at `limit`
  /// characters.
  func quoted(_ range: SourceRange, limit: Int = 100) -> String {
    let (source, local) = file.origin(of: range)
    var code = source.lineText(source.line(of: local.start)).trimmingWhitespace()
    if code.count > limit { code = String(code.prefix(limit - 1)) + "…" }
    return "\(location(range)), `\(code)`"
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
