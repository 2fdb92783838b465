import LayoutEngine

extension Checker {
  /// The static type of `e`, reporting what is wrong inside it.
  mutating func type(of e: Expr) -> ValueType {
    switch e.kind {
    case .number: return .number
    case .string: return .string
    case .bool: return .bool
    case .name(let name): return nameType(name, e.range)
    case .unary(let op, let operand):
      let t = type(of: operand)
      switch (op, t) {
      case (_, .error): return .error
      case (.negate, .number), (.negate, .size), (.negate, .point): return t
      case (.not, .bool): return .bool
      default:
        report(.cannotApply(op.rawValue, to: article(t)), at: e.range)
        return .error
      }
    case .binary(let op, let left, let right):
      return binaryType(op, type(of: left), type(of: right), e.range)
    case .conditional(let condition, let yes, let no):
      return conditionalType(condition, yes, no, e.range)
    case .size(let w, let h):
      return numbers([w, h], "a size", e.range) ? .size : .error
    case .range(let low, let high):
      return numbers([low, high], "a range", e.range) ? .range : .error
    case .tuple(let items):
      if items.count != 2 {
        report(.pointArity(items.count), at: e.range)
        return .error
      }
      return numbers(items, "a point", e.range) ? .point : .error
    case .labeled(let entries):
      return insetsType(entries, e.range)
    case .indexPath(let parts): return indexPathType(e, parts)
    case .call(let function, let arguments):
      return callType(function, arguments, e.range)
    case .method(let base, let method, let arguments):
      return methodType(base, method, arguments, e.range)
    case .member(let base, let member):
      if case .element(.item, let path) = base.kind,
        member.name == "before" || member.name == "after"
      {
        // The item by its path before or after the last batch: it need not exist now.
        let t = type(of: path)
        if t != .indexPath && t != .string && t != .error {
          report(.expected("an index path"), at: path.range)
          return .error
        }
        return .indexPath
      }
      return memberType(base, member)
    case .subscript(let base, let index):
      let t = type(of: base)
      let i = type(of: index)
      if t == .elements {
        if i != .number && i != .error {
          report(.expects("an index", "a number", not: article(i)), at: index.range)
          return .error
        }
        return .attributes
      }
      if t == .indexPaths {
        if i != .number && i != .error {
          report(.expects("an index", "a number", not: article(i)), at: index.range)
          return .error
        }
        return .indexPath
      }
      if t != .array && t != .error {
        report(.notAnArray(article(t)), at: base.range)
        return .error
      }
      if i != .number && i != .error {
        report(.expects("an array index", "a number", not: article(i)), at: index.range)
        return .error
      }
      return t == .error ? .error : .number
    case .element(let selector, let path): return elementType(selector, path, e.range)
    }
  }

  func constantParts(_ parts: [Expr]) -> Bool { parts.allSatisfy { !$0.mentionsAnyName } }

  mutating func numbers(_ items: [Expr], _ what: String, _ range: SourceRange) -> Bool {
    var ok = true
    for item in items {
      let t = type(of: item)
      if t == .error {
        ok = false
      } else if t != .number {
        report(.madeOfNumbers(what, not: article(t)), at: item.range)
        ok = false
      }
    }
    return ok
  }

  mutating func insetsType(_ entries: [LabeledExpr], _ range: SourceRange) -> ValueType {
    var ok = true
    var seen: Set<String> = []
    let edges = ["top", "left", "bottom", "right", "horizontal", "vertical"]
    for entry in entries {
      if !edges.contains(entry.label.name) {
        report(
          .unknownInsetEdge(entry.label.name), at: entry.label.range,
          help: suggestion(for: entry.label.name, among: edges)
            ?? "edges are \(edges.joined(separator: ", "))")
        ok = false
      } else if !seen.insert(entry.label.name).inserted {
        report(.givenTwice(entry.label.name), at: entry.label.range)
        ok = false
      }
      ok = numbers([entry.value], "an inset", entry.value.range) && ok
    }
    return ok ? .insets : .error
  }

