extension CollectionViewFlowLayout {
  /// Lays out one section's items from `run` on; returns where its last line ends on the
  /// scroll axis, or `nil` after a FLOW-19 exception.
  func layoutItems(
    _ g: LineGeometry, from run: ItemsRun, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    if usesUniformGrid(pass) {
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
    // Lines are written into the index's room and counted in runs, as a line-by-line
    // section's are (`CellRun`).
    var cells = CellRun()
    while i < g.count {
      let main = pass.snap(lineStart)
      let end = min(i + columns.count, g.count)
      if build.cells.count + cells.count >= build.nextLineRecord {
        cells.flush(into: &build.cells)
        build.recordLine(at: lineStart, ownSizeThrough: false)
      }
      let frames = cells.frameSlots(reserving: end - i, in: &build.cells)
      for c in 0..<(end - i) {
        frames[c] = axes.rect(cross: columns[c], main: main, crossExtent: w, mainExtent: h)
      }
      cells.didWriteLine(
        end - i, at: build.cells.count + cells.count, band: lineStart - pass.bandSlack)
      i = end
      if i < g.count { lineStart += h + g.metrics.lineSpacing }
    }
    cells.flush(into: &build.cells)
    return lineStart + h
  }

  /// FLOW-9's full line of `itemSize` items: how many fit (FLOW-5), the space they leave,
  /// where the first starts and the gap between them (FLOW-6/7, or the common row
  /// alignment, FLOW-12).
  func gridLine(_ g: LineGeometry, axes: FlowAxes) -> (
    perLine: Int, leftover: Double, start: Double, gap: Double
  ) {
    let spacing = g.metrics.interitemSpacing
    let (k, leftover) = capacityCache.capacity(
      extent: axes.cross(itemSize), available: g.available, spacing: spacing, count: g.count)
    let (start, gap) = lineStartAndGap(
      count: k, leading: g.insets.leading, spacing: spacing, leftover: leftover,
      alignment: commonRowHorizontalAlignment)
    return (k, leftover, start, gap)
  }

  /// The snapped cross positions of the first min(k, count) grid columns for `itemSize`.
  func gridColumns(_ g: LineGeometry, pass: Pass) -> [Double] {
    let w = pass.axes.cross(itemSize)
    let (k, _, start, gap) = gridLine(g, axes: pass.axes)
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
    let across = rowAcross
    // Decided once per section rather than per line: the placer is a type parameter, so
    // each loop is compiled for its own placement.
    if pass.scale == 0 && pass.axes.vertical {
      return layoutLines(g, from: start, pass: pass, build: &build, UnsnappedRows(across: across))
    }
    return layoutLines(
      g, from: start, pass: pass, build: &build,
      SnappedLines(across: across, axes: pass.axes, scale: pass.scale))
  }

  /// Where an item sits across its line, as a fraction of the room it leaves (FLOW-10):
  /// exact for each alignment (a product with 0, 1/2 or 1 rounds as the difference, its
  /// half, or 0).
  var rowAcross: Double {
    switch rowVerticalAlignment {
    case .top: 0
    case .center: 0.5
    case .bottom: 1
    }
  }

  private func layoutLines<Placer: LinePlacer>(
    _ g: LineGeometry, from start: ItemsRun, pass: Pass, build: inout FlowBuild,
    _ placer: Placer
  ) -> Double? {
    var extents = LineBuffer(capacity: min(2 * Self.sizeChunk, g.count + 1))
    var lines = LineScan(
      spacing: g.metrics.interitemSpacing, lineSpacing: g.metrics.lineSpacing,
      available: g.available, leading: g.insets.leading, bandSlack: pass.bandSlack,
      alignment: commonRowHorizontalAlignment, lineStart: start.lineStart,
      placed: build.cells.count, nextRecord: build.nextLineRecord)
    // The first item that got its own size (Int.min: one before `start.firstItem` did).
    var firstOwn = start.sawOwnSize ? Int.min : Int.max
    // extents[0] is item `base`.
    var (base, next) = (start.firstItem, start.firstItem)
    while next < g.count {
      let chunk = next..<min(next + Self.sizeChunk, g.count)
      let scanFrom = extents.count
      guard itemExtents(chunk, g, pass, &build, &extents, &firstOwn) else { return nil }
      let (cross, main) = extents.columns
      lines.scan(
        cross, main, scanFrom..<extents.count, placer, &build,
        firstOwn: firstOwn == .min ? .min : firstOwn - base)
      extents.removeFirst(lines.first)
      (base, lines.first, next) = (base + lines.first, 0, chunk.upperBound)
    }
    let ownSizes = firstOwn != .max || estimatedItemSize != .zero
    build.sectionOwnSizes = ownSizes
    let (first, gap) = lastLineStartAndGap(
      g, count: extents.count, leftover: lines.remaining, ownSizes: ownSizes, axes: pass.axes)
    let (cross, main) = extents.columns
    lines.placeLast(
      cross, main, count: extents.count, start: first, gap: gap, placer, &build,
      ownSizeThrough: firstOwn <= base)
    lines.run.flush(into: &build.cells)
    return lines.lineStart + lines.thickness
  }

  /// Items a line-by-line pass sizes before it breaks them into lines: a delegate
  /// answering in batches reads its sizes from memory in runs this long, which the memory
  /// system streams far better than runs of 256 (issue 32: 2.3× the floor then, 2.0× now;
  /// item by item 2.6× then, 2.5× now). The buffers stay in the second-level cache.
  static let sizeChunk = 4096

  /// The last line of a line-by-line section: the last-row alignment (FLOW-8) when an item
  /// got its own size, else the grid's columns for `itemSize` (FLOW-9, OPEN-3).
  func lastLineStartAndGap(
    _ g: LineGeometry, count: Int, leftover: Double, ownSizes: Bool, axes: FlowAxes
  ) -> (start: Double, gap: Double) {
    if ownSizes {
      return lineStartAndGap(
        count: count, leading: g.insets.leading, spacing: g.metrics.interitemSpacing,
        leftover: leftover, alignment: lastRowHorizontalAlignment)
    }
    let grid = gridLine(g, axes: axes)
    return (grid.start, grid.gap)
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

/// The lines of a line-by-line section as they are found and placed: FLOW-5's greedy
/// test over item extents, each closed line placed (FLOW-6/7, FLOW-10) into `run`. The open
/// line and the running position live here between chunks; `scan` keeps them in locals.
/// `~Copyable` because it owns `run`.
struct LineScan: ~Copyable {
  let spacing: Double
  let lineSpacing: Double
  /// FLOW-5: A, the space along a line.
  let available: Double
  let leading: Double
  let bandSlack: Double
  let alignment: CollectionViewFlowLayout.RowHorizontalAlignment
  /// The open line's first item, as an index into the chunk's extents.
  var first = 0
  /// The space left on the open line, and its thickness.
  var remaining = 0.0
  var thickness = 0.0
  /// Where the open line starts on the scroll axis.
  var lineStart: Double
  /// Cells placed in the section's index and `run` together.
  var placed: Int
  /// `build.nextLineRecord`, kept here: read through the inout `build` at every line it
  /// cost 1.8 % of a varied pass (callgrind).
  var nextRecord: Int
  var run = CellRun()

  init(
    spacing: Double, lineSpacing: Double, available: Double, leading: Double,
    bandSlack: Double, alignment: CollectionViewFlowLayout.RowHorizontalAlignment,
    lineStart: Double, placed: Int, nextRecord: Int
  ) {
    (self.spacing, self.lineSpacing, self.available) = (spacing, lineSpacing, available)
    (self.leading, self.bandSlack, self.alignment) = (leading, bandSlack, alignment)
    (self.lineStart, self.placed, self.nextRecord) = (lineStart, placed, nextRecord)
  }

  /// Breaks `items` (indices into `cross` and `main`, which continue the open line) into
  /// lines, placing each line that closes; the last stays open. `firstOwn` is the first
  /// index whose item got its own size (`Int.max`: none yet), for the line records.
  mutating func scan<Placer: LinePlacer>(
    _ cross: UnsafePointer<Double>, _ main: UnsafePointer<Double>, _ items: Range<Int>,
    _ placer: Placer, _ build: inout CollectionViewFlowLayout.FlowBuild, firstOwn: Int
  ) {
    guard !items.isEmpty else { return }
    // Everything the loop changes is in locals rather than in `self`, which the record
    // below takes inout: kept in memory, `remaining` would add a store and a load to the
    // chain the loop carries from item to item, and each line would reload the rest.
    var (first, remaining, thickness) = (self.first, self.remaining, self.thickness)
    var (lineStart, placed) = (self.lineStart, self.placed)
    let (spacing, available, leading) = (self.spacing, self.available, self.leading)
    let (lineSpacing, bandSlack, alignment) = (self.lineSpacing, self.bandSlack, self.alignment)
    // The lines placed here hold at most every entry up to `items.upperBound` (the open
    // line may start before `items`): room for all of them now, so a line checks nothing.
    var frames = run.frameSlots(reserving: items.upperBound, in: &build.cells)
    var k = items.lowerBound
    if k == first {
      (remaining, thickness) = (available - cross[k], main[k])
      k &+= 1
    }
    while k < items.upperBound {
      let w = cross[k]
      let h = main[k]
      if remaining >= spacing + w {
        remaining -= spacing + w
        if h > thickness { thickness = h }
        k &+= 1
        continue
      }
      if placed >= nextRecord {
        self.lineStart = lineStart
        recordLine(&build, ownSizeThrough: firstOwn <= first)
        frames = run.frameSlots(reserving: items.upperBound, in: &build.cells)
      }
      let (start, gap) = lineStartAndGap(
        count: k &- first, leading: leading, spacing: spacing, leftover: remaining,
        alignment: alignment)
      if Placer.records {
        placer.closed(
          PlacedLine(
            count: k &- first, leftover: remaining, next: w, start: start, gap: gap,
            lineStart: lineStart, thickness: thickness))
      }
      Self.place(
        cross + first, main + first, count: k &- first, start: start, gap: gap,
        lineStart: lineStart, thickness: thickness, placer, frames)
      frames += k &- first
      run.didWriteLine(k &- first, at: placed, band: lineStart - bandSlack)
      placed &+= k &- first
      lineStart += thickness + lineSpacing
      first = k
      (remaining, thickness) = (available - w, h)
      k &+= 1
    }
    (self.first, self.remaining, self.thickness) = (first, remaining, thickness)
    (self.lineStart, self.placed) = (lineStart, placed)
  }

  /// Places the open line, `cross[0..<count]` and `main[0..<count]`, as the last (recorded
  /// first if due, with `ownSizeThrough`).
  mutating func placeLast<Placer: LinePlacer>(
    _ cross: UnsafePointer<Double>, _ main: UnsafePointer<Double>, count: Int, start: Double,
    gap: Double, _ placer: Placer, _ build: inout CollectionViewFlowLayout.FlowBuild,
    ownSizeThrough: Bool
  ) {
    guard count > 0 else { return }
    if placed >= nextRecord { recordLine(&build, ownSizeThrough: ownSizeThrough) }
    let frames = run.frameSlots(reserving: count, in: &build.cells)
    if Placer.records {
      placer.closed(
        PlacedLine(
          count: count, leftover: remaining, next: nil, start: start, gap: gap,
          lineStart: lineStart, thickness: thickness))
    }
    Self.place(
      cross, main, count: count, start: start, gap: gap, lineStart: lineStart,
      thickness: thickness, placer, frames)
    run.didWriteLine(count, at: placed, band: lineStart - bandSlack)
    placed += count
  }

  /// Hands `run` to the index and records the line about to be placed at `lineStart`
  /// (`FlowBuild.recordLine`). Out of line: once every few dozen lines, and the loop that
  /// calls it stays small.
  @inline(never)
  private mutating func recordLine(
    _ build: inout CollectionViewFlowLayout.FlowBuild, ownSizeThrough: Bool
  ) {
    run.flush(into: &build.cells)
    build.recordLine(at: lineStart, ownSizeThrough: ownSizeThrough)
    nextRecord = build.nextLineRecord
  }

  /// Writes the frames of a line of `count` items: along the line from `start` with `gap`
  /// between items, across it inside its `thickness` (FLOW-10).
  @inline(__always)
  static func place<Placer: LinePlacer>(
    _ cross: UnsafePointer<Double>, _ main: UnsafePointer<Double>, count: Int, start: Double,
    gap: Double, lineStart: Double, thickness: Double, _ placer: Placer,
    _ frames: UnsafeMutablePointer<Rect>
  ) {
    var x = start
    for j in 0..<count {
      let w = cross[j]
      let h = main[j]
      frames[j] = placer.frame(
        along: x, lineStart: lineStart, thickness: thickness, cross: w, main: h)
      x += w + gap
    }
  }
}

/// How an item's frame follows from its place in a line: its position along the line,
/// the line's start and thickness, and its extents.
protocol LinePlacer {
  func frame(along x: Double, lineStart: Double, thickness: Double, cross w: Double, main h: Double)
    -> Rect
  /// Whether `closed` keeps lines: true only for `why`'s placer. A constant of the type, so
  /// a pass's loop, specialized for its placer, has no trace of the call (an argument built
  /// for a call that does nothing still cost the loop 12 % of its instructions).
  static var records: Bool { get }
  /// A line closed and is about to be placed (`LineRecorder`).
  func closed(_ line: PlacedLine)
}

extension LinePlacer {
  @inline(__always)
  static var records: Bool { false }
  @inline(__always)
  func closed(_ line: PlacedLine) {}
}

/// A line as FLOW-5 closed it and FLOW-6…12 aligned it: its item count, the space left
/// after its last item, the extent along the line of the item that did not fit (nil for
/// the section's last line), where its first item starts and the gap between items, and
/// where it starts on the scroll axis and how thick it is.
public struct PlacedLine: Sendable, Hashable {
  public var count: Int
  public var leftover: Double
  public var next: Double?
  public var start: Double
  public var gap: Double
  public var lineStart: Double
  public var thickness: Double
}

/// `why`'s placer: places as `inner` does, and keeps each line as it closes.
struct RecordingPlacer<Inner: LinePlacer>: LinePlacer {
  let inner: Inner
  let recorder: LineRecorder

  func frame(along x: Double, lineStart: Double, thickness: Double, cross w: Double, main h: Double)
    -> Rect
  {
    inner.frame(along: x, lineStart: lineStart, thickness: thickness, cross: w, main: h)
  }

  static var records: Bool { true }

  func closed(_ line: PlacedLine) { recorder.add(line) }
}

/// What a recording pass keeps of the lines it closes: the one holding item `target`, the
/// one before it, and how many items and lines came before — not every line, which a
/// section of millions of items would make a large array of.
final class LineRecorder {
  let target: Int
  private(set) var found: PlacedLine?
  private(set) var previous: PlacedLine?
  /// Items and lines before the line found (or before the next line, until then).
  private(set) var itemsBefore = 0
  private(set) var linesBefore = 0

  init(target: Int) {
    self.target = target
  }

  func add(_ line: PlacedLine) {
    guard found == nil else { return }
    if target < itemsBefore + line.count {
      found = line
    } else {
      previous = line
      itemsBefore += line.count
      linesBefore += 1
    }
  }
}

/// Vertical lines without FLOW-21's snapping, the common case: the general placement
/// costs a varied pass 7 % more instructions (callgrind).
struct UnsnappedRows: LinePlacer {
  /// Where an item sits across the line, as a fraction of the room it leaves.
  let across: Double

  @inline(__always)
  func frame(along x: Double, lineStart: Double, thickness: Double, cross w: Double, main h: Double)
    -> Rect
  {
    Rect(x: x, y: lineStart + (thickness - h) * across, width: w, height: h)
  }
}

/// Either axis, origins snapped to 1/scale (FLOW-21) when scale > 0.
struct SnappedLines: LinePlacer {
  let across: Double
  let axes: FlowAxes
  let scale: Double

  @inline(__always)
  func frame(along x: Double, lineStart: Double, thickness: Double, cross w: Double, main h: Double)
    -> Rect
  {
    axes.rect(
      cross: snapped(x, scale: scale),
      main: snapped(lineStart + (thickness - h) * across, scale: scale),
      crossExtent: w, mainExtent: h)
  }
}

/// FLOW-21: `v` snapped to 1/scale when scale > 0.
@inline(__always)
func snapped(_ v: Double, scale: Double) -> Double {
  scale > 0 ? ((v * scale) + 0.5).rounded(.down) / scale : v
}
