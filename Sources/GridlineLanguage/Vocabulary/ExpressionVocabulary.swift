/// The words of expressions: literals and logic, the state a script can read, the
/// built-in functions and the element words. Completion offers these (and the lets).
public enum ExpressionKeyword: String, Spelled {
  case `true`, `false`, not, and, or
  /// `trace.count("…")`, the one method.
  case trace
}

public enum ExpressionVocabulary {
  /// Every name an expression may start with, in the order completion lists them.
  public static var names: [String] {
    StateName.allCases.map(\.rawValue) + ElementWord.spellings + Builtin.spellings
      + ExpressionKeyword.spellings
  }
}

extension Builtin: Spelled {}
