extension Parser {
  /// invalidate = "invalidate" [ "on" ( "bounds" | "size" ) "change" [ "when" expression ]
  ///              [ "{" { triggerAction terminator } "}" ] | targets ]
  /// targets    = triggerAction
  mutating func invalidateStatement() throws(Failure) -> Statement.Kind {
    if matchWord("on") {
      let sizeOnly: Bool
      if matchWord("bounds") {
        sizeOnly = false
      } else if matchWord("size") {
        sizeOnly = true
      } else {
        throw fail("expected 'bounds change' or 'size change' after 'invalidate on'")
      }
      try consumeWord("change", "after '\(sizeOnly ? "size" : "bounds")'")
      let condition = matchWord("when") ? try expression() : nil
      var actions: [TriggerAction] = []
      if check(.leftBrace) {
        actions = try propertyBlock { (p: inout Parser) throws(Failure) in try p.triggerAction() }
      }
      return .trigger(TriggerDecl(sizeOnly: sizeOnly, condition: condition, actions: actions))
    }
    if current.kind == .newline || check(.semicolon) || check(.rightBrace) || atEnd {
      return .invalidate
    }
    return .invalidateTargets([try triggerAction()])
  }

  static let triggerActionWords = [
    "items", "headers", "footers", "supplementary", "decoration", "flag", "everything",
  ]

  /// triggerAction = "items" indexPaths | ( "headers" | "footers" ) indexPaths
  ///               | ( "supplementary" | "decoration" ) STRING indexPaths
  ///               | "flag" NAME | "everything"
  /// indexPaths    = indexPath { "," indexPath }
  mutating func triggerAction() throws(Failure) -> TriggerAction {
    let start = current.range
    guard let word = current.identifier else { throw fail("expected what to invalidate") }
    advance()
    let kind: TriggerAction.Kind
    switch word {
    case "items", "item": kind = .items(try indexPaths())
    case "headers", "header":
      kind = .supplementary("UICollectionElementKindSectionHeader", try indexPaths())
    case "footers", "footer":
      kind = .supplementary("UICollectionElementKindSectionFooter", try indexPaths())
    case "supplementary", "decoration":
      guard case .string(let elementKind) = current.kind else {
        throw fail("expected the kind as a string after '\(word)'")
      }
      advance()
      let paths = try indexPaths()
      kind =
        word == "decoration" ? .decoration(elementKind, paths) : .supplementary(elementKind, paths)
    case "flag":
      kind = .flag(try consumeIdentifier("after 'flag'").name)
    case "everything":
      kind = .everything
    default:
      throw fail(
        "expected items, headers, footers, supplementary, decoration, flag or everything",
        help: suggestion(for: word, among: Self.triggerActionWords), at: previous.range)
    }
    return TriggerAction(kind: kind, range: start.to(previous.range))
  }

  mutating func indexPaths() throws(Failure) -> [Expr] {
    var paths = [try indexPath()]
    while match(.comma) { paths.append(try indexPath()) }
    return paths
  }

  /// flagHandler = "on" "invalidate" "when" "flag" NAME
  ///               "{" { "recompute" "decoration" STRING { "," STRING } terminator } "}"
  mutating func flagHandler() throws(Failure) -> Statement.Kind {
    try consumeWord("invalidate", "after 'on' (on invalidate when flag NAME { … })")
    try consumeWord("when", "after 'on invalidate'")
    try consumeWord("flag", "after 'on invalidate when'")
    let flag = try consumeIdentifier("after 'flag'")
    let lists = try propertyBlock { (p: inout Parser) throws(Failure) -> [String] in
      try p.consumeWord("recompute", "in 'on invalidate' (recompute decoration \"KIND\")")
      try p.consumeWord("decoration", "after 'recompute'")
      var kinds: [String] = []
      repeat {
        guard case .string(let kind) = p.current.kind else {
          throw p.fail("expected the decoration kind as a string")
        }
        p.advance()
        kinds.append(kind)
      } while p.match(.comma)
      return kinds
    }
    return .flagHandler(flag: flag, decorationKinds: lists.flatMap { $0 })
  }

  static let textMetricNames = ["character width", "line height", "padding"]

  /// textMetrics = "{" { ( "character" "width" | "line" "height" | "padding" ) expression } "}"
  mutating func textMetrics() throws(Failure) -> [TextMetric] {
    try propertyBlock { (p: inout Parser) throws(Failure) -> TextMetric in
      let start = p.current.range
      let name: String
      if p.matchWord("character") {
        try p.consumeWord("width", "after 'character'")
        name = "character width"
      } else if p.matchWord("line") {
        try p.consumeWord("height", "after 'line'")
        name = "line height"
      } else if p.matchWord("padding") {
        name = "padding"
      } else {
        throw p.fail(
          "expected character width, line height or padding",
          help: p.current.identifier.flatMap { suggestion(for: $0, among: Self.textMetricNames) })
      }
      let value = try p.expression()
      return TextMetric(name: name, value: value, range: start.to(p.previous.range))
    }
  }
}
