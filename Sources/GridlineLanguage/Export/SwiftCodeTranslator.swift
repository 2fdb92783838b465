/// A value of layout code written as Swift: its code and its Swift type. Numbers are
/// `CGFloat`, computed with gl's `Double` arithmetic in gl's order; what the code counts —
/// loop variables, item counts, `count`, and variables that only ever hold such whole
/// numbers — is `Int`, exact for whole numbers, so it indexes arrays and makes index paths
/// without conversions, and is converted (`CGFloat(i)`) where it meets a fraction.
struct SwiftValue {
  enum Kind: Equatable {
    case int, number, bool, size, point, rect, array, attributes, cached
    /// A string: a literal, or a visible item's `kind` (compared with `==` and `!=` only).
    case string
  }

  var code: String
  var kind: Kind
  /// How tightly the code binds (`SwiftPrecedence`): an operand of a tighter operator is
  /// parenthesized.
  var precedence = SwiftPrecedence.atom
  /// Literals and arithmetic of literals only: Swift gives them the type of their use.
  var literal = false
  /// Known to be a whole number (an `Int`, or `floor`, `ceil`, `round` of a number).
  var whole = false
  /// Known not to be negative (counts, and lets made of them): `0..<n` is safe in Swift.
  var nonNegative = false

  /// The code, parenthesized unless it binds at least as tightly as `precedence`.
  func operand(_ precedence: Int) -> String {
    self.precedence >= precedence ? code : "(\(code))"
  }

  /// The code as the receiver of a member or method (`(a + b).width`).
  var receiver: String { operand(SwiftPrecedence.atom) }
}

/// Swift's operator precedence, as far as the translation needs it.
enum SwiftPrecedence {
  static let ternary = 0
  static let or = 1
  static let and = 2
  static let comparison = 3
  static let additive = 4
  static let multiplicative = 5
  static let prefix = 9
  static let atom = 10
}

/// Translates a custom layout's code (`prepare`, `elements in rect`, a trigger's condition)
/// to the Swift of the `UICollectionViewLayout` subclass's method, statement for statement,
/// with the script's comments; or says what it cannot translate. The Swift computes what
/// the interpreter computes: the same `Double` operations in the same order, gl's
/// comparisons within `Tolerance.points` (as small helpers the file declares),
/// `floor`/`ceil`/`round` as `rounded(.down/.up/.toNearestOrAwayFromZero)`, `%` as
/// `truncatingRemainder`, `sin`/`cos` in degrees reduced as gl reduces them, and `for`
/// over an empty range running no pass.
struct SwiftCodeTranslator {
  struct Unsupported: Error {
    var what: String
    var line: Int?
  }

  /// A variable the code declared: its Swift name and type, and its declaration's place
  /// (the key of `demoted`).
  struct Variable {
    var name: String
    var value: SwiftValue
    var key: Int
  }

  let file: SourceFile
  /// The script's `let`s the code may read (the layout's stored constants), by name.
  let lets: [String: SwiftValue]
  /// Names the method binds: `rect` and `cached` in the query, `old` and `new` in a trigger.
  var bound: [String: SwiftValue] = [:]
  /// Variables first declared `Int` that an assignment gave a fraction: `CGFloat` on the
  /// next pass (`translate` runs until no more are found).
  var demoted: Set<Int> = []
  var foundDemotion = false

  /// What the translation used, for the writer: the script's lets, the collection view,
  /// state read at the top of the method (`viewport`, `bounds`, `offset`), the file's
  /// helpers (`isClose(to:)`, `sine(degrees:)`, …) and the place attributes.
  var usedLets: Set<String> = []
  /// The names of `bound` the code read.
  var usedBound: Set<String> = []
  var usesCollectionView = false
  var usedState: [String] = []
  var helpers: Set<SwiftHelper> = []
  var placesStyled = false
  /// What a custom group's provider calls the array of its custom items (COMP-7).
  var customItems = "items"

  var scopes: [[String: Variable]] = [[:]]
  var lines: [String] = []
  var depth = 0
  /// Script lines whose comments were carried over already.
  var commented: Set<Int> = []

  init(file: SourceFile, lets: [String: SwiftValue]) {
    self.file = file
    self.lets = lets
  }

  /// The Swift of `code`: translated until every variable has its final type.
  static func translate(
    _ code: [Statement], file: SourceFile, lets: [String: SwiftValue],
    bound: [String: SwiftValue] = [:], customItems: String = "items"
  ) throws(Unsupported) -> SwiftCodeTranslator {
    var demoted: Set<Int> = []
    while true {
      var t = SwiftCodeTranslator(file: file, lets: lets)
      t.bound = bound
      t.customItems = customItems
      t.demoted = demoted
      try t.statements(code)
      if !t.foundDemotion { return t }
      demoted = t.demoted
    }
  }

  mutating func emit(_ text: String, _ comment: String? = nil) {
    let indented = String(repeating: "  ", count: depth) + text
    lines.append(SwiftLiteral.singleLine(comment.map { indented + "  // " + $0 } ?? indented))
  }

  func line(of range: SourceRange) -> Int { file.location(of: range.start).line }

