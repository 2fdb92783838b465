import LayoutEngine

/// Compiles the code of a custom layout's `prepare` (MOS-1: it computes every frame once
/// per `prepare()`, LAY-2) to a `LayoutProgram`: variables in numbered registers, arrays in
/// numbered slots, `if` and `for` as jumps, `place` and `content size` as instructions that
/// hand numbers to the layout. The interpreter (`LayoutCodeRunner`) stays the reference:
/// whatever this compiler cannot express exactly — a value it does not hold (insets,
/// strings, index paths, elements), a type error the interpreter would report, a name it
/// cannot resolve — makes `compile` return nil, and the whole `prepare` is interpreted.
///
/// Exactness: each instruction does the evaluator's arithmetic on the same `Double`s in
/// the same order, with the same checks, so a compiled run places the same attributes bit
/// for bit, or stops where the interpreter would fail and leaves the diagnostic to it.
struct LayoutCodeCompiler {
  /// What stops compilation: the code needs something the compiled form does not do.
  struct Unsupported: Error {}

  /// One block's names. A loop's block is shared by all its passes (`LayoutCodeRunner`
  /// pushes it once), so a name the body declares is still there, with the last pass's
  /// value, when the next pass reads it before declaring it again: such code is left to
  /// the interpreter rather than imitated.
  struct Scope {
    var names: [String: Operand] = [:]
    /// Names the body of a loop declares at its top level (the loop's block).
    var declaredInLoop: Set<String> = []
  }

  var program = LayoutProgram()
  var scopes: [Scope] = [Scope()]
  /// The type a name read from outside has now; nil when compiled code cannot hold it.
  let externalType: (String) -> CodeType?
  /// Every outside name consulted, with its type then: the program stays valid while
  /// they keep their types.
  var consulted: [String: CodeType?] = [:]
  /// Each constant's register by its bits, so a constant is found in one lookup: searching
  /// `program.constants` made code with many numbers (100,000 `var`s) quadratic (issue 36).
  var constantRegisters: [UInt64: Int32] = [:]

  /// The compiled form of `code`, and the outside names it consulted (with their types,
  /// also when it could not be compiled, so that a refusal is not retried every prepare).
  static func compile(_ code: [Statement], externalType: @escaping (String) -> CodeType?)
    -> (program: LayoutProgram?, consulted: [String: CodeType?])
  {
    var compiler = LayoutCodeCompiler(externalType: externalType)
    do throws(Unsupported) {
      try compiler.statements(code)
    } catch {
      return (nil, compiler.consulted)
    }
    return (compiler.program, compiler.consulted)
  }

  // MARK: Statements

  /// Statements in a row, each a step (`LayoutCodeRunner.run`): those without `if` or
  /// `for` between them are counted by one `step` before the first. Straight-line code is
  /// run to its end unless it stops, so the run stops for the budget exactly when the
  /// interpreter would (perhaps a few statements earlier, and then discarded), and a loop
  /// further on sees the budget the interpreter would.
  /// A loop's body adds its pass (`passStep`) to its first `step`, or is that one step when
  /// it is empty, as the interpreter counts each pass.
  mutating func statements(_ code: [Statement], passStep: Bool = false) throws(Unsupported) {
    if code.isEmpty && passStep { emit(.step, 1) }
    var start = 0
    while start < code.count {
      var end = start
      while end < code.count && !code[end].branches { end += 1 }
      let count = max(1, end - start)
      emit(.step, Int32(count + (passStep && start == 0 ? 1 : 0)))
      for statement in code[start..<(start + count)] { try self.statement(statement) }
      start += count
    }
  }

  mutating func statement(_ statement: Statement) throws(Unsupported) {
    switch statement.kind {
    case .varBinding(let name, let expr), .letBinding(let name, let expr):
      let value = try variable(expr)
      scopes[scopes.count - 1].names[name.name] = value
      if value.type == .array { emit(.arrayCharge, value.registers[0]) }
    case .assign(let name, let index, let expr):
      try assign(name.name, index, expr)
    case .ifElse(let condition, let yes, let no):
      let test = try operand(condition, .bool)
      let toElse = emitJump(.jumpIfFalse, test.registers[0])
      try block(yes)
      if let no {
        let toEnd = emitJump(.jump)
        patch(toElse)
        try block(no)
        patch(toEnd)
      } else {
        patch(toElse)
      }
    case .forLoop(let name, let low, let high, let inclusive, let body):
      try loop(name.name, low, high, inclusive, body)
    case .place(let step):
      try place(step)
    case .contentSize(let expr):
      let size = try operand(expr, .size)
      emit(.contentSize, size.registers[0], size.registers[1])
    default:
      throw Unsupported()
    }
  }

