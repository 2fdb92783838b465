/// A grid that scrolls both ways with sticky row and column headers — the calendar of the
/// two-axis approach: section = row, item = column. Row 0 holds the column headers (the
/// days), item 0 of every row the row headers (the hours), item [0, 0] the corner.
///
/// With `stickyColumnHeaders` row 0 stays at the top edge of the visible area; with
/// `stickyRowHeaders` column 0 stays at the left edge. zIndex follows the approach: the
/// corner 1024 above the column headers 1023 above the row headers 1022 above the cells 0,
/// so a scrolling cell never covers a header and the corner covers both. Because sticky
/// elements move with the bounds, the layout invalidates on every bounds change while
/// either option is on, recomputing only the sticky elements of the visible rows and
/// columns.
open class StickyGridLayout: CollectionViewLayout {
  open var itemSize = Size(width: 100, height: 44) {
    didSet { if itemSize != oldValue { invalidateLayout() } }
  }
  /// The width of column 0 (the row headers).
  open var rowHeaderWidth: Double = 60 {
    didSet { if rowHeaderWidth != oldValue { invalidateLayout() } }
  }
  /// The height of row 0 (the column headers).
  open var columnHeaderHeight: Double = 30 {
    didSet { if columnHeaderHeight != oldValue { invalidateLayout() } }
  }
  open var stickyRowHeaders = true {
    didSet { if stickyRowHeaders != oldValue { invalidateLayout() } }
  }
  open var stickyColumnHeaders = true {
    didSet { if stickyColumnHeaders != oldValue { invalidateLayout() } }
  }

  /// What this layout draws: everything, or — for the two-layer design — only the cells
  /// (the background layer) or only the headers and the corner (the foreground layer).
  /// Elements a layer does not draw are returned hidden by the per-item query and left out
  /// of rect queries.
  public enum Content: Sendable {
    case all, cells, headers
  }

  open var content: Content = .all {
    didSet { if content != oldValue { invalidateLayout() } }
  }

  private func draws(_ indexPath: IndexPath) -> Bool {
    switch content {
    case .all: true
    case .cells: indexPath.section > 0 && indexPath.item > 0
    case .headers: indexPath.section == 0 || indexPath.item == 0
    }
  }

  private var rows = 0
  private var columnsPerRow: [Int] = []
  private var maxColumns = 0

  public override init() {
    super.init()
  }

  private var isInvalidatedBySticking: Bool { stickyRowHeaders || stickyColumnHeaders }

  private func isSticky(_ p: IndexPath) -> Bool {
    (p.section == 0 && stickyColumnHeaders) || (p.item == 0 && stickyRowHeaders)
  }

  /// Counts were read in `prepare()`; the frames are arithmetic, so a pass that keeps the
  /// counts computes nothing but the sticky elements it is asked for.
  open override func invalidateLayout(with context: InvalidationContext) {
    if context.invalidateEverything || context.invalidateDataSourceCounts
      || context.invalidatedItemIndexPaths == nil
    {
      needsCounts = true
    }
    super.invalidateLayout(with: context)
  }

  private var needsCounts = true

  open override func prepare() {
    super.prepare()
    guard needsCounts, let cv = collectionView else { return }
    needsCounts = false
    rows = cv.numberOfSections
    columnsPerRow = (0..<rows).map { cv.numberOfItems(inSection: $0) }
    maxColumns = columnsPerRow.max() ?? 0
    recomputedAttributes += columnsPerRow.reduce(0, +)
  }

  open override var attributeCount: Int? { columnsPerRow.reduce(0, +) }

  open override var collectionViewContentSize: Size {
    Size(
      width: maxColumns == 0 ? 0 : rowHeaderWidth + Double(maxColumns - 1) * itemSize.width,
      height: rows == 0 ? 0 : columnHeaderHeight + Double(rows - 1) * itemSize.height)
  }

