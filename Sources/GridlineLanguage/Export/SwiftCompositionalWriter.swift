import LayoutEngine

/// Writes the UIKit Swift of `layout compositional { … }`: the descriptors an app builds
/// for `UICollectionViewCompositionalLayout` — `NSCollectionLayoutSize`, `…Item`,
/// `…Group`, `…Section`, boundary and anchored supplementary items, background decorations,
/// the configuration — in the shape of Apple's samples (sizes first, then the item, its
/// group, the section). Each section with an entry of its own gets a function, and the
/// section provider picks one by index; a layout with one section for all is made with
/// `init(section:)`. The values are the ones the declaration evaluated.
struct SwiftCompositionalWriter {
  let model: CompositionalExportModel

  var layoutName: String { model.layoutName }
  var dataSourceName: String { model.dataSourceName }

  func write(version: String) -> String {
    var out = SwiftLines(
      file: layoutName, version: version,
      origin: "\(model.fileName): its compositional layout (\(model.place(model.described.range)))",
      scene: model.scene)
    writeLayout(&out)
    out.add("")
    SwiftDataSourceWriter(
      name: dataSourceName, fileName: model.fileName, sections: model.sections,
      sectionLines: model.sectionLines,
      supplementaryKinds: model.supplementaryKinds.map(Self.kind), isFlowDelegate: false
    ).write(&out)
    SwiftHelpers.write(model.helpers, &out)
    return out.text
  }

  private func writeLayout(_ out: inout SwiftLines) {
    // The script's `let`s a visible-items handler reads.
    for constant in model.constants {
      out.add(
        "private let \(constant.name): \(constant.type) = \(constant.value)",
        constant.line.map { "\(model.fileName):\($0)" })
    }
    if !model.constants.isEmpty { out.add("") }
    out.add(
      "/// The compositional layout of \(model.fileName) (`UICollectionViewCompositionalLayout`):")
    out.add("/// items inside groups inside sections. `make()` builds it, as a view controller's")
    out.add("/// `createLayout()` would.")
    out.block("enum \(layoutName)") { body in
      writeMake(&body)
      for (index, section) in model.orderedSections {
        body.add("")
        writeSection(section, index: index, &body)
      }
    }
  }

  /// The configuration's lines, or none when the script keeps UIKit's defaults.
  private func configurationLines(_ names: inout SwiftNamer) -> [String] {
    let c = model.layout.configuration
    let uikit = CollectionViewCompositionalLayoutConfiguration()
    var lines: [String] = []
    if c.scrollDirection != uikit.scrollDirection {
      lines.append("configuration.scrollDirection = .\(c.scrollDirection)")
    }
    if c.interSectionSpacing != uikit.interSectionSpacing {
      lines.append(
        "configuration.interSectionSpacing = \(SwiftLiteral.number(c.interSectionSpacing))")
    }
    if c.contentInsetsReference != uikit.contentInsetsReference {
      lines.append(
        "configuration.contentInsetsReference = \(Self.insetsReference(c.contentInsetsReference))")
    }
    guard !c.boundarySupplementaryItems.isEmpty || !lines.isEmpty else { return [] }
    var out = SwiftLines()
    let items = c.boundarySupplementaryItems.map { boundary($0, &names, &out) }
    lines = out.lines + lines
    if !items.isEmpty {
      lines.append("configuration.boundarySupplementaryItems = [\(items.joined(separator: ", "))]")
    }
    return ["let configuration = UICollectionViewCompositionalLayoutConfiguration()"] + lines
  }

