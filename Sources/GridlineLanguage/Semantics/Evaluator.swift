import LayoutEngine

/// What expressions can read besides literals: `let` values, the collection view's state,
/// and the attributes of elements.
protocol Environment {
  /// A `let` value or a state name (`viewport`, `bounds`, …); nil when unknown.
  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value?
  /// `item [s, i]`, `header [s]`, …: the element's current attributes.
  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  /// `items(in: s)`.
  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int
  /// `trace.count("call()")`: how many calls of that name the previous step made.
  func traceCount(_ call: String, at range: SourceRange) throws(Diagnostic) -> Int
  /// `reuse.pool("ID")`: how many cells wait in that reuse pool (DISP-3).
  func reusePool(_ identifier: String, at range: SourceRange) throws(Diagnostic) -> Int
  /// `item "apple"`: where a diffable data source's item is.
  func indexPath(ofItem identifier: String, at range: SourceRange) throws(Diagnostic) -> IndexPath
  /// `P.before` / `P.after`: where the last batch took the item at P (`after`), or where the
  /// item now at P was before it; nothing when there is no such item or no batch yet.
  func acrossLastUpdate(section: Int, item: Int?, after: Bool) -> Value
  /// `nearest(x)` / `nearest((x, y))`: the cell whose centre is nearest to a coordinate on
  /// the scroll axis, or to a point.
  func nearestItem(to target: Value, at range: SourceRange) throws(Diagnostic) -> LayoutAttributes
  /// `elements(in: r)`: the layout's answer to `layoutAttributesForElements(in:)`, in its
  /// order.
  func elements(in rect: Rect, at range: SourceRange) throws(Diagnostic) -> [LayoutAttributes]
  /// `hit(x, y)`: `indexPathForItem(at:)` over the layers, front first (DISP-6).
  func hit(_ point: Point, at range: SourceRange) throws(Diagnostic) -> IndexPath?
  /// `orthogonalOffset(s)`: how far section s's own scroller has scrolled (COMP-9).
  func orthogonalOffset(ofSection section: Int, at range: SourceRange) throws(Diagnostic)
    -> Double
  /// `.selected` / `.highlighted` of an item: its state in any layer.
  func isItem(_ path: IndexPath, selected: Bool) -> Bool
  /// The longest string a value may be (`Limits.stringLength`).
  var stringLength: Int { get }
  /// The most numbers one array may hold (`Limits.arrayLength`).
  var arrayLength: Int { get }
  /// An array of `count` numbers is being made: it counts against what the run may make
  /// (`Limits.arrayElements`); constant folding makes only small ones.
  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic)
  /// A string of `length` bytes is being made: it counts against what the run may make
  /// (`Limits.stringBytes`); constant folding makes only a little.
  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic)
  /// An array of `elements` numbers is being read whole (`min(a)`, `index(of:in:)`): it
  /// costs by its length (`Limits.scanSteps`). Constant folding scans only small ones.
  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic)
}

extension Environment {
  func isItem(_ path: IndexPath, selected: Bool) -> Bool { false }

  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic) {}

  func traceCount(_ call: String, at range: SourceRange) throws(Diagnostic) -> Int {
    throw .error(.unavailable(.traceCount), at: range)
  }

  func reusePool(_ identifier: String, at range: SourceRange) throws(Diagnostic) -> Int {
    throw .error(.unavailable(.reusePool), at: range)
  }

  func indexPath(ofItem identifier: String, at range: SourceRange) throws(Diagnostic) -> IndexPath {
    throw .error(.noItemIdentifier(identifier), at: range)
  }

  func acrossLastUpdate(section: Int, item: Int?, after: Bool) -> Value { .none }

  func nearestItem(to target: Value, at range: SourceRange) throws(Diagnostic) -> LayoutAttributes {
    throw .error(.elementsUnavailable(inside: "this expression"), at: range)
  }

  func elements(in rect: Rect, at range: SourceRange) throws(Diagnostic) -> [LayoutAttributes] {
    throw .error(.elementsUnavailable(inside: "this expression"), at: range)
  }

  func hit(_ point: Point, at range: SourceRange) throws(Diagnostic) -> IndexPath? {
    throw .error(.elementsUnavailable(inside: "this expression"), at: range)
  }

  func orthogonalOffset(ofSection section: Int, at range: SourceRange) throws(Diagnostic)
    -> Double
  {
    throw .error(.elementsUnavailable(inside: "this expression"), at: range)
  }
}

