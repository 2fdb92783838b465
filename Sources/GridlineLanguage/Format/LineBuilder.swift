/// One line of formatted output: its depth, its code and its comment. A line with neither
/// is a blank line; one with only a comment is a comment on its own line.
struct FormattedLine {
  var depth: Int
  var code: [UInt8]
  var comment: ArraySlice<UInt8>?

  static let blank = FormattedLine(depth: 0, code: [], comment: nil)

  var isBlank: Bool { code.isEmpty && comment == nil }
}

/// Walks the tokens once, deciding per token whether a line ends before it and whether a
/// space goes before it (`Formatter`'s rules); the comments the lexer skipped are taken in
/// source order between the tokens.
struct LineBuilder {
  let bytes: [UInt8]
  let tokens: [Token]
  let comments: [SourceRange]
  /// `Formatter.LineBreaks.canonical`: `;` and braces break lines, blank lines collapse.
  let breaksLines: Bool
  /// The `{` tokens whose blocks stay on one line as written (`Formatter.oneLineBlocks`).
  let oneLine: Set<Int>
  /// For each open brace, whether its block stays on its line.
  private var openOneLine: [Bool] = []
  /// The one-line blocks' `{` tokens placed on the line being built, and after `build` the
  /// output line each landed on.
  private var oneLineHere: [Int] = []
  private(set) var oneLineLines: [Int: Int] = [:]

  private(set) var lines: [FormattedLine] = []
  private var code: [UInt8] = []
  private var comment: ArraySlice<UInt8>?
  private var depth = 0
  private var braces = 0
  /// The open `(` and `[`, each with the `?` inside it still waiting for its `:`.
  private var groups: [Int] = []
  /// The `?` outside any group still waiting for its `:`.
  private var questions = 0
  /// The last token placed (on any line), and whether it was a sign rather than a minus.
  private var previous: Token?
  var previousIsSign = false
  /// A `;` or `{` was seen: the next token starts a new line (a comment may still trail).
  private var pendingBreak = false
  private var blanks = 0
  /// The first output line made from the current input line: where its trailing comment
  /// goes when the line was split (`on scroll { … }  # why` keeps `# why` by its `{`).
  private var inputLineStart = 0

  init(
    bytes: [UInt8], tokens: [Token], comments: [SourceRange], breaksLines: Bool,
    oneLine: Set<Int> = []
  ) {
    self.bytes = bytes
    self.tokens = tokens
    self.comments = comments
    self.breaksLines = breaksLines
    self.oneLine = oneLine
  }

  mutating func build() {
    lines.reserveCapacity(tokens.count / 6)
    var nextComment = 0
    for index in tokens.indices {
      let token = tokens[index]
      while nextComment < comments.count && comments[nextComment].start < token.range.start {
        take(comment: comments[nextComment])
        nextComment += 1
      }
      take(index)
    }
  }

  private mutating func take(comment range: SourceRange) {
    var end = range.end
    while end > range.start, bytes[end - 1] == 32 || bytes[end - 1] == 9 || bytes[end - 1] == 13 {
      end -= 1
    }
    let text = bytes[range.start..<end]
    if code.isEmpty {
      depth = braces + groups.count
    } else if let first = lines[inputLineStart...].firstIndex(where: { !$0.isBlank }),
      lines[first].comment == nil
    {
      lines[first].comment = text
      return
    }
    comment = text
  }

