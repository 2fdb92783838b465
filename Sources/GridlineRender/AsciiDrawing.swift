import LayoutEngine

/// One state of a collection view to draw: what the renderer needs, and nothing of the
/// script that produced it.
public struct DrawingState: Sendable {
  /// The visible area (origin = content offset).
  public var bounds: Rect
  public var contentSize: Size
  /// The elements to draw, with where each would be without pinning (nil when it is where
  /// it would be anyway).
  public var elements: [LayoutAttributes]
  public var natural: [Rect?]
  /// Elements whose attributes the last step recomputed, marked `*`.
  public var invalidated: Set<ElementKey>
  /// Per element, its layer's place back to front (empty: one layer); a front layer's
  /// elements are drawn over a back layer's whatever their zIndex.
  public var layerRanks: [Int]
  /// The part of the content to draw (an SVG of a long content draws a window of it).
  public var window: Rect?
  /// The picture is the window itself, where nothing may be drawn too (`svg viewport`:
  /// the viewport and a margin), rather than the content within it.
  public var windowIsPicture = false
  /// The adjusted content inset (safe area and content inset): tinted bands of the
  /// viewport, which the content scrolls under.
  public var adjustedContentInset = EdgeInsets.zero
  /// Per element, whether it is a selected cell (empty: none is).
  public var selected: [Bool] = []
  /// Per element, its diffable item identifier (empty: none has one).
  public var identifiers: [String?] = []
  /// Per element, its track in the batch update the picture shows (empty: none); the
  /// inserted, moved, deleted and reloaded ones are marked (see `UpdateMark`).
  public var changes: [UpdateTrack?]
  /// How far the update's animation has run (0…1) when the picture is of a frame of it;
  /// nil when `changes` are those of a finished update.
  public var updateProgress: Double?

  public init(
    bounds: Rect, contentSize: Size, elements: [LayoutAttributes], natural: [Rect?] = [],
    invalidated: Set<ElementKey> = [], layerRanks: [Int] = [], window: Rect? = nil,
    changes: [UpdateTrack?] = [], updateProgress: Double? = nil
  ) {
    self.window = window
    self.changes = changes
    self.updateProgress = updateProgress
    self.bounds = bounds
    self.contentSize = contentSize
    self.elements = elements
    self.natural = natural
    self.invalidated = invalidated
    self.layerRanks = layerRanks
  }
}

/// The viewport (or the whole content) drawn with box characters, at a scale stated in
/// the header line:
///
///     offset (0, 600)  content 375 x 1,230  bounds 375 x 667  1 column = 5 pt, 1 row = 10 pt
///             ╔══════════════════════════════════════════╗
///        600  ║┏H1━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓║
///        610  ║┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛║
///        620  ║┌1.6─────────┐┌1.7─────────┐┌1.8─────────┐║
///
/// Elements are drawn in zIndex order (equal zIndex: in the order given), so the top one
/// wins where they overlap; a transformed element is drawn as its transformed bounding box.
/// Marks carry the meaning without colour: a heavy box is pinned, a dotted box is a pinned
/// element's natural position, `*` after a label is a recomputed element. An element of a
/// batch update (see `UpdateMark`) has `+` (inserted) or `→` (moved) after its label; a
/// deleted one is a dotted box labelled `×` where it was. The footer names each kind.
public enum AsciiDrawing {
  public struct Options: Sendable {
    /// The width of the drawing in terminal columns, gutter included.
    public var columns = 80
    /// Draw the whole content, with the viewport as a double-lined rectangle in it.
    public var content = false
    /// `draw content`: at most this many rows, holding the viewport whole (see `Grid`); the
    /// points above and below them are said not to be drawn.
    public var maxRows = 60
    public var colour = false
    /// The most rows of the grid, a terminal's height less the lines around it (the REPL's
    /// `draw`, issue 34): the scale is coarsened until the viewport fits, and `draw
    /// content` keeps at most this many of its `maxRows`. Nil: `Grid.rowLimit` and
    /// `maxRows`.
    public var rowLimit: Int?
    /// The decimals of the numbers written: the offset, the sizes, the scale, the y gutter
    /// (`gl run --precision N`; issue 34).
    public var precision = AttributeTable.defaultPrecision

