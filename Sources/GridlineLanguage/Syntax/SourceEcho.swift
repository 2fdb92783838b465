/// The part of a source line a diagnostic echoes, and where its caret goes. A long line is
/// cut to a window around the span, marked `…` where it was cut, so a 100 KB line costs
/// no more to show than a short one; control characters are written escaped (`\u{1B}`),
/// so a script cannot send escape sequences to the terminal through its diagnostics.
struct SourceEcho {
  /// At most this many characters are shown before the span's start, and this many in all.
  static let before = 40
  static let width = 100
  /// Bytes read on either side of the span per character shown: most characters take at
  /// most four; a grapheme cluster that takes more only narrows the window.
  static let bytesPerCharacter = 8

  /// The line as shown.
  var text: String
  /// Terminal columns before the caret.
  var caretColumn: Int
  /// Terminal columns the span covers as shown (at least one).
  var spanColumns: Int

  /// Nil when there is no line to show (the end of a file that ends with a newline).
  init?(_ file: SourceFile, line: Int, range: SourceRange) {
    guard line >= 1 && line <= file.lineStarts.count else { return nil }
    let bytes = file.bytes
    let lineStart = file.lineStarts[line - 1]
    var lineEnd = line < file.lineStarts.count ? file.lineStarts[line] - 1 : bytes.count
    if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    if lineEnd == lineStart && range.start >= bytes.count { return nil }
    let start = max(lineStart, min(range.start, lineEnd))
    // The window's bytes, each end moved to the start of a character.
    var from = max(lineStart, start - Self.before * Self.bytesPerCharacter)
    while from < start && bytes[from] & 0xC0 == 0x80 { from += 1 }
    var to = min(lineEnd, start + Self.width * Self.bytesPerCharacter)
    while to > start && to < lineEnd && bytes[to] & 0xC0 == 0x80 { to -= 1 }
    var before = Array(String(decoding: bytes[from..<start], as: UTF8.self))
    let cutBefore = from > lineStart || before.count > Self.before
    before.removeFirst(max(0, before.count - Self.before))
    var after = Array(String(decoding: bytes[start..<to], as: UTF8.self))
    let shown = Self.width - before.count
    let cutAfter = to < lineEnd || after.count > shown
    after.removeLast(max(0, after.count - shown))
    // A span past the end of its line runs to the end of the line.
    let spanEnd = max(start, min(range.end, to))
    let spanned = min(after.count, String(decoding: bytes[start..<spanEnd], as: UTF8.self).count)
    let beforeText = before.map(Self.shown)
    let afterText = after.map(Self.shown)
    text =
      (cutBefore ? "…" : "") + beforeText.joined() + afterText.joined() + (cutAfter ? "…" : "")
    caretColumn = (cutBefore ? 1 : 0) + beforeText.reduce(0) { $0 + $1.displayWidth }
    let spanText = afterText.prefix(spanned)
    spanColumns = max(1, spanned, spanText.reduce(0) { $0 + $1.displayWidth })
  }

  /// A character as the echo shows it: a tab as one space (the caret line counts it as
  /// one column), a control character escaped, any other as it is.
  static func shown(_ character: Character) -> String {
    if character == "\t" { return " " }
    guard character.unicodeScalars.contains(where: isControl) else { return String(character) }
    return character.unicodeScalars.map(escape).joined()
  }

  /// `text` with its control characters escaped, newlines and tabs kept: a message quotes
  /// the source (`unexpected character '\u{1B}'`).
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" })
    else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) && scalar != "\n" && scalar != "\t" {
        out += escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// C0 and C1 control characters and DEL, and the bidirectional formatting characters,
  /// which reorder what a terminal draws after them.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// `\u{1B}`, as a string literal writes the scalar.
  static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }
}

extension String {
  /// The text with its control characters (and bidirectional formatting characters)
  /// written escaped, `\u{1B}`, newlines and tabs kept: what every output that echoes a
  /// script's string to a terminal writes (issue 36), as diagnostics do, so that a string
  /// cannot drive the terminal.
  public var escapingControlCharacters: String { SourceEcho.escaped(self) }
}
