import LayoutEngine

/// The steps of `why item …` for a flow layout, from the layout's own record of how it
/// placed the item (`FlowResolution`): the space along a line, where the section's lines
/// start, which line the item is on and why (FLOW-5's exact test, with every digit when
/// three decimals would hide the difference that decided it), how the line was aligned,
/// where the item sits across it, and its frame. Numbers to three decimals.
struct WhyFlow {
  let r: FlowResolution
  /// Whether the item's cell is on screen now (a self-sized one has been measured).
  var displayed = false

  var steps: [WhyStep] {
    [available()] + (selfSized().map { [$0] } ?? [])
      + [linesStart(), onItsLine(), lineEnds(), alignment(), across(), frame()]
  }

  /// A self-sized item's estimate and the size its cell preferred (FLOW-23, LAY-12).
  private func selfSized() -> WhyStep? {
    guard case .selfSizing(let estimate, let automatic, let measured) = r.sizing else {
      return nil
    }
    let size = { (s: Size) in "\(n(s.width)) × \(n(s.height))" }
    var text = "Self-sizing is on: "
    text +=
      automatic
      ? "estimatedItemSize is automaticSize, so the estimate is the item size, \(size(estimate))"
      : "estimatedItemSize is \(size(estimate))"
    // The layout keeps a measured size only when it differs from the size laid out.
    guard let measured else {
      text +=
        displayed
        ? ". Its cell, measured as it came on screen, preferred the estimate itself "
          + "(preferredLayoutAttributesFitting): nothing changed, and it stays at the estimate."
        : ". The layout keeps no other size for it (a cell is measured as it comes on "
          + "screen, and this one has preferred none), so it is laid out at the estimate."
      return WhyStep(rule: "FLOW-23", text: text)
    }
    text += ". The item was laid out at the estimate first; its cell, measured as it came "
    text += "on screen, preferred \(size(measured)) (preferredLayoutAttributesFitting)"
    if measured == estimate {
      text += ", the estimate itself, so nothing moved."
    } else {
      text += ", which the layout keeps in place of the estimate: it invalidated and laid "
      text += "the lines out again with it."
    }
    return WhyStep(rule: "FLOW-23, LAY-12", text: text)
  }

  private func n(_ v: Double) -> String { formatNumber(v, .decimals(3)) }
  private var along: String { r.vertical ? "width" : "height" }
  private var crossName: String { r.vertical ? "x" : "y" }
  private var mainName: String { r.vertical ? "y" : "x" }
  private func item(_ i: Int) -> String { "item [\(r.indexPath.section), \(i)]" }

  /// `left ≥ right` (or `<`) as FLOW-5 decides it: exactly. When three decimals show the
  /// two as equal, both are written with every digit, and the difference.
  private func compared(_ left: Double, _ right: Double) -> String {
    let fits = left >= right
    let sign = fits ? "≥" : "<"
    guard n(left) == n(right), left != right else { return "\(n(left)) \(sign) \(n(right))" }
    let exact = { (v: Double) in formatNumber(v, .exact) }
    return "\(exact(left)) \(sign) \(exact(right)) — by \(exact(abs(left - right))), which "
      + "three decimals would hide: the test is exact"
  }

  private func available() -> WhyStep {
    let a = r.adjustedContentInset
    let (low, high) = r.vertical ? (a.left, a.right) : (a.top, a.bottom)
    var text = "The space along a line: the collection view's \(along), "
    text += n(r.vertical ? r.bounds.width : r.bounds.height)
    if low != 0 || high != 0 {
      text += ", less its content inset (\(n(low)) and \(n(high))), \(n(r.crossExtent))"
    }
    if r.leadingInset != 0 || r.trailingInset != 0 {
      text += ", less the section's insets (\(n(r.leadingInset)) and \(n(r.trailingInset)))"
    }
    text += ": A = \(n(r.available))."
    return WhyStep(rule: "FLOW-2, FLOW-5", text: text)
  }

  private func linesStart() -> WhyStep {
    var text = "Section \(r.indexPath.section) starts at \(mainName) \(n(r.sectionStart))"
    if r.headerExtent > 0 { text += "; its header takes \(n(r.headerExtent))" }
    let inset = r.itemsStart - r.sectionStart - r.headerExtent
    if inset != 0 { text += "; its inset \(n(inset))" }
    text += ": its first line starts at \(mainName) \(n(r.itemsStart))."
    return WhyStep(rule: "FLOW-13, FLOW-14", text: text)
  }

