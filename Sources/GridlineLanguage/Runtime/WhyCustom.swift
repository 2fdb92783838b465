import LayoutEngine

/// The steps of `why` for an element of a custom layout, from its code's own record of the
/// element (`CustomPlacementRecord`): which `place` put it where, with the values the
/// statement read, and whether the cache still holds what the code places now. Numbers to
/// three decimals.
struct WhyCustom {
  let layoutName: String
  let element: String
  let record: CustomPlacementRecord
  /// The frame the layout's cache holds for the element.
  let cached: Rect
  /// `line 14, \`place …\``: a statement as the run numbers and quotes it.
  let quote: (SourceRange) -> String
  /// `line 14`: where a range is, as the run numbers lines.
  let locate: (SourceRange) -> String

  private func n(_ v: Double) -> String { formatNumber(v, .decimals(3)) }
  private func rect(_ r: Rect) -> String {
    "(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))"
  }

  var steps: [WhyStep] {
    var steps = [cache()]
    guard let last = record.last else {
      if let stop = stopped() { steps.append(stop) }
      steps.append(
        WhyStep(
          rule: "LAY-9, LAY-7",
          text:
            "The layout's cache holds \(rect(cached)) for it from its last prepare(), and the "
            + "layout has not been invalidated since, so it answers what it cached "
            + "(`invalidate` prepares again)."))
      return steps
    }
    if record.count > 1, let first = record.first {
      steps.append(
        WhyStep(
          rule: "LAY-2",
          text: "First \(statement(first)), placed it: \(result(first)).".capitalizedFirst))
    }
    let placed =
      record.count > 1
      ? "Last \(statement(last)), placed it again, and that stands"
      : "\(statement(last)), placed it"
    steps.append(
      WhyStep(rule: "LAY-2, ATTR-2", text: "\(placed): \(result(last)).".capitalizedFirst))
    if let stop = stopped() { steps.append(stop) }
    if last.attributes.frame != cached {
      steps.append(
        WhyStep(
          rule: "LAY-9, LAY-7",
          text:
            "But the layout's cache holds \(rect(cached)), from its last prepare(): the code "
            + "places it at \(rect(last.attributes.frame)) now, and the layout has not been "
            + "invalidated since, so it answers what it cached (`invalidate` prepares again)."))
    }
    return steps
  }

  /// The error that stopped the code, and what the layout then answers.
  private func stopped() -> WhyStep? {
    guard let error = record.stoppedBy else { return nil }
    return WhyStep(
      rule: "LAY-2",
      text:
        "The code stopped at \(locate(error.range)): \(error.message). The layout answers "
        + "with what was placed before that.")
  }

  private func cache() -> WhyStep {
    var text = "Custom layout \(layoutName)'s prepare() runs the script's code and caches what "
    text += "its `place` statements make; the layout answers every query from that cache. "
    text += "Run again to explain it, the code placed \(element) "
    switch record.count {
    case 0: text += "nowhere now."
    case 1: text += "once."
    case 2: text += "twice: a second `place` of an element replaces the first."
    default: text += "\(record.count) times: each `place` of an element replaces the one before."
    }
    return WhyStep(rule: "LAY-2, LAY-6", text: text)
  }

  /// `line 14, \`place item [0, i] at …\`, with i = 5, x = 262.667`.
  private func statement(_ p: CustomPlacementRecord.Placement) -> String {
    var text = quote(p.range)
    if !p.values.isEmpty {
      text += ", with " + p.values.map { "\($0.name) = \(shown($0.value))" }.joined(separator: ", ")
    }
    return text
  }

  private func result(_ p: CustomPlacementRecord.Placement) -> String {
    let a = p.attributes
    var text = "the frame \(rect(a.frame))"
    if a.alpha != 1 { text += ", alpha \(n(a.alpha))" }
    if a.zIndex != 0 { text += ", z \(a.zIndex)" }
    if a.isHidden { text += ", hidden" }
    if !a.transform3D.isIdentity { text += ", a transform" }
    return text
  }

  /// A value as `print` shows it, an array of more than a few numbers by its count.
  private func shown(_ value: Value) -> String {
    if let count = value.count, count > 8 {
      return "[… \(count) elements]"
    }
    return value.readable(decimals: 3)
  }
}
