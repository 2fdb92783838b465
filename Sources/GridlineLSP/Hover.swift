import GridlineLanguage

extension LanguageServer {
  /// What `:info` and `:help` say of the word under the cursor: a keyword phrase (the
  /// longest the words around it make), a let of the script (its type, its value when
  /// constant), a name of expressions (its type and the UIKit API it models).
  func hover(_ params: PositionParams) throws -> Hover? {
    let document = try document(params.textDocument)
    let offset = document.lines.offset(of: params.position)
    let words = DocumentTokens(document.text, name: document.name)
    guard let index = words.index(at: offset), let word = words.identifier(index) else {
      return nil
    }
    func range(_ from: Int, _ to: Int) -> DocumentRange {
      document.lines.range(
        of: SourceRange(start: words.tokens[from].range.start, end: words.tokens[to].range.end))
    }
    // A member after a dot is the value's, not a keyword's.
    guard !words.isSymbol(index - 1, .dot) else { return nil }
    let run = words.wordRun(around: index)
    let runWords = run.map { words.identifier($0) ?? "" }
    let position = index - run.lowerBound
    let checker = (document.analysis ?? document.lastAnalysis ?? analysis(document.uri))?.checker
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
