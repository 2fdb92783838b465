import LayoutEngine

/// Expressions of layout code, compiled as `Evaluator` evaluates them: the same operands
/// in the same order, the same operation per node (`Builtins.swift` for calls), the types
/// it accepts and nothing else.
extension LayoutCodeCompiler {
  /// The value of `e`, which must be of `type`.
  mutating func operand(_ e: Expr, _ type: CodeType) throws(Unsupported) -> Operand {
    let value = try self.value(e)
    guard value.type == type else { throw Unsupported() }
    return value
  }

  /// The value of `e`. With `target`, a number, bool or array may be computed straight
  /// into it by the expression's last instruction (then `target` is returned); the caller
  /// moves any other result there.
  mutating func value(_ e: Expr, into target: Operand? = nil) throws(Unsupported) -> Operand {
    switch e.kind {
    case .number(let v): return Operand(type: .number, registers: [constant(v)])
    case .bool(let b): return Operand(type: .bool, registers: [constant(b ? 1 : 0)])
    case .name(let n):
      guard n != ExpressionKeyword.nothing.spelling else { throw Unsupported() }
      return try name(n)
    case .unary(.negate, let operand):
      // `-5` is the literal −5 in both forms: negation is exact.
      if case .number(let v) = operand.kind { return try value(Expr(.number(-v), e.range)) }
      let x = try value(operand)
      guard x.type == .number || x.type == .size || x.type == .point else { throw Unsupported() }
      return Operand(
        type: x.type,
        registers: x.registers.map { r in result(.negate, r, 0, x.type.width == 1 ? target : nil) })
    case .unary(.not, let operand):
      let x = try self.operand(operand, .bool)
      return Operand(type: .bool, registers: [result(.not, x.registers[0], 0, target)])
    case .binary(let op, let left, let right):
      return try binary(op, left, right, target)
    case .conditional(let condition, let yes, let no):
      return try conditional(condition, yes, no, target)
    case .size(let w, let h):
      let width = try operand(w, .number)
      let height = try operand(h, .number)
      return Operand(type: .size, registers: width.registers + height.registers)
    case .tuple(let items) where items.count == 2:
      let x = try operand(items[0], .number)
      let y = try operand(items[1], .number)
      return Operand(type: .point, registers: x.registers + y.registers)
    case .indexPath(let parts) where parts.count > 2:
      return try arrayLiteral(parts, into: target)
    case .call(let function, let arguments):
      return try call(function.name, arguments, target)
    case .member(let base, let member):
      return try self.member(base, member.name, target)
    case .subscript(let base, let index):
      let array = try operand(base, .array)
      let position = try operand(index, .number)
      return Operand(
        type: .number,
        registers: [result(.arrayGet, array.registers[0], position.registers[0], target)])
    default:
      throw Unsupported()
    }
  }

  /// Emits `op` with operands b and c into `target`'s register when it is a number or bool
  /// register, else into a new one; that register.
  mutating func result(_ op: CodeOp, _ b: Int32, _ c: Int32, _ target: Operand?, _ d: Int32 = 0)
    -> Int32
  {
    let a =
      if let target, target.type == .number || target.type == .bool {
        target.registers[0]
      } else {
        newRegisters(1)
      }
    emit(op, a, b, c, d)
    return a
  }

  /// `[a, b, c]` where it makes an array (`Evaluator.bracket`, `arrayOrValue`).
  mutating func arrayLiteral(_ parts: [Expr], into target: Operand? = nil) throws(Unsupported)
    -> Operand
  {
    var registers: [Int32] = []
    for part in parts { registers += try operand(part, .number).registers }
    program.lists.append(registers)
    let array = target?.type == .array ? target! : newOperand(.array)
    emit(.arrayLiteral, array.registers[0], Int32(program.lists.count - 1))
    return array
  }

