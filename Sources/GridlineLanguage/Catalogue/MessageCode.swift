/// The code of every diagnostic the language can give, as `gl explain GL2010` and the
/// `code` field of `--json` errors name it. The first digit is the phase that finds the
/// problem: 1 reading (lexer, parser), 2 checking names and types, 3 values out of range
/// or limits, 4 running. A code names a kind of mistake; the message says the particular
/// one. Codes are never reused: a retired code keeps its number out of use.
public enum MessageCode: Int, CaseIterable, Hashable, Sendable, Comparable {
  // MARK: 1xxx — reading the text
  case invalidToken = 1001
  case expectedSyntax = 1002
  case unknownWord = 1003
  case misplacedSyntax = 1004
  case nestingTooDeep = 1005
  case incompleteDeclaration = 1006
  case inputTooLarge = 1007
  case lineTooLong = 1008
  case notScriptText = 1009

  // MARK: 2xxx — names and types
  case unknownName = 2001
  case unknownMember = 2002
  case typeMismatch = 2003
  case operandMismatch = 2004
  case argumentMismatch = 2005
  case wrongLayout = 2006
  case misplacedStatement = 2007
  case fileNotUsed = 2008

  // MARK: 3xxx — values and limits
  case valueOutOfRange = 3001
  case notWholeNumber = 3002
  case noSuchElement = 3003
  case limitExceeded = 3004
  case notFinite = 3005
  case expressionTooDeep = 3006
  case stringTooLong = 3007
  case workExhausted = 3008
  case tooManyErrors = 3010

  // MARK: 4xxx — running
  case collectionViewException = 4001
  case expectationFailed = 4002
  case layoutWarning = 4003
  case outputPath = 4004
  case fileNotWritten = 4005

  /// `GL1001`.
  public var id: String { "GL\(rawValue)" }

  /// The code an id names (`GL2003`, `gl2003` or `2003`).
  public init?(id: String) {
    let digits = id.uppercased().hasPrefix("GL") ? String(id.dropFirst(2)) : id
    guard let number = Int(digits), let code = MessageCode(rawValue: number) else { return nil }
    self = code
  }

  public static func < (a: MessageCode, b: MessageCode) -> Bool { a.rawValue < b.rawValue }
}
