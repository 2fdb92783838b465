import LayoutEngine

/// The steps of `why offset`: the offset and the rect it shows (SV-1), the range it may
/// rest in (SV-3) and where it is in it (SV-4), and — when the last release explains it
/// (the content is still decelerating, or rests where that release sent it) — what the
/// release decided, from the collection view's record (`ReleaseResolution`): the resting
/// point (SV-7, SV-11, or the edge, SV-9), the layout's answer (LAY-13), the range (SV-3)
/// and the delegate's word (SV-8). Numbers to three decimals.
struct WhyOffset {
  let offset: Point
  let bounds: Rect
  let contentSize: Size
  let adjusted: EdgeInsets
  let minimum: Point
  let maximum: Point
  /// The last release, when it explains the offset.
  let release: ReleaseResolution?
  /// The last release's target, when the offset was set since.
  let staleTarget: Point?
  let moving: Bool

  private func n(_ v: Double) -> String { formatNumber(v, .decimals(3)) }
  private func p(_ v: Point) -> String { "(\(n(v.x)), \(n(v.y)))" }

  var steps: [WhyStep] {
    var steps = [shows(), range(), inRange()]
    if let release { steps += explained(release) }
    if let staleTarget {
      steps.append(
        WhyStep(
          rule: "SV-4",
          text:
            "The last release sent the content to \(p(staleTarget)); the offset was moved since "
            + "(a scroll, or a drag not yet released)."
        ))
    }
    return steps
  }

  private func shows() -> WhyStep {
    WhyStep(
      rule: "SV-1",
      text:
        "The content offset is \(p(offset)): the visible rect is (\(n(bounds.minX)), "
        + "\(n(bounds.minY)), \(n(bounds.width)), \(n(bounds.height))).")
  }

  private func range() -> WhyStep {
    func axis(
      _ name: String, _ low: Double, _ high: Double, content: Double, inset: Double,
      extent: Double, lowInset: Double, along: String
    ) -> String {
      if high <= low {
        return "\(name) stays at \(n(low)): the content's \(n(content)) with the insets "
          + "\(n(lowInset)) and \(n(inset)) is no \(along) than the view's \(n(extent))"
      }
      let from = lowInset == 0 ? "0" : "−\(n(lowInset)) (the inset before it) = \(n(low))"
      return "\(name) from \(from) to the content's "
        + "\(n(content)) + \(n(inset)) (the inset after it) − the view's \(n(extent)) = \(n(high))"
    }
    let y = axis(
      "y", minimum.y, maximum.y, content: contentSize.height, inset: adjusted.bottom,
      extent: bounds.height, lowInset: adjusted.top, along: "taller")
    let x = axis(
      "x", minimum.x, maximum.x, content: contentSize.width, inset: adjusted.right,
      extent: bounds.width, lowInset: adjusted.left, along: "wider")
    return WhyStep(rule: "SV-3", text: "The range it may rest in: \(y); \(x).")
  }

  private func inRange() -> WhyStep {
    func axis(_ name: String, _ v: Double, _ low: Double, _ high: Double, _ edges: (String, String))
      -> String?
    {
      if v < low { return "\(name) is \(n(low - v)) past the \(edges.0)" }
      if v > max(low, high) { return "\(name) is \(n(v - max(low, high))) past the \(edges.1)" }
      return nil
    }
    let out = [
      axis("y", offset.y, minimum.y, maximum.y, ("top", "bottom")),
      axis("x", offset.x, minimum.x, maximum.x, ("left", "right")),
    ].compactMap { $0 }
    if out.isEmpty { return WhyStep(rule: "SV-3", text: "The offset is within it.") }
    return WhyStep(
      rule: "SV-4, SV-9",
      text:
        "Out of range: \(out.joined(separator: ", ")). Setting the offset does not clamp it "
        + "(SV-4); while a finger drags past an edge the content follows it less and less "
        + "(a rubber band, SV-9), and a release springs it back.")
  }

  private func explained(_ r: ReleaseResolution) -> [WhyStep] {
    var steps = [
      WhyStep(
        rule: "SV-8",
        text:
          "The finger last lifted at \(p(r.offset)), the content moving at "
          + "\(p(r.velocity)) points per millisecond.")
    ]
    if let edge = r.pastEdge {
      steps.append(
        WhyStep(
          rule: "SV-9",
          text:
            "It was past an edge (\(p(edge)) is the nearest offset in range), so that axis "
            + "springs back to it while the other goes on as a fling would"
            + (r.paging ? " (to its page)" : "") + ": \(p(r.proposed)); the layout is not asked."))
    } else if r.paging {
      steps.append(
        WhyStep(
          rule: "SV-11",
          text:
            "Paging: the next page of the view's size in the velocity's direction (the nearest "
            + "without velocity), at the fast rate: \(p(r.proposed))."))
    } else if let resting = r.resting {
      steps.append(
        WhyStep(
          rule: "SV-7",
          text:
            "A free fling's speed is multiplied by \(formatNumber(r.rate, .decimals(3))) every millisecond; it "
            + "comes to rest velocity / −ln(\(formatNumber(r.rate, .decimals(3)))) further on: "
            + "\(p(resting))."))
      if let target = r.layoutTarget {
        steps.append(
          WhyStep(
            rule: "LAY-13",
            text: target == resting
              ? "The layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) kept it."
              : "The layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) "
                + "moved it to \(p(target)) (a snapped target)."))
        if r.proposed != target {
          steps.append(
            WhyStep(rule: "SV-3", text: "Kept in the range: \(p(r.proposed))."))
        }
      }
    }
    if r.target != r.proposed {
      steps.append(
        WhyStep(
          rule: "SV-8",
          text:
            "The delegate's scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) "
            + "changed it to \(p(r.target))."))
    }
    if r.shift != .zero {
      steps.append(
        WhyStep(
          rule: "SV-8",
          text:
            "While it coasted, code moved the offset by \(p(r.shift)) (contentOffset set in "
            + "scrollViewDidScroll, which moves the deceleration with it: a recentring), so its "
            + "resting point moved to \(p(r.restingOffset))."))
    }
    steps.append(
      WhyStep(
        rule: "SV-7",
        text: moving
          ? "So the content is on its way to \(p(r.restingOffset)); it is at \(p(offset)) now."
          : "So the content came to rest at \(p(r.restingOffset))."))
    return steps
  }
}
