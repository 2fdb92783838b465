import LayoutEngine

/// Expressions of layout code as Swift, as `Evaluator` evaluates them: the same operands in
/// the same order and the same operation per node (`Builtins.swift` for calls).
extension SwiftCodeTranslator {
  mutating func value(_ e: Expr) throws(Unsupported) -> SwiftValue {
    switch e.kind {
    case .number(let v):
      let whole = v == v.rounded() && abs(v) < 1e15
      return SwiftValue(
        code: SwiftLiteral.number(v), kind: whole ? .int : .number, literal: true, whole: whole,
        nonNegative: v >= 0)
    case .bool(let b): return SwiftValue(code: b ? "true" : "false", kind: .bool)
    case .string(let text):
      return SwiftValue(code: SwiftLiteral.string(text), kind: .string, literal: true)
    case .name(let n): return try name(n, e.range)
    case .unary(.negate, let x):
      var v = try value(x)
      guard v.kind == .int || v.kind == .number else {
        throw unsupported("'-' of a value", e.range)
      }
      v.code = "-" + v.operand(SwiftPrecedence.prefix)
      (v.precedence, v.nonNegative) = (SwiftPrecedence.prefix, false)
      return v
    case .unary(.not, let x):
      let code = try truthValue(x).operand(SwiftPrecedence.prefix)
      return SwiftValue(code: "!" + code, kind: .bool, precedence: SwiftPrecedence.prefix)
    case .binary(let op, let a, let b): return try binary(op, a, b, e.range)
    case .conditional(let c, let yes, let no): return try conditional(c, yes, no, e.range)
    case .size(let w, let h):
      let (width, height) = (number(try value(w)), number(try value(h)))
      return SwiftValue(code: "CGSize(width: \(width.code), height: \(height.code))", kind: .size)
    case .tuple(let parts) where parts.count == 2:
      let (x, y) = (number(try value(parts[0])), number(try value(parts[1])))
      return SwiftValue(code: "CGPoint(x: \(x.code), y: \(y.code))", kind: .point)
    case .call(let function, let arguments): return try call(function.name, arguments, e.range)
    case .member(let base, let member):
      return try self.member(try value(base), member.name, e.range)
    case .subscript(let base, let index):
      let array = try value(base)
      let position = try integer(value(index))
      switch array.kind {
      case .array: return SwiftValue(code: "\(array.receiver)[\(position)]", kind: .number)
      case .cached: return SwiftValue(code: "\(array.receiver)[\(position)]", kind: .attributes)
      default: throw unsupported("'[ ]' on a value that is not an array", e.range)
      }
    default:
      throw unsupported("this expression", e.range)
    }
  }

  /// A number as `CGFloat`: an `Int` converted (a literal stays as written).
  func number(_ v: SwiftValue) -> SwiftValue {
    guard v.kind == .int else { return v }
    if v.literal {
      // Its precedence stays: `3 - 1` of whole literals is still a difference (`x / (3 - 1)`).
      return SwiftValue(
        code: v.code, kind: .number, precedence: v.precedence, literal: true, whole: true,
        nonNegative: v.nonNegative)
    }
    return SwiftValue(
      code: "CGFloat(\(v.code))", kind: .number, whole: true, nonNegative: v.nonNegative)
  }

  /// A whole number as `Int`: gl requires it whole where it counts (an index, a loop's
  /// bounds, an index path), so `Int(x)` is exact there.
  func integer(_ v: SwiftValue) throws(Unsupported) -> String {
    switch v.kind {
    case .int: return v.code
    case .number: return "Int(\(v.code))"
    default: throw Unsupported(what: "a count that is not a number", line: nil)
    }
  }

  mutating func truth(_ e: Expr) throws(Unsupported) -> String { try truthValue(e).code }

  private mutating func truthValue(_ e: Expr) throws(Unsupported) -> SwiftValue {
    let v = try value(e)
    guard v.kind == .bool else {
      throw unsupported("a condition that is not true or false", e.range)
    }
    return v
  }

