import GridlineLanguage
import Testing

/// The classifier colours by what the lexer read and the `Lexicon`, and the lexer's token
/// stream is the same with the comments it now records.
@Suite("Highlighter: classes of source text")
struct HighlighterTests {
  func classes(_ text: String) -> [(String, TokenClass)] {
    let file = SourceFile(name: "t", text: text)
    return Highlighter.classes(of: file).map {
      (String(decoding: file.bytes[$0.range.start..<$0.range.end], as: UTF8.self), $0.tokenClass)
    }
  }

  @Test("each class: keyword, number, string, comment, operator, name")
  func eachClass() {
    let found = classes("let gap = 2.5e1 + offset.y  # note\nsection \"A\" items 3")
    let expected: [(String, TokenClass)] = [
      ("let", .keyword), ("gap", .name), ("=", .operator), ("2.5e1", .number), ("+", .operator),
      ("offset", .keyword), ("y", .keyword), ("# note", .comment), ("section", .keyword),
      ("\"A\"", .string), ("items", .keyword), ("3", .number),
    ]
    #expect(found.map(\.0) == expected.map(\.0))
    #expect(found.map(\.1) == expected.map(\.1))
  }

  @Test("brackets and separators have no class; the size operator glued to numbers is a keyword")
  func punctuation() {
    let found = classes("viewport 100x44\nexpect (1, 2) == [3]")
    #expect(found.map(\.0) == ["viewport", "100", "x", "44", "expect", "1", "2", "==", "3"])
    #expect(found[2].1 == .keyword)
  }

  @Test("lines keep every character, split at line breaks")
  func lines() {
    let text = "layout flow {  # a\n  item size 10 x 10\n}\n"
    let lines = Highlighter.lines(of: SourceFile(name: "t", text: text))
    #expect(
      lines.map { $0.map(\.text).joined() } == ["layout flow {  # a", "  item size 10 x 10", "}"])
    #expect(lines[1].first { $0.text == "size" }?.tokenClass == .keyword)
  }

  @Test("the lexer records comments without changing its tokens")
  func comments() {
    let text = "scroll by y 10 # down\n# whole line\nshow visible"
    let file = SourceFile(name: "t", text: text)
    let (tokens, _) = Lexer.tokenize(file)
    let plain = Lexer.tokenize(SourceFile(name: "t", text: "scroll by y 10 \n\nshow visible"))
    #expect(tokens.map(\.kind) == plain.tokens.map(\.kind))
    var lexer = Lexer(file: file, keepsComments: true)
    while lexer.next().kind != .endOfFile {}
    let said = lexer.comments.map {
      String(decoding: file.bytes[$0.start..<$0.end], as: UTF8.self)
    }
    #expect(said == ["# down", "# whole line"])
  }

  @Test("the lexicon holds every clause's literal words, not its placeholders")
  func lexicon() {
    for word in ["over", "frames", "each", "viewport", "size", "min", "count", "on"] {
      #expect(Lexicon.words.contains(word), "\(word)")
    }
    for placeholder in ["SIZE", "N", "svg\"", "PATH"] {
      #expect(!Lexicon.words.contains(placeholder), "\(placeholder)")
    }
    #expect(Lexicon.phrases.contains("item size"))
  }
}