  func unsupported(_ what: String, _ range: SourceRange) -> Unsupported {
    Unsupported(what: what, line: line(of: range))
  }

  // MARK: Statements

  mutating func statements(_ code: [Statement]) throws(Unsupported) {
    let lastAssignments = SwiftCodeScan.lastAssignments(in: code)
    for (i, statement) in code.enumerated() {
      try self.statement(statement) { (lastAssignments[$0] ?? -1) > i }
    }
  }

  mutating func block(_ code: [Statement]) throws(Unsupported) {
    scopes.append([:])
    depth += 1
    try statements(code)
    depth -= 1
    scopes.removeLast()
  }

  /// One statement; `assignedLater` says whether a statement after it in its block assigns
  /// a name (a `var` that is never assigned is a `let`).
  mutating func statement(_ statement: Statement, assignedLater: (String) -> Bool)
    throws(Unsupported)
  {
    let comment = carryComments(before: statement.range)
    switch statement.kind {
    case .varBinding(let name, let expr), .letBinding(let name, let expr):
      try declare(
        name.name, expr, key: statement.range.start, mutable: assignedLater(name.name), comment)
    case .assign(let name, let index, let expr):
      try assign(name, index, expr, comment)
    case .ifElse(let condition, let yes, let no):
      try ifElse(condition, yes, no, comment)
    case .forLoop(let name, let low, let high, let inclusive, let body):
      try loop(name.name, low, high, inclusive, body, key: statement.range.start, comment)
    case .whileLoop(let condition, let body):
      emit("while \(try truth(condition)) {", comment)
      try block(body)
      emit("}")
    case .place(let step):
      try place(step, comment)
    case .placeInGroup(let frameExpr, let attributes):
      // COMP-7: the item provider's next custom item.
      let frame = try value(frameExpr)
      guard frame.kind == .rect else {
        throw unsupported("a custom item's frame that is not a rect", frameExpr.range)
      }
      var arguments = "frame: \(frame.code)"
      for operation in attributes {
        guard case .zIndex(let z) = operation.kind else {
          throw unsupported("'\(operation.name)' on a custom item", operation.range)
        }
        arguments += ", zIndex: \(try integer(value(z)))"
      }
      let call = "\(customItems).append(NSCollectionLayoutGroupCustomItem(\(arguments)))"
      guard 2 * depth + call.count > 96 else { return emit(call, comment) }
      // A long call: the item on a line of its own.
      emit("\(customItems).append(", comment)
      depth += 1
      emit("NSCollectionLayoutGroupCustomItem(\(arguments)))")
      depth -= 1
    case .contentSize(let expr):
      let size = try value(expr)
      guard size.kind == .size else {
        throw unsupported("a content size that is not a size", expr.range)
      }
      emit("contentSize = \(size.code)", comment)
    case .answer(let expr):
      let element = try value(expr)
      guard element.kind == .attributes else {
        throw unsupported("an answer that is not an element of cached", expr.range)
      }
      emit("answer.append(\(element.code))", comment)
    default:
      throw unsupported("'\(statement.keywordSpelling)'", statement.range)
    }
  }

  private mutating func declare(
    _ name: String, _ expr: Expr, key: Int, mutable: Bool, _ comment: String?
  ) throws(Unsupported) {
    var value: SwiftValue
    var annotation = ""
    if case .indexPath(let parts) = expr.kind, !parts.isEmpty {
      // `var heights = [0, 0]` is an array of numbers (`arrayOrValue`).
      let numbers = try parts.map { (p) throws(Unsupported) in number(try self.value(p)).code }
      value = SwiftValue(code: "[\(numbers.joined(separator: ", "))]", kind: .array)
      annotation = ": [CGFloat]"
    } else {
      value = try self.value(expr)
    }
    if value.kind == .int && demoted.contains(key) {
      value = number(value)
      if !mutable { value.whole = true }
    }
    if value.kind == .number && value.literal { annotation = ": CGFloat" }
    // Only a constant keeps what is known of its value.
    if mutable { (value.whole, value.nonNegative) = (value.kind == .int, false) }
    let swiftName = SwiftNames.variable(name)
    emit("\(mutable ? "var" : "let") \(swiftName)\(annotation) = \(value.code)", comment)
    var variable = value
    variable.code = swiftName
    (variable.precedence, variable.literal) = (SwiftPrecedence.atom, false)
    scopes[scopes.count - 1][name] = Variable(name: swiftName, value: variable, key: key)
  }

  private mutating func assign(_ name: Identifier, _ index: Expr?, _ expr: Expr, _ comment: String?)
    throws(Unsupported)
  {
    guard let variable = lookup(name.name) else {
      throw unsupported("an assignment to '\(name.name)'", name.range)
    }
    if let index {
      guard variable.value.kind == .array else {
        throw unsupported("an element of '\(name.name)'", name.range)
      }
      let element = number(try value(expr))
      emit("\(variable.name)[\(try integer(value(index)))] = \(element.code)", comment)
      return
    }
    // `i = i + 1` is `i += 1`: the same one addition.
    if case .binary(let op, let left, let right) = expr.kind, op == .add || op == .subtract,
      case .name(let same) = left.kind, same == name.name
    {
      let step = try converted(try value(right), to: variable, at: expr.range)
      emit("\(variable.name) \(op.rawValue)= \(step.code)", comment)
      return
    }
    let new = try converted(try value(expr), to: variable, at: expr.range)
    emit("\(variable.name) = \(new.code)", comment)
  }

