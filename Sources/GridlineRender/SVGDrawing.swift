import LayoutEngine

/// One state of a collection view as an SVG document, or several side by side (a film
/// strip). Layers are `<g>` groups in a fixed order — content, section bands, decorations,
/// cells, supplementary views, pin ghosts and arrows, update marks (only in a state with
/// marks: deleted elements' ghosts and moves' arrows, see `UpdateMark`), viewport, legend
/// and status — and
/// every element carries `data-kind`, `data-index-path`, `data-frame` and `data-z`; numbers
/// have at most two decimals and elements a stable order, so files diff cleanly and serve
/// as golden files.
public enum SVGDrawing {
  static let margin = 16.0
  static let legendHeight = 54.0
  /// The advance of a glyph of the 10-point monospace font the document declares, rounded
  /// up (0.62 em; DejaVu Sans Mono, Liberation Mono, Menlo and Courier are 0.6): what text
  /// is measured with, so that no caption runs into another or off the canvas.
  static let characterWidth = 6.2
  /// The distance between two lines of status text.
  static let statusLineHeight = 12.0
  /// The narrowest column a state takes: 20 glyphs, a clause of its status line.
  static let minimumColumn = 20 * characterWidth

  /// A document of one state.
  public static func document(_ state: DrawingState, caption: String = "") -> String {
    strip([state], captions: [caption])
  }

  /// States side by side, left to right, each with its caption above its status line.
  public static func strip(_ states: [DrawingState], captions: [String] = []) -> String {
    let areas = states.map(area)
    let gap = 24.0
    // Update marks add their styles, arrow head and legend line only where a state has
    // them, so other pictures stay as they were, byte for byte.
    let updates = states.contains(where: \.hasUpdateMarks)
    let legendHeight = legendHeight + (updates ? updateLegendHeight : 0)
    // Insets and selection add their styles and swatches only where a state has them.
    let extras = Extras(
      insets: states.contains { $0.adjustedContentInset != .zero },
      selection: states.contains { $0.selected.contains(true) })
    // Wide enough for the legend's longest line, measured.
    let legendWidth = max(
      Double(legendTexts(updates: updates).map { columns(of: $0) }.max() ?? 0) * characterWidth,
      swatchRowWidth(extras) - margin)
    // Each state takes a column as wide as it is, and at least as wide as a short status
    // line needs: a narrow state's text never runs into the next one's.
    let columnWidths = areas.map { max($0.width, minimumColumn) }
    let width = max(
      540, legendWidth + 2 * margin,
      columnWidths.reduce(0, +) + gap * Double(max(0, states.count - 1)) + 2 * margin)
    // Each state's caption and status line, wrapped to its column: the column and the gap
    // after it (the last one's, to the canvas's edge), a glyph kept clear.
    var x = margin
    let statuses = states.indices.map { i -> [String] in
      let caption = i < captions.count ? captions[i] : ""
      let text = caption.isEmpty ? status(states[i]) : caption + "  " + status(states[i])
      let room = i == states.count - 1 ? width - margin - x : columnWidths[i] + gap
      x += columnWidths[i] + gap
      // A huge area (an extreme layout) still wraps at a sane width: the text is short.
      return wrapped(
        text, columns: min(1000, Int(saturating: (room - characterWidth) / characterWidth)))
    }
    let extra = statuses.map { Double($0.count - 1) * statusLineHeight }
    let height =
      (zip(areas, extra).map { $0.height + $1 }.max() ?? 0) + 2 * margin + legendHeight
    var children: [SVGNode] = []
    x = margin
    for (i, state) in states.enumerated() {
      let a = areas[i]
      children.append(
        .element(
          frame(state, area: a, at: Point(x: x, y: margin), status: statuses[i], index: i)))
      x += columnWidths[i] + gap
    }
    children.append(
      .element(legend(y: height - legendHeight + 14, updates: updates, extras: extras)))
    return file(
      width: width, height: height,
      style: stylesheet + (updates ? updateStylesheet : "") + extras.stylesheet,
      defs: updates ? markersWithMove : markers, children)
  }

