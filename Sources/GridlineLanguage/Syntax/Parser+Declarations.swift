extension Parser {
  static let layoutKinds = ["flow", "grid"]
  static let layoutPropertyWords = [
    "scroll", "item size", "estimated item size", "line spacing", "interitem spacing", "insets",
    "inset reference", "header size", "footer size", "rows", "last row", "items", "pin headers",
    "pin footers", "row header width", "column header height", "sticky rows", "sticky columns",
    "shows",
  ]
  static let sectionPropertyWords = [
    "item", "header size", "footer size", "insets", "line spacing", "interitem spacing",
  ]

  /// layout = "layout" KIND [ "{" { layoutProperty terminator } "}" ]
  mutating func layoutDeclaration() throws(Failure) -> LayoutDecl {
    let kind = try consumeIdentifier("after 'layout' (layout flow { … })")
    guard Self.layoutKinds.contains(kind.name) else {
      throw fail(
        "unknown layout '\(kind.name)'", help: suggestion(for: kind.name, among: Self.layoutKinds),
        at: kind.range)
    }
    var properties: [LayoutProperty] = []
    if check(.leftBrace) {
      properties = try propertyBlock { (p: inout Parser) throws(Failure) in try p.layoutProperty() }
    }
    return LayoutDecl(kind: kind, properties: properties)
  }

  /// A `{ … }` of properties, one per line; a broken property is skipped, not the block.
  mutating func propertyBlock<P>(_ property: (inout Parser) throws(Failure) -> P) throws(Failure)
    -> [P]
  {
    _ = try consume(.leftBrace, "to open the block")
    try enter()
    defer { leave() }
    var properties: [P] = []
    while true {
      skipSeparators()
      if match(.rightBrace) { return properties }
      if atEnd { throw fail("expected '}' to close the block") }
      do {
        properties.append(try property(&self))
        try terminator()
      } catch {
        synchronize()
      }
    }
  }

  /// layoutProperty = "scroll" ("vertical" | "horizontal") | "item" "size" expression
  ///   | "estimated" "item" "size" (expression | "automatic") | "line" "spacing" expression
  ///   | "interitem" "spacing" expression | "insets" expression
  ///   | "inset" "reference" reference | "header" "size" expression
  ///   | "footer" "size" expression | "rows" rowAlignment [ "," "last" rowAlignment ]
  ///   | "last" "row" rowAlignment | "items" itemAlignment
  mutating func layoutProperty() throws(Failure) -> LayoutProperty {
    let start = current.range
    guard let word = current.identifier else { throw fail("expected a layout property") }
    advance()
    let kind: LayoutProperty.Kind
    switch word {
    case "scroll":
      if matchWord("vertical") {
        kind = .scrollDirection(vertical: true)
      } else if matchWord("horizontal") {
        kind = .scrollDirection(vertical: false)
      } else {
        throw fail("expected 'vertical' or 'horizontal' after 'scroll'")
      }
    case "item":
      try consumeWord("size", "after 'item' (item size W x H)")
      kind = .itemSize(try expression())
    case "estimated":
      _ = matchWord("item")
      try consumeWord("size", "after 'estimated item'")
      kind = .estimatedItemSize(matchWord("automatic") ? nil : try expression())
    case "line":
      try consumeWord("spacing", "after 'line'")
      kind = .lineSpacing(try expression())
    case "interitem":
      try consumeWord("spacing", "after 'interitem'")
      kind = .interitemSpacing(try expression())
    case "insets":
      kind = .sectionInset(try expression())
    case "inset":
      try consumeWord("reference", "after 'inset' (inset reference … or insets …)")
      kind = .insetReference(try insetReference())
    case "header":
      try consumeWord("size", "after 'header'")
      kind = .headerSize(try expression())
    case "footer":
      try consumeWord("size", "after 'footer'")
      kind = .footerSize(try expression())
    case "rows":
      let common = try rowAlignment()
      var last: RowAlignment?
      if match(.comma) {
        try consumeWord("last", "after ',' in 'rows'")
        last = try rowAlignment()
      }
      kind = .rows(common: common, last: last)
    case "last":
      _ = matchWord("row")
      kind = .rows(common: nil, last: try rowAlignment())
    case "items":
      if let w = current.identifier, let alignment = ItemAlignment(rawValue: w) {
        advance()
        kind = .itemAlignment(alignment)
      } else {
        throw fail("expected top, center or bottom after 'items'")
      }
    case "pin":
      if matchWord("headers") {
        kind = .pin(headers: true)
      } else if matchWord("footers") {
        kind = .pin(headers: false)
      } else {
        throw fail("expected 'headers' or 'footers' after 'pin'")
      }
    case "row":
      try consumeWord("header", "after 'row' (row header width N)")
      try consumeWord("width", "after 'row header'")
      kind = .rowHeaderWidth(try expression())
    case "column":
      try consumeWord("header", "after 'column' (column header height N)")
      try consumeWord("height", "after 'column header'")
      kind = .columnHeaderHeight(try expression())
    case "sticky":
      let rows: Bool
      if matchWord("rows") {
        rows = true
      } else if matchWord("columns") {
        rows = false
      } else {
        throw fail("expected 'rows' or 'columns' after 'sticky'")
      }
      let on: Bool
      if matchWord("on") {
        on = true
      } else if matchWord("off") {
        on = false
      } else {
        on = true
      }
      kind = .sticky(rows: rows, on: on)
    case "shows":
      guard let what = current.identifier, ["cells", "headers", "all"].contains(what) else {
        throw fail("expected cells, headers or all after 'shows'")
      }
      advance()
      kind = .shows(what)
    default:
      throw fail(
        "unknown layout property '\(word)'",
        help: suggestion(for: word, among: Self.layoutPropertyWords), at: previous.range)
    }
    return LayoutProperty(kind: kind, range: start.to(previous.range))
  }

  /// decoration = "decoration" STRING "for" "each" "section"
  ///              "{" "frame" "=" expression [ terminator "z" expression ] "}"
  mutating func decorationDeclaration() throws(Failure) -> DecorationDecl {
    guard case .string(let kind) = current.kind else {
      throw fail("expected the decoration's kind as a string (decoration \"background\" …)")
    }
    advance()
    try consumeWord("for", "after the kind (decoration \"background\" for each section { … })")
    try consumeWord("each", "after 'for'")
    try consumeWord("section", "after 'for each'")
    var frame: Expr?
    var zIndex: Expr?
    let start = current.range
    let entries = try propertyBlock { (p: inout Parser) throws(Failure) -> (String, Expr) in
      if p.matchWord("frame") {
        _ = try p.consume(.equal, "after 'frame'")
        return ("frame", try p.expression())
      }
      if p.matchWord("z") { return ("z", try p.expression()) }
      throw p.fail(
        "expected 'frame = …' or 'z …' in a decoration",
        help: p.current.identifier.flatMap { suggestion(for: $0, among: ["frame", "z"]) })
    }
    for (name, value) in entries {
      if name == "frame" { frame = value } else { zIndex = value }
    }
    guard let frame else {
      throw fail("a decoration needs 'frame = …'", at: start.to(previous.range))
    }
    return DecorationDecl(kind: kind, frame: frame, zIndex: zIndex)
  }

  static let transformOperations = [
    "rotate", "scale", "translate", "perspective", "alpha", "z", "hidden",
  ]

  /// transform = "transform" selector "{" { operation terminator } "}"
  /// selector  = "items" [ "in" "section" expression ] | "item" indexPath
  ///           | ( "headers" | "footers" ) | ( "header" | "footer" ) indexPath
  ///           | "supplementary" STRING | "decorations" STRING | "everything"
  mutating func transformDeclaration() throws(Failure) -> TransformDecl {
    let selector: TransformSelector
    guard let word = current.identifier else { throw fail("expected what to transform") }
    advance()
    switch word {
    case "items":
      if matchWord("in") {
        try consumeWord("section", "after 'items in'")
        selector = .items(section: try expression())
      } else {
        selector = .items(section: nil)
      }
    case "item": selector = .item(try indexPath())
    case "headers": selector = .headers(section: nil)
    case "footers": selector = .footers(section: nil)
    case "header": selector = .headers(section: try indexPath())
    case "footer": selector = .footers(section: try indexPath())
    case "supplementary", "decorations":
      guard case .string(let kind) = current.kind else {
        throw fail("expected the kind as a string after '\(word)'")
      }
      advance()
      selector = word == "supplementary" ? .supplementary(kind) : .decorations(kind)
    case "everything": selector = .everything
    default:
      throw fail(
        "expected items, item [s, i], headers, header [s], footers, footer [s], supplementary, decorations or everything",
        help: suggestion(
          for: word,
          among: [
            "items", "item", "headers", "header", "footers", "footer", "supplementary",
            "decorations", "everything",
          ]),
        at: previous.range)
    }
    let operations = try propertyBlock { (p: inout Parser) throws(Failure) in
      try p.transformOperation()
    }
    return TransformDecl(selector: selector, operations: operations)
  }

  mutating func transformOperation() throws(Failure) -> TransformOperation {
    let start = current.range
    guard let word = current.identifier else { throw fail("expected a transform operation") }
    advance()
    let kind: TransformOperation.Kind
    switch word {
    case "rotate":
      var axis: Axis?
      if matchWord("x") { axis = .x } else if matchWord("y") { axis = .y }
      kind = .rotate(axis: axis, try expression())
    case "scale": kind = .scale(try expression())
    case "translate": kind = .translate(try expression())
    case "perspective": kind = .perspective(try expression())
    case "alpha": kind = .alpha(try expression())
    case "z": kind = .zIndex(try expression())
    case "hidden":
      let ends = current.kind == .newline || check(.semicolon) || check(.rightBrace) || atEnd
      kind = .hidden(ends ? nil : try expression())
    default:
      throw fail(
        "unknown transform operation '\(word)'",
        help: suggestion(for: word, among: Self.transformOperations), at: previous.range)
    }
    return TransformOperation(kind: kind, range: start.to(previous.range))
  }

  mutating func rowAlignment() throws(Failure) -> RowAlignment {
    if let word = current.identifier, let alignment = RowAlignment(rawValue: word) {
      advance()
      return alignment
    }
    throw fail(
      "expected justify, left, center or right",
      help: current.identifier.flatMap {
        suggestion(for: $0, among: RowAlignment.allCases.map(\.rawValue))
      })
  }

  /// reference = "content" "inset" | "safe" "area" | "layout" "margins"
  mutating func insetReference() throws(Failure) -> InsetReference {
    if matchWord("content") {
      try consumeWord("inset", "after 'content'")
      return .contentInset
    }
    if matchWord("safe") {
      try consumeWord("area", "after 'safe'")
      return .safeArea
    }
    if matchWord("layout") {
      try consumeWord("margins", "after 'layout'")
      return .layoutMargins
    }
    throw fail("expected content inset, safe area or layout margins")
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

  /// sectionProperty = "item" expression "size" expression | "header" "size" expression
  ///   | "footer" "size" expression | "insets" expression | "line" "spacing" expression
  ///   | "interitem" "spacing" expression
  mutating func sectionProperty() throws(Failure) -> SectionProperty {
    let start = current.range
    guard let word = current.identifier else { throw fail("expected a section property") }
    advance()
    let kind: SectionProperty.Kind
    switch word {
    case "item", "items":
      let items = try expression()
      if matchWord("preferred") {
        kind = .preferredSize(items: items, size: try expression())
      } else if matchWord("text") {
        guard case .string(let text) = current.kind else {
          throw fail("expected the cell's text as a string (item 3 text \"…\")")
        }
        advance()
        kind = .text(items: items, text)
      } else {
        try consumeWord(
          "size", "after the items (item 0...2 size W x H, preferred W x H, or text \"…\")")
        kind = .itemSize(items: items, size: try expression())
      }
    case "header":
      try consumeWord("size", "after 'header'")
      kind = .headerSize(try expression())
    case "footer":
      try consumeWord("size", "after 'footer'")
      kind = .footerSize(try expression())
    case "insets":
      kind = .inset(try expression())
    case "line":
      try consumeWord("spacing", "after 'line'")
      kind = .lineSpacing(try expression())
    case "interitem":
      try consumeWord("spacing", "after 'interitem'")
      kind = .interitemSpacing(try expression())
    default:
      throw fail(
        "unknown section property '\(word)'",
        help: suggestion(for: word, among: Self.sectionPropertyWords), at: previous.range)
    }
    return SectionProperty(kind: kind, range: start.to(previous.range))
  }
}
