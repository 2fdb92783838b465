import GridlineLanguage
import Testing

/// The message catalogue: every code is explained, and each explanation's example makes
/// exactly the mistake it explains.
@Suite("Catalogue: codes and explanations")
struct CatalogueTests {
  /// The codes a script of a few lines cannot provoke: a nesting of 65 levels, a chain of
  /// 129 operators (LimitTests provoke it), a write the file system refuses (the
  /// interpreter alone writes no files; FileIOTests provoke it), what reading refuses
  /// before any parse (InputLimitTests) and 10,000 errors.
  static let notByExample: Set<MessageCode> = [
    .nestingTooDeep, .expressionTooDeep, .fileNotWritten, .inputTooLarge, .lineTooLong,
    .notScriptText, .tooManyErrors,
  ]

  /// Every code the example's parse, check and run reports.
  static func codes(of example: String) -> Set<MessageCode> {
    let file = SourceFile(name: "example.gl", text: example)
    let (program, parsed) = Parser.parse(file)
    var codes = Set((parsed + Checker.check(program, limits: .small)).map(\.code))
    if codes.isEmpty {
      let interpreter = Interpreter(file: file, limits: .small)
      interpreter.run(program) { output in
        switch output {
        case .diagnostic(let d): codes.insert(d.code)
        case .expect(_, false, let d?): codes.insert(d.code)
        default: break
        }
      }
    }
    return codes
  }

  @Test("each explanation's example reports its code", arguments: MessageCode.allCases)
  func example(_ code: MessageCode) throws {
    let explanation = code.explanation
    #expect(explanation.hasPrefix("\(code.id): \(code.title)"))
    guard !Self.notByExample.contains(code) else { return }
    let example = try #require(
      explanation.components(separatedBy: "For example:\n\n").last?
        .components(separatedBy: "\n\n").first)
    let script = example.split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
    #expect(Self.codes(of: script).contains(code), "\(code.id): \(script)")
  }

  @Test("ids read back, with or without the GL prefix")
  func ids() {
    #expect(MessageCode(id: "GL1003") == .unknownWord)
    #expect(MessageCode(id: "gl2003") == .typeMismatch)
    #expect(MessageCode(id: "3001") == .valueOutOfRange)
    #expect(MessageCode(id: "GL9999") == nil)
    #expect(Set(MessageCode.allCases.map(\.id)).count == MessageCode.allCases.count)
  }

  @Test("a rendered diagnostic ends its first line with the code")
  func rendered() {
    let file = SourceFile(name: "t.gl", text: "viewprt 375 x 667\n")
    let diagnostic = Parser.parse(file).diagnostics[0]
    #expect(diagnostic.code == .unknownWord)
    #expect(
      diagnostic.rendered(in: file).hasPrefix(
        "t.gl:1:1: error: unknown statement 'viewprt' [GL1003]\n 1 | viewprt 375 x 667"))
  }
}

@Suite("Diagnostics: carets under wide characters")
struct CaretWidthTests {
  @Test("wide letters and emoji take two columns before the caret (issue 15, bug 9)")
  func wide() {
    let file = SourceFile(name: "w.gl", text: "print \"日本語🍎\" + offst\n")
    let (program, parsed) = Parser.parse(file)
    #expect(parsed.isEmpty)
    let diagnostic = Checker.check(program)[0]
    let lines = diagnostic.rendered(in: file).split(separator: "\n")
    let source = String(lines[1])
    let caret = String(lines[2])
    // "print \"" is 7 columns, 日本語🍎 8, then "\" + " 4: the name starts at column 20
    // of the line as drawn, after the gutter.
    let gutter = source.prefix { $0 != "|" }.count + 2
    #expect(caret.dropFirst(gutter).prefix { $0 == " " }.count == 7 + 8 + 4)
    #expect(caret.hasSuffix("^~~~~"))
  }
}
