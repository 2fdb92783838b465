/// gl's builtins in layout code as Swift (`Builtins.swift` says what each computes).
extension SwiftCodeTranslator {
  mutating func call(_ name: String, _ arguments: [CallArgument], _ range: SourceRange)
    throws(Unsupported) -> SwiftValue
  {
    guard let builtin = Builtin(rawValue: name) else { throw unsupported("'\(name)'", range) }
    var values: [SwiftValue] = []
    for argument in arguments { values.append(try value(argument.value)) }
    let numeric = values.allSatisfy { $0.kind == .int || $0.kind == .number }
    switch (builtin, values.count) {
    case (.items, 1):
      usesCollectionView = true
      return SwiftValue(
        code: "collectionView.numberOfItems(inSection: \(try integer(values[0])))", kind: .int,
        whole: true, nonNegative: true)
    case (.rect, 4) where numeric:
      let n = values.map { number($0).code }
      return SwiftValue(
        code: "CGRect(x: \(n[0]), y: \(n[1]), width: \(n[2]), height: \(n[3]))", kind: .rect)
    case (.union, 2) where values.allSatisfy({ $0.kind == .rect }):
      return SwiftValue(code: "\(values[0].receiver).union(\(values[1].code))", kind: .rect)
    case (.intersects, 2) where values.allSatisfy({ $0.kind == .rect }):
      return SwiftValue(code: "\(values[0].receiver).intersects(\(values[1].code))", kind: .bool)
    case (.inset, 2) where values[0].kind == .rect && values[1].kind != .rect:
      let d = number(values[1]).code
      return SwiftValue(code: "\(values[0].receiver).insetBy(dx: \(d), dy: \(d))", kind: .rect)
    case (.floor, 1) where numeric, (.ceil, 1) where numeric, (.round, 1) where numeric:
      return rounded(builtin, values[0])
    case (.abs, 1) where numeric:
      var v = values[0]
      v.code = "abs(\(v.code))"
      (v.precedence, v.literal, v.nonNegative) = (SwiftPrecedence.atom, false, true)
      return v
    case (.sqrt, 1) where numeric:
      return SwiftValue(code: "\(number(values[0]).receiver).squareRoot()", kind: .number)
    case (.sin, 1) where numeric, (.cos, 1) where numeric:
      helpers.insert(.sine)
      if builtin == .cos { helpers.insert(.cosine) }
      return SwiftValue(
        code: "\(name == "sin" ? "sine" : "cosine")(degrees: \(number(values[0]).code))",
        kind: .number)
    case (.min, 1) where values[0].kind == .array, (.max, 1) where values[0].kind == .array:
      return SwiftValue(code: "\(values[0].receiver).\(name)()!", kind: .number)
    case (.min, _) where numeric && values.count > 1, (.max, _) where numeric && values.count > 1:
      return extreme(name, values)
    case (.clamp, 3) where numeric:
      let n = values.allSatisfy { $0.kind == .int } ? values : values.map(number)
      return SwiftValue(
        code: "min(max(\(n[0].code), \(n[1].code)), \(n[2].code))", kind: n[0].kind,
        whole: n.allSatisfy(\.whole))
    case (.repeating, 2) where numeric:
      return SwiftValue(
        code: "[CGFloat](repeating: \(number(values[0]).code), count: \(try integer(values[1])))",
        kind: .array)
    case (.index, 2) where values[1].kind == .array && values[0].kind != .array:
      // gl's `index(of:in:)` finds a value equal within the tolerance, or answers −1.
      helpers.insert(.isClose)
      return SwiftValue(
        code:
          "\(values[1].receiver).firstIndex(where: { $0.isClose(to: \(number(values[0]).code)) }) ?? -1",
        kind: .int, precedence: SwiftPrecedence.ternary, whole: true)
    case (.exactly, _):
      // Not silently dropped: the translated comparison would keep gl's tolerance.
      throw unsupported("'exactly' (the export compares with gl's tolerance)", range)
    default:
      throw unsupported("'\(name)' with these arguments", range)
    }
  }

  /// `floor`, `ceil`, `round` (away from zero on a half, as gl's `round`): an `Int` is
  /// whole already.
  private func rounded(_ builtin: Builtin, _ v: SwiftValue) -> SwiftValue {
    if v.kind == .int { return v }
    let rule =
      switch builtin {
      case .floor: ".down"
      case .ceil: ".up"
      default: ""
      }
    return SwiftValue(
      code: "\(v.receiver).rounded(\(rule))", kind: .number, whole: true,
      nonNegative: v.nonNegative)
  }

  /// `min(a, b, …)`, `max(a, b, …)`: `Int` when all count.
  private func extreme(_ name: String, _ values: [SwiftValue]) -> SwiftValue {
    let counts = values.allSatisfy { $0.kind == .int }
    let n = counts ? values : values.map(number)
    return SwiftValue(
      code: "\(name)(\(n.map(\.code).joined(separator: ", ")))", kind: counts ? .int : .number,
      whole: n.allSatisfy(\.whole),
      nonNegative: name == "max" ? n.contains(where: \.nonNegative) : n.allSatisfy(\.nonNegative))
  }
}

