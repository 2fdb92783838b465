import LayoutEngine

/// What `gl export swift` writes, read from a script: the scene the collection view lives
/// in, the flow layout at the end of the declarations (or the named one), the sections,
/// and the line each value came from. The values are the live engine objects' — the
/// interpreter ran the declarations — so the export says what `gl run` lays out.
struct ExportModel {
  /// The script's file name without folders and `.gl` (`tour`), for names and comments.
  var scriptName: String
  var fileName: String
  var scene: SceneConfiguration
  /// The script's flow layout: the engine's flow layout, or the sticky-header recipe.
  var layout: any ScriptedFlowLayout
  var sections: [SectionModel]
  /// `section …` statements, in order: the line each section came from.
  var sectionLines: [Int]
  /// The last line that set each layout property (by its spelling: "item size").
  var propertyLines: [String: Int]
  /// The scene's declaration lines (by keyword: "viewport").
  var sceneLines: [String: Int]
  var warnings: [ExportProblem] = []
  /// The line of `sticky headers`, when the layout is the recipe.
  var stickyLine: Int?
  /// The interpreter that ran the declarations, kept alive: its environment evaluates the
  /// decorations' frames, and the layout's callbacks hold it only weakly.
  var interpreter: Interpreter?

  /// The script's triggers and flag handlers (`SwiftFlowTriggerWriter`), and the lets
  /// their conditions read, as the class's constants.
  var triggers: [SwiftTrigger] = []
  var handlers: [(handler: FlagHandler, line: Int?)] = []
  /// The `transform` rules that read the element or the bounds, by their index in
  /// `additions.allRules`, translated (`SwiftLiveRule`).
  var liveRules: [Int: SwiftLiveRule] = [:]
  var constants: [(name: String, type: String, value: String, line: Int?)] = []

  /// The zIndex the recipe gives the headers it moves, when the layout is the recipe.
  var stickyZIndex: Int? { (layout as? StickyHeadersFlowLayout)?.stickyZIndex }

  /// The UpperCamelCase stem of the generated type names (`flow-basics` → `FlowBasics`).
  var typeStem: String { Self.typeStem(scriptName) }

  func place(_ line: Int?) -> String {
    line.map { "\(fileName):\($0)" } ?? fileName
  }
}

extension ExportModel {
  /// Runs the leading declarations of `program` and reads the model, or says why the
  /// layout cannot be exported. `layoutName` picks a named layout (`layout flow grid`).
  static func read(_ program: Program, file: SourceFile, layoutName: String?, limits: Limits)
    throws(ExportProblem) -> ExportModel
  {
    let declared = try Declared(program, file: file, layoutName: layoutName, limits: limits)
    return try read(declared)
  }

  /// The flow layout model of what the declarations set up.
  static func read(_ declared: Declared) throws(ExportProblem) -> ExportModel {
    let chosen = declared.layout
    guard let flow = chosen as? any ScriptedFlowLayout else {
      throw .error(Self.refusal(of: chosen))
    }
    let (interpreter, file) = (declared.interpreter, declared.file)
    let lines = declared.lines
    var model = ExportModel(
      scriptName: Self.stem(file.name), fileName: Self.baseName(file.name),
      scene: interpreter.layers.scene, layout: flow, sections: interpreter.data.sections,
      sectionLines: lines.sections, propertyLines: lines.properties, sceneLines: lines.scene,
      stickyLine: lines.sticky, interpreter: interpreter)
    try model.validate(flow, interpreter: interpreter)
    try model.readTriggers(declared)
    return model
  }