  /// A whole file: an `<svg>` of `width` × `height` (monospace, 10 points), its stylesheet,
  /// its `defs` if any and a background first, then `children`. Pictures and plots share it.
  static func file(
    width: Double, height: Double, style: String, defs: SVGElement? = nil, _ children: [SVGNode]
  ) -> String {
    let background = SVGElement(
      "rect",
      [
        ("class", "background"), ("x", "0"), ("y", "0"), ("width", n(width)),
        ("height", n(height)),
      ])
    let head: [SVGNode] =
      [.element(SVGElement("style", text: style))] + (defs.map { [.element($0)] } ?? [])
      + [.element(background)]
    let svg = SVGElement(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", n(width)), ("height", n(height)),
        ("viewBox", "0 0 \(n(width)) \(n(height))"), ("font-family", "monospace"),
        ("font-size", "10"),
      ], children: head + children, layout: .lines(indent: 0))
    return svg.rendered() + "\n"
  }

  static let stylesheet = """

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

    """

  /// The arrow head of the lines from a pinned element's natural place.
  static let markers = SVGElement("defs", children: [arrowHead(id: "head", fill: "#b07d00")])

  /// An arrow head for lines whose `marker-end` names `id`.
  static func arrowHead(id: String, fill: String) -> SVGNode {
    .element(
      SVGElement(
        "marker",
        [
          ("id", id), ("markerWidth", "8"), ("markerHeight", "8"), ("refX", "6"), ("refY", "4"),
          ("orient", "auto"),
        ],
        children: [.element(SVGElement("path", [("d", "M0,0 L8,4 L0,8 z"), ("fill", fill)]))]))
  }

  /// The drawn area of a state: the content, the viewport and every element drawn (a
  /// decoration past the content size too), within the window if any.
  static func area(_ state: DrawingState) -> Rect {
    let b = state.bounds
    let minX = min(0, b.minX)
    let minY = min(0, b.minY)
    let base = Rect(
      x: minX, y: minY, width: max(state.contentSize.width, b.maxX) - minX,
      height: max(state.contentSize.height, b.maxY) - minY)
    // As far as four viewports past the content: an element flung further (a transform
    // scaled up a million times) is cut there, not given a canvas of its own size.
    let reach = Rect(
      x: base.minX - 4 * b.width, y: base.minY - 4 * b.height, width: base.width + 8 * b.width,
      height: base.height + 8 * b.height)
    var a = base
    for (i, e) in state.elements.enumerated() where !e.isHidden {
      a = a.union(AsciiDrawing.boundingBox(e).intersection(reach))
      if i < state.natural.count, let natural = state.natural[i] {
        a = a.union(natural.intersection(reach))
      }
    }
    if let w = state.window { a = state.windowIsPicture ? w : a.intersection(w).union(b) }
    return a
  }

  /// Whether something drawn of `state` lies outside `area` (a window, or an element cut
  /// at the reach of `area(_:)`): the drawing is then clipped to it.
  static func overflows(_ state: DrawingState, _ area: Rect) -> Bool {
    state.window != nil
      || state.elements.contains { !$0.isHidden && !area.contains(AsciiDrawing.boundingBox($0)) }
  }

  /// The columns `text` takes in a monospace font: two for a wide (East Asian) character
  /// or an emoji, none for a combining mark, one for the rest.
  static func columns(of text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { sum, s in
      let v = s.value
      if s.properties.generalCategory == .nonspacingMark || (0x200B...0x200F).contains(v) {
        return sum
      }
      let wide =
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
        || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
        || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v)
        || (0x20000...0x3FFFD).contains(v)
      return sum + (wide ? 2 : 1)
    }
  }

  /// `text` in lines of at most `columns` characters, broken where two spaces part its
  /// clauses, else at a space, else anywhere.
  static func wrapped(_ text: String, columns: Int) -> [String] {
    let columns = max(8, columns)
    var lines: [String] = []
    var line = ""
    // The clauses: the text between runs of two spaces.
    var clauses: [String] = [""]
    var previous: Character?
    for c in text {
      if c == " " && previous == " " {
        clauses[clauses.count - 1].removeLast()
        clauses.append("")
        previous = nil
        continue
      }
      clauses[clauses.count - 1].append(c)
      previous = c
    }
    for clause in clauses where !clause.isEmpty {
      // A clause goes whole onto the line, or whole onto the next; only one longer than a
      // line is broken at its spaces.
      let width = Self.columns(of: clause)
      if !line.isEmpty && Self.columns(of: line) + 2 + width > columns && width <= columns {
        lines.append(line)
        line = ""
      }
      let words = clause.split(separator: " ", omittingEmptySubsequences: false)
      for (k, piece) in words.enumerated() {
        var word = String(piece)
        let joiner = line.isEmpty ? "" : k == 0 ? "  " : " "
        if Self.columns(of: line) + joiner.count + Self.columns(of: word) <= columns {
          line += joiner + word
          continue
        }
        if !line.isEmpty { lines.append(line) }
        // A word longer than a line is cut where its columns fill one.
        while Self.columns(of: word) > columns {
          var cut = word.startIndex
          var used = 0
          while cut < word.endIndex {
            let next = Self.columns(of: String(word[cut]))
            if used + next > columns { break }
            used += next
            cut = word.index(after: cut)
          }
          if cut == word.startIndex { cut = word.index(after: cut) }
          lines.append(String(word[..<cut]))
          word = String(word[cut...])
        }
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.isEmpty ? [""] : lines
  }

  /// Where the drawing of one state sits in the document: content coordinates + offset.
  struct Placement {
    var dx: Double
    var dy: Double

    /// `<rect x= y= width= height=` then `extra`.
    func rect(_ r: Rect, _ extra: [(String, String)] = []) -> SVGNode {
      .element(
        SVGElement(
          "rect",
          [
            ("x", n(r.minX + dx)), ("y", n(r.minY + dy)), ("width", n(r.width)),
            ("height", n(r.height)),
          ] + extra))
    }
  }

  static func frame(
    _ state: DrawingState, area: Rect, at origin: Point, status: [String], index: Int
  ) -> SVGElement {
    let place = Placement(dx: origin.x - area.minX, dy: origin.y - area.minY)
    let content = Rect(
      x: 0, y: max(0, area.minY), width: state.contentSize.width,
      height: max(0, min(state.contentSize.height, area.maxY) - max(0, area.minY)))
    var children: [SVGNode] = [
      group("contents", [place.rect(content, [("class", "content")])], layout: .inline),
      group("bands", bands(state, place)),
    ]
    let order = paintOrder(state)
    let labels = SVGLabels.corners(state, order)
    children += elementGroups(state, order.elements, labels, place)
    children.append(group("pins", pins(state, place)))
    if state.hasUpdateMarks {
      children.append(group("updates", updateMarks(state, labels, place)))
    }
    if state.adjustedContentInset != .zero {
      children.append(group("insets", insetBands(state, place)))
    }
    children.append(
      group("viewports", [place.rect(state.bounds, [("class", "viewport")])], layout: .inline))
    // A window (a long content's, or `--viewport-only`'s) cuts what lies outside it: an
    // element half in it is drawn half, never over the status line or the next state.
    if overflows(state, area) {
      let id = "window-\(index)"
      let clip = SVGElement(
        "clipPath", [("id", id)], children: [place.rect(area)], layout: .inline)
      children = [
        .element(clip),
        .element(
          SVGElement(
            "g", [("clip-path", "url(#\(id))")], children: children, layout: .lines(indent: 2))),
      ]
    }
    for (k, line) in status.enumerated() {
      let y = origin.y + area.height + 14 + Double(k) * statusLineHeight
      children.append(
        .element(
          SVGElement(
            "text", [("class", "status"), ("x", n(origin.x)), ("y", n(y))], text: line)))
    }
    return SVGElement(
      "g", [("class", "state"), ("data-state", String(index))], children: children,
      layout: .lines(indent: 2))
  }

  /// `<g class="NAME">`, its children one per line unless `layout` says otherwise.
  static func group(
    _ name: String, _ children: [SVGNode], layout: SVGElement.Layout = .lines(indent: 2)
  ) -> SVGNode {
    .element(SVGElement("g", [("class", name)], children: children, layout: layout))
  }

  /// Section bands: the union of each section's elements, behind everything.
  static func bands(_ state: DrawingState, _ place: Placement) -> [SVGNode] {
    var bands: [Int: Rect] = [:]
    for a in state.elements where !a.isHidden {
      let s = a.indexPath.section
      bands[s] = bands[s].map { $0.union(a.frame) } ?? a.frame
    }
    return bands.keys.sorted().map {
      place.rect(bands[$0]!, [("class", "band"), ("data-section", String($0))])
    }
  }

  /// The groups the elements are drawn in, in this order.
  static let categoryGroups: [(String, ElementCategory)] = [
    ("decorations", .decorationView), ("cells", .cell), ("supplementaries", .supplementaryView),
  ]

  /// The elements in the order they are painted — decorations, cells, supplementary views,
  /// each back to front (layer, zIndex) — and then the deleted elements' ghosts, which
  /// the update marks draw above them.
  static func paintOrder(_ state: DrawingState) -> (elements: [Int], ghosts: [Int]) {
    func rank(_ i: Int) -> Int { i < state.layerRanks.count ? state.layerRanks[i] : 0 }
    // A deleted element is drawn as a ghost among the update marks, not as an element; one
    // wholly outside the window is not drawn at all.
    let sorted = state.elements.indices.filter { i in
      let e = state.elements[i]
      return !e.isHidden && state.mark(i) != .deleted
        && (state.window.map { AsciiDrawing.boundingBox(e).intersects($0) } ?? true)
    }.sorted {
      let a = state.elements[$0]
      let b = state.elements[$1]
      return (rank($0), a.zIndex, a.key) < (rank($1), b.zIndex, b.key)
    }
    let elements = categoryGroups.flatMap { _, category in
      sorted.filter { state.elements[$0].representedElementCategory == category }
    }
    return (elements, ghosts(state))
  }

  /// Decorations, cells and supplementary views, each group in `order`.
  static func elementGroups(
    _ state: DrawingState, _ order: [Int], _ labels: [Int: (text: String, corner: Point)],
    _ place: Placement
  ) -> [SVGNode] {
    categoryGroups.map { name, category in
      group(
        name,
        order.filter { state.elements[$0].representedElementCategory == category }.map {
          .element(element(state, $0, label: labels[$0], place))
        })
    }
  }

  /// The bands of the viewport that the adjusted content inset covers (the safe area and
  /// the content inset, SV-1), tinted: the content scrolls under them.
  static func insetBands(_ state: DrawingState, _ place: Placement) -> [SVGNode] {
    let b = state.bounds
    let i = state.adjustedContentInset
    let bands = [
      ("top", Rect(x: b.minX, y: b.minY, width: b.width, height: i.top)),
      ("bottom", Rect(x: b.minX, y: b.maxY - i.bottom, width: b.width, height: i.bottom)),
      (
        "left",
        Rect(x: b.minX, y: b.minY + i.top, width: i.left, height: b.height - i.top - i.bottom)
      ),
      (
        "right",
        Rect(
          x: b.maxX - i.right, y: b.minY + i.top, width: i.right,
          height: b.height - i.top - i.bottom)
      ),
    ]
    return bands.filter { $0.1.width > 0 && $0.1.height > 0 }.map {
      place.rect($0.1, [("class", "inset"), ("data-edge", $0.0)])
    }
  }

  /// Each pinned element's natural place, dotted, and an arrow from there to where it is.
  /// The arrow runs between the two boxes' edges, on the line joining their centres: it
  /// starts where that line leaves the natural place and ends, its head outside, where it
  /// enters the element, so it never covers a label in either box. Boxes that overlap
  /// along it get no arrow: the dotted box says enough.
  static func pins(_ state: DrawingState, _ place: Placement) -> [SVGNode] {
    var nodes: [SVGNode] = []
    for (i, a) in state.elements.enumerated() where i < state.natural.count && !a.isHidden {
      guard let natural = state.natural[i] else { continue }
      nodes.append(
        place.rect(natural, [("class", "ghost"), ("data-index-path", AsciiDrawing.label(a))]))
      guard let (from, to) = arrow(from: natural, to: a.frame) else { continue }
      nodes.append(
        .element(
          SVGElement(
            "line",
            [
              ("class", "arrow"), ("x1", n(from.x + place.dx)), ("y1", n(from.y + place.dy)),
              ("x2", n(to.x + place.dx)), ("y2", n(to.y + place.dy)),
            ])))
    }
    return nodes
  }

  /// The part of the segment between the centres of `a` and `b` outside both, or nil when
  /// the boxes overlap along it (or it is shorter than an arrow head).
  static func arrow(from a: Rect, to b: Rect) -> (Point, Point)? {
    let p = Point(x: a.midX, y: a.midY)
    let q = Point(x: b.midX, y: b.midY)
    let d = (x: q.x - p.x, y: q.y - p.y)
    // The fraction of the segment inside a box centred on one of its ends: up to the
    // nearer of the sides it crosses. It leaves `a` there and enters `b` as far from `q`.
    func inside(_ r: Rect) -> Double {
      min(
        d.x == 0 ? .infinity : r.width / 2 / abs(d.x),
        d.y == 0 ? .infinity : r.height / 2 / abs(d.y))
    }
    let (t0, t1) = (inside(a), 1 - inside(b))
    guard t0.isFinite, t1.isFinite, t1 > t0 else { return nil }
    let length = (t1 - t0) * (d.x * d.x + d.y * d.y).squareRoot()
    guard length >= 8 else { return nil }
    return (
      Point(x: p.x + d.x * t0, y: p.y + d.y * t0), Point(x: p.x + d.x * t1, y: p.y + d.y * t1)
    )
  }

  static func status(_ state: DrawingState) -> String {
    let b = state.bounds
    return "offset (\(n(b.minX)), \(n(b.minY)))  content \(n(state.contentSize.width)) x "
      + "\(n(state.contentSize.height))  bounds \(n(b.width)) x \(n(b.height))  "
      + "\(state.elements.count) elements"
  }

  /// Element `i`, its label (text and top-left corner) when it has one written.
  static func element(
    _ state: DrawingState, _ i: Int, label: (text: String, corner: Point)?, _ place: Placement
  ) -> SVGElement {
    let a = state.elements[i]
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
    if state.isSelected(i) { classes.append("selected") }
    let mark = state.mark(i)
    if let mark { classes.append(mark.rawValue) }
    var attributes =
      [("class", classes.joined(separator: " "))] + data(a) + [("data-z", String(a.zIndex))]
    if let mark { attributes.append(("data-change", mark.rawValue)) }
    if a.alpha != 1 { attributes.append(("opacity", n(a.alpha))) }
    let t = a.transform3D
    if !t.isIdentity && t.isAffine {
      // About the centre, as UIKit applies it; a perspective transform (not affine) is
      // drawn by its bounding box instead.
      let c = Point(x: a.center.x + place.dx, y: a.center.y + place.dy)
      attributes.append(
        (
          "transform",
          "translate(\(n(c.x)) \(n(c.y))) matrix(\(m(t.m11)) \(m(t.m12)) \(m(t.m21)) "
            + "\(m(t.m22)) \(n(t.m41)) \(n(t.m42))) translate(\(n(-c.x)) \(n(-c.y)))"
        ))
    }
    let box = t.isIdentity || t.isAffine ? a.frame : AsciiDrawing.boundingBox(a)
    return SVGElement(
      "g", attributes, children: boxAndLabel(box, label, place))
  }

  /// `data-kind`, `data-index-path` and `data-frame` of an element.
  static func data(_ a: LayoutAttributes) -> [(String, String)] {
    let f = a.frame
    return [
      ("data-kind", a.representedElementKind ?? "cell"),
      ("data-index-path", "\(a.indexPath.section).\(a.indexPath.item)"),
      ("data-frame", "\(n(f.minX)) \(n(f.minY)) \(n(f.width)) \(n(f.height))"),
    ]
  }

  /// A box, and its label with its top-left corner where `SVGLabels` put it.
  static func boxAndLabel(_ box: Rect, _ label: (text: String, corner: Point)?, _ place: Placement)
    -> [SVGNode]
  {
    var children = [place.rect(box)]
    if let (text, corner) = label {
      children.append(
        .element(
          SVGElement(
            "text",
            [
              ("x", n(corner.x + place.dx)),
              ("y", n(corner.y + place.dy + SVGLabels.baseline)),
            ], text: text)))
    }
    return children
  }

  static let legendText =
    "red dashes: recomputed · dotted: a pinned element's natural place · thick: the viewport"

  /// The legend's lines of text, for measuring the canvas.
  static func legendTexts(updates: Bool) -> [String] {
    [legendText] + (updates ? [updateLegendText] : [])
  }

  /// What a picture draws only when a state has it: the inset bands, selected cells.
  struct Extras {
    var insets = false
    var selection = false

    var stylesheet: String {
      (insets ? "    .inset { fill: #e07a5f; fill-opacity: 0.22; }\n" : "")
        + (selection ? "    .selected rect { stroke: #c2410c; stroke-width: 3; }\n" : "")
    }

    /// The legend's swatches: name, fill, stroke and its width.
    var swatches: [(String, String, String, Double)] {
      (insets ? [("inset (safe area, content inset)", "#f6d7cf", "#44495a", 1)] : [])
        + (selection ? [("selected ✓", "#cfe3ff", "#c2410c", 3)] : [])
    }
  }

  /// The legend's swatches: name, fill, stroke and its width.
  static func swatches(_ extras: Extras) -> [(String, String, String, Double)] {
    [
      ("cell", "#cfe3ff", "#44495a", 1), ("supplementary", "#d9f2e6", "#44495a", 1),
      ("decoration", "#ece3f7", "#44495a", 1), ("pinned", "#ffe08a", "#44495a", 1),
    ] + extras.swatches
  }

  /// Where the row of swatches ends: each a box, its name and a gap.
  static func swatchRowWidth(_ extras: Extras) -> Double {
    swatches(extras).reduce(margin) { $0 + 14 + Double(columns(of: $1.0)) * characterWidth + 14 }
  }

  static func legend(y: Double, updates: Bool = false, extras: Extras = Extras()) -> SVGElement {
    let items = swatches(extras)
    var lines: [SVGNode] = []
    var x = margin
    for (name, fill, stroke, weight) in items {
      var attributes = [
        ("x", n(x)), ("y", n(y - 9)), ("width", "10"), ("height", "10"), ("fill", fill),
        ("stroke", stroke),
      ]
      if weight != 1 { attributes.append(("stroke-width", n(weight))) }
      let swatch = SVGElement("rect", attributes)
      let label = SVGElement("text", [("x", n(x + 14)), ("y", n(y))], text: name)
      lines.append(.fragment([.element(swatch), .element(label)]))
      x += 14 + Double(columns(of: name)) * characterWidth + 14
    }
    lines.append(
      .element(SVGElement("text", [("x", n(margin)), ("y", n(y + 16))], text: legendText)))
    if updates { lines.append(updateLegendLine(y: y + 32)) }
    return SVGElement("g", [("class", "legend")], children: lines, layout: .lines(indent: 2))
  }

  /// Coordinates: at most two decimals (137.5, 170.67, -3), so files diff cleanly.
  static func n(_ v: Double) -> String { formatNumber(v, .decimals(2)) }

  /// Matrix entries keep four decimals (a rotation's cosine needs them).
  static func m(_ v: Double) -> String { formatNumber(v, .decimals(4)) }
}
