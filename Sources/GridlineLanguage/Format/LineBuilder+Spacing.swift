/// The spacing rules of `Formatter`, one decision per pair of neighbouring tokens.
extension LineBuilder {
  /// Whether one space separates `left` and `right` (the token at `index`) on a line.
  func spaced(_ left: Token, _ right: Token, _ index: Int, ternaryColon: Bool) -> Bool {
    if left.isSymbol(.minus) && previousIsSign { return false }
    switch right.kind {
    case .symbol(.comma), .symbol(.rightParen), .symbol(.rightBracket), .symbol(.semicolon),
      .symbol(.dot), .symbol(.ellipsis), .symbol(.halfOpen):
      return false
    case .symbol(.colon):
      return ternaryColon
    case .symbol(.rightBrace):
      return !left.isSymbol(.leftBrace)
    case .symbol(.leftParen), .symbol(.leftBracket):
      // A call or subscript is written against its name, a keyword's argument apart; only
      // the grammar position tells them apart, so the author's choice stays.
      if Self.endsOperand(left) && !isNumber(left) {
        return right.range.start > left.range.end
      }
    default: break
    }
    switch left.kind {
    case .symbol(.leftParen), .symbol(.leftBracket), .symbol(.dot), .symbol(.ellipsis),
      .symbol(.halfOpen):
      return false
    default: return true
    }
  }

  /// Whether the `-` at `index` is a sign: always where no operand precedes it, and after
  /// one where the author wrote it as a sign (`by y -300`: space before, none after) — the
  /// parser reads `y -300` and `y - 300` alike, so the spelling is only for the reader.
  func isSign(_ index: Int) -> Bool {
    guard index > 0 else { return true }
    var before = index - 1
    while before > 0 && tokens[before].kind == .newline { before -= 1 }
    let left = tokens[before]
    guard Self.endsOperand(left), left.kind != .newline else { return true }
    let minus = tokens[index]
    let next = tokens[index + 1]
    return left.range.end < minus.range.start && next.range.start == minus.range.end
  }

  static func endsOperand(_ token: Token) -> Bool {
    switch token.kind {
    case .number, .string, .identifier, .symbol(.rightParen), .symbol(.rightBracket): true
    default: false
    }
  }

  private func isNumber(_ token: Token) -> Bool {
    if case .number = token.kind { true } else { false }
  }

  /// The lines as text: two spaces per depth, trailing comments aligned per run of
  /// consecutive lines at one depth, two spaces after the longest up to `widestAligned`
  /// characters (a longer line's comment follows it after two spaces).
  func rendered() -> String {
    let columns = commentColumns()
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    for (i, line) in lines.enumerated() {
      if !line.isBlank {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: line.depth * 2))
      }
      out.append(contentsOf: line.code)
      if let comment = line.comment {
        if !line.code.isEmpty {
          let width = Self.width(line)
          let pad = width > Self.widestAligned ? 2 : max(1, columns[i] - width)
          out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pad))
        }
        out.append(contentsOf: comment)
      }
      out.append(UInt8(ascii: "\n"))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The column of each line's trailing comment (0 where it has none).
  private func commentColumns() -> [Int] {
    var columns = [Int](repeating: 0, count: lines.count)
    func trails(_ line: FormattedLine) -> Bool { !line.code.isEmpty && line.comment != nil }
    var start = 0
    while start < lines.count {
      guard trails(lines[start]) else {
        start += 1
        continue
      }
      var end = start
      var widest = 0
      while end < lines.count && trails(lines[end]) && lines[end].depth == lines[start].depth {
        // A line past the widest aligned one keeps its comment two spaces after it and
        // does not move the others': one long line would pad every line of its run to its
        // width, and a file's size would grow with the square of it (issue 36).
        let width = Self.width(lines[end])
        if width <= Self.widestAligned { widest = max(widest, width) }
        end += 1
      }
      for i in start..<end { columns[i] = widest + 2 }
      start = end
    }
    return columns
  }

  /// The widest code whose trailing comment lines up with its neighbours'.
  static let widestAligned = 100

  /// A line's width in characters before its comment (UTF-8 continuation bytes do not
  /// count), so comments after non-ASCII strings still line up.
  static func width(_ line: FormattedLine) -> Int {
    line.depth * 2 + line.code.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }
}