  private func writeMake(_ out: inout SwiftLines) {
    out.add(
      model.decorationKinds.isEmpty
        ? "/// The layout."
        : "/// The layout, with the views it draws itself (the section backgrounds) registered.")
    out.block("static func make() -> UICollectionViewCompositionalLayout") { b in
      var names = SwiftNamer(reserved: model.constants.map(\.name))
      let configuration = configurationLines(&names)
      for line in configuration { b.add(line) }
      let with = configuration.isEmpty ? "" : ", configuration: configuration"
      let decorations = model.decorationKinds
      let returned = decorations.isEmpty ? "return " : "let layout = "
      let sections = model.orderedSections
      let numbered = sections.compactMap(\.index)
      let shared = sections.contains { $0.index == nil }
      // An adaptive section is built from the environment the provider is given.
      let call = { (index: Int?) in
        "section\(index.map(String.init) ?? "")(\(model.isAdaptive(index) ? "environment" : ""))"
      }
      if numbered.isEmpty, shared, !model.isAdaptive(nil) {
        b.addCall(returned + "UICollectionViewCompositionalLayout(section: section()\(with))")
      } else if numbered.isEmpty, shared {
        b.add(returned + "UICollectionViewCompositionalLayout(")
        b.add("  sectionProvider: { _, environment in \(call(nil)) }\(with))")
      } else {
        b.add(returned + "UICollectionViewCompositionalLayout(")
        b.add("  sectionProvider: { sectionIndex, environment in")
        b.add("    switch sectionIndex {")
        for index in numbered { b.add("    case \(index): return \(call(index))") }
        b.add(
          shared
            ? "    default: return \(call(nil))"
            : "    default: return nil  // no section entry: an empty section")
        b.add("    }")
        b.add("  }\(with))")
      }
      guard !decorations.isEmpty else { return }
      for kind in decorations {
        b.add(
          "layout.register(UICollectionReusableView.self, forDecorationViewOfKind: \(SwiftLiteral.string(kind)))"
        )
      }
      b.add("return layout")
    }
  }

  private func writeSection(
    _ section: CollectionLayoutSection, index: Int?, _ out: inout SwiftLines
  ) {
    let range =
      (index.map { model.described.ranges[$0] } ?? model.described.sharedRange)
      ?? model.described.adaptive[index]?.range
    let what = index.map { "Section \($0)" } ?? "Every section without one of its own"
    out.add("/// \(what) (`section\(index.map { " \($0)" } ?? "")`, \(model.place(range))).")
    let name = "section\(index.map(String.init) ?? "")"
    let adaptive = model.isAdaptive(index)
    let parameter = adaptive ? "_ environment: NSCollectionLayoutEnvironment" : ""
    out.block("static func \(name)(\(parameter)) -> NSCollectionLayoutSection") { b in
      var names = SwiftNamer(reserved: model.constants.map(\.name))
      if adaptive {
        // What the provider's sections read of their environment (`environment` in gl).
        names.take(model.containerName)
        b.add("let \(model.containerName) = environment.container.effectiveContentSize")
      }
      let group = item(section.group, role: "group", &names, &b)
      b.add("")
      b.add("let section = NSCollectionLayoutSection(group: \(group))")
      let uikit = CollectionLayoutSection(group: section.group)
      if let spacing = model.adaptive(section, .spacing) {
        b.add("section.interGroupSpacing = \(spacing)")
      } else if section.interGroupSpacing != uikit.interGroupSpacing {
        b.add("section.interGroupSpacing = \(SwiftLiteral.number(section.interGroupSpacing))")
      }
      if section.contentInsets != uikit.contentInsets || model.adaptive(section, .insets) != nil {
        let insets = insets(section, section.contentInsets, "section", &names, &b)
        b.addCall("section.contentInsets = \(insets)")
      }
      if section.contentInsetsReference != uikit.contentInsetsReference {
        b.add(
          "section.contentInsetsReference = \(Self.insetsReference(section.contentInsetsReference))"
        )
      }
      if section.supplementariesFollowContentInsets != uikit.supplementariesFollowContentInsets {
        b.add(
          "section.supplementariesFollowContentInsets = \(section.supplementariesFollowContentInsets)"
        )
      }
      if !section.boundarySupplementaryItems.isEmpty {
        let items = section.boundarySupplementaryItems.map { boundary($0, &names, &b) }
        b.add("section.boundarySupplementaryItems = [\(items.joined(separator: ", "))]")
      }
      if !section.decorationItems.isEmpty {
        let items = section.decorationItems.map { decoration($0, &names, &b) }
        b.add("section.decorationItems = [\(items.joined(separator: ", "))]")
      }
      if section.orthogonalScrollingBehavior != .none {
        b.add("section.orthogonalScrollingBehavior = .\(section.orthogonalScrollingBehavior)")
      }
      if let handler = model.handlers[index] {
        // COMP-14: each element on screen, where the section's scroller puts it.
        b.add(
          "section.visibleItemsInvalidationHandler = { items, offset, environment in",
          model.place(model.described.handlers[index]?.range))
        b.depth += 1
        if handler.translator.usedBound.contains(ProviderName.environment.spelling) {
          b.add("let \(model.containerName) = environment.container.effectiveContentSize")
        }
        b.block("for item in items") { f in
          for line in handler.statements { f.add(line) }
        }
        b.depth -= 1
        b.add("}")
      }
      b.add("return section")
    }
  }

