import LayoutEngine

/// Where a compiled run's `place`, `content size` and `items(in:)` go: the custom layout,
/// which checks what the interpreter checks (LAY-4, LAY-7) on numbers instead of values.
protocol CompiledPlacementSink {
  /// `items(in: section)`; nil when the collection view has no such section (LAY-4).
  func itemCount(inSection section: Int) -> Int?
  /// Caches one element's attributes; false where the interpreter would fail (no such
  /// element, a frame that is not finite or has a negative size).
  mutating func place(
    _ element: ElementSelector, section: Int, item: Int?, frame: Rect, values: RuleValues?
  ) -> Bool
  /// `place item [s, i] at …` without operations, the common case: no attributes values
  /// to pass (`RuleValues` is wide).
  mutating func placeCell(section: Int, item: Int?, frame: Rect) -> Bool
  /// False where the interpreter would fail (not finite, negative).
  mutating func setContentSize(_ size: Size) -> Bool
}

/// Runs a `LayoutProgram`: a loop over its instructions with the registers in raw memory
/// and the arrays in slots. `run` answers false — and the caller discards what was placed
/// and runs the interpreter from the start, which reports the diagnostic — at the first
/// instruction whose operation the evaluator would refuse: a result that is not finite, a
/// number that must be whole and is not, an index outside an array, a section that does
/// not exist, a step past the budget (one per statement and one per pass of a loop, as
/// `LayoutCodeRunner` counts, the steps of an array scanned or copied, and a loop with more
/// passes than steps left), an array past the array limits (as
/// `CodeScope.countArray` counts them: the numbers of each `repeating` and literal).
struct LayoutCodeMachine<Sink: CompiledPlacementSink>: ~Copyable {
  private let r: UnsafeMutablePointer<Double>
  private let arrays: ArraySlots
  private var budget: Int
  private var arrayBudget: Int
  private let arrayLength: Int
  private let program: LayoutProgram

  /// Runs `program` with `inputs` (the values of `program.externals`, in order) within
  /// `limits`' steps and arrays into `sink` (passed along, never copied: it holds what is
  /// placed), adding the steps it ran to `steps`; false where the interpreter would fail.
  static func run(
    _ program: LayoutProgram, inputs: [Value], limits: Limits, sink: inout Sink,
    steps: inout Int
  ) -> Bool {
    let count = max(1, program.registerCount)
    let registers = UnsafeMutablePointer<Double>.allocate(capacity: count)
    registers.initialize(repeating: 0, count: count)
    defer { registers.deallocate() }
    for (register, value) in program.constants { registers[Int(register)] = value }
    var machine = LayoutCodeMachine(
      r: registers, arrays: ArraySlots(count: program.arrayCount), budget: limits.steps,
      arrayBudget: limits.arrayElements, arrayLength: limits.arrayLength, program: program)
    for (external, value) in zip(program.externals, inputs) {
      guard machine.load(value, into: external.operand) else { return false }
    }
    let ran = program.instructions.withUnsafeBufferPointer { machine.execute($0, &sink) }
    steps &+= limits.steps - max(0, machine.budget)
    return ran
  }

  /// A value read from outside, into its registers (a rect as stored: origin, then size).
  private mutating func load(_ value: Value, into operand: Operand) -> Bool {
    let at = operand.registers.map { Int($0) }
    switch (value, operand.type) {
    case (.number(let v), .number): r[at[0]] = v
    case (.bool(let b), .bool): r[at[0]] = b ? 1 : 0
    case (.size(let s), .size): (r[at[0]], r[at[1]]) = (s.width, s.height)
    case (.point(let p), .point): (r[at[0]], r[at[1]]) = (p.x, p.y)
    case (.rect(let q), .rect):
      (r[at[0]], r[at[1]], r[at[2]], r[at[3]]) = (
        q.origin.x, q.origin.y, q.size.width, q.size.height
      )
    case (.array(let values), .array): arrays.replace(at[0], with: values)
    default: return false
    }
    return true
  }

