import LayoutEngine
import Testing

@testable import GridlineRender

/// Issue 17: the renderers take any double a layout can produce — huge, infinite, NaN — and
/// draw something in bounded time and memory instead of trapping on a conversion to `Int`
/// or visiting every cell of a box 10⁹ points wide.
@Suite("Renderers: extreme values")
struct ExtremeValueTests {
  static let extremes: [Double] = [1e24, -1e24, .infinity, -.infinity, .nan, 1e300]

  static func state(_ value: Double, transformed: Bool) -> DrawingState {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    if transformed {
      a.frame = Rect(x: 10, y: 10, width: 50, height: 50)
      a.transform3D = .scale(x: value, y: value)
    } else {
      a.frame = Rect(x: value, y: 0, width: abs(value), height: abs(value))
    }
    return DrawingState(
      bounds: Rect(x: 0, y: 0, width: 375, height: 667),
      contentSize: Size(width: 375, height: value.isFinite ? abs(value) : 667), elements: [a])
  }

  @Test("draw, draw content and svg of a frame or transform at an extreme", arguments: extremes)
  func drawings(_ value: Double) {
    for transformed in [false, true] {
      let state = Self.state(value, transformed: transformed)
      let viewport = AsciiDrawing.lines(state, .init(columns: 80))
      #expect(viewport.count < 100)
      let content = AsciiDrawing.lines(state, .init(columns: 80, content: true))
      #expect(content.count < 100)
      #expect(SVGDrawing.document(state).hasSuffix("</svg>\n"))
    }
  }

  @Test("a box 10⁹ points on a side fills only the canvas's cells")
  func hugeBox() {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    a.frame = Rect(x: 0, y: 0, width: 1e9, height: 1e9)
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 375, height: 667),
      contentSize: Size(width: 1e9, height: 1e9), elements: [a])
    let lines = AsciiDrawing.lines(state, .init(columns: 40))
    #expect(lines[2].hasPrefix("     0  ║┌0.0"))
  }

  @Test("boxes scaled past the canvas cost one canvas, not one canvas each")
  func scaledBoxes() {
    // `transform items { scale 1000 }` over a screenful of items: every box blanks the
    // canvas, so only the last drawn can show (before, each filled the canvas).
    let elements = (0..<2_000).map { i -> LayoutAttributes in
      var a = LayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
      a.frame = Rect(x: Double(i % 40) * 9, y: Double(i / 40) * 9, width: 9, height: 9)
      a.transform3D = .scale(x: 1000, y: 1000)
      return a
    }
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 375, height: 667),
      contentSize: Size(width: 375, height: 667), elements: elements)
    let options = AsciiDrawing.Options(columns: 80)
    let grid = AsciiDrawing.Grid(state, options, gutter: AsciiDrawing.gutter)
    let canvas = AsciiDrawing.paint(state, on: grid, options)
    #expect(canvas.writes <= 2 * grid.columns * grid.rows + 10 * elements.count)
    let last = AsciiDrawing.lines(state, options)[2]
    #expect(last.contains("0.1999"))  // the top box's label
  }

  @Test("a viewport far taller than wide is drawn in at most 200 rows")
  func tallViewport() {
    let state = DrawingState(
      bounds: Rect(x: 0, y: 0, width: 100, height: 1e9),
      contentSize: Size(width: 100, height: 1e9), elements: [])
    let lines = AsciiDrawing.lines(state, .init(columns: 80))
    #expect(lines.count == 1 + 2 + AsciiDrawing.Grid.rowLimit)
  }

  @Test("a plot of samples at extremes has few ticks", arguments: extremes)
  func plot(_ value: Double) {
    let samples = [
      PlotChart.Sample(time: 0, offset: 0, velocity: 0, isFrame: false),
      PlotChart.Sample(time: 16, offset: value, velocity: -value, isFrame: true),
      PlotChart.Sample(time: 33, offset: 1, velocity: value, isFrame: true),
    ]
    let chart = PlotChart(
      title: "extreme", axis: "y", frameRate: 60, samples: samples, markers: [], edges: [])
    let svg = PlotDrawing.document(chart)
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(svg.utf8.count < 100_000)
  }

  @Test("conversions saturate: NaN is 0, the rest clamp to ±2⁵²")
  func saturating() {
    #expect(Int(saturating: .nan) == 0)
    #expect(Int(saturating: .infinity) == Int.drawingLimit)
    #expect(Int(saturating: -1e300) == -Int.drawingLimit)
    #expect(Int(saturating: 2.5, .up) == 3)
    #expect(Int(saturating: -2.5, .down) == -3)
  }
}