    public init(
      columns: Int = 80, content: Bool = false, maxRows: Int = 60, colour: Bool = false,
      precision: Int = AttributeTable.defaultPrecision
    ) {
      self.columns = columns
      self.content = content
      self.maxRows = maxRows
      self.colour = colour
      self.precision = precision
    }
  }

  /// The narrowest y gutter: a label of six characters and two spaces.
  static let gutter = 8

  public static func lines(_ state: DrawingState, _ options: Options) -> [String] {
    // The gutter is as wide as its widest label, so that every row starts in the same
    // column; a wider gutter leaves the grid less room, which can change the labels once.
    var grid = Grid(state, options, gutter: gutter)
    var width = gutterWidth(grid, options)
    if width > gutter {
      grid = Grid(state, options, gutter: width)
      width = max(width, gutterWidth(grid, options))
    }
    let canvas = paint(state, on: grid, options)
    return framed(canvas, state, grid, options, gutter: width) + legend(state)
  }

  /// The y label of row `r` (every other row has one).
  static func rowLabel(_ r: Int, _ grid: Grid, _ options: Options) -> String {
    r % 2 == 0 ? number(grid.origin.y + Double(r) * grid.perRow, options.precision) : ""
  }

  static func gutterWidth(_ grid: Grid, _ options: Options) -> Int {
    (0..<grid.rows).reduce(gutter) { max($0, rowLabel($1, grid, options).count + 2) }
  }

  /// What is drawn and at which scale: the area in content coordinates, points per
  /// column and row, and the rows kept.
  struct Grid {
    /// The whole content (`draw content`) or the viewport.
    var whole: Rect
    /// `whole`, or a window of it along x for a long horizontal content.
    var area: Rect
    var perColumn: Double
    var perRow: Double
    var columns: Int
    var allRows: Int
    /// The rows drawn: `first..<first + rows` of `allRows`.
    var first = 0
    var rows: Int
    /// The content point at the top-left corner of the first row drawn.
    var origin: Point

    /// The most rows a `draw` (not `draw content`, which has `maxRows`) may take.
    static let rowLimit = 200

    init(_ state: DrawingState, _ options: Options, gutter: Int) {
      let b = state.bounds
      whole =
        options.content
        ? Rect(
          x: min(0, b.minX), y: min(0, b.minY),
          width: max(state.contentSize.width, b.maxX) - min(0, b.minX),
          height: max(state.contentSize.height, b.maxY) - min(0, b.minY))
        : b
      // A long horizontal content keeps a readable scale: one viewport either side of the
      // visible area is drawn and the rest elided with its extent (rows are elided below).
      area = whole
      if options.content && whole.width > 3 * b.width {
        let left = max(whole.minX, b.minX - b.width)
        let right = min(whole.maxX, b.maxX + b.width)
        area = Rect(x: left, y: whole.minY, width: right - left, height: whole.height)
      }
      let inner = max(10, options.columns - gutter - 2)
      let budget = max(1, min(options.maxRows, options.rowLimit ?? options.maxRows))
      // `draw content` never cuts the viewport (or the dotted places near it): when the
      // width's scale is too fine for them to fit the row budget, the scale is coarsened.
      // A wider terminal gives a finer scale, so without this it would cut more.
      let focus = options.content ? Self.focus(state) : b
      let fit = options.content ? focus.height / Double(2 * max(1, budget - 1)) : 0
      // A viewport far taller than wide is drawn at a coarser scale than its width needs,
      // so that a drawing never has more than `rowLimit` rows (or the terminal's).
      let limit = max(2, min(Self.rowLimit, options.rowLimit ?? Self.rowLimit))
      let tall = options.content ? 0 : area.height / Double(2 * limit)
      perColumn = niceScale(max(max(area.width, 1) / Double(inner), fit, tall))
      perRow = perColumn * 2  // a terminal cell is about twice as tall as it is wide
      columns = max(1, min(inner, Int(saturating: area.width / perColumn - 1e-9, .up)))
      allRows = max(1, Int(saturating: area.height / perRow - 1e-9, .up))
      // All the rows, or (content) a window of the budget with the focus in its middle,
      // moved as little as needed to stay inside the content.
      rows = allRows
      if options.content && allRows > budget {
        rows = budget
        let span = Self.span(focus.minY, focus.maxY, from: area.minY, step: perRow)
        let spare = rows - (span.1 - span.0 + 1)
        first = min(max(0, span.0 - spare / 2), allRows - rows)
      }
      origin = Point(x: area.minX, y: area.minY + Double(first) * perRow)
    }

