/// The bytes of the strings constant folding has made, over a whole check (a REPL
/// session's included): past `budget` a string is no constant — the run makes it, within
/// its limits — so `gl check` never builds what the run would refuse, nor spends
/// their time copying megabytes line after line.
final class FoldedStrings {
  /// The most bytes folding makes: a few strings at the string limit, never more than a
  /// run may make.
  let budget: Int
  private(set) var made = 0

  init(limits: Limits) {
    budget = min(4 * limits.stringLength, limits.stringBytes)
  }

  /// Room for a folded string of `length` bytes; a string past the budget is no constant.
  func count(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    guard made + length <= budget else { throw .error(.expected("a constant"), at: range) }
    made += length
  }
}
