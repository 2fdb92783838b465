/// Where the cursor is, read from the tokens of the entry so far.
public struct CompletionContext {
  /// What kind of block the cursor (or a token) is in: which clauses may start a line.
  public enum Block: Equatable, Sendable {
    case statements, section, transform, trigger, decoration, textMetrics, flagHandler, other
    /// Inside `layout custom NAME { … }`, and inside its `prepare { … }` (layout code).
    case customLayout, code
    case layout(LayoutKind)
    /// Inside `layout compositional { … }` and its sections, groups and items.
    case compositional(CompositionalBlock)
  }
  struct Bracket {
    var commas = 0
    /// The section number, when it is a literal.
    var section: Int?
    /// How many numbers the index path has (2 after `item`, 1 after `header`), when the
    /// bracket follows an element word.
    var components: Int?
  }

  /// The word being typed (letters, digits and `_` just before the cursor).
  var partial = ""
  /// The identifiers of the current statement before the partial word.
  var words: [String] = []
  /// Whether the statement so far is only identifiers (a keyword sequence).
  var wordsOnly = true
  public private(set) var block = Block.statements
  var indexPath: Bracket?
  var inString = false
  /// Whether the cursor is inside parentheses or brackets.
  var inGroup = false
  /// The element word whose index path must come next: the statement so far ends with
  /// `header` or `item` (or `supplementary "K"`) standing for an element.
  var element: ElementWord?

  /// Reads `text`, everything before the cursor.
  public init(_ text: String) {
    // The word being typed ends the text; everything before it is read as tokens.
    let scalars = text.unicodeScalars
    var start = scalars.endIndex
    while start > scalars.startIndex {
      let last = scalars[scalars.index(before: start)]
      guard last.properties.isAlphabetic || ("0"..."9").contains(last) || last == "_" else {
        break
      }
      start = scalars.index(before: start)
    }
    partial = String(scalars[start...])
    let head = String(scalars[..<start])
    inString = Self.endsInString(head)
    var blocks: [Block] = []
    var groups: [Bracket?] = []  // `(` is nil, `[` a bracket
    var statement: [Token.Kind] = []  // the tokens since the statement began
    func startStatement() {
      words = []
      wordsOnly = true
      statement = []
    }
    for token in Lexer.tokenize(SourceFile(name: "", text: head)).tokens {
      switch token.kind {
      case .newline where groups.isEmpty: startStatement()
      case .identifier(let name):
        if groups.isEmpty { words.append(name) }
      case .number(let value):
        if var last = groups.last, let bracket = last, bracket.commas == 0 {
          last = Bracket(commas: 0, section: Int(exactly: value), components: bracket.components)
          groups[groups.count - 1] = last
        }
        if groups.isEmpty { wordsOnly = false }
      case .symbol(.leftBrace):
        blocks.append(Self.block(for: words, in: blocks.last ?? .statements))
        startStatement()
      case .symbol(.rightBrace):
        _ = blocks.popLast()
        startStatement()
      case .symbol(.semicolon) where groups.isEmpty: startStatement()
      case .symbol(.leftParen), .symbol(.leftBracket):
        let word = Self.elementAwaitingPath(statement)
        groups.append(
          token.kind == .symbol(.leftParen) ? nil : Bracket(components: word.map(Self.pathLength)))
        wordsOnly = false
      case .symbol(.rightParen), .symbol(.rightBracket): _ = groups.popLast()
      case .symbol(.comma):
        if let last = groups.last, var bracket = last {
          bracket.commas += 1
          groups[groups.count - 1] = bracket
        }
      case .endOfFile, .newline: break
      default:
        if groups.isEmpty { wordsOnly = false }
      }
      if token.kind != .newline && token.kind != .endOfFile { statement.append(token.kind) }
    }
    block = blocks.last ?? .statements
    if let last = groups.last, let bracket = last { indexPath = bracket }
    inGroup = !groups.isEmpty
    element = Self.elementAwaitingPath(statement)
  }

  /// Whether the last line ends inside a string: an odd number of unescaped quotes before
  /// any comment.
  static func endsInString(_ head: String) -> Bool {
    let lastLine = head[(head.lastIndex(of: "\n").map(head.index(after:)) ?? head.startIndex)...]
    var quotes = 0
    var escaped = false
    for c in lastLine {
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "\"" {
        quotes += 1
      }
      if c == "#" && quotes % 2 == 0 { break }
    }
    return quotes % 2 == 1
  }

  /// The element word the statement's tokens end with, when an index path must follow it:
  /// `item`, `header` or `footer`, or `supplementary` or `decoration` and their kind. Not
  /// the statement's own first word (`decoration "bg" for each section`), nor a name being
  /// declared (`let item`, `for item in`).
  static func elementAwaitingPath(_ tokens: [Token.Kind]) -> ElementWord? {
    var end = tokens.count
    var kindGiven = false
    if case .string? = tokens.last {
      end -= 1
      kindGiven = true
    }
    guard end >= 2, case .identifier(let name) = tokens[end - 1],
      let word = ElementWord(rawValue: name), word.takesKind == kindGiven
    else { return nil }
    if case .identifier(let before) = tokens[end - 2], ["let", "var", "for"].contains(before) {
      return nil
    }
    return word
  }

  /// How many numbers an element's index path has: a section, and an item for items and
  /// supplementary views.
  static func pathLength(_ word: ElementWord) -> Int {
    word == .item || word == .supplementary ? 2 : 1
  }

  /// The block a `{` opens, by the keyword of the statement before it and the block it
  /// stands in.
  public static func block(for words: [String], in outer: Block) -> Block {
    if case .compositional = outer {
      // A section, group or item opens its own block; `section` here is the layout's
      // section descriptor, not the statement.
      return words.first.flatMap(CompositionalBlock.init).map { .compositional($0) } ?? .other
    }
    let keyword = StatementKeyword.leading(words)
    if outer == .customLayout && (keyword == .prepare || keyword == .elementsInRect) {
      return .code
    }
    if outer == .code {
      if keyword == .if || keyword == .for || keyword == .while || words.first == "else" {
        return .code
      }
      if keyword == .place { return .transform }
    }
    switch keyword {
    case .layout?:
      let kind = words.dropFirst().first.flatMap(LayoutKind.init) ?? .flow
      switch kind {
      case .custom: return .customLayout
      case .compositional: return .compositional(.layout)
      default: return .layout(kind)
      }
    case .section?: return .section
    case .transform?: return .transform
    case .invalidate?: return .trigger
    case .decoration?: return .decoration
    case .textMetrics?: return .textMetrics
    case .onInvalidate?: return .flagHandler
    case .layer?, .repeat?, .svg?: return .statements
    default: return .other
    }
  }
}