  mutating func binaryType(
    _ op: BinaryOperator, _ a: ValueType, _ b: ValueType, _ range: SourceRange
  )
    -> ValueType
  {
    if a == .error || b == .error { return .error }
    switch op {
    case .and, .or:
      if a == .bool && b == .bool { return .bool }
      report(
        .joinsBools(op.rawValue, article(a), article(b)), at: range)
    case .equal, .notEqual:
      if a == b || a == .none || b == .none { return .bool }
      report(.cannotCompare(article(a), article(b)), at: range)
    case .less, .lessEqual, .greater, .greaterEqual:
      if a == .number && b == .number { return .bool }
      report(.comparesNumbers(op.rawValue, article(a), article(b)), at: range)
    case .add, .subtract, .multiply, .divide, .remainder:
      switch (a, b) {
      case (.number, .number): return .number
      case (.size, .number) where op == .multiply || op == .divide: return .size
      case (.number, .size) where op == .multiply: return .size
      case (.size, .size) where op == .add || op == .subtract: return .size
      case (.point, .point) where op == .add || op == .subtract: return .point
      case (.string, .string) where op == .add: return .string
      default:
        report(.cannotCombine(op.rawValue, article(a), article(b)), at: range)
      }
    }
    return .error
  }

  mutating func callType(_ function: Identifier, _ arguments: [CallArgument], _ range: SourceRange)
    -> ValueType
  {
    guard let builtin = Builtin(rawValue: function.name) else {
      report(
        .unknownFunction(function.name), at: function.range,
        help: suggestion(for: function.name, among: Builtin.allCases.map(\.rawValue)))
      for argument in arguments { _ = type(of: argument.value) }
      return .error
    }
    var ok = true
    if builtin == .exactly && arguments.count == 1 {
      let argument = arguments[0].value
      guard case .binary(let op, _, _) = argument.kind, op.isComparison
      else {
        _ = type(of: argument)
        report(
          .argumentType("exactly", "takes a comparison (a == b, a <= b, …)"), at: argument.range,
          help: "use \(builtin.signature)")
        return .error
      }
      return type(of: argument) == .error ? .error : .bool
    }
    if builtin == .nearest && arguments.count == 1 {
      let t = type(of: arguments[0].value)
      if t != .number && t != .point && t != .error {
        report(
          .argumentType(builtin.rawValue, "takes a coordinate or a point, not \(article(t))"),
          at: arguments[0].value.range, help: "use \(builtin.signature)")
        return .error
      }
      if inItemSize || inDecoration || inTransform {
        report(
          .elementsUnavailable(inside: inItemSize ? "an item size" : "a layout callback"), at: range
        )
        return .error
      }
      return .attributes
    }
    if let t = collectionViewCallType(builtin, arguments, range) { return t }
    if builtin.takesGeometry && builtin.arity.contains(arguments.count) {
      let first = type(of: arguments[0].value)
      let second = type(of: arguments[1].value)
      if first != .rect && first != .error {
        report(
          .argumentType(builtin.rawValue, "takes a rect first, not \(article(first))"),
          at: arguments[0].value.range)
        ok = false
      }
      let allowed: [ValueType] = builtin == .inset ? [.number, .insets] : [.rect]
      if !allowed.contains(second) && second != .error {
        report(
          .argumentType(builtin.rawValue, "cannot take \(article(second)) second"),
          at: arguments[1].value.range,
          help: "use \(builtin.signature)")
        ok = false
      }
      return ok && first != .error && second != .error ? builtin.resultType : .error
    }
    if let labels = builtin.labels, builtin.arity.contains(arguments.count) {
      return arrayCallType(builtin, arguments, labels)
    }
    if builtin == .min || builtin == .max, arguments.count == 1 {
      let t = type(of: arguments[0].value)
      if t != .array && t != .error {
        report(
          .argumentType(builtin.rawValue, "takes an array, or two numbers or more"),
          at: arguments[0].value.range, help: "use \(builtin.signature)")
        return .error
      }
      return t == .error ? .error : .number
    }
    if !builtin.arity.contains(arguments.count) {
      report(
        .arity(builtin.rawValue, describe(builtin.arity), not: arguments.count), at: range,
        help: "use \(builtin.signature)")
      ok = false
    }
    for argument in arguments {
      if let label = argument.label, !(builtin == .items && label.name == "in") {
        report(
          .unexpectedLabel(label.name), at: label.range, help: "use \(builtin.signature)")
        ok = false
      }
      ok =
        numbers([argument.value], "an argument of '\(builtin.rawValue)'", argument.value.range)
        && ok
    }
    return ok ? builtin.resultType : .error
  }

