import GridlineTestSupport
import LayoutEngine

@testable import GridlineLanguage

/// One run of a script with custom layout code, compiled where it can be or always
/// interpreted: what it printed and reported, what the layout cached, and which path the
/// layout took.
struct PrepareRun {
  var outputs: [String]
  /// Each cached element's key and the bit patterns of every attribute.
  var attributes: [String]
  var contentSize: [UInt64]
  var compiledRuns: Int
  var interpretedRuns: Int
  var compilations: Int

  init(_ text: String, compiled: Bool, limits: Limits = Limits()) {
    let file = SourceFile(name: "t.gl", text: text)
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file, limits: limits)
    interpreter.layers.callbacks.compilesLayoutCode = compiled
    var outputs: [String] = []
    interpreter.run(program) { outputs.append(String(describing: $0)) }
    self.outputs = outputs
    let layout = interpreter.layout as? ScriptCustomLayout
    attributes = layout?.placedAttributes.map(Self.fingerprint) ?? []
    let size = layout?.collectionViewContentSize ?? .zero
    contentSize = [size.width.bitPattern, size.height.bitPattern]
    compiledRuns = layout?.compiledRuns ?? 0
    interpretedRuns = layout?.interpretedRuns ?? 0
    compilations = layout?.compilations ?? 0
  }

  /// The key, and frame, alpha, zIndex, hidden and transform to the bit.
  static func fingerprint(_ a: LayoutAttributes) -> String {
    let t = a.transform3D
    let numbers = [
      a.frame.origin.x, a.frame.origin.y, a.frame.size.width, a.frame.size.height, a.alpha,
      t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
      t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ]
    return "\(a.key) z\(a.zIndex) \(a.isHidden) "
      + numbers.map { String($0.bitPattern, radix: 16) }.joined(separator: " ")
  }

  /// Whether two runs placed, sized and said the same.
  func matches(_ other: PrepareRun) -> Bool {
    outputs == other.outputs && attributes == other.attributes
      && contentSize == other.contentSize
  }
}

