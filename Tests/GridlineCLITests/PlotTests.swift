import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `svg plot` in a script and `gl render --plot`: a well-formed chart of the offset and the
/// velocity against time, its summary in text and JSON, and clear errors.
@Suite("SVG plots", .serialized)
struct PlotTests {
  static let script = """
    viewport 375 x 600
    layout flow { item size 375 x 100; line spacing 0 }
    section items 100
    svg plot "plots/fling.svg" { fling y 2.4 }
    scroll to y 0
    drag by y 100 over 5 frames
    release
    """

  func directory(with script: String = Self.script) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-plot-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try script.write(to: dir.appendingPathComponent("s.gl"), atomically: true, encoding: .utf8)
    return dir
  }

  /// The file's elements; an issue when it is not well-formed XML.
  func elements(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ElementCollector
  {
    let collector = ElementCollector()
    let parser = XMLParser(data: try Data(contentsOf: url))
    parser.delegate = collector
    #expect(
      parser.parse(), "not well-formed: \(String(describing: parser.parserError))",
      sourceLocation: sourceLocation)
    return collector
  }

  @Test("svg plot writes a chart of two panels; gl run says so in text and JSON")
  func script() throws {
    let dir = try directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["run", "s.gl"], in: dir)
    #expect(status == 0, "\(out)")
    #expect(out.contains("svg plot (line 4): wrote plots/fling.svg (234 frames, 3900 ms)"))
    let chart = try elements(dir.appendingPathComponent("plots/fling.svg"))
    #expect(chart.elements.filter { $0["class"] == "panel" }.count == 2)
    #expect(chart.elements.contains { $0["class"] == "curve offset" })
    #expect(chart.elements.contains { $0["class"] == "curve velocity" })
    #expect(chart.texts.contains("fling y 2.4"))
    #expect(chart.texts.contains("release") && chart.texts.contains("rest"))
    let (json, _) = try gl(["run", "--json", "s.gl"], in: dir)
    #expect(
      json.contains(
        #"{"type":"plot","line":4,"path":"plots/fling.svg","axis":"y","frames":234,"duration":3900,"markers":[{"kind":"release","time":0,"#
      ))
  }

  @Test("gl render FILE --plot PLOT charts the whole run, with --svg or without; rsvg reads it")
  func render() throws {
    let dir = try directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["render", "s.gl", "--plot", "run.svg"], in: dir)
    #expect(status == 0, "\(out)")
    #expect(out.contains("render: wrote run.svg"))
    let chart = try elements(dir.appendingPathComponent("run.svg"))
    #expect(chart.texts.contains("s.gl"))
    // The fling's release and the rubber band's, each a line in both panels and a name.
    #expect(chart.elements.filter { $0["class"] == "release" }.count == 2 * 3)
    // The drag pulled the content past the top: the edge is drawn.
    #expect(chart.texts.contains("minimum offset 0"))
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
    convert.arguments = [
      dir.appendingPathComponent("run.svg").path, "-o", dir.appendingPathComponent("run.png").path,
    ]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0)
    let (both, bothStatus) = try gl(
      ["render", "s.gl", "--svg", "state.svg", "--plot", "upto5.svg", "--at", "5"], in: dir)
    #expect(bothStatus == 0, "\(both)")
    #expect(both.contains("render: wrote state.svg") && both.contains("render: wrote upto5.svg"))
    let upTo5 = try elements(dir.appendingPathComponent("upto5.svg"))
    #expect(upTo5.elements.filter { $0["class"] == "release" }.count == 3)
  }

  @Test("a render or a block without frames, and no output named: errors, no file")
  func mistakes() throws {
    let dir = try directory(with: "section items 30\nscroll to y 100\n")
    defer { try? FileManager.default.removeItem(at: dir) }
    let (out, status) = try gl(["render", "s.gl", "--plot", "p.svg"], in: dir)
    #expect(status == 70)
    #expect(out.contains("gl: error: s.gl runs no frames, so there is nothing to plot"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.svg").path))
    let (usage, usageStatus) = try gl(["render", "s.gl"], in: dir)
    #expect(usageStatus == 64)
    #expect(usage.contains("--plot"))
    try "section items 30\nsvg plot \"p.svg\" {\n  scroll to y 100\n}\n".write(
      to: dir.appendingPathComponent("b.gl"), atomically: true, encoding: .utf8)
    let (block, blockStatus) = try gl(["run", "b.gl"], in: dir)
    #expect(blockStatus == 70)
    #expect(
      block.contains(
        "b.gl:2:1: error: an svg plot needs at least one frame, and its block ran none [GL3001]"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.svg").path))
  }
}