  /// Writes an item or a group (its subitems first) and returns its variable's name.
  private func item(
    _ item: CollectionLayoutItem, role: String, _ names: inout SwiftNamer, _ out: inout SwiftLines
  ) -> String {
    if let group = item as? CollectionLayoutGroup {
      return self.group(group, role: role, &names, &out)
    }
    let supplementaries = item.supplementaryItems.map { supplementary($0, &names, &out) }
    let name = names.fresh(role)
    out.addCall("let \(name)Size = \(size(item))")
    if supplementaries.isEmpty {
      out.addCall("let \(name) = NSCollectionLayoutItem(layoutSize: \(name)Size)")
    } else {
      out.addCall(
        "let \(name) = NSCollectionLayoutItem(layoutSize: \(name)Size, supplementaryItems: [\(supplementaries.joined(separator: ", "))])"
      )
    }
    common(item, name, &names, &out)
    return name
  }

  private func group(
    _ group: CollectionLayoutGroup, role: String, _ names: inout SwiftNamer,
    _ out: inout SwiftLines
  ) -> String {
    let subitems = group.subitems.map {
      item($0, role: $0 is CollectionLayoutGroup ? "nestedGroup" : "item", &names, &out)
    }
    let supplementaries = group.supplementaryItems.map { supplementary($0, &names, &out) }
    let name = names.fresh(role)
    let axis: String
    switch group.arrangement {
    case .vertical: axis = "vertical"
    case .horizontal, .custom: axis = "horizontal"
    }
    out.addCall("let \(name)Size = \(size(group))")
    if case .custom = group.arrangement, let provider = model.providers[ObjectIdentifier(group)] {
      let range = model.described.providers.code[ObjectIdentifier(group)]?.range
      customGroup(name, provider, range, &out)
    } else if let count = group.count {
      // COMP-5, COMP-15c: `count` equal items, whatever the item's own width; iOS 16
      // renamed it `repeatingSubitem:count:`, which the engine does not model.
      out.addCall(
        "let \(name) = NSCollectionLayoutGroup.\(axis)(layoutSize: \(name)Size, subitem: \(subitems[0]), count: \(model.adaptive(group, .count) ?? String(count)))"
      )
    } else {
      out.addCall(
        "let \(name) = NSCollectionLayoutGroup.\(axis)(layoutSize: \(name)Size, subitems: [\(subitems.joined(separator: ", "))])"
      )
    }
    if let spacing = group.interItemSpacing {
      out.add(
        "\(name).interItemSpacing = \(self.spacing(spacing, model.adaptive(group, .spacing)))")
    }
    if !supplementaries.isEmpty {
      out.add("\(name).supplementaryItems = [\(supplementaries.joined(separator: ", "))]")
    }
    common(group, name, &names, &out)
    return name
  }

