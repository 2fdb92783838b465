import Foundation
import GridlineTestSupport
import Testing

/// `draw content` at the widths of real terminals: a wider one draws at a finer scale, so
/// fewer points fit the rows, and the viewport must still be drawn whole.
@Suite("draw content at a terminal's width")
struct DrawingWidthTests {
  /// The content drawings `examples/tour.gl` prints with `draw content` added after its
  /// step 8 (scrolled to the end of 1,160 points) and at its end, at `columns`.
  func tourDrawings(columns: Int) -> [[String]] {
    let path = repositoryRoot.appendingPathComponent("examples/tour.gl").path
    let tour = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let step9 = "# 9. A layout of your own."
    #expect(tour.contains(step9), "tour.gl's step 9 moved; update this test")
    let source =
      tour.replacingOccurrences(of: step9, with: "draw content\n" + step9) + "\ndraw content\n"
    let (text, status) = transcript(of: path, text: source, columns: columns)
    #expect(status == .success)
    let drawings = text.components(separatedBy: "draw content (line ").dropFirst()
    return drawings.map { $0.split(separator: "\n").map(String.init) }
  }

  @Test("tour.gl's viewport is drawn whole, and what is cut is said", arguments: [80, 120, 200])
  func tour(columns: Int) {
    let drawings = tourDrawings(columns: columns)
    #expect(drawings.count == 2)
    for lines in drawings {
      #expect(lines.contains { $0.contains("│╔═") }, "the viewport's top edge")
      #expect(lines.contains { $0.contains("│╚═") }, "the viewport's bottom edge")
      let frame = lines.filter { $0.contains("│") }
      #expect(frame.allSatisfy { $0.count <= columns }, "a row wider than the terminal")
    }
    // At the end of the content after step 8: its top is cut, and said to be.
    #expect(
      drawings.first?.contains {
        $0.hasPrefix("        ⋮ ") && $0.contains("pt above not drawn (y 0…")
      } == true)
  }
}