/// The small functions an exported file declares when its code needs them.
enum SwiftHelper: Hashable, CaseIterable {
  case isClose, isLess, isGreater, sine, cosine, perspective
  /// A visible item's `kind` as gl writes it (COMP-14).
  case elementKind

  /// The method's name and first label, as the translation calls it.
  var call: String {
    switch self {
    case .isClose: "isClose(to:"
    case .isLess: "isLess(than:"
    case .isGreater: "isGreater(than:"
    case .sine: "sine(degrees:"
    case .cosine: "cosine(degrees:"
    case .perspective: "perspective(distance:"
    case .elementKind: "elementKind(of:"
    }
  }
}

/// What the translation looks up in code before writing it.
enum SwiftCodeScan {
  /// For each name a statement of `code` (or a block in it) assigns, the index of the last
  /// such statement: a name declared at index `i` is assigned later when its entry is
  /// past `i`. One pass over the block, so a block of many declarations is not scanned
  /// again for each one (100,000 `var`s were quadratic, issue 36).
  static func lastAssignments(in code: [Statement]) -> [String: Int] {
    var last: [String: Int] = [:]
    func collect(_ statement: Statement, _ i: Int) {
      switch statement.kind {
      case .assign(let target, _, _): last[target.name] = i
      case .ifElse(_, let yes, let no):
        for s in yes { collect(s, i) }
        for s in no ?? [] { collect(s, i) }
      case .forLoop(_, _, _, _, let body), .whileLoop(_, let body):
        for s in body { collect(s, i) }
      default: break
      }
    }
    for (i, statement) in code.enumerated() { collect(statement, i) }
    return last
  }

  /// Whether `code` reads `name` anywhere (a loop variable nobody reads is `_`).
  static func reads(_ name: String, in code: [Statement]) -> Bool {
    code.contains { statement in
      let read = { (e: Expr) in reads(name, in: e) }
      switch statement.kind {
      case .varBinding(_, let e), .letBinding(_, let e), .contentSize(let e), .answer(let e):
        return read(e)
      case .assign(_, let index, let e): return read(e) || index.map(read) == true
      case .ifElse(let c, let yes, let no):
        return read(c) || reads(name, in: yes) || reads(name, in: no ?? [])
      case .forLoop(_, let low, let high, _, let body):
        return read(low) || read(high) || reads(name, in: body)
      case .whileLoop(let c, let body): return read(c) || reads(name, in: body)
      case .place(let step):
        return read(step.path) || read(step.frame)
          || step.attributes.contains {
            switch $0.kind {
            case .alpha(let e), .zIndex(let e): read(e)
            default: true
            }
          }
      default: return true
      }
    }
  }

