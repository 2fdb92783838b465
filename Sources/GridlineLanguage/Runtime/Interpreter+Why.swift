import LayoutEngine

/// `why item …`: how the layout placed an item, from the layout's own record of it
/// (`CollectionViewCompositionalLayout.resolution(ofItemAt:)`,
/// `CollectionViewFlowLayout.resolution(ofItemAt:)`), as steps with their rules.
extension Interpreter {
  func why(_ target: Expr, line: Int) throws(Diagnostic) -> WhyOutput {
    if case .name("offset") = target.kind { return explainOffset(line: line) }
    let value = try evaluator.evaluate(target)
    guard case .attributes(let a) = value else {
      throw .error(.touchesItemsOnly("why", value.type.rawValue, points: false), at: target.range)
    }
    if a.representedElementCategory == .supplementaryView,
      let kind = a.representedElementKind,
      kind == ElementKind.sectionHeader || kind == ElementKind.sectionFooter
    {
      return try explainSupplementary(kind, a.indexPath, line: line, at: target.range)
    }
    guard a.representedElementCategory == .cell else {
      throw .error(.touchesItemsOnly("why", value.type.rawValue, points: false), at: target.range)
    }
    return try explain(a.indexPath, line: line, at: target.range)
  }

  /// Whether the item is on screen, from the collection view's displayed set (DISP-1:
  /// the elements the layout answered for the visible rect whose frames meet it, GEO-5,
  /// and are not hidden), and if not, why: where its frame lies from the visible rect,
  /// or that it is hidden. The frame is the layout's current answer for
  /// the item (after transforms and handlers), as the displayed set compares.
  func onScreen(_ indexPath: IndexPath, in cv: CollectionView) -> WhyStep {
    let key = ElementKey(category: .cell, kind: nil, indexPath: indexPath)
    let bounds = cv.bounds
    let n = { (v: Double) in formatNumber(v, .decimals(3)) }
    let visible =
      "the visible rect (\(n(bounds.minX)), \(n(bounds.minY)), \(n(bounds.width)), "
      + "\(n(bounds.height)))"
    if cv.displayedView(of: key) != nil {
      return WhyStep(
        rule: "DISP-1", text: "It is on screen: its frame meets \(visible), and it is displayed.")
    }
    let reason: String
    // Scrolling helps only a frame outside the visible rect.
    var outside = false
    if let a = cv.collectionViewLayout.layoutAttributesForItem(at: indexPath) {
      let f = a.frame
      var sides: [String] = []
      if f.maxY < bounds.minY {
        sides.append("above it, \(n(bounds.minY - f.maxY)) before its top")
      }
      if f.minY > bounds.maxY {
        sides.append("below it, \(n(f.minY - bounds.maxY)) past its bottom")
      }
      if f.maxX < bounds.minX {
        sides.append("left of it, \(n(bounds.minX - f.maxX)) before its left edge")
      }
      if f.minX > bounds.maxX {
        sides.append("right of it, \(n(f.minX - bounds.maxX)) past its right edge")
      }
      if !sides.isEmpty {
        outside = true
        reason =
          "\(visible) does not meet its frame (\(n(f.minX)), \(n(f.minY)), \(n(f.width)), "
          + "\(n(f.height))), which lies " + sides.joined(separator: " and ")
      } else if a.isHidden {
        reason = "its frame meets \(visible), but it is hidden"
      } else {
        reason = "its frame meets \(visible), but the layout's answer for that rect leaves it out"
      }
    } else {
      reason = "the layout has no attributes for it now"
    }
    return WhyStep(
      rule: "DISP-1, GEO-5",
      text:
        "It is not on screen: \(reason)."
        + (outside
          ? " `scroll to item [\(indexPath.section), \(indexPath.item)]` (scrollToItem, SV-12) "
            + "would bring it into view." : ""))
  }

  /// `why offset`: the live collection view's offset, its range, and the last release
  /// when it explains the offset.
  private func explainOffset(line: Int) -> WhyOutput {
    let cv = layers.live()
    let offset = cv.contentOffset
    var release: ReleaseResolution?
    var stale: Point?
    if let last = cv.lastRelease {
      if cv.isDecelerating || last.restingOffset == offset {
        release = last
      } else {
        stale = last.restingOffset
      }
    }
    let why = WhyOffset(
      offset: offset, bounds: cv.bounds, contentSize: cv.contentSize,
      adjusted: cv.adjustedContentInset, minimum: cv.minimumContentOffset,
      maximum: cv.maximumContentOffset, release: release, staleTarget: stale,
      moving: cv.isDecelerating)
    return WhyOutput(
      line: line, element: "offset", frame: cv.bounds, steps: why.steps, frameLabel: "visible rect")
  }