  /// The loop: control flow and the operations a loop body does most here (one dispatch
  /// each), every other operation in `compute` and `structure`.
  private mutating func execute(_ code: UnsafeBufferPointer<CodeInstruction>, _ sink: inout Sink)
    -> Bool
  {
    let r = self.r
    var pc = 0
    while pc < code.count {
      let i = code[pc]
      pc += 1
      let (a, b, c) = (Int(i.a), Int(i.b), Int(i.c))
      switch i.op {
      case .move: r[a] = r[b]
      case .add, .subtract, .multiply, .divide, .remainder:
        let v = Self.arithmetic(i.op, r[b], r[c])
        guard v.isFinite else { return false }
        r[a] = v
      case .arrayGet:
        let values = arrays[b]
        guard let k = Self.whole(r[c]), k >= 0 && k < values.count else { return false }
        r[a] = values[k]
      case .arraySet:
        let values = arrays[a]
        guard let k = Self.whole(r[b]), k >= 0 && k < values.count else { return false }
        values[k] = r[c]
      case .place: guard place(program.places[b], &sink) else { return false }
      case .jump: pc = a
      case .jumpIfFalse: if r[b] == 0 { pc = a }
      case .jumpIfTrue: if r[b] != 0 { pc = a }
      case .step:
        budget -= a
        if budget < 0 { return false }
      case .loopEnter, .loopEnterThrough: guard enter(i, &pc) else { return false }
      case .loopNext:
        let next = r[a] + 1
        r[a] = next
        if next < r[a + 1] { pc = b }
      default:
        let done = i.op.rawValue <= CodeOp.clamp.rawValue ? compute(i) : structure(i, &sink)
        guard done else { return false }
      }
    }
    return true
  }

  @inline(__always)
  private static func arithmetic(_ op: CodeOp, _ x: Double, _ y: Double) -> Double {
    switch op {
    case .add: x + y
    case .subtract: x - y
    case .multiply: x * y
    case .divide: x / y
    default: NumericProgram.remainder(x, y)
    }
  }

  /// `for`'s ends, whole, and its passes within the steps left; no pass: past the loop.
  @inline(__always)
  private mutating func enter(_ i: CodeInstruction, _ pc: inout Int) -> Bool {
    guard let low = Self.whole(r[Int(i.b)]), let high = Self.whole(r[Int(i.c)]) else {
      return false
    }
    let end = i.op == .loopEnterThrough ? high + 1 : high
    if end <= low {
      pc = Int(i.d)
      return true
    }
    guard end - low <= budget else { return false }
    // The pass's name is `Double(i)` of an `Int`, so a loop from −0 counts from +0.
    r[Int(i.a)] = Double(low)
    r[Int(i.a) + 1] = Double(end)
    return true
  }

  /// `wholeNumber`: a finite whole number within ±10¹², as an `Int` — tested through the
  /// conversion (exact in that range) rather than libm's `round`, with the same answers.
  @inline(__always)
  static func whole(_ v: Double) -> Int? {
    guard abs(v) <= 1e12 else { return nil }
    let n = Int(v)
    return Double(n) == v ? n : nil
  }

  /// Number operations; false for a failure and for an operation that is not one of them.
  @inline(__always)
  private mutating func compute(_ i: CodeInstruction) -> Bool {
    let (a, b, c) = (Int(i.a), Int(i.b), Int(i.c))
    func set(_ v: Double) -> Bool {
      r[a] = v
      return true
    }
    func finite(_ v: Double) -> Bool { v.isFinite && set(v) }
    func compare(_ code: NumericProgram.Code) -> Bool {
      set(NumericProgram.binary(code, r[b], r[c]))
    }
    switch i.op {
    case .negate: return set(-r[b])
    case .equal: return compare(.equal)
    case .notEqual: return compare(.notEqual)
    case .less: return compare(.less)
    case .lessEqual: return compare(.lessEqual)
    case .greater: return compare(.greater)
    case .greaterEqual: return compare(.greaterEqual)
    case .same: return set(r[b] == r[c] ? 1 : 0)
    case .differ: return set(r[b] != r[c] ? 1 : 0)
    case .not: return set(r[b] == 0 ? 1 : 0)
    case .firstMin: return set(r[c] < r[b] ? r[c] : r[b])
    case .firstMax: return set(r[c] > r[b] ? r[c] : r[b])
    case .absolute: return set(abs(r[b]))
    case .floor: return set(r[b].rounded(.down))
    case .ceil: return set(r[b].rounded(.up))
    case .round: return set(r[b].rounded(.toNearestOrAwayFromZero))
    case .squareRoot: return r[b] >= 0 && set(r[b].squareRoot())
    case .logarithm: return r[b] > 0 && set(ScrollPhysics.ln(r[b]))
    case .exponential: return finite(ScrollPhysics.exp(r[b]))
    case .clamp:
      let (low, high) = (r[c], r[Int(i.d)])
      return low <= high && set(Swift.min(Swift.max(r[b], low), high))
    default: return false
    }
  }

