import GridlineLanguage

/// A script's lines (`SourceFile.lineStarts`) read in the protocol's terms: the language's
/// byte offsets as positions (a line and a column in UTF-16 code units, or UTF-8 bytes when
/// the client takes them) and back.
struct LineMap: Sendable {
  enum Encoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
  }

  let file: SourceFile
  let encoding: Encoding

  init(_ file: SourceFile, encoding: Encoding) {
    self.file = file
    self.encoding = encoding
  }

  var bytes: [UInt8] { file.bytes }
  /// The offset of each line's first byte; line 0 starts at 0.
  var starts: [Int] { file.lineStarts }

  /// The line holding `offset` (clamped to the text).
  func line(of offset: Int) -> Int { file.lineIndex(of: min(max(offset, 0), bytes.count)) }

  func position(of offset: Int) -> Position {
    let offset = min(max(offset, 0), bytes.count)
    let line = line(of: offset)
    return Position(line: line, character: units(from: starts[line], to: offset))
  }

  func range(of range: SourceRange) -> DocumentRange {
    DocumentRange(start: position(of: range.start), end: position(of: max(range.start, range.end)))
  }

  /// The byte offset of `position`: a column past the line's end is its end, a line past
  /// the text's end is the end (the protocol asks servers to clamp).
  func offset(of position: Position) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < starts.count else { return bytes.count }
    let end = lineEnd(position.line)
    var i = starts[position.line]
    var counted = 0
    while i < end && counted < position.character {
      let length = Self.sequenceLength(bytes[i])
      counted += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
      i = min(i + length, end)
    }
    return i
  }

  /// Where line `line`'s text ends (before its `\n`, or `\r\n`).
  func lineEnd(_ line: Int) -> Int {
    var end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
    if end > starts[line] && bytes[end - 1] == 13 && line + 1 < starts.count { end -= 1 }
    return end
  }

  /// Code units between two offsets on one line.
  func units(from start: Int, to end: Int) -> Int {
    if encoding == .utf8 { return end - start }
    var count = 0
    for i in start..<end {
      let byte = bytes[i]
      if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
    }
    return count
  }

  /// The length of the UTF-8 sequence a lead byte starts (1 for a stray byte).
  static func sequenceLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
