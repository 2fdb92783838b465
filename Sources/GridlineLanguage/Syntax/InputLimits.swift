/// The bounds on what is read, so that any input — a huge file, a binary one, a device that
/// never ends — costs bounded time and memory before the first statement is parsed
/// (grammar.md, Checking and limits).
public enum InputLimits {
  /// A script, a file it uses or `:load` runs, the REPL's piped input: 16 MiB, a thousand
  /// times the largest script written by hand, small enough to hold and lex at once.
  public static let maximumBytes = 16 << 20
  /// One line: 1 MiB. The REPL holds a line until it sees its end, and a diagnostic counts
  /// the characters before its column; both are bounded by this. Generated one-line
  /// scripts of 50,000 statements (400 KB) still fit.
  public static let maximumLineBytes = 1 << 20
  /// Errors the lexer (and the parser) record before they stop reading: a file of garbage
  /// would otherwise hold one diagnostic per byte.
  public static let maximumErrors = 10_000
  /// Diagnostics shown by `gl run`, `gl check`, `gl test` and the REPL, text or JSON; the
  /// rest are counted ("and 9,950 more errors").
  public static let shownDiagnostics = 50

  /// The diagnostic for input larger than `maximumBytes` (it has no line to point at).
  public static var tooLarge: Diagnostic { .error(.inputTooLarge, at: .none) }

  /// The diagnostic for a line longer than `maximumLineBytes`, at the byte `offset` where
  /// the limit is passed.
  public static func lineTooLong(at offset: Int) -> Diagnostic {
    .error(.lineTooLong, at: SourceRange(start: offset, end: offset))
  }

  /// Why `bytes` are not the text of a script, at the first byte that shows it; nil when
  /// they are. Not text: a NUL byte, bytes that are not UTF-8, or control characters
  /// (C0 but tab, CR and LF; DEL; C1) in more than a quarter of the characters. Text with a
  /// line longer than `maximumLineBytes` is refused too. One pass, no copy.
  public static func problem(in bytes: [UInt8]) -> Diagnostic? {
    var scan = TextScan()
    var i = 0
    while i < bytes.count {
      let length = scan.character(bytes, at: i)
      guard length > 0 else {
        let why = bytes[i] == 0 ? "it has a NUL byte" : "it is not UTF-8 text"
        return .error(.notScriptText(why), at: SourceRange(start: i, end: i))
      }
      i += length
    }
    if scan.controls * 4 > scan.characters, let first = scan.firstControl {
      return .error(
        .notScriptText("more than a quarter of its characters are control characters"),
        at: SourceRange(start: first, end: first + 1))
    }
    return scan.longLine.map(lineTooLong(at:))
  }
}

/// What `InputLimits.problem` counts while it walks the bytes.
private struct TextScan {
  var characters = 0
  var controls = 0
  var firstControl: Int?
  var lineStart = 0
  var longLine: Int?

  /// Reads the UTF-8 character at `i`: its length in bytes, or 0 when it is NUL or not
  /// UTF-8 (overlong forms and surrogates included).
  mutating func character(_ bytes: [UInt8], at i: Int) -> Int {
    let lead = bytes[i]
    // A character (not the newline) this far from the line's start makes the line too long.
    if longLine == nil && lead != 0x0A && i - lineStart >= InputLimits.maximumLineBytes {
      longLine = lineStart + InputLimits.maximumLineBytes
    }
    characters += 1
    if lead < 0x80 {
      if lead == 0 { return 0 }
      if lead == 0x0A {
        lineStart = i + 1
      } else if (lead < 0x20 && lead != 0x09 && lead != 0x0D) || lead == 0x7F {
        control(at: i)
      }
      return 1
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard length > 0, lead <= 0xF4, i + length <= bytes.count else { return 0 }
    let second = bytes[i + 1]
    // The second byte's range excludes overlong forms, surrogates and values past U+10FFFF.
    let low: UInt8 = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80
    let high: UInt8 = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF
    guard second >= low && second <= high else { return 0 }
    for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return 0 }
    if lead == 0xC2 && second <= 0x9F { control(at: i) }
    return length
  }

  mutating func control(at i: Int) {
    controls += 1
    if firstControl == nil { firstControl = i }
  }
}