  /// COMP-7: `.custom(layoutSize:itemProvider:)`, the provider the group's code translated:
  /// its frames, relative to the group, in the order the section's items take them.
  private func customGroup(
    _ name: String, _ provider: SwiftCodeTranslator, _ range: SourceRange?,
    _ out: inout SwiftLines
  ) {
    out.add(
      "let \(name) = NSCollectionLayoutGroup.custom(layoutSize: \(name)Size) { environment in",
      model.place(range))
    out.depth += 1
    if provider.usedBound.contains(ProviderName.environment.spelling) {
      out.add("let \(model.containerName) = environment.container.effectiveContentSize")
    }
    out.add("var \(provider.customItems): [NSCollectionLayoutGroupCustomItem] = []")
    for line in provider.lines { out.add(line) }
    out.add("return \(provider.customItems)")
    out.depth -= 1
    out.add("}")
  }

  /// What items and groups share: contentInsets (COMP-4) and edgeSpacing.
  private func common(
    _ item: CollectionLayoutItem, _ name: String, _ names: inout SwiftNamer,
    _ out: inout SwiftLines
  ) {
    if item.contentInsets != .zero || model.adaptive(item, .insets) != nil {
      let insets = insets(item, item.contentInsets, name, &names, &out)
      out.addCall("\(name).contentInsets = \(insets)")
    }
    if let e = item.edgeSpacing {
      let sides: [(String, CollectionLayoutSpacing?, EdgeWord)] = [
        ("leading", e.leading, .leading), ("top", e.top, .top),
        ("trailing", e.trailing, .trailing), ("bottom", e.bottom, .bottom),
      ]
      let edges = sides.map { label, value, edge in
        "\(label): \(value.map { spacing($0, model.adaptive(item, .edge(edge))) } ?? "nil")"
      }
      out.addCall(
        "\(name).edgeSpacing = NSCollectionLayoutEdgeSpacing(\(edges.joined(separator: ", ")))")
    }
  }

  private func supplementary(
    _ s: CollectionLayoutSupplementaryItem, _ names: inout SwiftNamer, _ out: inout SwiftLines
  ) -> String {
    let name = names.fresh(SwiftNamer.identifier(s.elementKind))
    out.addCall("let \(name)Anchor = \(Self.anchor(s.containerAnchor, offset: offset(s)))")
    out.addCall("let \(name)Size = \(size(s))")
    var arguments =
      "layoutSize: \(name)Size, elementKind: \(Self.kind(s.elementKind)), containerAnchor: \(name)Anchor"
    if let itemAnchor = s.itemAnchor { arguments += ", itemAnchor: \(Self.anchor(itemAnchor))" }
    out.addCall("let \(name) = NSCollectionLayoutSupplementaryItem(\(arguments))")
    zIndex(s, s.zIndex, uikit: 1, name, &out)
    return name
  }

  private func boundary(
    _ b: CollectionLayoutBoundarySupplementaryItem, _ names: inout SwiftNamer,
    _ out: inout SwiftLines
  ) -> String {
    let role =
      switch b.elementKind {
      case ElementKind.sectionHeader: "header"
      case ElementKind.sectionFooter: "footer"
      default: SwiftNamer.identifier(b.elementKind)
      }
    let name = names.fresh(role)
    out.addCall("let \(name)Size = \(size(b))")
    var arguments =
      "layoutSize: \(name)Size, elementKind: \(Self.kind(b.elementKind)), alignment: .\(b.alignment)"
    if let offset = offset(b) {
      arguments += ", absoluteOffset: \(offset)"
    } else if b.offset != .zero {
      arguments += ", absoluteOffset: \(Self.point(b.offset))"
    }
    out.addCall("let \(name) = NSCollectionLayoutBoundarySupplementaryItem(\(arguments))")
    if b.pinToVisibleBounds { out.add("\(name).pinToVisibleBounds = true") }
    if !b.extendsBoundary { out.add("\(name).extendsBoundary = false") }
    zIndex(b, b.zIndex, uikit: 1, name, &out)
    return name
  }

