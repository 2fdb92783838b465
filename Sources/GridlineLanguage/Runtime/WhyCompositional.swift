import LayoutEngine

/// The steps of `why item …` for a compositional layout, in words with their numbers, from
/// the layout's own record of how it placed the item (`CompositionalResolution`): the
/// layout's container, the section's, the group's size, which group and where it starts,
/// then each group the item is in, down to its insets. Numbers to three decimals.
struct WhyCompositional {
  let r: CompositionalResolution

  var steps: [WhyStep] {
    var steps = [layoutContainer(), sectionContainer(), groupSize(), groupPlace()]
    for (depth, placement) in r.placements.enumerated() {
      steps.append(place(placement, depth: depth))
    }
    if let leaf = r.placements.last { steps.append(insets(leaf)) }
    steps.append(frame())
    return steps
  }

  private func n(_ v: Double) -> String { formatNumber(v, .decimals(3)) }
  private func size(_ s: Size) -> String { "\(n(s.width)) x \(n(s.height))" }
  private func point(_ p: Point) -> String { "(\(n(p.x)), \(n(p.y)))" }
  private func rect(_ r: Rect) -> String {
    "(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))"
  }

  /// The sides of insets that are not zero, as the script writes them.
  private func sides(_ e: DirectionalEdgeInsets) -> String? {
    let named = [
      ("top", e.top), ("leading", e.leading), ("bottom", e.bottom), ("trailing", e.trailing),
    ].filter { $0.1 != 0 }
    guard !named.isEmpty else { return nil }
    return named.map { "\($0.0) \(n($0.1))" }.joined(separator: ", ")
  }

  private func layoutContainer() -> WhyStep {
    let c = r.layoutContainer
    let a = r.adjustedContentInset
    var text = "The layout's container: the bounds, \(size(r.bounds.size)), "
    if a == .zero {
      text += "with no content inset"
    } else {
      text +=
        "less the adjusted content inset (top \(n(a.top)), left \(n(a.left)), bottom \(n(a.bottom)), right \(n(a.right))), \(size(c.contentSize))"
    }
    if let extra = sides(c.contentInsets) {
      text += ", less what its insets reference (\(reference)) adds beyond it (\(extra))"
    }
    text += ": \(size(c.effectiveContentSize))."
    return WhyStep(rule: "COMP-3", text: text)
  }

  private var reference: String {
    switch r.contentInsetsReference {
    case .automatic: "automatic"
    case .none: "none"
    case .safeArea: "safe area"
    case .layoutMargins: "layout margins"
    case .readableContent: "readable content"
    }
  }

  private func sectionContainer() -> WhyStep {
    let effective = r.layoutContainer.effectiveContentSize
    var text = "Section \(r.section)'s room for its group: "
    if let insets = sides(r.sectionInsets) {
      text += "\(size(effective)) less the section's insets (\(insets))"
      if r.orthogonal {
        text +=
          " along the layout's axis only: across, an orthogonal section's insets pad its scroller and fractions are taken of the whole width"
      }
      text += ": \(size(r.sectionContainer))."
    } else {
      text += "all of it, \(size(r.sectionContainer)) (the section has no insets)."
    }
    return WhyStep(rule: r.orthogonal ? "COMP-3, COMP-15d" : "COMP-3", text: text)
  }

  /// A dimension as resolved: `0.25 × the width 360 = 90`, `100`, `estimated 44, 60 as
  /// measured`.
  private func dimension(_ d: CollectionLayoutDimension, of container: Size, is value: Double)
    -> String
  {
    switch d.semantic {
    case .absolute:
      return n(value)
    case .fractionalWidth, .fractionalHeight:
      let width = d.semantic == .fractionalWidth
      let whole = width ? container.width : container.height
      let exact = d.dimension * whole
      let floored = exact != value ? " (on the pixel grid, COMP-15a)" : ""
      return
        "\(n(d.dimension)) fraction of the \(width ? "width" : "height") \(n(whole)) = \(n(value))\(floored)"
    case .estimated:
      return value == d.dimension
        ? "estimated \(n(d.dimension))"
        : "estimated \(n(d.dimension)), \(n(value)) from its content"
    }
  }

  private func groupSize() -> WhyStep {
    let d = r.groupDimensions
    let text =
      "The section's group: width \(dimension(d.widthDimension, of: r.sectionContainer, is: r.groupSize.width)), height \(dimension(d.heightDimension, of: r.sectionContainer, is: r.groupSize.height))."
    return WhyStep(rule: "COMP-1", text: text)
  }