  /// The triggers' conditions and actions, translated; the lines of the handlers.
  private mutating func readTriggers(_ declared: Declared) throws(ExportProblem) {
    let additions = layout.additions
    let lines = declared.lines
    let lets = ScriptConstants(declared)
    do throws(SwiftCodeTranslator.Unsupported) {
      for (i, trigger) in additions.triggers.enumerated() {
        let line = lines.triggers.indices.contains(i) ? lines.triggers[i] : nil
        triggers.append(
          try SwiftTrigger(
            trigger, line: line, file: declared.file, lets: lets.lets, withActions: true))
      }
    } catch {
      throw .error(ExportProblem.triggerCode(error.what), line: error.line)
    }
    do throws(SwiftCodeTranslator.Unsupported) {
      for (i, rule) in additions.allRules.enumerated() {
        guard let live = rule.live else { continue }
        liveRules[i] = try SwiftLiveRule(live, file: declared.file, lets: lets.lets)
      }
    } catch {
      throw .error(ExportProblem.transformCode(error.what), line: error.line)
    }
    handlers = additions.handlers.enumerated().map { i, handler in
      (handler, lines.handlers.indices.contains(i) ? lines.handlers[i] : nil)
    }
    let translators = triggers.map(\.translator) + liveRules.values.map(\.translator)
    constants = lets.constants(translators.reduce(into: []) { $0.formUnion($1.usedLets) })
  }

  /// A declaration, for the export: `isDeclaration`'s, and `layout custom` (which a
  /// script may also write among its steps).
  /// Whether the declarations set behaviour the export leaves out (`notLayout`): hooks,
  /// selection rules, cell identifiers, layout-change targets.
  static func declaresBehaviour(_ interpreter: Interpreter) -> Bool {
    let delegate = interpreter.layers.delegate
    return delegate.layoutChangeTarget != nil || !delegate.selectionRules.isEmpty
      || !interpreter.data.cellIdentifiers.isEmpty
      || interpreter.layers.scrollDelegate.willEndDragging != nil
      || !interpreter.layers.scrollDelegate.onScroll.isEmpty
  }

  static func declares(_ statement: Statement) -> Bool {
    if case .customLayout = statement.kind { return true }
    return statement.isDeclaration
  }

  private static func refusal(of layout: CollectionViewLayout) -> String {
    switch layout {
    case is ScriptStickyGridLayout: ExportProblem.stickyGrid
    default: ExportProblem.otherLayout
    }
  }

  /// Refuses what UIKit's public flow layout cannot say or the writer does not write yet;
  /// notes what it leaves out that does not move a frame.
  private mutating func validate(_ flow: any ScriptedFlowLayout, interpreter: Interpreter)
    throws(ExportProblem)
  {
    let additions = flow.additions
    let added = [
      (!additions.allRules.isEmpty && stickyZIndex != nil, "transforms with the recipe"),
      (
        additions.allRules.contains { $0.moment != .always || $0.selector.readsTouchState },
        "transforms that read the selection or animate updates"
      ),
      (
        additions.followsBounds && !additions.triggers.isEmpty,
        "transforms that read the bounds with invalidation triggers"
      ),
      (!additions.decorations.isEmpty && stickyZIndex != nil, "decorations with the recipe"),
      (!additions.triggers.isEmpty && stickyZIndex != nil, "invalidation triggers with the recipe"),
      (!additions.handlers.isEmpty && stickyZIndex != nil, "flag handlers with the recipe"),
      (additions.snap != nil, "a snap target"),
    ].filter(\.0).map(\.1)
    if !added.isEmpty { throw .error(ExportProblem.additions(added)) }
    try validateDecorations(additions.decorations)
    if flow.commonRowHorizontalAlignment != .justify || flow.lastRowHorizontalAlignment != .left
      || flow.rowVerticalAlignment != .center
    {
      throw .error(ExportProblem.rowAlignment, line: propertyLines["rows"])
    }
    if flow.sectionHeadersPinToVisibleBounds && flow.pinnedHeaderStop != .footerStart {
      throw .error(
        ExportProblem.pinnedHeaderStop,
        line: propertyLines[LayoutPropertyKeyword.pinnedHeaderStop.spelling])
    }
    if flow.estimatedItemSize != .zero || sections.contains(where: { !$0.preferred.isEmpty }) {
      throw .error(ExportProblem.selfSizing)
    }
    for (s, section) in sections.enumerated()
    where section.sizes.contains(where: { $0.constant == nil }) {
      throw .error(
        ExportProblem.expressionSize, line: sectionLines.indices.contains(s) ? sectionLines[s] : nil
      )
    }
    if Self.declaresBehaviour(interpreter) { warnings.append(.warning(ExportProblem.notLayout)) }
    let sized = sections.indices.filter { !sections[$0].sizes.isEmpty }
    let unsized = sections.indices.filter { sections[$0].sizes.isEmpty }
    if !sized.isEmpty && !unsized.isEmpty {
      warnings.append(.warning(ExportProblem.perItemPath(unsized)))
    }
  }

