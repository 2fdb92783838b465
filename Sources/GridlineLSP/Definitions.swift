import GridlineLanguage

extension LanguageServer {
  /// Where the name under the cursor is declared: in the document, or in a file it uses;
  /// on a `use` path, the file.
  func definition(_ params: PositionParams) throws -> [Location] {
    let document = try document(params.textDocument)
    let words = DocumentTokens(document.file)
    guard let index = words.index(at: document.lines.offset(of: params.position)) else {
      return []
    }
    if case .string(let path) = words.tokens[index].kind,
      words.identifier(index - 1) == StatementKeyword.use.spelling
    {
      let full = Includes.joined(document.path.map(Includes.directory(of:)) ?? "", path)
      guard fileAccess.canonical(full) != nil else { return [] }
      let start = Position(line: 0, character: 0)
      return [
        Location(uri: DocumentURI.uri(ofPath: full), range: DocumentRange(start: start, end: start))
      ]
    }
    return target(of: index, in: SymbolIndex(words), document).map { [$0.location] } ?? []
  }

  /// Every use of the name under the cursor that means the same declaration, in the
  /// document (and the declaration itself when asked).
  func references(_ params: ReferenceParams) throws -> [Location] {
    let document = try document(params.textDocument)
    let words = DocumentTokens(document.file)
    let symbols = SymbolIndex(words)
    guard let index = words.index(at: document.lines.offset(of: params.position)),
      let name = symbols.name(index), let wanted = target(of: index, in: symbols, document)
    else { return [] }
    var found: [Location] = []
    let includeDeclaration = params.context?.includeDeclaration ?? true
    for (i, token) in words.tokens.enumerated() where symbols.name(i) == name {
      guard let target = target(of: i, in: symbols, document), target.location == wanted.location
      else { continue }
      if target.isDeclaration && target.token == i && !includeDeclaration { continue }
      found.append(
        Location(uri: document.uri, range: document.lines.range(of: token.range)))
    }
    if includeDeclaration && wanted.location.uri != document.uri {
      found.insert(wanted.location, at: 0)
    }
    return found
  }

  struct Target {
    var location: Location
    /// The declaring token, when it is in the document.
    var token: Int?
    var isDeclaration: Bool { token != nil }
  }

  /// The declaration token `index` refers to, in the document or a file it uses.
  func target(of index: Int, in symbols: SymbolIndex, _ document: OpenDocument) -> Target? {
    if let declaration = symbols.declaration(at: index) {
      let range = symbols.tokens.tokens[declaration.token].range
      return Target(
        location: Location(uri: document.uri, range: document.lines.range(of: range)),
        token: declaration.token)
    }
    guard let name = symbols.name(index), !symbols.tokens.isSymbol(index - 1, .dot),
      let analysis = document.analysis ?? document.lastAnalysis ?? analysis(document.uri)
    else { return nil }
    let namespace: SymbolIndex.Namespace =
      symbols.dataNamespace(index) ?? (symbols.isLayoutReference(index) ? .layout : .value)
    if namespace == .value && symbols.tokens.identifier(index) == nil { return nil }
    for used in analysis.file.used {
      let other = SymbolIndex(DocumentTokens(used.file))
      guard let declaration = other.topLevel(name, namespace) else { continue }
      let lines = LineMap(used.file, encoding: encoding)
      return Target(
        location: Location(
          uri: DocumentURI.uri(ofPath: used.file.name),
          range: lines.range(of: other.tokens.tokens[declaration.token].range)),
        token: nil)
    }
    return nil
  }
}
