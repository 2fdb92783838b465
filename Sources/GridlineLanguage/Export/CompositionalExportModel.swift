import LayoutEngine

/// What `gl export swift` writes for `layout compositional { … }`: the descriptors the
/// declaration built (the same objects the interpreter lays out, so the Swift says exactly
/// what ran), where each section's entry stands, and the scene and sections as for a flow
/// layout. What UIKit's descriptors cannot say is refused here, before anything is written.
struct CompositionalExportModel {
  var scriptName: String
  var fileName: String
  var scene: SceneConfiguration
  var sections: [SectionModel]
  var sectionLines: [Int]
  var layout: ScriptCompositionalLayout
  var described: ScriptCompositionalLayout.Described
  var file: SourceFile
  var warnings: [ExportProblem] = []
  /// The interpreter that ran the declarations, kept alive: the layout's callbacks hold it
  /// only weakly, and `frames` lays the layout out again.
  var interpreter: Interpreter

  /// `CompGrid` for comp-grid.gl, or the declaration's own name.
  var layoutName: String {
    ExportModel.typeStem(described.name ?? scriptName) + "Layout"
  }
  var dataSourceName: String { ExportModel.typeStem(scriptName) + "DataSource" }

  func line(_ range: SourceRange?) -> Int? { range.map { file.line(of: $0.start) } }

  func place(_ range: SourceRange?) -> String {
    line(range).map { "\(fileName):\($0)" } ?? fileName
  }

  init(_ declared: Declared) throws(ExportProblem) {
    guard let layout = declared.layout as? ScriptCompositionalLayout,
      let described = layout.described
    else { throw .error(ExportProblem.otherLayout) }
    let interpreter = declared.interpreter
    self.layout = layout
    self.described = described
    self.interpreter = interpreter
    file = declared.file
    scriptName = ExportModel.stem(file.name)
    fileName = ExportModel.baseName(file.name)
    scene = interpreter.layers.scene
    sections = interpreter.data.sections
    sectionLines = declared.lines.sections
    let at = file.line(of: described.range.start)
    if !layout.restyling.rules.isEmpty {
      throw .error(ExportProblem.compositionalAdditions("transforms"), line: at)
    }
    if layout.snap != nil {
      throw .error(ExportProblem.compositionalAdditions("a snap target"), line: at)
    }
    try buildAdaptiveSections()
    if Self.hasEstimate(orderedSections.map(\.section), layout.configuration) {
      // Cells that report sizes self-size the script's layout (COMP-1); the exported one
      // has no cells, so it could not lay out the same frames.
      if sections.contains(where: { !$0.preferred.isEmpty }) {
        throw .error(ExportProblem.selfSizing, line: at)
      }
      warnings.append(.warning(ExportProblem.estimatedDimensions, line: at))
    }
    if ExportModel.declaresBehaviour(interpreter) {
      warnings.append(.warning(ExportProblem.notLayout))
    }
    // COMP-14: each section's `on visible items` as the handler's Swift.
    let lets = ScriptConstants(declared)
    // The handler reads the container's size once, as `container`: a name no script name
    // becomes (`SwiftNames.taken`).
    do throws(SwiftCodeTranslator.Unsupported) {
      for (index, handler) in self.described.handlers {
        handlers[index] = try SwiftLiveRule(
          handler.operations, on: "item", followsBounds: false,
          bound: [
            "offset": SwiftValue(code: "offset", kind: .point),
            ProviderName.environment.spelling: SwiftValue(code: containerName, kind: .size),
            VisibleItemName.kind.spelling: SwiftValue(code: "elementKind(of: item)", kind: .string),
          ], file: file, lets: lets.lets)
      }
    } catch {
      throw .error(ExportProblem.handlerCode(error.what), line: error.line)
    }
    // COMP-7: each custom group's item provider, its code translated as layout code is.
    do throws(SwiftCodeTranslator.Unsupported) {
      for (group, provider) in described.providers.code {
        providers[group] = try SwiftCodeTranslator.translate(
          provider.statements, file: file, lets: lets.lets,
          bound: [
            ProviderName.environment.spelling: SwiftValue(code: containerName, kind: .size)
          ], customItems: "items")
      }
    } catch {
      throw .error(ExportProblem.providerCode(error.what), line: error.line)
    }
    try translateEnvironmentReads(lets.lets)
    let translators =
      handlers.values.map(\.translator) + providers.values + adaptiveTranslators
    constants = lets.constants(translators.reduce(into: []) { $0.formUnion($1.usedLets) })
    helpers = translators.reduce(into: []) { $0.formUnion($1.helpers) }
    if handlers.values.contains(where: {
      $0.translator.usedBound.contains(VisibleItemName.kind.spelling)
    }) {
      helpers.insert(.elementKind)
    }
  }