  private mutating func binary(
    _ op: BinaryOperator, _ left: Expr, _ right: Expr, _ target: Operand?
  )
    throws(Unsupported) -> Operand
  {
    switch op {
    case .and, .or:
      // The right side only when the left does not decide, as the evaluator does; in a
      // register of its own, since the right side may read the target.
      let t = newRegisters(1)
      emit(.move, t, try operand(left, .bool).registers[0])
      let decided = emitJump(op == .and ? .jumpIfFalse : .jumpIfTrue, t)
      emit(.move, t, try operand(right, .bool).registers[0])
      patch(decided)
      return Operand(type: .bool, registers: [t])
    case .equal, .notEqual:
      let a = try value(left)
      let b = try value(right)
      guard a.type == b.type else { throw Unsupported() }
      let t: Int32
      switch a.type {
      case .number:
        t = newRegisters(1)
        emit(.equal, t, a.registers[0], b.registers[0])
      case .bool:
        t = newRegisters(1)
        emit(.same, t, a.registers[0], b.registers[0])
      case .size, .point:
        t = result(.closePairs, consecutive(a), consecutive(b), nil)
      case .rect: t = result(.closeRects, consecutive(a), consecutive(b), nil)
      case .array: throw Unsupported()
      }
      return Operand(type: .bool, registers: [op == .equal ? t : result(.not, t, 0, nil)])
    case .less, .lessEqual, .greater, .greaterEqual:
      let a = try operand(left, .number)
      let b = try operand(right, .number)
      let code: CodeOp =
        switch op {
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        default: .greaterEqual
        }
      return Operand(type: .bool, registers: [result(code, a.registers[0], b.registers[0], target)])
    default:
      return try arithmetic(op, try value(left), try value(right), target)
    }
  }

  /// `Evaluator.arithmetic`: numbers, a size scaled by a number, sizes and points added or
  /// subtracted part by part, each part checked finite.
  private mutating func arithmetic(
    _ op: BinaryOperator, _ a: Operand, _ b: Operand, _ target: Operand?
  )
    throws(Unsupported) -> Operand
  {
    let code: CodeOp =
      switch op {
      case .add: .add
      case .subtract: .subtract
      case .multiply: .multiply
      case .divide: .divide
      default: .remainder
      }
    let additive = op == .add || op == .subtract
    switch (a.type, b.type) {
    case (.number, .number):
      return Operand(
        type: .number, registers: [result(code, a.registers[0], b.registers[0], target)])
    case (.size, .number) where op == .multiply || op == .divide:
      return Operand(
        type: .size, registers: a.registers.map { result(code, $0, b.registers[0], nil) })
    case (.number, .size) where op == .multiply:
      return Operand(
        type: .size, registers: b.registers.map { result(code, a.registers[0], $0, nil) })
    case (.size, .size) where additive, (.point, .point) where additive:
      return Operand(
        type: a.type, registers: zip(a.registers, b.registers).map { result(code, $0, $1, nil) })
    default:
      throw Unsupported()
    }
  }

  /// `c ? a : b`: only the branch taken is computed; both must be of one type.
  private mutating func conditional(_ condition: Expr, _ yes: Expr, _ no: Expr, _ target: Operand?)
    throws(Unsupported) -> Operand
  {
    let test = try operand(condition, .bool)
    let toNo = emitJump(.jumpIfFalse, test.registers[0])
    let first = try value(yes, into: target)
    let out = target?.type == first.type && first.type.width == 1 ? target! : newOperand(first.type)
    move(first, to: out)
    let toEnd = emitJump(.jump)
    patch(toNo)
    let second = try value(no, into: out)
    guard second.type == first.type else { throw Unsupported() }
    move(second, to: out)
    patch(toEnd)
    return out
  }

  /// `size.width`, `rect.maxY`, `array.count`, …: a part of a value is its register; a
  /// rect's computed members are instructions over its four numbers (`Rect`'s own).
  private mutating func member(_ base: Expr, _ name: String, _ target: Operand?)
    throws(Unsupported) -> Operand
  {
    let value = try self.value(base)
    let r = value.registers
    func number(_ register: Int32) -> Operand { Operand(type: .number, registers: [register]) }
    switch (value.type, name) {
    case (.size, "width"), (.point, "x"), (.rect, "x"): return number(r[0])
    case (.size, "height"), (.point, "y"), (.rect, "y"): return number(r[1])
    case (.rect, "width"): return number(r[2])
    case (.rect, "height"): return number(r[3])
    case (.rect, "origin"): return Operand(type: .point, registers: [r[0], r[1]])
    case (.rect, "size"): return Operand(type: .size, registers: [r[2], r[3]])
    case (.array, "count"): return number(result(.arrayCount, r[0], 0, target))
    case (.rect, _):
      guard let computed = RectMember(name) else { throw Unsupported() }
      return number(result(.rectMember, consecutive(value), computed.rawValue, target))
    default: throw Unsupported()
    }
  }

