import LayoutEngine
import Testing

@testable import GridlineRender

/// The marks of a batch update in both pictures: `+` and a fade for an inserted element,
/// `→` and an arrow for a moved one, a ghost for a deleted one, nothing without tracks.
@Suite("Update marks")
struct UpdateMarkTests {
  static func cell(_ item: Int, y: Double, alpha: Double = 1) -> LayoutAttributes {
    var a = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
    a.frame = Rect(x: 0, y: y, width: 100, height: 40)
    a.alpha = alpha
    return a
  }

  static func track(
    _ change: UpdateChange, old: Int?, new: Int?, from: LayoutAttributes, to: LayoutAttributes
  ) -> UpdateTrack {
    UpdateTrack(
      oldKey: old.map { .cell(IndexPath(item: $0, section: 0)) },
      newKey: new.map { .cell(IndexPath(item: $0, section: 0)) }, from: from, to: to,
      change: change, disappears: new == nil)
  }

  /// An update at `progress` (nil: finished) over three rows of 50 points: item 0 inserted
  /// at the top, old item 2 moved to 1 (from y 100 to y 50), old item 1 deleted at y 50,
  /// and item 2 (old 0) shifted — which is not marked.
  static func state(progress: Double?) -> DrawingState {
    let t = progress ?? 1
    let inserted = track(
      .inserted, old: nil, new: 0, from: cell(0, y: 0, alpha: 0), to: cell(0, y: 0))
    let moved = track(.moved, old: 2, new: 1, from: cell(1, y: 100), to: cell(1, y: 50))
    let shifted = track(.shifted, old: 0, new: 2, from: cell(2, y: 0), to: cell(2, y: 100))
    let deleted = track(
      .deleted, old: 1, new: nil, from: cell(1, y: 50), to: cell(1, y: 50, alpha: 0))
    let tracks = [inserted, moved, shifted, deleted]
    return DrawingState(
      bounds: Rect(x: 0, y: 0, width: 100, height: 150), contentSize: Size(width: 100, height: 150),
      elements: tracks.map { $0.attributes(at: t) }, changes: tracks, updateProgress: progress)
  }

  @Test("the mark of each change: inserted, moved, deleted, reloaded; none for a shift")
  func marks() {
    let s = Self.state(progress: nil)
    #expect((0..<4).map { s.mark($0) } == [.inserted, .moved, nil, .deleted])
    let reload = Self.track(
      .reloaded, old: nil, new: 0, from: Self.cell(0, y: 0), to: Self.cell(0, y: 0))
    #expect(UpdateMark(reload) == .reloaded)
    #expect(UpdateMark(nil) == nil)
  }

  @Test(
    "ASCII: + after an inserted label, → after a moved one, a dotted × box where a deleted one was")
  func ascii() {
    let lines = AsciiDrawing.lines(Self.state(progress: nil), .init(columns: 30))
    // 100 pt over 20 columns: 5 pt per column, 10 pt per row; rows 0, 5 and 10 are the tops.
    #expect(lines[2].contains("┌0.0+"))
    #expect(lines[7].contains("┌0.1→"))
    #expect(lines[12].contains("┌0.2─"))
    // The deleted item was where 0.1 now is: its ghost is under it, the footer names it.
    #expect(!lines.joined().contains("0.1×"))
    #expect(
      lines.last
        == "update: + inserted 0.0; → moved 0.2 to 0.1; × deleted (dotted where it was) 0.1")
  }

  @Test("ASCII: a deleted element's ghost shows where nothing covers its old place")
  func asciiGhost() {
    var state = Self.state(progress: 0.5)
    // Drop the moved and shifted items: the deleted one's old place is bare.
    state.elements = [state.elements[0], state.elements[3]]
    state.changes = [state.changes[0], state.changes[3]]
    let lines = AsciiDrawing.lines(state, .init(columns: 30))
    #expect(lines[7].contains("·0.1×┄"))
    #expect(lines[10].contains("·┄┄"))
    #expect(lines.last?.hasPrefix("update at 50%: + inserted 0.0; × deleted") == true)
  }

  @Test("ASCII: no tracks, no marks and no update line")
  func asciiWithoutMarks() {
    var state = Self.state(progress: nil)
    state.changes = []
    let text = AsciiDrawing.lines(state, .init(columns: 30)).joined(separator: "\n")
    #expect(!text.contains("+") && !text.contains("→") && !text.contains("×"))
    #expect(!text.contains("update"))
  }

  @Test(
    "SVG mid-animation: the insert fades in, the delete is a fading dashed ghost, the move an arrow"
  )
  func svgFrame() {
    let svg = SVGDrawing.document(Self.state(progress: 0.25))
    #expect(svg.contains(".deleted rect {") && svg.contains("id=\"move-head\""))
    #expect(
      svg.contains(
        #"<g class="cell inserted" data-kind="cell" data-index-path="0.0" data-frame="0 0 100 40" data-z="0" data-change="inserted" opacity="0.25">"#
      ))
    #expect(svg.contains(">0.0+</text>") && svg.contains(">0.1→</text>"))
    // The ghost at the old place (y 50) with the presented alpha, above the cells.
    let ghost =
      #"<g class="deleted" data-kind="cell" data-index-path="0.1" data-frame="0 50 100 40" data-change="deleted" opacity="0.75">"#
    #expect(svg.contains(ghost))
    #expect(svg.range(of: "<g class=\"cells\">")!.lowerBound < svg.range(of: ghost)!.lowerBound)
    // Centre (50, 120) to centre (50, 70), shifted by the 16-point margin.
    #expect(
      svg.contains(#"<line class="move" data-index-path="0.1" x1="66" y1="136" x2="66" y2="86"/>"#))
    #expect(svg.contains("+ inserted, fading in · → moved: arrow from its old place"))
  }

  @Test("SVG after the update: the arrow stays, the ghost has faded out")
  func svgAfter() {
    let after = SVGDrawing.document(Self.state(progress: nil))
    #expect(after.contains(#"<line class="move""#))
    #expect(!after.contains(#"<g class="deleted""#))
    let last = SVGDrawing.document(Self.state(progress: 1))
    #expect(!last.contains(#"<g class="deleted""#), "alpha 0 at the last frame")
  }

  @Test("SVG without marks is the picture it always was: no update styles, group or legend line")
  func svgWithoutMarks() {
    var state = Self.state(progress: nil)
    let marked = SVGDrawing.document(state)
    state.changes = []
    let plain = SVGDrawing.document(state)
    for part in [".inserted rect", "move-head", "class=\"updates\"", "data-change", "fading in"] {
      #expect(marked.contains(part))
      #expect(!plain.contains(part))
    }
  }
}
