/// How the flow layout placed one item (FLOW-2…FLOW-21), for tools that explain a layout
/// (`why item` in a script). Made on request from the layout's own decisions: the item's
/// section is broken into lines again by the same scan as the pass (`LineScan`, or the
/// uniform grid's capacity and columns), over the sizes the pass placed, keeping each line
/// as it closed; nothing is asked of the delegate.
public struct FlowResolution: Sendable {
  public let indexPath: IndexPath
  public let vertical: Bool
  /// FLOW-2: the bounds and adjusted content inset that give D, the extent across.
  public let bounds: Rect
  public let adjustedContentInset: EdgeInsets
  public let crossExtent: Double
  /// FLOW-16: the items' insets at the start and the end of a line.
  public let leadingInset: Double
  public let trailingInset: Double
  /// FLOW-5: A, the space along a line.
  public let available: Double
  public let interitemSpacing: Double
  public let lineSpacing: Double
  /// FLOW-13/14: where the section starts, its header's extent, where its lines start.
  public let sectionStart: Double
  public let headerExtent: Double
  public let itemsStart: Double
  /// FLOW-9: every item is `itemSize` (no delegate sizes), so every full line holds
  /// `perLine` items at the same columns.
  public let uniform: Bool
  public let perLine: Int
  /// The line holding the item (from 0), its first item, and how it was closed and placed.
  public let line: Int
  public let lineFirstItem: Int
  public let placed: PlacedLine
  /// The line before, when there is one (the item may have failed to fit on it).
  public let previous: PlacedLine?
  /// The extents of the line's items along the line and across it.
  public let crossExtents: [Double]
  public let mainExtents: [Double]
  /// The frames of the line's items as the layout holds them (their gaps are the line's
  /// interitem spacing as placed).
  public let lineFrames: [Rect]
  /// The alignment the line was placed with (FLOW-6…FLOW-9, FLOW-12) and the fraction of
  /// the room across the line an item sits at (FLOW-10).
  public let alignment: CollectionViewFlowLayout.RowHorizontalAlignment
  public let lastLine: Bool
  /// The line is placed at the grid's columns (FLOW-9): every line of a uniform section,
  /// and the last line of a section where no item got a size of its own (OPEN-3).
  public let gridColumns: Bool
  public let across: Double
  /// FLOW-21: origins snapped to 1/scale when scale > 0.
  public let scale: Double
  /// The item's frame as the layout holds it.
  public let frame: Rect
  /// Where the item's size came from.
  public let sizing: FlowItemSizing

  /// The item's place in its line (from 0).
  public var position: Int { indexPath.item - lineFirstItem }
}

/// Where a flow layout took an item's size from.
public enum FlowItemSizing: Sendable, Hashable {
  /// `itemSize`, every item's (FLOW-3).
  case itemSize
  /// The delegate's `collectionView(_:layout:sizeForItemAt:)` (FLOW-4).
  case delegate
  /// Self-sizing (FLOW-23): the estimate (`itemSize` when `estimatedItemSize` is
  /// `automaticSize`), and the size the cell preferred once measured, which the layout
  /// keeps in place of the estimate (LAY-12).
  case selfSizing(estimate: Size, automatic: Bool, measured: Size?)
}

extension CollectionViewFlowLayout {
  /// How item `indexPath` was placed; nil when the layout holds no such item.
  public func resolution(ofItemAt indexPath: IndexPath) -> FlowResolution? {
    guard let cv = collectionView, sections.indices.contains(indexPath.section) else {
      return nil
    }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    let pass = makePass(cv, axis: cells.axis)
    let axes = pass.axes
    let g = LineGeometry(
      section: indexPath.section, count: section.count,
      metrics: SectionMetrics(
        inset: .zero, lineSpacing: section.lineSpacing,
        interitemSpacing: section.interitemSpacing, headerSize: .zero, footerSize: .zero),
      insets: section.itemInsets, crossExtent: pass.crossExtent)
    let recorder = LineRecorder(target: indexPath.item)
    // The path the pass took, not the one the delegate now would choose.
    let uniform = section.uniformGrid
    if uniform {
      uniformLines(g, section, pass, recorder)
    } else {
      scanLines(g, section, pass, recorder)
    }
    guard let placed = recorder.found else { return nil }
    let first = recorder.itemsBefore
    let frames = (first..<(first + placed.count)).map { cells.frame(at: section.firstCell + $0) }
    let sizes = frames.map(\.size)
    let isLast = placed.next == nil
    return FlowResolution(
      indexPath: indexPath, vertical: axes.vertical, bounds: cv.bounds,
      adjustedContentInset: pass.adjusted, crossExtent: pass.crossExtent,
      leadingInset: g.insets.leading, trailingInset: g.insets.trailing, available: g.available,
      interitemSpacing: section.interitemSpacing, lineSpacing: section.lineSpacing,
      sectionStart: section.start, headerExtent: section.header.map { axes.main($0.size) } ?? 0,
      itemsStart: section.itemsStart, uniform: uniform,
      perLine: uniform ? gridLine(g, axes: axes).perLine : 0,
      line: recorder.linesBefore, lineFirstItem: first, placed: placed,
      previous: recorder.previous, crossExtents: sizes.map(axes.cross),
      mainExtents: sizes.map(axes.main), lineFrames: frames,
      // The last line keeps the grid's columns when no item got its own size (FLOW-9,
      // OPEN-3), else takes the last-row alignment (FLOW-8).
      alignment: isLast && section.ownSizes
        ? lastRowHorizontalAlignment : commonRowHorizontalAlignment,
      lastLine: isLast, gridColumns: uniform || (isLast && !section.ownSizes),
      across: rowAcross, scale: pass.scale,
      frame: cells.frame(at: section.firstCell + indexPath.item),
      sizing: sizing(of: indexPath, pass))
  }