/// Evaluates expressions. Every operation checks its operand types and keeps numbers
/// finite, so a bad value becomes a diagnostic at the expression that made it.
struct Evaluator {
  let environment: any Environment

  func evaluate(_ expr: Expr) throws(Diagnostic) -> Value {
    switch expr.kind {
    case .number(let v): return .number(v)
    case .string(let s): return .string(s)
    case .bool(let b): return .bool(b)
    case .name(let name):
      if name == ExpressionKeyword.nothing.spelling { return .none }
      if let value = try environment.value(of: name, at: expr.range) { return value }
      throw .error(.unknownName(name), at: expr.range)
    case .unary(let op, let operand):
      let value = try evaluate(operand)
      switch (op, value) {
      case (.negate, .number(let v)): return .number(-v)
      case (.negate, .size(let s)): return .size(Size(width: -s.width, height: -s.height))
      case (.negate, .point(let p)): return .point(Point(x: -p.x, y: -p.y))
      case (.not, .bool(let b)): return .bool(!b)
      default:
        throw .error(.cannotApply(op.rawValue, to: value.type.rawValue), at: expr.range)
      }
    case .binary(let op, let left, let right):
      return try binary(op, left, right, expr.range)
    case .conditional(let condition, let yes, let no):
      return try truth(condition) ? try evaluate(yes) : try evaluate(no)
    case .size(let w, let h):
      return .size(Size(width: try number(w), height: try number(h)))
    case .range(let low, let high):
      return .range(try number(low), try number(high))
    case .tuple(let items):
      guard items.count == 2 else {
        throw .error(.pointArity(items.count), at: expr.range)
      }
      return .point(Point(x: try number(items[0]), y: try number(items[1])))
    case .labeled(let entries):
      return .insets(try insets(entries, expr.range))
    case .indexPath(let parts):
      return try bracket(parts, expr.range)
    case .call(let function, let arguments):
      return try call(function, arguments, expr.range)
    case .member(let base, let member):
      // `item [0, 3].after` names the item by its old path, which may not exist any more:
      // the element itself is not looked up.
      if case .element(.item, let path) = base.kind,
        member.name == "before" || member.name == "after"
      {
        return try across(path, after: member.name == "after")
      }
      return try self.member(try evaluate(base), member, expr.range)
    case .method(let base, let method, let arguments):
      guard case .name(let object) = base.kind,
        let known = ExpressionMethod(object: object, method: method.name), arguments.count == 1
      else {
        throw .error(.unknownMethod(method.name), at: method.range)
      }
      let value = try evaluate(arguments[0].value)
      guard case .string(let argument) = value else {
        throw .error(.methodArgument(known, not: nil), at: arguments[0].value.range)
      }
      switch known {
      case .traceCount:
        if let unknown = Self.unknownCall(argument, at: arguments[0].value.range) {
          throw unknown
        }
        return .number(Double(try environment.traceCount(argument, at: expr.range)))
      case .reusePool:
        return .number(Double(try environment.reusePool(argument, at: expr.range)))
      }
    case .subscript(let base, let index):
      let value = try evaluate(base)
      if case .elements(let list) = value {
        return .attributes(list[try arrayIndex(index, count: list.count)])
      }
      if case .indexPaths(let list) = value {
        let path = list[try arrayIndex(index, count: list.count)]
        return .indexPath(section: path.section, item: path.item)
      }
      return .number(try element(of: value, base.range, at: index))
    case .element(let selector, let path):
      let (section, item) = try itemPath(path, identifiers: selector == .item)
      return .attributes(
        try environment.element(selector, section: section, item: item, at: expr.range))
    }
  }

  /// `[s, i]` (an index path) or `["apple", …]` (a list of identifiers).
  private func bracket(_ parts: [Expr], _ range: SourceRange) throws(Diagnostic) -> Value {
    guard let firstPart = parts.first else { return .list([]) }
    let first = try evaluate(firstPart)
    if case .string(let text) = first {
      var items = [text]
      for part in parts.dropFirst() {
        let value = try evaluate(part)
        guard case .string(let item) = value else {
          throw .error(
            .expectedValue("an item identifier (a string)", found: value.type.rawValue, ", not"),
            at: part.range)
        }
        items.append(item)
      }
      return .list(items)
    }
    guard case .number(let v) = first else {
      throw .error(.expectedValue("a number", found: first.type.rawValue), at: firstPart.range)
    }
    guard parts.count <= 2 else { return try array(parts, range) }
    let section = try wholeNumber(v, "a section", firstPart.range)
    let item = parts.count > 1 ? try integer(parts[1], "an item") : nil
    return .indexPath(section: section, item: item)
  }