  /// `hit` and `elements(in:)`: their arguments, and refused in the layout's own callbacks
  /// (nil for any other builtin, or a wrong count, which the caller reports).
  mutating func collectionViewCallType(
    _ builtin: Builtin, _ arguments: [CallArgument], _ range: SourceRange
  ) -> ValueType? {
    if builtin == .hit && builtin.arity.contains(arguments.count) {
      if arguments.count == 2 {
        _ = numbers(arguments.map(\.value), "'hit'", range)
      } else {
        _ = expect(arguments[0].value, .point, "'hit'")
      }
      return refusedInCallbacks(range) ? .error : .indexPath
    }
    if builtin == .elements && arguments.count == 1 {
      if let label = arguments[0].label, label.name != "in" {
        report(.unexpectedLabel(label.name), at: label.range, help: "use \(builtin.signature)")
      }
      _ = expect(arguments[0].value, .rect, "'elements(in:)'")
      return refusedInCallbacks(range) ? .error : .elements
    }
    if builtin == .orthogonalOffset && arguments.count == 1 {
      _ = expect(arguments[0].value, .number, "'orthogonalOffset'")
      // A transform may read it (it restyles answers, as a visible-items handler does);
      // sizes, decorations and layout code run mid-prepare, before the scroller is placed.
      guard inItemSize || inDecoration || inCode else { return .number }
      report(.elementsUnavailable(inside: inCode ? "layout code" : "a layout callback"), at: range)
      return .error
    }
    return nil
  }

  /// A call that asks the collection view (`hit`, `elements(in:)`) cannot run inside the
  /// layout's own callbacks or code, which run while it lays out; true when refused.
  mutating func refusedInCallbacks(_ range: SourceRange) -> Bool {
    guard inItemSize || inDecoration || inTransform || inCode else { return false }
    report(.elementsUnavailable(inside: inCode ? "layout code" : "a layout callback"), at: range)
    return true
  }

  /// `index(of:in:)` and `repeating(_:count:)`: their labels, a number, and an array.
  mutating func arrayCallType(_ builtin: Builtin, _ arguments: [CallArgument], _ labels: [String?])
    -> ValueType
  {
    var ok = true
    for (argument, label) in zip(arguments, labels) where argument.label?.name != label {
      report(
        .unexpectedLabel(argument.label?.name ?? "(none)"), at: argument.value.range,
        help: "use \(builtin.signature)")
      ok = false
    }
    ok = numbers([arguments[0].value], "'\(builtin.rawValue)'", arguments[0].value.range) && ok
    if builtin == .repeating {
      let count = arguments[1].value
      if let n = expectCount(count, "the count", max: .max), n > limits.arrayLength {
        report(.arrayTooLong(n, limit: limits.arrayLength), at: count.range)
      }
      return ok ? .array : .error
    }
    let t = type(of: arguments[1].value)
    if t != .array && t != .error {
      report(.notAnArray(article(t)), at: arguments[1].value.range)
      return .error
    }
    return ok && t != .error ? .number : .error
  }

  /// The value of `e` when it depends on nothing but literals and constant `let`s.
  func constant(_ e: Expr) -> Value? {
    guard !e.mentionsState(in: self) else { return nil }
    return try? folding.evaluate(e)
  }

  /// `constant(e)`, reporting what stops any run that evaluates `e`: a result that is not
  /// a finite number, a string past its limit — so `gl check` says what `gl run` would.
  /// Other failures are the checks' of the value, or the run's.
  mutating func fold(_ e: Expr) -> Value? {
    guard !e.mentionsState(in: self) else { return nil }
    do throws(Diagnostic) {
      return try folding.evaluate(e)
    } catch {
      if error.code == .notFinite || error.code == .stringTooLong { report(error) }
      return nil
    }
  }

  /// Folds with the constant `let`s only.
  var folding: Evaluator {
    Evaluator(
      environment: ConstantEnvironment(
        constants: constants, limits: limits, foldedStrings: foldedStrings))
  }

