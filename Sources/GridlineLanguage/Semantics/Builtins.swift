import LayoutEngine

/// The functions an expression may call, with their arity, for evaluation, checking,
/// completion and help.
enum Builtin: String, CaseIterable, Sendable {
  case min, max, clamp, abs, floor, ceil, round, sqrt, ln, exp, sin, cos, rect, items, inset
  case union, nearest
  case index, repeating, intersects, elements, hit, orthogonalOffset
  /// `exactly(a <= b)`: the comparison without the tolerance every other one has.
  case exactly

  /// Allowed argument counts.
  var arity: ClosedRange<Int> {
    switch self {
    case .min, .max: 1...16
    case .index, .repeating: 2...2
    case .clamp: 3...3
    case .abs, .floor, .ceil, .round, .sqrt, .ln, .exp, .sin, .cos, .items, .nearest, .elements,
      .orthogonalOffset, .exactly:
      1...1
    case .rect: 4...4
    case .inset, .union, .intersects: 2...2
    case .hit: 1...2
    }
  }

  /// Builtins whose arguments are not all numbers.
  var takesGeometry: Bool { self == .inset || self == .union || self == .intersects }

  /// Builtins that take or make arrays (layout code).
  var takesArrays: Bool { self == .index || self == .repeating }

  /// The labels the arguments need, when they need any.
  var labels: [String?]? {
    switch self {
    case .index: ["of", "in"]
    case .repeating: [nil, "count"]
    default: nil
    }
  }

  var signature: String {
    switch self {
    case .min: "min(a, b, …) or min(array)"
    case .max: "max(a, b, …) or max(array)"
    case .clamp: "clamp(value, low, high)"
    case .abs: "abs(n)"
    case .floor: "floor(n)"
    case .ceil: "ceil(n)"
    case .round: "round(n)"
    case .sqrt: "sqrt(n)"
    case .ln: "ln(n)"
    case .exp: "exp(n)"
    case .sin: "sin(degrees)"
    case .cos: "cos(degrees)"
    case .rect: "rect(x, y, width, height)"
    case .items: "items(in: section)"
    case .inset: "inset(rect, amount or insets)"
    case .union: "union(rect, rect)"
    case .nearest: "nearest(x) or nearest((x, y))"
    case .index: "index(of: value, in: array)"
    case .repeating: "repeating(value, count: n)"
    case .intersects: "intersects(rect, rect)"
    case .elements: "elements(in: rect)"
    case .hit: "hit(x, y) or hit((x, y))"
    case .orthogonalOffset: "orthogonalOffset(section)"
    case .exactly: "exactly(a == b), exactly(a <= b), …"
    }
  }

  var resultType: ValueType {
    switch self {
    case .nearest: .attributes
    case .rect, .inset, .union: .rect
    case .intersects, .exactly: .bool
    case .elements: .elements
    case .hit: .indexPath
    case .repeating: .array
    default: .number
    }
  }
}

