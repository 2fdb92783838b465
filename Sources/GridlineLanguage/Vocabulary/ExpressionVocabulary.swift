/// The words of expressions: literals and logic, the state a script can read, the
/// built-in functions and the element words. Completion offers these (and the lets).
public enum ExpressionKeyword: String, Spelled {
  case `true`, `false`, not, and, or
  /// The absence of a value: what `hit` finds on empty space, `.after` of a deleted item.
  case nothing
  /// `trace.count("…")`, the one method.
  case trace

  /// The keyword a name is, if any. The parser asks this for every name it reads, and
  /// `init(rawValue:)` walks a table of strings; a switch compares small strings directly
  /// (a test checks the two agree for every case).
  public static func named(_ name: String) -> ExpressionKeyword? {
    switch name {
    case "true": .true
    case "false": .false
    case "not": .not
    case "and": .and
    case "or": .or
    case "nothing": .nothing
    case "trace": .trace
    default: nil
    }
  }
}

public enum ExpressionVocabulary {
  /// Every name an expression may start with, in the order completion lists them.
  public static var names: [String] {
    StateName.allCases.map(\.rawValue) + ElementWord.spellings + Builtin.spellings
      + ExpressionKeyword.spellings
  }
}

extension Builtin: Spelled {}