  /// The first of `value`'s registers, copied to consecutive ones when they are not.
  mutating func consecutive(_ value: Operand) -> Int32 {
    let r = value.registers
    if r == (0..<Int32(r.count)).map({ r[0] + $0 }) { return r[0] }
    let copy = newOperand(value.type)
    move(value, to: copy)
    return copy.registers[0]
  }
}

extension LayoutCodeCompiler {
  /// A builtin (`Evaluator.call`): its labels and argument types as the evaluator accepts
  /// them; `nearest` and insets are left to the interpreter.
  mutating func call(_ name: String, _ arguments: [CallArgument], _ target: Operand?)
    throws(Unsupported) -> Operand
  {
    guard let builtin = Builtin(rawValue: name), builtin.arity.contains(arguments.count) else {
      throw Unsupported()
    }
    if let labels = builtin.labels {
      guard zip(arguments, labels).allSatisfy({ $0.label?.name == $1 }) else { throw Unsupported() }
      let value = try operand(arguments[0].value, .number).registers[0]
      let second = try self.value(arguments[1].value)
      if builtin == .repeating {
        guard second.type == .number else { throw Unsupported() }
        let array = target?.type == .array ? target! : newOperand(.array)
        emit(.arrayRepeat, array.registers[0], value, second.registers[0])
        return array
      }
      guard second.type == .array else { throw Unsupported() }
      return number(result(.indexOf, value, second.registers[0], target))
    }
    if builtin == .min || builtin == .max, arguments.count == 1 {
      let array = try operand(arguments[0].value, .array)
      return number(result(builtin == .min ? .arrayMin : .arrayMax, array.registers[0], 0, target))
    }
    for argument in arguments where argument.label != nil {
      guard builtin == .items, argument.label?.name == "in" else { throw Unsupported() }
    }
    if builtin.takesGeometry { return try geometry(builtin, arguments) }
    var values: [Int32] = []
    for argument in arguments { values += try operand(argument.value, .number).registers }
    switch builtin {
    case .min, .max:
      // `values.min()!`: each further value replaces the result only when smaller (larger).
      var running = values[0]
      for (i, next) in values.dropFirst().enumerated() {
        let last = i == values.count - 2
        running = result(
          builtin == .min ? .firstMin : .firstMax, running, next, last ? target : nil)
      }
      return number(running)
    case .clamp: return number(result(.clamp, values[0], values[1], target, values[2]))
    case .rect: return Operand(type: .rect, registers: values)
    case .items: return number(result(.itemCount, values[0], 0, target))
    default:
      guard let code = Self.unaryCode[builtin] else { throw Unsupported() }
      return number(result(code, values[0], 0, target))
    }
  }

  private static let unaryCode: [Builtin: CodeOp] = [
    .abs: .absolute, .floor: .floor, .ceil: .ceil, .round: .round, .sqrt: .squareRoot,
    .ln: .logarithm, .exp: .exponential,
  ]

  private func number(_ register: Int32) -> Operand {
    Operand(type: .number, registers: [register])
  }

  /// `union(r, r)` (GEO-7) and `inset(r, d)` (GEO-9), into four new registers.
  private mutating func geometry(_ builtin: Builtin, _ arguments: [CallArgument])
    throws(Unsupported) -> Operand
  {
    let rect = try operand(arguments[0].value, .rect)
    let second = try value(arguments[1].value)
    let out = newOperand(.rect)
    switch (builtin, second.type) {
    case (.union, .rect):
      emit(.union, out.registers[0], consecutive(rect), consecutive(second))
    case (.inset, .number):
      emit(.inset, out.registers[0], consecutive(rect), second.registers[0])
    default:
      throw Unsupported()
    }
    return out
  }
}

extension RectMember {
  init?(_ name: String) {
    switch name {
    case "minX": self = .minX
    case "minY": self = .minY
    case "maxX": self = .maxX
    case "maxY": self = .maxY
    case "midX": self = .midX
    case "midY": self = .midY
    default: return nil
    }
  }
}
