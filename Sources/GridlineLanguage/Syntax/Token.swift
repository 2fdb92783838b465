import LayoutEngine

/// One lexical unit. Keywords are identifiers: the parser recognises them by position, so a
/// word like `items` can still name a variable where no statement expects it.
public struct Token: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case number(Double)
    case string(String)
    case identifier(String)
    case symbol(Symbol)
    /// Ends a statement (outside parentheses and brackets).
    case newline
    case endOfFile
    /// Text the lexer could not read; its diagnostic is already reported.
    case invalid
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  var identifier: String? {
    if case .identifier(let name) = kind { return name }
    return nil
  }

  func isSymbol(_ symbol: Symbol) -> Bool { kind == .symbol(symbol) }
  func isWord(_ word: String) -> Bool { identifier == word }
}

/// Punctuation and operators.
public enum Symbol: String, Hashable, Sendable, CaseIterable {
  case leftParen = "("
  case rightParen = ")"
  case leftBracket = "["
  case rightBracket = "]"
  case leftBrace = "{"
  case rightBrace = "}"
  case comma = ","
  case colon = ":"
  case semicolon = ";"
  case dot = "."
  case ellipsis = "..."
  case halfOpen = "..<"
  case plus = "+"
  case minus = "-"
  case star = "*"
  case slash = "/"
  case percent = "%"
  case equalEqual = "=="
  case bangEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case equal = "="
  /// Compound assignments: `x += e` is `x = x + e` (layout code).
  case plusEqual = "+="
  case minusEqual = "-="
  case starEqual = "*="
  case slashEqual = "/="
  case question = "?"
  case arrow = "->"
}

extension Token.Kind: CustomStringConvertible {
  public var description: String {
    switch self {
    case .number(let value): "number \(formatNumber(value))"
    case .string(let text): "string \"\(text)\""
    case .identifier(let name): "'\(name)'"
    case .symbol(let symbol): "'\(symbol.rawValue)'"
    case .newline: "end of line"
    case .endOfFile: "end of file"
    case .invalid: "invalid text"
    }
  }
}