  private mutating func take(_ index: Int) {
    let token = tokens[index]
    switch token.kind {
    case .newline:
      if code.isEmpty && comment == nil { blanks += 1 } else { endLine() }
      inputLineStart = lines.count
    case .endOfFile:
      if !code.isEmpty || comment != nil { endLine() }
    case .symbol(.semicolon) where groups.isEmpty && breaksLines && openOneLine.last == true:
      // Inside a one-line block the statements stay apart by one `;` each: none after the
      // `{` or another `;` (a `;` before the `}` is dropped there).
      questions = 0
      if previous?.kind == .symbol(.leftBrace) || previous?.kind == .symbol(.semicolon) {
        return
      }
      place(index)
    case .symbol(.semicolon) where groups.isEmpty && breaksLines:
      questions = 0
      if !code.isEmpty { pendingBreak = true }
      previous = token
      previousIsSign = false
    case .symbol(.leftBrace):
      place(index)
      braces += 1
      questions = 0
      let stays = oneLine.contains(index)
      openOneLine.append(stays)
      if stays { oneLineHere.append(index) } else if breaksLines { pendingBreak = true }
    case .symbol(.rightBrace):
      braces = max(0, braces - 1)
      questions = 0
      if openOneLine.popLast() == true && previous?.kind != .symbol(.leftBrace) {
        if previous?.kind == .symbol(.semicolon) && code.last == UInt8(ascii: ";") {
          code.removeLast()
        }
        place(index)
        return
      }
      if previous?.kind == .symbol(.leftBrace) && (!code.isEmpty || reopensEmptyBlock()) {
        // An empty block stays `{}` on its line.
        pendingBreak = false
        code.append(UInt8(ascii: "}"))
        previous = token
        return
      }
      if breaksLines && !code.isEmpty { endLine() }
      place(index)
    default:
      place(index)
    }
  }

  /// `repeat 3 {` and `}` on the next line (blank lines between, nothing else): the
  /// line with the `{` is taken back to be finished, so the empty block is `{}` as it is
  /// when written on one line. Not when a comment is on either line, which needs its line,
  /// nor when line breaks are kept (`:save`).
  private mutating func reopensEmptyBlock() -> Bool {
    guard breaksLines, comment == nil, let last = lines.last, last.comment == nil,
      last.code.last == UInt8(ascii: "{")
    else { return false }
    lines.removeLast()
    code = last.code
    depth = last.depth
    blanks = 0
    inputLineStart = min(inputLineStart, lines.count)
    return true
  }

  /// Puts a token on the current line (starting a line first if one is due).
  private mutating func place(_ index: Int) {
    let token = tokens[index]
    if pendingBreak {
      pendingBreak = false
      if !code.isEmpty || comment != nil { endLine() }
    }
    let ternaryColon = token.isSymbol(.colon) && takeQuestion()
    if code.isEmpty {
      let closes = token.isSymbol(.rightParen) || token.isSymbol(.rightBracket)
      depth = braces + max(0, groups.count - (closes ? 1 : 0))
    } else if let previous, spaced(previous, token, index, ternaryColon: ternaryColon) {
      code.append(UInt8(ascii: " "))
    }
    code.append(contentsOf: bytes[token.range.start..<token.range.end])
    switch token.kind {
    case .symbol(.leftParen), .symbol(.leftBracket): groups.append(0)
    case .symbol(.rightParen), .symbol(.rightBracket): _ = groups.popLast()
    case .symbol(.question):
      if groups.isEmpty { questions += 1 } else { groups[groups.count - 1] += 1 }
    default: break
    }
    previousIsSign = token.isSymbol(.minus) && isSign(index)
    previous = token
  }

  /// Whether a `:` closes a pending `?` (a conditional) rather than ending a label.
  private mutating func takeQuestion() -> Bool {
    if groups.isEmpty {
      guard questions > 0 else { return false }
      questions -= 1
    } else {
      guard groups[groups.count - 1] > 0 else { return false }
      groups[groups.count - 1] -= 1
    }
    return true
  }

  private mutating func endLine() {
    if breaksLines {
      let opensBlock = lines.last?.code.last == UInt8(ascii: "{")
      let closesBlock = code.first == UInt8(ascii: "}")
      if blanks > 0 && !lines.isEmpty && !opensBlock && !closesBlock {
        lines.append(.blank)
      }
    } else {
      lines.append(contentsOf: repeatElement(.blank, count: blanks))
    }
    blanks = 0
    lines.append(FormattedLine(depth: depth, code: code, comment: comment))
    for brace in oneLineHere { oneLineLines[brace] = lines.count - 1 }
    oneLineHere.removeAll()
    code.removeAll(keepingCapacity: true)
    comment = nil
    pendingBreak = false
    // A line that ends outside any group ends its statement too.
    if groups.isEmpty { questions = 0 }
  }
}
