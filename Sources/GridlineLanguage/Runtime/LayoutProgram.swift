import LayoutEngine

/// The static type of a value in compiled layout code. The interpreter's values carry
/// their type at run time; compiled code knows it from the code (a variable's type is fixed
/// by its first value, grammar.md "Custom layouts"), so a value is only its numbers.
enum CodeType: Hashable, Sendable {
  case number, bool, size, point, rect, array

  /// How many registers a value takes: a rect is x, y, width, height; a bool is 1 or 0; an
  /// array is one slot of the array store.
  var width: Int {
    switch self {
    case .number, .bool, .array: 1
    case .size, .point: 2
    case .rect: 4
    }
  }

  /// The type of `value` when compiled code can hold it; nil for the others (insets,
  /// strings, index paths, elements…), which leave the code to the interpreter.
  init?(of value: Value) {
    switch value {
    case .number: self = .number
    case .bool: self = .bool
    case .size: self = .size
    case .point: self = .point
    case .rect: self = .rect
    case .array: self = .array
    default: return nil
    }
  }
}

/// A compiled value: its type and where it is — registers in the order `CodeType.width`
/// lists them, or for an array its slot. The registers of a temporary need not be
/// consecutive (`rect(a, b, c, d)` costs nothing); a variable's are.
struct Operand: Hashable, Sendable {
  var type: CodeType
  var registers: [Int32]
}

/// One instruction of compiled layout code: three-address, over a file of `Double`
/// registers (`a` is the destination unless the operation says otherwise). Register code
/// rather than `NumericProgram`'s operand stack: a loop body reads its variables in place,
/// so the waterfall's six statements are about twenty instructions an item.
struct CodeInstruction: Hashable, Sendable {
  var op: CodeOp
  var a: Int32 = 0
  var b: Int32 = 0
  var c: Int32 = 0
  var d: Int32 = 0
}

/// What an instruction does, in three groups the machine dispatches on (numbers up to
/// `clamp`, then what reads rects, arrays and the layout, then control flow). Every
/// operation the interpreter can fail in checks the same condition and stops the run (the
/// interpreter then runs from the start and says why).
enum CodeOp: UInt8, Hashable, Sendable {
  // MARK: Numbers
  /// a ← b.
  case move
  /// a ← −b.
  case negate
  /// a ← b ∘ c; stops on a result that is not finite, as the evaluator does.
  case add, subtract, multiply, divide, remainder
  /// a ← 1 or 0: numbers compared with the evaluator's tolerance.
  case equal, notEqual, less, lessEqual, greater, greaterEqual
  /// a ← 1 or 0: booleans compared exactly.
  case same, differ
  /// a ← 1 when b is 0.
  case not
  /// a ← c < b ? c : b (or c > b): one argument more of `min(x, y, …)` / `max(x, y, …)`,
  /// which keep the first of equal values as `Sequence.min()` / `.max()` do.
  case firstMin, firstMax
  /// a ← f(b).
  case absolute, floor, ceil, round, squareRoot, logarithm, exponential
  /// a ← b clamped to c…d; stops when c > d.
  case clamp

  // MARK: Rects, arrays and the layout
  /// a ← 1 or 0: `==` of sizes or points (b, b+1 against c, c+1), of rects (4 each).
  case closePairs, closeRects
  /// a ← member c (`RectMember`) of the rect in b…b+3.
  case rectMember
  /// a…a+3 ← union of the rects in b…b+3 and c…c+3 (GEO-7).
  case union
  /// a…a+3 ← the rect in b…b+3 inset by c on each side (GEO-9); stops when null.
  case inset
  /// a ← `items(in: b)`; stops when b is not a section of the collection view (LAY-4).
  case itemCount
  /// a ← array slot b at index c; stops unless c is a whole index inside it.
  case arrayGet
  /// Array slot a at index b ← c; stops unless b is a whole index inside it.
  case arraySet
  /// a ← the count of array slot b.
  case arrayCount
  /// a ← the minimum or maximum of array slot b, as `min(array)` folds it; stops when empty.
  case arrayMin, arrayMax
  /// Array slot a ← c copies of b; stops unless c is a whole count within the array limits.
  case arrayRepeat
  /// Array slot a ← a copy of array slot b (arrays are values).
  case arrayCopy
  /// The steps of copying array slot a (`Limits.scanSteps` of its count): what binding or
  /// assigning an array costs, as the interpreter charges it; stops past the budget.
  case arrayCharge
  /// Array slot a ← the registers of list b.
  case arrayLiteral
  /// a ← the first index of array slot c whose element is close to b, or −1.
  case indexOf
  /// `place`: the site b (`PlaceSite`).
  case place
  /// `content size = a x b`.
  case contentSize

  // MARK: Control
  /// Go to a; go to a when b is 0; go to a when b is not 0.
  case jump, jumpIfFalse, jumpIfTrue
  /// a statements against the step budget (statements in a row without `if` or `for`
  /// between them are counted at once: the run reaches all of them or stops anyway);
  /// stops when it runs out.
  case step
  /// `for` over b..<c (`loopEnterThrough`: b...c): both ends must be whole numbers; no
  /// pass goes to d; more passes than the steps left stops (`loopTooLong`); otherwise
  /// register a counts the passes from b and a+1 holds the end.
  case loopEnter, loopEnterThrough
  /// The next pass of the loop counting in a: go to b while the count is before the end.
  case loopNext
}

/// The members of a rect that are computed from its four numbers (`x`, `y`, `width` and
/// `height` are its registers themselves).
enum RectMember: Int32, Sendable {
  case minX, minY, maxX, maxY, midX, midY
}

/// A `place` statement with its numbers in registers: plain numbers only, so that the
/// machine reads one per item without reference counting.
struct PlaceSite: Hashable, Sendable {
  /// The element's kind, in `LayoutProgram.elements`; −1 for an item (a cell).
  var element: Int32
  var section: Int32
  /// The item's register; −1 for a path of one part (`header [1]`).
  var item: Int32
  /// The registers of the frame's x, y, width and height.
  var frame: SIMD4<Int32>
  /// The operations in braces, in `LayoutProgram.attributeLists`; −1 for none.
  var attributes: Int32
}

/// One operation of a `place … { … }` block, its value in registers (`Evaluator.ruleValues`
/// evaluates the same operations from expressions).
struct PlacedAttribute: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case rotate(Axis?)
    case scale, scaleSize, translate, perspective, alpha, zIndex, hidden
  }
  var kind: Kind
  /// Empty for `hidden` alone.
  var registers: [Int32]
}

/// A name the code reads from outside (a script `let`, `viewport`, `bounds`, `offset`,
/// `sections`): read afresh at every `prepare()` into its registers, never folded into the
/// code, so a later `let` or a new viewport needs no new compilation.
struct ExternalName: Hashable, Sendable {
  var name: String
  var operand: Operand
}

/// Compiled layout code: what `LayoutCodeCompiler` makes of a `prepare` block and
/// `LayoutCodeMachine` runs.
struct LayoutProgram: Hashable, Sendable {
  var instructions: [CodeInstruction] = []
  var registerCount = 0
  var arrayCount = 0
  /// Registers holding a literal, set before the run.
  var constants: [Int32: Double] = [:]
  var externals: [ExternalName] = []
  var places: [PlaceSite] = []
  var elements: [ElementSelector] = []
  var attributeLists: [[PlacedAttribute]] = []
  /// The registers of each array literal.
  var lists: [[Int32]] = []
}
