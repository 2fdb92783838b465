extension Parser {
  /// layout = "layout" KIND [ NAME ] [ "{" { layoutProperty terminator } "}" ]
  mutating func layoutDeclaration() throws(Failure) -> LayoutDecl {
    let name = try consumeIdentifier("after 'layout' (layout flow { … })")
    guard let kind = LayoutKind(rawValue: name.name) else {
      throw fail(
        .unknown("layout", name.name),
        help: suggestion(for: name.name, among: LayoutKind.spellings), at: name.range)
    }
    var layoutName: Identifier?
    if case .identifier = current.kind { layoutName = try consumeIdentifier("after '\(kind)'") }
    var properties: [LayoutProperty] = []
    var compositional: [CompositionalEntry] = []
    if kind == .compositional {
      (compositional, properties) = try compositionalBody()
    } else if check(.leftBrace) {
      properties = try propertyBlock { (p: inout Parser) throws(Failure) in try p.layoutProperty() }
    }
    return LayoutDecl(
      kind: kind, kindRange: name.range, name: layoutName, properties: properties,
      compositional: compositional)
  }

  /// A `{ … }` of properties, one per line; a broken property is skipped, not the block.
  mutating func propertyBlock<P>(_ property: (inout Parser) throws(Failure) -> P) throws(Failure)
    -> [P]
  {
    try braced { (p: inout Parser) -> P? in
      do {
        let value = try property(&p)
        try p.terminator()
        return value
      } catch {
        p.synchronize()
        return nil
      }
    }
  }

  /// layoutProperty = PROPERTY value — the property's words and the shape of its value come
  /// from `LayoutPropertyKeyword`; which layout has it is the checker's business.
  mutating func layoutProperty() throws(Failure) -> LayoutProperty {
    let start = current.range
    let keyword = try clause(LayoutPropertyKeyword.self, "layout property")
    let value = try value(of: keyword.shape, after: keyword.spelling)
    return LayoutProperty(keyword: keyword, value: value, range: start.to(previous.range))
  }

  /// value = expression | CHOICE | [ "on" | "off" ] | ALIGNMENT [ "," "last" ALIGNMENT ]
  mutating func value(of shape: ValueShape, after spelling: String) throws(Failure)
    -> PropertyValue
  {
    switch shape {
    case .expression: return .expression(try expression())
    case .expressionOr(_, let word):
      return matchWord(word) ? .word(word) : .expression(try expression())
    case .choice(let words): return .word(try choice(words, after: spelling))
    case .toggle: return .toggle(try toggle())
    case .flag: return .flag
    case .rowAlignments:
      let common = try require(RowAlignment.self, "after '\(spelling)'")
      var last: RowAlignment?
      if match(.comma) {
        try consumeWord("last", "after ',' in '\(spelling)'")
        last = try require(RowAlignment.self, "after 'last'")
      }
      return .rows(common, last: last)
    }
  }

  /// decoration = "decoration" STRING "for" "each" "section"
  ///              "{" "frame" "=" expression [ terminator "z" expression ] "}"
  mutating func decorationDeclaration() throws(Failure) -> DecorationDecl {
    guard case .string(let kind) = current.kind else {
      throw fail(
        .expected("the decoration's kind as a string", "(decoration \"background\" …)"))
    }
    advance()
    var target = DecorationTarget.eachSection
    if matchWord("at") {
      target = .indexPath(try postfix())
    } else {
      try consumeWord(
        "for", "after the kind (decoration \"background\" for each section { … }, or at [0, 1])")
      if matchWord("each") {
        try consumeWord("section", "after 'for each'")
      } else {
        try consumeWord("section", "after 'for' (for each section, for section 1)")
        target = .section(try postfix())
      }
    }
    var frame: Expr?
    var zIndex: Expr?
    let start = current.range
    let entries = try propertyBlock {
      (p: inout Parser) throws(Failure) -> (DecorationPropertyKeyword, Expr) in
      let keyword = try p.require(DecorationPropertyKeyword.self, "in a decoration")
      if keyword == .frame { _ = try p.consume(.equal, "after 'frame'") }
      return (keyword, try p.expression())
    }
    for (keyword, value) in entries {
      switch keyword {
      case .frame: frame = value
      case .z: zIndex = value
      }
    }
    guard let frame else {
      throw fail(.missingClause("a decoration", "frame = …"), at: start.to(previous.range))
    }
    return DecorationDecl(kind: kind, frame: frame, zIndex: zIndex, target: target)
  }

  /// transform = "transform" selector "{" { operation terminator } "}"
  /// selector  = "items" [ "in" "section" expression ] | "item" indexPath
  ///           | ( "headers" | "footers" ) | ( "header" | "footer" ) indexPath
  ///           | "supplementary" STRING | "decorations" STRING | "everything"
  mutating func transformDeclaration(moment: TransformMoment = .always) throws(Failure)
    -> TransformDecl
  {
    let selector: TransformSelector
    let word =
      switch moment {
      case .always: "transform"
      case .appearing: "appearing"
      case .disappearing: "disappearing"
      }
    switch try require(TransformSelectorKeyword.self, "after '\(word)'") {
    case .items:
      if matchWord("in") {
        try consumeWord("section", "after 'items in'")
        selector = .items(section: try expression())
      } else {
        selector = .items(section: nil)
      }
    case .item: selector = .item(try itemReference())
    case .headers: selector = .headers(section: nil)
    case .footers: selector = .footers(section: nil)
    case .header: selector = .headers(section: try indexPath())
    case .footer: selector = .footers(section: try indexPath())
    case .supplementary: selector = .supplementary(try kindString(after: "supplementary"))
    case .decorations: selector = .decorations(try kindString(after: "decorations"))
    case .everything: selector = .everything
    case .highlightedItems: selector = .highlightedItems
    case .selectedItems: selector = .selectedItems
    }
    let operations = try propertyBlock { (p: inout Parser) throws(Failure) in
      try p.transformOperation()
    }
    return TransformDecl(selector: selector, operations: operations, moment: moment)
  }

  /// An element kind written as a string after `word`.
  mutating func kindString(after word: String) throws(Failure) -> String {
    guard case .string(let kind) = current.kind else {
      throw fail(.expected("the kind as a string", "after '\(word)'"))
    }
    advance()
    return kind
  }

  /// operation = "rotate" [ "x" | "y" ] expression | "scale" expression | … | "hidden" [ expression ]
  mutating func transformOperation() throws(Failure) -> TransformOperation {
    let start = current.range
    let kind: TransformOperation.Kind
    switch try clause(TransformOperationKeyword.self, "transform operation") {
    case .rotate:
      var axis: Axis?
      if matchWord("x") { axis = .x } else if matchWord("y") { axis = .y }
      kind = .rotate(axis: axis, try expression())
    case .scale: kind = .scale(try expression())
    case .translate: kind = .translate(try expression())
    case .perspective: kind = .perspective(try expression())
    case .alpha: kind = .alpha(try expression())
    case .z: kind = .zIndex(try expression())
    case .hidden:
      let ends = current.kind == .newline || check(.semicolon) || check(.rightBrace) || atEnd
      kind = .hidden(ends ? nil : try expression())
    }
    return TransformOperation(kind: kind, range: start.to(previous.range))
  }

  /// section = "section" [ STRING ] "items" expression [ "{" { sectionProperty } "}" ]
  mutating func sectionDeclaration() throws(Failure) -> SectionDecl {
    var name: String?
    if case .string(let text) = current.kind {
      name = text
      advance()
    }
    try consumeWord("items", "in a section (section \"Name\" items 20)")
    let items = try expression()
    var properties: [SectionProperty] = []
    if check(.leftBrace) {
      properties = try propertyBlock { (p: inout Parser) throws(Failure) in
        try p.sectionProperty()
      }
    }
    return SectionDecl(name: name, items: items, properties: properties)
  }

  /// sectionProperty = "item" expression ( "size" | "preferred" ) expression
  ///   | "item" expression "text" STRING | metric expression
  mutating func sectionProperty() throws(Failure) -> SectionProperty {
    let start = current.range
    let kind: SectionProperty.Kind
    switch try clause(SectionPropertyKeyword.self, "section property") {
    case .items:
      let items = try expression()
      guard let itemClause = try keyword(ItemClause.self) else {
        throw fail(
          .expected(
            "'size'", "after the items (item 0...2 size W x H, preferred W x H, or text \"…\")"))
      }
      kind = .items(itemClause, items: items, value: try itemValue(itemClause))
    case .metric(let metric):
      kind = .metric(metric, try expression())
    }
    return SectionProperty(kind: kind, range: start.to(previous.range))
  }

  /// registerCell = "register" "cell" expression
  /// cells = "cells" expression "for" "items" expression [ "in" "section" expression ]
  mutating func reuseDeclaration(_ keyword: StatementKeyword) throws(Failure) -> Statement.Kind {
    if keyword == .register {
      try consumeWord("cell", "after 'register' (register cell \"Photo\")")
      return .registerCell(try expression())
    }
    return .cellIdentifiers(try cellsDeclaration())
  }

  mutating func cellsDeclaration() throws(Failure) -> CellsDecl {
    let identifier = try expression()
    try consumeWord("for", "after the reuse identifier (cells \"Photo\" for items 0...9)")
    try consumeWord("items", "after 'for' (cells \"Photo\" for items 0...9)")
    let items = try expression()
    var section: Expr?
    if matchWord("in") {
      try consumeWord("section", "after 'in' (cells \"Photo\" for items 0...9 in section 1)")
      section = try expression()
    }
    return CellsDecl(identifier: identifier, items: items, section: section)
  }

  /// A size, or for `text` the cell's text as a string literal.
  mutating func itemValue(_ clause: ItemClause) throws(Failure) -> Expr {
    guard clause == .text else { return try expression() }
    guard case .string(let text) = current.kind else {
      throw fail(.expected("the cell's text as a string", "(item 3 text \"…\")"))
    }
    return Expr(.string(text), advance().range)
  }

  /// use = "use" string
  mutating func useDeclaration() throws(Failure) -> Statement.Kind {
    guard case .string(let path) = current.kind else {
      throw fail(.expected("a file name in quotes", "after 'use' (use \"common.gl\")"))
    }
    return .use(path: path, range: advance().range)
  }
}
