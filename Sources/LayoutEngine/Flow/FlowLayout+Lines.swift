extension CollectionViewFlowLayout {
  /// Lays out one section's items from `run` on; returns where its last line ends on the
  /// scroll axis, or `nil` after a FLOW-19 exception.
  func layoutItems(
    _ g: LineGeometry, from run: ItemsRun, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    if pass.delegate == nil && estimatedItemSize == .zero {
      build.sectionOwnSizes = false
      return layoutUniformGrid(g, from: run, pass: pass, build: &build)
    }
    return layoutLineByLine(g, from: run, pass: pass, build: &build)
  }

  /// FLOW-9, the uniform path: every item is `itemSize`, so the greedy fill gives the same k
  /// for every line; the k column positions are computed once (FLOW-6/7 or the common row
  /// alignment) and item i goes to line ⌊i/k⌋, column i mod k — the last line included,
  /// which keeps the grid's columns. Each line's origin is the previous one's plus h +
  /// spacing (an addition, never a multiplication, which `lines` reproduces by restarting
  /// from a recorded origin).
  func layoutUniformGrid(
    _ g: LineGeometry, from run: ItemsRun, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    guard validate(itemSize, pass: pass) else { return nil }
    let axes = pass.axes
    let w = axes.cross(itemSize)
    let h = axes.main(itemSize)
    if w > g.available {
      warnOversize(pass, &build, item: 0, section: g.section)
    }
    let columns = gridColumns(g, pass: pass)
    var lineStart = run.lineStart
    var i = run.firstItem
    while i < g.count {
      let main = pass.snap(lineStart)
      let band = lineStart - pass.bandSlack
      let end = min(i + columns.count, g.count)
      if build.cells.count >= build.nextLineRecord {
        build.recordLine(at: lineStart, ownSizeThrough: false)
      }
      for c in 0..<(end - i) {
        build.cells.append(
          axes.rect(cross: columns[c], main: main, crossExtent: w, mainExtent: h), bandStart: band)
      }
      i = end
      if i < g.count { lineStart += h + g.metrics.lineSpacing }
    }
    return lineStart + h
  }

  /// The snapped cross positions of the first min(k, count) grid columns for `itemSize`.
  func gridColumns(_ g: LineGeometry, pass: Pass) -> [Double] {
    let w = pass.axes.cross(itemSize)
    let spacing = g.metrics.interitemSpacing
    let (k, leftover) = capacityCache.capacity(
      extent: w, available: g.available, spacing: spacing, count: g.count)
    let (start, gap) = lineStartAndGap(
      count: k, leading: g.insets.leading, spacing: spacing, leftover: leftover,
      alignment: commonRowHorizontalAlignment)
    let needed = min(k, g.count)
    var columns = [Double](repeating: 0, count: needed)
    var x = start
    for c in 0..<needed {
      columns[c] = pass.snap(x)
      x += w + gap
    }
    return columns
  }

  /// FLOW-5/6/7/8: item by item, sizes from the delegate (or the estimate when
  /// self-sizing), greedy lines with the exact test `remaining ≥ spacing + w`. A closed line
  /// is placed with the common row alignment. The last line takes the last-row alignment
  /// (FLOW-8) — unless no item of the section got its own size, in which case it keeps the
  /// grid's columns as on the uniform path (FLOW-9, OPEN-3). A line is recorded (when due)
  /// as it starts, with whether an item up to its first got its own size, for a tail
  /// relayout that restarts there (`ItemsRun.sawOwnSize`).
  ///
  /// Items go in chunks of `sizeChunk`: every size of a chunk is asked, checked and
  /// appended to `extents`, which then holds the open line followed by the chunk; the
  /// chunk is broken into lines there, and the line still open moves to the front for the
  /// next chunk. Each loop stays small and keeps its
  /// state in registers (issue 32). What the delegate and the console see happens in item
  /// order as before: the questions, the FLOW-19 exception at the first bad size, the
  /// FLOW-20 warning.
  func layoutLineByLine(
    _ g: LineGeometry, from start: ItemsRun, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    let rowAlignment = rowVerticalAlignment
    let commonAlignment = commonRowHorizontalAlignment
    let spacing = g.metrics.interitemSpacing
    let lineSpacing = g.metrics.lineSpacing
    let available = g.available
    var extents = LineBuffer(capacity: 2 * Self.sizeChunk)
    var run = CellRun(capacity: 256)
    var (remaining, thickness, lineStart) = (0.0, 0.0, start.lineStart)
    // The first item that got its own size (Int.min: one before `start.firstItem` did).
    var firstOwn = start.sawOwnSize ? Int.min : Int.max
    // The open line is extents[lineFirst...]; extents[0] is item `base`.
    var (lineFirst, base, next) = (0, start.firstItem, start.firstItem)
    // `build.cells.count + run.count` and `build.nextLineRecord`, kept in locals: read
    // through the inout `build` at every line they cost 1.8 % of a varied pass (callgrind).
    var placed = build.cells.count
    var nextRecord = build.nextLineRecord
    while next < g.count {
      let chunk = next..<min(next + Self.sizeChunk, g.count)
      let scanFrom = extents.count
      guard itemExtents(chunk, g, pass, &build, &extents, &firstOwn) else { return nil }
      for k in scanFrom..<extents.count {
        let w = extents.cross(k)
        let h = extents.main(k)
        if k != lineFirst {
          if remaining >= spacing + w {
            remaining -= spacing + w
            if h > thickness { thickness = h }
            continue
          }
          let (first, gap) = lineStartAndGap(
            count: k - lineFirst, leading: g.insets.leading, spacing: spacing,
            leftover: remaining, alignment: commonAlignment)
          place(
            extents, lineFirst..<k, start: first, gap: gap, at: lineStart, thickness: thickness,
            rowAlignment, pass, &run)
          placed += k - lineFirst
          lineStart += thickness + lineSpacing
          lineFirst = k
        }
        (remaining, thickness) = (available - w, h)
        if placed >= nextRecord {
          run.flush(into: &build.cells)
          build.recordLine(at: lineStart, ownSizeThrough: firstOwn <= base + k)
          nextRecord = build.nextLineRecord
        }
      }
      extents.removeFirst(lineFirst)
      (base, lineFirst, next) = (base + lineFirst, 0, chunk.upperBound)
    }
    let ownSizes = firstOwn != .max || estimatedItemSize != .zero
    build.sectionOwnSizes = ownSizes
    let (first, gap) = lastLineStartAndGap(
      g, count: extents.count, leftover: remaining, ownSizes: ownSizes, axes: pass.axes)
    place(
      extents, 0..<extents.count, start: first, gap: gap, at: lineStart, thickness: thickness,
      rowAlignment, pass, &run)
    run.flush(into: &build.cells)
    return lineStart + thickness
  }

  /// Items a line-by-line pass sizes before it breaks them into lines.
  static let sizeChunk = 256

  /// Appends the sizes of `items` to `extents` as (cross, main) extents: the measured size
  /// or the estimate when self-sizing, else the delegate's answer or `itemSize`; `firstOwn`
  /// becomes the first item the delegate answered for. False after a FLOW-19 exception;
  /// FLOW-20's warning is given here, in item order.
  private func itemExtents(
    _ items: Range<Int>, _ g: LineGeometry, _ pass: Pass, _ build: inout FlowBuild,
    _ extents: inout LineBuffer, _ firstOwn: inout Int
  ) -> Bool {
    // Hoisted: the collection view and the delegate are weakly referenced elsewhere, so
    // retaining them per item takes the runtime's slow path; properties of an open class
    // cost a dynamic call and an exclusivity check each.
    let axes = pass.axes
    let cv = pass.collectionView
    let delegate = pass.delegate
    let itemSize = self.itemSize
    let available = g.available
    let selfSizing = estimatedItemSize != .zero
    let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    let measured = selfSizing && !measuredSizes.isEmpty ? measuredSizes : nil
    extents.reserve(items.count)
    // Kept in a local: `firstOwn` is inout, and a store to it per item stays in memory.
    var first = firstOwn
    defer { firstOwn = first }
    for i in items {
      var size = selfSizing ? estimate : itemSize
      if let measured, let own = measured[IndexPath(item: i, section: g.section)] { size = own }
      if !selfSizing,
        let own = delegate?.collectionView(
          cv, layout: self, sizeForItemAt: IndexPath(item: i, section: g.section))
      {
        size = own
        if i < first { first = i }
      }
      guard validate(size, pass: pass) else { return false }
      let w = axes.cross(size)
      if w > available { warnOversize(pass, &build, item: i, section: g.section) }
      extents.append(w, axes.main(size))
    }
    return true
  }

  /// The last line of a line-by-line section: the last-row alignment (FLOW-8) when an item
  /// got its own size, else the grid's columns for `itemSize` (FLOW-9, OPEN-3).
  func lastLineStartAndGap(
    _ g: LineGeometry, count: Int, leftover: Double, ownSizes: Bool, axes: FlowAxes
  ) -> (start: Double, gap: Double) {
    let spacing = g.metrics.interitemSpacing
    if ownSizes {
      return lineStartAndGap(
        count: count, leading: g.insets.leading, spacing: spacing, leftover: leftover,
        alignment: lastRowHorizontalAlignment)
    }
    let (k, gridLeftover) = capacityCache.capacity(
      extent: axes.cross(itemSize), available: g.available, spacing: spacing,
      count: g.count)
    return lineStartAndGap(
      count: k, leading: g.insets.leading, spacing: spacing, leftover: gridLeftover,
      alignment: commonRowHorizontalAlignment)
  }

  /// Appends the frames of the line `extents[range]` to `run`: along the line from
  /// `start` with `gap` between items, across it by the row vertical alignment inside the
  /// line's `thickness` (FLOW-10).
  func place(
    _ extents: borrowing LineBuffer, _ range: Range<Int>, start: Double, gap: Double,
    at lineStart: Double, thickness: Double, _ rowAlignment: RowVerticalAlignment,
    _ pass: Pass, _ run: inout CellRun
  ) {
    let band = lineStart - pass.bandSlack
    run.reserve(range.count)
    // Where an item sits across the line, as a fraction of the room it leaves: exact for
    // each alignment (a product with 0, 1/2 or 1 rounds as the difference, its half, or 0).
    let across: Double
    switch rowAlignment {
    case .top: across = 0
    case .center: across = 0.5
    case .bottom: across = 1
    }
    var x = start
    if pass.scale == 0 && pass.axes.vertical {
      // The common case without FLOW-21's snapping, kept free of per-item branches: the
      // general loop below costs a varied pass 7 % more instructions (callgrind).
      for j in range {
        let w = extents.cross(j)
        let h = extents.main(j)
        run.append(
          Rect(x: x, y: lineStart + (thickness - h) * across, width: w, height: h), band)
        x += w + gap
      }
      return
    }
    for j in range {
      let w = extents.cross(j)
      let h = extents.main(j)
      run.append(
        pass.axes.rect(
          cross: pass.snap(x), main: pass.snap(lineStart + (thickness - h) * across),
          crossExtent: w, mainExtent: h), band)
      x += w + gap
    }
  }
}

/// A laid-out line a tail relayout can restart from: the index position of its first
/// cell, its origin on the scroll axis (the `lineStart` the pass placed it at, before
/// FLOW-21's snapping: frames cannot give it back, since items are aligned inside the line,
/// FLOW-10, and snapped), and the band start of the entry before it, which the cut index
/// needs (`AttributeIndex.removeLast(from:lastBandStart:)`).
struct FlowLine {
  var firstCell: Int
  var origin: Double
  var bandBefore: Double
  /// Whether an item of the section up to this line's first got its own size from the
  /// delegate: the last line's alignment depends on it (FLOW-8 vs FLOW-9, OPEN-3). A tail
  /// relayout asks the first item again and, the batch's changes being after it, gets the
  /// same answer, so this is all it needs to know of the items before.
  var ownSizeThrough: Bool
}

/// Where a section's items are laid out from: item 0 at the items' start, or, for the
/// tail after a batch, the first item of a recorded line at its origin.
struct ItemsRun {
  var firstItem = 0
  var lineStart: Double
  /// Whether an item before `firstItem` (or `firstItem` itself) got its own size
  /// (`FlowLine.ownSizeThrough`).
  var sawOwnSize = false
}
