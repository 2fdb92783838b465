import GridlineLanguage

/// What Tab does: text to insert at the cursor, and the candidates to list when there are
/// several.
public struct Completion: Hashable, Sendable {
  public var insert: String
  public var candidates: [String]

  public init(insert: String = "", candidates: [String] = []) {
    self.insert = insert
    self.candidates = candidates
  }

  /// Completes `partial` against `words`: the longest common continuation, and a space
  /// after a word that is complete and unique.
  static func matching(_ partial: String, among words: [String], space: Bool = true) -> Completion {
    var seen = Set<String>()
    let matches = words.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
    guard let first = matches.first else { return Completion() }
    if matches.count == 1 {
      return Completion(
        insert: String(first.dropFirst(partial.count)) + (space ? " " : ""), candidates: matches)
    }
    var common = first
    for word in matches.dropFirst() {
      while !word.hasPrefix(common) { common.removeLast() }
    }
    return Completion(insert: String(common.dropFirst(partial.count)), candidates: matches)
  }
}

/// The words that may come next, by the words of the statement so far. Lists follow
/// grammar.md's productions.
enum Vocabulary {
  static let statements = [
    "viewport", "content", "safe", "layout", "inset", "scale", "let", "sticky", "decoration",
    "transform", "layer", "invalidate", "on", "text", "section", "sections", "scroll", "resize",
    "reload", "show", "draw", "svg", "hit", "expect", "print", "repeat", "trace",
  ]

  static let flowProperties = [
    "scroll", "item", "estimated", "line", "interitem", "insets", "inset", "header", "footer",
    "rows", "last", "items", "pin",
  ]

  static let gridProperties = [
    "item", "row", "column", "sticky", "shows",
  ]

  static let sectionProperties = ["item", "header", "footer", "insets", "line", "interitem"]

  static let transformOperations = [
    "rotate", "scale", "translate", "perspective", "alpha", "z", "hidden",
  ]

  /// The next words after the statement's words so far (joined by spaces).
  static let followers: [String: [String]] = [
    "content": ["inset"],
    "safe": ["area"],
    "layout": ["flow", "grid", "margins"],
    "inset": ["adjustment", "reference"],
    "inset adjustment": ["automatic", "scrollable", "never", "always"],
    "inset adjustment scrollable": ["axes"],
    "sticky": ["headers"],
    "sticky headers": ["on", "off", "z"],
    "invalidate": [
      "on", "items", "headers", "footers", "supplementary", "decoration", "flag", "everything",
    ],
    "invalidate on": ["bounds", "size"],
    "invalidate on bounds": ["change"],
    "invalidate on size": ["change"],
    "on": ["invalidate"],
    "on invalidate": ["when"],
    "on invalidate when": ["flag"],
    "text": ["metrics"],
    "character": ["width"],
    "recompute": ["decoration"],
    "scroll": ["to", "by", "rect"],
    "scroll to": ["x", "y", "item"],
    "scroll by": ["x", "y"],
    "show": [
      "visible", "all", "content", "item", "header", "footer", "supplementary", "decoration",
    ],
    "show content": ["size"],
    "draw": ["content"],
    "svg": ["strip"],
    "trace": ["on", "off"],
    "transform": [
      "items", "item", "headers", "header", "footers", "footer", "supplementary", "decorations",
      "everything",
    ],
    // Layout properties (inside `layout flow { }` / `layout grid { }`).
    "p:scroll": ["vertical", "horizontal"],
    "p:item": ["size"],
    "p:estimated": ["item", "size"],
    "p:estimated item": ["size"],
    "p:line": ["spacing"],
    "p:interitem": ["spacing"],
    "p:inset": ["reference"],
    "p:inset reference": ["content", "safe", "layout"],
    "p:header": ["size"],
    "p:footer": ["size"],
    "p:rows": ["justify", "left", "center", "right"],
    "p:last": ["row", "justify", "left", "center", "right"],
    "p:items": ["top", "center", "bottom"],
    "p:pin": ["headers", "footers"],
    "p:row": ["header"],
    "p:row header": ["width"],
    "p:column": ["header"],
    "p:column header": ["height"],
    "p:sticky": ["rows", "columns"],
    "p:sticky rows": ["on", "off"],
    "p:sticky columns": ["on", "off"],
    "p:shows": ["cells", "headers", "all"],
  ]

  /// Names and functions an expression may use (grammar.md, Names and Functions).
  static let expressionWords = [
    "viewport", "bounds", "offset", "content", "inset", "adjustedInset", "safeArea", "sections",
    "visible", "recomputed", "item", "header", "footer", "supplementary", "decoration", "min",
    "max", "clamp", "abs", "floor", "ceil", "round", "sqrt", "rect", "items", "true", "false",
    "not", "and", "or", "trace",
  ]
}