  private func groupPlace() -> WhyStep {
    let last = r.firstItem + r.itemsInGroup - 1
    let items = last > r.firstItem ? "items \(r.firstItem)…\(last)" : "item \(r.firstItem)"
    var text = "Group \(r.group) holds \(items); it starts at \(point(r.groupOrigin)): "
    if r.group == 0 {
      text += "the first group's place, \(point(r.groupsOrigin))"
    } else {
      text +=
        "the first group's \(point(r.groupsOrigin)) + \(r.group) × \(n(r.groupStride)) (a group and its spacing)"
    }
    if r.shift != 0 {
      text += " + \(n(r.shift)) (the self-sized groups before it, COMP-1)"
    }
    if r.orthogonal {
      text += ", moved by the section's scroller's offset \(point(r.orthogonalOffset))"
    }
    text += "."
    return WhyStep(rule: r.orthogonal ? "COMP-8, COMP-9" : "COMP-8", text: text)
  }

  private func place(_ p: GroupPlacement, depth: Int) -> WhyStep {
    let which = depth == 0 ? "In the group" : "In the nested group"
    let axis: String
    switch p.group.arrangement {
    case .horizontal: axis = "horizontal"
    case .vertical: axis = "vertical"
    case .custom: axis = "custom"
    }
    var text = "\(which) (\(axis), \(size(p.groupSize))"
    if let insets = sides(p.group.contentInsets) {
      text += ", its content \(size(p.content.size)) after its insets (\(insets))"
    }
    text += "): "
    if case .custom = p.group.arrangement {
      text += "its item provider put item \(p.index) at \(rect(p.box))."
      return WhyStep(rule: "COMP-7", text: text)
    }
    let what = p.item is CollectionLayoutGroup ? "a nested group" : "an item"
    text += "subitem \(p.index) (from 0), \(what): "
    let vertical: Bool = {
      if case .vertical = p.group.arrangement { return true }
      return false
    }()
    let dims = p.item.layoutSize
    if let count = p.group.count {
      let main = vertical ? p.content.height : p.content.width
      let spacing = p.group.interItemSpacing?.spacing ?? 0
      let share =
        "\(count) equal ones: (\(n(main)) − \(count - 1) × \(n(spacing))) / \(count) = \(n(vertical ? p.resolved.height : p.resolved.width))"
      text +=
        vertical
        ? "width \(dimension(dims.widthDimension, of: p.content.size, is: p.resolved.width)), height \(share)"
        : "width \(share), height \(dimension(dims.heightDimension, of: p.content.size, is: p.resolved.height))"
    } else {
      text +=
        "width \(dimension(dims.widthDimension, of: p.content.size, is: p.resolved.width)), height \(dimension(dims.heightDimension, of: p.content.size, is: p.resolved.height))"
    }
    if let m = p.measured { text += " (its cell reported \(size(m)))" }
    text += "; placed at \(point(p.box.origin))"
    if p.index > 0 { text += ", after the subitems before it and the spacing" }
    if p.item.edgeSpacing != nil { text += ", its edge spacing included" }
    text += "."
    return WhyStep(rule: p.group.count != nil ? "COMP-5" : "COMP-6", text: text)
  }

  private func insets(_ leaf: GroupPlacement) -> WhyStep {
    guard !(leaf.item is CollectionLayoutGroup), let insets = sides(leaf.item.contentInsets)
    else {
      return WhyStep(rule: "COMP-4", text: "No contentInsets: the item is its box.")
    }
    var text = "Its contentInsets (\(insets)) shrink it to \(rect(leaf.frame))"
    let d = leaf.item.layoutSize
    if d.widthDimension.isEstimated || d.heightDimension.isEstimated {
      text += ", except on its estimated axis"
    }
    text += "."
    return WhyStep(rule: "COMP-4, COMP-15e", text: text)
  }

  private func frame() -> WhyStep {
    var text = "Its frame: the group's origin \(point(r.groupOrigin))"
    for outer in r.placements.dropLast() {
      text += " + the nested group's place \(point(outer.box.origin))"
    }
    let inner = r.placements.last?.frame.origin ?? .zero
    text += " + its place in the group \(point(inner)) = \(rect(r.frame))."
    return WhyStep(rule: "COMP-8", text: text)
  }
}
