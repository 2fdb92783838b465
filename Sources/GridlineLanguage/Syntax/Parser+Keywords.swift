/// Matching the vocabulary's phrases: the parser never spells a keyword itself.
extension Parser {
  /// The longest of `phrases` (all starting with the current word, longest first) that
  /// the tokens spell, consumed; its index. When the first words match but the phrase
  /// breaks off, fails: "expected 'inset' after 'content'".
  mutating func phrase(_ phrases: [[String]]) throws(Failure) -> Int? {
    if phrases.isEmpty { return nil }
    var longest = 0
    for (c, words) in phrases.enumerated() {
      var n = 1
      while n < words.count, peek(n).identifier == words[n] {
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
    for words in phrases where words.count > longest {
      let word = words[longest]
      if Array(words.prefix(longest)) == typed && !next.contains(word) {
        next.append(word)
      }
    }
    for _ in 0..<longest { advance() }
    throw fail(.expectedOneOf(next.map { "'\($0)'" }, "after '\(typed.joined(separator: " "))'"))
  }

  /// The keyword of `K` at the current token, consumed; nil when none starts here.
  mutating func keyword<K: Spelled>(_: K.Type) throws(Failure) -> K? {
    guard let first = current.identifier, let forms = phraseIndex(K.self).forms[first] else {
      return nil
    }
    return try phrase(forms.words).map { forms.values[$0] }
  }

  /// `K`'s phrases by first word. Keywords are looked up at every statement and property,
  /// and the REPL parses every entry anew: the tables are made once per process, and each
  /// parser keeps the ones it used, so a lookup costs one hash, not a walk of the cases.
  mutating func phraseIndex<K: Spelled>(_: K.Type) -> PhraseIndex<K> {
    let key = ObjectIdentifier(K.self)
    // The table under K's identifier is always a PhraseIndex<K>: no dynamic cast needed.
    for (type, made) in phraseIndexes where type == key {
      return unsafeDowncast(made, to: PhraseIndex<K>.self)
    }
    let made = PhraseIndex<K>.shared
    phraseIndexes.append((key, made))
    return made
  }

  /// A keyword of `K` that must come here: otherwise "expected 'a', 'b' or 'c' CONTEXT",
  /// with a "did you mean" for a misspelt word.
  mutating func require<K: Spelled>(_: K.Type, _ context: String) throws(Failure) -> K {
    if let value = try keyword(K.self) { return value }
    throw fail(
      .expectedOneOf(K.firstWords.map { "'\($0)'" }, context),
      help: current.identifier.flatMap { suggestion(for: $0, among: K.firstWords) })
  }

  /// A keyword of `K` starting a clause, or "unknown WHAT 'word'" with a suggestion among
  /// `candidates` (the words that may stand here).
  mutating func clause<K: Spelled>(
    _: K.Type, _ what: String, suggesting candidates: @autoclosure () -> [String] = K.spellings
  ) throws(Failure) -> K {
    guard let word = current.identifier else { throw fail(.expected("a \(what)")) }
    let range = current.range
    if let value = try keyword(K.self) { return value }
    throw fail(.unknown(what, word), help: suggestion(for: word, among: candidates()), at: range)
  }

  /// One phrase of a choice (`content inset`, `vertical`): its spelling.
  mutating func choice(_ words: [String], after spelling: String) throws(Failure) -> String {
    let phrases = words.map { $0.split(separator: " ").map(String.init) }
    if let first = current.identifier {
      let starting = phrases.indices.filter { phrases[$0][0] == first }
        .sorted { phrases[$0].count > phrases[$1].count }
      if let i = try phrase(starting.map { phrases[$0] }) { return words[starting[i]] }
    }
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

/// Every keyword type's `PhraseIndex`, by the type.
private let phraseTables = VisibleLock<[ObjectIdentifier: any AnyObject & Sendable]>([:])

/// A keyword type's written forms (spellings and aliases) by their first word, each list
/// longest first, so `layout margins` is tried before `layout`.
final class PhraseIndex<K: Spelled>: Sendable {
  struct Forms: Sendable {
    var words: [[String]] = []
    var values: [K] = []
  }

  let forms: [String: Forms]

  /// The process's table for `K`, made on first use.
  static var shared: PhraseIndex<K> {
    let key = ObjectIdentifier(K.self)
    return phraseTables.withLock { tables in
      if let made = tables[key] { return unsafeDowncast(made, to: PhraseIndex<K>.self) }
      let made = PhraseIndex<K>()
      tables[key] = made
      return made
    }
  }

  private init() {
    var forms: [String: Forms] = [:]
    var found: [(words: [String], value: K)] = []
    for value in K.allCases {
      for form in [value.spelling] + value.aliases {
        found.append((form.split(separator: " ").map(String.init), value))
      }
    }
    for (words, value) in found.sorted(by: { $0.words.count > $1.words.count }) {
      forms[words[0], default: Forms()].words.append(words)
      forms[words[0], default: Forms()].values.append(value)
    }
    self.forms = forms
  }
}
