/// `layout compositional { … }` (grammar.md, Compositional layouts): entries read by
/// `CompositionalKeyword`; which block may hold which is the checker's business, so a
/// misplaced entry is named where it stands instead of breaking the parse.
extension Parser {
  /// compositionalBody = "{" { ( compositionalEntry | layoutProperty ) terminator } "}"
  mutating func compositionalBody() throws(Failure) -> (
    entries: [CompositionalEntry], properties: [LayoutProperty]
  ) {
    var properties: [LayoutProperty] = []
    let entries = try entryBlock { (p: inout Parser) throws(Failure) -> CompositionalEntry? in
      if let word = p.current.identifier, CompositionalKeyword.firstWords.contains(word) {
        return try p.compositionalEntry()
      }
      properties.append(try p.layoutProperty())
      return nil
    }
    return (entries, properties)
  }

  /// An entry of any block: its keyword, then what the keyword takes.
  mutating func compositionalEntry() throws(Failure) -> CompositionalEntry {
    let range = current.range
    let keyword = try clause(CompositionalKeyword.self, "compositional entry")
    let value: CompositionalValue
    switch keyword {
    case .section:
      var index: Expr?
      if !check(.leftBrace) { index = try expression() }
      value = .section(index: index, entries: try entryBlock())
    case .group:
      let axis = try require(GroupAxisWord.self, "after 'group' (group horizontal …)")
      let size = try dimensionPair(after: "group \(axis.spelling)")
      if axis == .custom {
        let (entries, code) = try customGroupBlock()
        value = .customGroup(size: size, entries: entries, code: code)
        break
      }
      let count = matchWord(DimensionWord.count.spelling) ? try expression() : nil
      value = .group(axis: axis, size: size, count: count, entries: try entryBlock())
    case .item:
      let size = try dimensionPair(after: "item")
      value = .item(size: size, entries: check(.leftBrace) ? try entryBlock() : [])
    case .sectionSpacing, .groupSpacing, .insets:
      value = .expression(try expression())
    case .spacing:
      let flexible = try self.keyword(SpacingWord.self) == .flexible
      value = .spacing(flexible: flexible, try expression())
    case .insetsReference:
      value = .word(try choice(ContentInsetsReferenceWord.spellings, after: keyword.spelling))
    case .orthogonal:
      value = .word(try choice(OrthogonalBehaviorWord.spellings, after: keyword.spelling))
    case .supplementariesFollowInsets:
      value = .toggle(try toggle())
    case .header, .footer, .boundary:
      value = .boundary(try boundary(keyword))
    case .supplementary:
      value = .supplementary(try supplementary())
    case .background:
      let kind = try elementKind(after: "background")
      let insets = matchWord(CompositionalKeyword.insets.spelling) ? try expression() : nil
      let z = matchWord(BoundaryOptionWord.z.spelling) ? try expression() : nil
      value = .background(kind: kind, insets: insets, zIndex: z)
    case .edgeSpacing:
      var edges: [EdgeSpacingSpec] = []
      repeat {
        let edge = try require(EdgeWord.self, "in 'edge spacing' (edge spacing top flexible 0)")
        let flexible = try self.keyword(SpacingWord.self) == .flexible
        edges.append(EdgeSpacingSpec(edge: edge, flexible: flexible, value: try expression()))
      } while match(.comma)
      value = .edgeSpacing(edges)
    case .visibleItems:
      value = .handler(
        try propertyBlock { (p: inout Parser) throws(Failure) in try p.transformOperation() })
    }
    return CompositionalEntry(keyword: keyword, value: value, range: range)
  }

  /// A custom group's block: its item provider's layout code, and among it the entries a
  /// group takes besides subitems (a line that starts with an entry's keyword). Code and
  /// entries each keep their order; the entries' does not matter to UIKit.
  private mutating func customGroupBlock() throws(Failure) -> (
    entries: [CompositionalEntry], code: [Statement]
  ) {
    let outer = position
    position = .itemProvider
    defer { position = outer }
    var code: [Statement] = []
    let entries = try entryBlock { (p: inout Parser) throws(Failure) -> CompositionalEntry? in
      if let word = p.current.identifier, CompositionalKeyword.firstWords.contains(word),
        !p.atAssignment
      {
        return try p.compositionalEntry()
      }
      code.append(try p.statement())
      return nil
    }
    return (entries, code)
  }

  private mutating func entryBlock() throws(Failure) -> [CompositionalEntry] {
    try entryBlock { (p: inout Parser) throws(Failure) in try p.compositionalEntry() }
  }

