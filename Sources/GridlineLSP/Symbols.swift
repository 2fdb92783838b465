import GridlineLanguage

/// The names a file declares and where each use of a name points, read from its tokens
/// with the blocks as scopes: `let`, `var` and a loop's name belong to the block they are
/// written in and the blocks inside it; a named layout (`layout flow list { … }`,
/// `layout custom rows { … }`) to the file, where `switch layout NAME` refers to it. A
/// diffable data source's names are strings: `section "Fruits" items ["fig", …]` declares
/// the section and its items, which `apply snapshot { section "Fruits" … }`, `item "fig"`
/// and `reconfigure items ["fig"]` name.
struct SymbolIndex {
  enum Namespace { case value, layout, section, item }

  struct Declaration: Equatable {
    var name: String
    var namespace: Namespace
    /// The token of the name.
    var token: Int
    var scope: Int
  }

  /// The word before a list of item identifiers (`section "S" items […]`, `reconfigure
  /// items […]`): the update target's spelling, which the section statement shares.
  static let items = UpdateTargetKeyword.items.spelling

  let tokens: DocumentTokens
  /// Each token's block: an index into `parents`; 0 is the file.
  private(set) var scopeOf: [Int] = []
  /// The enclosing block of each block (the file's is -1).
  private(set) var parents: [Int] = [-1]
  private(set) var declarations: [Declaration] = []

  init(_ tokens: DocumentTokens) {
    self.tokens = tokens
    var stack = [0]
    scopeOf.reserveCapacity(tokens.tokens.count)
    for (i, token) in tokens.tokens.enumerated() {
      if token.kind == .symbol(.rightBrace) && stack.count > 1 { stack.removeLast() }
      scopeOf.append(stack.last!)
      if token.kind == .symbol(.leftBrace) {
        parents.append(stack.last!)
        stack.append(parents.count - 1)
      }
      if case .string(let text) = token.kind, stack.count == 1 {
        declareData(text, at: i)
        continue
      }
      guard let name = tokens.identifier(i), let before = tokens.identifier(i - 1) else { continue }
      if ["let", "var", "for"].contains(before) {
        declarations.append(
          Declaration(name: name, namespace: .value, token: i, scope: stack.last!))
      } else if tokens.identifier(i - 2) == StatementKeyword.layout.spelling,
        LayoutKind(rawValue: before) != nil, tokens.isSymbol(i + 1, .leftBrace)
      {
        declarations.append(Declaration(name: name, namespace: .layout, token: i, scope: 0))
      }
    }
  }

  /// A string at the top level: the name of a section its statement declares, or of an
  /// item in that section's list.
  mutating func declareData(_ text: String, at index: Int) {
    if tokens.identifier(index - 1) == StatementKeyword.section.spelling
      && tokens.startsStatement(index - 1)
    {
      declarations.append(Declaration(name: text, namespace: .section, token: index, scope: 0))
    } else if let list = listStart(of: index), tokens.identifier(list - 1) == Self.items,
      tokens.isString(list - 2), tokens.identifier(list - 3) == StatementKeyword.section.spelling,
      tokens.startsStatement(list - 3)
    {
      declarations.append(Declaration(name: text, namespace: .item, token: index, scope: 0))
    }
  }

  /// The `[` of the list a string stands in (`["a", "b"]`), if it stands in one.
  func listStart(of index: Int) -> Int? {
    var i = index - 1
    while i >= 0 && (tokens.isString(i) || tokens.isSymbol(i, .comma)) { i -= 1 }
    return tokens.isSymbol(i, .leftBracket) ? i : nil
  }

  /// The name a token is: an identifier, or a string that names a section or an item.
  func name(_ index: Int) -> String? {
    guard tokens.tokens.indices.contains(index) else { return nil }
    switch tokens.tokens[index].kind {
    case .identifier(let name): return name
    case .string(let text): return text
    default: return nil
    }
  }

  /// Which names a string token names: a section after `section`, an item after `item`
  /// or in a list after `items`; nil for any other string.
  func dataNamespace(_ index: Int) -> Namespace? {
    guard tokens.isString(index) else { return nil }
    if tokens.identifier(index - 1) == StatementKeyword.section.spelling { return .section }
    if tokens.identifier(index - 1) == ElementWord.item.spelling { return .item }
    if let list = listStart(of: index), tokens.identifier(list - 1) == Self.items { return .item }
    return nil
  }

  /// The declaration a name token stands for (itself, when it is one): in the layouts
  /// after `switch layout`, the sections and items for a string, else among the values of
  /// its block and the blocks around it, the nearest declared before it (or after it,
  /// when none is).
  func declaration(at index: Int) -> Declaration? {
    if let own = declarations.first(where: { $0.token == index }) { return own }
    if let namespace = dataNamespace(index), let name = name(index) {
      return declarations.first { $0.namespace == namespace && $0.name == name }
    }
    guard let name = tokens.identifier(index), !tokens.isSymbol(index - 1, .dot) else { return nil }
    if isLayoutReference(index) {
      return declarations.first { $0.namespace == .layout && $0.name == name }
    }
    var scope = scopeOf[index]
    while scope >= 0 {
      let candidates = declarations.filter {
        $0.namespace == .value && $0.name == name && $0.scope == scope
      }
      if let before = candidates.last(where: { $0.token < index }) ?? candidates.first {
        return before
      }
      scope = parents[scope]
    }
    return nil
  }

  /// Whether the name token follows `switch layout`.
  func isLayoutReference(_ index: Int) -> Bool {
    let words = StatementKeyword.switchLayout.spelling.split(separator: " ").map(String.init)
    return words.count == 2 && tokens.identifier(index - 2) == words[0]
      && tokens.identifier(index - 1) == words[1]
  }

  /// The file-level declaration of `name` in `namespace` (what a used file offers).
  func topLevel(_ name: String, _ namespace: Namespace) -> Declaration? {
    declarations.first { $0.name == name && $0.namespace == namespace && $0.scope == 0 }
  }
}
