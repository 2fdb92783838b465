import CZlib
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `svg` and `gl render`: well-formed XML with the data attributes, pixels where the
/// elements are (rendered by rsvg-convert), paths confined to the output directory.
@Suite("SVG pictures", .serialized)
struct SVGTests {
  static let script = """
    viewport 200 x 300
    layout flow { item size 60 x 60; header size 0 x 30; pin headers }
    sections 3 items 7
    scroll to y 150
    svg "pictures/state.svg"
    svg strip "strip.svg" { scroll by y 60 over 3 frames }
    """

  func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-svg-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }

  @Test("svg writes well-formed XML; every element carries its data attributes")
  func xml() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0, "\(out)")
    #expect(out.contains("svg (line 5): wrote pictures/state.svg"))
    #expect(out.contains("svg (line 6): wrote strip.svg (4 states)"))
    let data = try Data(contentsOf: dir.appendingPathComponent("pictures/state.svg"))
    let collector = ElementCollector()
    let parser = XMLParser(data: data)
    parser.delegate = collector
    #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
    let cells = collector.elements.filter { $0["data-kind"] == "cell" }
    #expect(cells.count >= 10)
    #expect(
      cells.allSatisfy {
        $0["data-index-path"] != nil && $0["data-frame"] != nil && $0["data-z"] != nil
      })
    #expect(collector.elements.contains { ($0["class"] ?? "").contains("pinned") })
    let strip = try Data(contentsOf: dir.appendingPathComponent("strip.svg"))
    let stripCollector = ElementCollector()
    let stripParser = XMLParser(data: strip)
    stripParser.delegate = stripCollector
    #expect(stripParser.parse())
    #expect(stripCollector.elements.filter { $0["class"] == "state" }.count == 4)
  }

  @Test("rendered to PNG: an item's centre has the item's fill, outside the content the background")
  func pixels() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    _ = try gl(["run", "s.gl"], in: dir)
    let svg = dir.appendingPathComponent("pictures/state.svg").path
    let png = dir.appendingPathComponent("state.png").path
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
    convert.arguments = [svg, "-o", png]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0)
    let image = try #require(PNGImage(path: png))
    // The picture is offset by a 16-point margin. Section 1's header is at y 230, its items'
    // rows at 260, 330, 400; item [1, 4] is at (70, 330) 60 x 60, centre (100, 360).
    #expect(image.pixel(x: 16 + 100, y: 16 + 360) == [0xCF, 0xE3, 0xFF, 0xFF], "item fill")
    // Right of the 200-point content, inside the 540-point-wide picture: background.
    #expect(image.pixel(x: 400, y: 16 + 360) == [0xFF, 0xFF, 0xFF, 0xFF], "background")
    // The pinned header H0 at the top of the viewport (y 150…180): the pinned fill.
    // (Left of the pin arrow, which runs down the middle.)
    #expect(image.pixel(x: 16 + 40, y: 16 + 165) == [0xFF, 0xE0, 0x8A, 0xFF], "pinned fill")
  }

  @Test("scripts write only below the output directory; files are replaced whole")
  func confinement() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // The path as written is refused before anything runs (65); a symbolic link is found
    // when writing, and stops the run (70).
    for (path, message, expected) in [
      ("/tmp/evil.svg", "s.gl:2:5: error: '/tmp/evil.svg' is an absolute path", Int32(65)),
      ("../evil.svg", "s.gl:2:5: error: '../evil.svg' goes up with '..'", 65),
      ("a//b.svg", "'a//b.svg' has an empty part between two slashes", 65),
      ("picture.png", "'picture.png' is not an SVG file name: an SVG file's name ends in .svg", 65),
      ("out/escape.svg", "s.gl:2:5: error: 'out/escape.svg' leads out of the output directory", 70),
    ] {
      try "section items 3\nsvg \"\(path)\"\n".write(
        to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
      try FileManager.default.createSymbolicLink(
        atPath: dir.appendingPathComponent("out").path, withDestinationPath: "/tmp")
      let (out, status) = try gl(["run", "s.gl"], in: dir)
      #expect(status == expected, "\(path): \(out)")
      #expect(out.contains(message), "\(path): \(out)")
    }
    #expect(!FileManager.default.fileExists(atPath: "/tmp/escape.svg"))
    try "section items 3\nsvg \"p.svg\"\n".write(
      to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    try "old".write(to: dir.appendingPathComponent("p.svg"), atomically: true, encoding: .utf8)
    let (_, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0)
    let written = try String(contentsOf: dir.appendingPathComponent("p.svg"), encoding: .utf8)
    #expect(written.hasPrefix("<svg ") && written.hasSuffix("</svg>\n"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  /// Issue 15, bug 7: `gl check` passed `../b.svg`, which the run refused; `x.png` was
  /// "not below the output directory"; `gl render --svg out/x.png` was written.
  @Test("gl check, gl run and gl render --svg/--plot agree on SVG file names")
  func oneRule() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("section items 3\nsvg \"../b.svg\"\nsvg \"x.png\"\n", "bad.gl", in: dir)
    let (checked, checkStatus) = try gl(["check", "bad.gl"], in: dir)
    #expect(checkStatus == 65)
    #expect(checked.contains("bad.gl:2:5: error: '../b.svg' goes up with '..'"), "\(checked)")
    #expect(
      checked.contains(
        "bad.gl:3:5: error: 'x.png' is not an SVG file name: an SVG file's name ends in .svg"))
    let (ran, runStatus) = try gl(["run", "bad.gl"], in: dir)
    #expect(ran == checked && runStatus == 65)
    try Self.script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    for option in ["--svg", "--plot"] {
      let (out, status) = try gl(["render", "s.gl", option, "out/x.png"], in: dir)
      #expect(
        out == "gl: error: 'out/x.png' is not an SVG file name: an SVG file's name ends in .svg\n")
      #expect(status == 64)
    }
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    // The command line's own path may leave the working directory.
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("work"), withIntermediateDirectories: true)
    let (out, status) = try gl(
      ["render", "../s.gl", "--svg", "../up.svg", "--out", ".."],
      in: dir.appendingPathComponent("work"))
    #expect(status == 0, "\(out)")
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("up.svg").path))
  }

  @Test("names with <&\">' in sections, kinds and statements: well-formed, read back as written")
  func oddNames() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let odd = "<&\">'"
    try #"""
    viewport 200 x 300
    layout flow { item size 60 x 60; header size 0 x 30; pin headers }
    section "<&\">'" items 3
    decoration "<&\">'" for each section {
      frame = inset(section.items, -8)
    }
    let odd = "<&\">'"
    scroll to y 40
    svg "odd.svg"
    """#.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0, "\(out)")
    let (rendered, renderStatus) = try gl(
      ["render", "s.gl", "--svg", "film.svg", "--frames"], in: dir)
    #expect(renderStatus == 0, "\(rendered)")
    for name in ["odd.svg", "film.svg"] {
      let collector = ElementCollector()
      let parser = XMLParser(data: try Data(contentsOf: dir.appendingPathComponent(name)))
      parser.delegate = collector
      #expect(
        parser.parse(), "\(name) is not well-formed: \(String(describing: parser.parserError))")
      #expect(collector.elements.contains { $0["data-kind"] == odd }, "\(name)")
      // (The decoration's label, `<0`, is covered by the cells painted above it.)
    }
    let film = ElementCollector()
    let filmParser = XMLParser(data: try Data(contentsOf: dir.appendingPathComponent("film.svg")))
    filmParser.delegate = film
    #expect(filmParser.parse())
    // Each caption is the statement as written (its status wraps after it when the two
    // do not fit the state's column).
    #expect(film.texts.contains { $0.hasPrefix(#"let odd = "<&\">'"  offset"#) })
    #expect(film.texts.contains(#"section "<&\">'" items 3"#))
  }

  @Test("gl render FILE --svg OUT --at LINE draws the state after that line")
  func render() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(["render", "s.gl", "--svg", "at3.svg", "--at", "3"], in: dir)
    #expect(status == 0, "\(out)")
    let svg = try String(contentsOf: dir.appendingPathComponent("at3.svg"), encoding: .utf8)
    #expect(svg.contains("offset (0, 0)"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("strip.svg").path))
    let (_, whole) = try gl(["render", "s.gl", "--svg", "end.svg"], in: dir)
    #expect(whole == 0)
    let end = try String(contentsOf: dir.appendingPathComponent("end.svg"), encoding: .utf8)
    #expect(end.contains("offset (0, 210)"))
    // --frames: before, then each statement (4 before the strip) and the strip's frames.
    let (_, strip) = try gl(
      ["render", "s.gl", "--svg", "film.svg", "--frames", "--at", "4"], in: dir)
    #expect(strip == 0)
    let film = try String(contentsOf: dir.appendingPathComponent("film.svg"), encoding: .utf8)
    #expect(film.components(separatedBy: "<g class=\"state\"").count == 1 + 5)
    #expect(
      film.contains(">scroll to y 150  offset (0, 150)") || film.contains(">scroll to y 150<"))
  }
}

final class ElementCollector: NSObject, XMLParserDelegate {
  var elements: [[String: String]] = []
  /// The text directly inside each element, in the order of `elements`.
  var texts: [String] = []
  var open: [Int] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    open.append(elements.count)
    elements.append(attributeDict)
    texts.append("")
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { texts[index] += string }
  }
}

/// An 8-bit RGBA or RGB PNG (what rsvg-convert writes), decoded with zlib.
struct PNGImage {
  let width: Int
  let height: Int
  let channels: Int
  let pixels: [UInt8]

  init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path), data.count > 8 else { return nil }
    let bytes = [UInt8](data)
    var offset = 8
    var width = 0
    var height = 0
    var channels = 4
    var compressed: [UInt8] = []
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    while offset + 8 <= bytes.count {
      let length = u32(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      if type == "IHDR" {
        width = u32(offset + 8)
        height = u32(offset + 12)
        guard body[8] == 8 else { return nil }
        channels = body[9] == 6 ? 4 : body[9] == 2 ? 3 : 0
        guard channels > 0, body[12] == 0 else { return nil }  // no interlacing
      } else if type == "IDAT" {
        compressed += body
      }
      offset += 12 + length
    }
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    var rawLength = uLongf(raw.count)
    guard uncompress(&raw, &rawLength, compressed, uLong(compressed.count)) == Z_OK else {
      return nil
    }
    var out = [UInt8](repeating: 0, count: height * stride)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for x in 0..<stride {
        let value = Int(raw[y * (stride + 1) + 1 + x])
        let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
        let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
        let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
        let predicted: Int
        switch filter {
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: predicted = 0
        }
        out[y * stride + x] = UInt8((value + predicted) & 0xFF)
      }
    }
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = out
  }

  func pixel(x: Int, y: Int) -> [UInt8] {
    let start = (y * width + x) * channels
    let p = Array(pixels[start..<(start + channels)])
    return channels == 4 ? p : p + [0xFF]
  }
}

/// `svg viewport` and `gl render --viewport-only`: only what the screen shows (issue 34).
@Suite("SVG: the viewport only", .serialized)
struct SVGViewportTests {
  static let script = """
    viewport 200 x 300
    layout flow { item size 60 x 60 }
    section items 60
    scroll to y 400
    svg viewport "screen.svg" margin 10
    svg "all.svg"
    """

  func run(_ arguments: [String]) throws -> (URL, String, Int32) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-viewport-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Self.script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(arguments, in: dir)
    return (dir, out, status)
  }

  /// The frames (`data-frame`) of the cells a picture draws, and the picture's height.
  func cells(_ file: URL) throws -> (frames: [[Double]], height: Double) {
    let collector = ElementCollector()
    let parser = XMLParser(data: try Data(contentsOf: file))
    parser.delegate = collector
    #expect(parser.parse())
    let frames = collector.elements.filter { $0["data-kind"] == "cell" }.compactMap {
      $0["data-frame"]?.split(separator: " ").compactMap { Double($0) }
    }
    let height = collector.elements.first { $0["viewBox"] != nil }?["height"].flatMap(Double.init)
    return (frames, height ?? 0)
  }

  @Test("svg viewport draws the viewport and the margin, every cell it shows and no other")
  func statement() throws {
    let (dir, out, status) = try run(["run", "s.gl"])
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(status == 0, "\(out)")
    let screen = try cells(dir.appendingPathComponent("screen.svg"))
    let all = try cells(dir.appendingPathComponent("all.svg"))
    // The window: y 390…710. Rows of 60 with 10 between: rows 5…10 meet it (350…410 to
    // 700…760), three cells each.
    #expect(screen.frames.count == 18, "\(screen.frames.count)")
    #expect(screen.frames.allSatisfy { $0[1] + $0[3] > 390 && $0[1] < 710 })
    #expect(all.frames.count > screen.frames.count)
    // The canvas: the window (320 tall), the margins, the status line and the legend.
    #expect(screen.height < all.height)
    let text = try String(contentsOf: dir.appendingPathComponent("screen.svg"), encoding: .utf8)
    #expect(text.contains("<clipPath id=\"window-0\">"))
  }

  @Test("gl render --viewport-only --margin N writes the same picture; --margin alone is refused")
  func render() throws {
    let (dir, _, status) = try run([
      "render", "s.gl", "--svg", "r.svg", "--viewport-only", "--margin", "10",
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(status == 0)
    #expect(try cells(dir.appendingPathComponent("r.svg")).frames.count == 18)
    let (refused, _) = try gl(["render", "s.gl", "--svg", "q.svg", "--margin", "10"], in: dir)
    #expect(refused.contains("--margin goes with --viewport-only."))
    let (negative, _) = try gl(
      ["render", "s.gl", "--svg", "q.svg", "--viewport-only", "--margin=-1"], in: dir)
    #expect(negative.contains("--margin is a number of points from 0 to 100000"), "\(negative)")
  }
}

/// Pictures draw what captions talk about (issue 34): the inset bands, the selected cells,
/// the identifiers of diffable items.
@Suite("SVG: insets, selection, identifiers", .serialized)
struct SVGMarksTests {
  @Test("tinted inset bands, a selected cell outlined and ticked, identifiers in labels")
  func marks() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-marks-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try """
    viewport 320 x 480
    safe area (top: 47, left: 0, bottom: 34, right: 0)
    layout flow { item size 150 x 100 }
    apply snapshot {
      section "Fruit" items ["fig", "kiwi", "pear", "plum"]
    }
    tap item [0, 1]
    svg "marks.svg"
    """.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    let (out, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0, "\(out)")
    let collector = ElementCollector()
    let parser = XMLParser(data: try Data(contentsOf: dir.appendingPathComponent("marks.svg")))
    parser.delegate = collector
    #expect(parser.parse())
    let insets = collector.elements.filter { $0["class"] == "inset" }
    #expect(insets.compactMap { $0["data-edge"] }.sorted() == ["bottom", "top"])
    let selected = collector.elements.filter { ($0["class"] ?? "").contains("selected") }
    #expect(selected.map { $0["data-index-path"] } == ["0.1"])
    #expect(collector.texts.contains("0.1✓ kiwi"), "\(collector.texts)")
    #expect(collector.texts.contains("0.0 fig"))
    #expect(collector.texts.contains("inset (safe area, content inset)"))
    #expect(collector.texts.contains("selected ✓"))
    // Both extra swatches fit the canvas, and no text meets another.
    try SVGTextLayoutTests().check(dir.appendingPathComponent("marks.svg").path, named: "marks")
  }
}
