import Foundation
import GridlineTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every SVG the project commits (examples, the course's pictures, the docs, the golden
/// files) is well-formed XML that rsvg-convert renders, and its text is laid out so that
/// no two pieces of text meet and none runs off the canvas (issue 34): each is measured
/// with the font the document declares (monospace, 0.62 em a glyph, rounded up from the
/// 0.6 of DejaVu Sans Mono, Liberation Mono and Menlo), through the transforms of the
/// groups it is in.
@Suite("SVG text: no caption over another, none off the canvas")
struct SVGTextLayoutTests {
  static let folders = [
    "examples", "docs", "docs/tutorial/images", "Tests/GridlineRenderTests/Golden",
    "Tests/GridlineCLITests/Highlight",
  ]

  static let files: [String] = folders.flatMap { folder -> [String] in
    let url = repositoryRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { $0.hasSuffix(".svg") }.sorted().map { "\(folder)/\($0)" }
  }

  @Test("the committed pictures are found")
  func found() {
    #expect(Self.files.count >= 30, "\(Self.files)")
  }

  /// Pictures made here, of what the committed ones do not show: a strip of states
  /// narrower than their status lines, a window cutting labelled elements, a long caption.
  static let made = """
    viewport 30 x 200
    layout flow { item size 30 x 40; line spacing 2; header size 0 x 20 }
    sections 3 items 8
    svg strip "narrow.svg" { scroll by y 150 over 3 frames }
    resize 320 x 400
    layout flow { item size 100 x 100 }
    scroll to y 35
    svg viewport "cut.svg" margin 10
    svg strip "caption.svg" { let aVeryLongNameForACaptionThatMustWrapItsLineSomewhere = 1 }
    """

  @Test(
    "pictures made now: narrow states, a cut window, a long caption",
    arguments: ["narrow.svg", "cut.svg", "caption.svg"])
  func made(_ name: String) throws {
    let dir = scratchDirectory()
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.made.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0, "\(out)")
    try check(dir.appendingPathComponent(name).path, named: name)
  }

  @Test(
    "well-formed, rendered by rsvg-convert, no text over other text or off the canvas",
    arguments: files)
  func laidOut(_ file: String) throws {
    try check(repositoryRoot.appendingPathComponent(file).path, named: file)
  }

  func check(_ path: String, named file: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let reader = TextBoxReader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    #expect(parser.parse(), "\(file) is not well-formed: \(String(describing: parser.parserError))")
    let canvas = (width: reader.width, height: reader.height)
    #expect(canvas.width > 0 && canvas.height > 0, "\(file): no canvas size")
    for run in reader.runs {
      let b = run.box
      #expect(
        b.minX >= -0.5 && b.minY >= -0.5 && b.maxX <= canvas.width + 0.5
          && b.maxY <= canvas.height + 0.5,
        "\(file): '\(run.text)' runs off the \(canvas.width) × \(canvas.height) canvas: \(b)")
    }
    var meetings: [String] = []
    for i in reader.runs.indices {
      for j in reader.runs.indices where j > i {
        let (a, b) = (reader.runs[i], reader.runs[j])
        // Runs of one line are placed by column; only different texts may not meet.
        guard a.element != b.element, a.box.meets(b.box) else { continue }
        meetings.append("'\(a.text)' \(a.box) and '\(b.text)' \(b.box)")
      }
    }
    let listed = meetings.prefix(8).joined(separator: "\n")
    #expect(meetings.isEmpty, "\(file): text meets text:\n\(listed)")
    // A renderer reads it.
    let png = scratchDirectory().appendingPathComponent("picture.png")
    try FileManager.default.createDirectory(
      at: png.deletingLastPathComponent(), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: png.deletingLastPathComponent()) }
    // .ci/install-deps installs it; a machine without it cannot check this.
    let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let converter = try #require(rsvg, "rsvg-convert is not installed (.ci/install-deps)")
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: converter)
    convert.arguments = [path, "-o", png.path]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0, "rsvg-convert refused \(file)")
    let attributes = try? FileManager.default.attributesOfItem(atPath: png.path)
    let size = attributes?[.size] as? Int ?? 0
    #expect(size > 100, "\(file): no picture")
  }
}

/// A box on the canvas.
struct TextBox: CustomStringConvertible {
  var minX, minY, maxX, maxY: Double

  func meets(_ other: TextBox) -> Bool {
    minX < other.maxX - 0.01 && other.minX < maxX - 0.01 && minY < other.maxY - 0.01
      && other.minY < maxY - 0.01
  }

  var description: String {
    func n(_ v: Double) -> String { String(format: "%.1f", v) }
    return "(\(n(minX)), \(n(minY)))–(\(n(maxX)), \(n(maxY)))"
  }
}

/// Reads an SVG's text: each `<text>` (or each positioned `<tspan>` of one) as a box, from
/// its x and y, its anchor, its font size (the document's, a `text` rule's or its class's
/// in the stylesheet) and the transforms of the groups around it.
final class TextBoxReader: NSObject, XMLParserDelegate {
  struct Run {
    var text: String
    var box: TextBox
    /// The `<text>` element it belongs to.
    var element: Int
  }

