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
    func snap(_ v: Double) -> Double { snapped(v, scale: scale) }
  }

  /// What a pass reads from the collection view besides the counts and the delegate's
  /// answers. A tail relayout (`relayoutTail(_:)`) needs it unchanged since the last pass:
  /// the collection view invalidates on most of these changes, but a subclass may have
  /// declined a bounds change (LAY-8), and a new delegate invalidates nothing.
  struct PassKey: Equatable {
    var crossExtent: Double
    var adjusted: EdgeInsets
    var safeArea: EdgeInsets
    var margins: EdgeInsets
    var scale: Double
    var vertical: Bool
    var delegate: ObjectIdentifier?
  }

  /// What a pass appends to: the frames, the line records, and FLOW-20's warning. Moved
  /// out of `self` for the length of the pass (`beginBuild`), so it is uniquely referenced
  /// and appends skip the class's exclusivity checks and copy-on-write tests.
  struct FlowBuild {
    /// Lines are recorded at least this many cells apart (and the first of each section).
    static let lineRecordSpacing = 4 * AttributeIndex.blockSize

    var cells: AttributeIndex
    var lines: [FlowLine]
    /// The cell from which the next line starting is recorded.
    var nextLineRecord = 0
    /// FLOW-20's message was logged in this pass.
    var warnedOversize = false
    /// The first item longer than its line (FLOW-20) in the layout being built.
    var firstOversize: IndexPath?
    /// Whether an item of the section just laid out got a size of its own (the delegate's
    /// or a measured one), so that its frames depend on which item is where.
    var sectionOwnSizes = false

    /// Records the line about to start at cell `cells.count`, at `origin`. Not every line:
    /// a tail relayout restarts from the last record at or before the line it needs, which
    /// lays out at most `lineRecordSpacing` cells and a line more, while a record per line
    /// would cost every pass an array append per line (5 % of a varied pass).
    @inline(never)
    mutating func recordLine(at origin: Double, ownSizeThrough: Bool) {
      lines.append(
        FlowLine(
          firstCell: cells.count, origin: origin, bandBefore: cells.lastBandStart,
          ownSizeThrough: ownSizeThrough))
      nextLineRecord = cells.count + Self.lineRecordSpacing
    }
  }

  /// Recomputes every frame: sections end to end along the scroll axis (FLOW-15), the
  /// content size from their total and the cross extent (FLOW-2). A FLOW-19 violation
  /// raises and leaves the layout empty, as the app would have stopped there. Either way
  /// `layoutGeneration` moves on.
  func computeLayout() {
    layoutGeneration += 1
    pendingTail = nil
    lastPass = nil
    linesStaleFrom = .max
    let axis: AttributeIndex.Axis = scrollDirection == .vertical ? .vertical : .horizontal
    var build = beginBuild(axis: axis)
    build.cells.removeAll()
    build.lines.removeAll(keepingCapacity: true)
    defer { endBuild(build) }
    sections.removeAll(keepingCapacity: true)
    reachPrefixMaxEnd.removeAll(keepingCapacity: true)
    reachSuffixMinStart.removeAll(keepingCapacity: true)
    contentSize = .zero
    guard let cv = collectionView else { return }
    let pass = makePass(cv, axis: axis)
    let sectionCount = cv.numberOfSections
    var total = 0
    for s in 0..<sectionCount { total += cv.numberOfItems(inSection: s) }
    build.cells.reserveCapacity(total)
    sections.reserveCapacity(sectionCount)
    guard
      let end = layoutSections(0..<sectionCount, from: 0, pass: pass, build: &build)
    else { return }
    finishPass(pass, end: end, fromSection: 0, build: &build)
    recomputedAttributes += total + supplementaryCount(from: 0)
  }

  /// The frames and line records, moved out of `self` for a pass; `endBuild` puts them back.
  func beginBuild(axis: AttributeIndex.Axis) -> FlowBuild {
    let index = cells.axis == axis ? cells : AttributeIndex(axis: axis)
    cells = AttributeIndex(axis: axis)
    let kept = lines
    lines = []
    return FlowBuild(cells: index, lines: kept, firstOversize: firstOversize)
  }

  func endBuild(_ build: FlowBuild) {
    cells = build.cells
    lines = build.lines
    firstOversize = build.firstOversize
  }

  func makePass(_ cv: CollectionView, axis: AttributeIndex.Axis) -> Pass {
    let axes = FlowAxes(vertical: axis == .vertical)
    let adj = cv.adjustedContentInset
    let crossExtent =
      axes.vertical
      ? cv.bounds.width - adj.left - adj.right : cv.bounds.height - adj.top - adj.bottom
    let scale = cv.displayScale > 0 && cv.displayScale.isFinite ? cv.displayScale : 0
    return Pass(
      axes: axes, crossExtent: crossExtent, collectionView: cv,
      delegate: cv.delegate as? CollectionViewDelegateFlowLayout, adjusted: adj, scale: scale,
      bandSlack: scale > 0 ? 1 / scale : 0)
  }

  func passKey(_ pass: Pass) -> PassKey {
    let cv = pass.collectionView
    return PassKey(
      crossExtent: pass.crossExtent, adjusted: pass.adjusted, safeArea: cv.safeAreaInsets,
      margins: cv.effectiveLayoutMargins, scale: pass.scale, vertical: pass.axes.vertical,
      delegate: cv.delegate.map { ObjectIdentifier($0) })
  }

  /// Sections `range` one after another from `cursor`, appended to `sections`; returns where
  /// the last ends, or nil after a FLOW-19 exception, which leaves the layout empty.
  func layoutSections(
    _ range: Range<Int>, from cursor: Double, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    var cursor = cursor
    for s in range {
      guard let section = layoutSection(s, start: cursor, pass: pass, build: &build) else {
        emptyLayout(&build)
        return nil
      }
      sections.append(section)
      cursor = section.end
    }
    return cursor
  }

  /// The end of a pass that laid out sections from `first` on: the content size from the
  /// last section's end and the cross extent (FLOW-2), the index's summaries, the sections'
  /// running reaches, and what the next tail relayout will compare with.
  func finishPass(_ pass: Pass, end: Double, fromSection first: Int, build: inout FlowBuild) {
    let cross = max(pass.crossExtent, 0)
    contentSize =
      pass.axes.vertical ? Size(width: cross, height: end) : Size(width: end, height: cross)
    build.cells.finish()
    computeSectionReach(from: first)
    lastPass = passKey(pass)
  }

  /// How many headers and footers sections `first...` hold.
  func supplementaryCount(from first: Int) -> Int {
    var n = 0
    for s in first..<sections.count {
      n += (sections[s].header == nil ? 0 : 1) + (sections[s].footer == nil ? 0 : 1)
    }
    return n
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
  func layoutSection(_ s: Int, start: Double, pass: Pass, build: inout FlowBuild)
    -> FlowSection?
  {
    let m = metrics(for: s, pass: pass)
    let head = sectionHead(s, start: start, metrics: m, pass: pass, firstCell: build.cells.count)
    return layoutSectionItems(
      s, head, from: ItemsRun(lineStart: head.itemsStart), metrics: m, pass: pass, build: &build)
  }

  /// A section up to its items: the header (FLOW-14: a zero or negative extent means no
  /// header at all) and inset.top. `layoutSectionItems` fills in the rest.
  func sectionHead(
    _ s: Int, start: Double, metrics m: SectionMetrics, pass: Pass, firstCell: Int
  ) -> FlowSection {
    let axes = pass.axes
    var cursor = start
    var header: Rect?
    let headerExtent = axes.main(m.headerSize)
    if headerExtent > 0 {
      header = axes.rect(
        cross: 0, main: pass.snap(cursor), crossExtent: max(pass.crossExtent, 0),
        mainExtent: headerExtent)
      cursor += headerExtent
    }
    cursor += axes.mainLeading(m.inset)
    return FlowSection(
      start: start, end: cursor, itemsStart: cursor, itemsEnd: cursor, header: header,
      footer: nil, firstCell: firstCell,
      count: pass.collectionView.numberOfItems(inSection: s), reachStart: start,
      reachEnd: cursor, itemInsets: crossInsets(m.inset, pass: pass),
      interitemSpacing: m.interitemSpacing, lineSpacing: m.lineSpacing)
  }

  /// The rest of a section after `sectionHead`: its items from `run` on (all of them, or the
  /// tail after a batch), inset.bottom, the footer, and the section's reach. `nil` after a
  /// FLOW-19 exception.
  func layoutSectionItems(
    _ s: Int, _ head: FlowSection, from run: ItemsRun, metrics m: SectionMetrics, pass: Pass,
    build: inout FlowBuild
  ) -> FlowSection? {
    let axes = pass.axes
    var section = head
    var cursor = head.itemsStart
    if head.count > 0 {
      build.nextLineRecord = build.cells.count  // a section's first line is always recorded
      let lines = LineGeometry(
        section: s, count: head.count, metrics: m, insets: head.itemInsets,
        crossExtent: pass.crossExtent)
      guard let end = layoutItems(lines, from: run, pass: pass, build: &build) else {
        return nil
      }
      cursor = end
      section.ownSizes = build.sectionOwnSizes
      section.uniformGrid = usesUniformGrid(pass)
    }
    cursor += axes.mainTrailing(m.inset)
    section.itemsEnd = cursor
    let footerExtent = axes.main(m.footerSize)
    if footerExtent > 0 {
      section.footer = axes.rect(
        cross: 0, main: pass.snap(cursor), crossExtent: max(pass.crossExtent, 0),
        mainExtent: footerExtent)
      cursor += footerExtent
    }
    section.end = cursor
    // Negative insets or spacing can put items outside start…end: the section's reach
    // covers every frame it holds (and the pixel snapping of FLOW-21), for rect queries.
    let (start, itemsStart, itemsEnd) = (head.start, head.itemsStart, section.itemsEnd)
    var reachStart = min(start, itemsStart, itemsEnd, cursor) - pass.bandSlack
    var reachEnd = max(cursor, itemsStart, itemsEnd, start) + pass.bandSlack
    for frame in [section.header, section.footer].compactMap({ $0 }) {
      let (low, high) = axes.mainRange(frame)
      reachStart = min(reachStart, low)
      reachEnd = max(reachEnd, high)
    }
    let inset = m.inset
    if head.count > 0
      && (axes.mainLeading(inset) < 0 || axes.mainTrailing(inset) < 0 || m.lineSpacing < 0
        || axes.main(m.headerSize) < 0)
    {
      for i in head.firstCell..<build.cells.count {
        let (low, high) = axes.mainRange(build.cells.frames[i])
        reachStart = min(reachStart, low)
        reachEnd = max(reachEnd, high)
      }
    }
    section.reachStart = reachStart
    section.reachEnd = reachEnd
    return section
  }

  /// Running bounds of the sections' reaches, so a rect query finds every section that may
  /// hold an element in it even when reaches overlap (negative insets). Sections before
  /// `first` are unchanged: their running maxima stand, and the suffix minima are
  /// recomputed backwards only until one comes out as it was (each depends only on the
  /// next).
  func computeSectionReach(from first: Int = 0) {
    let first = min(first, reachPrefixMaxEnd.count)
    reachPrefixMaxEnd.removeSubrange(first...)
    var maxEnd = first > 0 ? reachPrefixMaxEnd[first - 1] : -Double.infinity
    for section in sections[first...] {
      maxEnd = max(maxEnd, section.reachEnd)
      reachPrefixMaxEnd.append(maxEnd)
    }
    let kept = min(first, reachSuffixMinStart.count)
    reachSuffixMinStart.removeSubrange(kept...)
    let computed = reachSuffixMinStart.count
    reachSuffixMinStart.append(
      contentsOf: repeatElement(0, count: sections.count - computed))
    var minStart = Double.infinity
    for i in sections.indices.reversed() {
      minStart = min(minStart, sections[i].reachStart)
      if i < computed && reachSuffixMinStart[i] == minStart { break }
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
  /// Records the first such item for a later tail relayout (`relayoutTail(_:)`). Out of
  /// line: it is cold, and the loops that call it stay small.
  @inline(never)
  func warnOversize(_ pass: Pass, _ build: inout FlowBuild, item: Int, section: Int) {
    if build.firstOversize == nil { build.firstOversize = IndexPath(item: item, section: section) }
    if build.warnedOversize { return }
    build.warnedOversize = true
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

  /// FLOW-5: A, the space along a line.
  var available: Double { crossExtent - insets.leading - insets.trailing }
}