/// Random layout code within what the compiler takes (numbers, booleans, sizes, points,
/// rects and arrays; `if`, `for`, `place` with operations, `content size`), for the test
/// that runs each program compiled and interpreted. Values are small and mostly valid, so
/// most programs run compiled to the end; some divide by zero, index outside an array, place
/// a negative size or run out of steps, and must then give the interpreter's diagnostic.
struct LayoutCodeGenerator {
  var random: SeededGenerator
  private var numbers: [String] = []
  private var depth = 0

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  private mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }
  private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

  /// A whole script: a viewport, a section, the layout, and a `show` that lays it out.
  mutating func script() -> String {
    numbers = ["y", "viewport.width", "bounds.height", "k", "r.maxY", "s.width", "p.x"]
    let items = Int.random(in: 0...12, using: &random)
    var lines = ["viewport 300 x 500", "section items \(items)", "let k = \(pick([2, 3, 7]))"]
    lines.append("layout custom generated {")
    lines.append("  let gap = \(pick(["4", "0.5", "-2"]))")
    lines.append("  prepare {")
    lines += [
      "var y = 0", "var a = " + pick(["repeating(1, count: 3)", "[0, 2, 4, 6]", "[5]"]),
      "var r = rect(0, 0, 10, 10)", "var s = 20 x 30", "var p = (1, 2)",
    ].map { "    " + $0 }
    numbers += ["gap", "a[0]", "a.count", "min(a)", "max(a)"]
    lines += loop("i", "items(in: 0)", indent: "    ")
    if chance(0.9) {
      lines.append("    content size = \(pick(["300", "s.width"])) x (abs(y) + r.height)")
    }
    lines += ["  }", "}", "show all"]
    return lines.joined(separator: "\n")
  }

  private mutating func loop(_ name: String, _ end: String, indent: String) -> [String] {
    var lines = ["\(indent)for \(name) in 0\(pick(["..<", "..<", "..."]))\(end) {"]
    let outer = numbers
    numbers.append(name)
    for _ in 0..<Int.random(in: 1...5, using: &random) { lines += statement(indent + "  ") }
    if name == "i" { lines += place(indent + "  ") }
    numbers = outer
    return lines + ["\(indent)}"]
  }

  private mutating func statement(_ indent: String) -> [String] {
    depth += 1
    defer { depth -= 1 }
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return ["\(indent)y = y + \(number())"]
    case 1:
      return ["\(indent)a[\(pick(["0", "a.count - 1", "i % a.count", "y % 3"]))] = \(number())"]
    case 2: return ["\(indent)r = union(r, rect(\(number()), \(number()), 5, abs(\(number()))))"]
    case 3:
      return [
        "\(indent)s = s + (\(number()) x 1)",
        "\(indent)p = \(pick(["-p", "p + (1, 1)", "r.origin"]))",
      ]
    case 4 where depth < 3:
      let outer = numbers
      defer { numbers = outer }
      var lines = ["\(indent)if \(condition()) {"] + statement(indent + "  ")
      numbers = outer
      if chance(0.5) { lines += ["\(indent)} else if \(condition()) {"] + statement(indent + "  ") }
      numbers = outer
      if chance(0.5) { lines += ["\(indent)} else {"] + statement(indent + "  ") }
      return lines + ["\(indent)}"]
    case 5 where depth < 2 && numbers.contains("i"):
      return loop("j", pick(["2", "k", "a.count"]), indent: indent)
    case 6: return place(indent)
    case 7:
      let name = "t\(Int.random(in: 0..<1000, using: &random))"
      defer { numbers.append(name) }
      return ["\(indent)let \(name) = \(number())"]
    default: return ["\(indent)y = \(number())"]
    }
  }

  private mutating func place(_ indent: String) -> [String] {
    let element = pick([
      "item [0, i]", "item [0, i]", "item [0, i]", "header [0]", "footer [0]",
      "decoration \"bg\" [0, 0]", "supplementary \"badge\" [0, i]", "item [0, y % 3]",
    ])
    guard numbers.contains("i") || !element.contains("i") else { return [] }
    var line =
      "\(indent)place \(element) at "
      + pick([
        "rect(\(number()), y, abs(\(number())), \(pick(["10", "abs(gap)", "k"])))", "r",
        "k > 2 ? r : rect(0, 0, 1, 1)", "inset(r, 1)", "rect(p.x, p.y, s.width, s.height)",
      ])
    if chance(0.3) {
      line +=
        " { "
        + pick([
          "alpha clamp(\(number()) / 10, 0, 1)", "z i", "hidden \(condition())",
          "rotate \(number()); scale 0.5", "scale 2 x 0.5; translate (1, -1)", "perspective 500",
          "alpha 0.5; z -1",
        ]) + " }"
    }
    return [line]
  }

  private mutating func number() -> String {
    depth += 1
    defer { depth -= 1 }
    if depth > 4 { return pick(numbers + ["1", "0.5"]) }
    switch Int.random(in: 0..<12, using: &random) {
    case 0, 1: return pick(numbers)
    case 2: return pick(["0", "1", "2", "-3", "0.25", "10", "100", "-0"])
    case 3: return "(\(number()) \(pick(["+", "-", "*", "+"])) \(number()))"
    case 4: return "(\(number()) \(pick(["/", "%"])) \(pick(["2", "k", "y", "3.5", "a[0]"])))"
    case 5: return "\(pick(["min", "max"]))(\(number()), \(number())\(chance(0.3) ? ", 7" : ""))"
    case 6: return "\(pick(["abs", "floor", "ceil", "round"]))(\(number()) / 3)"
    case 7: return "clamp(\(number()), \(pick(["0", "-5"])), \(pick(["50", "1"])))"
    case 8: return "(\(condition()) ? \(number()) : \(number()))"
    case 9:
      return pick([
        "index(of: \(number()), in: a)", "items(in: 0)",
        "r.\(pick(["midX", "minY", "x", "width"]))",
      ])
    case 10: return "a[\(pick(["i % a.count", "0", "a.count - 1"]))]"
    default: return pick(["-\(pick(numbers))", "sqrt(abs(\(number())))", "s.height / 2"])
    }
  }

  private mutating func condition() -> String {
    depth += 1
    defer { depth -= 1 }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return "\(number()) \(pick(["<", "<=", ">", ">=", "==", "!="])) \(number())"
    case 1 where depth < 4: return "(\(condition()) \(pick(["and", "or"])) \(condition()))"
    case 2: return "not (\(number()) > 5)"
    case 3: return pick(["s == 20 x 30", "p != (1, 2)", "r == rect(0, 0, 10, 10)", "true"])
    default: return "\(pick(numbers)) % 2 == 0"
    }
  }
}