  /// A block of entries, as `propertyBlock` reads one, that keeps an entry it could not
  /// read as `.unread` (its error is already recorded) so the checker knows the block is
  /// not what was meant.
  private mutating func entryBlock(
    _ entry: (inout Parser) throws(Failure) -> CompositionalEntry?
  ) throws(Failure) -> [CompositionalEntry] {
    let entries = try braced { (p: inout Parser) -> CompositionalEntry?? in
      let range = p.current.range
      do {
        let value = try entry(&p)
        try p.terminator()
        return value
      } catch {
        p.synchronize()
        return CompositionalEntry(keyword: nil, value: .unread, range: range)
      }
    }
    return entries.compactMap { $0 }
  }

  /// size = "width" dimension "height" dimension
  mutating func dimensionPair(after what: String) throws(Failure) -> DimensionPair {
    try consumeWord(
      DimensionWord.width.spelling, "after '\(what)' (\(what) width 1 fraction height 44)")
    let width = try dimension(.width)
    try consumeWord(DimensionWord.height.spelling, "after the width (… height 44)")
    let height = try dimension(.height)
    return DimensionPair(width: width, height: height)
  }

  /// dimension = "estimated" expression | expression [ "fraction" [ "of" ( "width" | "height" ) ] ]
  private mutating func dimension(_ axis: DimensionWord) throws(Failure) -> DimensionSpec {
    if matchWord(DimensionWord.estimated.spelling) {
      return DimensionSpec(kind: .estimated, value: try expression())
    }
    let value = try expression()
    guard matchWord(DimensionWord.fraction.spelling) else {
      return DimensionSpec(kind: .absolute, value: value)
    }
    var kind: DimensionSpec.Kind = axis == .width ? .fractionalWidth : .fractionalHeight
    if matchWord("of") {
      let of = try choice(["width", "height"], after: "fraction of")
      kind = of == "width" ? .fractionalWidth : .fractionalHeight
    }
    return DimensionSpec(kind: kind, value: value)
  }

  private mutating func elementKind(after what: String) throws(Failure) -> Expr {
    guard case .string = current.kind else {
      throw fail(.expected("the element kind as a string", "after '\(what)' (\(what) \"badge\" …)"))
    }
    return try expression()
  }

  /// boundary = ( "header" | "footer" | "boundary" STRING ) size [ "at" ALIGNMENT ] { option }
  private mutating func boundary(_ keyword: CompositionalKeyword) throws(Failure) -> BoundarySpec {
    let kind = keyword == .boundary ? try elementKind(after: "boundary") : nil
    let size = try dimensionPair(after: keyword.spelling)
    var spec = BoundarySpec(
      kind: kind, size: size, alignment: keyword == .footer ? .bottom : .top)
    if keyword == .boundary {
      try consumeWord(BoundaryOptionWord.at.spelling, "after the size (… at top trailing)")
      spec.alignment = try require(AlignmentWord.self, "after 'at'")
    }
    while let option = try self.keyword(BoundaryOptionWord.self) {
      switch option {
      case .pinned: spec.pinned = true
      case .overlapping: spec.overlapping = true
      case .offset:
        spec.offsetX = try expression()
        _ = try consume(.comma, "between the offset's x and y (offset 0, -10)")
        spec.offsetY = try expression()
      case .z: spec.zIndex = try expression()
      case .at:
        throw fail(
          .expected(
            "'pinned', 'overlapping', 'offset' or 'z'",
            "after the size: a header's alignment is fixed"))
      }
    }
    return spec
  }

  /// supplementary = "supplementary" STRING size "at" EDGE { EDGE }
  ///                 [ "offset" expression "," expression [ "fraction" ] ] [ "z" expression ]
  private mutating func supplementary() throws(Failure) -> SupplementarySpec {
    let kind = try elementKind(after: "supplementary")
    let size = try dimensionPair(after: "supplementary")
    try consumeWord(BoundaryOptionWord.at.spelling, "after the size (… at top trailing)")
    var edges = [try require(EdgeWord.self, "after 'at' (at top trailing)")]
    while let edge = try keyword(EdgeWord.self) { edges.append(edge) }
    var spec = SupplementarySpec(kind: kind, size: size, edges: edges)
    if matchWord(BoundaryOptionWord.offset.spelling) {
      spec.offsetX = try expression()
      _ = try consume(.comma, "between the offset's x and y (offset 0.3, -0.3 fraction)")
      spec.offsetY = try expression()
      spec.fractionalOffset = matchWord(DimensionWord.fraction.spelling)
    }
    if matchWord(BoundaryOptionWord.z.spelling) { spec.zIndex = try expression() }
    return spec
  }
}
