/// What may come next, read from the language's vocabulary: the keyword phrases that may
/// start a clause in the block the cursor is in, each with the phrases that may follow it.
enum CompletionVocabulary {
  typealias Phrase = (spelling: String, continuations: [String])

  static func phrases(in block: CompletionContext.Block) -> [Phrase] {
    switch block {
    case .statements:
      entries(StatementKeyword.self) { $0 == .let || !($0.isLayoutCode || $0 == .prepare) }
    case .layout(let kind): entries(LayoutPropertyKeyword.self) { $0.layouts.contains(kind) }
    case .compositional(let inner):
      entries(CompositionalKeyword.self) { $0.blocks.contains(inner) }
        + (inner == .layout
          ? entries(LayoutPropertyKeyword.self) { $0.layouts.contains(.compositional) } : [])
    case .section: entries(SectionPropertyKeyword.self)
    case .transform: entries(TransformOperationKeyword.self)
    case .trigger: entries(TriggerActionKeyword.self)
    case .decoration: entries(DecorationPropertyKeyword.self)
    case .textMetrics: entries(TextMetricKeyword.self)
    case .flagHandler: entries(FlagHandlerKeyword.self)
    case .customLayout: entries(StatementKeyword.self) { $0.inCustomLayout }
    case .code: entries(StatementKeyword.self) { $0.isLayoutCode }
    case .other: []
    }
  }

  static func entries<K: Keyword>(_: K.Type, where include: (K) -> Bool = { _ in true })
    -> [Phrase]
  {
    K.allCases.filter(include).map { ($0.spelling, $0.continuations) }
  }

  /// The next words after `typed` (the words of the clause so far): the rest of a phrase
  /// being typed, or the start of what follows a complete one.
  static func next(after typed: [String], in block: CompletionContext.Block) -> [String] {
    var words: [String] = []
    for phrase in phrases(in: block) {
      let spelled = phrase.spelling.split(separator: " ").map(String.init)
      if let word = nextWord(of: spelled, after: typed[...]) {
        words.append(word)
      } else if typed.count >= spelled.count && Array(typed.prefix(spelled.count)) == spelled {
        let rest = typed.dropFirst(spelled.count)
        for continuation in phrase.continuations {
          let following = continuation.split(separator: " ").map(String.init)
          if let word = nextWord(of: following, after: rest) { words.append(word) }
        }
      }
    }
    return words
  }

  /// The word of `phrase` after `typed` when `typed` is a proper prefix of it.
  static func nextWord(of phrase: [String], after typed: ArraySlice<String>) -> String? {
    guard typed.count < phrase.count, Array(phrase.prefix(typed.count)) == Array(typed) else {
      return nil
    }
    return phrase[typed.count]
  }
}