extension Evaluator {
  func call(_ function: Identifier, _ arguments: [CallArgument], _ range: SourceRange)
    throws(Diagnostic) -> Value
  {
    guard let builtin = Builtin(rawValue: function.name) else {
      throw .error(
        .unknownFunction(function.name), at: function.range,
        help: suggestion(for: function.name, among: Builtin.allCases.map(\.rawValue)))
    }
    guard builtin.arity.contains(arguments.count) else {
      throw .error(
        .arity(builtin.rawValue, describe(builtin.arity), not: arguments.count),
        at: range, help: "use \(builtin.signature)")
    }
    if let labels = builtin.labels {
      return try arrayCall(builtin, arguments, labels, range)
    }
    if builtin == .exactly { return .bool(try exactComparison(arguments[0].value)) }
    if builtin == .min || builtin == .max, arguments.count == 1 {
      let value = try evaluate(arguments[0].value)
      guard case .array(let values) = value, let first = values.first else {
        throw .error(
          .argumentType(
            builtin.rawValue, "takes an array that is not empty, or two numbers or more"),
          at: arguments[0].value.range, help: "use \(builtin.signature)")
      }
      try environment.countScan(values.count, at: range)
      return .number(
        values.dropFirst().reduce(first) { builtin == .min ? Swift.min($0, $1) : Swift.max($0, $1) }
      )
    }
    for argument in arguments where argument.label != nil {
      guard builtin == .items || builtin == .elements, argument.label?.name == "in" else {
        throw .error(
          .unexpectedLabel(argument.label!.name), at: argument.label!.range,
          help: "use \(builtin.signature)")
      }
    }
    if builtin.takesGeometry { return try geometryCall(builtin, arguments, range) }
    if let answer = try collectionViewCall(builtin, arguments, range) { return answer }
    var values: [Double] = []
    for argument in arguments { values.append(try number(argument.value)) }
    switch builtin {
    case .min: return .number(values.min()!)
    case .max: return .number(values.max()!)
    case .clamp:
      guard values[1] <= values[2] else {
        throw .error(
          .clampBounds(values[1], values[2]),
          at: range)
      }
      return .number(Swift.min(Swift.max(values[0], values[1]), values[2]))
    case .abs: return .number(Swift.abs(values[0]))
    case .floor: return .number(values[0].rounded(.down))
    case .ceil: return .number(values[0].rounded(.up))
    case .round: return .number(values[0].rounded(.toNearestOrAwayFromZero))
    case .sqrt:
      guard values[0] >= 0 else {
        throw .error(.negativeSquareRoot(values[0]), at: range)
      }
      return .number(values[0].squareRoot())
    case .ln:
      // The natural logarithm, for the fling's −v0 / ln r (SV-7).
      guard values[0] > 0 else { throw .error(.logarithmDomain(values[0]), at: range) }
      return .number(ScrollPhysics.ln(values[0]))
    case .exp:
      // eⁿ, for the bounce's spring (OPEN-7): e^(−ωt).
      let result = ScrollPhysics.exp(values[0])
      guard result.isFinite else {
        throw .error(.resultNotFinite(divisionByZero: false), at: range)
      }
      return .number(result)
    case .sin: return .number(Self.sine(degrees: values[0]))
    case .cos: return .number(Self.sine(degrees: values[0], quarterTurns: 1))
    case .rect:
      return .rect(Rect(x: values[0], y: values[1], width: values[2], height: values[3]))
    case .items:
      let section = try wholeNumber(values[0], "a section", arguments[0].value.range)
      return .number(Double(try environment.itemCount(inSection: section, at: range)))
    case .inset, .union, .nearest, .index, .repeating, .intersects, .elements, .hit,
      .orthogonalOffset, .exactly:
      return .none  // handled above
    }
  }

  /// `nearest`, `hit` and `elements(in:)`: questions to the collection view (nil for any
  /// other builtin).
  func collectionViewCall(_ builtin: Builtin, _ arguments: [CallArgument], _ range: SourceRange)
    throws(Diagnostic) -> Value?
  {
    switch builtin {
    case .nearest:
      return .attributes(
        try environment.nearestItem(to: try evaluate(arguments[0].value), at: range))
    case .hit:
      let point: Point
      if arguments.count == 2 {
        point = Point(x: try number(arguments[0].value), y: try number(arguments[1].value))
      } else {
        let value = try evaluate(arguments[0].value)
        guard case .point(let p) = value else {
          throw .error(
            .argumentType(builtin.rawValue, "takes a point, not \(value.type.rawValue)"),
            at: arguments[0].value.range, help: "use \(builtin.signature)")
        }
        point = p
      }
      guard let path = try environment.hit(point, at: range) else { return Value.none }
      return .indexPath(section: path.section, item: path.item)
    case .elements:
      let value = try evaluate(arguments[0].value)
      guard case .rect(let r) = value else {
        throw .error(
          .argumentType(builtin.rawValue, "takes a rect, not \(value.type.rawValue)"),
          at: arguments[0].value.range)
      }
      return .elements(try environment.elements(in: r, at: range))
    case .orthogonalOffset:
      let section = try wholeNumber(
        try number(arguments[0].value), "a section", arguments[0].value.range)
      return .number(try environment.orthogonalOffset(ofSection: section, at: range))
    default:
      return nil
    }
  }

