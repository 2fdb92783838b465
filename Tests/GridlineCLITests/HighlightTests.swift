import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

/// `gl highlight`: colour only when asked or on a terminal, the text unchanged otherwise,
/// and an SVG listing through the SVG path rule.
@Suite("Highlight (golden)")
struct HighlightGoldenTests {
  static let script = """
    # a small listing
    viewport 375 x 667
    layout flow {
      item size 100x100   # itemSize
    }
    section "Fruits" items 20
    let perRow = ceil(20 / 3)
    expect content.height >= perRow * 100

    """

  @Test("the SVG listing of a small script (golden)", arguments: HighlightTheme.allCases)
  func listing(_ theme: HighlightTheme) {
    let svg = SourceHighlight.svg(SourceFile(name: "s.gl", text: Self.script), theme: theme)
    let path = repositoryRoot.appendingPathComponent(
      "Tests/GridlineCLITests/Highlight/listing-\(theme.rawValue).svg")
    expectGolden(svg, at: path.path)
  }

  @Test("--colour always colours, never and a pipe print the file as it is")
  func colour() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put(Self.script, "s.gl", in: dir)
    let (always, status) = try gl(["highlight", "s.gl", "--colour", "always"], in: dir)
    #expect(status == 0)
    #expect(always.contains("\u{1B}[1;35mviewport\u{1B}[0m"))
    #expect(always.contains("\u{1B}[32m\"Fruits\"\u{1B}[0m"))
    #expect(always.replacing(/\x{1B}\[[0-9;]*m/, with: "") == Self.script)
    for arguments in [["--colour", "never"], ["--colour", "auto"], []] {
      let (plain, _) = try gl(["highlight", "s.gl"] + arguments, in: dir)
      #expect(plain == Self.script, "\(arguments)")
    }
  }

  @Test("--svg writes the listing; a name not ending in .svg and a missing file are errors")
  func svgFile() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put(Self.script, "s.gl", in: dir)
    let (said, status) = try gl(
      ["highlight", "s.gl", "--svg", "s.svg", "--theme", "light"], in: dir)
    #expect(status == 0 && said == "highlight: wrote s.svg\n")
    let written = try String(contentsOf: dir.appendingPathComponent("s.svg"), encoding: .utf8)
    #expect(
      written == SourceHighlight.svg(SourceFile(name: "s.gl", text: Self.script), theme: .light))
    let (refused, refusedStatus) = try gl(["highlight", "s.gl", "--svg", "s.png"], in: dir)
    #expect(refusedStatus == 64 && refused.hasPrefix("gl: error: ") && refused.contains(".svg"))
    let (missing, missingStatus) = try gl(["highlight", "none.gl"], in: dir)
    #expect(missingStatus == 64 && missing.contains("cannot read 'none.gl'"))
  }

  @Test("gl editors writes the four files, and says why when it cannot")
  func editors() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (said, status) = try gl(["editors", "--out", "out"], in: dir)
    #expect(status == 0)
    for (path, text) in EditorGrammar.files {
      #expect(said.contains("editors: wrote out/\(path)"))
      let written = try String(
        contentsOf: dir.appendingPathComponent("out/" + path), encoding: .utf8)
      #expect(written == text, "\(path)")
    }
    try put("a file", "blocked", in: dir)
    let (refused, refusedStatus) = try gl(["editors", "--out", "blocked"], in: dir)
    #expect(refusedStatus == 74 && refused.hasPrefix("gl: error: cannot write 'blocked/"))
  }
}