    /// What `draw content` must show whole: the viewport, and the dotted natural places of
    /// pinned elements within a viewport's height of it (a farther one is named in the
    /// line that says what is not drawn).
    static func focus(_ state: DrawingState) -> Rect {
      let b = state.bounds
      var focus = b
      for (i, natural) in state.natural.enumerated() where i < state.elements.count {
        guard let natural, !state.elements[i].isHidden,
          natural.minY >= b.minY - b.height, natural.maxY <= b.maxY + b.height
        else { continue }
        focus = Rect(
          x: b.minX, y: min(focus.minY, natural.minY), width: b.width,
          height: max(focus.maxY, natural.maxY) - min(focus.minY, natural.minY))
      }
      return focus
    }

    /// The first and last cell (of `step` points from `start`) that `low…high` covers.
    static func span(_ low: Double, _ high: Double, from start: Double, step: Double) -> (
      Int, Int
    ) {
      let first = Int(saturating: (low - start) / step + 1e-9, .down)
      return (first, max(first, Int(saturating: (high - start) / step - 1e-9, .up) - 1))
    }

    /// The columns and rows a rectangle covers (at least one of each).
    func cells(_ r: Rect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
      let (c0, c1) = Self.span(r.minX, r.maxX, from: origin.x, step: perColumn)
      let (r0, r1) = Self.span(r.minY, r.maxY, from: origin.y, step: perRow)
      return (c0, c1, r0, r1)
    }
  }

  /// The boxes: pinned elements' natural places and deleted elements' old places (dotted)
  /// under everything, then the elements back to front (layer, zIndex, given order), then
  /// (content) the viewport. A deleted element's ghost is hidden where another element now
  /// is (often the one that took its place); the footer names it all the same.
  static func paint(_ state: DrawingState, on grid: Grid, _ options: Options) -> Canvas {
    var canvas = Canvas(columns: grid.columns, rows: grid.rows)
    for (i, a) in state.elements.enumerated() where i < state.natural.count && !a.isHidden {
      guard let natural = state.natural[i] else { continue }
      canvas.box(grid.cells(natural), style: .ghost, label: label(a), paint: .ghost)
    }
    for i in state.elements.indices where state.mark(i) == .deleted {
      let was = state.track(i).map { boundingBox($0.from) } ?? boundingBox(state.elements[i])
      canvas.box(grid.cells(was), style: .ghost, label: state.markedLabel(i), paint: .ghost)
    }
    func rank(_ i: Int) -> Int { i < state.layerRanks.count ? state.layerRanks[i] : 0 }
    let order = state.elements.indices
      .filter { !state.elements[$0].isHidden && state.mark($0) != .deleted }
      .sorted {
        (rank($0), state.elements[$0].zIndex, $0) < (rank($1), state.elements[$1].zIndex, $1)
      }
    // A filled box whose edges all lie outside the canvas blanks it whole: what comes before
    // it cannot show, and drawing it would cost a canvas per element (a transform that
    // scales every item past the viewport).
    let first =
      order.lastIndex { canvas.isCovered(by: grid.cells(boundingBox(state.elements[$0]))) } ?? 0
    for i in order[first...] {
      let a = state.elements[i]
      let pinned = i < state.natural.count && state.natural[i] != nil
      let text = state.markedLabel(i)
      let paint: Paint =
        pinned
        ? .pinned
        : a.representedElementCategory == .cell
          ? .cell : a.representedElementCategory == .decorationView ? .decoration : .supplementary
      canvas.box(
        grid.cells(boundingBox(a)), style: pinned ? .heavy : .light, label: text, paint: paint,
        fill: true)
    }
    if options.content {
      canvas.box(grid.cells(state.bounds), style: .double, label: "", paint: .viewport)
    }
    return canvas
  }

