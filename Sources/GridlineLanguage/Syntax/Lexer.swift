import LayoutEngine

/// UTF-8 source → tokens. Comments run from `#` to the end of the line; every newline is a
/// token (the parser ignores those inside `( )` and `[ ]`). Errors become diagnostics and
/// `.invalid` tokens; lexing always reaches the end.
public struct Lexer {
  /// The largest magnitude a number literal may have: far beyond any layout, far below the
  /// point where Double arithmetic on positions loses whole points.
  public static let maximumLiteral = 1e12

  let file: SourceFile
  /// `file.bytes`, held directly: reading through `file` copies the whole `SourceFile`
  /// (four references retained and released) per byte in an unoptimised build.
  private let bytes: [UInt8]
  private var position = 0
  public private(set) var diagnostics: [Diagnostic] = []
  /// The formatter keeps comments, which the parser never sees: with `keepsComments` each
  /// one skipped is recorded here (from `#` to the end of its line, newline excluded).
  public private(set) var comments: [SourceRange] = []
  private let keepsComments: Bool

  public init(file: SourceFile, from offset: Int = 0, keepsComments: Bool = false) {
    self.file = file
    self.bytes = file.bytes
    self.position = max(0, min(offset, file.bytes.count))
    self.keepsComments = keepsComments
    // Editors on Windows start UTF-8 files with a byte-order mark; it is no token.
    // Compared byte by byte: the REPL lexes every line it reads from its start.
    if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
    }
  }

  /// Every token of the file from byte `offset` on (a REPL entry appended to its session),
  /// ending with `.endOfFile`.
  public static func tokenize(_ file: SourceFile, from offset: Int = 0) -> (
    tokens: [Token], diagnostics: [Diagnostic]
  ) {
    var lexer = Lexer(file: file, from: offset)
    var tokens: [Token] = []
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { break }
    }
    return (tokens, lexer.diagnostics)
  }

  /// Every token and, apart, the range of every comment (which the parser never sees):
  /// what the formatter and an editor's server read.
  public static func tokensAndComments(_ file: SourceFile) -> (
    tokens: [Token], comments: [SourceRange]
  ) {
    var lexer = Lexer(file: file, keepsComments: true)
    var tokens: [Token] = []
    tokens.reserveCapacity(file.bytes.count / 4)
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { break }
    }
    return (tokens, lexer.comments)
  }

  private func peek(_ ahead: Int = 0) -> UInt8? {
    let i = position + ahead
    return i < bytes.count ? bytes[i] : nil
  }

  public mutating func next() -> Token {
    skipSpaceAndComments()
    let start = position
    guard let byte = peek() else { return Token(.endOfFile, SourceRange(start: start, end: start)) }
    if byte == UInt8(ascii: "\n") {
      position += 1
      return Token(.newline, SourceRange(start: start, end: position))
    }
    if isDigit(byte) { return number() }
    if isIdentifierStart(byte) { return identifier() }
    if byte == UInt8(ascii: "\"") { return string() }
    return symbol()
  }

  private mutating func skipSpaceAndComments() {
    while let byte = peek() {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        position += 1
      } else if byte == UInt8(ascii: "#") {
        let start = position
        while let b = peek(), b != UInt8(ascii: "\n") { position += 1 }
        if keepsComments { comments.append(SourceRange(start: start, end: position)) }
      } else {
        return
      }
    }
  }

  /// `12`, `12.5`, `1e3`, `2.5e-3`. A following `x` (as in `100x44`) is left for the next
  /// token, so sizes may be written without spaces.
  private mutating func number() -> Token {
    let start = position
    while let b = peek(), isDigit(b) || b == UInt8(ascii: "_") { position += 1 }
    if peek() == UInt8(ascii: "."), let after = peek(1), isDigit(after) {
      position += 1
      while let b = peek(), isDigit(b) || b == UInt8(ascii: "_") { position += 1 }
    }
    if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var ahead = 1
      if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { ahead = 2 }
      if let digit = peek(ahead), isDigit(digit) {
        position += ahead
        while let b = peek(), isDigit(b) { position += 1 }
      }
    }
    let range = SourceRange(start: start, end: position)
    // Most literals are small whole numbers: read them without going through text.
    if position - start <= 15 && bytes[start..<position].allSatisfy(isDigit),
      peek().map({ !isIdentifierStart($0) || $0 == UInt8(ascii: "x") }) ?? true
    {
      var value = 0
      for b in bytes[start..<position] { value = value * 10 + Int(b - 48) }
      if Double(value) <= Self.maximumLiteral { return Token(.number(Double(value)), range) }
    }
    var text = String(decoding: bytes[start..<position], as: UTF8.self)
    if text.utf8.contains(UInt8(ascii: "_")) { text.removeAll { $0 == "_" } }
    // A letter glued to a number (other than the size operator x) is a typo, not two tokens.
    if let b = peek(), isIdentifierStart(b), b != UInt8(ascii: "x") {
      while let c = peek(), isIdentifierContinue(c) { position += 1 }
      return invalid(
        .notANumber(String(decoding: bytes[start..<position], as: UTF8.self)),
        SourceRange(start: start, end: position))
    }
    guard let value = Double(text), value.isFinite else {
      return invalid(.notANumber(text), range)
    }
    if value > Self.maximumLiteral {
      return invalid(.numberTooLarge(text, limit: Self.maximumLiteral), range)
    }
    return Token(.number(value), range)
  }

  private mutating func identifier() -> Token {
    let start = position
    // `x` right after a number, followed by a digit, is the size operator: `100x44`.
    position += 1
    if bytes[start] == UInt8(ascii: "x"), start > 0, isDigit(bytes[start - 1]) {
      return Token(.identifier("x"), SourceRange(start: start, end: position))
    }
    while let b = peek(), isIdentifierContinue(b) { position += 1 }
    let name = String(decoding: bytes[start..<position], as: UTF8.self)
    return Token(.identifier(name), SourceRange(start: start, end: position))
  }

  /// `"…"` with escapes `\"`, `\\`, `\n`, `\t` and `\u{…}`; no line breaks inside.
  private mutating func string() -> Token {
    let start = position
    position += 1
    var scalars = String.UnicodeScalarView()
    var segmentStart = position
    var problem: (Message, SourceRange)?
    func flush(_ upTo: Int, into scalars: inout String.UnicodeScalarView) {
      scalars.append(
        contentsOf: String(decoding: bytes[segmentStart..<upTo], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard let b = peek(), b != UInt8(ascii: "\n") else {
        return invalid(
          .unterminatedString, SourceRange(start: start, end: position),
          help: Hint.closeString)
      }
      if b == UInt8(ascii: "\"") {
        flush(position, into: &scalars)
        position += 1
        break
      }
      if b == UInt8(ascii: "\\") {
        flush(position, into: &scalars)
        let escapeStart = position
        position += 1
        switch peek() {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          if let scalar = unicodeEscape() {
            scalars.append(scalar)
            segmentStart = position
            continue
          }
          problem =
            problem ?? (
              .badEscape("invalid unicode escape"), SourceRange(start: escapeStart, end: position)
            )
        default:
          problem =
            problem ?? (
              .badEscape("invalid escape in string"),
              SourceRange(start: escapeStart, end: position + 1)
            )
        }
        if peek() != nil && peek() != UInt8(ascii: "\n") { position += 1 }
        segmentStart = position
        continue
      }
      position += 1
    }
    if let (message, range) = problem {
      return invalid(message, range, help: Hint.escapes)
    }
    return Token(.string(String(scalars)), SourceRange(start: start, end: position))
  }

  /// After `\u`: `{1F600}` → the scalar; nil when malformed.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard peek(1) == UInt8(ascii: "{") else { return nil }
    var i = position + 2
    var value: UInt32 = 0
    var digits = 0
    while i < bytes.count, let v = hexValue(bytes[i]), digits < 8 {
      value = value * 16 + UInt32(v)
      digits += 1
      i += 1
    }
    guard digits > 0, i < bytes.count, bytes[i] == UInt8(ascii: "}"),
      let scalar = Unicode.Scalar(value)
    else { return nil }
    position = i + 1
    return scalar
  }

  private mutating func symbol() -> Token {
    let start = position
    if let symbol = matchSymbol() {
      return Token(.symbol(symbol), SourceRange(start: start, end: position))
    }
    // Skip one whole character (not one byte) so the diagnostic quotes it intact.
    var end = position + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    position = end
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let help: String? =
      text == "!" ? Hint.negation : text == "&" || text == "|" ? Hint.logic : nil
    return invalid(.unexpectedCharacter(text), SourceRange(start: start, end: end), help: help)
  }

  /// The symbol at `position`, longest match first; advances past it.
  private mutating func matchSymbol() -> Symbol? {
    guard let b = peek() else { return nil }
    let next = peek(1)
    func take(_ n: Int, _ symbol: Symbol) -> Symbol {
      position += n
      return symbol
    }
    switch b {
    case UInt8(ascii: "("): return take(1, .leftParen)
    case UInt8(ascii: ")"): return take(1, .rightParen)
    case UInt8(ascii: "["): return take(1, .leftBracket)
    case UInt8(ascii: "]"): return take(1, .rightBracket)
    case UInt8(ascii: "{"): return take(1, .leftBrace)
    case UInt8(ascii: "}"): return take(1, .rightBrace)
    case UInt8(ascii: ","): return take(1, .comma)
    case UInt8(ascii: ":"): return take(1, .colon)
    case UInt8(ascii: ";"): return take(1, .semicolon)
    case UInt8(ascii: "."):
      guard next == UInt8(ascii: ".") else { return take(1, .dot) }
      if peek(2) == UInt8(ascii: ".") { return take(3, .ellipsis) }
      return peek(2) == UInt8(ascii: "<") ? take(3, .halfOpen) : take(1, .dot)
    case UInt8(ascii: "+"): return next == UInt8(ascii: "=") ? take(2, .plusEqual) : take(1, .plus)
    case UInt8(ascii: "-"):
      if next == UInt8(ascii: ">") { return take(2, .arrow) }
      return next == UInt8(ascii: "=") ? take(2, .minusEqual) : take(1, .minus)
    case UInt8(ascii: "*"): return next == UInt8(ascii: "=") ? take(2, .starEqual) : take(1, .star)
    case UInt8(ascii: "/"):
      return next == UInt8(ascii: "=") ? take(2, .slashEqual) : take(1, .slash)
    case UInt8(ascii: "%"): return take(1, .percent)
    case UInt8(ascii: "="):
      return next == UInt8(ascii: "=") ? take(2, .equalEqual) : take(1, .equal)
    case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? take(2, .bangEqual) : nil
    case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? take(2, .lessEqual) : take(1, .less)
    case UInt8(ascii: ">"):
      return next == UInt8(ascii: "=") ? take(2, .greaterEqual) : take(1, .greater)
    case UInt8(ascii: "?"): return take(1, .question)
    default: return nil
    }
  }

  private mutating func invalid(_ message: Message, _ range: SourceRange, help: String? = nil)
    -> Token
  {
    // So many errors say the text is no script: stop reading, in bounded time and memory.
    if diagnostics.count == InputLimits.maximumErrors {
      diagnostics.append(.error(.tooManyErrors, at: range))
      position = bytes.count
    } else {
      diagnostics.append(.error(message, at: range, help: help))
    }
    return Token(.invalid, range)
  }
}

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

@inline(__always) private func isIdentifierStart(_ b: UInt8) -> Bool {
  (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
}

@inline(__always) private func isIdentifierContinue(_ b: UInt8) -> Bool {
  isIdentifierStart(b) || isDigit(b)
}

private func hexValue(_ b: UInt8) -> Int? {
  switch b {
  case 48...57: Int(b - 48)
  case 65...70: Int(b - 55)
  case 97...102: Int(b - 87)
  default: nil
  }
}