  /// `index(of: v, in: a)`: the first position of `v` in `a` (equal within the tolerance),
  /// -1 when it is not there; `repeating(v, count: n)`: n copies of v.
  func arrayCall(
    _ builtin: Builtin, _ arguments: [CallArgument], _ labels: [String?], _ range: SourceRange
  ) throws(Diagnostic) -> Value {
    for (argument, label) in zip(arguments, labels) where argument.label?.name != label {
      throw .error(
        .unexpectedLabel(argument.label?.name ?? "(none)"), at: argument.value.range,
        help: "use \(builtin.signature)")
    }
    if builtin == .repeating {
      let value = try number(arguments[0].value)
      let countRange = arguments[1].value.range
      let n = try Validate.count(
        try number(arguments[1].value), "the count", countRange, max: .max)
      try reserveArray(n, at: countRange)
      return .array(Array(repeating: value, count: n))
    }
    let value = try number(arguments[0].value)
    let array = try evaluate(arguments[1].value)
    guard case .array(let values) = array else {
      throw .error(.notAnArray(array.type.rawValue), at: arguments[1].value.range)
    }
    try environment.countScan(values.count, at: range)
    let i = values.firstIndex { Tolerance.isClose($0, value) }
    return .number(Double(i ?? -1))
  }

  /// `inset(r, d)` (GEO-9's `insetBy`, null when it would turn negative), `inset(r, insets)`
  /// (`UIEdgeInsetsInsetRect`), `union(a, b)` (GEO-7).
  func geometryCall(_ builtin: Builtin, _ arguments: [CallArgument], _ range: SourceRange)
    throws(Diagnostic) -> Value
  {
    let first = try evaluate(arguments[0].value)
    let second = try evaluate(arguments[1].value)
    guard case .rect(let r) = first else {
      throw .error(
        .argumentType(builtin.rawValue, "takes a rect first, not \(first.type.rawValue)"),
        at: arguments[0].value.range)
    }
    switch (builtin, second) {
    case (.inset, .number(let d)):
      let result = r.insetBy(dx: d, dy: d)
      guard !result.isNull else {
        throw .error(.insetLeavesNothing(d, "\(first)"), at: range)
      }
      return .rect(result)
    case (.inset, .insets(let i)): return .rect(r.inset(by: i))
    case (.union, .rect(let other)): return .rect(r.union(other))
    // GEO-5: touching edges count (CGRect.intersects).
    case (.intersects, .rect(let other)): return .bool(r.intersects(other))
    default:
      throw .error(
        .argumentType(builtin.rawValue, "cannot take \(second.type.rawValue) second"),
        at: arguments[1].value.range,
        help: "use \(builtin.signature)")
    }
  }
}

func describe(_ arity: ClosedRange<Int>) -> String {
  if arity.lowerBound == arity.upperBound {
    return "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
  }
  return "\(arity.lowerBound) to \(arity.upperBound) arguments"
}

extension Evaluator {
  /// sin of an angle in degrees, as `rotate` takes them. The angle is reduced to a quadrant
  /// in degrees first — exactly, for whole degrees — so that sin(180) is 0 and cos(90) is
  /// 0, not 10⁻¹⁶: items placed on a circle land on whole points where they should.
  static func sine(degrees: Double, quarterTurns: Int = 0) -> Double {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    if d >= 360 { d = 0 }  // a tiny negative angle rounds to a whole turn
    let turns = (d / 90).rounded(.down)
    let rest = (d - turns * 90) * (Double.pi / 180)
    // cos(d) = sin(d + 90°): a quarter turn more, added after the reduction, exactly.
    switch (Int(turns) + quarterTurns) % 4 {
    case 0: return LayoutEngine.sine(rest)
    case 1: return cosine(rest)
    case 2: return -LayoutEngine.sine(rest)
    default: return -cosine(rest)
    }
  }
}
