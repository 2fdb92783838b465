import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

/// The editor grammar colours every word of the language as a keyword, agrees with
/// `gl highlight` on every character of every example, and the checked-in files in
/// editors/ are what `gl editors` makes (GRIDLINE_RECORD=1 rewrites them).
@Suite("Editor grammar (golden)")
struct EditorGrammarGoldenTests {
  static func engine() throws -> TextMateLines {
    try TextMateLines(grammar: EditorGrammar.textMateGrammar)
  }

  @Test("every word and phrase of the vocabulary gets the keyword scope")
  func everyWord() throws {
    let engine = try Self.engine()
    for text in Lexicon.words + Lexicon.phrases {
      let line = "  " + text + " 1"
      let scopes = engine.scopes(line)
      let units = Array(line.utf16)
      for (i, unit) in units.enumerated().dropFirst(2).dropLast(2) where unit != 32 {
        #expect(
          scopes[i] == TokenClass.keyword.scope, "'\(text)' at \(i - 2): \(scopes[i] ?? "none")")
      }
    }
  }

  @Test("the grammar scopes each example as gl highlight classes it", arguments: exampleScripts)
  func examples(_ url: URL) throws {
    let engine = try Self.engine()
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = Highlighter.lines(of: SourceFile(name: url.lastPathComponent, text: text))
    var seen = Set<TokenClass>()
    for (number, runs) in lines.enumerated() {
      let line = runs.map(\.text).joined()
      let expected = runs.flatMap { run in
        [String?](repeating: run.tokenClass?.scope, count: run.text.utf16.count)
      }
      seen.formUnion(runs.compactMap(\.tokenClass))
      let actual = engine.scopes(line)
      if let i = expected.indices.first(where: { expected[$0] != actual[$0] }) {
        let place = "\(url.lastPathComponent):\(number + 1):\(i + 1)"
        let grammar = actual[i] ?? "none"
        let highlight = expected[i] ?? "none"
        Issue.record("\(place): grammar \(grammar), highlight \(highlight) in: \(line)")
      }
    }
    #expect(seen.contains(.keyword) && seen.contains(.comment) && seen.contains(.number))
  }

  @Test("a string keeps its scope past an escaped quote and a #")
  func strings() throws {
    let scopes = try Self.engine().scopes(#"print "a \" # b" # c"#)
    #expect(scopes[6..<16].allSatisfy { $0 == TokenClass.string.scope })
    #expect(scopes.last == TokenClass.comment.scope)
  }

  @Test("the checked-in editor files are up to date", arguments: EditorGrammar.files.map(\.path))
  func upToDate(_ path: String) throws {
    let text = try #require(EditorGrammar.files.first { $0.path == path }).text
    expectGolden(text, at: repositoryRoot.appendingPathComponent("editors/" + path).path)
  }

  @Test("the VS Code files are JSON naming the grammar, # comments and the brackets")
  func vscode() throws {
    let package = try JSONSerialization.jsonObject(with: Data(EditorGrammar.packageJSON.utf8))
    let contributes = (package as? [String: Any])?["contributes"] as? [String: Any]
    let grammars = contributes?["grammars"] as? [[String: String]]
    #expect(grammars?.first?["path"] == "./syntaxes/gridline.tmLanguage.json")
    let configuration =
      try JSONSerialization.jsonObject(with: Data(EditorGrammar.languageConfiguration.utf8))
      as? [String: Any]
    #expect((configuration?["comments"] as? [String: String])?["lineComment"] == "#")
    #expect((configuration?["brackets"] as? [[String]])?.count == 3)
  }
}
