import GridlineCLI
import GridlineLanguage

extension LanguageServer {
  func completion(_ params: PositionParams) throws -> CompletionList {
    let document = try document(params.textDocument)
    let offset = document.lines.offset(of: params.position)
    let known = document.analysis ?? document.lastAnalysis ?? analysis(document.uri)
    let checker = known?.checker ?? Checker(limits: options.limits)
    let scope = CheckerScope(
      checker: checker, directory: document.path.map(Includes.directory(of:)) ?? "")
    let prefix = String(decoding: document.lines.bytes[..<offset], as: UTF8.self)
    let completion = Completer.complete(prefix, in: scope)
    let typedStart = offset - completion.typed.utf8.count
    let range = DocumentRange(
      start: document.lines.position(of: typedStart), end: document.lines.position(of: offset))
    let afterDot = typedStart > 0 && document.lines.bytes[typedStart - 1] == UInt8(ascii: ".")
    let bound = Set(scope.boundNames)
    var items: [CompletionItem] = []
    for (index, (label, text)) in zip(completion.candidates, completion.texts).enumerated()
    where !text.isEmpty {
      var item = CompletionItem(
        label: label, textEdit: TextEdit(range: range, newText: text),
        sortText: String(index + 100_000))
      if afterDot {
        item.kind = 5
      } else if (label != text && text.first?.isNumber == true) || text.hasPrefix("[") {
        item.kind = 12
        item.detail = "index path"
      } else if text.hasSuffix(".gl") || text.hasSuffix("/") {
        item.kind = 17
      } else if bound.contains(text) {
        item.kind = 6
        if let type = checker.boundNames.first(where: { $0.name == text })?.type {
          item.detail = "let " + text + ": " + type.rawValue
        }
      } else if let info = ExpressionVocabulary.info(text) {
        item.kind = info.kind == .function ? 3 : 6
        item.detail = info.syntax
        item.documentation = MarkupContent(value: VocabularyDocs.markdown(info))
      } else if let keyword = VocabularyDocs.keyword(startingWith: text) {
        item.kind = 14
        item.detail = keyword.syntax
        item.documentation = MarkupContent(value: VocabularyDocs.markdown(keyword))
      } else {
        item.kind = 14
      }
      items.append(item)
    }
    items += snippets(completion, prefix: prefix, range: range)
    return CompletionList(isIncomplete: false, items: items)
  }

  /// At the start of a line where statements go, a block statement also comes whole: its
  /// phrase, a placeholder for its argument, the braces around the cursor.
  func snippets(_ completion: Completion, prefix: String, range: DocumentRange)
    -> [CompletionItem]
  {
    let line = prefix.utf8.lastIndex(of: UInt8(ascii: "\n")).map { prefix.utf8.index(after: $0) }
    let before = prefix.utf8[(line ?? prefix.utf8.startIndex)...].dropLast(
      completion.typed.utf8.count)
    guard before.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
      [.statements, .code, .customLayout].contains(CompletionContext(prefix).block)
    else { return [] }
    return completion.candidates.flatMap { word in
      VocabularyDocs.keywords.filter { $0.words.first == word }.compactMap { keyword in
        keyword.snippet.map { snippet in
          CompletionItem(
            label: keyword.words.joined(separator: " ") + " { … }", kind: 15,
            detail: keyword.syntax,
            documentation: MarkupContent(value: VocabularyDocs.markdown(keyword)),
            textEdit: TextEdit(range: range, newText: snippet), sortText: "200000",
            insertTextFormat: 2)
        }
      }
    }
  }
}
