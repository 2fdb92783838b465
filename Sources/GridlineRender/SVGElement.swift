/// A piece of an SVG document.
enum SVGNode: Sendable {
  case element(SVGElement)
  /// Character data; escaped when rendered.
  case text(String)
  /// Nodes written one after another on one line of their parent, as if inline (the
  /// legend puts a swatch and its name on one line).
  case fragment([SVGNode])
}

/// An SVG (XML) element as a value. All SVG output goes through `rendered`, which escapes
/// every attribute value and every text node: kinds, captions and labels come from
/// scripts, and one stray `<` or `"` would otherwise make the whole file unreadable.
///
/// Attribute values escape `&`, `<`, `>`, `"` and `'`. Text escapes `&`, `<`, `>` and `"`
/// but writes `'` as it is: XML needs no escape for it in text, and the legend's
/// "element's" has read that way in every file written so far (and in the golden files).
package struct SVGElement: Sendable {
  /// How children are laid out in the text, which keeps the files diffable.
  enum Layout: Sendable {
    /// All on the element's line: `<g …><rect …/><text …>0.1</text></g>`. Without
    /// children the element closes itself: `<rect …/>`.
    case inline
    /// One child per line, each indented `indent` spaces more than the element; the
    /// closing tag on a line of its own, even without children.
    case lines(indent: Int)
  }

  var name: String
  /// In the order written. Names are the renderer's own; values are escaped.
  var attributes: [(String, String)]
  var children: [SVGNode]
  var layout: Layout

  init(
    _ name: String, _ attributes: [(String, String)] = [], children: [SVGNode] = [],
    layout: Layout = .inline
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.layout = layout
  }

  /// An element holding one text node: `<text x="3" y="11">H0</text>`.
  init(_ name: String, _ attributes: [(String, String)] = [], text: String) {
    self.init(name, attributes, children: [.text(text)])
  }

  /// The element as text, its first line not indented, later lines relative to `indent`.
  func rendered(indent: Int = 0) -> String {
    var out = ""
    write(into: &out, indent: indent)
    return out
  }

  /// Appends to `out` rather than returning strings level by level: a strip of states holds
  /// thousands of elements.
  func write(into out: inout String, indent: Int) {
    out += "<" + name
    for (key, value) in attributes {
      out += " " + key + "=\""
      Self.escape(value, inAttribute: true, into: &out)
      out += "\""
    }
    switch layout {
    case .inline:
      if children.isEmpty {
        out += "/>"
        return
      }
      out += ">"
      for child in children { child.write(into: &out, indent: indent) }
    case .lines(let step):
      out += ">\n"
      let inner = String(repeating: " ", count: indent + step)
      for child in children {
        out += inner
        child.write(into: &out, indent: indent + step)
        out += "\n"
      }
      out += String(repeating: " ", count: indent)
    }
    out += "</" + name + ">"
  }

  /// `text` with `&`, `<`, `>`, `"` (and in an attribute value `'`) as entities, and well-
  /// formed whatever a script's strings hold: the characters XML 1.0 forbids (C0 controls
  /// but tab, LF and CR; U+FFFE, U+FFFF) become U+FFFD, and the white space a parser would
  /// normalise (CR anywhere; tab and LF in an attribute) a character reference.
  package static func escape(_ text: String, inAttribute: Bool) -> String {
    var out = ""
    escape(text, inAttribute: inAttribute, into: &out)
    return out
  }

  static func escape(_ text: String, inAttribute: Bool, into out: inout String) {
    // Most values are numbers and class names: copy them whole.
    // 0xEF leads U+FFFE and U+FFFF (and other characters, which the slow path copies).
    let special: (UInt8) -> Bool = {
      $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || (inAttribute && $0 == 0x27)
        || $0 < 0x20 || $0 == 0xEF
    }
    guard text.utf8.contains(where: special) else {
      out += text
      return
    }
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'" where inAttribute: out += "&#39;"
      case "\r": out += "&#13;"
      case "\n" where inAttribute: out += "&#10;"
      case "\t" where inAttribute: out += "&#9;"
      case "\n", "\t": out.unicodeScalars.append(c)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(c)
      }
    }
  }
}

extension SVGNode {
  func write(into out: inout String, indent: Int) {
    switch self {
    case .element(let element): element.write(into: &out, indent: indent)
    case .text(let text): SVGElement.escape(text, inAttribute: false, into: &out)
    case .fragment(let nodes):
      for node in nodes { node.write(into: &out, indent: indent) }
    }
  }
}