  /// A new variable holding the value of `expr`, with `[a, b]` an array (`arrayOrValue`).
  /// The value's own registers become the variable's when the expression computed them
  /// (no copy); a name, a literal or a value assembled from others is copied.
  private mutating func variable(_ expr: Expr) throws(Unsupported) -> Operand {
    let firstRegister = Int32(program.registerCount)
    let firstSlot = Int32(program.arrayCount)
    let value: Operand
    if case .indexPath(let parts) = expr.kind, !parts.isEmpty {
      value = try arrayLiteral(parts)
    } else {
      value = try self.value(expr)
    }
    let fresh: Bool
    if value.type == .array {
      fresh = value.registers[0] >= firstSlot && !isExternal(value)
    } else {
      let r = value.registers
      fresh =
        r[0] >= firstRegister && r == (0..<Int32(r.count)).map { r[0] + $0 }
        && r.allSatisfy { program.constants[$0] == nil } && !isExternal(value)
    }
    if fresh { return value }
    let variable = newOperand(value.type)
    move(value, to: variable)
    return variable
  }

  private func isExternal(_ value: Operand) -> Bool {
    program.externals.contains {
      $0.operand.type == value.type && $0.operand.registers == value.registers
    }
  }

  mutating func block(_ code: [Statement]) throws(Unsupported) {
    scopes.append(Scope())
    defer { scopes.removeLast() }
    try statements(code)
  }

  /// `for NAME in LOW..<HIGH { … }`: `loopEnter` checks both ends and the step budget as
  /// `LayoutCodeRunner` does. The passes count in a register of their own, which is the
  /// name's unless the body assigns to the name: each pass sets it afresh.
  private mutating func loop(
    _ name: String, _ lowExpr: Expr, _ highExpr: Expr, _ inclusive: Bool, _ body: [Statement]
  ) throws(Unsupported) {
    let low = try operand(lowExpr, .number)
    let high = try operand(highExpr, .number)
    let counter = newRegisters(2)
    let enter = program.instructions.count
    emit(inclusive ? .loopEnterThrough : .loopEnter, counter, low.registers[0], high.registers[0])
    let top = Int32(program.instructions.count)
    let assigned = body.contains { $0.assigns(name) }
    let variable = Operand(type: .number, registers: [assigned ? newRegisters(1) : counter])
    var scope = Scope(names: [name: variable])
    for statement in body {
      if case .varBinding(let declared, _) = statement.kind {
        scope.declaredInLoop.insert(declared.name)
      }
      if case .letBinding(let declared, _) = statement.kind {
        scope.declaredInLoop.insert(declared.name)
      }
    }
    scopes.append(scope)
    if assigned { emit(.move, variable.registers[0], counter) }
    try statements(body, passStep: true)
    scopes.removeLast()
    emit(.loopNext, counter, top)
    program.instructions[enter].d = Int32(program.instructions.count)
  }

  /// `NAME = EXPR` and `NAME[INDEX] = EXPR`: only a variable of the code (the interpreter
  /// says `notAVar` otherwise), keeping its type.
  private mutating func assign(_ name: String, _ index: Expr?, _ expr: Expr) throws(Unsupported) {
    guard let variable = try local(name) else { throw Unsupported() }
    guard let index else {
      // A number may be computed into the variable by the expression's last instruction;
      // anything wider goes through temporaries, so `p = (p.y, p.x)` reads before it writes.
      let scalar = variable.type.width == 1
      let value = try self.value(expr, into: scalar ? variable : nil)
      guard value.type == variable.type else { throw Unsupported() }
      move(value, to: variable)
      if variable.type == .array { emit(.arrayCharge, variable.registers[0]) }
      return
    }
    guard variable.type == .array else { throw Unsupported() }
    let value = try operand(expr, .number)
    let position = try operand(index, .number)
    emit(.arraySet, variable.registers[0], position.registers[0], value.registers[0])
  }

  /// `place ELEMENT [s, i] at RECT { … }`: a literal index path of numbers, a rect, and the
  /// operations' values; the layout checks the element and the frame (LAY-7).
  private mutating func place(_ step: PlaceStep) throws(Unsupported) {
    guard case .indexPath(let parts) = step.path.kind, parts.count == 1 || parts.count == 2
    else { throw Unsupported() }
    let section = try operand(parts[0], .number).registers[0]
    let item = parts.count == 2 ? try operand(parts[1], .number).registers[0] : -1
    let frame = try operand(step.frame, .rect).registers
    var attributes: Int32 = -1
    if !step.attributes.isEmpty {
      var list: [PlacedAttribute] = []
      for operation in step.attributes { list.append(try attribute(operation)) }
      program.attributeLists.append(list)
      attributes = Int32(program.attributeLists.count - 1)
    }
    var element = -1
    if step.element != .item {
      element = program.elements.firstIndex(of: step.element) ?? program.elements.count
      if element == program.elements.count { program.elements.append(step.element) }
    }
    program.places.append(
      PlaceSite(
        element: Int32(element), section: section, item: item,
        frame: SIMD4(frame[0], frame[1], frame[2], frame[3]), attributes: attributes))
    emit(.place, 0, Int32(program.places.count - 1))
  }