  private func rect(at first: Int) -> Rect {
    Rect(x: r[first], y: r[first + 1], width: r[first + 2], height: r[first + 3])
  }

  private func store(_ q: Rect, at first: Int) {
    (r[first], r[first + 1], r[first + 2], r[first + 3]) =
      (q.origin.x, q.origin.y, q.size.width, q.size.height)
  }

  /// Rects, arrays, counts and what the layout keeps; false for a failure.
  @inline(__always)
  private mutating func structure(_ i: CodeInstruction, _ sink: inout Sink) -> Bool {
    let (a, b, c) = (Int(i.a), Int(i.b), Int(i.c))
    switch i.op {
    case .closePairs:
      r[a] = Tolerance.isClose(r[b], r[c]) && Tolerance.isClose(r[b + 1], r[c + 1]) ? 1 : 0
    case .closeRects: r[a] = rect(at: b).isClose(to: rect(at: c)) ? 1 : 0
    case .rectMember:
      let q = rect(at: b)
      switch RectMember(rawValue: i.c) {
      case .minX: r[a] = q.minX
      case .minY: r[a] = q.minY
      case .maxX: r[a] = q.maxX
      case .maxY: r[a] = q.maxY
      case .midX: r[a] = q.midX
      case .midY: r[a] = q.midY
      case nil: return false
      }
    case .union: store(rect(at: b).union(rect(at: c)), at: a)
    case .inset:
      let q = rect(at: b).insetBy(dx: r[c], dy: r[c])
      guard !q.isNull else { return false }
      store(q, at: a)
    case .itemCount:
      guard let s = Self.whole(r[b]), let n = sink.itemCount(inSection: s) else { return false }
      r[a] = Double(n)
    case .contentSize: return sink.setContentSize(Size(width: r[a], height: r[b]))
    default: return array(i)
    }
    return true
  }

  /// Array operations; false for a failure.
  @inline(__always)
  private mutating func array(_ i: CodeInstruction) -> Bool {
    let (a, b, c) = (Int(i.a), Int(i.b), Int(i.c))
    switch i.op {
    case .arrayCount: r[a] = Double(arrays[b].count)
    case .arrayMin, .arrayMax:
      // `min(array)` folds with `Swift.min` / `Swift.max` (which keeps the later of equals).
      let values = arrays[b]
      guard var m = values.first, scanned(values.count) else { return false }
      if i.op == .arrayMin {
        for v in values.dropFirst() { m = Swift.min(m, v) }
      } else {
        for v in values.dropFirst() { m = Swift.max(m, v) }
      }
      r[a] = m
    case .arrayRepeat:
      guard let n = Self.whole(r[c]), n >= 0 && n <= arrayLength else { return false }
      guard made(n) else { return false }
      arrays.replace(a, with: repeatElement(r[b], count: n))
    case .arrayCopy: if a != b { arrays.replace(a, with: arrays[b]) }
    case .arrayCharge: return scanned(arrays[a].count)
    case .arrayLiteral:
      guard made(program.lists[b].count) else { return false }
      arrays.replace(a, with: program.lists[b].map { r[Int($0)] })
    case .indexOf:
      let v = r[b]
      guard scanned(arrays[c].count) else { return false }
      r[a] = Double(arrays[c].firstIndex { Tolerance.isClose($0, v) } ?? -1)
    default: return false
    }
    return true
  }

