import LayoutEngine

/// A `PlotChart` as an SVG document: two panels sharing the time axis — the content offset
/// above, its velocity below — with gridlines at round ticks (1, 2 or 5 × 10ⁿ apart) and
/// their labels, the curves as polylines (a dot per frame when there are at most
/// `dotLimit`), the gesture's moments as labelled dashed vertical lines, the edges the
/// offset went past as dashed lines on the offset panel, and a title. Numbers have at most
/// two decimals and elements a fixed order, so files diff cleanly and serve as golden files.
public enum PlotDrawing {
  static let width = 760.0
  static let left = 76.0
  static let right = 24.0
  static let top = 70.0
  static let panelHeight = 190.0
  /// Between the panels: room for the lower panel's heading.
  static let gap = 46.0
  static let bottom = 50.0
  /// Between a panel's frame and its outermost gridlines, so a curve along an end tick
  /// is not hidden by the frame.
  static let inset = 8.0
  /// Frames beyond this many make the dots a smear: the curves alone then.
  static let dotLimit = 120
  /// Longer titles are cut, so the text stays inside the picture.
  static let titleLimit = 90
  static var height: Double { top + 2 * panelHeight + gap + bottom }

  /// One panel: a quantity of the samples against the shared time scale.
  struct Panel {
    /// `offset` or `velocity`: the class of its curve and dots.
    let name: String
    let heading: String
    let time: PlotScale
    let value: PlotScale
    let values: [Double]

    /// The panel's frame.
    var top: Double { value.end - inset }
    var bottom: Double { value.start + inset }

    func point(_ t: Double, _ v: Double) -> String {
      "\(n(time.position(t))),\(n(value.position(v)))"
    }
  }

  public static func document(_ chart: PlotChart) -> String {
    let s = chart.samples
    let time = PlotScale(
      covering: [0] + s.map(\.time), from: left, to: width - right, ticks: 10)
    let lower = top + panelHeight + gap
    let offset = Panel(
      name: "offset", heading: "content offset \(chart.axis) (pt)", time: time,
      value: PlotScale(
        covering: s.map(\.offset) + chart.edges.map(\.offset), from: top + panelHeight - inset,
        to: top + inset, ticks: 8),
      values: s.map(\.offset))
    let velocity = Panel(
      name: "velocity", heading: "velocity \(chart.axis) (pt/ms, + towards larger offsets)",
      time: time,
      value: PlotScale(
        covering: [0] + s.map(\.velocity), from: lower + panelHeight - inset, to: lower + inset,
        ticks: 6),
      values: s.map(\.velocity))
    let children: [SVGNode] = [
      .element(
        SVGElement("text", [("class", "title"), ("x", "16"), ("y", "26")], text: title(chart))),
      .element(
        SVGElement(
          "text", [("class", "subtitle"), ("x", "16"), ("y", "44")], text: subtitle(chart))
      ),
      panel(offset, chart, extra: edges(chart, offset)),
      panel(velocity, chart, extra: zeroLine(velocity)),
      timeAxis(time, below: velocity.bottom),
      markerLabels(chart, offset),
    ]
    return SVGDrawing.file(width: width, height: height, style: stylesheet, children)
  }

  static let stylesheet = """

      .background { fill: #ffffff; }
      text { fill: #44495a; }
      .title { font-size: 14px; font-weight: bold; fill: #1b2a4a; }
      .heading { font-size: 11px; font-weight: bold; fill: #1b2a4a; }
      .frame { fill: none; stroke: #b8bcc4; stroke-width: 1; }
      .grid line { stroke: #e8eaef; stroke-width: 1; }
      .zero { stroke: #8a8f9c; stroke-width: 1; }
      .curve { fill: none; stroke-width: 2; stroke-linejoin: round; }
      .curve.offset { stroke: #3a6fc4; }
      .curve.velocity { stroke: #c4622d; }
      .dots.offset { fill: #3a6fc4; }
      .dots.velocity { fill: #c4622d; }
      .edges line { stroke: #b07d00; stroke-width: 1.5; stroke-dasharray: 6 3; }
      .edges text, .marker-labels text {
        paint-order: stroke; stroke: #ffffff; stroke-width: 3px; font-weight: bold;
      }
      .edges text { fill: #b07d00; }
      .markers line { stroke-width: 1.5; stroke-dasharray: 4 3; }
      .markers .release { stroke: #2f8a5f; }
      .markers .rest { stroke: #8a6ab8; }
      .marker-labels .release { fill: #2f8a5f; }
      .marker-labels .rest { fill: #8a6ab8; }

    """