  private func decoration(
    _ d: CollectionLayoutDecorationItem, _ names: inout SwiftNamer, _ out: inout SwiftLines
  ) -> String {
    let name = names.fresh("background")
    out.addCall(
      "let \(name) = NSCollectionLayoutDecorationItem.background(elementKind: \(SwiftLiteral.string(d.elementKind)))"
    )
    if d.contentInsets != .zero || model.adaptive(d, .insets) != nil {
      let insets = insets(d, d.contentInsets, name, &names, &out)
      out.addCall("\(name).contentInsets = \(insets)")
    }
    zIndex(d, d.zIndex, uikit: 0, name, &out)
    return name
  }

  // MARK: values that read the provider's environment (adaptive sections)

  /// The item's size, each dimension that reads `environment` written as its Swift.
  private func size(_ item: CollectionLayoutItem) -> String {
    let s = item.layoutSize
    let width = Self.dimension(s.widthDimension, model.adaptive(item, .width))
    let height = Self.dimension(s.heightDimension, model.adaptive(item, .height))
    return "NSCollectionLayoutSize(widthDimension: \(width), heightDimension: \(height))"
  }

  private func spacing(_ s: CollectionLayoutSpacing, _ code: String?) -> String {
    guard let code else { return Self.spacing(s) }
    switch s {
    case .fixed: return ".fixed(\(code))"
    case .flexible: return ".flexible(\(code))"
    }
  }

  /// Insets; one number that reads `environment` is computed once, under a name of its own.
  private func insets(
    _ object: AnyObject, _ e: DirectionalEdgeInsets, _ stem: String, _ names: inout SwiftNamer,
    _ out: inout SwiftLines
  ) -> String {
    guard let code = model.adaptive(object, .insets) else { return Self.insets(e) }
    let inset = names.fresh(stem + "Inset")
    out.add("let \(inset) = \(code)")
    return "NSDirectionalEdgeInsets(top: \(inset), leading: \(inset), bottom: \(inset), "
      + "trailing: \(inset))"
  }

  /// A boundary or anchored item's offset when either part reads `environment`.
  private func offset(_ item: CollectionLayoutSupplementaryItem) -> String? {
    let (x, y) = (model.adaptive(item, .offsetX), model.adaptive(item, .offsetY))
    guard x != nil || y != nil else { return nil }
    let p =
      (item as? CollectionLayoutBoundarySupplementaryItem)?.offset ?? item.containerAnchor.offset
    return "CGPoint(x: \(x ?? SwiftLiteral.number(p.x)), y: \(y ?? SwiftLiteral.number(p.y)))"
  }

  private func zIndex(
    _ object: AnyObject, _ value: Int, uikit: Int, _ name: String, _ out: inout SwiftLines
  ) {
    if let code = model.adaptive(object, .zIndex) {
      out.add("\(name).zIndex = \(code)")
    } else if value != uikit {
      out.add("\(name).zIndex = \(value)")
    }
  }

  // MARK: literals

  /// UIKit's constants for the header and footer kinds; any other kind is its string.
  static func kind(_ kind: String) -> String {
    switch kind {
    case ElementKind.sectionHeader: "UICollectionView.elementKindSectionHeader"
    case ElementKind.sectionFooter: "UICollectionView.elementKindSectionFooter"
    default: SwiftLiteral.string(kind)
    }
  }

  static func size(_ s: CollectionLayoutSize) -> String {
    "NSCollectionLayoutSize(widthDimension: \(dimension(s.widthDimension)), heightDimension: \(dimension(s.heightDimension)))"
  }

  static func dimension(_ d: CollectionLayoutDimension, _ code: String? = nil) -> String {
    let v = code ?? SwiftLiteral.number(d.dimension)
    return switch d.semantic {
    case .absolute: ".absolute(\(v))"
    case .estimated: ".estimated(\(v))"
    case .fractionalWidth: ".fractionalWidth(\(v))"
    case .fractionalHeight: ".fractionalHeight(\(v))"
    }
  }

