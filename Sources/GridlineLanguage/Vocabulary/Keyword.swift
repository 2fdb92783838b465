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

  /// The case whose phrase (or alias) begins `words`, the longest such. One pass over the
  /// written forms, nothing sorted or kept: completion asks this at every `{` of a
  /// document, and an editor completes on every keystroke.
  public static func leading(_ words: [String]) -> Self? {
    guard let first = words.first?.utf8 else { return nil }
    var best: Self?
    var bestLength = 0
    for value in allCases {
      for form in [value.spelling] + value.aliases {
        // Most forms differ in their first word: told apart by bytes, before any split.
        let bytes = form.utf8
        guard bytes.starts(with: first),
          bytes.count == first.count || bytes.dropFirst(first.count).first == UInt8(ascii: " ")
        else { continue }
        var length = 0
        var matched = true
        for part in form.split(separator: " ") {
          guard length < words.count, words[length] == part else {
            matched = false
            break
          }
          length += 1
        }
        if matched && length > bestLength {
          best = value
          bestLength = length
        }
      }
    }
    return best
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