  /// Each section's visible-items handler, translated (nil key: the shared section's).
  var handlers: [Int?: SwiftLiveRule] = [:]
  /// Each custom group's item provider, translated, by the group's identity.
  var providers: [ObjectIdentifier: SwiftCodeTranslator] = [:]
  /// Adaptive sections, built for the layout's container (nil key: the shared one).
  var adaptiveSections: [Int?: CollectionLayoutSection] = [:]
  /// Which of their values read `environment`, and those values as Swift.
  let reads = EnvironmentReads()
  var adaptiveValues: [ObjectIdentifier: [EnvironmentReads.Property: SwiftValue]] = [:]
  var adaptiveTranslators: [SwiftCodeTranslator] = []

  /// What the handlers call `environment.container.effectiveContentSize`.
  let containerName = "container"
  /// The script's `let`s the handlers read, and the helpers they call.
  var constants: [(name: String, type: String, value: String, line: Int?)] = []
  var helpers: Set<SwiftHelper> = []

  /// Whether the list is scrolled again in the check: a pinned boundary item moves as the
  /// collection view scrolls (OPEN-6), and the check should see it follow.
  var hasPinnedItems: Bool {
    let all =
      orderedSections.map(\.section).flatMap(\.boundarySupplementaryItems)
      + layout.configuration.boundarySupplementaryItems
    return all.contains(where: \.pinToVisibleBounds)
  }

  /// The kinds of every supplementary view the layout asks the data source for, in the
  /// order they first appear: UIKit asks `viewForSupplementaryElementOfKind` for each.
  var supplementaryKinds: [String] {
    var kinds: [String] = []
    func add(_ kind: String) { if !kinds.contains(kind) { kinds.append(kind) } }
    func visit(_ item: CollectionLayoutItem) {
      for supplementary in item.supplementaryItems { add(supplementary.elementKind) }
      for subitem in (item as? CollectionLayoutGroup)?.subitems ?? [] { visit(subitem) }
    }
    for boundary in layout.configuration.boundarySupplementaryItems { add(boundary.elementKind) }
    for section in orderedSections.map(\.section) {
      for boundary in section.boundarySupplementaryItems { add(boundary.elementKind) }
      visit(section.group)
    }
    return kinds
  }

  /// The kinds of the section backgrounds, which the layout registers.
  var decorationKinds: [String] {
    var kinds: [String] = []
    for item in orderedSections.flatMap(\.section.decorationItems)
    where !kinds.contains(item.elementKind) {
      kinds.append(item.elementKind)
    }
    return kinds
  }

  /// The sections in the order the Swift writes them: each numbered one, then the shared;
  /// an adaptive one as its sample.
  var orderedSections: [(index: Int?, section: CollectionLayoutSection)] {
    let numbered = described.sections.merging(
      adaptiveSections.compactMap { key, section in key.map { ($0, section) } }
    ) { a, _ in a }
    let shared = described.shared ?? adaptiveSections[nil] ?? nil
    return numbered.keys.sorted().map { ($0, numbered[$0]!) } + (shared.map { [(nil, $0)] } ?? [])
  }

  private static func hasEstimate(
    _ sections: [CollectionLayoutSection],
    _ configuration: CollectionViewCompositionalLayoutConfiguration
  ) -> Bool {
    func estimated(_ size: CollectionLayoutSize) -> Bool {
      size.widthDimension.isEstimated || size.heightDimension.isEstimated
    }
    func visit(_ item: CollectionLayoutItem) -> Bool {
      estimated(item.layoutSize) || item.supplementaryItems.contains(where: visit)
        || ((item as? CollectionLayoutGroup)?.subitems.contains(where: visit) ?? false)
    }
    return configuration.boundarySupplementaryItems.contains(where: visit)
      || sections.contains {
        visit($0.group) || $0.boundarySupplementaryItems.contains(where: visit)
      }
  }
}
