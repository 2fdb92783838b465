import LayoutEngine

/// The marks of a batch update in an SVG (see `UpdateMark` for what is marked and when):
/// inserted and reloaded elements are drawn with their presented alpha like any element,
/// with their mark as a class; deleted elements become dashed ghosts and moves get arrows,
/// in the `updates` group above the elements.
extension SVGDrawing {
  /// The legend's extra line when a document has update marks.
  static let updateLegendHeight = 16.0

  static let updateStylesheet = """
      .inserted rect { stroke: #2f8a5f; stroke-width: 2; }
      .deleted rect { fill: none; stroke: #6b7280; stroke-width: 1.5; stroke-dasharray: 5 3; }
      .move { stroke: #3a6fc4; stroke-width: 1.5; fill: none; marker-end: url(#move-head); }

    """

  /// `markers`, plus the head of a move's arrow (the colour of a cell's outline).
  static var markersWithMove: SVGElement {
    var defs = markers
    defs.children.append(arrowHead(id: "move-head", fill: "#3a6fc4"))
    return defs
  }

  /// Each deleted element's ghost while the animation runs — a dashed outline where it is
  /// presented (LAY-15: its old frame), with its presented alpha, left out once that alpha
  /// is 0 (the last frame) and in the picture of a finished update — then an arrow for each
  /// moved element from its old centre to its new one, on every picture with the mark.
  static func updateMarks(
    _ state: DrawingState, _ labels: [Int: (text: String, corner: Point)], _ place: Placement
  ) -> [SVGNode] {
    let ghosts: [SVGNode] = Self.ghosts(state).map {
      .element(ghost(state, $0, label: labels[$0], place))
    }
    var arrows: [SVGNode] = []
    for (i, a) in state.elements.enumerated() where !a.isHidden {
      guard let mark = state.mark(i), let track = state.track(i) else { continue }
      let from = track.from.center
      let to = track.to.center
      if mark == .moved, abs(from.x - to.x) + abs(from.y - to.y) > 0.01 {
        arrows.append(
          .element(
            SVGElement(
              "line",
              [
                ("class", "move"), ("data-index-path", AsciiDrawing.label(a)),
                ("x1", n(from.x + place.dx)), ("y1", n(from.y + place.dy)),
                ("x2", n(to.x + place.dx)), ("y2", n(to.y + place.dy)),
              ])))
      }
    }
    return ghosts + arrows
  }

  /// The deleted elements drawn as ghosts, in element order.
  static func ghosts(_ state: DrawingState) -> [Int] {
    state.elements.indices.filter {
      !state.elements[$0].isHidden && state.mark($0) == .deleted && state.updateProgress != nil
        && state.elements[$0].alpha > 0
    }
  }

  /// A deleted element as a dashed outline with its label, at its presented alpha.
  static func ghost(
    _ state: DrawingState, _ i: Int, label: (text: String, corner: Point)?, _ place: Placement
  ) -> SVGElement {
    let a = state.elements[i]
    return SVGElement(
      "g",
      [("class", "deleted")] + data(a) + [
        ("data-change", UpdateMark.deleted.rawValue), ("opacity", n(a.alpha)),
      ],
      children: boxAndLabel(AsciiDrawing.boundingBox(a), label, place))
  }

  static let updateLegendText =
    "+ inserted, fading in · → moved: arrow from its old place · dashed: deleted, fading out"

  /// The legend's line for update marks.
  static func updateLegendLine(y: Double) -> SVGNode {
    .element(SVGElement("text", [("x", n(margin)), ("y", n(y))], text: updateLegendText))
  }
}