  /// One operation of a `place … { … }` block, with the type `Evaluator.ruleValues` needs.
  private mutating func attribute(_ operation: TransformOperation) throws(Unsupported)
    -> PlacedAttribute
  {
    switch operation.kind {
    case .rotate(let axis, let e):
      return PlacedAttribute(kind: .rotate(axis), registers: try operand(e, .number).registers)
    case .scale(let e):
      let value = try self.value(e)
      switch value.type {
      case .number: return PlacedAttribute(kind: .scale, registers: value.registers)
      case .size: return PlacedAttribute(kind: .scaleSize, registers: value.registers)
      default: throw Unsupported()
      }
    case .translate(let e):
      return PlacedAttribute(kind: .translate, registers: try operand(e, .point).registers)
    case .perspective(let e):
      return PlacedAttribute(kind: .perspective, registers: try operand(e, .number).registers)
    case .alpha(let e):
      return PlacedAttribute(kind: .alpha, registers: try operand(e, .number).registers)
    case .zIndex(let e):
      return PlacedAttribute(kind: .zIndex, registers: try operand(e, .number).registers)
    case .hidden(let e):
      let registers = try e.map { (e) throws(Unsupported) in try operand(e, .bool).registers }
      return PlacedAttribute(kind: .hidden, registers: registers ?? [])
    }
  }

  // MARK: Names

  /// The variable of the code called `name`, innermost first; nil when the code declares
  /// none (the name is read from outside). Throws where a loop's pass would read the
  /// previous pass's variable (see `Scope`).
  mutating func local(_ name: String) throws(Unsupported) -> Operand? {
    for scope in scopes.reversed() {
      if let operand = scope.names[name] { return operand }
      if scope.declaredInLoop.contains(name) { throw Unsupported() }
    }
    return nil
  }

  /// A name: the code's variable, or a value read from outside at every `prepare()`.
  mutating func name(_ name: String) throws(Unsupported) -> Operand {
    if let operand = try local(name) { return operand }
    if let external = program.externals.first(where: { $0.name == name }) {
      return external.operand
    }
    let type = externalType(name)
    consulted[name] = type
    guard let type else { throw Unsupported() }
    let operand = newOperand(type)
    program.externals.append(ExternalName(name: name, operand: operand))
    return operand
  }

  // MARK: Registers and instructions

  mutating func newRegisters(_ count: Int) -> Int32 {
    let first = Int32(program.registerCount)
    program.registerCount += count
    return first
  }

  /// Fresh registers (consecutive) or a fresh array slot for a value of `type`.
  mutating func newOperand(_ type: CodeType) -> Operand {
    if type == .array {
      program.arrayCount += 1
      return Operand(type: .array, registers: [Int32(program.arrayCount - 1)])
    }
    let first = newRegisters(type.width)
    return Operand(type: type, registers: (0..<Int32(type.width)).map { first + $0 })
  }

  /// A register holding `value` from the start of the run (one per distinct value).
  mutating func constant(_ value: Double) -> Int32 {
    if let register = constantRegisters[value.bitPattern] { return register }
    let register = newRegisters(1)
    program.constants[register] = value
    constantRegisters[value.bitPattern] = register
    return register
  }

  mutating func emit(
    _ op: CodeOp, _ a: Int32 = 0, _ b: Int32 = 0, _ c: Int32 = 0, _ d: Int32 = 0
  ) {
    program.instructions.append(CodeInstruction(op: op, a: a, b: b, c: c, d: d))
  }

  /// A jump whose target `patch` sets later; its index.
  mutating func emitJump(_ op: CodeOp, _ test: Int32 = 0) -> Int {
    emit(op, 0, test)
    return program.instructions.count - 1
  }

  /// Points the jump at `index` to the next instruction.
  mutating func patch(_ index: Int) {
    program.instructions[index].a = Int32(program.instructions.count)
  }

  /// Copies `value` into `target` (nothing when it is already there). Registers are copied
  /// through temporaries when the two overlap out of order.
  mutating func move(_ value: Operand, to target: Operand) {
    guard value.registers != target.registers else { return }
    if value.type == .array {
      emit(.arrayCopy, target.registers[0], value.registers[0])
      return
    }
    var source = value.registers
    if !Set(source).isDisjoint(with: target.registers) {
      let temporary = newRegisters(source.count)
      for (i, r) in source.enumerated() { emit(.move, temporary + Int32(i), r) }
      source = (0..<Int32(source.count)).map { temporary + $0 }
    }
    for (to, from) in zip(target.registers, source) where to != from { emit(.move, to, from) }
  }
}

extension Statement {
  /// `if` and `for`: what a run may jump over or repeat.
  var branches: Bool {
    switch kind {
    case .ifElse, .forLoop: true
    default: false
    }
  }

  /// Whether the statement (or one inside it) assigns to `name`.
  func assigns(_ name: String) -> Bool {
    switch kind {
    case .assign(let target, _, _): return target.name == name
    case .ifElse(_, let yes, let no):
      return yes.contains { $0.assigns(name) } || (no ?? []).contains { $0.assigns(name) }
    case .forLoop(_, _, _, _, let body): return body.contains { $0.assigns(name) }
    default: return false
    }
  }
}
