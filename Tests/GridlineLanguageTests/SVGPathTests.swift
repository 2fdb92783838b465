import GridlineLanguage
import Testing

/// One rule for SVG file names (issue 15, bug 7): `gl check` refused nothing that `gl run`
/// refused, and called a name without .svg "not below the output directory".
@Suite("SVG file names: one rule")
struct SVGPathTests {
  /// The run's error messages for `text`, without checking it first (a computed path).
  func ran(_ text: String) -> [String] {
    let file = SourceFile(name: "t.gl", text: text)
    var messages: [String] = []
    Interpreter(file: file).run(Parser.parse(file).program) { output in
      if case .diagnostic(let d) = output { messages.append(d.message) }
    }
    return messages
  }

  static let refusals: [(path: String, message: String)] = [
    ("x.png", "'x.png' is not an SVG file name: an SVG file's name ends in .svg"),
    ("pictures", "'pictures' is not an SVG file name: an SVG file's name ends in .svg"),
    ("../b.svg", "'../b.svg' goes up with '..': a script writes only below the output directory"),
    (
      "a/../../b.svg",
      "'a/../../b.svg' goes up with '..': a script writes only below the output directory"
    ),
    (
      "/tmp/b.svg",
      "'/tmp/b.svg' is an absolute path: a script writes only below the output directory"
    ),
    ("a//b.svg", "'a//b.svg' has an empty part between two slashes"),
  ]

  @Test("the rule: .svg always; below the output directory for a script's path")
  func rule() {
    for (path, message) in Self.refusals {
      #expect(SVGPath.refusal(path, confined: true)?.text == message, "\(path)")
      #expect(SVGPath.refusal(path, confined: true)?.code == .outputPath, "\(path)")
    }
    for path in ["a.svg", "pictures/state.svg", "./a.svg"] {
      #expect(SVGPath.refusal(path, confined: true) == nil, "\(path)")
    }
    // The command line's own paths go anywhere, as SVG files.
    for path in ["../b.svg", "/tmp/b.svg", "out/x.svg"] {
      #expect(SVGPath.refusal(path, confined: false) == nil, "\(path)")
    }
    #expect(SVGPath.refusal("out/x.png", confined: false) == .notSVGFileName("out/x.png"))
  }

  @Test("gl check refuses what gl run refuses, with the same message, at the path")
  func checkerAgreesWithRun() {
    for (path, message) in Self.refusals {
      #expect(errors("section items 1\nsvg \"\(path)\"\n") == [message], "\(path)")
      #expect(
        errors("section items 1\nsvg strip \"\(path)\" { scroll by y 1 }\n") == [message],
        "\(path)")
      #expect(
        errors("section items 40\nsvg plot \"\(path)\" { fling y 1 }\n") == [message], "\(path)")
      #expect(ran("section items 1\nsvg \"\(path)\"\n") == [message], "\(path)")
    }
    let (program, _) = Parser.parse(SourceFile(name: "t.gl", text: "svg \"../b.svg\""))
    let diagnostic = Checker.check(program)[0]
    #expect(diagnostic.range.start == 4)
    #expect(
      diagnostic.help == "write a relative path ending in .svg, e.g. svg \"pictures/state.svg\"")
    #expect(errors("section items 1\nsvg \"pictures/state.svg\"\n").isEmpty)
  }

  @Test("a path made of constants is checked too")
  func constants() {
    #expect(
      errors("let up = \"..\"\nsvg up + \"/b.svg\"\n") == [
        "'../b.svg' goes up with '..': a script writes only below the output directory"
      ])
  }
}
