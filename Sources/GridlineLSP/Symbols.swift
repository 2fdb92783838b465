import GridlineLanguage

/// The names a file declares and where each use of a name points, read from its tokens
/// with the blocks as scopes: `let`, `var` and a loop's name belong to the block they are
/// written in and the blocks inside it; a named layout (`layout flow list { … }`,
/// `layout custom rows { … }`) to the file, where `switch layout NAME` refers to it.
struct SymbolIndex {
  enum Namespace { case value, layout }

  struct Declaration: Equatable {
    var name: String
    var namespace: Namespace
    /// The token of the name.
    var token: Int
    var scope: Int
  }

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

  /// The declaration a name token stands for (itself, when it is one): in the layouts
  /// after `switch layout`, else among the values of its block and the blocks around it,
  /// the nearest declared before it (or after it, when none is).
  func declaration(at index: Int) -> Declaration? {
    guard let name = tokens.identifier(index), !tokens.isSymbol(index - 1, .dot) else { return nil }
    if let own = declarations.first(where: { $0.token == index }) { return own }
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
