extension CollectionViewFlowLayout {
  /// Lays out one section's items; returns where its last line ends on the scroll axis, or
  /// `nil` after a FLOW-19 exception.
  func layoutItems(
    _ g: LineGeometry, pass: Pass, cells: inout AttributeIndex, warnedOversize: inout Bool
  ) -> Double? {
    if pass.delegate == nil && estimatedItemSize == .zero {
      return layoutUniformGrid(g, pass: pass, cells: &cells, warnedOversize: &warnedOversize)
    }
    return layoutLineByLine(g, pass: pass, cells: &cells, warnedOversize: &warnedOversize)
  }

  /// FLOW-9, the uniform path: every item is `itemSize`, so the greedy fill gives the same k
  /// for every line; the k column positions are computed once (FLOW-6/7 or the common row
  /// alignment) and item i goes to line ⌊i/k⌋, column i mod k — the last line included,
  /// which keeps the grid's columns.
  func layoutUniformGrid(
    _ g: LineGeometry, pass: Pass, cells: inout AttributeIndex, warnedOversize: inout Bool
  ) -> Double? {
    guard validate(itemSize, pass: pass) else { return nil }
    let axes = pass.axes
    let w = axes.cross(itemSize)
    let h = axes.main(itemSize)
    if w > g.available { warnOversize(pass, &warnedOversize) }
    let columns = gridColumns(g, pass: pass)
    var lineStart = g.start
    var i = 0
    while i < g.count {
      let main = pass.snap(lineStart)
      let band = lineStart - pass.bandSlack
      let end = min(i + columns.count, g.count)
      for c in 0..<(end - i) {
        cells.append(
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
  /// grid's columns as on the uniform path (FLOW-9, OPEN-3).
  func layoutLineByLine(
    _ g: LineGeometry, pass: Pass, cells: inout AttributeIndex, warnedOversize: inout Bool
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
    var lineStart = g.start
    var sawOwnSize = false
    for i in 0..<g.count {
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
      if w > available { warnOversize(pass, &warnedOversize) }
      if line.isEmpty {
        remaining = available - w
      } else if remaining >= spacing + w {
        remaining -= spacing + w
      } else {
        let (start, gap) = lineStartAndGap(
          count: line.count, leading: g.insets.leading, spacing: spacing, leftover: remaining,
          alignment: commonAlignment)
        lineStart = place(&line, start: start, gap: gap, at: lineStart, rowAlignment, pass, &cells)
        lineStart += g.metrics.lineSpacing
        remaining = available - w
      }
      line.append(cross: w, main: h)
    }
    let start: Double
    let gap: Double
    if sawOwnSize || selfSizing {
      (start, gap) = lineStartAndGap(
        count: line.count, leading: g.insets.leading, spacing: spacing, leftover: remaining,
        alignment: lastRowHorizontalAlignment)
    } else {
      let w = axes.cross(itemSize)
      let (k, leftover) = capacityCache.capacity(
        extent: w, available: available, spacing: spacing, count: g.count)
      (start, gap) = lineStartAndGap(
        count: k, leading: g.insets.leading, spacing: spacing, leftover: leftover,
        alignment: commonRowHorizontalAlignment)
    }
    return place(&line, start: start, gap: gap, at: lineStart, rowAlignment, pass, &cells)
  }

  /// Appends one line's frames and empties the buffer: along the line from `start` with
  /// `gap` between items, across it by the row vertical alignment inside the line's
  /// thickness (FLOW-10). Returns where the line ends on the scroll axis.
  func place(
    _ line: inout LineBuffer, start: Double, gap: Double, at lineStart: Double,
    _ rowAlignment: RowVerticalAlignment, _ pass: Pass, _ cells: inout AttributeIndex
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
      cells.append(
        pass.axes.rect(
          cross: pass.snap(x), main: pass.snap(lineStart + offset), crossExtent: w, mainExtent: h),
        bandStart: band)
      x += w + gap
    }
    line.removeAll()
    return lineStart + thickness
  }
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
