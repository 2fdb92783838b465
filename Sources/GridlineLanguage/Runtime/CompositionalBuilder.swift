import LayoutEngine

/// Builds the descriptors of `layout compositional`'s entries, as an app's Swift builds
/// them, with one evaluator: the interpreter's when the declaration runs, or one that also
/// knows `environment` when the section provider asks for an adaptive section (one whose
/// entries read it) at each layout pass.
struct CompositionalBuilder {
  let evaluator: Evaluator
  let limits: Limits
  /// Runs the sections' visible-items handlers and custom groups' item providers (weakly:
  /// the layout holds them).
  weak var callbacks: ScriptCallbacks?
  /// Where the code of each custom group built is kept, for `gl export swift`.
  var providers: ItemProviders?
  /// Which values read `environment`, for `gl export swift` of an adaptive section.
  var reads: EnvironmentReads?

  func section(_ entries: [CompositionalEntry], _ range: SourceRange)
    throws(Diagnostic)
    -> CollectionLayoutSection
  {
    guard
      let groupEntry = entries.first(where: {
        switch $0.value {
        case .group, .customGroup: true
        default: false
        }
      })
    else { throw .error(.sectionNeedsOneGroup, at: range) }
    let section = CollectionLayoutSection(group: try group(groupEntry))
    for entry in entries {
      switch (entry.keyword, entry.value) {
      case (.groupSpacing, .expression(let e)):
        section.interGroupSpacing = try read.spacing(e, "the group spacing")
        reads?.note(section, .spacing, e)
      case (.insets, .expression(let e)):
        section.contentInsets = try directionalInsets(e, "the insets")
        reads?.note(section, .insets, e)
      case (.insetsReference, .word(let w)):
        section.contentInsetsReference = Interpreter.insetsReference(w)
      case (.supplementariesFollowInsets, .toggle(let on)):
        section.supplementariesFollowContentInsets = on
      case (_, .boundary(let b)):
        section.boundarySupplementaryItems.append(try boundaryItem(b, entry.keyword))
      case (.background, .background(let kindExpr, let insets, let z)):
        let item = CollectionLayoutDecorationItem.background(
          elementKind: try read.string(kindExpr, "the background's kind"))
        if let insets {
          item.contentInsets = try directionalInsets(insets, "the background's insets")
          reads?.note(item, .insets, insets)
        }
        if let z {
          item.zIndex = try wholeNumber(try evaluator.number(z), "the zIndex", z.range)
          reads?.note(item, .zIndex, z)
        }
        section.decorationItems.append(item)
      case (.orthogonal, .word(let w)):
        section.orthogonalScrollingBehavior = Interpreter.orthogonalBehavior(w)
      case (.visibleItems, .handler(let operations)):
        section.visibleItemsInvalidationHandler = { [weak callbacks] items, offset, environment in
          callbacks?.visibleItems(operations, items, offset: offset, environment: environment)
        }
      default: break
      }
    }
    return section
  }

  private func group(_ entry: CompositionalEntry) throws(Diagnostic) -> CollectionLayoutGroup {
    if case .customGroup(let sizePair, let entries, let code) = entry.value {
      return try customGroup(sizePair, entries, code, entry.range)
    }
    guard case .group(let axis, let sizePair, let countExpr, let entries) = entry.value else {
      throw .error(.groupNeedsSubitem, at: entry.range)
    }
    let size = try layoutSize(sizePair, "the group")
    var subitems: [CollectionLayoutItem] = []
    var supplementaries: [CollectionLayoutSupplementaryItem] = []
    for inner in entries {
      switch inner.value {
      case .item: subitems.append(try item(inner))
      case .group, .customGroup: subitems.append(try group(inner))
      case .supplementary(let s): supplementaries.append(try supplementaryItem(s))
      default: break
      }
    }
    guard let first = subitems.first else { throw .error(.groupNeedsSubitem, at: entry.range) }
    let made: CollectionLayoutGroup
    if let countExpr {
      let n = try wholeNumber(try evaluator.number(countExpr), "the count", countExpr.range)
      guard n >= 1 else { throw .error(.countOutOfRange(n), at: countExpr.range) }
      guard subitems.count == 1 else { throw .error(.countGroupNeedsOneSubitem, at: entry.range) }
      made =
        axis == .horizontal
        ? .horizontal(layoutSize: size, subitem: first, count: n)
        : .vertical(layoutSize: size, subitem: first, count: n)
    } else {
      made =
        axis == .horizontal
        ? .horizontal(layoutSize: size, subitems: subitems)
        : .vertical(layoutSize: size, subitems: subitems)
    }
    made.supplementaryItems = supplementaries
    try configure(made, entries)
    note(made, sizePair)
    if let countExpr { reads?.note(made, .count, countExpr) }
    return made
  }

