import LayoutEngine

/// One state of a collection view as an SVG document, or several side by side (a film
/// strip). Layers are `<g>` groups in a fixed order — content, section bands, decorations,
/// cells, supplementary views, pin ghosts and arrows, viewport, legend and status — and
/// every element carries `data-kind`, `data-index-path`, `data-frame` and `data-z`; numbers
/// have at most two decimals and elements a stable order, so files diff cleanly and serve
/// as golden files.
public enum SVGDrawing {
  static let margin = 16.0
  static let legendHeight = 54.0

  /// A document of one state.
  public static func document(_ state: DrawingState, caption: String = "") -> String {
    strip([state], captions: [caption])
  }

  /// States side by side, left to right, each with its caption above its status line.
  public static func strip(_ states: [DrawingState], captions: [String] = []) -> String {
    let areas = states.map(area)
    let gap = 24.0
    // Wide enough for the legend.
    let width = max(
      540, areas.reduce(0) { $0 + $1.width } + gap * Double(max(0, states.count - 1)) + 2 * margin)
    let height = (areas.map(\.height).max() ?? 0) + 2 * margin + legendHeight
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
      viewBox="0 0 \(n(width)) \(n(height))" font-family="monospace" font-size="10">
      <style>
        .background { fill: #ffffff; }
        .content { fill: #f4f5f7; stroke: #b8bcc4; stroke-width: 1; }
        .band { fill: #e8ecf4; }
        .cell rect { fill: #cfe3ff; stroke: #3a6fc4; stroke-width: 1; }
        .supplementary rect { fill: #d9f2e6; stroke: #2f8a5f; stroke-width: 1; }
        .decoration rect { fill: #ece3f7; stroke: #8a6ab8; stroke-width: 1; }
        .pinned rect { fill: #ffe08a; stroke: #b07d00; stroke-width: 2; }
        .invalidated rect { stroke: #d0312d; stroke-width: 2; stroke-dasharray: 4 2; }
        .ghost { fill: none; stroke: #b07d00; stroke-width: 1; stroke-dasharray: 3 3; }
        .arrow { stroke: #b07d00; stroke-width: 1.5; fill: none; marker-end: url(#head); }
        .viewport { fill: none; stroke: #1b2a4a; stroke-width: 2.5; }
        text { fill: #1b2a4a; }
        .legend text, .status { fill: #44495a; }
      </style>
      <defs><marker id="head" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto">\
      <path d="M0,0 L8,4 L0,8 z" fill="#b07d00"/></marker></defs>
      <rect class="background" x="0" y="0" width="\(n(width))" height="\(n(height))"/>

      """
    var x = margin
    for (i, state) in states.enumerated() {
      let a = areas[i]
      let caption = i < captions.count ? captions[i] : ""
      out += frame(state, area: a, at: Point(x: x, y: margin), caption: caption, index: i)
      x += a.width + gap
    }
    out += legend(y: height - legendHeight + 14)
    out += "</svg>\n"
    return out
  }

  /// The drawn area of a state: the content and the viewport, within the window if any.
  static func area(_ state: DrawingState) -> Rect {
    let b = state.bounds
    let minX = min(0, b.minX)
    let minY = min(0, b.minY)
    var a = Rect(
      x: minX, y: minY, width: max(state.contentSize.width, b.maxX) - minX,
      height: max(state.contentSize.height, b.maxY) - minY)
    if let w = state.window { a = a.intersection(w).union(b) }
    return a
  }

  static func frame(
    _ state: DrawingState, area: Rect, at origin: Point, caption: String, index: Int
  )
    -> String
  {
    let dx = origin.x - area.minX
    let dy = origin.y - area.minY
    func r(_ rect: Rect, _ attributes: String) -> String {
      "<rect x=\"\(n(rect.minX + dx))\" y=\"\(n(rect.minY + dy))\" width=\"\(n(rect.width))\" "
        + "height=\"\(n(rect.height))\"\(attributes)/>"
    }
    var out = "<g class=\"state\" data-state=\"\(index)\">\n"
    let content = Rect(
      x: 0, y: max(0, area.minY), width: state.contentSize.width,
      height: max(0, min(state.contentSize.height, area.maxY) - max(0, area.minY)))
    out += "  <g class=\"contents\">" + r(content, " class=\"content\"") + "</g>\n"
    // Section bands: the union of each section's elements, behind everything.
    var bands: [Int: Rect] = [:]
    for a in state.elements where !a.isHidden {
      let s = a.indexPath.section
      bands[s] = bands[s].map { $0.union(a.frame) } ?? a.frame
    }
    out += "  <g class=\"bands\">\n"
    for s in bands.keys.sorted() {
      out += "    " + r(bands[s]!, " class=\"band\" data-section=\"\(s)\"") + "\n"
    }
    out += "  </g>\n"
    func rank(_ i: Int) -> Int { i < state.layerRanks.count ? state.layerRanks[i] : 0 }
    let order = state.elements.indices.filter { !state.elements[$0].isHidden }.sorted {
      let a = state.elements[$0]
      let b = state.elements[$1]
      return (rank($0), a.zIndex, a.key) < (rank($1), b.zIndex, b.key)
    }
    for (group, category) in [
      ("decorations", ElementCategory.decorationView), ("cells", .cell),
      ("supplementaries", .supplementaryView),
    ] {
      out += "  <g class=\"\(group)\">\n"
      for i in order where state.elements[i].representedElementCategory == category {
        out += "    " + element(state, i, dx: dx, dy: dy) + "\n"
      }
      out += "  </g>\n"
    }
    out += "  <g class=\"pins\">\n"
    for (i, a) in state.elements.enumerated() where i < state.natural.count && !a.isHidden {
      guard let natural = state.natural[i] else { continue }
      out +=
        "    " + r(natural, " class=\"ghost\" data-index-path=\"\(AsciiDrawing.label(a))\"") + "\n"
      out +=
        "    <line class=\"arrow\" x1=\"\(n(natural.midX + dx))\" y1=\"\(n(natural.midY + dy))\" "
        + "x2=\"\(n(a.frame.midX + dx))\" y2=\"\(n(a.frame.midY + dy))\"/>\n"
    }
    out += "  </g>\n"
    out += "  <g class=\"viewports\">" + r(state.bounds, " class=\"viewport\"") + "</g>\n"
    let b = state.bounds
    let status =
      "offset (\(n(b.minX)), \(n(b.minY)))  content \(n(state.contentSize.width)) x "
      + "\(n(state.contentSize.height))  bounds \(n(b.width)) x \(n(b.height))  "
      + "\(state.elements.count) elements"
    out +=
      "  <text class=\"status\" x=\"\(n(origin.x))\" y=\"\(n(origin.y + area.height + 14))\">"
      + escape(caption.isEmpty ? status : caption + "  " + status) + "</text>\n"
    out += "</g>\n"
    return out
  }

  static func element(_ state: DrawingState, _ i: Int, dx: Double, dy: Double) -> String {
    let a = state.elements[i]
    let f = a.frame
    let pinned = i < state.natural.count && state.natural[i] != nil
    let invalidated = state.invalidated.contains(a.key)
    var classes: [String] =
      switch a.representedElementCategory {
      case .cell: ["cell"]
      case .supplementaryView: ["supplementary"]
      case .decorationView: ["decoration"]
      }
    if pinned { classes.append("pinned") }
    if invalidated { classes.append("invalidated") }
    let kind = a.representedElementKind ?? "cell"
    var attributes =
      "class=\"\(classes.joined(separator: " "))\" data-kind=\"\(escape(kind))\" "
      + "data-index-path=\"\(a.indexPath.section).\(a.indexPath.item)\" "
      + "data-frame=\"\(n(f.minX)) \(n(f.minY)) \(n(f.width)) \(n(f.height))\" data-z=\"\(a.zIndex)\""
    if a.alpha != 1 { attributes += " opacity=\"\(n(a.alpha))\"" }
    let t = a.transform3D
    if !t.isIdentity {
      // About the centre, as UIKit applies it; a perspective transform (not affine) is
      // drawn by its bounding box instead.
      let c = Point(x: a.center.x + dx, y: a.center.y + dy)
      if t.isAffine {
        attributes +=
          " transform=\"translate(\(n(c.x)) \(n(c.y))) matrix(\(m(t.m11)) \(m(t.m12)) "
          + "\(m(t.m21)) \(m(t.m22)) \(n(t.m41)) \(n(t.m42))) translate(\(n(-c.x)) \(n(-c.y)))\""
      }
    }
    let box = t.isIdentity || t.isAffine ? f : AsciiDrawing.boundingBox(a)
    var out = "<g \(attributes)>"
    out +=
      "<rect x=\"\(n(box.minX + dx))\" y=\"\(n(box.minY + dy))\" width=\"\(n(box.width))\" "
      + "height=\"\(n(box.height))\"/>"
    if box.width >= 14 && box.height >= 10 {
      let label = AsciiDrawing.label(a) + (invalidated ? "*" : "")
      out +=
        "<text x=\"\(n(box.minX + dx + 3))\" y=\"\(n(box.minY + dy + 11))\">\(escape(label))</text>"
    }
    return out + "</g>"
  }

  static func legend(y: Double) -> String {
    let items: [(String, String)] = [
      ("cell", "#cfe3ff"), ("supplementary", "#d9f2e6"), ("decoration", "#ece3f7"),
      ("pinned", "#ffe08a"),
    ]
    var out = "<g class=\"legend\">\n"
    var x = margin
    for (name, fill) in items {
      out +=
        "  <rect x=\"\(n(x))\" y=\"\(n(y - 9))\" width=\"10\" height=\"10\" fill=\"\(fill)\" "
        + "stroke=\"#44495a\"/><text x=\"\(n(x + 14))\" y=\"\(n(y))\">\(name)</text>\n"
      x += 14 + Double(name.count) * 6.2 + 14
    }
    out +=
      "  <text x=\"\(n(margin))\" y=\"\(n(y + 16))\">red dashes: recomputed · dotted: "
      + "a pinned element's natural place · thick: the viewport</text>\n"
    return out + "</g>\n"
  }

  /// Coordinates: at most two decimals (137.5, 170.67, -3), so files diff cleanly.
  static func n(_ v: Double) -> String { formatNumber(v, .decimals(2)) }

  /// Matrix entries keep four decimals (a rotation's cosine needs them).
  static func m(_ v: Double) -> String { formatNumber(v, .decimals(4)) }

  static func escape(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
