import LayoutEngine

/// The steps of `why header [S]` / `why footer [S]` for a flow layout, from the layout's
/// record of how it placed the element (`SupplementaryResolution`): its natural place in
/// the section (FLOW-13, FLOW-14) and, when its kind is pinned, the visible edge's term
/// and the section's term that PIN-2 (headers) or PIN-4 (footers) chose between, which
/// one won and why. Numbers to three decimals.
struct WhyPin {
  let r: SupplementaryResolution

  var steps: [WhyStep] {
    [natural()] + (r.pins ? [edge(), limit(), chosen()] : [notPinned()]) + [frame()]
  }

  private var isHeader: Bool { r.kind == ElementKind.sectionHeader }
  private var word: String { isHeader ? "header" : "footer" }
  private var mainName: String { r.vertical ? "y" : "x" }
  private var extentName: String { r.vertical ? "height" : "width" }
  private var extent: Double { r.vertical ? r.natural.height : r.natural.width }
  private var naturalStart: Double { r.vertical ? r.natural.minY : r.natural.minX }
  private var section: Int { r.indexPath.section }
  /// The visible area's leading and trailing edges, as a vertical or horizontal layout
  /// has them.
  private var top: String { r.vertical ? "top" : "left edge" }
  private var bottom: String { r.vertical ? "bottom" : "right edge" }
  private var below: String { r.vertical ? "below" : "right of" }
  private var above: String { r.vertical ? "above" : "left of" }
  private func n(_ v: Double) -> String { formatNumber(v, .decimals(3)) }

  private func natural() -> WhyStep {
    let text: String
    if isHeader {
      text =
        "Section \(section) starts at \(mainName) \(n(r.sectionStart)), and its header comes "
        + "first: at \(mainName) \(n(naturalStart)), \(n(extent)) \(r.vertical ? "tall" : "wide"), "
        + "before the section's inset and items (which start at \(n(r.itemsStart)))."
    } else {
      text =
        "Section \(section)'s items and its trailing inset end at \(mainName) \(n(r.itemsEnd)), "
        + "and its footer comes next: at \(mainName) \(n(naturalStart)), \(n(extent)) "
        + "\(r.vertical ? "tall" : "wide"); the section ends at \(n(r.sectionEnd))."
    }
    return WhyStep(rule: "FLOW-13, FLOW-14", text: text)
  }

  private func notPinned() -> WhyStep {
    let property =
      isHeader ? "sectionHeadersPinToVisibleBounds" : "sectionFootersPinToVisibleBounds"
    return WhyStep(
      rule: isHeader ? "PIN-2" : "PIN-4",
      text:
        "\(property) is off (`pin \(word)s` in the layout turns it on): the \(word) scrolls "
        + "with the content and stays at its natural place.")
  }

  private func edge() -> WhyStep {
    let rule = isHeader ? "PIN-2" : "PIN-4"
    if isHeader {
      return WhyStep(
        rule: rule,
        text:
          "Headers are pinned. The visible area's \(top): the offset \(n(r.offset)) + the adjusted "
          + "content inset \(n(r.adjustedInset)) = \(n(r.edge)); a pinned header goes there, "
          + "but never before its natural place \(n(naturalStart)).")
    }
    return WhyStep(
      rule: rule,
      text:
        "Footers are pinned. The visible area's \(bottom): the offset \(n(r.offset)) + the bounds' "
        + "\(extentName) \(n(r.boundsExtent)) − the adjusted content inset \(n(r.adjustedInset)) = "
        + "\(n(r.edge + extent)); a pinned footer ends there (starts at \(n(r.edge))), but never "
        + "after its natural place \(n(naturalStart)).")
  }

  private func limit() -> WhyStep {
    if isHeader {
      let stop = r.headerStop == .footerEnd ? r.sectionEnd : r.itemsEnd
      let what =
        r.headerStop == .footerEnd
        ? "the section's end, its footer included (`pin headers stop at footer end`, OPEN-2)"
        : "the end of the section's items and inset, where its footer starts (OPEN-2's default)"
      return WhyStep(
        rule: "PIN-2, OPEN-2",
        text:
          "Its travel ends at \(what), \(n(stop)), less its \(extentName) \(n(extent)): "
          + "\(n(r.limit)) — the next section pushes it out from there.")
    }
    return WhyStep(
      rule: "PIN-4",
      text:
        "Its travel ends at the end of the section's header, \(n(r.limit)): it never rises "
        + "into its own header.")
  }

  private func chosen() -> WhyStep {
    let formula =
      isHeader
      ? "min(max(\(n(r.edge)), \(n(naturalStart))), \(n(r.limit)))"
      : "max(min(\(n(r.edge)), \(n(naturalStart))), \(n(r.limit)))"
    let position = r.vertical ? r.frame.minY : r.frame.minX
    var text = "So \(mainName) = \(formula) = \(n(position)): "
    var rule = isHeader ? "PIN-2" : "PIN-4"
    switch r.decision {
    case .notPinned, .resting:
      // PIN-3: pulled past the start, a header the visible edge would hold at rest (the
      // edge at the smallest offset, −inset + inset = 0, is at or past it) moves with the
      // content instead.
      if isHeader && r.edge < naturalStart && r.offset < -r.adjustedInset && naturalStart <= 0 {
        text +=
          "the content is pulled past its \(r.vertical ? "top" : "left edge"), so the header "
          + "moves with it."
        rule = "PIN-2, PIN-3"
      } else {
        text +=
          isHeader
          ? "the visible \(top) is not \(below) its natural place, so it rests there."
          : "the visible \(bottom) is not \(above) its natural place, so it rests there."
      }
    case .pinned:
      text +=
        isHeader ? "pinned to the visible \(top)." : "pinned to the visible \(bottom)."
    case .stopped:
      text +=
        isHeader
        ? "its section is ending, and the header may not pass the section's end, so it is "
          + "pushed \(r.vertical ? "up" : "back") with it."
        : "its section is only beginning, and the footer may not rise into the section's "
          + "header, so it stays below it."
    }
    return WhyStep(rule: rule, text: text)
  }

  private func frame() -> WhyStep {
    let f = r.frame
    return WhyStep(
      rule: "FLOW-18",
      text:
        "Its frame: (\(n(f.minX)), \(n(f.minY)), \(n(f.width)), \(n(f.height))), the "
        + "section's full \(r.vertical ? "width" : "height"), zIndex 10 above the cells.")
  }
}
