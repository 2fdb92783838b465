extension CollectionViewFlowLayout {
  /// The metrics of one section: properties, or the delegate's answers (FLOW-4).
  struct SectionMetrics {
    var inset: EdgeInsets
    var lineSpacing: Double
    var interitemSpacing: Double
    var headerSize: Size
    var footerSize: Size
  }

  /// Everything one `prepare()` needs, fixed for the pass.
  struct Pass {
    let axes: FlowAxes
    /// FLOW-2: the usable cross-axis extent.
    let crossExtent: Double
    let collectionView: CollectionView
    let delegate: CollectionViewDelegateFlowLayout?
    let adjusted: EdgeInsets
    /// FLOW-21: origins snap to 1/scale when scale > 0.
    let scale: Double
    /// Below any snapped origin of a line, so band starts stay ≤ frame minima.
    let bandSlack: Double

    @inline(__always)
    func snap(_ v: Double) -> Double {
      scale > 0 ? ((v * scale) + 0.5).rounded(.down) / scale : v
    }
  }

  /// Recomputes every frame: sections end to end along the scroll axis (FLOW-15), the
  /// content size from their total and the cross extent (FLOW-2). A FLOW-19 violation
  /// raises and leaves the layout empty, as the app would have stopped there. Either way
  /// `layoutGeneration` moves on.
  func computeLayout() {
    layoutGeneration += 1
    let axis: AttributeIndex.Axis = scrollDirection == .vertical ? .vertical : .horizontal
    // The frames are built in a local index (moved out of `self`, so it is uniquely
    // referenced): appends then skip the class's exclusivity checks and copy-on-write tests.
    var index = cells.axis == axis ? cells : AttributeIndex(axis: axis)
    cells = AttributeIndex(axis: axis)
    index.removeAll()
    defer { cells = index }
    sections.removeAll(keepingCapacity: true)
    reachPrefixMaxEnd.removeAll(keepingCapacity: true)
    reachSuffixMinStart.removeAll(keepingCapacity: true)
    contentSize = .zero
    guard let cv = collectionView else { return }
    let axes = FlowAxes(vertical: axis == .vertical)
    let adj = cv.adjustedContentInset
    let crossExtent =
      axes.vertical
      ? cv.bounds.width - adj.left - adj.right : cv.bounds.height - adj.top - adj.bottom
    let scale = cv.displayScale > 0 && cv.displayScale.isFinite ? cv.displayScale : 0
    let pass = Pass(
      axes: axes, crossExtent: crossExtent, collectionView: cv,
      delegate: cv.delegate as? CollectionViewDelegateFlowLayout, adjusted: adj, scale: scale,
      bandSlack: scale > 0 ? 1 / scale : 0)
    let sectionCount = cv.numberOfSections
    var total = 0
    for s in 0..<sectionCount { total += cv.numberOfItems(inSection: s) }
    index.reserveCapacity(total)
    sections.reserveCapacity(sectionCount)
    var warnedOversize = false
    var cursor = 0.0
    for s in 0..<sectionCount {
      guard
        let section = layoutSection(
          s, start: cursor, pass: pass, cells: &index, warnedOversize: &warnedOversize)
      else {
        index.removeAll()
        sections.removeAll()
        return
      }
      sections.append(section)
      cursor = section.end
    }
    let cross = max(crossExtent, 0)
    contentSize =
      axes.vertical ? Size(width: cross, height: cursor) : Size(width: cursor, height: cross)
    recomputedAttributes +=
      total
      + sections.reduce(0) { n, s in
        n + (s.header == nil ? 0 : 1) + (s.footer == nil ? 0 : 1)
      }
    index.finish()
    cells = index
    computeSectionReach(axes)
  }

  func metrics(for section: Int, pass: Pass) -> SectionMetrics {
    let cv = pass.collectionView
    let d = pass.delegate
    return SectionMetrics(
      inset: d?.collectionView(cv, layout: self, insetForSectionAt: section) ?? sectionInset,
      lineSpacing: d?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section)
        ?? minimumLineSpacing,
      interitemSpacing: d?.collectionView(
        cv, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing,
      headerSize: d?.collectionView(cv, layout: self, referenceSizeForHeaderInSection: section)
        ?? headerReferenceSize,
      footerSize: d?.collectionView(cv, layout: self, referenceSizeForFooterInSection: section)
        ?? footerReferenceSize)
  }

  /// FLOW-16: the items' leading and trailing insets on the cross axis. From the content
  /// inset they are the section inset; from the safe area or the layout margins the items'
  /// edge sits at max(adjusted inset, reference + section inset) in view coordinates, never
  /// closer to the edge than the content inset. Headers and footers are not affected.
  func crossInsets(_ inset: EdgeInsets, pass: Pass) -> (leading: Double, trailing: Double) {
    let axes = pass.axes
    let leading = axes.crossLeading(inset)
    let trailing = axes.crossTrailing(inset)
    let reference: EdgeInsets
    switch sectionInsetReference {
    case .fromContentInset: return (leading, trailing)
    case .fromSafeArea: reference = pass.collectionView.safeAreaInsets
    case .fromLayoutMargins: reference = pass.collectionView.effectiveLayoutMargins
    }
    let adjLeading = axes.crossLeading(pass.adjusted)
    let adjTrailing = axes.crossTrailing(pass.adjusted)
    return (
      max(adjLeading, axes.crossLeading(reference) + leading) - adjLeading,
      max(adjTrailing, axes.crossTrailing(reference) + trailing) - adjTrailing
    )
  }

  /// One section (FLOW-13…FLOW-15): header, inset.top, lines, inset.bottom, footer. An empty
  /// section still occupies its header, insets and footer. `nil` after a FLOW-19 exception.
  func layoutSection(
    _ s: Int, start: Double, pass: Pass, cells: inout AttributeIndex, warnedOversize: inout Bool
  ) -> FlowSection? {
    let cv = pass.collectionView
    let axes = pass.axes
    let count = cv.numberOfItems(inSection: s)
    let m = metrics(for: s, pass: pass)
    var cursor = start
    var header: Rect?
    let headerExtent = axes.main(m.headerSize)
    if headerExtent > 0 {  // FLOW-14: zero (or negative) means no header at all
      header = axes.rect(
        cross: 0, main: pass.snap(cursor), crossExtent: max(pass.crossExtent, 0),
        mainExtent: headerExtent)
      cursor += headerExtent
    }
    cursor += axes.mainLeading(m.inset)
    let itemsStart = cursor
    let firstCell = cells.count
    let itemInsets = crossInsets(m.inset, pass: pass)
    if count > 0 {
      let lines = LineGeometry(
        section: s, count: count, metrics: m, insets: itemInsets,
        crossExtent: pass.crossExtent, start: itemsStart)
      guard
        let end = layoutItems(lines, pass: pass, cells: &cells, warnedOversize: &warnedOversize)
      else {
        return nil
      }
      cursor = end
    }
    cursor += axes.mainTrailing(m.inset)
    let itemsEnd = cursor
    var footer: Rect?
    let footerExtent = axes.main(m.footerSize)
    if footerExtent > 0 {
      footer = axes.rect(
        cross: 0, main: pass.snap(cursor), crossExtent: max(pass.crossExtent, 0),
        mainExtent: footerExtent)
      cursor += footerExtent
    }
    // Negative insets or spacing can put items outside start…end: the section's reach
    // covers every frame it holds (and the pixel snapping of FLOW-21), for rect queries.
    var reachStart = min(start, itemsStart, itemsEnd, cursor) - pass.bandSlack
    var reachEnd = max(cursor, itemsStart, itemsEnd, start) + pass.bandSlack
    for frame in [header, footer].compactMap({ $0 }) {
      let (low, high) = axes.mainRange(frame)
      reachStart = min(reachStart, low)
      reachEnd = max(reachEnd, high)
    }
    let inset = m.inset
    if count > 0
      && (axes.mainLeading(inset) < 0 || axes.mainTrailing(inset) < 0 || m.lineSpacing < 0
        || headerExtent < 0)
    {
      for i in firstCell..<cells.count {
        let (low, high) = axes.mainRange(cells.frames[i])
        reachStart = min(reachStart, low)
        reachEnd = max(reachEnd, high)
      }
    }
    return FlowSection(
      start: start, end: cursor, itemsStart: itemsStart, itemsEnd: itemsEnd, header: header,
      footer: footer, firstCell: firstCell, count: count, reachStart: reachStart,
      reachEnd: reachEnd, itemInsets: itemInsets)
  }

  /// Running bounds of the sections' reaches, so a rect query finds every section that may
  /// hold an element in it even when reaches overlap (negative insets).
  func computeSectionReach(_ axes: FlowAxes) {
    reachPrefixMaxEnd.removeAll(keepingCapacity: true)
    reachSuffixMinStart = [Double](repeating: 0, count: sections.count)
    var maxEnd = -Double.infinity
    for section in sections {
      maxEnd = max(maxEnd, section.reachEnd)
      reachPrefixMaxEnd.append(maxEnd)
    }
    var minStart = Double.infinity
    for i in sections.indices.reversed() {
      minStart = min(minStart, sections[i].reachStart)
      reachSuffixMinStart[i] = minStart
    }
  }

  /// FLOW-19: sizes must be positive (and finite) on both axes.
  func validate(_ size: Size, pass: Pass) -> Bool {
    if size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite {
      return true
    }
    pass.collectionView.raise(
      CollectionViewException(
        name: CollectionViewException.internalInconsistency,
        reason: "negative or zero item sizes are not supported in the flow layout"))
    return false
  }

  /// FLOW-20: UIKit's console warning, once per pass, for an item longer than its line.
  func warnOversize(_ pass: Pass, _ warned: inout Bool) {
    if warned { return }
    warned = true
    let (extent, insets, edges) =
      pass.axes.vertical
      ? ("width", "left and right", "width") : ("height", "top and bottom", "height")
    pass.collectionView.log(
      "the behavior of the UICollectionViewFlowLayout is not defined because:\n"
        + "the item \(extent) must be less than the \(edges) of the UICollectionView minus the "
        + "section insets \(insets) values, minus the content insets \(insets) values.")
  }
}

/// The fixed geometry of one section's lines.
struct LineGeometry {
  let section: Int
  let count: Int
  let metrics: CollectionViewFlowLayout.SectionMetrics
  let insets: (leading: Double, trailing: Double)
  let crossExtent: Double
  let start: Double

  /// FLOW-5: A, the space along a line.
  var available: Double { crossExtent - insets.leading - insets.trailing }
}