  /// The section and item an element names: an index path (`[s]` is item 0), or — for an
  /// item — its identifier in a diffable data source (`item "apple"`).
  func itemPath(_ path: Expr, identifiers: Bool = true) throws(Diagnostic) -> (Int, Int) {
    guard let p = try itemPath(try evaluate(path), path.range, identifiers: identifiers) else {
      throw .error(.expected("an index path"), at: path.range)
    }
    return p
  }

  /// The same for a value already evaluated; nil when it is neither.
  func itemPath(_ value: Value, _ range: SourceRange, identifiers: Bool = true)
    throws(Diagnostic) -> (Int, Int)?
  {
    switch value {
    case .indexPath(let section, let item): return (section, item ?? 0)
    case .string(let identifier) where identifiers:
      let p = try environment.indexPath(ofItem: identifier, at: range)
      return (p.section, p.item)
    default: return nil
    }
  }

  /// `item P.before` / `.after`. P an index path names a position: `.after` reads it in
  /// the old state, `.before` in the new. P an identifier names the item itself: `.after`
  /// is where it is now and `.before` where it was — each nothing when it is not there (a
  /// deleted item has no `.after`, an inserted one no `.before`).
  private func across(_ path: Expr, after: Bool) throws(Diagnostic) -> Value {
    let value = try evaluate(path)
    guard case .string(let identifier) = value else {
      guard let (section, item) = try itemPath(value, path.range) else {
        throw .error(.expected("an index path"), at: path.range)
      }
      return environment.acrossLastUpdate(section: section, item: item, after: after)
    }
    guard let now = try? environment.indexPath(ofItem: identifier, at: path.range) else {
      return .none
    }
    if after { return .indexPath(section: now.section, item: now.item) }
    return environment.acrossLastUpdate(section: now.section, item: now.item, after: false)
  }

  func number(_ expr: Expr) throws(Diagnostic) -> Double {
    let value = try evaluate(expr)
    guard case .number(let v) = value else {
      throw .error(.expectedValue("a number", found: value.type.rawValue), at: expr.range)
    }
    return v
  }

  func truth(_ expr: Expr) throws(Diagnostic) -> Bool {
    let value = try evaluate(expr)
    guard case .bool(let b) = value else {
      throw .error(.expectedValue("true or false", found: value.type.rawValue), at: expr.range)
    }
    return b
  }

  /// A whole number within ±10¹² (anything else is a diagnostic, never a trap).
  func integer(_ expr: Expr, _ what: String) throws(Diagnostic) -> Int {
    try wholeNumber(try number(expr), what, expr.range)
  }

  func insets(_ entries: [LabeledExpr], _ range: SourceRange) throws(Diagnostic) -> EdgeInsets {
    var insets = EdgeInsets.zero
    var seen: Set<String> = []
    for entry in entries {
      let v = try number(entry.value)
      guard seen.insert(entry.label.name).inserted else {
        throw .error(.givenTwice(entry.label.name), at: entry.label.range)
      }
      switch entry.label.name {
      case "top": insets.top = v
      case "left": insets.left = v
      case "bottom": insets.bottom = v
      case "right": insets.right = v
      case "horizontal": (insets.left, insets.right) = (v, v)
      case "vertical": (insets.top, insets.bottom) = (v, v)
      default:
        throw .error(
          .unknownInsetEdge(entry.label.name),
          at: entry.label.range,
          help: suggestion(
            for: entry.label.name,
            among: ["top", "left", "bottom", "right", "horizontal", "vertical"])
            ?? "edges are top, left, bottom, right, horizontal, vertical")
      }
    }
    return insets
  }

