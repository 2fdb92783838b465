/// Data updates (grammar.md, Data updates): the update calls, `batch` and `data`.
extension Parser {
  /// update = ( "insert" | "delete" | "reload" ) ( "items" expression { "," expression }
  ///            | "sections" expression { "," expression } [ "items" expression ] )
  ///        | "move" ( "item" | "section" ) expression "to" expression
  ///          [ "over" expression ( "frames" | "frame" ) ]
  mutating func updateStep(_ keyword: StatementKeyword) throws(Failure) -> UpdateStep {
    let kind: UpdateStep.Kind
    if keyword == .move {
      let target = try require(MoveTargetKeyword.self, "after 'move'")
      guard !target.isInteractive else {
        throw fail(.expected("'item' or 'section'", "after 'move' in an update"))
      }
      let from = try expression()
      try consumeWord("to", "after the \(target.spelling) being moved")
      let to = try expression()
      kind = target == .item ? .moveItem(from, to: to) : .moveSection(from, to: to)
    } else {
      let target = try require(UpdateTargetKeyword.self, "after '\(keyword.spelling)'")
      let list = try expressionList()
      switch (keyword, target) {
      case (.insert, .items): kind = .insertItems(list)
      case (.delete, .items): kind = .deleteItems(list)
      case (.insert, .sections):
        kind = .insertSections(list, items: matchWord("items") ? try expression() : nil)
      case (.delete, .sections): kind = .deleteSections(list)
      case (_, .items): kind = .reloadItems(list)
      case (_, .sections): kind = .reloadSections(list)
      }
    }
    return UpdateStep(kind: kind, frames: try framesClause())
  }

  /// expression { "," expression }
  mutating func expressionList() throws(Failure) -> [Expr] {
    var list = [try expression()]
    while match(.comma) { list.append(try expression()) }
    return list
  }

  /// [ "over" expression ( "frames" | "frame" ) ]
  mutating func framesClause() throws(Failure) -> Expr? {
    guard matchWord("over") else { return nil }
    let frames = try expression()
    if !matchWord("frames") && !matchWord("frame") {
      throw fail(.expected("'frames'", "after the number of frames"))
    }
    return frames
  }

  /// data = "data" "{" { ( "section" expression "items" expression | "sections" expression )
  ///        terminator } "}"
  mutating func dataEntries() throws(Failure) -> [DataEntry] {
    try propertyBlock { (p: inout Parser) throws(Failure) -> DataEntry in
      let start = p.current.range
      switch try p.clause(DataEntryKeyword.self, "data entry") {
      case .section:
        let section = try p.expression()
        try p.consumeWord("items", "after the section in 'data'")
        let count = try p.expression()
        return DataEntry(section: section, count: count, range: start.to(p.previous.range))
      case .sections:
        let count = try p.expression()
        return DataEntry(section: nil, count: count, range: start.to(p.previous.range))
      }
    }
  }

  /// snapshot      = "apply" "snapshot" [ "over" expression "frames" ] "{" { snapshotEntry
  ///                 terminator } "}"
  /// snapshotEntry = "section" expression "items" expression
  ///               | ( "reconfigure" | "reload" ) "items" expression
  mutating func snapshotStep() throws(Failure) -> SnapshotStep {
    try consumeWord("snapshot", "after 'apply' (apply snapshot { … })")
    let frames = try framesClause()
    let entries = try propertyBlock { (p: inout Parser) throws(Failure) -> SnapshotEntry in
      let start = p.current.range
      let keyword = try p.clause(SnapshotEntryKeyword.self, "snapshot entry")
      let kind: SnapshotEntry.Kind
      switch keyword {
      case .section:
        let name = try p.expression()
        try p.consumeWord("items", "after the section's name (section \"Fruits\" items [\"fig\"])")
        kind = .section(name: name, items: try p.expression())
      case .reconfigure, .reload:
        try p.consumeWord(
          "items", "after '\(keyword.spelling)' (\(keyword.spelling) items [\"apple\"])")
        let items = try p.expression()
        kind = keyword == .reload ? .reload(items) : .reconfigure(items)
      }
      return SnapshotEntry(kind: kind, range: start.to(p.previous.range))
    }
    return SnapshotStep(entries: entries, frames: frames)
  }

  /// reconfigure = "reconfigure" "items" expression [ frames ]
  mutating func reconfigureStep() throws(Failure) -> Statement.Kind {
    let start = previous.range
    try consumeWord("items", "after 'reconfigure' (reconfigure items [\"apple\"])")
    let items = try expression()
    let entry = SnapshotEntry(kind: .reconfigure(items), range: start.to(previous.range))
    return .applySnapshot(SnapshotStep(entries: [entry], frames: try framesClause()))
  }
}
