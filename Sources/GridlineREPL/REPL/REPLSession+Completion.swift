import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

extension REPLSession {
  /// Tab at the end of `line` (the text up to the cursor; earlier lines of an unfinished
  /// block are taken into account).
  public func complete(_ line: String) -> Completion {
    if pending.isEmpty, line.hasPrefix(":") { return completeMeta(line) }
    let text = (pending + [line]).joined(separator: "\n")
    let context = CompletionContext(text)
    let beforePartial = text.dropLast(context.partial.count)
    if !context.inString, beforePartial.hasSuffix(".") {
      // `show` takes an element, never a member of one (a member inside its index path is
      // an expression like any other).
      let show = !context.inGroup && StatementKeyword.leading(context.words) == .show
      if show { return Completion() }
      if let members = memberNames(before: beforePartial.dropLast()) {
        return .matching(context.partial, among: members, space: false)
      }
    }
    if let bracket = context.indexPath {
      return completeIndexPath(bracket, partial: context.partial)
    }
    if context.inString {
      // `use "…`: the path so far, completed as `:load` completes one.
      guard context.words == [StatementKeyword.use.spelling],
        let quote = text.lastIndex(of: "\"")
      else { return Completion() }
      return completeFile(String(text[text.index(after: quote)...]))
    }
    if context.words
      == StatementKeyword.switchLayout.spelling.split(separator: " ").map(String.init)
    {
      return .matching(context.partial, among: interpreter.layoutNames)
    }
    let next = Vocabulary.next(after: context.words, in: context.block)
    let code = context.block == .code ? Self.codeNames(text) : []
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
      let path = completeIndexPath(bracket, partial: "")
      return Completion(insert: "[" + path.insert, candidates: path.candidates)
    }
    if context.words.isEmpty && context.block == .other { return Completion() }
    let names = interpreter.boundNames + ExpressionVocabulary.names + code
    return .matching(context.partial, among: Array(Set(names)).sorted(), space: false)
  }

  /// The members of the longest expression that ends where a `.` was typed (`item [0,
  /// 1].fr`, `offset.`), by its type; nil when none ends there.
  func memberNames(before text: Substring) -> [String]? {
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    let boundaries = " ([,=+-*/<>!?:{;"
    var start = line.startIndex
    while start < line.endIndex {
      if start == line.startIndex || boundaries.contains(line[line.index(before: start)]) {
        let candidate = String(line[start...]).trimmingWhitespace()
        if !candidate.isEmpty, let members = checker.members(ofExpression: candidate) {
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
  static func codeNames(_ text: String) -> [String] {
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
  func completeIndexPath(_ bracket: CompletionContext.Bracket, partial: String) -> Completion {
    let sections = interpreter.sectionSummaries
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
    if matches.count > limit { labels.append("… \(matches.count - limit) more") }
    if matches.count == 1 {
      // The last number of the path closes it.
      let last = bracket.components.map { bracket.commas + 1 >= $0 }
      let suffix = last ?? (bracket.commas > 0 || bracket.section != nil) ? "]" : ""
      return Completion(
        insert: String(matches[0].insert.dropFirst(partial.count)) + suffix, candidates: labels)
    }
    // Digits: only an exact, unique prefix completes further; list the rest.
    return Completion(insert: "", candidates: labels)
  }

  func completeMeta(_ line: String) -> Completion {
    let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let command = String(parts[0])
    if parts.count == 1 {
      return .matching(command, among: MetaCommand.allCases.map { ":" + $0.rawValue })
    }
    let argument = String(parts[1])
    switch MetaCommand.resolve(String(command.dropFirst())) {
    case .load?: return completeFile(argument)
    case .help?: return .matching(argument, among: HelpTopics.names)
    case .explain?: return .matching(argument.uppercased(), among: MessageCode.allCases.map(\.id))
    case .trace?, .time?: return .matching(argument, among: ["on", "off"])
    case .save?: return completeFile(argument)
    case .type?:
      // An expression, completed as `print`'s.
      return complete("print " + argument)
    case .info?:
      let names =
        interpreter.boundNames + ExpressionVocabulary.names
        + REPLSession.typeNames.map(\.rawValue)
      return .matching(argument, among: Array(Set(names)).sorted(), space: false)
    case .step?:
      // `:step` takes a scroll statement: complete it as one.
      if "scroll".hasPrefix(argument) { return .matching(argument, among: ["scroll"]) }
      return complete(argument)
    default: return Completion()
    }
  }

  /// Directories (with a slash) and `.gl` files under the partial path's directory.
  func completeFile(_ partial: String) -> Completion {
    let slash = partial.lastIndex(of: "/")
    let directory = slash.map { String(partial[...$0]) } ?? ""
    let base = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
    guard let dir = opendir(directory.isEmpty ? "." : directory) else { return Completion() }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." || (name.hasPrefix(".") && !base.hasPrefix(".")) { continue }
      var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
        var info = stat()
        isDirectory = stat(directory + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      }
      if isDirectory {
        names.append(name + "/")
      } else if name.hasSuffix(".gl") {
        names.append(name)
      }
    }
    names.sort()
    let completion = Completion.matching(base, among: names, space: false)
    return Completion(insert: completion.insert, candidates: completion.candidates)
  }
}

/// Where the cursor is, read from the tokens of the entry so far.
struct CompletionContext {
  enum Block: Equatable {
    case statements, section, transform, trigger, decoration, textMetrics, flagHandler, other
    /// Inside `layout custom NAME { … }`, and inside its `prepare { … }` (layout code).
    case customLayout, code
    case layout(LayoutKind)
    /// Inside `layout compositional { … }` and its sections, groups and items.
    case compositional(CompositionalBlock)
  }
  struct Bracket {
    var commas = 0
    /// The section number, when it is a literal.
    var section: Int?
    /// How many numbers the index path has (2 after `item`, 1 after `header`), when the
    /// bracket follows an element word.
    var components: Int?
  }

  /// The word being typed (letters, digits and `_` just before the cursor).
  var partial = ""
  /// The identifiers of the current statement before the partial word.
  var words: [String] = []
  /// Whether the statement so far is only identifiers (a keyword sequence).
  var wordsOnly = true
  var block = Block.statements
  var indexPath: Bracket?
  var inString = false
  /// Whether the cursor is inside parentheses or brackets.
  var inGroup = false
  /// The element word whose index path must come next: the statement so far ends with
  /// `header` or `item` (or `supplementary "K"`) standing for an element.
  var element: ElementWord?

  init(_ text: String) {
    var chars = Array(text.unicodeScalars)
    while let last = chars.last,
      last.properties.isAlphabetic || ("0"..."9").contains(last) || last == "_"
    {
      partial = String(last) + partial
      chars.removeLast()
    }
    let head = String(String.UnicodeScalarView(chars))
    inString = Self.endsInString(head)
    var blocks: [Block] = []
    var groups: [Bracket?] = []  // `(` is nil, `[` a bracket
    var statement: [Token.Kind] = []  // the tokens since the statement began
    func startStatement() {
      words = []
      wordsOnly = true
      statement = []
    }
    for token in Lexer.tokenize(SourceFile(name: "", text: head)).tokens {
      switch token.kind {
      case .newline where groups.isEmpty: startStatement()
      case .identifier(let name):
        if groups.isEmpty { words.append(name) }
      case .number(let value):
        if var last = groups.last, let bracket = last, bracket.commas == 0 {
          last = Bracket(commas: 0, section: Int(exactly: value), components: bracket.components)
          groups[groups.count - 1] = last
        }
        if groups.isEmpty { wordsOnly = false }
      case .symbol(.leftBrace):
        blocks.append(Self.block(for: words, in: blocks.last ?? .statements))
        startStatement()
      case .symbol(.rightBrace):
        _ = blocks.popLast()
        startStatement()
      case .symbol(.semicolon) where groups.isEmpty: startStatement()
      case .symbol(.leftParen), .symbol(.leftBracket):
        let word = Self.elementAwaitingPath(statement)
        groups.append(
          token.kind == .symbol(.leftParen) ? nil : Bracket(components: word.map(Self.pathLength)))
        wordsOnly = false
      case .symbol(.rightParen), .symbol(.rightBracket): _ = groups.popLast()
      case .symbol(.comma):
        if let last = groups.last, var bracket = last {
          bracket.commas += 1
          groups[groups.count - 1] = bracket
        }
      case .endOfFile, .newline: break
      default:
        if groups.isEmpty { wordsOnly = false }
      }
      if token.kind != .newline && token.kind != .endOfFile { statement.append(token.kind) }
    }
    block = blocks.last ?? .statements
    if let last = groups.last, let bracket = last { indexPath = bracket }
    inGroup = !groups.isEmpty
    element = Self.elementAwaitingPath(statement)
  }

  /// Whether the last line ends inside a string: an odd number of unescaped quotes before
  /// any comment.
  static func endsInString(_ head: String) -> Bool {
    let lastLine = head.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    var quotes = 0
    var escaped = false
    for c in lastLine {
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "\"" {
        quotes += 1
      }
      if c == "#" && quotes % 2 == 0 { break }
    }
    return quotes % 2 == 1
  }

  /// The element word the statement's tokens end with, when an index path must follow it:
  /// `item`, `header` or `footer`, or `supplementary` or `decoration` and their kind. Not
  /// the statement's own first word (`decoration "bg" for each section`), nor a name being
  /// declared (`let item`, `for item in`).
  static func elementAwaitingPath(_ tokens: [Token.Kind]) -> ElementWord? {
    var end = tokens.count
    var kindGiven = false
    if case .string? = tokens.last {
      end -= 1
      kindGiven = true
    }
    guard end >= 2, case .identifier(let name) = tokens[end - 1],
      let word = ElementWord(rawValue: name), word.takesKind == kindGiven
    else { return nil }
    if case .identifier(let before) = tokens[end - 2], ["let", "var", "for"].contains(before) {
      return nil
    }
    return word
  }

  /// How many numbers an element's index path has: a section, and an item for items and
  /// supplementary views.
  static func pathLength(_ word: ElementWord) -> Int {
    word == .item || word == .supplementary ? 2 : 1
  }

  /// The block a `{` opens, by the keyword of the statement before it and the block it
  /// stands in.
  static func block(for words: [String], in outer: Block) -> Block {
    if case .compositional = outer {
      // A section, group or item opens its own block; `section` here is the layout's
      // section descriptor, not the statement.
      return words.first.flatMap(CompositionalBlock.init).map { .compositional($0) } ?? .other
    }
    let keyword = StatementKeyword.leading(words)
    if outer == .customLayout && (keyword == .prepare || keyword == .elementsInRect) {
      return .code
    }
    if outer == .code {
      if keyword == .if || keyword == .for || keyword == .while || words.first == "else" {
        return .code
      }
      if keyword == .place { return .transform }
    }
    switch keyword {
    case .layout?:
      let kind = words.dropFirst().first.flatMap(LayoutKind.init) ?? .flow
      switch kind {
      case .custom: return .customLayout
      case .compositional: return .compositional(.layout)
      default: return .layout(kind)
      }
    case .section?: return .section
    case .transform?: return .transform
    case .invalidate?: return .trigger
    case .decoration?: return .decoration
    case .textMetrics?: return .textMetrics
    case .onInvalidate?: return .flagHandler
    case .layer?, .repeat?, .svg?: return .statements
    default: return .other
    }
  }
}
