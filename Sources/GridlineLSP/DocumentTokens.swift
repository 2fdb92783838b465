import GridlineLanguage

/// A document's tokens (comments kept), for what reads the text by its words: hover,
/// definitions and references, semantic tokens.
struct DocumentTokens {
  let tokens: [Token]
  /// Each comment's range (the lexer skips them).
  let comments: [SourceRange]

  init(_ file: SourceFile) {
    (tokens, comments) = Lexer.tokensAndComments(file)
  }

  /// The index of the token at `offset`: the one containing it, else the one ending there
  /// (the cursor just after a word).
  func index(at offset: Int) -> Int? {
    var low = 0
    var high = tokens.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if tokens[middle].range.start <= offset { low = middle } else { high = middle - 1 }
    }
    guard tokens.indices.contains(low) else { return nil }
    // The cursor just after a word (`gap|,`) means the word, not the comma.
    if low > 0 && tokens[low - 1].range.end == offset && identifier(low - 1) != nil
      && identifier(low) == nil
    {
      return low - 1
    }
    if tokens[low].range.start <= offset && offset < tokens[low].range.end { return low }
    if low > 0 && tokens[low - 1].range.end == offset { return low - 1 }
    if tokens[low].range.end == offset { return low }
    return nil
  }

  func identifier(_ index: Int) -> String? {
    guard tokens.indices.contains(index), case .identifier(let name) = tokens[index].kind else {
      return nil
    }
    return name
  }

  func isString(_ index: Int) -> Bool {
    guard tokens.indices.contains(index), case .string = tokens[index].kind else { return false }
    return true
  }

  func isSymbol(_ index: Int, _ symbol: Symbol) -> Bool {
    tokens.indices.contains(index) && tokens[index].kind == .symbol(symbol)
  }

  /// The run of identifier tokens around `index`, on one statement (keyword phrases are
  /// runs of words: `line spacing`, `pin headers`).
  func wordRun(around index: Int) -> ClosedRange<Int> {
    var low = index
    var high = index
    while identifier(low - 1) != nil { low -= 1 }
    while identifier(high + 1) != nil { high += 1 }
    return low...high
  }

  /// Whether the token at `index` is the first of a statement.
  func startsStatement(_ index: Int) -> Bool {
    guard index > 0 else { return true }
    switch tokens[index - 1].kind {
    case .newline, .symbol(.leftBrace), .symbol(.rightBrace), .symbol(.semicolon): return true
    default: return false
    }
  }
}
