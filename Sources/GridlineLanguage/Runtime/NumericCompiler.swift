import LayoutEngine

/// A number computed from an item's index and its section's.
typealias NumericFunction = (_ item: Double, _ section: Double) -> Double

/// Compiles a per-item size expression to closures when it needs only numbers: literals,
/// `item`, `section`, constant `let` values, arithmetic, `?:` over comparisons, and the
/// numeric builtins. A million-item section then costs a few closure calls per item
/// instead of a tree walk; anything else (or a non-finite result) falls back to the
/// general evaluator, which also produces the diagnostic.
enum NumericCompiler {
  static func compile(_ expr: Expr, constant: (String) -> Double?) -> NumericFunction? {
    switch expr.kind {
    case .number(let v):
      return { _, _ in v }
    case .name("item"):
      return { item, _ in item }
    case .name("section"):
      return { _, section in section }
    case .name(let name):
      guard let v = constant(name) else { return nil }
      return { _, _ in v }
    case .unary(.negate, let operand):
      guard let f = compile(operand, constant: constant) else { return nil }
      return { -f($0, $1) }
    case .binary(let op, let left, let right):
      guard let a = compile(left, constant: constant), let b = compile(right, constant: constant)
      else { return nil }
      switch op {
      case .add: return { a($0, $1) + b($0, $1) }
      case .subtract: return { a($0, $1) - b($0, $1) }
      case .multiply: return { a($0, $1) * b($0, $1) }
      case .divide: return { a($0, $1) / b($0, $1) }
      case .remainder: return { a($0, $1).truncatingRemainder(dividingBy: b($0, $1)) }
      default: return nil
      }
    case .conditional(let condition, let yes, let no):
      guard let c = compileCondition(condition, constant: constant),
        let y = compile(yes, constant: constant), let n = compile(no, constant: constant)
      else { return nil }
      return { c($0, $1) ? y($0, $1) : n($0, $1) }
    case .call(let function, let arguments):
      guard arguments.allSatisfy({ $0.label == nil }) else { return nil }
      var compiled: [NumericFunction] = []
      for argument in arguments {
        guard let f = compile(argument.value, constant: constant) else { return nil }
        compiled.append(f)
      }
      return call(function.name, compiled)
    default:
      return nil
    }
  }

  private static func call(_ name: String, _ f: [NumericFunction]) -> NumericFunction? {
    switch (name, f.count) {
    case ("min", 2): return { min(f[0]($0, $1), f[1]($0, $1)) }
    case ("max", 2): return { max(f[0]($0, $1), f[1]($0, $1)) }
    case ("abs", 1): return { abs(f[0]($0, $1)) }
    case ("floor", 1): return { f[0]($0, $1).rounded(.down) }
    case ("ceil", 1): return { f[0]($0, $1).rounded(.up) }
    case ("round", 1): return { f[0]($0, $1).rounded(.toNearestOrAwayFromZero) }
    default: return nil
    }
  }

  private static func compileCondition(_ expr: Expr, constant: (String) -> Double?)
    -> ((Double, Double) -> Bool)?
  {
    guard case .binary(let op, let left, let right) = expr.kind else { return nil }
    switch op {
    case .and, .or:
      guard let a = compileCondition(left, constant: constant),
        let b = compileCondition(right, constant: constant)
      else { return nil }
      return op == .and ? { a($0, $1) && b($0, $1) } : { a($0, $1) || b($0, $1) }
    default:
      guard let a = compile(left, constant: constant), let b = compile(right, constant: constant)
      else { return nil }
      // The same tolerance as the evaluator's comparisons.
      switch op {
      case .equal: return { Tolerance.isClose(a($0, $1), b($0, $1)) }
      case .notEqual: return { !Tolerance.isClose(a($0, $1), b($0, $1)) }
      case .less: return { a($0, $1) < b($0, $1) && !Tolerance.isClose(a($0, $1), b($0, $1)) }
      case .lessEqual: return { a($0, $1) <= b($0, $1) || Tolerance.isClose(a($0, $1), b($0, $1)) }
      case .greater: return { a($0, $1) > b($0, $1) && !Tolerance.isClose(a($0, $1), b($0, $1)) }
      case .greaterEqual:
        return { a($0, $1) >= b($0, $1) || Tolerance.isClose(a($0, $1), b($0, $1)) }
      default: return nil
      }
    }
  }
}
