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

  /// A Swift string literal of `s`, whatever it holds: quotes and backslashes escaped, and
  /// every character that is not printed as itself (controls, line and paragraph
  /// separators, format characters such as bidirectional overrides) as `\u{…}`, so no
  /// script's string can end the literal or the line, or read as other code.
  static func string(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isHidden(c): out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }

  /// One line of Swift as the writers give it, made safe to be one line: a comment holds
  /// text from the script (its comments, its file's name), and a line break there (CR,
  /// LF, NEL, U+2028, U+2029) would end the comment and run the rest as code. Breaks
  /// become spaces, other hidden characters `\u{…}` as written text. Code lines have
  /// none (their strings are `string`'s) and pass unchanged.
  static func singleLine(_ line: String) -> String {
    guard line.unicodeScalars.contains(where: isHidden) else { return line }
    var out = ""
    for c in line.unicodeScalars {
      switch c {
      case "\t": out.unicodeScalars.append(c)
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": out += " "
      case _ where isHidden(c): out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// A character a reader does not see as itself: a control (C0, DEL, C1), a line or
  /// paragraph separator, or a format character (Unicode's Cf: bidirectional overrides,
  /// zero-width joiners, the byte-order mark).
  static func isHidden(_ c: Unicode.Scalar) -> Bool {
    switch c.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
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
    lines.append(SwiftLiteral.singleLine(comment.map { text + "  // " + $0 } ?? text))
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
