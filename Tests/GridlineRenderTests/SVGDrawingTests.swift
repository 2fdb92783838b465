import Foundation
import LayoutEngine
import Testing

@testable import GridlineRender

@Suite("SVG drawing")
struct SVGDrawingTests {
  /// Two rows of cells, a pinned header with its natural place, a rotated cell, a
  /// recomputed cell and a half-transparent decoration.
  static func state() -> DrawingState {
    var elements: [LayoutAttributes] = []
    var background = LayoutAttributes(
      forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 0))
    background.frame = Rect(x: 0, y: 30, width: 200, height: 130)
    background.zIndex = -1
    background.alpha = 0.5
    elements.append(background)
    for i in 0..<6 {
      var a = LayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
      a.frame = Rect(x: Double(i % 3) * 70, y: 30 + Double(i / 3) * 70, width: 60, height: 60)
      if i == 4 { a.transform3D = .rotation(angle: .pi / 6) }
      elements.append(a)
    }
    var header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
    header.frame = Rect(x: 0, y: 40, width: 200, height: 30)
    header.zIndex = 10
    elements.append(header)
    var natural: [Rect?] = Array(repeating: nil, count: elements.count)
    natural[natural.count - 1] = Rect(x: 0, y: 0, width: 200, height: 30)
    return DrawingState(
      bounds: Rect(x: 0, y: 40, width: 200, height: 120),
      contentSize: Size(width: 200, height: 160),
      elements: elements, natural: natural, invalidated: [.cell(IndexPath(item: 2, section: 0))])
  }

  @Test("the same state gives the same file, byte for byte (a golden file)")
  func golden() throws {
    let svg = SVGDrawing.document(Self.state(), caption: "golden")
    #expect(svg == SVGDrawing.document(Self.state(), caption: "golden"))
    try expectGolden(svg, named: "pinned.svg")
  }

  @Test("elements in zIndex order, with their data attributes, transform and alpha")
  func content() {
    let svg = SVGDrawing.document(Self.state())
    let background = svg.range(of: "data-kind=\"background\"")!.lowerBound
    let firstCell = svg.range(of: "data-index-path=\"0.0\"")!.lowerBound
    let header = svg.range(of: "data-kind=\"UICollectionElementKindSectionHeader\"")!.lowerBound
    #expect(background < firstCell && firstCell < header)
    #expect(
      svg.contains(
        "class=\"decoration\" data-kind=\"background\" data-index-path=\"0.0\" data-frame=\"0 30 200 130\" data-z=\"-1\" opacity=\"0.5\""
      ))
    #expect(svg.contains("matrix(0.866 0.5 -0.5 0.866 0 0)"))
    #expect(svg.contains("class=\"supplementary pinned\""))
    #expect(svg.contains("class=\"cell invalidated\""))
    #expect(svg.contains("<rect x=\"16\" y=\"16\" width=\"200\" height=\"30\" class=\"ghost\""))
    // From the natural place's lower edge (30) to the pinned header's upper edge (40).
    #expect(svg.contains("<line class=\"arrow\" x1=\"116\" y1=\"46\" x2=\"116\" y2=\"56\"/>"))
  }

  @Test(
    "a pin arrow runs between the boxes' edges, never over their labels; none when they overlap")
  func pinArrows() throws {
    let (from, to) = try #require(
      SVGDrawing.arrow(
        from: Rect(x: 0, y: 0, width: 50, height: 60),
        to: Rect(x: 220, y: 300, width: 50, height: 60)))
    // The centres (25, 30) and (245, 330): it leaves the first box through its bottom edge
    // and enters the second through its top edge.
    #expect(from.y == 60 && abs(from.x - (25 + 220 * 30 / 300)) < 1e-9)
    #expect(to.y == 300 && abs(to.x - (25 + 220 * 270 / 300)) < 1e-9)
    #expect(
      SVGDrawing.arrow(
        from: Rect(x: 0, y: 0, width: 100, height: 40),
        to: Rect(x: 0, y: 30, width: 100, height: 40))
        == nil)
  }

  @Test("numbers: at most two decimals; matrix entries four")
  func numbers() {
    #expect(SVGDrawing.n(137.5) == "137.5")
    #expect(SVGDrawing.n(170.666) == "170.67")
    #expect(SVGDrawing.n(-3) == "-3")
    #expect(SVGDrawing.n(0.05) == "0.05")
    #expect(SVGDrawing.n(.nan) == "0")
    #expect(SVGDrawing.m(0.8660254) == "0.866")
    #expect(SVGDrawing.m(-0.5) == "-0.5")
    #expect(SVGElement.escape("a<b & \"c\"", inAttribute: true) == "a&lt;b &amp; &quot;c&quot;")
  }

  @Test("a strip draws its states side by side")
  func strip() {
    var second = Self.state()
    second.bounds.origin.y = 0
    let svg = SVGDrawing.strip([Self.state(), second], captions: ["before", "after"])
    #expect(svg.components(separatedBy: "<g class=\"state\"").count == 3)
    #expect(svg.contains(">before  offset (0, 40)"))
    #expect(svg.contains(">after  offset (0, 0)"))
  }
}

/// Compares `text` with the file `Golden/NAME`; with GRIDLINE_RECORD=1 in the environment
/// it rewrites the file instead and fails, so nothing is recorded silently.
func expectGolden(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/" + name)
  if ProcessInfo.processInfo.environment["GRIDLINE_RECORD"] == "1" {
    try text.write(to: url, atomically: true, encoding: .utf8)
    Issue.record("recorded \(url.path)", sourceLocation: sourceLocation)
    return
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(text == expected, sourceLocation: sourceLocation)
}
