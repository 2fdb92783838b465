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
  /// as it starts, its first item asked, with whether an item up to there got its own size,
  /// for a tail relayout that restarts there (`run.sawOwnSize`).
  func layoutLineByLine(
    _ g: LineGeometry, from run: ItemsRun, pass: Pass, build: inout FlowBuild
  ) -> Double? {
    // Hoisted: the collection view and the delegate are weakly referenced elsewhere, so
    // retaining them per item takes the runtime's slow path; properties of an open class
    // cost a dynamic call and an exclusivity check each.
    let axes = pass.axes
    let cv = pass.collectionView
    let delegate = pass.delegate
    let itemSize = self.itemSize
    let rowAlignment = rowVerticalAlignment
    let commonAlignment = commonRowHorizontalAlignment
    let spacing = g.metrics.interitemSpacing
    let available = g.available
    let selfSizing = estimatedItemSize != .zero
    let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    let measured = selfSizing && !measuredSizes.isEmpty ? measuredSizes : nil
    var line = LineBuffer()
    var remaining = 0.0
    var lineStart = run.lineStart
    var sawOwnSize = run.sawOwnSize
    for i in run.firstItem..<g.count {
      var size = selfSizing ? estimate : itemSize
      if let measured, let own = measured[IndexPath(item: i, section: g.section)] { size = own }
      if !selfSizing,
        let own = delegate?.collectionView(
          cv, layout: self, sizeForItemAt: IndexPath(item: i, section: g.section))
      {
        size = own
        sawOwnSize = true
      }
      guard validate(size, pass: pass) else { return nil }
      let w = axes.cross(size)
      let h = axes.main(size)
      if w > available { warnOversize(pass, &build, item: i, section: g.section) }
      if line.isEmpty {
        remaining = available - w
        if build.cells.count >= build.nextLineRecord {
          build.recordLine(at: lineStart, ownSizeThrough: sawOwnSize)
        }
      } else if remaining >= spacing + w {
        remaining -= spacing + w
      } else {
        let (start, gap) = lineStartAndGap(
          count: line.count, leading: g.insets.leading, spacing: spacing, leftover: remaining,
          alignment: commonAlignment)
        lineStart = place(&line, start: start, gap: gap, at: lineStart, rowAlignment, pass, &build)
        lineStart += g.metrics.lineSpacing
        remaining = available - w
        if build.cells.count >= build.nextLineRecord {
          build.recordLine(at: lineStart, ownSizeThrough: sawOwnSize)
        }
      }
      line.append(cross: w, main: h)
    }
    build.sectionOwnSizes = sawOwnSize || selfSizing
    let (start, gap) = lastLineStartAndGap(
      g, count: line.count, leftover: remaining, ownSizes: sawOwnSize || selfSizing, axes: axes)
    return place(&line, start: start, gap: gap, at: lineStart, rowAlignment, pass, &build)
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

  /// Appends one line's frames and empties the buffer: along the line from `start` with
  /// `gap` between items, across it by the row vertical alignment inside the line's
  /// thickness (FLOW-10). Returns where the line ends on the scroll axis.
  func place(
    _ line: inout LineBuffer, start: Double, gap: Double, at lineStart: Double,
    _ rowAlignment: RowVerticalAlignment, _ pass: Pass, _ build: inout FlowBuild
  ) -> Double {
    let thickness = line.thickness
    let band = lineStart - pass.bandSlack
    var x = start
    for j in 0..<line.count {
      let w = line.cross(j)
      let h = line.main(j)
      let offset: Double
      switch rowAlignment {
      case .top: offset = 0
      case .center: offset = (thickness - h) / 2
      case .bottom: offset = thickness - h
      }
      build.cells.append(
        pass.axes.rect(
          cross: pass.snap(x), main: pass.snap(lineStart + offset), crossExtent: w, mainExtent: h),
        bandStart: band)
      x += w + gap
    }
    line.removeAll()
    return lineStart + thickness
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

/// The items of the line being filled: extents along it (cross) and across it (main).
/// One scratch allocation per section, grown by doubling; emptying only resets `count`. A
/// struct over raw storage, so the hot loop pays neither copy-on-write nor exclusivity
/// checks. It is `~Copyable` and frees its storage in `deinit`: the compiler rejects a
/// copy, so the storage has exactly one owner and is freed exactly once (the model of
/// swift-collections' `RigidDeque`).
struct LineBuffer: ~Copyable {
  private var crossStorage: UnsafeMutablePointer<Double>
  private var mainStorage: UnsafeMutablePointer<Double>
  private var capacity: Int
  private(set) var count = 0
  private(set) var thickness = 0.0

  init(capacity: Int = 64) {
    precondition(capacity > 0, "a line buffer needs room for one item")
    self.capacity = capacity
    crossStorage = .allocate(capacity: capacity)
    mainStorage = .allocate(capacity: capacity)
  }

  deinit {
    crossStorage.deallocate()
    mainStorage.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// The extent along the line of item `j` (`0..<count`).
  @inline(__always)
  func cross(_ j: Int) -> Double { crossStorage[j] }

  /// The extent across the line of item `j` (`0..<count`).
  @inline(__always)
  func main(_ j: Int) -> Double { mainStorage[j] }

  @inline(__always)
  mutating func append(cross w: Double, main h: Double) {
    if count == capacity { grow() }
    (crossStorage + count).initialize(to: w)
    (mainStorage + count).initialize(to: h)
    count += 1
    if h > thickness { thickness = h }
  }

  private mutating func grow() {
    let bigger = capacity * 2
    let newCross = UnsafeMutablePointer<Double>.allocate(capacity: bigger)
    let newMain = UnsafeMutablePointer<Double>.allocate(capacity: bigger)
    newCross.moveInitialize(from: crossStorage, count: count)
    newMain.moveInitialize(from: mainStorage, count: count)
    crossStorage.deallocate()
    mainStorage.deallocate()
    (crossStorage, mainStorage, capacity) = (newCross, newMain, bigger)
  }

  mutating func removeAll() {
    count = 0
    thickness = 0
  }
}