  /// COMP-7: `.custom(layoutSize:itemProvider:)`, whose provider runs the group's code each
  /// time the layout solves the group, with `environment` the group's size. The code is
  /// kept by the group's identity for `gl export swift`.
  private func customGroup(
    _ sizePair: DimensionPair, _ entries: [CompositionalEntry], _ code: [Statement],
    _ range: SourceRange
  ) throws(Diagnostic) -> CollectionLayoutGroup {
    let made = CollectionLayoutGroup.custom(layoutSize: try layoutSize(sizePair, "the group")) {
      [weak callbacks] environment in
      callbacks?.customItems(code, range, environment: environment) ?? []
    }
    for inner in entries {
      if case .supplementary(let s) = inner.value {
        made.supplementaryItems.append(try supplementaryItem(s))
      }
    }
    try configure(made, entries)
    note(made, sizePair)
    providers?.code[ObjectIdentifier(made)] = (code, range)
    return made
  }

  private func item(_ entry: CompositionalEntry) throws(Diagnostic) -> CollectionLayoutItem {
    guard case .item(let sizePair, let entries) = entry.value else {
      throw .error(.groupNeedsSubitem, at: entry.range)
    }
    var supplementaries: [CollectionLayoutSupplementaryItem] = []
    for inner in entries {
      if case .supplementary(let s) = inner.value {
        supplementaries.append(try supplementaryItem(s))
      }
    }
    let made = CollectionLayoutItem(
      layoutSize: try layoutSize(sizePair, "the item"), supplementaryItems: supplementaries)
    try configure(made, entries)
    note(made, sizePair)
    return made
  }

  /// The size's dimensions that read `environment`.
  private func note(_ item: CollectionLayoutItem, _ size: DimensionPair) {
    reads?.note(item, .width, size.width.value)
    reads?.note(item, .height, size.height.value)
  }

  /// The entries an item and a group share: insets, edge spacing, and a group's spacing.
  private func configure(_ item: CollectionLayoutItem, _ entries: [CompositionalEntry])
    throws(Diagnostic)
  {
    for entry in entries {
      switch entry.value {
      case .expression(let e) where entry.keyword == .insets:
        item.contentInsets = try directionalInsets(e, "the insets")
        reads?.note(item, .insets, e)
      case .spacing(let flexible, let e):
        let v = try read.spacing(e, "the spacing")
        (item as? CollectionLayoutGroup)?.interItemSpacing = flexible ? .flexible(v) : .fixed(v)
        reads?.note(item, .spacing, e)
      case .edgeSpacing(let edges):
        var spacing = item.edgeSpacing ?? CollectionLayoutEdgeSpacing()
        for e in edges {
          let v = try read.spacing(e.value, "the edge spacing")
          let value: CollectionLayoutSpacing = e.flexible ? .flexible(v) : .fixed(v)
          reads?.note(item, .edge(e.edge), e.value)
          switch e.edge {
          case .top: spacing.top = value
          case .leading: spacing.leading = value
          case .bottom: spacing.bottom = value
          case .trailing: spacing.trailing = value
          }
        }
        item.edgeSpacing = spacing
      default: break
      }
    }
  }

  func boundaryItem(_ b: BoundarySpec, _ keyword: CompositionalKeyword?)
    throws(Diagnostic) -> CollectionLayoutBoundarySupplementaryItem
  {
    let kind: String =
      switch keyword {
      case .header: ElementKind.sectionHeader
      case .footer: ElementKind.sectionFooter
      default:
        try b.kind.map { e throws(Diagnostic) in try read.string(e, "the element kind") } ?? ""
      }
    var offset = Point.zero
    if let x = b.offsetX, let y = b.offsetY {
      offset = Point(x: try read.spacing(x, "the offset"), y: try read.spacing(y, "the offset"))
    }
    let item = CollectionLayoutBoundarySupplementaryItem(
      layoutSize: try layoutSize(b.size, "the \(keyword?.spelling ?? "boundary item")"),
      elementKind: kind,
      alignment: Interpreter.alignment(b.alignment), absoluteOffset: offset)
    item.pinToVisibleBounds = b.pinned
    item.extendsBoundary = !b.overlapping
    if let z = b.zIndex {
      item.zIndex = try wholeNumber(try evaluator.number(z), "the zIndex", z.range)
      reads?.note(item, .zIndex, z)
    }
    note(item, b.size)
    if let x = b.offsetX, let y = b.offsetY {
      reads?.note(item, .offsetX, x)
      reads?.note(item, .offsetY, y)
    }
    return item
  }