  static func reads(_ name: String, in e: Expr) -> Bool {
    let read = { (x: Expr) in reads(name, in: x) }
    switch e.kind {
    case .name(let n): return n == name
    case .unary(_, let x), .member(let x, _), .element(_, let x): return read(x)
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b),
      .subscript(let a, let b):
      return read(a) || read(b)
    case .conditional(let a, let b, let c): return read(a) || read(b) || read(c)
    case .tuple(let xs), .indexPath(let xs): return xs.contains(where: read)
    case .labeled(let xs): return xs.contains { read($0.value) }
    case .call(_, let args): return args.contains { read($0.value) }
    case .method(let x, _, let args): return read(x) || args.contains { read($0.value) }
    case .number, .string, .bool: return false
    }
  }

  /// The whole-line comments right above `line` (while `take` accepts their lines).
  static func comments(
    above line: Int, in file: SourceFile, while take: (Int) -> Bool = { _ in true }
  ) -> [String] {
    var texts: [String] = []
    var l = line - 1
    while l >= 1, take(l), let text = wholeLineComment(file.lineText(l)) {
      texts.insert(text, at: 0)
      l -= 1
    }
    return texts
  }

  /// The text of a line that is only a comment (`# …`), without the `#`.
  static func wholeLineComment(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.first == "#" else { return nil }
    return trimmed.dropFirst().trimmingSpaces
  }

  /// The comment at the end of a line of code, outside any string.
  static func trailingComment(_ line: String) -> String? {
    var inString = false
    var escaped = false
    for (i, c) in zip(line.indices, line) {
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = inString
      } else if c == "\"" {
        inString.toggle()
      } else if c == "#" && !inString {
        let text = line[line.index(after: i)...].trimmingSpaces
        return text.isEmpty ? nil : text
      }
    }
    return nil
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// Swift names for gl's: a keyword in backticks, and a name the exported class uses for
/// itself taken with `Value` after it.
enum SwiftNames {
  static let keywords: Set<String> = [
    "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else",
    "enum", "extension", "fallthrough", "false", "for", "func", "guard", "if", "import", "in",
    "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol",
    "public", "repeat", "return", "self", "Self", "static", "struct", "subscript", "super",
    "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "Any",
  ]
  /// What the exported code itself declares or reads by a lowercase name: the layout's
  /// and the collection view's members it uses, its helpers and locals, the functions it
  /// calls, Swift's contextual keywords. A type's name is capitalized and every
  /// capitalized script name is renamed (`variable`); the numbered locals of a
  /// compositional export (`item2`, `section0Size`) are matched by `isGeneratedLocal`.
  /// `SwiftExportNameTests` checks this against every identifier of every example's
  /// export.
  static let taken: Set<String> = [
    // The custom layout's own members and helpers.
    "collectionView", "cachedAttributes", "itemPositions", "contentSize", "answer", "placeItem",
    "oldBounds", "newBounds", "viewport", "bounds", "offset", "rect", "sine", "cosine",
    "isClose", "isLess", "isGreater", "elements", "attributes", "index",
    // UIKit members the exports override, set or call.
    "prepare", "collectionViewContentSize", "layoutAttributesForElements",
    "layoutAttributesForItem", "layoutAttributesForSupplementaryView",
    "layoutAttributesForDecorationView", "shouldInvalidateLayout", "invalidationContext",
    "invalidateLayout", "register", "collectionViewLayout", "itemSize", "minimumLineSpacing",
    "minimumInteritemSpacing", "sectionInset", "headerReferenceSize", "footerReferenceSize",
    "scrollDirection", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
    "estimatedItemSize", "sectionInsetReference", "numberOfSections", "itemCounts",
    "configuration", "environment", "container", "layout", "context", "stickyZIndex",
    // Locals of the generated code.
    "cell", "kind", "elementKind", "indexPath", "section", "sectionIndex", "item", "items",
    "itemsFrame", "group", "groupSize", "nestedGroup", "nestedGroupSize", "header", "footer",
    "headerSize", "footerSize", "badge", "badgeSize", "badgeAnchor", "background",
    "decorations", "frame", "size", "position", "count", "first", "last", "missing", "added",
    "distance", "scale", "transform", "perspective", "original", "styled", "restyled",
    "other", "flow", "make", "fired", "flowContext", "everything", "firedTriggers", "paths",
    // NSObject's members, and the invalidation context's and layout's a subclass inherits:
    // a flag or a `let` of that name would redeclare them.
    "description", "debugDescription", "hash", "superclass", "isProxy", "classForCoder",
    "invalidateFlowLayoutAttributes", "invalidateFlowLayoutDelegateMetrics",
    "invalidateEverything", "invalidateDataSourceCounts", "contentOffsetAdjustment",
    "contentSizeAdjustment", "invalidatedItemIndexPaths", "invalidatedSupplementaryIndexPaths",
    "invalidatedDecorationIndexPaths", "previousIndexPathsForInteractivelyMovingItems",
    "targetIndexPathsForInteractivelyMovingItems", "interactiveMovementTarget",
    "layoutAttributesClass", "invalidationContextClass", "invalidateItems",
    "invalidateSupplementaryElements", "invalidateDecorationElements",
    // Functions the exports call, and Swift's contextual keywords.
    "abs", "min", "max", "floor", "ceil", "sqrt", "sin", "cos", "fatalError", "override",
    "final", "required", "fileprivate", "open", "convenience", "mutating", "lazy", "weak",
    "unowned", "some", "any", "get", "set", "willSet", "didSet",
  ]

  /// The numbered and suffixed locals an export makes: `item2`, `group3Size`,
  /// `itemInset`, `background2Inset`, `section0` (compositional), `scale2` (a live
  /// transform's second scale).
  static func isGeneratedLocal(_ name: String) -> Bool {
    let stems = [
      "item", "group", "nestedGroup", "section", "badge", "header", "footer", "background",
      "scale",
    ]
    for stem in stems where name.hasPrefix(stem) {
      var rest = name.dropFirst(stem.count)
      var suffixed = false
      for suffix in ["Size", "Anchor", "Inset"] where rest.hasSuffix(suffix) {
        rest = rest.dropLast(suffix.count)
        suffixed = true
      }
      if rest.allSatisfy(\.isNumber) && (suffixed || !rest.isEmpty) { return true }
    }
    return false
  }

  /// A script's name as the export writes it: itself, a keyword backticked, and one more
  /// `_` at the end for a name the export uses (`taken`, a capitalized name, a numbered
  /// local) or one with a `_` in it (`rect` → `rect_`, `rect_` → `rect__`, `max_w` →
  /// `max_w_`). That is one-to-one — a renamed name ends in `_`, a kept one has none — and
  /// never a name the export makes, none of which ends in `_` (a name it derives from a
  /// renamed one, `badge_Size`, has its `_` inside) (issue 36; `SwiftExportNameTests`).
  static func variable(_ name: String) -> String {
    if taken.contains(name) || name.contains("_") || name.first?.isUppercase == true
      || isGeneratedLocal(name)
    {
      return name + "_"
    }
    return keywords.contains(name) ? "`\(name)`" : name
  }
}
