/// A word or phrase the language reserves at one place of the grammar: the enum that
/// lists them is the only place the spelling is written. The parser matches against it,
/// "did you mean" suggests from it, and the REPL's completion and `:help` list it.
public protocol Spelled: CaseIterable, Hashable, Sendable where AllCases == [Self] {
  /// As written: one word, or several separated by spaces (`item size`).
  var spelling: String { get }
  /// Other spellings the parser accepts for the same thing (`estimated size`).
  var aliases: [String] { get }
}

extension Spelled {
  public var aliases: [String] { [] }

  /// The canonical spellings, in declaration order.
  public static var spellings: [String] { allCases.map(\.spelling) }

  /// The case whose phrase (or alias) begins `words`, the longest such.
  public static func leading(_ words: [String]) -> Self? {
    phrases.first { phrase in
      phrase.words.count <= words.count
        && zip(phrase.words, words).allSatisfy { $0.0 == Substring($0.1) }
    }?.value
  }

  /// Every written form with its case, longest first, so `layout margins` is tried before
  /// `layout`.
  static var phrases: [(words: [Substring], value: Self)] {
    allCases.flatMap { value in
      ([value.spelling] + value.aliases).map { (words: $0.split(separator: " "), value: value) }
    }.sorted { $0.words.count > $1.words.count }
  }
}

extension Spelled where Self: RawRepresentable, RawValue == String {
  public var spelling: String { rawValue }
}

/// A keyword that starts a clause: it has a production in grammar.md and a line of help.
public protocol Keyword: Spelled {
  /// The clause as grammar.md writes it (`item size SIZE`).
  var syntax: String { get }
  /// One sentence for `:help` (what it models in UIKit, with its rule id).
  var summary: String { get }
  /// A whole statement that uses it, which the parser accepts (a test runs every one).
  var example: String { get }
  /// Phrases that may follow the keyword (choices, or the next keywords of the clause),
  /// for completion.
  var continuations: [String] { get }
}

extension Keyword {
  public var continuations: [String] { [] }
}

/// The words `on` and `off` of a toggle.
public enum Toggle: String, Spelled {
  case on, off
}
