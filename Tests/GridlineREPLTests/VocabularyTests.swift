import Foundation
import GridlineLanguage
import GridlineREPL
import GridlineTestSupport
import Testing

/// The vocabulary is the one place a word of the language is declared: every keyword's
/// example parses, completion offers each of its words where the example uses it, and
/// grammar.md writes it as a production.
@Suite("Vocabulary: one declaration per word")
struct VocabularyTests {
  /// Every keyword of every grammar position, as (position, spelling, example), read from
  /// the one registry of the vocabulary.
  static let keywords: [(String, String, String)] = Lexicon.keywordTypes.flatMap { $0.entries }

  @Test("every keyword's example parses", arguments: keywords.map { "\($0.1) — \($0.2)" })
  func parses(_ entry: String) {
    let example = String(entry.split(separator: " — ", maxSplits: 1)[1])
    let parsed = Parser.parse(SourceFile(name: "example", text: example))
    #expect(parsed.diagnostics.isEmpty, "\(example): \(parsed.diagnostics.map(\.message))")
    #expect(!parsed.program.statements.isEmpty)
  }

  @Test("completion offers each word of every keyword where its example uses it")
  func completion() throws {
    let session = REPLSession(options: REPLOptions()) { _, _ in }
    // Completion does not look inside `data`, `apply snapshot` and hook blocks yet.
    let unfinished = ["DataEntryKeyword", "SnapshotEntryKeyword", "HookClauseKeyword"]
    for (position, spelling, example) in Self.keywords where !unfinished.contains(position) {
      let start = try #require(
        example.range(of: spelling + " ") ?? example.range(of: spelling),
        "\(position): the example '\(example)' does not use '\(spelling)'")
      var typed = String(example[..<start.lowerBound])
      for word in spelling.split(separator: " ") {
        let offered = session.complete(typed).candidates
        #expect(
          offered.contains(String(word)),
          "\(position) '\(spelling)': after '\(typed)' Tab offers \(offered)")
        typed += word + " "
      }
    }
  }

  @Test("grammar.md writes every keyword as quoted words")
  func grammar() throws {
    let grammar = try String(
      contentsOf: repositoryRoot.appendingPathComponent("grammar.md"), encoding: .utf8)
    for (position, spelling, _) in Self.keywords {
      let quoted = spelling.split(separator: " ").map { "\"\($0)\"" }.joined(separator: " ")
      #expect(grammar.contains(quoted), "\(position): grammar.md has no \(quoted)")
    }
  }

  @Test("grammar.md's table lists every diagnostic code with its title")
  func codeTable() throws {
    let grammar = try String(
      contentsOf: repositoryRoot.appendingPathComponent("grammar.md"), encoding: .utf8)
    for code in MessageCode.allCases {
      let title = code.title.replacing("`", with: "")
      #expect(grammar.contains("| `\(code.id)` | \(title) |"), "\(code.id)")
    }
  }

  @Test("the parser's fast name lookup agrees with the expression keywords")
  func expressionKeywords() {
    for keyword in ExpressionKeyword.allCases {
      #expect(ExpressionKeyword.named(keyword.spelling) == keyword)
    }
    #expect(ExpressionKeyword.named("offset") == nil)
  }

  @Test("every statement has a :help topic with its syntax")
  func help() {
    #expect(REPLSession.helpTopicNames == StatementKeyword.allCases.map(\.spelling))
  }

  @Test("a misspelt keyword is suggested from the vocabulary at every position")
  func suggestions() {
    let cases = [
      ("layout flow { pinn headers }", "did you mean 'pin headers'"),
      ("section items 3 { header sise 0 x 4 }", "expected 'size' after 'header'"),
      ("transform items { rotte 4 }", "did you mean 'rotate'"),
      ("text metrics { padding 4; line heigth 2 }", "expected 'height' after 'line'"),
      ("scroll bye y 4", "did you mean 'by'"),
    ]
    for (text, expected) in cases {
      let parsed = Parser.parse(SourceFile(name: "t", text: text))
      let said = parsed.diagnostics.map { $0.message + " " + ($0.help ?? "") }.joined()
      #expect(said.contains(expected), "\(text): \(said)")
    }
  }
}

extension Keyword {
  static var entries: [(String, String, String)] {
    allCases.map { ("\(Self.self)", $0.spelling, $0.example) }
  }
}
