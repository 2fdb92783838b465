import LayoutEngine
import Testing

@testable import GridlineRender

@Suite("ASCII drawing")
struct AsciiDrawingTests {
  func cell(_ s: Int, _ i: Int, _ frame: Rect, z: Int = 0) -> LayoutAttributes {
    var a = LayoutAttributes(forCellWith: IndexPath(item: i, section: s))
    a.frame = frame
    a.zIndex = z
    return a
  }

  @Test("the scale is a round number of points per column, rows twice that")
  func scale() {
    #expect(AsciiDrawing.niceScale(0.7) == 0.8)
    #expect(AsciiDrawing.niceScale(4.9) == 5)
    #expect(AsciiDrawing.niceScale(5.1) == 6)
    #expect(AsciiDrawing.niceScale(21) == 25)
    #expect(AsciiDrawing.niceScale(130) == 150)
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 375, height: 100), contentSize: Size(width: 375, height: 100),
      elements: [])
    let lines = AsciiDrawing.lines(state, .init(columns: 80))
    // 375 pt over 70 columns is 5.36 pt: 6 pt per column, 63 columns; 100 pt / 12 pt rows.
    #expect(lines[0].hasSuffix("1 column = 6 pt, 1 row = 12 pt"))
    #expect(lines.count == 1 + 2 + 9)
    #expect(lines[1] == "        ╔" + String(repeating: "═", count: 63) + "╗")
  }

  @Test("labels: items s.i, headers H, footers F, other kinds by initial")
  func labels() {
    #expect(AsciiDrawing.label(cell(1, 3, .zero)) == "1.3")
    let h = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 2))
    #expect(AsciiDrawing.label(h) == "H2")
    let f = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionFooter, with: IndexPath(item: 0, section: 0))
    #expect(AsciiDrawing.label(f) == "F0")
    let badge = LayoutAttributes(
      forSupplementaryViewOfKind: "badge", with: IndexPath(item: 4, section: 1))
    #expect(AsciiDrawing.label(badge) == "B1")
    let background = LayoutAttributes(
      forDecorationViewOfKind: "Background", with: IndexPath(item: 0, section: 3))
    #expect(AsciiDrawing.label(background) == "b3")
    // A kind starting with a control character is never drawn raw (issue 36): the
    // category's letter stands for it.
    let path = IndexPath(item: 0, section: 1)
    #expect(AsciiDrawing.initial("\u{1B}[31m") == nil && AsciiDrawing.initial("\u{7}") == nil)
    let escaped = ElementKey(category: .decorationView, kind: "\u{1B}[31m", indexPath: path)
    #expect(AsciiDrawing.label(escaped) == "d1")
    let bell = ElementKey(category: .supplementaryView, kind: "\u{7}ding", indexPath: path)
    #expect(AsciiDrawing.label(bell) == "S1")
  }

  @Test("a box covers its frame's cells; the higher zIndex wins where boxes overlap")
  func zOrder() {
    let low = cell(0, 0, Rect(x: 0, y: 0, width: 50, height: 40), z: 5)
    let high = cell(0, 1, Rect(x: 25, y: 20, width: 50, height: 40), z: 1)
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 100, height: 80), contentSize: Size(width: 100, height: 80),
      elements: [low, high])
    let rows = AsciiDrawing.lines(state, .init(columns: 60)).dropFirst(2).dropLast().map {
      String($0.dropFirst(9).dropLast())
    }
    // 2 pt per column, 4 pt per row: `low` spans columns 0…24 and rows 0…9 and is on top.
    #expect(rows[0].hasPrefix("┌0.0" + String(repeating: "─", count: 20) + "┐"))
    #expect(rows[5].hasPrefix("│" + String(repeating: " ", count: 23) + "│──"))
    #expect(rows[9].hasPrefix("└" + String(repeating: "─", count: 23) + "┘"))
    #expect(rows[14].hasPrefix(String(repeating: " ", count: 12) + "└"))
  }

  @Test("a rotated element is drawn as its transformed bounding box")
  func rotated() {
    var a = cell(0, 0, Rect(x: 10, y: 10, width: 20, height: 20))
    a.transform3D = .rotation(angle: .pi / 4)
    let box = AsciiDrawing.boundingBox(a)
    let half = 10 * 2.0.squareRoot()
    #expect(abs(box.minX - (20 - half)) < 1e-9 && abs(box.width - 2 * half) < 1e-9)
    #expect(abs(box.minY - (20 - half)) < 1e-9 && abs(box.height - 2 * half) < 1e-9)
  }

  @Test("pinned elements get a heavy box and a dotted ghost; recomputed ones a star")
  func marks() {
    let header = {
      var h = LayoutAttributes(
        forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
      h.frame = Rect(x: 0, y: 20, width: 100, height: 20)
      h.zIndex = 10
      return h
    }()
    let state = DrawingState(
      bounds: Rect(x: 0, y: 20, width: 100, height: 80), contentSize: Size(width: 100, height: 200),
      elements: [header], natural: [Rect(x: 0, y: 0, width: 100, height: 20)],
      invalidated: [header.key])
    let viewport = AsciiDrawing.lines(state, .init(columns: 60))
    #expect(viewport[2].contains("┏H0*━"))
    #expect(viewport.last == "* recomputed in the last step: 1")
    #expect(viewport.contains { $0 == "pinned (heavy box; dotted where it would be): H0 y +20" })
    let content = AsciiDrawing.lines(state, .init(columns: 60, content: true, maxRows: 30))
    #expect(content.contains { $0.contains("·H0┄") })
    #expect(content.contains { $0.contains("⋮ 80 pt below not drawn (y 120…200)") })
    #expect(!content.joined().contains("\u{1B}"))
    let coloured = AsciiDrawing.lines(state, .init(columns: 60, colour: true))
    #expect(coloured.joined().contains("\u{1B}[1;33m"))
  }

  @Test("a horizontal strip: one-row boxes and elements left of the viewport clipped")
  func horizontal() {
    let thin = cell(0, 0, Rect(x: -30, y: 0, width: 80, height: 4))
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 100, height: 8), contentSize: Size(width: 400, height: 8),
      elements: [thin])
    let lines = AsciiDrawing.lines(state, .init(columns: 60))
    #expect(lines[2].contains("║0.0──"))
    #expect(lines[2].contains("─]"))
  }

  @Test("a long horizontal content is drawn a viewport either side of the visible area")
  func longHorizontal() {
    let cells = (0..<100).map { i in
      cell(0, i, Rect(x: Double(i) * 110, y: 0, width: 100, height: 40))
    }
    let state = DrawingState(
      bounds: Rect(x: 2200, y: 0, width: 300, height: 40),
      contentSize: Size(width: 11000, height: 40),
      elements: cells)
    let lines = AsciiDrawing.lines(state, .init(columns: 100, content: true))
    #expect(lines.contains("        ◂ 1900 pt left not drawn (x 0…1900)"))
    #expect(lines.contains("        ▸ 8200 pt right not drawn (x 2800…11000)"))
    #expect(lines.contains { $0.contains("┌0.18") && $0.contains("┌0.24") })
  }

  /// A column of 100-point rows under a header pinned at the top of the viewport
  /// (`bounds`) whose natural place is `natural`.
  func pinnedList(bounds: Rect, natural: Rect, height: Double) -> DrawingState {
    var header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
    header.frame = Rect(x: 0, y: bounds.minY, width: natural.width, height: natural.height)
    header.zIndex = 10
    let rows = Int((height - natural.maxY) / 100)
    let cells = (0..<rows).map {
      cell(0, $0, Rect(x: 0, y: natural.maxY + Double($0) * 100, width: bounds.width, height: 90))
    }
    return DrawingState(
      bounds: bounds, contentSize: Size(width: bounds.width, height: height),
      elements: [header] + cells,
      natural: [natural] + cells.map { _ in nil })
  }

  /// The rows of a content drawing between the frame's top and bottom edges.
  func frameRows(_ lines: [String]) -> [String] {
    guard let top = lines.firstIndex(where: { $0.hasPrefix("        ┌") }),
      let bottom = lines.firstIndex(where: { $0.hasPrefix("        └") })
    else { return [] }
    return Array(lines[(top + 1)..<bottom])
  }

  @Test(
    "draw content keeps the whole viewport at any width, coarsening the scale when it must",
    arguments: [80, 120, 200])
  func wholeViewport(columns: Int) {
    let state = pinnedList(
      bounds: Rect(x: 0, y: 1800, width: 375, height: 667),
      natural: Rect(x: 0, y: 0, width: 375, height: 40), height: 5000)
    let lines = AsciiDrawing.lines(state, .init(columns: columns, content: true))
    let rows = frameRows(lines)
    #expect(rows.count == 60)
    #expect(rows.contains { $0.contains("│╔") }, "the viewport's top edge")
    #expect(rows.contains { $0.contains("│╚") }, "the viewport's bottom edge")
    #expect(
      lines.contains { $0.hasPrefix("        ⋮ ") && $0.contains(" pt above not drawn (y 0…") })
    #expect(lines.contains { $0.contains(" pt below not drawn (y ") && $0.hasSuffix("…5000)") })
    // The header's natural place is far above: not drawn, but named where the rows are cut.
    #expect(
      lines.contains { $0.contains("not drawn") && $0.hasSuffix("with the dotted place of H0") })
  }

  @Test("draw content shows a pinned element's dotted place near the viewport")
  func nearbyNaturalPlace() {
    // drawing.gl: a 300-point viewport scrolled to 150 in 690 points; H0 pinned at 150.
    let state = pinnedList(
      bounds: Rect(x: 0, y: 150, width: 200, height: 300),
      natural: Rect(x: 0, y: 0, width: 200, height: 30), height: 690)
    let lines = AsciiDrawing.lines(state, .init(columns: 80, content: true))
    #expect(frameRows(lines).first?.contains("·H0┄") == true)
    #expect(frameRows(lines).contains { $0.contains("│╚") })
    #expect(!lines.contains { $0.contains("pt above not drawn") })
  }
}