  /// Sticky elements follow the bounds (and a size change moves nothing but them).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    stickyRowHeaders || stickyColumnHeaders
  }

  /// Only the sticky elements of the rows and columns on screen are invalidated.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    let span = (collectionView?.bounds ?? newBounds).union(newBounds)
    var paths: [IndexPath] = []
    if stickyColumnHeaders {
      for column in columnRange(span) where column < (columnsPerRow.first ?? 0) {
        paths.append(IndexPath(item: column, section: 0))
      }
    }
    if stickyRowHeaders {
      for row in rowRange(span) where row > 0 && columnsPerRow[row] > 0 {
        paths.append(IndexPath(item: 0, section: row))
      }
      // The corner sticks on both axes: with both options it is always at the bounds'
      // origin; with row headers alone it follows the bounds while row 0 is in the span.
      // The collection view keeps what it was told before (LAY-10), so it must be named.
      let corner = IndexPath(item: 0, section: 0)
      if (columnsPerRow.first ?? 0) > 0, !paths.contains(corner),
        stickyColumnHeaders || rowRange(span).contains(0)
      {
        paths.append(corner)
      }
    }
    context.invalidateItems(at: paths)
    return context
  }

  /// The natural (unstuck) frame of a cell.
  public func naturalFrame(at indexPath: IndexPath) -> Rect? {
    guard indexPath.section >= 0, indexPath.section < rows, indexPath.item >= 0,
      indexPath.item < columnsPerRow[indexPath.section]
    else { return nil }
    let x = indexPath.item == 0 ? 0 : rowHeaderWidth + Double(indexPath.item - 1) * itemSize.width
    let y =
      indexPath.section == 0
      ? 0 : columnHeaderHeight + Double(indexPath.section - 1) * itemSize.height
    let width = indexPath.item == 0 ? rowHeaderWidth : itemSize.width
    let height = indexPath.section == 0 ? columnHeaderHeight : itemSize.height
    return Rect(x: x, y: y, width: width, height: height)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var frame = naturalFrame(at: indexPath) else { return nil }
    let offset = collectionView?.contentOffset ?? .zero
    var attributes = LayoutAttributes(forCellWith: indexPath)
    // A sticky element is computed anew for every bounds; the others are arithmetic on
    // counts read in prepare().
    if isSticky(indexPath) { recomputedKeys.insert(.cell(indexPath)) }
    if indexPath.section == 0 && stickyColumnHeaders { frame.origin.y = max(frame.minY, offset.y) }
    if indexPath.item == 0 && stickyRowHeaders { frame.origin.x = max(frame.minX, offset.x) }
    attributes.frame = frame
    attributes.zIndex =
      indexPath.section == 0 && indexPath.item == 0
      ? 1024 : indexPath.section == 0 ? 1023 : indexPath.item == 0 ? 1022 : 0
    if !draws(indexPath) { attributes.isHidden = true }
    return attributes
  }

  /// The rows and columns the rect covers, plus the sticky row 0 and column 0 wherever
  /// they are stuck inside it.
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let r = rect.standardized
    guard !r.isNull, rows > 0 else { return [] }
    var rowsToVisit = Array(rowRange(r))
    if stickyColumnHeaders && rowsToVisit.first != 0 { rowsToVisit.insert(0, at: 0) }
    var result: [LayoutAttributes] = []
    // Past the collection view's pass limit the answer is refused whole: stop building it.
    let limit = collectionView?.answerLimit ?? .max
    for row in rowsToVisit where result.count <= limit {
      var columns = Array(columnRange(r).filter { $0 < columnsPerRow[row] })
      if stickyRowHeaders && columns.first != 0 && columnsPerRow[row] > 0 {
        columns.insert(0, at: 0)
      }
      for column in columns where draws(IndexPath(item: column, section: row)) {
        if let a = layoutAttributesForItem(at: IndexPath(item: column, section: row)),
          a.frame.intersects(r)
        {
          result.append(a)
        }
      }
    }
    return result
  }

  private func rowRange(_ r: Rect) -> ClosedRange<Int> {
    index(r.minY, r.maxY, first: columnHeaderHeight, step: itemSize.height, count: rows)
  }

  private func columnRange(_ r: Rect) -> ClosedRange<Int> {
    index(r.minX, r.maxX, first: rowHeaderWidth, step: itemSize.width, count: maxColumns)
  }

  /// Rows (or columns) whose closed extent meets [low, high] (GEO-5).
  private func index(_ low: Double, _ high: Double, first: Double, step: Double, count: Int)
    -> ClosedRange<Int>
  {
    guard count > 0, step > 0, low.isFinite, high.isFinite else { return 0...0 }
    func at(_ v: Double) -> Int {
      if v < first { return 0 }
      let k = ((v - first) / step).rounded(.down)
      return Int(min(max(k + 1, 0), Double(count - 1)))
    }
    // An element ending exactly at `low` still touches it: step back one when on a line.
    var a = at(low)
    if a > 0 && low >= first && (low - first).truncatingRemainder(dividingBy: step) == 0 { a -= 1 }
    if a > 0 && low == first { a = 0 }
    return a...max(a, at(high))
  }
}
