import GridlineLanguage

/// The token types `gl lsp` colours (the protocol's standard names), in legend order.
enum SemanticTokenType: String, CaseIterable {
  /// A statement's word (`show`, `scroll to`, `layout`).
  case keyword
  /// A clause's word inside a block (`line spacing`, `item size`, `rotate`).
  case property
  /// A choice after a keyword (`vertical`, `fractional`, `on`).
  case enumMember
  /// A built-in function (`min`, `rect`, `inset`).
  case function
  /// A name: the script's own (`let`, `var`, layouts), or state the script reads.
  case variable
  case number, string, comment
  case `operator`
}

enum SemanticTokenModifier: String, CaseIterable {
  /// Where the script declares the name.
  case declaration
  /// State the script reads but cannot assign (`offset`, `viewport`).
  case readonly
  /// One of the language's own names.
  case defaultLibrary

  var bit: Int { 1 << Self.allCases.firstIndex(of: self)! }
}

extension LanguageServer {
  /// Every token of the document with its type: the words by the vocabulary that declares
  /// them (a statement's, a clause's, a choice's), the script's own names apart from them.
  func semanticTokens(_ params: DocumentParams) throws -> SemanticTokens {
    let document = try document(params.textDocument)
    let words = DocumentTokens(document.file)
    let checker = (document.analysis ?? document.lastAnalysis ?? analysis(document.uri))?.checker
    var own = Set(Completer.codeNames(document.text))
    own.formUnion(checker?.boundNames.map(\.name) ?? [])
    own.formUnion(checker?.namedLayouts ?? [])
    var marks: [(range: SourceRange, type: SemanticTokenType, modifiers: Int)] = []
    // The blocks around each token, read as completion reads them: a word that starts a
    // line in `layout { }` is a clause, in the script or `prepare { }` a statement.
    var blocks: [CompletionContext.Block] = [.statements]
    var statement: [String] = []
    for (index, token) in words.tokens.enumerated() {
      switch token.kind {
      case .symbol(.leftBrace):
        blocks.append(CompletionContext.block(for: statement, in: blocks.last!))
        statement = []
      case .symbol(.rightBrace):
        if blocks.count > 1 { blocks.removeLast() }
        statement = []
      case .newline, .symbol(.semicolon): statement = []
      case .identifier(let name): statement.append(name)
      default: break
      }
      switch token.kind {
      case .number: marks.append((token.range, .number, 0))
      case .string: marks.append((token.range, .string, 0))
      case .symbol(let symbol) where SemanticWords.operators.contains(symbol):
        marks.append((token.range, .operator, 0))
      case .identifier(let name):
        marks.append(classify(name, at: index, in: words, own: own, block: blocks.last!))
      default: break
      }
    }
    marks += words.comments.map { ($0, .comment, 0) }
    marks.sort { $0.range.start < $1.range.start }
    var data: [Int] = []
    data.reserveCapacity(marks.count * 5)
    var previous = Position(line: 0, character: 0)
    let lines = document.lines
    for mark in marks where mark.range.end > mark.range.start {
      let start = lines.position(of: mark.range.start)
      // A token ends on its line (strings and comments cannot span lines).
      let end = min(mark.range.end, lines.lineEnd(start.line))
      let length = lines.units(from: mark.range.start, to: end)
      guard length > 0 else { continue }
      let deltaLine = start.line - previous.line
      data += [
        deltaLine, deltaLine == 0 ? start.character - previous.character : start.character,
        length, SemanticTokenType.allCases.firstIndex(of: mark.type)!, mark.modifiers,
      ]
      previous = start
    }
    return SemanticTokens(data: data)
  }

  func classify(
    _ name: String, at index: Int, in words: DocumentTokens, own: Set<String>,
    block: CompletionContext.Block
  ) -> (range: SourceRange, type: SemanticTokenType, modifiers: Int) {
    let range = words.tokens[index].range
    if words.isSymbol(index - 1, .dot) { return (range, .property, 0) }
    // The run of words this one is in, and whether it starts a line.
    let run = words.wordRun(around: index)
    let runWords = run.map { words.identifier($0) ?? "" }
    let leading = words.startsStatement(run.lowerBound)
    let position = index - run.lowerBound
    if own.contains(name) && !(leading && position == 0) {
      let declaring =
        words.identifier(index - 1).map(SemanticWords.declaringWords.contains) ?? false
      return (range, .variable, declaring ? SemanticTokenModifier.declaration.bit : 0)
    }
    let statements = [.statements, .code, .customLayout].contains(block)
    if leading {
      // The phrase a line starts with: a statement's in the script, `prepare { }` and other
      // blocks of statements; a clause's inside `layout { }`, `section { }` and the like.
      if statements {
        if let keyword = StatementKeyword.leading(runWords),
          position < keyword.spelling.split(separator: " ").count
        {
          return (range, .keyword, 0)
        }
      } else if let phrase = VocabularyDocs.phrase(in: runWords, covering: position),
        phrase.start == 0
      {
        return (range, .property, 0)
      }
    }
    let library = SemanticTokenModifier.defaultLibrary.bit
    if let info = ExpressionVocabulary.info(name) {
      switch info.kind {
      case .function: return (range, .function, library)
      case .state: return (range, .variable, library | SemanticTokenModifier.readonly.bit)
      case .element, .keyword: return (range, .keyword, 0)
      }
    }
    if SemanticWords.choiceWords.contains(name) { return (range, .enumMember, 0) }
    // A clause's word inside a statement (`scroll to`, `over 10 frames`) reads as a
    // keyword; inside a block of clauses, as the clause's.
    if SemanticWords.clauseWords.contains(name) {
      return (range, statements ? .keyword : .property, 0)
    }
    if Lexicon.words.contains(name) { return (range, .keyword, 0) }
    return (range, .variable, 0)
  }
}

/// The vocabulary's words by the part they play.
enum SemanticWords {
  static let clauseWords = words(
    Lexicon.keywordTypes.filter { ObjectIdentifier($0) != ObjectIdentifier(StatementKeyword.self) }
      .flatMap { $0.writtenForms })
  static let choiceWords = words(Lexicon.choiceTypes.flatMap { $0.writtenForms })
  /// The words after which a name is declared.
  static let declaringWords: Set<String> = ["let", "var", "for", "custom"]
  static let operators: Set<Symbol> = Set(
    Symbol.allCases.filter {
      ![
        .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .comma,
        .colon, .semicolon, .dot,
      ]
      .contains($0)
    })

  static func words(_ forms: [String]) -> Set<String> {
    Set(forms.flatMap { $0.split(separator: " ").map(String.init) })
  }
}