  /// Decorations are written when their frames are Swift the writer knows, and an empty
  /// section's items rect (where its items would start) is below a header at the layout's
  /// insets.
  private func validateDecorations(_ decorations: [SectionDecoration]) throws(ExportProblem) {
    for decoration in decorations {
      do {
        _ = try SwiftFrameExpression.swift(decoration.frame)
      } catch {
        throw .error(ExportProblem.decorationFrame(decoration.kind))
      }
    }
    guard !decorations.isEmpty else { return }
    let vertical = layout.scrollDirection == .vertical
    for (s, section) in sections.enumerated() where section.count == 0 {
      let header = section.headerSize ?? layout.headerReferenceSize
      if section.inset != nil || (vertical ? header.height : header.width) <= 0 {
        throw .error(
          ExportProblem.emptySectionDecoration,
          line: sectionLines.indices.contains(s) ? sectionLines[s] : nil)
      }
    }
  }

  /// The UpperCamelCase of a name (`flow-basics` → `FlowBasics`), a valid type name.
  static func typeStem(_ name: String) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber }
    let stem = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = stem.first else { return "Script" }
    return first.isNumber ? "Script" + stem : stem
  }

  static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? Substring(path))
  }

  static func stem(_ path: String) -> String {
    let base = baseName(path)
    return base.hasSuffix(".gl") ? String(base.dropLast(3)) : base
  }
}

/// The lines the declarations set things on: the writer's comments name them.
struct DeclarationLines {
  var sections: [Int] = []
  var properties: [String: Int] = [:]
  var scene: [String: Int] = [:]
  var sticky: Int?
  /// `invalidate on …` and `on invalidate when flag …`, in order.
  var triggers: [Int] = []
  var handlers: [Int] = []

  /// A named layout takes the properties of its own `layout flow NAME` blocks; the
  /// installed one those too, and those of blocks without a name.
  init(_ statements: [Statement], file: SourceFile, layoutName: String?, installedName: String?) {
    func line(_ range: SourceRange) -> Int { file.line(of: range.start) }
    for statement in statements {
      switch statement.kind {
      case .layout(let decl)
      where decl.name.map { $0.name == (layoutName ?? installedName) } ?? (layoutName == nil):
        for property in decl.properties { properties[property.name] = line(property.range) }
      case .section:
        sections.append(line(statement.range))
      case .sections(let count, _):
        // `sections N items M`: N sections, all from this line.
        if case .number(let n) = count.kind {
          sections += Array(repeating: line(statement.range), count: Int(n))
        }
      case .stickyHeaders(true, _): sticky = line(statement.range)
      case .trigger: triggers.append(line(statement.range))
      case .flagHandler: handlers.append(line(statement.range))
      case .viewport: scene["viewport"] = line(statement.range)
      case .contentInset: scene["content inset"] = line(statement.range)
      case .safeArea: scene["safe area"] = line(statement.range)
      case .layoutMargins: scene["layout margins"] = line(statement.range)
      case .scale: scene["scale"] = line(statement.range)
      default: break
      }
    }
  }
}