  private func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ range: SourceRange)
    throws(Diagnostic) -> Value
  {
    switch op {
    case .and:
      if !(try truth(left)) { return .bool(false) }
      return .bool(try truth(right))
    case .or:
      if try truth(left) { return .bool(true) }
      return .bool(try truth(right))
    default: break
    }
    let a = try evaluate(left)
    let b = try evaluate(right)
    switch op {
    case .equal: return .bool(try equal(a, b, range))
    case .notEqual: return .bool(!(try equal(a, b, range)))
    case .less, .lessEqual, .greater, .greaterEqual:
      guard case .number(let x) = a, case .number(let y) = b else {
        throw .error(
          .comparesNumbers(op.rawValue, a.type.rawValue, b.type.rawValue),
          at: range)
      }
      switch op {
      case .less: return .bool(x < y && !Tolerance.isClose(x, y))
      case .lessEqual: return .bool(x <= y || Tolerance.isClose(x, y))
      case .greater: return .bool(x > y && !Tolerance.isClose(x, y))
      default: return .bool(x >= y || Tolerance.isClose(x, y))
      }
    default:
      return try arithmetic(op, a, b, range)
    }
  }

  private func arithmetic(_ op: BinaryOperator, _ a: Value, _ b: Value, _ range: SourceRange)
    throws(Diagnostic) -> Value
  {
    func finite(_ v: Double) throws(Diagnostic) -> Double {
      guard v.isFinite else {
        throw .error(
          .resultNotFinite(divisionByZero: op == .divide || op == .remainder),
          at: range)
      }
      return v
    }
    func apply(_ x: Double, _ y: Double) throws(Diagnostic) -> Double {
      switch op {
      case .add: return try finite(x + y)
      case .subtract: return try finite(x - y)
      case .multiply: return try finite(x * y)
      case .divide: return try finite(x / y)
      default: return try finite(x.truncatingRemainder(dividingBy: y))
      }
    }
    switch (a, b) {
    case (.number(let x), .number(let y)):
      return .number(try apply(x, y))
    case (.size(let s), .number(let k)) where op == .multiply || op == .divide:
      return .size(Size(width: try apply(s.width, k), height: try apply(s.height, k)))
    case (.number(let k), .size(let s)) where op == .multiply:
      return .size(Size(width: try apply(k, s.width), height: try apply(k, s.height)))
    case (.size(let s), .size(let t)) where op == .add || op == .subtract:
      return .size(Size(width: try apply(s.width, t.width), height: try apply(s.height, t.height)))
    case (.point(let p), .point(let q)) where op == .add || op == .subtract:
      return .point(Point(x: try apply(p.x, q.x), y: try apply(p.y, q.y)))
    case (.string(let s), .string(let t)) where op == .add:
      // Counted before joining: doubling a string forty times must stop, not allocate.
      let length = s.utf8.count + t.utf8.count
      guard length <= environment.stringLength else {
        throw .error(.stringTooLong(length, limit: environment.stringLength), at: range)
      }
      try environment.countString(length, at: range)
      return .string(s + t)
    default:
      throw .error(
        .cannotCombine(op.rawValue, a.type.rawValue, b.type.rawValue), at: range)
    }
  }

  /// `exactly(a OP b)`: the comparison with no tolerance, as UIKit's own tests are (FLOW-5's
  /// `remaining ≥ spacing + width`): `exactly(3 * w + 2 <= 390)` is false by 5.7e-14 where
  /// `3 * w + 2 <= 390` is true.
  func exactComparison(_ expr: Expr) throws(Diagnostic) -> Bool {
    guard case .binary(let op, let left, let right) = expr.kind, op.isComparison else {
      throw .error(
        .argumentType("exactly", "takes a comparison (a == b, a <= b, …)"), at: expr.range)
    }
    let a = try evaluate(left)
    let b = try evaluate(right)
    switch op {
    case .equal, .notEqual:
      guard a.type == b.type || a == .none || b == .none else {
        throw .error(.cannotCompare(a.type.rawValue, b.type.rawValue), at: expr.range)
      }
      return (a == b) == (op == .equal)
    default:
      guard case .number(let x) = a, case .number(let y) = b else {
        throw .error(
          .comparesNumbers(op.rawValue, a.type.rawValue, b.type.rawValue), at: expr.range)
      }
      switch op {
      case .less: return x < y
      case .lessEqual: return x <= y
      case .greater: return x > y
      default: return x >= y
      }
    }
  }

  /// `==` with the one tolerance for numbers and geometry (`Tolerance.points`).
  private func equal(_ a: Value, _ b: Value, _ range: SourceRange) throws(Diagnostic) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return Tolerance.isClose(x, y)
    case (.size(let x), .size(let y)): return x.isClose(to: y)
    case (.point(let x), .point(let y)): return x.isClose(to: y)
    case (.rect(let x), .rect(let y)): return x.isClose(to: y)
    case (.insets(let x), .insets(let y)):
      return Tolerance.isClose(x.top, y.top) && Tolerance.isClose(x.left, y.left)
        && Tolerance.isClose(x.bottom, y.bottom) && Tolerance.isClose(x.right, y.right)
    case (.transform(let x), .transform(let y)):
      return zip(x.rows.joined(), y.rows.joined()).allSatisfy { Tolerance.isClose($0, $1) }
    case (.none, _), (_, .none): return a == b
    default:
      guard a.type == b.type else {
        throw .error(.cannotCompare(a.type.rawValue, b.type.rawValue), at: range)
      }
      return a == b
    }
  }
}