  private func supplementaryItem(_ s: SupplementarySpec) throws(Diagnostic)
    -> CollectionLayoutSupplementaryItem
  {
    var edges: DirectionalRectEdge = []
    for e in s.edges {
      switch e {
      case .top: edges.insert(.top)
      case .leading: edges.insert(.leading)
      case .bottom: edges.insert(.bottom)
      case .trailing: edges.insert(.trailing)
      }
    }
    var anchor = CollectionLayoutAnchor(edges: edges)
    if let x = s.offsetX, let y = s.offsetY {
      let p = Point(x: try read.spacing(x, "the offset"), y: try read.spacing(y, "the offset"))
      anchor =
        s.fractionalOffset
        ? CollectionLayoutAnchor(edges: edges, fractionalOffset: p)
        : CollectionLayoutAnchor(edges: edges, absoluteOffset: p)
    }
    let item = CollectionLayoutSupplementaryItem(
      layoutSize: try layoutSize(s.size, "the supplementary item"),
      elementKind: try read.string(s.kind, "the element kind"), containerAnchor: anchor)
    if let z = s.zIndex {
      item.zIndex = try wholeNumber(try evaluator.number(z), "the zIndex", z.range)
      reads?.note(item, .zIndex, z)
    }
    note(item, s.size)
    if let x = s.offsetX, let y = s.offsetY {
      reads?.note(item, .offsetX, x)
      reads?.note(item, .offsetY, y)
    }
    return item
  }

  private func layoutSize(_ pair: DimensionPair, _ what: String) throws(Diagnostic)
    -> CollectionLayoutSize
  {
    CollectionLayoutSize(
      widthDimension: try dimension(pair.width, "\(what)'s width"),
      heightDimension: try dimension(pair.height, "\(what)'s height"))
  }

  /// COMP-1: finite and not negative, as `gl check` says of a constant.
  private func dimension(_ d: DimensionSpec, _ what: String) throws(Diagnostic)
    -> CollectionLayoutDimension
  {
    let v = try evaluator.number(d.value)
    guard v.isFinite, v >= 0 else { throw .error(.dimensionOutOfRange(what, v), at: d.value.range) }
    try Validate.finite(v, what, d.value.range, limits)
    switch d.kind {
    case .absolute: return .absolute(v)
    case .estimated: return .estimated(v)
    case .fractionalWidth: return .fractionalWidth(v)
    case .fractionalHeight: return .fractionalHeight(v)
    }
  }

  private func directionalInsets(_ e: Expr, _ what: String) throws(Diagnostic)
    -> DirectionalEdgeInsets
  {
    let i = try read.insets(e, what)
    return DirectionalEdgeInsets(top: i.top, leading: i.left, bottom: i.bottom, trailing: i.right)
  }

  private var read: ValueReader { ValueReader(evaluator: evaluator, limits: limits) }
}

/// The code of each custom group a compositional layout's declaration built, by the
/// group's identity (the layout keeps the groups alive): what `gl export swift` writes as
/// the group's `itemProvider`.
final class ItemProviders {
  var code: [ObjectIdentifier: (statements: [Statement], range: SourceRange)] = [:]
}

/// The values of an adaptive section's descriptors that read `environment`, by descriptor
/// (the objects a sample build made, kept alive by their section) and property: what
/// `gl export swift` writes as an expression of the provider's environment instead of the
/// value the sample gave.
final class EnvironmentReads {
  enum Property: Hashable {
    case width, height, count, spacing, insets, zIndex, offsetX, offsetY
    case edge(EdgeWord)
  }

  private var reads: [ObjectIdentifier: [Property: Expr]] = [:]

  func note(_ object: AnyObject, _ property: Property, _ e: Expr) {
    guard e.mentions(Interpreter.providerNames) else { return }
    reads[ObjectIdentifier(object), default: [:]][property] = e
  }

  /// Every noted value: its descriptor, property and expression.
  var all: [(ObjectIdentifier, Property, Expr)] {
    reads.flatMap { object, values in values.map { (object, $0.key, $0.value) } }
  }
}
