/// What a piece of source is, for colouring it. The editor grammar gives each class its
/// scope and `gl highlight` its colour, both from the lexer's tokens and the `Lexicon`, so
/// an editor and the terminal colour a script alike.
public enum TokenClass: String, CaseIterable, Sendable {
  /// A word the language reserves anywhere (`layout`, `item`, `size`, `over`, `min`).
  case keyword
  case number
  case string
  /// `#` to the end of the line.
  case comment
  /// Arithmetic, comparison, assignment, ranges and `->`; not brackets and separators.
  case `operator`
  /// Any other word: a `let`, a layer, a member such as `minY`.
  case name

  /// The TextMate scope of the class, the names themes already colour.
  public var scope: String {
    switch self {
    case .keyword: "keyword.control.gridline"
    case .number: "constant.numeric.gridline"
    case .string: "string.quoted.double.gridline"
    case .comment: "comment.line.number-sign.gridline"
    case .operator: "keyword.operator.gridline"
    case .name: "variable.other.gridline"
    }
  }
}

/// A stretch of source with one class; nil for spaces, brackets, separators, line breaks
/// and text the lexer could not read.
public struct HighlightedText: Hashable, Sendable {
  public var text: String
  public var tokenClass: TokenClass?

  public init(_ text: String, _ tokenClass: TokenClass?) {
    self.text = text
    self.tokenClass = tokenClass
  }
}

public enum Highlighter {
  /// The classified stretches of the file in order; what lies between them has no class.
  /// Words are keywords by spelling alone, as an editor sees them: a variable named
  /// `items` is coloured as the keyword.
  public static func classes(of file: SourceFile) -> [(range: SourceRange, tokenClass: TokenClass)]
  {
    var lexer = Lexer(file: file, keepsComments: true)
    var found: [(range: SourceRange, tokenClass: TokenClass)] = []
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile { break }
      if let tokenClass = tokenClass(of: token.kind) { found.append((token.range, tokenClass)) }
    }
    found += lexer.comments.map { ($0, .comment) }
    return found.sorted { $0.range.start < $1.range.start }
  }

  public static func tokenClass(of kind: Token.Kind) -> TokenClass? {
    switch kind {
    case .number: .number
    case .string: .string
    case .identifier(let name): keywords.contains(name) ? .keyword : .name
    case .symbol(let symbol): punctuation.contains(symbol) ? nil : .operator
    case .newline, .endOfFile, .invalid: nil
    }
  }

  /// The file's lines (without their line breaks), each as its runs.
  public static func lines(of file: SourceFile) -> [[HighlightedText]] {
    let bytes = file.bytes
    var lines: [[HighlightedText]] = [[]]
    func add(_ start: Int, _ end: Int, _ tokenClass: TokenClass?) {
      guard start < end else { return }
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if index > 0 { lines.append([]) }
        if !part.isEmpty {
          lines[lines.count - 1].append(HighlightedText(String(part), tokenClass))
        }
      }
    }
    var position = 0
    for (range, tokenClass) in classes(of: file) {
      add(position, range.start, nil)
      add(range.start, range.end, tokenClass)
      position = range.end
    }
    add(position, bytes.count, nil)
    if bytes.last == UInt8(ascii: "\n") { lines.removeLast() }
    return lines
  }

  static let keywords = Set(Lexicon.words)
  /// The symbols that only group and separate, left uncoloured.
  static let punctuation: Set<Symbol> = [
    .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .comma,
    .colon, .semicolon, .dot,
  ]
}