  private mutating func name(_ n: String, _ range: SourceRange) throws(Unsupported) -> SwiftValue {
    if let variable = lookup(n) { return variable.value }
    if let v = bound[n] {
      if v.code.hasPrefix("collectionView") { usesCollectionView = true }
      usedBound.insert(n)
      return v
    }
    if let v = lets[n] {
      usedLets.insert(n)
      return v
    }
    // The collection view's own state, as `prepare()` sees it (`CodeScope`), read once at
    // the top of the method.
    let state: SwiftValue.Kind? =
      switch n {
      case "viewport": .size
      case "bounds": .rect
      case "offset": .point
      default: nil
      }
    if let state {
      usesCollectionView = true
      if !usedState.contains(n) { usedState.append(n) }
      return SwiftValue(code: n, kind: state)
    }
    if n == "sections" {
      usesCollectionView = true
      return SwiftValue(
        code: "collectionView.numberOfSections", kind: .int, whole: true, nonNegative: true)
    }
    throw unsupported("the name '\(n)'", range)
  }

  private mutating func member(_ base: SwiftValue, _ name: String, _ range: SourceRange)
    throws(Unsupported) -> SwiftValue
  {
    let r = base.receiver
    func part(_ path: String, _ kind: SwiftValue.Kind = .number) -> SwiftValue {
      SwiftValue(code: "\(r).\(path)", kind: kind)
    }
    switch (base.kind, name) {
    case (.size, "width"), (.size, "height"), (.point, "x"), (.point, "y"): return part(name)
    case (.rect, "x"), (.rect, "y"): return part("origin." + name)
    case (.rect, "width"), (.rect, "height"): return part("size." + name)
    case (.rect, "minX"), (.rect, "minY"), (.rect, "midX"), (.rect, "midY"), (.rect, "maxX"),
      (.rect, "maxY"):
      return part(name)
    case (.rect, "origin"): return part(name, .point)
    case (.rect, "size"): return part(name, .size)
    case (.array, "count"), (.cached, "count"):
      return SwiftValue(code: "\(r).count", kind: .int, whole: true, nonNegative: true)
    case (.attributes, "frame"): return part(name, .rect)
    case (.attributes, "center"): return part(name, .point)
    case (.attributes, "size"): return part(name, .size)
    case (.attributes, "alpha"): return part(name)
    default: throw unsupported("'.\(name)' here", range)
    }
  }

  private mutating func conditional(_ c: Expr, _ yes: Expr, _ no: Expr, _ range: SourceRange)
    throws(Unsupported) -> SwiftValue
  {
    let test = try truthValue(c).operand(SwiftPrecedence.ternary + 1)
    var a = try value(yes)
    var b = try value(no)
    if a.kind != b.kind {
      guard [a.kind, b.kind].allSatisfy({ $0 == .int || $0 == .number }) else {
        throw unsupported("branches of two types", range)
      }
      (a, b) = (number(a), number(b))
    }
    // A nested conditional is parenthesized, as gl's examples write it.
    let code =
      "\(test) ? \(a.operand(SwiftPrecedence.ternary + 1)) : \(b.operand(SwiftPrecedence.ternary + 1))"
    return SwiftValue(
      code: code, kind: a.kind, precedence: SwiftPrecedence.ternary,
      literal: false, whole: a.whole && b.whole, nonNegative: a.nonNegative && b.nonNegative)
  }

  private mutating func binary(
    _ op: BinaryOperator, _ left: Expr, _ right: Expr, _ range: SourceRange
  )
    throws(Unsupported) -> SwiftValue
  {
    switch op {
    case .and, .or:
      let p = op == .and ? SwiftPrecedence.and : SwiftPrecedence.or
      let a = try truthValue(left).operand(p)
      let b = try truthValue(right).operand(p + 1)
      return SwiftValue(code: "\(a) \(op == .and ? "&&" : "||") \(b)", kind: .bool, precedence: p)
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
      return try comparison(op, try value(left), try value(right), range)
    default:
      return try arithmetic(op, try value(left), try value(right), range)
    }
  }

