/// Source text drawn as an SVG listing: numbered lines of runs, each run styled by what it
/// is. The renderer knows nothing of the language: the driver classifies the text and hands
/// over plain runs, so the same drawing would serve any lexer.
public enum CodeListing {
  /// What a run is; each style has its colour in each theme.
  public enum Style: String, CaseIterable, Sendable {
    case plain, keyword, number, string, comment, `operator`, name
  }

  public enum Theme: String, CaseIterable, Sendable {
    case dark, light
  }

  public struct Run: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style) {
      self.text = text
      self.style = style
    }
  }

  static let fontSize = 14.0
  /// A monospace glyph's advance at `fontSize` (0.6 em, as DejaVu Sans Mono and Menlo);
  /// each run is placed at its column, so a font a little off never lets lines drift.
  static let advance = 8.4
  /// The advance the canvas is measured with, rounded up (0.62 em, as `SVGDrawing`'s): a
  /// font a little wider than 0.6 em still ends each line inside the picture.
  static let measuredAdvance = 8.68
  static let lineHeight = 20.0
  static let padding = 16.0

  /// The listing, `lines` numbered from 1 in a gutter; a tab counts as two columns.
  public static func document(_ lines: [[Run]], theme: Theme) -> String {
    let widest = lines.map { $0.reduce(0) { $0 + columns(of: $1.text) } }.max() ?? 0
    let gutterColumns = String(lines.count).count
    let textLeft = padding + Double(gutterColumns + 2) * advance
    let pictureWidth = textLeft + Double(max(widest, 20)) * measuredAdvance + padding
    let height = Double(lines.count) * lineHeight + padding * 2 - (lineHeight - fontSize) / 2
    var children: [SVGNode] = []
    for (index, line) in lines.enumerated() {
      let baseline = padding + Double(index) * lineHeight + fontSize
      let number = SVGElement(
        "text",
        [("class", "gutter"), ("x", n(textLeft - advance * 2)), ("y", n(baseline))],
        text: String(index + 1))
      var spans: [SVGNode] = []
      var column = 0
      for run in line {
        let text = run.text.replacing("\t", with: "  ")
        defer { column += Self.columns(of: text) }
        if text.allSatisfy({ $0 == " " }) { continue }
        var attributes = [("x", n(textLeft + Double(column) * advance))]
        if run.style != .plain { attributes.insert(("class", run.style.rawValue), at: 0) }
        spans.append(.element(SVGElement("tspan", attributes, text: text)))
      }
      children.append(.element(number))
      if !spans.isEmpty {
        children.append(
          .element(
            SVGElement("text", [("y", n(baseline)), ("xml:space", "preserve")], children: spans)))
      }
    }
    return SVGDrawing.file(
      width: pictureWidth, height: height, style: stylesheet(theme),
      [
        .element(
          SVGElement("g", [("class", "listing")], children: children, layout: .lines(indent: 2)))
      ])
  }

  static func n(_ v: Double) -> String { SVGDrawing.n(v) }

  static func columns(of text: String) -> Int {
    text.reduce(0) { $0 + ($1 == "\t" ? 2 : 1) }
  }

  /// Colours a reader of either background can tell apart, keywords also in bold.
  static func stylesheet(_ theme: Theme) -> String {
    let colours: [Style: String]
    let (background, gutter): (String, String)
    switch theme {
    case .dark:
      (background, gutter) = ("#1e2230", "#5c6373")
      colours = [
        .plain: "#d4d8e0", .keyword: "#c792ea", .number: "#f5a85b", .string: "#a5d68a",
        .comment: "#7f8796", .operator: "#89ddff", .name: "#e6e9ef",
      ]
    case .light:
      (background, gutter) = ("#fbfbfc", "#a0a5b1")
      colours = [
        .plain: "#3b4050", .keyword: "#8a3ab9", .number: "#b35a00", .string: "#2f7d32",
        .comment: "#7b8190", .operator: "#1f6fa8", .name: "#1b2a4a",
      ]
    }
    var sheet = "\n    .background { fill: \(background); }\n"
    sheet += "    text { font-size: \(n(fontSize))px; fill: \(colours[.plain]!); }\n"
    sheet += "    .gutter { fill: \(gutter); text-anchor: end; }\n"
    for style in Style.allCases where style != .plain {
      let weight = style == .keyword ? " font-weight: bold;" : ""
      let slant = style == .comment ? " font-style: italic;" : ""
      sheet += "    .\(style.rawValue) { fill: \(colours[style]!);\(weight)\(slant) }\n"
    }
    return sheet + "  "
  }
}
