import LayoutEngine

extension Parser {
  /// invalidate = "invalidate" [ "on" ( "bounds" | "size" ) "change" [ "when" expression ]
  ///              [ "{" { triggerAction terminator } "}" ] | targets ]
  /// targets    = triggerAction
  mutating func invalidateStatement() throws(Failure) -> Statement.Kind {
    if let trigger = try keyword(TriggerKeyword.self) {
      let condition = matchWord("when") ? try expression() : nil
      var actions: [TriggerAction] = []
      if check(.leftBrace) {
        actions = try propertyBlock { (p: inout Parser) throws(Failure) in try p.triggerAction() }
      }
      return .trigger(
        TriggerDecl(sizeOnly: trigger == .sizeChange, condition: condition, actions: actions))
    }
    if current.kind == .newline || check(.semicolon) || check(.rightBrace) || atEnd {
      return .invalidate
    }
    return .invalidateTargets([try triggerAction()])
  }

  /// triggerAction = "items" indexPaths | ( "headers" | "footers" ) indexPaths
  ///               | ( "supplementary" | "decoration" ) STRING indexPaths
  ///               | "flag" NAME | "everything"
  /// indexPaths    = indexPath { "," indexPath }
  mutating func triggerAction() throws(Failure) -> TriggerAction {
    let start = current.range
    let kind: TriggerAction.Kind
    switch try require(TriggerActionKeyword.self, "") {
    case .items: kind = .items(try indexPaths())
    case .headers: kind = .supplementary(ElementKind.sectionHeader, try indexPaths())
    case .footers: kind = .supplementary(ElementKind.sectionFooter, try indexPaths())
    case .supplementary:
      let elementKind = try kindString(after: "supplementary")
      kind = .supplementary(elementKind, try indexPaths())
    case .decoration:
      let elementKind = try kindString(after: "decoration")
      kind = .decoration(elementKind, try indexPaths())
    case .flag: kind = .flag(try consumeIdentifier("after 'flag'").name)
    case .everything: kind = .everything
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
    let flag = try consumeIdentifier("after 'flag'")
    let lists = try propertyBlock { (p: inout Parser) throws(Failure) -> [String] in
      switch try p.require(FlagHandlerKeyword.self, "in 'on invalidate'") {
      case .recomputeDecoration:
        var kinds: [String] = []
        repeat {
          kinds.append(try p.kindString(after: "recompute decoration"))
        } while p.match(.comma)
        return kinds
      }
    }
    return .flagHandler(flag: flag, decorationKinds: lists.flatMap { $0 })
  }

  /// textMetrics = "{" { ( "character" "width" | "line" "height" | "padding" ) expression } "}"
  mutating func textMetrics() throws(Failure) -> [TextMetric] {
    try propertyBlock { (p: inout Parser) throws(Failure) -> TextMetric in
      let start = p.current.range
      let keyword = try p.require(TextMetricKeyword.self, "in 'text metrics'")
      let value = try p.expression()
      return TextMetric(keyword: keyword, value: value, range: start.to(p.previous.range))
    }
  }
}
