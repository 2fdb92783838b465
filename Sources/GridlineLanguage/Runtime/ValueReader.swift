import LayoutEngine

/// Values of the kinds declarations take — insets, spacings, strings — read with one
/// evaluator and validated against the limits, for the interpreter and for code it runs
/// later with names of its own (an adaptive section's `environment`).
struct ValueReader {
  let evaluator: Evaluator
  let limits: Limits

  /// Insets: a labelled list, or one number for all four edges.
  func insets(_ expr: Expr, _ what: String) throws(Diagnostic) -> EdgeInsets {
    let value = try evaluator.evaluate(expr)
    let insets: EdgeInsets
    switch value {
    case .insets(let i): insets = i
    case .number(let n): insets = EdgeInsets(all: n)
    default:
      throw .error(
        .isNot(
          what, "insets, (top: …, left: …, bottom: …, right: …) or one number", value.type.rawValue),
        at: expr.range)
    }
    try Validate.insets(insets, what, expr.range, limits)
    return insets
  }

  func spacing(_ expr: Expr, _ what: String) throws(Diagnostic) -> Double {
    let v = try evaluator.number(expr)
    try Validate.finite(v, what, expr.range, limits)
    return v
  }

  func string(_ expr: Expr, _ what: String) throws(Diagnostic) -> String {
    let value = try evaluator.evaluate(expr)
    guard case .string(let text) = value else {
      throw .error(.expects(what, "a string", not: value.type.rawValue), at: expr.range)
    }
    return text
  }
}
