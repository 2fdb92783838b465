/// What completion needs to know besides the text: the names and data of the script as far
/// as its owner knows them. The REPL answers from its live session; an editor from the
/// document's checker.
public protocol CompletionScope {
  /// The names `let` has bound.
  var boundNames: [String] { get }
  /// The named layouts `switch layout to` may name.
  var layoutNames: [String] { get }
  /// The sections an index path may name (empty when the data is not known).
  var sectionSummaries: [SectionSummary] { get }
  /// The members of the value `text` (an expression) stands for, by its type; nil when it
  /// is not an expression of a type with members.
  func members(ofExpression text: String) -> [String]?
  /// The paths that complete `partial` inside `use "…`.
  func completeFile(_ partial: String) -> Completion
}

/// Completion of a script's statements, clauses, names, members and index paths at the end
/// of `text` (everything before the cursor, earlier lines of unfinished blocks included),
/// read from the vocabulary: the REPL's Tab and an editor's completion give the same words.
public enum Completer {
  public static func complete(_ text: String, in scope: some CompletionScope) -> Completion {
    let context = CompletionContext(text)
    let beforePartial = text.dropLast(context.partial.count)
    if !context.inString, beforePartial.hasSuffix(".") {
      // `show` takes an element, never a member of one (a member inside its index path is
      // an expression like any other).
      let show = !context.inGroup && StatementKeyword.leading(context.words) == .show
      if show { return Completion() }
      if let members = memberNames(before: beforePartial.dropLast(), in: scope) {
        return .matching(context.partial, among: members, space: false)
      }
    }
    if let bracket = context.indexPath {
      return completeIndexPath(bracket, partial: context.partial, sections: scope.sectionSummaries)
    }
    if context.inString {
      // `use "…`: the path so far, completed as `:load` completes one.
      guard context.words == [StatementKeyword.use.spelling],
        let quote = text.lastIndex(of: "\"")
      else { return Completion() }
      return scope.completeFile(String(text[text.index(after: quote)...]))
    }
    if context.words
      == StatementKeyword.switchLayout.spelling.split(separator: " ").map(String.init)
    {
      return .matching(context.partial, among: scope.layoutNames)
    }
    let next = CompletionVocabulary.next(after: context.words, in: context.block)
    let code = context.block == .code ? codeNames(text) : []
    if context.wordsOnly, !next.isEmpty {
      // At the start of a line of layout code a variable may be assigned to.
      let assignable = context.words.isEmpty ? code : []
      let statements = Completion.matching(context.partial, among: next + assignable)
      // A word no statement begins may begin a bare expression (`offs` → `offset`).
      let bare = context.words.isEmpty && context.block == .statements && !context.partial.isEmpty
      if !(bare && statements.candidates.isEmpty) { return statements }
    }
    if let element = context.element {
      // Only an index path may follow: its `[`, and the sections to choose from.
      guard context.partial.isEmpty else { return Completion() }
      let bracket = CompletionContext.Bracket(components: CompletionContext.pathLength(element))
      let path = completeIndexPath(bracket, partial: "", sections: scope.sectionSummaries)
      return Completion(
        insert: "[" + path.insert, candidates: path.candidates, texts: path.texts.map { "[" + $0 })
    }
    if context.words.isEmpty && context.block == .other { return Completion() }
    let names = scope.boundNames + ExpressionVocabulary.names + code
    return .matching(context.partial, among: Array(Set(names)).sorted(), space: false)
  }

  /// The members of the longest expression that ends where a `.` was typed (`item [0,
  /// 1].fr`, `offset.`), by its type; nil when none ends there.
  static func memberNames(before text: Substring, in scope: some CompletionScope) -> [String]? {
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    let boundaries = " ([,=+-*/<>!?:{;"
    var start = line.startIndex
    while start < line.endIndex {
      if start == line.startIndex || boundaries.contains(line[line.index(before: start)]) {
        let candidate = String(line[start...]).trimmingWhitespace()
        if !candidate.isEmpty, let members = scope.members(ofExpression: candidate) {
          return members
        }
      }
      start = line.index(after: start)
    }
    return nil
  }

  /// The names layout code has declared so far in the unfinished block (`var`, `let`, a
  /// loop's name) and, in `elements in rect`, `rect` and `cached`; blocks are not told
  /// apart — completion offers a superset, the checker says which are in scope.
  public static func codeNames(_ text: String) -> [String] {
    let tokens = Lexer.tokenize(SourceFile(name: "", text: text)).tokens
    var names: Set<String> = []
    for (i, token) in tokens.enumerated().dropLast() {
      guard case .identifier(let word) = token.kind,
        word == "var" || word == "let" || word == "for",
        case .identifier(let name) = tokens[i + 1].kind
      else { continue }
      names.insert(name)
    }
    if text.contains(StatementKeyword.elementsInRect.spelling) {
      names.formUnion(QueryName.spellings)
    }
    return names.sorted()
  }

  /// Section indices (labelled with their names), then the items of the section.
  static func completeIndexPath(
    _ bracket: CompletionContext.Bracket, partial: String, sections: [SectionSummary]
  ) -> Completion {
    var choices: [(insert: String, label: String)] = []
    if bracket.commas == 0 {
      for (i, s) in sections.enumerated() {
        let label = s.name.map { "\(i) \"\($0)\"" } ?? "\(i)"
        choices.append(("\(i)", label + " (\(s.items) item\(s.items == 1 ? "" : "s"))"))
      }
    } else if bracket.commas == 1, let section = bracket.section, sections.indices.contains(section)
    {
      for i in 0..<sections[section].items { choices.append(("\(i)", "\(i)")) }
    }
    let matches = choices.filter { $0.insert.hasPrefix(partial) }
    guard !matches.isEmpty else { return Completion() }
    let limit = 40
    var labels = matches.prefix(limit).map(\.label)
    var texts = matches.prefix(limit).map(\.insert)
    if matches.count > limit {
      labels.append("… \(matches.count - limit) more")
      texts.append("")
    }
    if matches.count == 1 {
      // The last number of the path closes it.
      let last = bracket.components.map { bracket.commas + 1 >= $0 }
      let suffix = last ?? (bracket.commas > 0 || bracket.section != nil) ? "]" : ""
      return Completion(
        insert: String(matches[0].insert.dropFirst(partial.count)) + suffix, candidates: labels,
        texts: texts.map { $0 + suffix }, typed: partial)
    }
    // Digits: only an exact, unique prefix completes further; list the rest.
    return Completion(insert: "", candidates: labels, texts: texts, typed: partial)
  }
}

extension String {
  /// Without the white space at either end.
  public func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s.removeFirst() }
    while let l = s.last, l.isWhitespace { s.removeLast() }
    return String(s)
  }
}