  var width = 0.0
  var height = 0.0
  private(set) var runs: [Run] = []
  private var rootFontSize = 10.0
  private var style = ""
  private var inStyle = false
  /// The affine transform (a, b, c, d, e, f) of each open element.
  private var transforms: [[Double]] = []
  private var textCount = 0
  /// The open `<text>`: its attributes, and the runs gathered (x, characters, class).
  private var open:
    (attributes: [String: String], runs: [(x: Double?, text: String, cls: String?)])?
  private var tspan: (x: Double?, cls: String?)?

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let parent = transforms.last ?? [1, 0, 0, 1, 0, 0]
    transforms.append(Self.compose(parent, Self.parse(attributes["transform"] ?? "")))
    switch name {
    case "svg":
      width = Double(attributes["width"] ?? "") ?? 0
      height = Double(attributes["height"] ?? "") ?? 0
      rootFontSize = Double(attributes["font-size"] ?? "") ?? 10
    case "style": inStyle = true
    case "text":
      textCount += 1
      open = (attributes, [])
    case "tspan":
      tspan = (attributes["x"].flatMap(Double.init), attributes["class"])
      open?.runs.append((tspan?.x, "", tspan?.cls))
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inStyle {
      style += string
    } else if open != nil {
      if open!.runs.isEmpty || tspan == nil && open!.runs.last?.x != nil {
        open!.runs.append((nil, "", nil))
      }
      open!.runs[open!.runs.count - 1].text += string
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    defer { transforms.removeLast() }
    switch name {
    case "style": inStyle = false
    case "tspan": tspan = nil
    case "text":
      guard let open else { return }
      self.open = nil
      let attributes = open.attributes
      let y = Double(attributes["y"] ?? "") ?? 0
      var x = Double(attributes["x"] ?? "") ?? 0
      for run in open.runs where !run.text.isEmpty {
        x = run.x ?? x
        let size = fontSize(run.cls ?? attributes["class"])
        let w = Double(run.text.count) * 0.62 * size
        let anchor = attributes["text-anchor"] ?? anchorOf(attributes["class"]) ?? "start"
        let left = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x
        let box = transformed(
          TextBox(minX: left, minY: y - 0.8 * size, maxX: left + w, maxY: y + 0.25 * size))
        runs.append(Run(text: run.text, box: box, element: textCount))
        x = left + w
      }
    default: break
    }
  }

  /// The font size of a class (its rule's, else the `text` rule's, else the document's).
  private func fontSize(_ cls: String?) -> Double {
    for name in (cls ?? "").split(separator: " ") {
      if let v = rule("." + name, "font-size") { return v }
    }
    return rule("text", "font-size") ?? rootFontSize
  }

  private func anchorOf(_ cls: String?) -> String? {
    for name in (cls ?? "").split(separator: " ") {
      if let body = ruleBody("." + name), let range = body.range(of: "text-anchor:") {
        return body[range.upperBound...].split(separator: ";").first?
          .trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private func ruleBody(_ selector: String) -> String? {
    for rule in style.split(separator: "}") {
      let parts = rule.split(separator: "{", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let selectors = parts[0].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      if selectors.contains(selector) { return String(parts[1]) }
    }
    return nil
  }

  private func rule(_ selector: String, _ property: String) -> Double? {
    guard let body = ruleBody(selector), let range = body.range(of: property + ":") else {
      return nil
    }
    let value = body[range.upperBound...].split(separator: ";").first ?? ""
    return Double(
      value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: ""))
  }

  /// The box's corners through the open groups' transform: their bounding box.
  private func transformed(_ b: TextBox) -> TextBox {
    let t = transforms.last ?? [1, 0, 0, 1, 0, 0]
    let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)].map {
      (t[0] * $0.0 + t[2] * $0.1 + t[4], t[1] * $0.0 + t[3] * $0.1 + t[5])
    }
    return TextBox(
      minX: corners.map(\.0).min()!, minY: corners.map(\.1).min()!,
      maxX: corners.map(\.0).max()!, maxY: corners.map(\.1).max()!)
  }

  /// `translate(x y)`, `matrix(a b c d e f)` and `scale(s)`, composed left to right.
  static func parse(_ text: String) -> [Double] {
    var result: [Double] = [1, 0, 0, 1, 0, 0]
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")") {
      let name = rest[..<open].trimmingCharacters(in: .whitespaces)
      let numbers = rest[rest.index(after: open)..<close]
        .split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
      var m: [Double] = [1, 0, 0, 1, 0, 0]
      switch name {
      case "translate": m = [1, 0, 0, 1, numbers.first ?? 0, numbers.count > 1 ? numbers[1] : 0]
      case "matrix" where numbers.count == 6: m = numbers
      case "scale":
        let s = numbers.first ?? 1
        m = [s, 0, 0, numbers.count > 1 ? numbers[1] : s, 0, 0]
      default: break
      }
      result = compose(result, m)
      rest = rest[rest.index(after: close)...]
    }
    return result
  }

  /// `outer` applied after `inner`.
  static func compose(_ outer: [Double], _ inner: [Double]) -> [Double] {
    [
      outer[0] * inner[0] + outer[2] * inner[1], outer[1] * inner[0] + outer[3] * inner[1],
      outer[0] * inner[2] + outer[2] * inner[3], outer[1] * inner[2] + outer[3] * inner[3],
      outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
      outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
    ]
  }
}
