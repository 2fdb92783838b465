import LayoutEngine

/// A per-item size expression compiled to a flat stack program over (item, section), for
/// expressions that need only numbers: literals, `item`, `section`, constant `let` values,
/// arithmetic, `?:` over comparisons, and `min`/`max`/`abs`/`floor`/`ceil`/`round`. A
/// million-item section then costs a few dozen instructions per item, with no reference
/// counting; anything else, and any non-finite result, falls back to the general
/// evaluator, which also explains the error.
///
/// Two forms: `NumericCode`, the compiler's output — a value kept with its size rule — and
/// this, the form that runs. A program owns its code in raw storage and is `~Copyable`
/// with a `deinit`, so the compiler itself guarantees one owner and exactly one
/// deallocation (the pattern of swift-collections' `RigidDeque`); it is borrowed to run.
struct NumericProgram: ~Copyable {
  enum Code: UInt8 {
    /// `input` pushes `inputs[value]` (see `evaluate(inputs:)`).
    case constant, item, section, input
    case add, subtract, multiply, divide, remainder, negate
    case minimum, maximum, absolute, floor, ceil, round
    case equal, notEqual, less, lessEqual, greater, greaterEqual, and, or
    /// Pops c, a, b (b on top); pushes c != 0 ? a : b.
    case select
    /// Pops value, low, high; pushes the value clamped, or NaN when low > high (the general
    /// evaluator then says why).
    case clamp
  }

  struct Op: Hashable {
    var code: Code
    var value: Double
  }

  private let ops: UnsafeMutablePointer<Op>
  private let count: Int
  let stackSize: Int

  /// Copies `code` into storage of its own.
  init(_ code: NumericCode) {
    count = code.ops.count
    stackSize = code.stackSize
    ops = .allocate(capacity: max(1, count))
    code.ops.withUnsafeBufferPointer { source in
      ops.initialize(from: source.baseAddress!, count: count)
    }
  }

  deinit {
    ops.deinitialize(count: count)
    ops.deallocate()
  }

  func evaluate(item: Double, section: Double) -> Double {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { inputs in
      inputs[0] = item
      inputs[1] = section
      return evaluate(inputs: UnsafeBufferPointer(inputs))
    }
  }

  /// Runs the program with `inputs` for `.input` (slots 0 and 1 are also `item` and
  /// `section`).
  func evaluate(inputs: UnsafeBufferPointer<Double>) -> Double {
    Self.run(ops, count, stackSize, inputs)
  }

  /// The interpreter loop, shared with `NumericCode.evaluate(inputs:)`.
  static func run(
    _ ops: UnsafePointer<Op>, _ count: Int, _ stackSize: Int, _ inputs: UnsafeBufferPointer<Double>
  ) -> Double {
    let item = inputs[0]
    let section = inputs[1]
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: stackSize) { stack in
      var sp = 0
      for i in 0..<count {
        let op = ops[i]
        switch op.code {
        case .constant:
          stack[sp] = op.value
          sp += 1
        case .item:
          stack[sp] = item
          sp += 1
        case .section:
          stack[sp] = section
          sp += 1
        case .input:
          stack[sp] = inputs[Int(op.value)]
          sp += 1
        case .negate: stack[sp - 1] = -stack[sp - 1]
        case .absolute: stack[sp - 1] = abs(stack[sp - 1])
        case .floor: stack[sp - 1] = stack[sp - 1].rounded(.down)
        case .ceil: stack[sp - 1] = stack[sp - 1].rounded(.up)
        case .round: stack[sp - 1] = stack[sp - 1].rounded(.toNearestOrAwayFromZero)
        case .select:
          sp -= 2
          stack[sp - 1] = stack[sp - 1] != 0 ? stack[sp] : stack[sp + 1]
        case .clamp:
          sp -= 2
          let (v, low, high) = (stack[sp - 1], stack[sp], stack[sp + 1])
          stack[sp - 1] = low <= high ? Swift.min(Swift.max(v, low), high) : .nan
        default:
          sp -= 1
          stack[sp - 1] = Self.binary(op.code, stack[sp - 1], stack[sp])
        }
      }
      return stack[0]
    }
  }

  @inline(__always)
  static func binary(_ code: Code, _ a: Double, _ b: Double) -> Double {
    switch code {
    case .add: return a + b
    case .subtract: return a - b
    case .multiply: return a * b
    case .divide: return a / b
    case .remainder: return remainder(a, b)
    case .minimum: return min(a, b)
    case .maximum: return max(a, b)
    // Comparisons use the evaluator's one tolerance and push 1 or 0.
    case .equal: return Tolerance.isClose(a, b) ? 1 : 0
    case .notEqual: return Tolerance.isClose(a, b) ? 0 : 1
    case .less: return a < b && !Tolerance.isClose(a, b) ? 1 : 0
    case .lessEqual: return a <= b || Tolerance.isClose(a, b) ? 1 : 0
    case .greater: return a > b && !Tolerance.isClose(a, b) ? 1 : 0
    case .greaterEqual: return a >= b || Tolerance.isClose(a, b) ? 1 : 0
    case .and: return a != 0 && b != 0 ? 1 : 0
    case .or: return a != 0 || b != 0 ? 1 : 0
    default: return .nan
    }
  }

  /// `truncatingRemainder`, with whole numbers (the usual `item % 7`) done in integers:
  /// the same result, without libm's slow `fmod` — to the sign of a zero, which is the
  /// dividend's (−4 % 2 is −0), as layout code compiled from the evaluator's `%` needs.
  @inline(__always)
  static func remainder(_ a: Double, _ b: Double) -> Double {
    // Whole and within the limit: the conversion is exact, and tests it without libm.
    let limit = 9.0e15
    if abs(a) < limit && abs(b) < limit && b != 0 && Double(Int64(a)) == a
      && Double(Int64(b)) == b
    {
      let r = Int64(a) % Int64(b)
      return r == 0 && a.sign == .minus ? -0.0 : Double(r)
    }
    return a.truncatingRemainder(dividingBy: b)
  }
}

