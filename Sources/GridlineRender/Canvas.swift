/// What a cell of a drawing shows, for colour.
enum Paint: UInt8 {
  case empty, cell, supplementary, decoration, pinned, ghost, viewport

  var escape: String {
    switch self {
    case .empty, .cell: ""
    case .supplementary: "\u{1B}[36m"
    case .decoration: "\u{1B}[2m"
    case .pinned: "\u{1B}[1;33m"
    case .ghost: "\u{1B}[2;33m"
    case .viewport: "\u{1B}[1;34m"
    }
  }
}

/// A grid of characters that boxes are drawn into, the later over the earlier.
struct Canvas {
  enum Style { case light, heavy, double, ghost }

  let columns: Int
  let rows: Int
  private var characters: [Character]
  private var paints: [Paint]
  /// Cells asked to be written, the clipped ones too: what a drawing cost (its tests bound
  /// it, since a huge box costs in cells, not in elements).
  private(set) var writes = 0

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    characters = Array(repeating: " ", count: columns * rows)
    paints = Array(repeating: .empty, count: columns * rows)
  }

  mutating func set(_ c: Int, _ r: Int, _ ch: Character, _ paint: Paint) {
    writes &+= 1
    guard c >= 0, c < columns, r >= 0, r < rows else { return }
    characters[r * columns + c] = ch
    paints[r * columns + c] = paint
  }

  /// A box over cells c0…c1 × r0…r1 (clipped), its label along the top edge; `fill`
  /// clears the inside so the box hides what is under it.
  mutating func box(
    _ cells: (c0: Int, c1: Int, r0: Int, r1: Int), style: Style, label: String, paint: Paint,
    fill: Bool = false
  ) {
    let (c0, c1, r0, r1) = cells
    guard c1 >= 0, c0 < columns, r1 >= 0, r0 < rows else { return }
    let g:
      (h: Character, v: Character, tl: Character, tr: Character, bl: Character, br: Character) =
        switch style {
        case .light: ("─", "│", "┌", "┐", "└", "┘")
        case .heavy: ("━", "┃", "┏", "┓", "┗", "┛")
        case .double: ("═", "║", "╔", "╗", "╚", "╝")
        case .ghost: ("┄", "┆", "·", "·", "·", "·")
        }
    if c0 == c1 && r0 == r1 {
      set(c0, r0, label.first ?? g.tl, paint)
      return
    }
    // Every loop runs over the visible cells only: a box of 10⁹ points has as many cells,
    // but the canvas has at most a few thousand.
    let columnsShown = max(c0, 0)...min(c1, columns - 1)
    let rowsShown = max(r0, 0)...min(r1, rows - 1)
    if fill && r1 - r0 >= 2 && c1 - c0 >= 2 {
      for r in max(r0 + 1, 0)..<max(0, min(r1, rows)) {
        for c in max(c0 + 1, 0)..<max(0, min(c1, columns)) { set(c, r, " ", paint) }
      }
    }
    if r0 == r1 {  // one row: [label────]
      for c in columnsShown { set(c, r0, g.h, paint) }
      set(c0, r0, "[", paint)
      set(c1, r0, "]", paint)
    } else if c0 == c1 {
      for r in rowsShown { set(c0, r, g.v, paint) }
    } else {
      for c in columnsShown {
        set(c, r0, g.h, paint)
        set(c, r1, g.h, paint)
      }
      for r in rowsShown {
        set(c0, r, g.v, paint)
        set(c1, r, g.v, paint)
      }
      set(c0, r0, g.tl, paint)
      set(c1, r0, g.tr, paint)
      set(c0, r1, g.bl, paint)
      set(c1, r1, g.br, paint)
    }
    // The label starts after the corner and stops before the far one; a box that starts
    // left of the drawing shows it from the first visible column.
    let start = max(c0 + 1, 0)
    let room = min(c1, columns) - start
    for (i, ch) in label.prefix(max(0, room)).enumerated() { set(start + i, max(r0, 0), ch, paint) }
  }

  /// Whether a filled box over `cells` would blank every cell: its edges all lie outside.
  func isCovered(by cells: (c0: Int, c1: Int, r0: Int, r1: Int)) -> Bool {
    cells.c0 < 0 && cells.r0 < 0 && cells.c1 >= columns && cells.r1 >= rows
  }

  func line(_ r: Int, colour: Bool) -> String {
    var out = ""
    var current = Paint.empty
    for c in 0..<columns {
      let paint = paints[r * columns + c]
      if colour && paint != current {
        if current != .empty && current != .cell { out += "\u{1B}[0m" }
        out += paint.escape
        current = paint
      }
      out.append(characters[r * columns + c])
    }
    if colour && current != .empty && current != .cell { out += "\u{1B}[0m" }
    return out
  }
}
