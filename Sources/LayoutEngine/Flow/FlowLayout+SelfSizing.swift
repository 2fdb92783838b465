extension CollectionViewFlowLayout {
  /// FLOW-23 / LAY-12: with self-sizing on (`estimatedItemSize` not zero), a preferred size
  /// other than the one laid out invalidates.
  func shouldInvalidate(preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
    estimatedItemSize != .zero && preferred.representedElementCategory == .cell
      && preferred.size != original.size
  }

  /// LAY-12: records the measured size and lays the content out again at once, so the
  /// context can carry exact adjustments (LAY-10):
  /// - `contentSizeAdjustment`: how the content size changed;
  /// - `contentOffsetAdjustment`: when the cell starts above the visible area (entering
  ///   from the top while scrolling up, say), how far the first displayed item below it
  ///   moved, so what is on screen does not jump.
  /// The frames are already current, so the context keeps them
  /// (`invalidateFlowLayoutAttributes` false); it names no element, because everything
  /// after the cell moved, so the collection view asks for the visible rect again.
  func preferredSizeContext(preferred: LayoutAttributes, original: LayoutAttributes)
    -> InvalidationContext
  {
    let context = FlowLayoutInvalidationContext()
    guard let cv = collectionView else { return context }
    let path = preferred.indexPath
    measuredSizes[path] = preferred.size
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let oldSize = contentSize
    let adj = cv.adjustedContentInset
    let (visibleStart, _) = axes.mainRange(cv.bounds)
    let top = visibleStart + axes.mainLeading(adj)
    // The anchor: the first displayed item that starts below the changed cell. While the
    // cell starts above the visible area (wholly or partly), the anchor must not move.
    let (cellStart, cellEnd) = axes.mainRange(original.frame)
    let anchor = firstCell(startingAtOrAfter: cellEnd, after: path, axes)
    let anchorBefore = anchor.flatMap { item(at: $0) }.map { axes.mainRange($0.frame).0 }
    let above = cellStart < top
    if !resizeInPlace(path, to: preferred.size, axes: axes, scale: cv.displayScale) {
      computeLayout()
    }
    needsRecompute = false
    context.invalidateFlowLayoutAttributes = false
    context.invalidateFlowLayoutDelegateMetrics = false
    context.contentSizeAdjustment = Size(
      width: contentSize.width - oldSize.width, height: contentSize.height - oldSize.height)
    if above, let anchor, let before = anchorBefore,
      let after = item(at: anchor).map({ axes.mainRange($0.frame).0 }), after != before
    {
      let delta = after - before
      context.contentOffsetAdjustment =
        axes.vertical ? Point(x: 0, y: delta) : Point(x: delta, y: 0)
    }
    return context
  }

  /// Self-sizing in O(line + log n + sections), instead of laying everything out again
  /// (which is what UIKit does): when only the cell's extent along the scroll axis changes,
  /// the line keeps its items, so only that line is placed again (FLOW-10 inside its new
  /// thickness) and everything after it moves by the change of thickness — the frames
  /// through the index's pending moves, the sections' extents directly. Falls back (false)
  /// when the width changes, pixels are snapped, a subclass derives elements from the
  /// geometry (`resizesItemsInPlace` false), or the index cannot move.
  func resizeInPlace(_ path: IndexPath, to size: Size, axes: FlowAxes, scale: Double) -> Bool {
    guard scale == 0, resizesItemsInPlace, cells.monotoneEnds, !needsRecompute, pendingTail == nil,
      sections.indices.contains(path.section), path.item >= 0,
      path.item < sections[path.section].count
    else { return false }
    let section = sections[path.section]
    let g = section.firstCell + path.item
    let old = cells.frame(at: g)
    guard axes.cross(old.size) == axes.cross(size) else { return false }
    // The line: the run of cells around g whose cross positions increase.
    let cross = { (f: Rect) in axes.vertical ? f.minX : f.minY }
    var first = g
    while first > section.firstCell
      && cross(cells.frame(at: first - 1)) < cross(cells.frame(at: first))
    {
      first -= 1
    }
    var last = g
    let end = section.firstCell + section.count
    while last + 1 < end && cross(cells.frame(at: last + 1)) > cross(cells.frame(at: last)) {
      last += 1
    }
    let extents = (first...last).map { axes.main(cells.frame(at: $0).size) }
    let oldThickness = extents.max() ?? 0
    let lineStart = axes.mainRange(old).0 - offset(in: oldThickness, extent: axes.main(old.size))
    var newExtents = extents
    newExtents[g - first] = axes.main(size)
    let thickness = newExtents.max() ?? 0
    for j in first...last {
      var f = cells.frame(at: j)
      let extent = newExtents[j - first]
      if j == g { f.size = size }
      let main = lineStart + offset(in: thickness, extent: extent)
      if axes.vertical { f.origin.y = main } else { f.origin.x = main }
      cells.setFrame(f, at: j)
    }
    recomputedAttributes += last - first + 1
    let delta = thickness - oldThickness
    guard delta != 0 else { return true }
    guard cells.shift(from: last + 1, by: delta) else { return false }
    // The lines after this one moved: their records no longer give their origins.
    linesStaleFrom = min(linesStaleFrom, last + 1)
    moveSections(from: path.section, by: delta, axes: axes)
    if axes.vertical { contentSize.height += delta } else { contentSize.width += delta }
    return true
  }

  /// Where an item of `extent` sits inside a line of `thickness` (FLOW-10).
  func offset(in thickness: Double, extent: Double) -> Double {
    switch rowVerticalAlignment {
    case .top: 0
    case .center: (thickness - extent) / 2
    case .bottom: thickness - extent
    }
  }

  /// Section `s` grew by `delta` inside its items; it and every later section move on.
  func moveSections(from s: Int, by delta: Double, axes: FlowAxes) {
    func move(_ r: Rect?) -> Rect? {
      guard var r else { return nil }
      if axes.vertical { r.origin.y += delta } else { r.origin.x += delta }
      return r
    }
    sections[s].end += delta
    sections[s].itemsEnd += delta
    sections[s].reachEnd += delta
    sections[s].footer = move(sections[s].footer)
    for i in (s + 1)..<sections.count {
      sections[i].start += delta
      sections[i].end += delta
      sections[i].itemsStart += delta
      sections[i].itemsEnd += delta
      sections[i].reachStart += delta
      sections[i].reachEnd += delta
      sections[i].header = move(sections[i].header)
      sections[i].footer = move(sections[i].footer)
    }
    computeSectionReach(from: s)
  }

  /// The first cell after `path`, in index order, that starts at or after `position` on the
  /// scroll axis: the first cell below the changed cell's line.
  func firstCell(startingAtOrAfter position: Double, after path: IndexPath, _ axes: FlowAxes)
    -> IndexPath?
  {
    guard sections.indices.contains(path.section) else { return nil }
    var s = path.section
    var i = path.item + 1
    while s < sections.count {
      let section = sections[s]
      while i < section.count {
        if axes.mainRange(cells.frame(at: section.firstCell + i)).0 >= position {
          return IndexPath(item: i, section: s)
        }
        i += 1
      }
      s += 1
      i = 0
    }
    return nil
  }
}