  /// The header line, the frame with the y gutter, and what was elided either side.
  static func framed(
    _ canvas: Canvas, _ state: DrawingState, _ grid: Grid, _ options: Options, gutter: Int
  ) -> [String] {
    let p = options.precision
    let b = state.bounds
    let (area, whole, first, rows) = (grid.area, grid.whole, grid.first, grid.rows)
    var out: [String] = []
    out.append(
      "offset \(point(b.origin, p))  content \(size(state.contentSize, p))  "
        + "bounds \(size(b.size, p))  "
        + "1 column = \(number(grid.perColumn, p)) pt, 1 row = \(number(grid.perRow, p)) pt")
    let pad = String(repeating: " ", count: gutter)
    let edge = options.content ? ("┌", "─", "┐", "│", "└", "┘") : ("╔", "═", "╗", "║", "╚", "╝")
    if area.minX > whole.minX {
      out.append(pad + elided(state, .left, whole.minX, area.minX, p))
    }
    if area.maxX < whole.maxX {
      out.append(pad + elided(state, .right, area.maxX, whole.maxX, p))
    }
    if first > 0 { out.append(pad + elided(state, .above, area.minY, grid.origin.y, p)) }
    out.append(pad + edge.0 + String(repeating: edge.1, count: grid.columns) + edge.2)
    for r in 0..<rows {
      let label = rowLabel(r, grid, options)
      let gutterText =
        String(repeating: " ", count: max(0, gutter - 2 - label.count)) + label + "  "
      out.append(gutterText + edge.3 + canvas.line(r, colour: options.colour) + edge.3)
    }
    out.append(pad + edge.4 + String(repeating: edge.1, count: grid.columns) + edge.5)
    if grid.allRows > first + rows {
      let from = grid.origin.y + Double(rows) * grid.perRow
      out.append(pad + elided(state, .below, from, area.maxY, p))
    }
    return out
  }

  /// Which side of the drawing a part not drawn is on.
  enum Side: String {
    case left, right, above, below

    var mark: String { self == .left ? "◂" : self == .right ? "▸" : "⋮" }
    var horizontal: Bool { self == .left || self == .right }
  }

  /// The line saying that `low…high` on `side` is not drawn, naming the dotted places of
  /// pinned elements wholly in it, since the legend tells the reader to look for them.
  static func elided(
    _ state: DrawingState, _ side: Side, _ low: Double, _ high: Double, _ p: Int
  ) -> String {
    let (axis, along) =
      side.horizontal ? ("x", (\Rect.minX, \Rect.maxX)) : ("y", (\Rect.minY, \Rect.maxY))
    var line =
      "\(side.mark) \(number(high - low, p)) pt \(side.rawValue) not drawn "
      + "(\(axis) \(number(low, p))…\(number(high, p)))"
    let ghosts = state.elements.indices.compactMap { i -> String? in
      guard i < state.natural.count, let n = state.natural[i], !state.elements[i].isHidden,
        n[keyPath: along.0] >= low, n[keyPath: along.1] <= high
      else { return nil }
      return label(state.elements[i])
    }
    if !ghosts.isEmpty {
      let more = ghosts.count > 3 ? " and \(ghosts.count - 3) more" : ""
      line += ", with the dotted place of " + ghosts.prefix(3).joined(separator: ", ") + more
    }
    return line
  }