  /// A value stored into `variable`: a number into an `Int` variable demotes it (the next
  /// pass declares it `CGFloat`), unless it is whole.
  private mutating func converted(_ new: SwiftValue, to variable: Variable, at range: SourceRange)
    throws(Unsupported) -> SwiftValue
  {
    switch (variable.value.kind, new.kind) {
    case (.int, .number) where new.whole:
      return SwiftValue(code: "Int(\(new.code))", kind: .int)
    case (.int, .number):
      if !demoted.contains(variable.key) {
        demoted.insert(variable.key)
        foundDemotion = true
      }
      return new
    case (.number, .int): return number(new)
    case (let a, let b) where a == b: return new
    default: throw unsupported("a value of another type stored in a variable", range)
    }
  }

  private mutating func ifElse(
    _ condition: Expr, _ yes: [Statement], _ no: [Statement]?, _ comment: String?
  ) throws(Unsupported) {
    emit("if \(try truth(condition)) {", comment)
    try block(yes)
    var rest = no
    while let code = rest {
      if code.count == 1, case .ifElse(let c, let y, let n) = code[0].kind {
        let inner = carryComments(before: code[0].range)
        emit("} else if \(try truth(c)) {", inner)
        try block(y)
        rest = n
      } else {
        emit("} else {")
        try block(code)
        rest = nil
      }
    }
    emit("}")
  }

  private mutating func loop(
    _ name: String, _ lowExpr: Expr, _ highExpr: Expr, _ inclusive: Bool, _ body: [Statement],
    key: Int, _ comment: String?
  ) throws(Unsupported) {
    let lowValue = try value(lowExpr)
    let highValue = try value(highExpr)
    let low = try integer(lowValue)
    let high = try integer(highValue)
    // gl runs no pass over an empty range; Swift's `a..<b` traps when b < a, so it is
    // written only where b cannot be below a (a literal 0 and a count), else `stride`.
    let safe = lowValue.literal && low == "0" && highValue.nonNegative
    let sequence =
      safe
      ? "\(low)\(inclusive ? "..." : "..<")\(highValue.operand(SwiftPrecedence.additive))"
      : "stride(from: \(low), \(inclusive ? "through" : "to"): \(high), by: 1)"
    let reads = SwiftCodeScan.reads(name, in: body)
    let swiftName = reads ? SwiftNames.variable(name) : "_"
    emit("for \(swiftName) in \(sequence) {", comment)
    scopes.append([
      name: Variable(
        name: swiftName, value: SwiftValue(code: swiftName, kind: .int, whole: true), key: key)
    ])
    try block(body)
    scopes.removeLast()
    emit("}")
  }

  /// `place item [s, i] at FRAME { alpha …; z … }`: the layout's `placeItem`.
  private mutating func place(_ step: PlaceStep, _ comment: String?) throws(Unsupported) {
    guard step.element == .item, case .indexPath(let parts) = step.path.kind, parts.count == 2
    else {
      throw unsupported("placing headers, footers and other views", step.path.range)
    }
    let section = try integer(value(parts[0]))
    let item = try integer(value(parts[1]))
    let frame = try value(step.frame)
    guard frame.kind == .rect else {
      throw unsupported("a placed frame that is not a rect", step.frame.range)
    }
    var arguments = ["IndexPath(item: \(item), section: \(section))", "at: \(frame.code)"]
    for operation in step.attributes {
      switch operation.kind {
      case .alpha(let e): arguments.append("alpha: \(number(try value(e)).code)")
      case .zIndex(let e): arguments.append("zIndex: \(try integer(value(e)))")
      default: throw unsupported("'\(operation.name)' on a placed element", operation.range)
      }
      placesStyled = true
    }
    let call = "placeItem(\(arguments.joined(separator: ", ")))"
    guard 2 * depth + call.count > 96 else { return emit(call, comment) }
    // A long call: the index path on a line of its own, and the frame after it.
    emit("placeItem(", comment)
    depth += 1
    emit(arguments[0] + ",")
    emit(arguments.dropFirst().joined(separator: ", ") + ")")
    depth -= 1
  }

  func lookup(_ name: String) -> Variable? {
    for scope in scopes.reversed() { if let v = scope[name] { return v } }
    return nil
  }

  /// The script's comments before the statement's line, written there; the comment at the
  /// end of its line, returned for the line that starts it.
  private mutating func carryComments(before range: SourceRange) -> String? {
    let (source, local) = file.origin(of: range)
    let line = source.location(of: local.start).line
    let above = SwiftCodeScan.comments(above: line, in: source) { !commented.contains($0) }
    commented.formUnion((line - above.count)..<line)
    for text in above { emit("// " + text) }
    guard commented.insert(line).inserted else { return nil }
    return SwiftCodeScan.trailingComment(source.lineText(line))
  }
}
