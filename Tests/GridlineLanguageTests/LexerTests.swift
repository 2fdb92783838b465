import GridlineLanguage
import Testing

@Suite("Lexer")
struct LexerTests {
  func kinds(_ text: String) -> [Token.Kind] {
    Lexer.tokenize(SourceFile(name: "t.gl", text: text)).tokens.map(\.kind)
  }

  func errors(_ text: String) -> [String] {
    Lexer.tokenize(SourceFile(name: "t.gl", text: text)).diagnostics.map(\.message)
  }

  @Test("numbers: integers, fractions, exponents, separators")
  func numbers() {
    #expect(
      kinds("12 12.5 1e3 2.5e-3 1_000") == [
        .number(12), .number(12.5), .number(1000), .number(0.0025), .number(1000), .endOfFile,
      ])
  }

  @Test("a size written without spaces splits around x")
  func glued() {
    #expect(
      kinds("100x44") == [.number(100), .identifier("x"), .number(44), .endOfFile])
    #expect(kinds("w x h") == [.identifier("w"), .identifier("x"), .identifier("h"), .endOfFile])
  }

  @Test("strings and escapes")
  func strings() {
    #expect(kinds(#""a\"b\\c\n\u{1F600}""#) == [.string("a\"b\\c\n😀"), .endOfFile])
    #expect(errors(#""open"#) == ["unterminated string"])
    #expect(errors(#""bad \q""#) == ["invalid escape in string"])
    #expect(errors(#""bad \u{zz}""#) == ["invalid unicode escape"])
  }

  @Test("comments vanish; every newline is a token (the parser skips those in groups)")
  func newlines() {
    #expect(
      kinds("a # comment\nb") == [.identifier("a"), .newline, .identifier("b"), .endOfFile])
    #expect(
      kinds("(1,\n2)\n") == [
        .symbol(.leftParen), .number(1), .symbol(.comma), .newline, .number(2),
        .symbol(.rightParen), .newline, .endOfFile,
      ])
  }

  @Test("operators, longest match first")
  func symbols() {
    #expect(
      kinds("== != <= >= < > = ... . -> - ?") == [
        .symbol(.equalEqual), .symbol(.bangEqual), .symbol(.lessEqual), .symbol(.greaterEqual),
        .symbol(.less), .symbol(.greater), .symbol(.equal), .symbol(.ellipsis), .symbol(.dot),
        .symbol(.arrow), .symbol(.minus), .symbol(.question), .endOfFile,
      ])
    #expect(
      kinds("+= -= *= /= + - * / =-1") == [
        .symbol(.plusEqual), .symbol(.minusEqual), .symbol(.starEqual), .symbol(.slashEqual),
        .symbol(.plus), .symbol(.minus), .symbol(.star), .symbol(.slash), .symbol(.equal),
        .symbol(.minus), .number(1), .endOfFile,
      ])
  }

  @Test("bad characters and numbers are diagnostics, and lexing goes on")
  func invalid() {
    #expect(errors("a @ b") == ["unexpected character '@'"])
    #expect(errors("12abc") == ["'12abc' is not a number"])
    #expect(errors("1e13") == ["number 1e13 is too large (the limit is 1000000000000)"])
    #expect(kinds("é") == [.invalid, .endOfFile])
  }

  @Test("locations count characters, so carets line up under non-ASCII text")
  func locations() {
    let file = SourceFile(name: "t.gl", text: "section \"Früchte\" items x\nnext")
    let offset = Array(file.text.utf8).firstIndex(of: UInt8(ascii: "x"))!
    #expect(file.location(of: offset) == (1, 25))
    #expect(file.lineText(2) == "next")
  }
}