  /// Which line, and why the item is on it rather than on the line before.
  private func onItsLine() -> WhyStep {
    let i = r.indexPath.item
    let s = r.interitemSpacing
    let w = r.crossExtents[r.position]
    var text =
      "Line \(r.line + 1) holds items \(r.lineFirstItem)…\(r.lineFirstItem + r.placed.count - 1)"
    text += " and starts at \(mainName) \(n(r.placed.lineStart))"
    if r.uniform {
      let k = max(r.perLine, 1)
      let full = r.previous ?? r.placed
      text += ". Every item is the layout's item size, so every full line holds \(k): after "
      text += "\(k) the line has \(n(full.leftover)) left, and one more would need the spacing "
      text += "\(n(s)) + its \(along) \(n(w)) = \(n(s + w)); \(compared(full.leftover, s + w)). "
      text += "So \(item(i)) is on line ⌊\(i) / \(k)⌋ + 1 = \(i / k + 1), in column \(i) mod "
      text += "\(k) + 1 = \(i % k + 1)."
      return WhyStep(rule: "FLOW-5, FLOW-9", text: text)
    }
    if r.position == 0 {
      if let previous = r.previous {
        text += ". \(item(i).capitalizedFirst) starts it: the line before had "
        text += "\(n(previous.leftover)) left, and the item needs the spacing \(n(s)) + its "
        text += "\(along) \(n(w)) = \(n(s + w)); \(compared(previous.leftover, s + w))."
      } else {
        text += ". \(item(i).capitalizedFirst) is the section's first: it starts the first line."
      }
      return WhyStep(rule: "FLOW-5", text: text)
    }
    // The space left before the item, by the same subtractions as the scan's.
    var left = r.available - r.crossExtents[0]
    for k in 1..<r.position { left -= s + r.crossExtents[k] }
    text += ". After \(item(i - 1)) the line had \(n(left)) left; \(item(i)) needs the "
    text += "spacing \(n(s)) + its \(along) \(n(w)) = \(n(s + w)); \(compared(left, s + w)), "
    text += "so it joins the line."
    return WhyStep(rule: "FLOW-5", text: text)
  }

  private func lineEnds() -> WhyStep {
    let last = r.lineFirstItem + r.placed.count - 1
    guard let next = r.placed.next else {
      return WhyStep(
        rule: "FLOW-5",
        text:
          "The line ends with \(item(last)), the section's last, with \(n(r.placed.leftover)) left."
      )
    }
    let s = r.interitemSpacing
    var text = "The line ends after \(item(last)) with \(n(r.placed.leftover)) left: "
    text += "\(item(last + 1)) needs \(n(s)) + \(n(next)) = \(n(s + next)); "
    text += "\(compared(r.placed.leftover, s + next)), so it starts the next line."
    return WhyStep(rule: "FLOW-5", text: text)
  }

  private func alignment() -> WhyStep {
    let p = r.placed
    let count = p.count
    let start = "the first item at \(crossName) \(n(p.start))"
    if r.gridColumns {
      return WhyStep(
        rule: "FLOW-9",
        text:
          "The grid's columns (the same for every line, the last included): \(start), "
          + "each next one its \(along) + \(n(p.gap)) further.")
    }
    switch r.alignment {
    case .justify where count == 1:
      return WhyStep(
        rule: "FLOW-7",
        text: "A line of one item is centred: \(start), (A − \(along)) / 2 past the inset.")
    case .justify:
      return WhyStep(
        rule: "FLOW-6",
        text:
          "The line is justified: the \(n(p.leftover)) left over is shared by its "
          + "\(count - 1) gap\(count == 2 ? "" : "s"), each \(n(r.interitemSpacing)) + "
          + "\(n(p.leftover)) / \(count - 1) = \(n(p.gap)); \(start).")
    case .left:
      return WhyStep(
        rule: r.lastLine ? "FLOW-8" : "FLOW-12",
        text:
          "The line is left-aligned\(r.lastLine ? " (the section's last line)" : ""): \(start), gaps \(n(p.gap))."
      )
    case .centered:
      return WhyStep(
        rule: "FLOW-12",
        text:
          "The line is centred: half the \(n(p.leftover)) left over before it; \(start), gaps \(n(p.gap))."
      )
    case .right:
      return WhyStep(
        rule: "FLOW-12",
        text:
          "The line is right-aligned: the \(n(p.leftover)) left over before it; \(start), gaps \(n(p.gap))."
      )
    }
  }

  private func across() -> WhyStep {
    let h = r.mainExtents[r.position]
    let thickness = r.placed.thickness
    var text = "Across the line: the line is \(n(thickness)) thick (its thickest item)"
    if thickness == h {
      text += ", as thick as the item, which fills it."
    } else {
      switch r.across {
      case 0: text += "; the item, \(n(h)), sits at its start."
      case 1: text += "; the item, \(n(h)), sits at its end, \(n(thickness)) − \(n(h)) in."
      default: text += "; the item, \(n(h)), is centred in it: (\(n(thickness)) − \(n(h))) / 2 in."
      }
    }
    return WhyStep(rule: "FLOW-10", text: text)
  }

  private func frame() -> WhyStep {
    let f = r.frame
    var text = "Its frame: \(crossName) = \(n(r.placed.start))"
    if r.position > 0 && r.position <= 3 {
      // Each item before it on the line, and the gap after it.
      let gap = n(r.placed.gap)
      text += r.crossExtents[..<r.position].map { " + (\(n($0)) + \(gap))" }.joined()
    } else if r.position > 3 {
      text += " + the \(r.position) items before it, each with the gap \(n(r.placed.gap)) after it"
    }
    text += ", \(mainName) from the line's start \(n(r.placed.lineStart)): "
    text += "(\(n(f.minX)), \(n(f.minY)), \(n(f.width)), \(n(f.height)))"
    text += r.scale > 0 ? ", origins snapped to 1/\(n(r.scale)) of a point." : "."
    return WhyStep(rule: r.scale > 0 ? "FLOW-21" : "FLOW-3", text: text)
  }
}

extension String {
  /// The string with its first letter in upper case (`item [0, 2]` → `Item [0, 2]`).
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
