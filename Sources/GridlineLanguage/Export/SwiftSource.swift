import LayoutEngine

/// Swift literals for the engine's values, spelled with UIKit's types.
enum SwiftLiteral {
  /// `100`, `37.5`: whole numbers without a fraction, others as Swift prints a Double.
  static func number(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
  }

  static func size(_ s: Size) -> String {
    "CGSize(width: \(number(s.width)), height: \(number(s.height)))"
  }

  static func rect(_ r: Rect) -> String {
    "CGRect(x: \(number(r.origin.x)), y: \(number(r.origin.y)), "
      + "width: \(number(r.size.width)), height: \(number(r.size.height)))"
  }

  static func insets(_ e: EdgeInsets) -> String {
    "UIEdgeInsets(top: \(number(e.top)), left: \(number(e.left)), "
      + "bottom: \(number(e.bottom)), right: \(number(e.right)))"
  }

  static func string(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }
}

/// Lines of Swift with an indentation level, so the writers read as the code they write.
struct SwiftLines {
  private(set) var lines: [String] = []
  var depth = 0

  init() {}

  /// An exported file's opening: its name and origin (`from …`: what of the script it is),
  /// the script's scene, and `import UIKit`.
  init(file: String, version: String, origin: String, scene: SceneConfiguration) {
    add("// \(file).swift — exported by `gl export swift` (Gridline \(version))")
    add("// from \(origin). The script's")
    add("// collection view: \(SwiftFlowWriter.sceneSummary(scene)). Numbers are points.")
    add("")
    add("import UIKit")
    add("")
  }

  mutating func add(_ line: String, _ comment: String? = nil) {
    let text = line.isEmpty ? "" : String(repeating: "  ", count: depth) + line
    lines.append(comment.map { text + "  // " + $0 } ?? text)
  }

  /// A statement that ends in a call, on one line when it fits in 100 columns, else with
  /// the arguments on the next line, one level in (`let size = NSCollectionLayoutSize(` /
  /// `  widthDimension: …, heightDimension: …)`).
  mutating func addCall(_ line: String) {
    let width = depth * 2 + line.count
    guard width > 100, line.hasSuffix(")"), let open = line.firstIndex(of: "(") else {
      add(line)
      return
    }
    add(String(line[...open]))
    add("  " + line[line.index(after: open)...])
  }

  /// `head {`, the body one level in (a `switch`'s cases are not: Swift's style), `}`.
  mutating func block(
    _ head: String, comment: String? = nil, _ body: (inout SwiftLines) -> Void
  ) {
    let indents = !head.hasPrefix("switch ")
    add(head + " {", comment)
    if indents { depth += 1 }
    body(&self)
    if indents { depth -= 1 }
    add("}")
  }

  var text: String { lines.joined(separator: "\n") + "\n" }
}
