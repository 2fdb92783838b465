/// A name declared by layout code: `var` (it may change), `let` or a loop's (it may not).
struct CodeVariable {
  var type: ValueType
  var mutable: Bool
}

/// `layout custom NAME { … }` and the code of its `prepare`: what may stand where, and the
/// type of every variable, fixed by its first value.
extension Checker {
  mutating func checkCustomLayout(_ name: Identifier, _ body: [Statement], _ range: SourceRange) {
    if inCustomLayout || inCode || repeatDepth > 0 {
      report(.customLayoutInside, at: range)
      return
    }
    let kind = checkNamedLayout(name, .custom)
    checkTakesUpdateRules(kind, range)
    layoutKind = kind
    inCustomLayout = true
    defer { inCustomLayout = false }
    var prepared = false
    var queried = false
    for entry in body {
      switch entry.kind {
      case .letBinding: check(entry)
      case .trigger(let trigger): check(trigger, entry.range)
      case .prepare(let code):
        if prepared { report(.prepareTwice, at: entry.range) }
        prepared = true
        checkCode(code, in: [:])
      case .elementsQuery(let code):
        if queried { report(.queryTwice, at: entry.range) }
        queried = true
        inQuery = true
        defer { inQuery = false }
        checkCode(
          code,
          in: Dictionary(
            uniqueKeysWithValues: QueryName.allCases.map {
              ($0.spelling, CodeVariable(type: $0.type, mutable: false))
            }))
      default: report(.notInCustomLayout(entry.keywordSpelling), at: entry.range)
      }
    }
  }

  /// A block of layout code in a scope of its own (`bindings` first: a loop's name).
  mutating func checkCode(_ code: [Statement], in bindings: [String: CodeVariable]) {
    codeScopes.append(bindings)
    defer { codeScopes.removeLast() }
    for statement in code { checkCodeStatement(statement) }
  }

  mutating func checkCodeStatement(_ statement: Statement) {
    let range = statement.range
    switch statement.kind {
    case .varBinding(let name, let e), .letBinding(let name, let e):
      let t = codeValueType(e)
      var mutable = false
      if case .varBinding = statement.kind { mutable = true }
      codeScopes[codeScopes.count - 1][name.name] = CodeVariable(type: t, mutable: mutable)
    case .assign(let name, let index, let e):
      checkAssignment(name, index, e)
    case .ifElse(let condition, let yes, let no):
      _ = expect(condition, .bool, "'if'")
      checkCode(yes, in: [:])
      if let no { checkCode(no, in: [:]) }
    case .forLoop(let name, let low, let high, _, let body):
      _ = expectWholeNumber(low, "the loop's first value")
      _ = expectWholeNumber(high, "the loop's last value")
      checkCode(body, in: [name.name: CodeVariable(type: .number, mutable: false)])
    case .whileLoop(let condition, let body):
      _ = expect(condition, .bool, "'while'")
      checkCode(body, in: [:])
    case .answer(let e):
      if inItemProvider {
        report(.notInItemProvider(StatementKeyword.answer.spelling), at: range)
      } else if !inQuery {
        report(.answerOutsideQuery, at: range)
      }
      _ = expect(e, .attributes, "'answer'")
    case .place(let step):
      if inQuery { report(.notInQuery("place"), at: range) }
      if inItemProvider {
        // The provider's items are the section's next ones: no path to check.
        report(.placePathInGroup, at: range)
      } else {
        checkPlace(step)
      }
    case .placeInGroup(let frame, let attributes):
      if !inItemProvider { report(.placeInGroupOutside, at: range) }
      checkPlacedFrame(frame)
      for operation in attributes {
        if case .zIndex(let z) = operation.kind {
          _ = expectWholeNumber(z, "the zIndex")
        } else {
          report(.customItemAttribute(operation.name), at: operation.range)
        }
      }
    case .contentSize(let e):
      if inQuery { report(.notInQuery("content size"), at: range) }
      if inItemProvider {
        report(.notInItemProvider(StatementKeyword.contentSize.spelling), at: range)
      }
      if let size = expectSize(e, "the content size"), size.width < 0 || size.height < 0 {
        report(.negativePlacedSize("the content size", "\(Value.size(size))"), at: e.range)
      }
    default:
      report(.notLayoutCode(statement.keywordSpelling), at: range)
    }
  }

  /// The type a `var` or `let` takes from its first value: `[a, b]` is an array there.
  mutating func codeValueType(_ e: Expr) -> ValueType {
    if case .indexPath(let parts) = e.kind, !parts.isEmpty,
      !parts.contains(where: { if case .string = $0.kind { true } else { false } })
    {
      return numbers(parts, "an array", e.range) ? .array : .error
    }
    let t = type(of: e)
    return t == .none ? .error : t
  }

  /// The variable `name` of the innermost block that declares it.
  func codeVariable(_ name: String) -> CodeVariable? {
    for scope in codeScopes.reversed() { if let v = scope[name] { return v } }
    return nil
  }

  mutating func checkAssignment(_ name: Identifier, _ index: Expr?, _ e: Expr) {
    guard let variable = codeVariable(name.name) else {
      _ = nameType(name.name, name.range)
      _ = type(of: e)
      return
    }
    if !variable.mutable { report(.notAVar(name.name), at: name.range) }
    let t = type(of: e)
    if let index {
      if variable.type != .array && variable.type != .error {
        report(.notAnArray(article(variable.type)), at: name.range)
      }
      _ = expect(index, .number, "an array index")
      if t != .number && t != .error {
        report(
          .assignmentType("an element of \(name.name)", "a number", not: article(t)), at: e.range)
      }
    } else if t != variable.type && t != .error && variable.type != .error {
      report(.assignmentType(name.name, article(variable.type), not: article(t)), at: e.range)
    }
  }

  /// `place ELEMENT at RECT { … }`: an index path, a rect, the operations' values.
  mutating func checkPlace(_ step: PlaceStep) {
    if case .indexPath(let section, let item)? = expect(step.path, .indexPath, "'place'") {
      checkIndexPath(section, item ?? 0, step.element == .item ? .item : .header, step.path.range)
    }
    checkPlacedFrame(step.frame)
    checkOperations(step.attributes)
  }

  /// A rect whose size, while constant, is not negative.
  mutating func checkPlacedFrame(_ frame: Expr) {
    if case .rect(let r)? = expect(frame, .rect, "the placed frame"),
      r.size.width < 0 || r.size.height < 0
    {
      report(.negativePlacedSize("a placed frame's size", "\(Value.rect(r))"), at: frame.range)
    }
  }
}

extension Statement {
  /// The statement's first word, for diagnostics that name it.
  var keywordSpelling: String {
    switch kind {
    case .prepare: StatementKeyword.prepare.spelling
    case .varBinding: StatementKeyword.var.spelling
    case .assign(let name, _, _): "\(name.name) = …"
    case .ifElse: StatementKeyword.if.spelling
    case .forLoop: StatementKeyword.for.spelling
    case .whileLoop: StatementKeyword.while.spelling
    case .answer: StatementKeyword.answer.spelling
    case .elementsQuery: StatementKeyword.elementsInRect.spelling
    case .place, .placeInGroup: StatementKeyword.place.spelling
    case .contentSize: StatementKeyword.contentSize.spelling
    case .customLayout: "layout custom"
    default:
      // The head of the statement's dump, `(show visible)` → `show`.
      String(dump(indent: 0).dropFirst().prefix { $0 != " " && $0 != ")" })
    }
  }
}