extension Evaluator {
  /// Each part as a number: an array literal's elements.
  func numbers(_ parts: [Expr]) throws(Diagnostic) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(parts.count)
    for part in parts { values.append(try number(part)) }
    return values
  }

  /// `[a, b]` where an array is meant (a `var`'s first value): an array even with one or
  /// two numbers, which elsewhere make an index path.
  func arrayOrValue(_ expr: Expr) throws(Diagnostic) -> Value {
    if case .indexPath(let parts) = expr.kind, !parts.isEmpty,
      !parts.contains(where: { if case .string = $0.kind { true } else { false } })
    {
      return try array(parts, expr.range)
    }
    return try evaluate(expr)
  }

  /// `[a, b, c]`: an array of numbers, counted as `repeating` counts one.
  func array(_ parts: [Expr], _ range: SourceRange) throws(Diagnostic) -> Value {
    try reserveArray(parts.count, at: range)
    return .array(try numbers(parts))
  }

  /// Room for an array of `count` numbers: within one array's limit and the run's
  /// (`Limits.arrayLength`, `Limits.arrayElements`), checked before anything is made.
  func reserveArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    guard count <= environment.arrayLength else {
      throw .error(.arrayTooLong(count, limit: environment.arrayLength), at: range)
    }
    try environment.countArray(count, at: range)
  }

  /// `a[i]`: the element at a whole index inside the array.
  func element(of base: Value, _ baseRange: SourceRange, at index: Expr) throws(Diagnostic)
    -> Double
  {
    guard case .array(let values) = base else {
      throw .error(.notAnArray(base.type.rawValue), at: baseRange)
    }
    return values[try arrayIndex(index, count: values.count)]
  }

  /// A whole number in `0..<count`.
  func arrayIndex(_ index: Expr, count: Int) throws(Diagnostic) -> Int {
    let i = try wholeNumber(try number(index), "an array index", index.range)
    guard i >= 0 && i < count else {
      throw .error(.indexOutsideArray(i, count: count), at: index.range)
    }
    return i
  }
}

/// A whole number within ±10¹²; fractional, huge, NaN or infinite values are diagnostics.
func wholeNumber(_ v: Double, _ what: String, _ range: SourceRange) throws(Diagnostic) -> Int {
  guard v.isFinite, v == v.rounded(), abs(v) <= 1e12 else {
    throw .error(.notWhole(what, v), at: range)
  }
  return Int(v)
}

extension Evaluator {
  /// `trace.count` of a name no call is traced under (`LayoutEvent.callNames`): a misspelt
  /// selector would count 0 for ever, so it is an error, with the nearest name.
  static func unknownCall(_ call: String, at range: SourceRange) -> Diagnostic? {
    guard !LayoutEvent.callNames.contains(call) else { return nil }
    let names = LayoutEvent.callNames.sorted()
    // A selector written without its labels (`prepare`, `scrollViewDidScroll`) is further
    // than a spelling mistake from its full name, and the likeliest slip.
    let base = { (name: String) in name.prefix { $0 != "(" } }
    let named = names.filter { base($0) == base(call) }
    let help =
      named.isEmpty
      ? suggestion(for: call, among: names)
      : "did you mean \(named.map { "'\($0)'" }.joined(separator: " or "))?"
    return .error(
      .unknownCall(call), at: range,
      help: help ?? "calls are counted under UIKit's selectors, as the trace prints them")
  }
}