  /// A name: the place's own names first, then the lets, then the state.
  mutating func nameType(_ name: String, _ range: SourceRange) -> ValueType {
    if name == ExpressionKeyword.nothing.spelling { return .none }
    if let local = codeVariable(name) { return local.type }
    if inCode, scope[name] == nil, let state = StateName(rawValue: name),
      [.content, .visible, .recomputed].contains(state)
        || (inItemProvider && [.bounds, .offset, .adjustedInset].contains(state))
    {
      report(
        .notAvailable(name, inside: inItemProvider ? "a custom group" : "prepare"), at: range,
        help: inItemProvider
          ? "a custom group's code is given 'environment', the group's size (COMP-7)" : nil)
      return .error
    }
    if inItemSize && (name == "item" || name == "section") { return .number }
    if inTrigger && (name == "old" || name == "new") { return .rect }
    if inTransform, let own = ElementRuleName(rawValue: name) { return own.type }
    if inVisibleItems, let own = VisibleItemName(rawValue: name) { return own.type }
    if inVisibleItems, name == StateName.bounds.rawValue, scope[name] == nil {
      report(
        .notAvailable(name, inside: "a visible-items handler"), at: range,
        help: "the handler is given 'offset' (where the section is scrolled) and 'environment' "
          + "(its container's size)")
      return .error
    }
    if inHook, let own = HookName(rawValue: name) { return own.type }
    if let own = ProviderName(rawValue: name) {
      if inCompositionalSection { return own.type }
      if scope[name] == nil {
        report(.environmentOutsideSection, at: range)
        return .error
      }
    }
    if inDecoration && name == "section" { return .section }
    if let t = scope[name] { return t }
    if let state = StateName(rawValue: name) { return state.type }
    if namesIncomplete { return .error }
    let names =
      Array(scope.keys) + StateName.allCases.map(\.rawValue)
      + (inCompositionalSection ? ProviderName.spellings : [])
      + (inTransform ? ElementRuleName.spellings : [])
      + (inVisibleItems ? VisibleItemName.spellings : [])
    report(
      .unknownName(name), at: range,
      help: suggestion(for: name, among: names)
        ?? (name == "item" || name == "section"
          ? "'\(name)' is the item's index only inside an item size or a transform" : nil))
    return .error
  }

  mutating func conditionalType(_ condition: Expr, _ yes: Expr, _ no: Expr, _ range: SourceRange)
    -> ValueType
  {
    let c = type(of: condition)
    if c != .bool && c != .error {
      report(.conditionNotBool(article(c)), at: condition.range)
    }
    let a = type(of: yes)
    let b = type(of: no)
    if a == .error || b == .error { return .error }
    if a != b {
      report(.branchesDiffer(article(a), article(b)), at: range)
      return .error
    }
    return a
  }

  /// `[s, i]` is an index path; `["apple", "pear"]` (or `[]`) a list of identifiers.
  mutating func indexPathType(_ e: Expr, _ parts: [Expr]) -> ValueType {
    guard let firstPart = parts.first else { return .list }
    let first = type(of: firstPart)
    if first == .string { return listType(parts.dropFirst()) }
    var ok = first == .number
    if first != .number && first != .error {
      report(.madeOfNumbers("an index path", not: article(first)), at: firstPart.range)
    }
    ok = numbers(Array(parts.dropFirst()), "an index path", e.range) && ok
    guard ok else { return .error }
    if parts.count > 2 { return .array }
    if let value = constant(e), case .indexPath = value {
    } else if constantParts(parts) {
      // constant(e) failed although every part is constant: a fractional index.
      record(
        caught { () throws(Diagnostic) in
          _ = try folding.evaluate(e)
        })
      return .error
    }
    return .indexPath
  }

  /// The rest of a list of identifiers: strings only.
  mutating func listType(_ parts: ArraySlice<Expr>) -> ValueType {
    var ok = true
    for part in parts {
      let t = type(of: part)
      if t != .string && t != .error {
        report(
          .expectedValue("an item identifier (a string)", found: article(t), ", not"),
          at: part.range)
      }
      ok = ok && t == .string
    }
    return ok ? .list : .error
  }

  /// `trace.count("call()")`, `reuse.pool("Photo")` (`ExpressionMethod`): one string in,
  /// a number out.
  mutating func methodType(
    _ base: Expr, _ method: Identifier, _ arguments: [CallArgument], _ range: SourceRange
  ) -> ValueType {
    guard case .name(let object) = base.kind,
      let known = ExpressionMethod(object: object, method: method.name)
    else {
      report(
        .unknownMethod(method.name), at: method.range,
        help: "the methods are "
          + ExpressionMethod.allCases.map(\.syntax).joined(separator: " and "))
      return .error
    }
    guard arguments.count == 1, arguments[0].label == nil else {
      report(.methodArguments(known), at: range)
      return .error
    }
    let t = type(of: arguments[0].value)
    if t != .string && t != .error {
      report(.methodArgument(known, not: article(t)), at: arguments[0].value.range)
      return .error
    }
    if known == .traceCount, case .string(let call)? = constant(arguments[0].value),
      let unknown = Evaluator.unknownCall(call, at: arguments[0].value.range)
    {
      report(unknown)
      return .error
    }
    return .number
  }

