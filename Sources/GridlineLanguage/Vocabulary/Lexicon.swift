/// Every enum of the vocabulary, listed once, so that what needs the whole language (the
/// vocabulary tests, the editor grammar, the highlighter) reads it from one place instead
/// of keeping lists of its own that drift from the parser's. A new `Spelled` or `Keyword`
/// enum is added here in the same commit.
public enum Lexicon {
  /// The keywords that start a clause: each has a syntax, a summary and an example.
  public static let keywordTypes: [any Keyword.Type] = [
    StatementKeyword.self, LayoutPropertyKeyword.self, SectionPropertyKeyword.self,
    TransformSelectorKeyword.self, TransformOperationKeyword.self, TriggerKeyword.self,
    TriggerActionKeyword.self, FlagHandlerKeyword.self, TextMetricKeyword.self,
    DecorationPropertyKeyword.self, ScrollKeyword.self, ShowKeyword.self, SVGKeyword.self,
    UpdateTargetKeyword.self, MoveTargetKeyword.self, DataEntryKeyword.self,
    SnapshotEntryKeyword.self, HookClauseKeyword.self, CompositionalKeyword.self,
  ]

  /// The other reserved words: choices after a keyword and the words of expressions.
  public static let choiceTypes: [any Spelled.Type] = [
    LayoutKind.self, FlowMetric.self, InsetReference.self, RowAlignment.self,
    ItemAlignment.self, InsetAdjustment.self, ScrollDirectionWord.self, GridShows.self,
    ScrollAlignment.self, ElementWord.self, EditActionWord.self, ItemClause.self, Toggle.self,
    ExpressionKeyword.self, HookName.self, QueryName.self, ElementRuleName.self, ProviderName.self,
    VisibleItemName.self,
    GroupAxisWord.self, DimensionWord.self, SpacingWord.self, EdgeWord.self,
    BoundaryOptionWord.self, ContentInsetsReferenceWord.self, OrthogonalBehaviorWord.self,
    AlignmentWord.self,
  ]

  /// Every spelling and alias of every enum, phrases as written (`item size`).
  public static var phrases: [String] {
    let spelled: [any Spelled.Type] = keywordTypes + choiceTypes
    return spelled.flatMap { $0.writtenForms }
  }

  /// Every single word the language reserves anywhere, sorted: the words of the phrases,
  /// of the keywords' continuations, the lowercase words of their syntax (the literal
  /// words of a clause, such as `over` and `frames`; capitals are placeholders and quoted
  /// text is the user's), and the names expressions read and call.
  public static let words: [String] = {
    var all = Set<String>()
    for phrase in phrases { all.formUnion(phrase.split(separator: " ").map(String.init)) }
    for type in keywordTypes {
      for text in type.continuationForms {
        all.formUnion(text.split(separator: " ").map(String.init))
      }
      for syntax in type.syntaxForms { all.formUnion(literalWords(of: syntax)) }
    }
    all.formUnion(ExpressionVocabulary.names)
    for method in ExpressionMethod.allCases {
      all.formUnion(method.rawValue.split(separator: ".").map(String.init))
    }
    return all.sorted()
  }()

  /// The all-lowercase words of `syntax` outside quotes (`"KIND"`, `"PATH.svg"`).
  static func literalWords(of syntax: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in syntax + " " {
      if character == "\"" { quoted.toggle() }
      if !quoted && (character.isLetter || character.isNumber || character == "_") {
        current.append(character)
        continue
      }
      if !current.isEmpty && current.allSatisfy({ $0.isASCII && $0.isLowercase }) {
        words.append(current)
      }
      current = ""
    }
    return words
  }
}

extension Spelled {
  /// The canonical spellings and the aliases.
  public static var writtenForms: [String] { allCases.flatMap { [$0.spelling] + $0.aliases } }
}

extension Keyword {
  static var continuationForms: [String] { allCases.flatMap(\.continuations) }
  static var syntaxForms: [String] { allCases.map(\.syntax) }
}