  /// The caption, cut to `titleLimit` characters.
  static func title(_ chart: PlotChart) -> String {
    let t = chart.title.isEmpty ? "scroll" : chart.title
    return t.count > titleLimit ? String(t.prefix(titleLimit - 1)) + "…" : t
  }

  /// How many frames over how long, where the offset went (and how far past its end it
  /// went first, for a bounce) and its top speed.
  static func subtitle(_ chart: PlotChart) -> String {
    let s = chart.samples
    let frames = s.count(where: \.isFrame)
    let duration = (s.last?.time ?? 0) - (s.first?.time ?? 0)
    let peak = s.map(\.velocity).max { abs($0) < abs($1) } ?? 0
    let a = chart.axis
    let first = s.first?.offset ?? 0
    let last = s.last?.offset ?? 0
    var overshoot = ""
    let direction: Double = last > first ? 1 : -1
    if last != first, let far = s.map(\.offset).max(by: { $0 * direction < $1 * direction }),
      (far - last) * direction >= 0.05
    {
      overshoot = " (via \(n(far)))"
    }
    return "\(frames) frame\(frames == 1 ? "" : "s") at \(n(chart.frameRate)) Hz over "
      + "\(n(duration)) ms · \(a) \(n(first)) → \(n(last))\(overshoot) · "
      + "peak velocity \(n(peak)) pt/ms"
  }

  /// A panel: heading, gridlines, tick labels, frame, `extra` lines, the markers' lines,
  /// then the curve and its dots on top.
  static func panel(_ p: Panel, _ chart: PlotChart, extra: [SVGNode]) -> SVGNode {
    var children: [SVGNode] = [
      .element(
        SVGElement(
          "text", [("class", "heading"), ("x", n(left)), ("y", n(p.top - 8))], text: p.heading)),
      SVGDrawing.group("grid", grid(p)),
      SVGDrawing.group(
        "ticks",
        p.value.ticks.map { v in
          .element(
            SVGElement(
              "text",
              [("x", n(left - 6)), ("y", n(p.value.position(v) + 3.5)), ("text-anchor", "end")],
              text: p.value.label(v)))
        }),
      .element(
        SVGElement(
          "rect",
          [
            ("class", "frame"), ("x", n(left)), ("y", n(p.top)), ("width", n(width - right - left)),
            ("height", n(panelHeight)),
          ])),
    ]
    children += extra
    children.append(
      SVGDrawing.group(
        "markers",
        chart.markers.map { m in
          line(m.kind.rawValue, p.time.position(m.time), p.top, p.time.position(m.time), p.bottom)
        }))
    let points = zip(chart.samples, p.values).map { p.point($0.time, $1) }
    children.append(
      .element(
        SVGElement(
          "polyline",
          [("class", "curve \(p.name)"), ("points", points.joined(separator: " "))])))
    if chart.samples.count(where: \.isFrame) <= dotLimit {
      children.append(dots(p, chart))
    }
    return .element(
      SVGElement(
        "g", [("class", "panel"), ("data-quantity", p.name)], children: children,
        layout: .lines(indent: 2)))
  }

  /// A vertical line at each time tick, a horizontal one at each value tick.
  static func grid(_ p: Panel) -> [SVGNode] {
    p.time.ticks.map { t in line(nil, p.time.position(t), p.top, p.time.position(t), p.bottom) }
      + p.value.ticks.map { v in
        line(nil, p.time.start, p.value.position(v), p.time.end, p.value.position(v))
      }
  }