  /// gl's arithmetic on numbers: `Int` while both sides count (and never for `/`), else
  /// `CGFloat`.
  private func arithmetic(
    _ op: BinaryOperator, _ a: SwiftValue, _ b: SwiftValue, _ range: SourceRange
  )
    throws(Unsupported) -> SwiftValue
  {
    guard [a.kind, b.kind].allSatisfy({ $0 == .int || $0 == .number }) else {
      throw unsupported("'\(op.rawValue)' on values that are not numbers", range)
    }
    let p =
      op == .add || op == .subtract ? SwiftPrecedence.additive : SwiftPrecedence.multiplicative
    let literal = a.literal && b.literal
    let whole = a.whole && b.whole && op != .divide
    if a.kind == .int && b.kind == .int && op != .divide {
      return SwiftValue(
        code: "\(a.operand(p)) \(op.rawValue) \(b.operand(p + 1))", kind: .int, precedence: p,
        literal: literal, whole: true,
        nonNegative: a.nonNegative && b.nonNegative && op != .subtract)
    }
    var x = number(a)
    let y = number(b)
    if op == .divide && a.literal && b.literal && a.kind == .int {
      // `2 / 3` of two whole literals would be Int division in Swift.
      x.code =
        a.precedence == SwiftPrecedence.atom && !a.code.contains("-")
        ? a.code + ".0" : "CGFloat(\(a.code))"
    }
    if op == .remainder {
      return SwiftValue(
        code: "\(x.receiver).truncatingRemainder(dividingBy: \(y.code))", kind: .number)
    }
    return SwiftValue(
      code: "\(x.operand(p)) \(op.rawValue) \(y.operand(p + 1))", kind: .number, precedence: p,
      literal: literal, whole: whole,
      nonNegative: a.nonNegative && b.nonNegative && op != .subtract)
  }

  /// `==` and the orderings: plain between counts and booleans, gl's (within
  /// `Tolerance.points`) between numbers, through the file's helpers.
  private mutating func comparison(
    _ op: BinaryOperator, _ a: SwiftValue, _ b: SwiftValue, _ range: SourceRange
  )
    throws(Unsupported) -> SwiftValue
  {
    let p = SwiftPrecedence.comparison
    let exact =
      (a.kind == .int && b.kind == .int)
      || ([a.kind, b.kind].allSatisfy { $0 == .bool } && (op == .equal || op == .notEqual))
      || ([a.kind, b.kind].allSatisfy { $0 == .string } && (op == .equal || op == .notEqual))
    if exact {
      return SwiftValue(
        code: "\(a.operand(p + 1)) \(op.rawValue) \(b.operand(p + 1))", kind: .bool, precedence: p)
    }
    guard [a.kind, b.kind].allSatisfy({ $0 == .int || $0 == .number }) else {
      throw unsupported("'\(op.rawValue)' between values that are not numbers", range)
    }
    let (x, y) = (number(a), number(b))
    let helper: SwiftHelper
    var negated = false
    switch op {
    case .equal: helper = .isClose
    case .notEqual: (helper, negated) = (.isClose, true)
    case .less: helper = .isLess
    case .lessEqual: (helper, negated) = (.isGreater, true)
    case .greater: helper = .isGreater
    default: (helper, negated) = (.isLess, true)
    }
    helpers.insert(helper)
    if helper != .isClose { helpers.insert(.isClose) }
    // A literal receiver would be a Double; the other side's type is the one to use.
    let receiver = x.literal ? "CGFloat(\(x.code))" : x.receiver
    let code = "\(negated ? "!" : "")\(receiver).\(helper.call) \(y.code))"
    return SwiftValue(
      code: code, kind: .bool, precedence: negated ? SwiftPrecedence.prefix : SwiftPrecedence.atom)
  }
}