  /// An array of `count` numbers is read whole: its steps (`Limits.scanSteps`), charged
  /// as the interpreter charges them (`CodeScope.countScan`); false past the budget.
  private mutating func scanned(_ count: Int) -> Bool {
    budget -= Limits.scanSteps(count)
    return budget >= 0
  }

  /// An array of `count` numbers is made: false past the run's array budget.
  private mutating func made(_ count: Int) -> Bool {
    arrayBudget -= count
    return arrayBudget >= 0
  }

  /// `place`: the path's parts whole (`Evaluator.bracket`), the operations' values as
  /// `Evaluator.ruleValues` checks them, then the layout's own checks.
  private mutating func place(_ site: PlaceSite, _ sink: inout Sink) -> Bool {
    guard let section = Self.whole(r[Int(site.section)]) else { return false }
    var item: Int?
    if site.item >= 0 {
      guard let k = Self.whole(r[Int(site.item)]) else { return false }
      item = k
    }
    let f = site.frame
    let frame = Rect(
      x: r[Int(f.x)], y: r[Int(f.y)], width: r[Int(f.z)], height: r[Int(f.w)])
    if site.attributes < 0 && site.element < 0 {
      return sink.placeCell(section: section, item: item, frame: frame)
    }
    var values: RuleValues?
    if site.attributes >= 0 {
      guard let v = ruleValues(program.attributeLists[Int(site.attributes)]) else { return false }
      values = v
    }
    let element = site.element < 0 ? .item : program.elements[Int(site.element)]
    return sink.place(element, section: section, item: item, frame: frame, values: values)
  }

  private func ruleValues(_ attributes: [PlacedAttribute]) -> RuleValues? {
    var values = RuleValues()
    func compose(_ t: Transform3D) {
      values.transform3D = (values.transform3D ?? .identity).concatenating(t)
    }
    for attribute in attributes {
      let v = attribute.registers.map { r[Int($0)] }
      switch attribute.kind {
      case .rotate(let axis): compose(.rotation(degrees: v[0], about: axis))
      case .scale: compose(.scale(x: v[0], y: v[0]))
      case .scaleSize: compose(.scale(x: v[0], y: v[1]))
      case .translate: compose(.translation(x: v[0], y: v[1]))
      case .perspective:
        guard v[0] != 0 && v[0].isFinite else { return nil }
        compose(.perspective(distance: v[0]))
      case .alpha:
        guard v[0] >= 0 && v[0] <= 1 else { return nil }
        values.alpha = v[0]
      case .zIndex:
        guard let z = Self.whole(v[0]) else { return nil }
        values.zIndex = z
      case .hidden: values.isHidden = v.first.map { $0 != 0 } ?? true
      }
    }
    return values
  }
}

/// The arrays of a run, each slot's numbers in memory of its own: reading or setting an
/// element is a load or a store, with no copy-on-write check or reference count. A slot is
/// only ever replaced whole (arrays are values: `var b = a` copies), and freed with the run.
struct ArraySlots: ~Copyable {
  private let slots: UnsafeMutablePointer<UnsafeMutableBufferPointer<Double>>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: max(1, count))
    slots.initialize(
      repeating: UnsafeMutableBufferPointer(start: nil, count: 0), count: max(1, count))
  }

  deinit {
    for i in 0..<count where slots[i].baseAddress != nil { slots[i].deallocate() }
    slots.deallocate()
  }

  subscript(slot: Int) -> UnsafeMutableBufferPointer<Double> { slots[slot] }

  /// Slot `slot` becomes a copy of `values` (read before the old numbers are freed).
  func replace(_ slot: Int, with values: some Collection<Double>) {
    let fresh = UnsafeMutableBufferPointer<Double>.allocate(capacity: values.count)
    _ = fresh.initialize(from: values)
    if slots[slot].baseAddress != nil { slots[slot].deallocate() }
    slots[slot] = fresh
  }
}