/// The code of a compiled per-item program, as the compiler emits it: a value, kept with
/// the size rule it belongs to; `NumericProgram(_:)` makes the runnable form.
struct NumericCode: Hashable {
  var ops: [NumericProgram.Op]
  /// The deepest the operand stack gets.
  var stackSize: Int

  /// Runs the code where it is, for programs evaluated a few times per answer (a live
  /// transform's values) rather than a million times (a size rule's).
  func evaluate(inputs: UnsafeBufferPointer<Double>) -> Double {
    ops.withUnsafeBufferPointer { NumericProgram.run($0.baseAddress!, $0.count, stackSize, inputs) }
  }

  /// Compiles `expr`, reading other names through `constant` and the expressions `input`
  /// names as input slots; nil when it needs more than numbers.
  static func compile(
    _ expr: Expr, constant: (String) -> Double?, input: (Expr) -> Int? = { _ in nil }
  ) -> NumericCode? {
    var ops: [NumericProgram.Op] = []
    var depth = 0
    var maxDepth = 0
    func push(_ code: NumericProgram.Code, _ value: Double = 0, pops: Int = 0) {
      ops.append(NumericProgram.Op(code: code, value: value))
      depth += 1 - pops
      maxDepth = max(maxDepth, depth)
    }
    func emit(_ e: Expr) -> Bool {
      if let slot = input(e) {
        push(.input, Double(slot))
        return true
      }
      switch e.kind {
      case .number(let v): push(.constant, v)
      case .name("item"): push(.item)
      case .name("section"): push(.section)
      case .name(let name):
        guard let v = constant(name) else { return false }
        push(.constant, v)
      case .unary(.negate, let a):
        guard emit(a) else { return false }
        push(.negate, pops: 1)
      case .binary(let op, let a, let b):
        guard emit(a), emit(b), let code = Self.code(op) else { return false }
        push(code, pops: 2)
      case .conditional(let c, let a, let b):
        guard emit(c), emit(a), emit(b) else { return false }
        push(.select, pops: 3)
      case .call(let function, let arguments):
        guard arguments.allSatisfy({ $0.label == nil }) else { return false }
        for argument in arguments { guard emit(argument.value) else { return false } }
        switch (function.name, arguments.count) {
        case ("min", 2): push(.minimum, pops: 2)
        case ("max", 2): push(.maximum, pops: 2)
        case ("abs", 1): push(.absolute, pops: 1)
        case ("floor", 1): push(.floor, pops: 1)
        case ("ceil", 1): push(.ceil, pops: 1)
        case ("round", 1): push(.round, pops: 1)
        case ("clamp", 3): push(.clamp, pops: 3)
        default: return false
        }
      default:
        return false
      }
      return true
    }
    guard emit(expr), depth == 1, maxDepth <= 64 else { return nil }
    return NumericCode(ops: ops, stackSize: max(1, maxDepth))
  }

  private static func code(_ op: BinaryOperator) -> NumericProgram.Code? {
    switch op {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .remainder: .remainder
    case .equal: .equal
    case .notEqual: .notEqual
    case .less: .less
    case .lessEqual: .lessEqual
    case .greater: .greater
    case .greaterEqual: .greaterEqual
    case .and: .and
    case .or: .or
    }
  }
}
