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
    computeLayout()
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
        if axes.mainRange(cells.frames[section.firstCell + i]).0 >= position {
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