  mutating func memberType(_ base: Expr, _ member: Identifier) -> ValueType {
    let t = type(of: base)
    if t == .error { return .error }
    if let m = t.members[member.name] { return m }
    let names = t.members.keys.sorted()
    report(
      .noMember(article(t), member.name), at: member.range,
      help: suggestion(for: member.name, among: names)
        ?? (names.isEmpty ? nil : "members are \(names.joined(separator: ", "))"))
    return .error
  }

  mutating func elementType(_ selector: ElementSelector, _ path: Expr, _ range: SourceRange)
    -> ValueType
  {
    let t = type(of: path)
    if t != .indexPath && t != .error && !(t == .string && selector == .item) {
      report(.expected("an index path"), at: path.range)
      return .error
    }
    if inItemSize || inCode {
      report(.elementsUnavailable(inside: inCode ? "prepare" : "an item size"), at: range)
      return .error
    }
    if inDecoration, case .decoration = selector {
      report(.decorationReadsDecoration, at: range)
      return .error
    }
    if case .indexPath(let section, let item)? = constant(path) {
      checkIndexPath(section, item ?? 0, selector, path.range)
    }
    return .attributes
  }
}

extension Expr {
  var mentionsAnyName: Bool {
    switch kind {
    case .name, .element, .call, .method: return true
    case .number, .string, .bool: return false
    case .unary(_, let a), .member(let a, _): return a.mentionsAnyName
    case .subscript(let a, let b): return a.mentionsAnyName || b.mentionsAnyName
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b):
      return a.mentionsAnyName || b.mentionsAnyName
    case .conditional(let a, let b, let c):
      return a.mentionsAnyName || b.mentionsAnyName || c.mentionsAnyName
    case .tuple(let items), .indexPath(let items): return items.contains { $0.mentionsAnyName }
    case .labeled(let entries): return entries.contains { $0.value.mentionsAnyName }
    }
  }

  /// True when evaluating needs something only a run knows (state, elements, non-constant
  /// `let`s, item counts).
  func mentionsState(in checker: Checker) -> Bool {
    switch kind {
    case .name(let name):
      return checker.constants[name] == nil || checker.codeVariable(name) != nil
    case .element, .method: return true
    case .call(let function, let arguments):
      return function.name == "items" || function.name == "nearest"
        || function.name == Builtin.orthogonalOffset.rawValue
        || arguments.contains { $0.value.mentionsState(in: checker) }
    case .number, .string, .bool: return false
    case .member(let a, let member):
      // Across the last batch: only a run knows it.
      return member.name == "before" || member.name == "after" || a.mentionsState(in: checker)
    case .unary(_, let a): return a.mentionsState(in: checker)
    case .subscript(let a, let b):
      return a.mentionsState(in: checker) || b.mentionsState(in: checker)
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b):
      return a.mentionsState(in: checker) || b.mentionsState(in: checker)
    case .conditional(let a, let b, let c):
      return a.mentionsState(in: checker) || b.mentionsState(in: checker)
        || c.mentionsState(in: checker)
    case .tuple(let items), .indexPath(let items):
      return items.contains { $0.mentionsState(in: checker) }
    case .labeled(let entries): return entries.contains { $0.value.mentionsState(in: checker) }
    }
  }
}

extension Expr {
  /// A number, string or truth value as written: its own value, with nothing to fold.
  var isLiteral: Bool {
    switch kind {
    case .number, .string, .bool: true
    default: false
    }
  }
}

/// Constant folding: only constant `let`s are known. Only small arrays are made: a larger
/// one is no constant (the run makes it, within its limits), so checking a script never
/// holds what running it would refuse. Strings are made within the check's budget
/// (`FoldedStrings`).
struct ConstantEnvironment: Environment {
  let constants: [String: Value]
  let limits: Limits
  let foldedStrings: FoldedStrings
  var stringLength: Int { limits.stringLength }
  var arrayLength: Int { limits.arrayLength }

  /// The most numbers an array folded in `gl check` may hold.
  static let foldedLength = 1_000

  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    guard count <= Self.foldedLength else { throw .error(.expected("a constant"), at: range) }
  }

  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    try foldedStrings.count(length, at: range)
  }

  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
    constants[name]
  }

  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  {
    throw .error(.expected("a constant"), at: range)
  }

  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int {
    throw .error(.expected("a constant"), at: range)
  }
}
