/// Matching the vocabulary's phrases: the parser never spells a keyword itself.
extension Parser {
  /// The longest of `phrases` that starts at the current token, consumed; its index. Nil,
  /// with nothing consumed, when the current word starts none of them. When the first
  /// words match but the phrase breaks off, fails: "expected 'inset' after 'content'".
  mutating func phrase(_ phrases: [[Substring]]) throws(Failure) -> Int? {
    guard let first = current.identifier else { return nil }
    let candidates = phrases.indices.filter { phrases[$0].first == Substring(first) }
      .sorted { phrases[$0].count > phrases[$1].count }
    if candidates.isEmpty { return nil }
    var longest = 0
    for c in candidates {
      let words = phrases[c]
      var n = 0
      while n < words.count, peek(n).identifier.map({ Substring($0) == words[n] }) == true {
        n += 1
      }
      if n == words.count {
        for _ in 0..<n { advance() }
        return c
      }
      longest = max(longest, n)
    }
    let typed = (0..<longest).map { peek($0).identifier ?? "" }
    var next: [String] = []
    for c in candidates where phrases[c].count > longest {
      let word = String(phrases[c][longest])
      if phrases[c].prefix(longest).map(String.init) == typed && !next.contains(word) {
        next.append(word)
      }
    }
    for _ in 0..<longest { advance() }
    throw fail(.expectedOneOf(next.map { "'\($0)'" }, "after '\(typed.joined(separator: " "))'"))
  }

  /// The keyword of `K` at the current token, consumed; nil when none starts here.
  mutating func keyword<K: Spelled>(_: K.Type) throws(Failure) -> K? {
    let phrases = K.phrases
    return try phrase(phrases.map(\.words)).map { phrases[$0].value }
  }

  /// A keyword of `K` that must come here: otherwise "expected 'a', 'b' or 'c' CONTEXT",
  /// with a "did you mean" for a misspelt word.
  mutating func require<K: Spelled>(_: K.Type, _ context: String) throws(Failure) -> K {
    if let value = try keyword(K.self) { return value }
    throw fail(
      .expectedOneOf(K.firstWords.map { "'\($0)'" }, context),
      help: current.identifier.flatMap { suggestion(for: $0, among: K.firstWords) })
  }

  /// A keyword of `K` starting a clause, or "unknown WHAT 'word'" with a suggestion.
  mutating func clause<K: Spelled>(_: K.Type, _ what: String) throws(Failure) -> K {
    guard let word = current.identifier else { throw fail(.expected("a \(what)")) }
    let range = current.range
    if let value = try keyword(K.self) { return value }
    throw fail(
      .unknown(what, word), help: suggestion(for: word, among: K.spellings), at: range)
  }

  /// One phrase of a choice (`content inset`, `vertical`): its spelling.
  mutating func choice(_ words: [String], after spelling: String) throws(Failure) -> String {
    let phrases = words.map { $0.split(separator: " ") }
    if let i = try phrase(phrases) { return words[i] }
    var firsts: [String] = []
    for p in phrases where !firsts.contains(String(p[0])) { firsts.append(String(p[0])) }
    throw fail(
      .expectedOneOf(firsts.map { "'\($0)'" }, "after '\(spelling)'"),
      help: current.identifier.flatMap { suggestion(for: $0, among: words) })
  }

  /// `on`, `off`, or nothing (on).
  mutating func toggle() throws(Failure) -> Bool {
    try keyword(Toggle.self) != .off
  }
}

extension Spelled {
  /// The first word of each phrase, each once.
  static var firstWords: [String] {
    var words: [String] = []
    for s in spellings {
      let first = String(s.split(separator: " ")[0])
      if !words.contains(first) { words.append(first) }
    }
    return words
  }
}