  /// Where the pass took the item's size from: the measured size or the estimate when
  /// self-sizing (which asks the delegate nothing), else the delegate's or `itemSize`.
  private func sizing(of indexPath: IndexPath, _ pass: Pass) -> FlowItemSizing {
    guard estimatedItemSize != .zero else { return pass.delegate == nil ? .itemSize : .delegate }
    let automatic = estimatedItemSize == Self.automaticSize
    return .selfSizing(
      estimate: automatic ? itemSize : estimatedItemSize, automatic: automatic,
      measured: measuredSizes[indexPath])
  }

  /// Whether a pass lays the items out as FLOW-9's grid (`layoutItems`' choice).
  func usesUniformGrid(_ pass: Pass) -> Bool {
    pass.delegate == nil && estimatedItemSize == .zero
  }

  /// A line-by-line section scanned again as the pass scanned it: the same `LineScan`, in
  /// the same chunks, over the sizes the pass placed, the last line aligned by
  /// `lastLineStartAndGap`; it stops once the recorder has the item's line.
  private func scanLines(
    _ g: LineGeometry, _ section: FlowSection, _ pass: Pass, _ recorder: LineRecorder
  ) {
    let axes = pass.axes
    func scan<Placer: LinePlacer>(_ placer: Placer) {
      var build = FlowBuild(cells: AttributeIndex(axis: cells.axis), lines: [])
      build.nextLineRecord = .max
      var lines = LineScan(
        spacing: g.metrics.interitemSpacing, lineSpacing: g.metrics.lineSpacing,
        available: g.available, leading: g.insets.leading, bandSlack: pass.bandSlack,
        alignment: commonRowHorizontalAlignment, lineStart: section.itemsStart, placed: 0,
        nextRecord: .max)
      var extents = LineBuffer(capacity: min(2 * Self.sizeChunk, g.count + 1))
      var next = 0
      while next < g.count && recorder.found == nil {
        let chunk = next..<min(next + Self.sizeChunk, g.count)
        let scanFrom = extents.count
        extents.reserve(chunk.count)
        for i in chunk {
          let size = cells.frame(at: section.firstCell + i).size
          extents.append(axes.cross(size), axes.main(size))
        }
        let (cross, main) = extents.columns
        lines.scan(cross, main, scanFrom..<extents.count, placer, &build, firstOwn: .max)
        extents.removeFirst(lines.first)
        (lines.first, next) = (0, chunk.upperBound)
      }
      guard recorder.found == nil else { return }
      let (start, gap) = lastLineStartAndGap(
        g, count: extents.count, leftover: lines.remaining, ownSizes: section.ownSizes, axes: axes)
      let (cross, main) = extents.columns
      lines.placeLast(
        cross, main, count: extents.count, start: start, gap: gap, placer, &build,
        ownSizeThrough: section.ownSizes)
    }
    if pass.scale == 0 && axes.vertical {
      scan(RecordingPlacer(inner: UnsnappedRows(across: rowAcross), recorder: recorder))
    } else {
      scan(
        RecordingPlacer(
          inner: SnappedLines(across: rowAcross, axes: axes, scale: pass.scale),
          recorder: recorder))
    }
  }

  /// FLOW-9's grid as the pass laid it out: `perLine` items a line (the same capacity
  /// cache), at the grid's columns, each line as thick as an item and its origin the
  /// previous one's plus h + spacing (added, as `layoutUniformGrid` adds).
  private func uniformLines(
    _ g: LineGeometry, _ section: FlowSection, _ pass: Pass, _ recorder: LineRecorder
  ) {
    let w = pass.axes.cross(itemSize)
    let h = pass.axes.main(itemSize)
    let (k, leftover, start, gap) = gridLine(g, axes: pass.axes)
    var lineStart = section.itemsStart
    var placed = 0
    while recorder.found == nil && placed < g.count {
      let count = min(k, g.count - placed)
      placed += count
      recorder.add(
        PlacedLine(
          count: count, leftover: leftover, next: placed < g.count ? w : nil, start: start,
          gap: gap, lineStart: lineStart, thickness: h))
      lineStart += h + g.metrics.lineSpacing
    }
  }
}
