import Testing

@testable import GridlineLanguage

/// Issue 17: what reading refuses (`InputLimits`), and how diagnostics are shown whatever
/// the input: capped in number, a window of a long line, control characters escaped.
@Suite("Input limits and the echo of diagnostics")
struct InputLimitTests {
  func problem(_ bytes: [UInt8]) -> (code: MessageCode, start: Int)? {
    InputLimits.problem(in: bytes).map { ($0.code, $0.range.start) }
  }

  @Test("text is not refused: ASCII, tabs and CRLF, accents, CJK, emoji")
  func text() {
    let script = "viewport 375 x 667\r\n\tprint \"café 日本 🍎\" # ok\n"
    #expect(problem(Array(script.utf8)) == nil)
  }

  @Test("binary input is refused at its first byte that shows it (GL1009)")
  func binary() {
    let prefix = Array("print 1 ".utf8)
    for (bad, why) in [
      ([0x00], "NUL"), ([0xE9, 0x0A], "Latin-1"), ([0xC0, 0x80], "overlong"),
      ([0xED, 0xA0, 0x80], "surrogate"), ([0xF4, 0x90, 0x80, 0x80], "past U+10FFFF"),
      ([0xE2, 0x82], "cut short"), ([0x80], "a lone continuation byte"),
    ] as [([UInt8], String)] {
      let found = problem(prefix + bad)
      #expect(found?.code == .notScriptText, "\(why)")
      #expect(found?.start == prefix.count, "\(why)")
    }
  }

  @Test("more than a quarter control characters is not text; a few are the lexer's")
  func controls() {
    let mostly = Array("ab\u{1B}\u{7}\u{8}".utf8)
    #expect(problem(mostly)?.code == .notScriptText)
    #expect(problem(mostly)?.start == 2)
    #expect(problem(Array("print 1 \u{1B}\n".utf8)) == nil)
    // C1 controls (U+0080…U+009F) count too.
    #expect(problem(Array("a\u{85}\u{85}".utf8))?.code == .notScriptText)
  }

  @Test("a line of 1 MiB is read; one byte more is refused where the limit passes (GL1008)")
  func lineLength() {
    let limit = InputLimits.maximumLineBytes
    let fits = [UInt8](repeating: UInt8(ascii: "#"), count: limit) + [0x0A, 0x41]
    #expect(problem(fits) == nil)
    let long = [0x0A] + [UInt8](repeating: UInt8(ascii: "#"), count: limit + 1) + [0x0A]
    #expect(problem(long)?.code == .lineTooLong)
    #expect(problem(long)?.start == 1 + limit)
  }

  /// `@` is the lexer's error, a stray `}` the parser's.
  @Test("the lexer and the parser stop at 10,000 errors and say so there (GL3010)")
  func stops() {
    for garbage in ["@", "}"] {
      let file = SourceFile(name: "g.gl", text: String(repeating: garbage, count: 20_000))
      let diagnostics = Parser.parse(file).diagnostics
      #expect(diagnostics.count == InputLimits.maximumErrors + 1)
      #expect(diagnostics.last?.code == .tooManyErrors)
      #expect(diagnostics.last?.range.start == InputLimits.maximumErrors)
      let exactly = SourceFile(name: "g.gl", text: String(repeating: garbage, count: 10_000))
      #expect(!Parser.parse(exactly).diagnostics.contains { $0.code == .tooManyErrors })
    }
  }

  @Test("50 diagnostics are shown, the stop among them, then how many more")
  func shown() {
    let file = SourceFile(name: "at.gl", text: String(repeating: "@", count: 20_000))
    let (shown, more) = Diagnostic.shown(Parser.parse(file).diagnostics)
    #expect(shown.count == InputLimits.shownDiagnostics + 1)
    #expect(shown.last?.code == .tooManyErrors)
    #expect(more == "and 9,950 more errors")
    let few = Parser.parse(SourceFile(name: "a.gl", text: "@\n@\n")).diagnostics
    #expect(Diagnostic.shown(few).shown.count == 2)
    #expect(Diagnostic.shown(few).more == nil)
  }

  @Test("a long line is echoed as a window, the caret under the character it means")
  func window() {
    let text = String(repeating: "a", count: 5000) + " @ " + String(repeating: "b", count: 5000)
    let file = SourceFile(name: "w.gl", text: text + "\n")
    let diagnostic = Parser.parse(file).diagnostics.first { $0.code == .invalidToken }!
    let lines = diagnostic.rendered(in: file).split(separator: "\n").map(String.init)
    #expect(lines[0] == "w.gl:1:5002: error: unexpected character '@' [GL1001]")
    let echo = lines[1].dropFirst(" 1 | ".count)
    #expect(echo.count == 1 + SourceEcho.width + 1)
    #expect(echo.hasPrefix("…aaa") && echo.hasSuffix("bbb…"))
    let caret = lines[2].dropFirst(" 1 | ".count)
    let under = echo[echo.index(echo.startIndex, offsetBy: caret.count - 1)]
    #expect(under == "@")
    #expect(caret == String(repeating: " ", count: 1 + 40) + "^")
  }

  @Test("control characters are escaped in the echo and the message; carets stay aligned")
  func escaped() {
    let file = SourceFile(name: "e.gl", text: "print \u{1B}[2J 1 \u{7}\n")
    let rendered = Parser.parse(file).diagnostics.map { $0.rendered(in: file) }
    #expect(!rendered.joined().unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(
      rendered[0]
        == "e.gl:1:7: error: unexpected character '\\u{1B}' [GL1001]\n"
        + " 1 | print \\u{1B}[2J 1 \\u{7}\n"
        + "   |       ^~~~~~")
    let caret = "   | " + String(repeating: " ", count: "print \\u{1B}[2J 1 ".count) + "^~~~~"
    #expect(rendered.last!.hasSuffix(" 1 | print \\u{1B}[2J 1 \\u{7}\n" + caret))
  }

  @Test("the line of an offset is the line of its location, without counting columns")
  func lineOfOffset() {
    let file = SourceFile(name: "l.gl", text: "a\nbc\n\nd")
    for offset in 0...file.bytes.count {
      #expect(file.line(of: offset) == file.location(of: offset).line)
    }
  }
}
