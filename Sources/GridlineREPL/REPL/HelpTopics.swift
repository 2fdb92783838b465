import GridlineLanguage

/// `:help` topics, generated from the language's vocabulary: one per statement, with the
/// clauses its block or tail takes. Each example is also in grammar.md (a test checks that
/// it appears there verbatim and runs), so the two never disagree.
enum HelpTopics {
  struct Topic {
    let keyword: StatementKeyword
    var name: String { keyword.spelling }
    var syntax: String { keyword.syntax }
    var summary: String { keyword.summary }
    var example: String { keyword.example }

    /// The clauses of the statement: (syntax, summary) of each keyword it takes.
    var clauses: [(String, String)] {
      switch keyword {
      case .layout: Self.lines(LayoutPropertyKeyword.self) + Self.lines(CompositionalKeyword.self)
      case .section: Self.lines(SectionPropertyKeyword.self)
      case .transform:
        Self.lines(TransformSelectorKeyword.self) + Self.lines(TransformOperationKeyword.self)
      case .invalidate: Self.lines(TriggerKeyword.self) + Self.lines(TriggerActionKeyword.self)
      case .onInvalidate: Self.lines(FlagHandlerKeyword.self)
      case .textMetrics: Self.lines(TextMetricKeyword.self)
      case .decoration: Self.lines(DecorationPropertyKeyword.self)
      case .scroll: Self.lines(ScrollKeyword.self)
      case .show: Self.lines(ShowKeyword.self)
      case .svg: Self.lines(SVGKeyword.self)
      case .move: Self.lines(MoveTargetKeyword.self)
      default: []
      }
    }

    static func lines<K: Keyword>(_: K.Type) -> [(String, String)] {
      K.allCases.map { ($0.syntax, $0.summary) }
    }
  }

  static let topics = StatementKeyword.allCases.map(Topic.init)

  /// Every topic `:help` knows: the statements, the parts of expressions, then each
  /// `:` command.
  static var names: [String] {
    topics.map(\.name) + LanguageTopic.allCases.map(\.rawValue)
      + MetaCommand.allCases.map { ":" + $0.rawValue }
  }

  static func topic(_ name: String) -> Topic? {
    topic(exactly: name) ?? topics.first { $0.name.hasPrefix(name) }
  }

  static func topic(exactly name: String) -> Topic? { topics.first { $0.name == name } }

  /// What `:help NAME` prints: a statement, a part of expressions, or a command (`:save`,
  /// or `save` when no statement is named so); a unique prefix of any of them works.
  static func text(for name: String) -> String? {
    if let exact = topic(exactly: name) { return text(of: exact) }
    if let language = LanguageTopic(rawValue: name) { return language.text }
    let commandName = name.hasPrefix(":") ? String(name.dropFirst()) : name
    if let command = MetaCommand(rawValue: commandName) { return command.help }
    if let t = topic(name) { return text(of: t) }
    if let language = LanguageTopic.allCases.first(where: { $0.rawValue.hasPrefix(name) }) {
      return language.text
    }
    if name.hasPrefix(":"), let command = MetaCommand.resolve(commandName) { return command.help }
    return nil
  }

  /// What `:help NAME` prints.
  static func text(of t: Topic) -> String {
    let example = t.example.replacing("\n", with: "\n           ")
    var lines = ["\(t.syntax)", "  \(t.summary)", "  example: \(example)"]
    let clauses = t.clauses
    if !clauses.isEmpty {
      let width = clauses.map(\.0.count).max() ?? 0
      lines.append("  clauses:")
      for (syntax, summary) in clauses {
        lines.append(
          "    " + syntax + String(repeating: " ", count: width - syntax.count + 2) + summary)
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension REPLSession {
  /// The `:help` topics, for tests and completion.
  public static var helpTopicNames: [String] { HelpTopics.topics.map(\.name) }
  /// Every topic: the statements', the expressions' and the commands'.
  public static var allHelpTopicNames: [String] { HelpTopics.names }
  /// The example `:help NAME` shows.
  public static func helpExample(_ name: String) -> String? { HelpTopics.topic(name)?.example }
}