  /// The status lines under a drawing: what is pinned, what was recomputed, and what the
  /// update the picture shows did.
  static func legend(_ state: DrawingState) -> [String] {
    var lines: [String] = []
    var pinned: [String] = []
    for (i, a) in state.elements.enumerated() where i < state.natural.count {
      if let n = state.natural[i] {
        let dy = a.frame.minY - n.minY
        let dx = a.frame.minX - n.minX
        let shift =
          dx == 0
          ? "y \(signed(dy))" : dy == 0 ? "x \(signed(dx))" : "(\(signed(dx)), \(signed(dy)))"
        pinned.append("\(label(a)) \(shift)")
      }
    }
    if !pinned.isEmpty {
      let shown = pinned.prefix(6).joined(separator: ", ")
      let more = pinned.count > 6 ? ", and \(pinned.count - 6) more" : ""
      lines.append("pinned (heavy box; dotted where it would be): " + shown + more)
    }
    let recomputed = state.elements.filter { state.invalidated.contains($0.key) }.count
    if recomputed > 0 { lines.append("* recomputed in the last step: \(recomputed)") }
    if let update = state.updateLegend(ghosts: "dotted where it was") { lines.append(update) }
    return lines
  }

  /// `0.3` for an item, `H1` / `F1` for a header / footer, the kind's initial and the
  /// section for other supplementary views (upper case) and decorations (lower case).
  public static func label(_ a: LayoutAttributes) -> String { label(a.key) }

  /// The label of the element `key` names.
  public static func label(_ key: ElementKey) -> String {
    let s = key.indexPath.section
    switch key.category {
    case .cell: return "\(s).\(key.indexPath.item)"
    case .supplementaryView:
      let kind = key.kind ?? ""
      if kind == ElementKind.sectionHeader { return "H\(s)" }
      if kind == ElementKind.sectionFooter { return "F\(s)" }
      return (initial(kind)?.uppercased() ?? "S") + "\(s)"
    case .decorationView:
      return (initial(key.kind ?? "")?.lowercased() ?? "d") + "\(s)"
    }
  }

  /// A kind's first character as a label's initial; nil when it is none a terminal draws
  /// as one letter (a control character would drive the terminal: issue 36).
  static func initial(_ kind: String) -> String? {
    guard let first = kind.first,
      !first.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    return String(first)
  }

  /// The frame, or the bounding box of the transformed bounds about the centre (ATTR-2).
  public static func boundingBox(_ a: LayoutAttributes) -> Rect {
    let t = a.transform3D
    if t.isIdentity { return a.frame }
    let c = a.center
    let w = a.size.width / 2
    let h = a.size.height / 2
    let corners = [(-w, -h), (w, -h), (-w, h), (w, h)].map {
      t.apply(to: Point(x: $0.0, y: $0.1))
    }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
      [minX, maxX, minY, maxY].allSatisfy(\.isFinite)
    else { return a.frame }
    return Rect(x: c.x + minX, y: c.y + minY, width: maxX - minX, height: maxY - minY)
  }

  /// The smallest round number of points per column that fits: 1, 1.25, 1.5, 2, 2.5, 3, 4,
  /// 5, 6 or 8 × 10ⁿ (fine enough steps that little of the width goes unused).
  static func niceScale(_ raw: Double) -> Double {
    guard raw.isFinite && raw > 0 else { return 1 }
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    for step in [1.0, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] where step * magnitude >= raw - 1e-12 {
      return step * magnitude
    }
    return 10 * magnitude
  }

  /// Scales and offsets in drawings read like UIKit's debug descriptions (`%g`).
  /// A number as people read it (issue 34): `precision` decimals at most.
  static func number(_ v: Double, _ precision: Int = AttributeTable.defaultPrecision) -> String {
    readable(v, precision: precision)
  }
  static func point(_ p: Point, _ precision: Int = AttributeTable.defaultPrecision) -> String {
    "(\(number(p.x, precision)), \(number(p.y, precision)))"
  }
  static func size(_ s: Size, _ precision: Int = AttributeTable.defaultPrecision) -> String {
    "\(number(s.width, precision)) x \(number(s.height, precision))"
  }
  static func signed(_ v: Double) -> String { (v >= 0 ? "+" : "") + number(v) }
}
