import Foundation
import GridlineLanguage
import GridlineTestSupport
import Testing

/// `gl fmt`'s two promises over many scripts: formatting keeps the program (the AST dump,
/// ranges aside) and formatting twice changes nothing; and with kept line breaks (the
/// REPL's `:save`), every line stays a line.
@Suite("Formatter properties")
struct FormatterPropertyTests {
  /// Nil when `text` holds both promises (and, with `keptLines`, the third), else what
  /// broke, with the text. The input is parsed once and each output once: in a debug
  /// build lexing and parsing are most of the time this suite takes.
  static func broken(_ text: String, keptLines: Bool = true) -> String? {
    let file = SourceFile(name: "g.gl", text: text)
    let parsed = Parser.parse(file)
    guard parsed.diagnostics.isEmpty else { return "the input does not parse:\n\(text)" }
    let program = parsed.program.dump()
    func keepsProgram(_ output: String) -> Bool {
      let again = Parser.parse(SourceFile(name: "g.gl", text: output))
      return again.diagnostics.isEmpty && again.program.dump() == program
    }
    let once = Formatter.format(file)
    if !keepsProgram(once) { return "meaning changed:\n\(text)\n---\n\(once)" }
    let twice = Formatter.format(SourceFile(name: "g.gl", text: once))
    if twice != once { return "not idempotent:\n\(once)\n---\n\(twice)" }
    guard keptLines else { return nil }
    let kept = Formatter.format(file, lineBreaks: .kept)
    let lines = { (s: String) in s.split(separator: "\n", omittingEmptySubsequences: false).count }
    if !keepsProgram(kept) { return "kept lines changed meaning:\n\(text)\n---\n\(kept)" }
    if lines(kept) != lines(text.hasSuffix("\n") ? text : text + "\n") {
      return "kept lines moved:\n\(text)\n---\n\(kept)"
    }
    return nil
  }

  @Test("every example keeps its program and is stable", arguments: exampleScripts)
  func example(_ url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    let problem = Self.broken(text)
    #expect(problem == nil, "\(problem ?? "")")
  }

  /// 10 chunks of 1,000, so the chunks run in parallel.
  @Test(
    "10,000 generated scripts, with comments, blank lines and odd spacing",
    arguments: 0..<10)
  func generated(chunk: UInt64) {
    var g = SeededGenerator(seed: 0x666D_74 &+ chunk)
    var checked = 0
    var failures: [String] = []
    for i in 0..<1_000 {
      let text = Self.untidy(RobustnessTests.program(&g), &g)
      switch Self.broken(text, keptLines: i % 10 == 0) {
      case nil: checked += 1
      case let problem? where !problem.hasPrefix("the input does not parse"):
        checked += 1
        if failures.count < 3 { failures.append(problem) }
      default: break
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n=====\n"))")
    // Most generated scripts parse; the few that do not are not formatted at all.
    #expect(checked > 500, "only \(checked) of 1,000 generated scripts parsed")
  }

  /// The same script as someone might type it: statements joined by `;`, comments at line
  /// ends and on lines of their own, runs of blank lines, spaces widened or made tabs.
  static func untidy(_ text: String, _ g: inout SeededGenerator) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n") {
      if !lines.isEmpty && Int.random(in: 0..<5, using: &g) == 0
        && !lines[lines.count - 1]
          .contains("#")
      {
        lines[lines.count - 1] += "; " + line
        continue
      }
      switch Int.random(in: 0..<8, using: &g) {
      case 0: lines.append("")
      case 1: lines.append("# a note")
      case 2: lines += ["", "", ""]
      default: break
      }
      var spaced = ""
      for character in line {
        guard character == " " else {
          spaced.append(character)
          continue
        }
        spaced += [" ", " ", " ", "  ", "\t", "   "].randomElement(using: &g)!
      }
      if Int.random(in: 0..<3, using: &g) == 0 { spaced += "   # why \(lines.count)" }
      lines.append(String(repeating: " ", count: Int.random(in: 0...3, using: &g)) + spaced)
    }
    return lines.joined(separator: "\n")
  }
}
