import GridlineLanguage

/// The vocabulary's own words about itself (`:help` and `:info`), as Markdown for hover
/// and completion documentation.
enum VocabularyDocs {
  /// A keyword's words about itself.
  struct KeywordDoc {
    /// The phrase (or an alias) as words.
    var words: [String]
    var syntax: String
    var summary: String
    var example: String
    /// A statement's (not a clause's of some block).
    var isStatement: Bool

    /// For a statement written `PHRASE [ARGUMENT] { … }`: the phrase, a placeholder for
    /// the argument, the braces around the cursor (LSP snippet syntax). Nil for any other.
    var snippet: String? {
      let phrase = words.joined(separator: " ")
      guard isStatement, syntax.hasPrefix(phrase + " "),
        let brace = syntax.firstIndex(of: "{"), syntax.hasSuffix("}"),
        !syntax.contains(" | ")
      else { return nil }
      let argument = String(syntax[syntax.index(syntax.startIndex, offsetBy: phrase.count)..<brace])
        .trimmingWhitespace()
      guard !argument.contains("[") else { return nil }
      let escaped = argument.replacing("\\", with: "\\\\").replacing("$", with: "\\$")
        .replacing("}", with: "\\}")
      return phrase + (argument.isEmpty ? "" : " ${1:\(escaped)}") + " {\n\t$0\n}"
    }
  }

  /// Every keyword of the language with its phrase's words, longest phrase first (so a
  /// phrase is matched before a word of it), each length in the vocabulary's order.
  static let keywords: [KeywordDoc] = {
    let all = Lexicon.keywordTypes.flatMap { docs($0) }
    return all.enumerated().sorted {
      $0.element.words.count != $1.element.words.count
        ? $0.element.words.count > $1.element.words.count : $0.offset < $1.offset
    }.map(\.element)
  }()

  static func docs<K: Keyword>(_: K.Type) -> [KeywordDoc] {
    K.allCases.flatMap { keyword in
      ([keyword.spelling] + keyword.aliases).map {
        KeywordDoc(
          words: $0.split(separator: " ").map(String.init), syntax: keyword.syntax,
          summary: keyword.summary, example: keyword.example,
          isStatement: K.self == StatementKeyword.self)
      }
    }
  }

  /// A keyword spelled `word`, else one whose phrase starts with it.
  static func keyword(startingWith word: String) -> KeywordDoc? {
    keywords.first { $0.words == [word] } ?? keywords.first { $0.words.first == word }
  }

  /// The longest keyword phrase among `words` that covers the word at `position`: where it
  /// starts in `words`, its length, the keyword.
  static func phrase(in words: [String], covering position: Int)
    -> (start: Int, length: Int, keyword: KeywordDoc)?
  {
    for entry in keywords {
      let n = entry.words.count
      guard n <= words.count else { continue }
      for start in max(0, position - n + 1)...position where start + n <= words.count {
        if Array(words[start..<(start + n)]) == entry.words { return (start, n, entry) }
      }
    }
    return nil
  }

  static func markdown(_ keyword: KeywordDoc) -> String {
    "```gl\n\(keyword.syntax)\n```\n\(keyword.summary)\n\nExample:\n```gl\n\(keyword.example)\n```"
  }

  static func markdown(_ info: NameInfo) -> String {
    var text = "```gl\n\(info.syntax)\(info.type.map { ": " + $0.rawValue } ?? "")\n```\n"
    text += info.summary
    if let uikit = info.uikit { text += "\n\nUIKit: `\(uikit)`" }
    if let type = info.type { text += members(type) }
    return text
  }

  /// A let of the script: its type, its value when the checker knows it, its members.
  static func markdown(letNamed name: String, type: ValueType, value: String?) -> String {
    "```gl\nlet \(name): \(type.rawValue)\(value.map { " = " + $0 } ?? "")\n```"
      + members(type)
  }

  static func members(_ type: ValueType) -> String {
    let members = Checker.members(of: type)
    guard !members.isEmpty else { return "" }
    return "\n\nMembers: "
      + members.map { "`\($0.name)` (\($0.type.rawValue))" }.joined(separator: ", ")
  }
}