  /// A dot at each frame's value.
  static func dots(_ p: Panel, _ chart: PlotChart) -> SVGNode {
    let frames = zip(chart.samples, p.values).filter { $0.0.isFrame }
    return .element(
      SVGElement(
        "g", [("class", "dots \(p.name)")],
        children: frames.map { s, v in
          .element(
            SVGElement(
              "circle",
              [
                ("cx", n(p.time.position(s.time))), ("cy", n(p.value.position(v))), ("r", "2"),
              ]))
        }, layout: .lines(indent: 2)))
  }

  /// The edges of the valid offsets the offset went past, each labelled at the right, on
  /// the side of its line towards the middle of the panel.
  static func edges(_ chart: PlotChart, _ p: Panel) -> [SVGNode] {
    let nodes: [SVGNode] = chart.edges.flatMap { e -> [SVGNode] in
      let y = p.value.position(e.offset)
      let below = y < (p.top + p.bottom) / 2
      return [
        line(e.kind.rawValue, p.time.start, y, p.time.end, y),
        .element(
          SVGElement(
            "text",
            [("x", n(p.time.end - 4)), ("y", n(below ? y + 12 : y - 4)), ("text-anchor", "end")],
            text: "\(e.kind.rawValue) offset \(n(e.offset))")),
      ]
    }
    return nodes.isEmpty ? [] : [SVGDrawing.group("edges", nodes)]
  }

  /// The line of zero velocity: the content at rest.
  static func zeroLine(_ p: Panel) -> [SVGNode] {
    let y = p.value.position(0)
    return [line("zero", p.time.start, y, p.time.end, y)]
  }

  /// The time ticks' labels under the lower panel, and the axis's name.
  static func timeAxis(_ time: PlotScale, below y: Double) -> SVGNode {
    var labels: [SVGNode] = time.ticks.map { t in
      .element(
        SVGElement(
          "text", [("x", n(time.position(t))), ("y", n(y + 14)), ("text-anchor", "middle")],
          text: time.label(t)))
    }
    labels.append(
      .element(
        SVGElement(
          "text",
          [("x", n((time.start + time.end) / 2)), ("y", n(y + 34)), ("text-anchor", "middle")],
          text: "time (ms)")))
    return SVGDrawing.group("time-axis", labels)
  }

  /// Each marker's name inside the offset panel beside its line, at the top where the
  /// offset is low then, else at the bottom, away from the curve; names that would overlap
  /// go a line further in (three lines, then over the first).
  static func markerLabels(_ chart: PlotChart, _ p: Panel) -> SVGNode {
    // Where the names on each line end, at the top (0) and at the bottom (1).
    var ends = [[Double]](repeating: [-.infinity, -.infinity, -.infinity], count: 2)
    var labels: [SVGNode] = []
    for m in chart.markers {
      let x = p.time.position(m.time)
      let text = m.kind.rawValue
      let w = Double(text.count) * 6.2
      let after = x + 4 + w <= p.time.end
      let from = after ? x + 4 : x - 4 - w
      let atTop = p.value.position(m.offset) > (p.top + p.bottom) / 2
      let side = atTop ? 0 : 1
      let level = ends[side].firstIndex { $0 + 4 <= from } ?? 0
      ends[side][level] = from + w
      // Clear of the outermost gridlines, which an edge may lie on.
      let y =
        atTop
        ? p.top + inset + 14 + 12 * Double(level) : p.bottom - inset - 5 - 12 * Double(level)
      labels.append(
        .element(
          SVGElement(
            "text",
            [
              ("class", m.kind.rawValue), ("x", n(after ? x + 4 : x - 4)), ("y", n(y)),
              ("text-anchor", after ? "start" : "end"),
            ], text: text)))
    }
    return SVGDrawing.group("marker-labels", labels)
  }

  /// `<line>` from (x1, y1) to (x2, y2), of class `name` if any.
  static func line(_ name: String?, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> SVGNode
  {
    let ends = [("x1", n(x1)), ("y1", n(y1)), ("x2", n(x2)), ("y2", n(y2))]
    return .element(SVGElement("line", (name.map { [("class", $0)] } ?? []) + ends))
  }

  static func n(_ v: Double) -> String { SVGDrawing.n(v) }
}
