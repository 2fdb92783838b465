/// `layout compositional { … }`: each entry in a block that may hold it, values of the
/// right types and ranges, and the structure UIKit asserts on — one group per section, at
/// least one subitem per group, one subitem for `count`, element kinds unique per section.
extension Checker {
  mutating func checkCompositional(_ declaration: LayoutDecl, _ range: SourceRange) {
    var sawSection = false
    var indexes: Set<Int?> = []
    var layoutKinds: Set<String> = []
    for entry in declaration.compositional {
      guard place(entry, in: .layout) else { continue }
      if case .section(let index, let entries) = entry.value {
        sawSection = true
        var key: Int?
        if let index { key = expectWholeNumber(index, "the section") }
        if index == nil || key != nil {
          if indexes.contains(key) { report(.sectionDeclaredTwice(key), at: entry.range) }
          indexes.insert(key)
        }
        checkSection(entries, entry.range)
      } else {
        checkEntry(entry, kinds: &layoutKinds)
      }
    }
    if !sawSection && !Self.hasUnread(declaration.compositional) {
      report(.compositionalNeedsSection, at: declaration.kindRange)
    }
  }

  /// Whether `entry` may stand in `block`; reports it when not.
  private mutating func place(_ entry: CompositionalEntry, in block: CompositionalBlock) -> Bool {
    guard let keyword = entry.keyword else { return false }
    if keyword.blocks.contains(block) { return true }
    report(.notInBlock(keyword, block), at: entry.range)
    return false
  }

  private mutating func checkSection(_ entries: [CompositionalEntry], _ range: SourceRange) {
    var groups = 0
    var kinds: Set<String> = []
    inCompositionalSection = true
    defer { inCompositionalSection = false }
    for entry in entries where place(entry, in: .section) {
      switch entry.value {
      case .group, .customGroup: groups += 1
      default: break
      }
      checkEntry(entry, kinds: &kinds)
    }
    if groups > 1 || (groups == 0 && !Self.hasUnread(entries)) {
      report(.sectionNeedsOneGroup, at: range)
    }
  }

  /// One entry of any block but the layout's sections.
  private mutating func checkEntry(_ entry: CompositionalEntry, kinds: inout Set<String>) {
    switch entry.value {
    case .section, .unread: break
    case .group(let axis, let size, let count, let entries):
      checkGroup(axis, size, count, entries, entry.range, kinds: &kinds)
    case .item(let size, let entries):
      checkSize(size, "the item")
      for inner in entries where place(inner, in: .item) { checkEntry(inner, kinds: &kinds) }
    case .customGroup(let size, let entries, let code):
      checkSize(size, "the group")
      for inner in entries where place(inner, in: .customGroup) {
        checkEntry(inner, kinds: &kinds)
      }
      // COMP-7: the item provider, layout code with `environment` (the group's size).
      inItemProvider = true
      defer { inItemProvider = false }
      checkCode(code, in: [:])
    case .expression(let e):
      if entry.keyword == .insets {
        expectInsets(e, "the insets")
      } else {
        checkDistance(e, "the \(entry.keyword?.spelling ?? "value")")
      }
    case .spacing(_, let e): checkDistance(e, "the spacing")
    case .word, .toggle: break
    case .boundary(let b):
      if let kind = b.kind {
        checkKind(kind, kinds: &kinds)
      } else {
        checkKind(entry.keyword == .header ? "header" : "footer", kinds: &kinds)
      }
      checkSize(b.size, "the \(entry.keyword?.spelling ?? "boundary item")")
      if let x = b.offsetX { _ = expect(x, .number, "the offset") }
      if let y = b.offsetY { _ = expect(y, .number, "the offset") }
      if let z = b.zIndex { _ = expectWholeNumber(z, "the zIndex") }
    case .supplementary(let s):
      checkKind(s.kind, kinds: &kinds)
      checkSize(s.size, "the supplementary item")
      if let x = s.offsetX { _ = expect(x, .number, "the offset") }
      if let y = s.offsetY { _ = expect(y, .number, "the offset") }
      if let z = s.zIndex { _ = expectWholeNumber(z, "the zIndex") }
    case .background(let kind, let insets, let z):
      _ = expect(kind, .string, "the background's kind")
      if let insets { expectInsets(insets, "the background's insets") }
      if let z { _ = expectWholeNumber(z, "the zIndex") }
    case .edgeSpacing(let edges):
      for e in edges { checkDistance(e.value, "the edge spacing") }
    case .handler(let operations):
      // A transform's operations, with the handler's names (VisibleItemName).
      inTransform = true
      inVisibleItems = true
      defer {
        inTransform = false
        inVisibleItems = false
      }
      checkOperations(operations)
    }
  }

  private mutating func checkGroup(
    _ axis: GroupAxisWord, _ size: DimensionPair, _ count: Expr?, _ entries: [CompositionalEntry],
    _ range: SourceRange, kinds: inout Set<String>
  ) {
    checkSize(size, "the group")
    var subitems = 0
    var noRoom: [(String, SourceRange)] = []
    for inner in entries where place(inner, in: .group) {
      checkEntry(inner, kinds: &kinds)
      let pair: DimensionPair
      switch inner.value {
      case .item(let s, _): pair = s
      case .group(_, let s, _, _), .customGroup(let s, _, _): pair = s
      default: continue
      }
      subitems += 1
      let along = axis == .horizontal ? pair.width : pair.height
      if case .number(let v)? = constant(along.value), v <= 0 {
        noRoom.append((inner.keyword == .item ? "the item" : "the group", inner.range))
      }
    }
    if subitems == 0 && !Self.hasUnread(entries) { report(.groupNeedsSubitem, at: range) }
    if let count {
      if let n = expectWholeNumber(count, "the count"), n < 1 {
        report(.countOutOfRange(n), at: count.range)
      }
      if subitems > 1 { report(.countGroupNeedsOneSubitem, at: range) }
    } else if !noRoom.isEmpty && noRoom.count == subitems {
      // COMP-6: a repeating pattern that takes no room would fill the group forever
      // (the engine stops it; a script is told why).
      for (what, r) in noRoom { report(.takesNoRoom(what), at: r) }
    }
  }

  private mutating func checkSize(_ size: DimensionPair, _ what: String) {
    checkDimension(size.width, "\(what)'s width")
    checkDimension(size.height, "\(what)'s height")
  }

  /// COMP-1: a number, finite and not negative, while it is constant.
  private mutating func checkDimension(_ d: DimensionSpec, _ what: String) {
    if case .number(let v)? = expect(d.value, .number, what), !(v.isFinite && v >= 0) {
      report(.dimensionOutOfRange(what, v), at: d.value.range)
    }
  }

  private mutating func checkDistance(_ e: Expr, _ what: String) {
    if case .number(let v)? = expect(e, .number, what), !v.isFinite {
      report(.dimensionOutOfRange(what, v), at: e.range)
    }
  }

  private mutating func checkKind(_ kind: Expr, kinds: inout Set<String>) {
    guard case .string(let name)? = expect(kind, .string, "the element kind") else { return }
    checkKind(name, kinds: &kinds, at: kind.range)
  }

  private mutating func checkKind(
    _ name: String, kinds: inout Set<String>, at range: SourceRange? = nil
  ) {
    if kinds.contains(name), let range { report(.kindUsedTwice(name), at: range) }
    kinds.insert(name)
  }

  /// Whether the parser could not read one of `entries` (and has said why): what the
  /// block lacks may be in it.
  static func hasUnread(_ entries: [CompositionalEntry]) -> Bool {
    entries.contains { $0.value == .unread }
  }
}