  /// A flow layout's section header or footer: its natural place and, pinned, which of
  /// PIN-2's or PIN-4's terms placed it.
  private func explainSupplementary(
    _ kind: String, _ indexPath: IndexPath, line: Int, at range: SourceRange
  ) throws(Diagnostic) -> WhyOutput {
    let cv = layers.collectionView(owning: indexPath.section) ?? layers.live()
    let word = kind == ElementKind.sectionHeader ? "header" : "footer"
    let layout = cv.collectionViewLayout
    if let custom = layout as? ScriptCustomLayout {
      let key = ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
      let element = "\(word) [\(indexPath.section)]"
      guard let output = try explainCustom(custom, key, element, line: line, in: cv) else {
        throw .error(
          .touchesItemsOnly("why", "a \(word) the layout does not place", points: false), at: range)
      }
      return output
    }
    // The sticky-header recipe moves headers itself (PIN-7), not by UIKit's pinning.
    guard let flow = layout as? CollectionViewFlowLayout, !(layout is StickyHeadersFlowLayout)
    else {
      throw .error(.whyNotExplained(layoutName(layout), element: word), at: range)
    }
    guard let resolution = flow.resolution(ofSupplementaryKind: kind, at: indexPath) else {
      throw .error(
        .touchesItemsOnly("why", "a \(word) the layout does not place", points: false), at: range)
    }
    let key = ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)
    return WhyOutput(
      line: line, element: "\(word) [\(indexPath.section)]", frame: resolution.frame,
      steps: WhyPin(r: resolution).steps + restyled(key, in: cv))
  }

  private func layoutName(_ layout: CollectionViewLayout) -> String {
    switch layout {
    case is StickyHeadersFlowLayout: "the sticky-headers recipe, which moves its headers itself"
    case is CollectionViewCompositionalLayout: "compositional"
    case is StickyGridLayout:
      "the sticky-grid recipe ('layout grid'), which places its cells itself"
    default: "a layout the script did not write"
    }
  }

  /// How the layout placed item `indexPath`, as `why` says it; nil when the layout cannot
  /// say (the sticky-grid recipe, an item it does not place, a limit reached). For a front
  /// end's inspector (the playground's): no statement runs and nothing is traced, but a
  /// custom layout's prepare code runs again, interpreted, charged to the run's work. `layer` names the layer whose
  /// item is meant, as `displayedState()` reports it (layers may show the same index
  /// paths); nil means the one `why` would explain.
  public func explanation(ofItemAt indexPath: IndexPath, inLayer layer: String? = nil)
    -> WhyOutput?
  {
    guard let cv = collectionView(showing: indexPath, inLayer: layer) else { return nil }
    return try? explain(indexPath, line: 0, at: .none, in: cv)
  }

  /// The collection view of layer `layer` (a name `displayedState()` reports), or for nil
  /// the one holding `indexPath` as `why` finds it: the section's owner, else the front
  /// layer. Nil for a layer the script does not have.
  public func collectionView(showing indexPath: IndexPath, inLayer layer: String?)
    -> CollectionView?
  {
    guard let layer else {
      return layers.collectionView(owning: indexPath.section) ?? layers.live()
    }
    return layers.stack?.layers.first { $0.name == layer }?.collectionView
  }

  private func explain(
    _ indexPath: IndexPath, line: Int, at range: SourceRange, in view: CollectionView? = nil
  ) throws(Diagnostic) -> WhyOutput {
    let cv = view ?? layers.collectionView(owning: indexPath.section) ?? layers.live()
    let element = "item [\(indexPath.section), \(indexPath.item)]"
    let notPlaced = Diagnostic.error(
      .touchesItemsOnly("why", "an item the layout does not place", points: false), at: range)
    switch cv.collectionViewLayout {
    case let layout as CollectionViewCompositionalLayout:
      guard let resolution = layout.resolution(ofItemAt: indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyCompositional(r: resolution).steps + restyled(.cell(indexPath), in: cv)
          + [onScreen(indexPath, in: cv)])
    case let layout as CollectionViewFlowLayout:
      guard let resolution = layout.resolution(ofItemAt: indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyFlow(r: resolution, displayed: cv.displayedView(of: .cell(indexPath)) != nil)
          .steps + restyled(.cell(indexPath), in: cv)
          + [onScreen(indexPath, in: cv)])
    case let layout as ScriptCustomLayout:
      let output = try explainCustom(layout, .cell(indexPath), element, line: line, in: cv)
      guard var output else { throw notPlaced }
      output.steps.append(onScreen(indexPath, in: cv))
      return output
    default:
      throw .error(
        .whyNotExplained(layoutName(cv.collectionViewLayout), element: "item"), at: range)
    }
  }
}
