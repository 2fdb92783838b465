extension Parser {
  static let layoutKinds = ["flow"]
  static let layoutPropertyWords = [
    "scroll", "item size", "estimated item size", "line spacing", "interitem spacing", "insets",
    "inset reference", "header size", "footer size", "rows", "last row", "items",
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
    default:
      throw fail(
        "unknown layout property '\(word)'",
        help: suggestion(for: word, among: Self.layoutPropertyWords), at: previous.range)
    }
    return LayoutProperty(kind: kind, range: start.to(previous.range))
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
      try consumeWord("size", "after the items (item 0...2 size W x H)")
      kind = .itemSize(items: items, size: try expression())
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
