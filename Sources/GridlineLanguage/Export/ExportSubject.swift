import LayoutEngine

/// What `gl export swift` writes for a script: its flow layout (`ExportModel`), its
/// custom layout (`CustomExportModel`) or its compositional layout
/// (`CompositionalExportModel`).
enum ExportSubject {
  case flow(ExportModel)
  case custom(CustomExportModel)
  case compositional(CompositionalExportModel)

  static func read(_ program: Program, file: SourceFile, layoutName: String?, limits: Limits)
    throws(ExportProblem) -> ExportSubject
  {
    let declared = try Declared(program, file: file, layoutName: layoutName, limits: limits)
    if declared.layout is ScriptCustomLayout { return .custom(try CustomExportModel(declared)) }
    if declared.layout is ScriptCompositionalLayout {
      return .compositional(try CompositionalExportModel(declared))
    }
    return .flow(try ExportModel.read(declared))
  }

  var scene: SceneConfiguration {
    switch self {
    case .flow(let model): model.scene
    case .custom(let model): model.scene
    case .compositional(let model): model.scene
    }
  }
}

/// What the export reads before it chooses what to write: the interpreter that ran the
/// script's leading declarations, the layout they leave in place (or the named one), and
/// the lines they set things on.
struct Declared {
  let interpreter: Interpreter
  let file: SourceFile
  let declarations: [Statement]
  let layout: CollectionViewLayout
  let lines: DeclarationLines

  init(_ program: Program, file: SourceFile, layoutName: String?, limits: Limits)
    throws(ExportProblem)
  {
    let declarations = Array(program.statements.prefix(while: ExportModel.declares))
    let interpreter = Interpreter(file: file, limits: limits)
    var failure: Diagnostic?
    interpreter.run(Program(statements: declarations)) { output in
      if case .diagnostic(let d) = output, d.severity == .error, failure == nil { failure = d }
    }
    if let failure {
      let (line, _) = file.location(of: failure.range.start)
      throw .error("the declarations fail: \(failure.message)", line: line)
    }
    let layers = interpreter.layers
    if layers.count > 1 { throw .error(ExportProblem.layers) }
    if !interpreter.data.owners.isEmpty { throw .error(ExportProblem.ownedSections) }
    var chosen = layers.current.layout
    if let layoutName {
      guard let named = layers.namedLayout(layoutName)?.layout else {
        throw .error(ExportProblem.noLayout(layoutName, known: layers.layoutNames))
      }
      chosen = named
    }
    self.interpreter = interpreter
    self.file = file
    self.declarations = declarations
    self.layout = chosen
    self.lines = DeclarationLines(
      declarations, file: file, layoutName: layoutName,
      installedName: layers.current.installedName)
  }
}