  static func insets(_ e: DirectionalEdgeInsets) -> String {
    let n = SwiftLiteral.number
    return "NSDirectionalEdgeInsets(top: \(n(e.top)), leading: \(n(e.leading)), "
      + "bottom: \(n(e.bottom)), trailing: \(n(e.trailing)))"
  }

  static func spacing(_ s: CollectionLayoutSpacing) -> String {
    switch s {
    case .fixed(let v): ".fixed(\(SwiftLiteral.number(v)))"
    case .flexible(let v): ".flexible(\(SwiftLiteral.number(v)))"
    }
  }

  static func point(_ p: Point) -> String {
    "CGPoint(x: \(SwiftLiteral.number(p.x)), y: \(SwiftLiteral.number(p.y)))"
  }

  static func anchor(_ a: CollectionLayoutAnchor, offset code: String? = nil) -> String {
    let named: [(DirectionalRectEdge, String)] = [
      (.top, ".top"), (.leading, ".leading"), (.bottom, ".bottom"), (.trailing, ".trailing"),
    ]
    let edges = named.filter { a.edges.contains($0.0) }.map(\.1)
    let list = edges.count == 1 ? edges[0] : "[\(edges.joined(separator: ", "))]"
    guard a.offset != .zero || code != nil else {
      return "NSCollectionLayoutAnchor(edges: \(list))"
    }
    let label = a.isAbsoluteOffset ? "absoluteOffset" : "fractionalOffset"
    return "NSCollectionLayoutAnchor(edges: \(list), \(label): \(code ?? point(a.offset)))"
  }

  static func insetsReference(_ r: ContentInsetsReference) -> String {
    switch r {
    case .automatic: ".automatic"
    case .none: ".none"
    case .safeArea: ".safeArea"
    case .layoutMargins: ".layoutMargins"
    case .readableContent: ".readableContent"
    }
  }
}

/// Variable names inside one function: `item`, `item2`, … so each descriptor has its own.
/// The names the functions use themselves are taken from the start, and so are the
/// script's names the file declares (`reserved`): a local named after one would hide it
/// from the code after it (issue 36).
struct SwiftNamer {
  private var used: Set<String> = ["section", "layout", "configuration", "environment"]

  init(reserved: some Sequence<String> = []) { used.formUnion(reserved) }

  /// A name the function declares itself.
  mutating func take(_ name: String) { used.insert(name) }

  /// A new local name from `stem` (`item`, `item2`, …); the names made from it by a suffix
  /// (`item2Size`, `item2Anchor`) are free too.
  mutating func fresh(_ stem: String) -> String {
    func free(_ name: String) -> Bool {
      !([name] + Self.derived.map { name + $0 }).contains(where: used.contains)
    }
    var name = stem
    var n = 1
    while !free(name) {
      n += 1
      name = "\(stem)\(n)"
    }
    used.insert(name)
    for suffix in Self.derived { used.insert(name + suffix) }
    return name
  }

  /// The suffixes the writer adds to a fresh name for the values that go with it.
  static let derived = ["Size", "Anchor"]

  /// An element kind as a Swift name: its words in lower camel case (`"section-badge"` →
  /// `sectionBadge`), `supplementary` when it has none or starts with a digit.
  static func identifier(_ kind: String) -> String {
    let words = kind.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    guard let first = words.first, let initial = first.first, initial.isLetter else {
      return "supplementary"
    }
    let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let name = first.prefix(1).lowercased() + first.dropFirst() + rest.joined()
    // A local of the writer's own, kept apart from the script's names by `fresh` (which
    // avoids the constants the file declares). A keyword gets a word more, not backticks:
    // `\(name)Size` follows it.
    return SwiftNames.keywords.contains(name) ? name + "Item" : name
  }
}
