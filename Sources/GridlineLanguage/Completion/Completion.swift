/// What completing at the cursor gives: text to insert there and the candidates to list
/// when there are several (the REPL's Tab), and what each candidate writes in place of the
/// word being typed (an editor's completion list).
public struct Completion: Hashable, Sendable {
  public var insert: String
  public var candidates: [String]
  /// What each candidate writes in place of `typed`, parallel to `candidates`: the
  /// candidate itself, but `0` for a label such as `0 "hero" (3 items)`, and nothing for a
  /// line that is no choice (`… 9 more`).
  public var texts: [String]
  /// The word before the cursor that the candidates complete.
  public var typed: String

  public init(
    insert: String = "", candidates: [String] = [], texts: [String]? = nil, typed: String = ""
  ) {
    self.insert = insert
    self.candidates = candidates
    self.texts = texts ?? candidates
    self.typed = typed
  }

  /// What Tab shows: the insertion and the list, without what an editor needs.
  public var shown: Completion { Completion(insert: insert, candidates: candidates) }

  /// Completes `partial` against `words`: the longest common continuation, and a space
  /// after a word that is complete and unique.
  public static func matching(_ partial: String, among words: [String], space: Bool = true)
    -> Completion
  {
    var seen = Set<String>()
    let matches = words.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    guard let first = matches.first else { return Completion() }
    if matches.count == 1 {
      return Completion(
        insert: String(first.dropFirst(partial.count)) + (space ? " " : ""), candidates: matches,
        typed: partial)
    }
    var common = first
    for word in matches.dropFirst() {
      while !word.hasPrefix(common) { common.removeLast() }
    }
    return Completion(
      insert: String(common.dropFirst(partial.count)), candidates: matches, typed: partial)
  }
}
