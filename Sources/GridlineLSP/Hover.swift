import GridlineLanguage

extension LanguageServer {
  /// What `:info` and `:help` say of the word under the cursor: a keyword phrase (the
  /// longest the words around it make), a let of the script (its type, its value when
  /// constant), a name of expressions (its type and the UIKit API it models).
  func hover(_ params: PositionParams) throws -> Hover? {
    let document = try document(params.textDocument)
    let offset = document.lines.offset(of: params.position)
    let words = DocumentTokens(document.file)
    guard let index = words.index(at: offset) else { return nil }
    func range(_ from: Int, _ to: Int) -> DocumentRange {
      document.lines.range(
        of: SourceRange(start: words.tokens[from].range.start, end: words.tokens[to].range.end))
    }
    let checker = (document.analysis ?? document.lastAnalysis ?? analysis(document.uri))?.checker
    if let (first, last, text) = ElementHover.describe(
      at: index, in: words, sections: checker?.declaredSections)
    {
      return Hover(contents: MarkupContent(value: text), range: range(first, last))
    }
    guard let word = words.identifier(index) else { return nil }
    // A member after a dot is the value's, not a keyword's.
    guard !words.isSymbol(index - 1, .dot) else { return nil }
    let run = words.wordRun(around: index)
    let runWords = run.map { words.identifier($0) ?? "" }
    let position = index - run.lowerBound
    if let bound = checker?.boundNames.first(where: { $0.name == word }) {
      let value = checker?.constantText(word)
      return Hover(
        contents: MarkupContent(
          value: VocabularyDocs.markdown(letNamed: word, type: bound.type, value: value)),
        range: range(index, index))
    }
    // A phrase of several words is a keyword's; one word is when it begins the statement
    // (`show`) or names nothing expressions read (`offset` is the state, in `print offset`).
    if let (start, length, keyword) = VocabularyDocs.phrase(in: runWords, covering: position),
      length > 1 || ExpressionVocabulary.info(word) == nil
        || (start == 0 && words.startsStatement(run.lowerBound))
    {
      return Hover(
        contents: MarkupContent(value: VocabularyDocs.markdown(keyword)),
        range: range(run.lowerBound + start, run.lowerBound + start + length - 1))
    }
    let infos = ExpressionVocabulary.infos.filter { $0.name == word }
    guard !infos.isEmpty else { return nil }
    return Hover(
      contents: MarkupContent(
        value: infos.map(VocabularyDocs.markdown).joined(separator: "\n\n---\n\n")),
      range: range(index, index))
  }
}

/// Which element a literal index path or item identifier names: `item [0, 2]` is the
/// third item of section 0, and whether the script has it (while its counts are known
/// without running); `item "fig"` is the item of that identifier in its section.
enum ElementHover {
  /// The tokens to mark and the Markdown, when `index` is inside such an element.
  static func describe(at index: Int, in words: DocumentTokens, sections: [SectionSummary]?)
    -> (first: Int, last: Int, text: String)?
  {
    let symbols = SymbolIndex(words)
    if symbols.dataNamespace(index) == .item, let name = symbols.name(index) {
      return identified(name, index, symbols)
    }
    // `[`, a number, `,` or `]` of a literal path right after an element word.
    var open = index
    while open >= 0 && !words.isSymbol(open, .leftBracket) {
      guard
        words.isSymbol(open, .comma) || words.isSymbol(open, .rightBracket)
          || isNumber(words, open)
      else { return nil }
      open -= 1
    }
    guard open > 0, let word = words.identifier(open - 1).flatMap(ElementWord.init(rawValue:))
    else { return nil }
    var numbers: [Int] = []
    var i = open + 1
    while i < words.tokens.count, !words.isSymbol(i, .rightBracket) {
      if case .number(let value) = words.tokens[i].kind, let whole = Int(exactly: value), whole >= 0
      {
        numbers.append(whole)
      } else if !words.isSymbol(i, .comma) {
        return nil
      }
      i += 1
    }
    guard i < words.tokens.count, index <= i, !numbers.isEmpty else { return nil }
    let section = numbers[0]
    let known = sections.flatMap { $0.isEmpty ? nil : $0 }
    var text: String
    switch (word, numbers.count) {
    case (.item, 2):
      let item = numbers[1]
      text =
        "`item [\(section), \(item)]`: item \(item) of section \(section), the \(ordinal(item + 1)) of its items"
      if let known {
        if section >= known.count {
          text +=
            " — but the script declares \(count(known.count, "section")) (0…\(known.count - 1))"
        } else if item >= known[section].items {
          text += " — but section \(section) has \(count(known[section].items, "item"))"
        } else {
          text += " (section \(section) has \(count(known[section].items, "item")))"
        }
      }
    case (.header, 1), (.footer, 1):
      text = "`\(word.spelling) [\(section)]`: the \(word.spelling) of section \(section)"
      if let known, section >= known.count {
        text += " — but the script declares \(count(known.count, "section"))"
      }
    default: return nil
    }
    return (open - 1, i, text + ".")
  }

  static func identified(_ name: String, _ index: Int, _ symbols: SymbolIndex)
    -> (first: Int, last: Int, text: String)?
  {
    guard let declaration = symbols.declaration(at: index), declaration.namespace == .item,
      let list = symbols.listStart(of: declaration.token)
    else {
      return (index, index, "`item \"\(name)\"`: no section declares an item \"\(name)\".")
    }
    let position = (list + 1..<declaration.token).count { symbols.tokens.isString($0) }
    let sections = symbols.declarations.filter { $0.namespace == .section }
    let sectionIndex = sections.lastIndex { $0.token < declaration.token } ?? 0
    let sectionName = sections.indices.contains(sectionIndex) ? sections[sectionIndex].name : "?"
    return (
      index, index,
      "`item \"\(name)\"`: item \(position) of section \(sectionIndex) (\"\(sectionName)\"), "
        + "where the script declares it; a snapshot may move it."
    )
  }

  static func isNumber(_ words: DocumentTokens, _ index: Int) -> Bool {
    guard words.tokens.indices.contains(index), case .number = words.tokens[index].kind else {
      return false
    }
    return true
  }

  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  /// 1st, 2nd, 3rd, 4th, 11th, 21st.
  static func ordinal(_ n: Int) -> String {
    let suffix =
      (11...13).contains(n % 100)
      ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
    return "\(n)\(suffix)"
  }
}
