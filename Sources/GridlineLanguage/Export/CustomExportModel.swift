import LayoutEngine

/// What `gl export swift` writes for a custom layout (`layout custom NAME { … }`): the
/// layout object the declarations made (its code, query and triggers), the declaration's
/// statements for their lines and comments, the script's `let`s the code reads (as the
/// class's constants, with the values they had), and the scene and sections as for a flow
/// layout. The code is translated here, so a script the export cannot say is refused
/// before anything is written.
struct CustomExportModel {
  var scriptName: String
  var fileName: String
  var scene: SceneConfiguration
  var sections: [SectionModel]
  var sectionLines: [Int]
  var layout: ScriptCustomLayout
  var file: SourceFile
  /// `prepare`, `elements in rect` and each trigger, translated.
  var prepare: SwiftCodeTranslator
  var query: SwiftCodeTranslator?
  var triggers: [SwiftTrigger]
  /// The lines of the declaration's parts (by keyword: "layout", "prepare", "elements").
  var lines: [String: Int]
  /// The script's lets the code reads: name, Swift type, value, line.
  var constants: [(name: String, type: String, value: String, line: Int?)]
  /// The interpreter that ran the declarations, kept alive: the layout's callbacks hold it
  /// only weakly, and `frames` lays the layout out again.
  var interpreter: Interpreter

  var typeStem: String { ExportModel.typeStem(scriptName) }
  var layoutName: String { ExportModel.typeStem(layout.name) + "Layout" }

  func place(_ line: Int?) -> String {
    line.map { "\(fileName):\($0)" } ?? fileName
  }

  init(_ declared: Declared) throws(ExportProblem) {
    guard let custom = declared.layout as? ScriptCustomLayout else {
      throw .error(ExportProblem.otherLayout)
    }
    let file = declared.file
    layout = custom
    self.file = file
    interpreter = declared.interpreter
    scriptName = ExportModel.stem(file.name)
    fileName = ExportModel.baseName(file.name)
    scene = declared.interpreter.layers.scene
    sections = declared.interpreter.data.sections
    sectionLines = declared.lines.sections
    let parts = Self.parts(of: custom.name, in: declared.declarations, file: file)
    lines = parts.lines
    if !custom.restyling.rules.isEmpty {
      throw .error(ExportProblem.customAdditions("transforms"), line: lines["layout"])
    }
    if custom.snap != nil {
      throw .error(ExportProblem.customAdditions("a snap target"), line: lines["layout"])
    }
    let scriptLets = ScriptConstants(declared)
    let lets = scriptLets.lets
    do throws(SwiftCodeTranslator.Unsupported) {
      prepare = try SwiftCodeTranslator.translate(custom.prepareCode, file: file, lets: lets)
      query = nil
      if let code = custom.queryCode {
        query = try SwiftCodeTranslator.translate(
          code, file: file, lets: lets,
          bound: [
            "rect": SwiftValue(code: "rect", kind: .rect),
            "cached": SwiftValue(code: "cachedAttributes", kind: .cached),
          ])
      }
      triggers = []
      for (i, trigger) in custom.triggers.enumerated() {
        let line = parts.triggerLines.indices.contains(i) ? parts.triggerLines[i] : nil
        triggers.append(try SwiftTrigger(trigger, line: line, file: file, lets: lets))
      }
    } catch {
      throw .error(ExportProblem.layoutCode(error.what), line: error.line)
    }
    var used = prepare.usedLets.union(query?.usedLets ?? [])
    for trigger in triggers { used.formUnion(trigger.translator.usedLets) }
    constants = scriptLets.constants(used)
  }

  /// The lines of the declaration `layout custom NAME { … }` and of its parts.
  private static func parts(of name: String, in declarations: [Statement], file: SourceFile)
    -> (lines: [String: Int], triggerLines: [Int?])
  {
    var lines: [String: Int] = [:]
    var triggers: [Int?] = []
    func line(_ s: Statement) -> Int { file.location(of: s.range.start).line }
    for statement in declarations {
      guard case .customLayout(let n, let body) = statement.kind, n.name == name else { continue }
      lines = ["layout": line(statement)]
      triggers = []
      for part in body {
        switch part.kind {
        case .prepare: lines["prepare"] = line(part)
        case .elementsQuery: lines["elements"] = line(part)
        case .trigger: triggers.append(line(part))
        default: break
        }
      }
    }
    return (lines, triggers)
  }
}

/// The script's `let`s as the exported class's constants: the values they had at the end
/// of the declarations, and the line of each.
struct ScriptConstants {
  /// What the translation reads for each name.
  var lets: [String: SwiftValue] = [:]
  private var known: [String: SwiftConstant] = [:]
  private var lines: [String: Int]

  init(_ declared: Declared) {
    lines = Self.letLines(declared.declarations, file: declared.file)
    for name in lines.keys {
      guard let value = declared.interpreter.value(of: name), let constant = SwiftConstant(value)
      else { continue }
      lets[name] = SwiftValue(
        code: SwiftNames.variable(name), kind: constant.kind, whole: constant.whole,
        nonNegative: constant.nonNegative)
      known[name] = constant
    }
  }

  /// The constants of the names the code read, in the order the script declares them.
  func constants(_ used: Set<String>) -> [(name: String, type: String, value: String, line: Int?)] {
    used.sorted { (lines[$0] ?? 0, $0) < (lines[$1] ?? 0, $1) }.compactMap { name in
      known[name].map { (SwiftNames.variable(name), $0.type, $0.code, lines[name]) }
    }
  }

  /// Every `let` of the declarations (also those inside a custom layout's braces, which
  /// are the script's), with the line of the last.
  private static func letLines(_ statements: [Statement], file: SourceFile) -> [String: Int] {
    var lines: [String: Int] = [:]
    for statement in statements {
      switch statement.kind {
      case .letBinding(let name, _):
        lines[name.name] = file.location(of: statement.range.start).line
      case .customLayout(_, let body):
        lines.merge(letLines(body, file: file)) { $1 }
      default: break
      }
    }
    return lines
  }
}

/// A script `let`'s value as a Swift constant of the exported class.
struct SwiftConstant {
  var kind: SwiftValue.Kind
  var type: String
  var code: String
  var whole = false
  var nonNegative = false

  init?(_ value: Value) {
    switch value {
    case .number(let v):
      (kind, type, code) = (.number, "CGFloat", SwiftLiteral.number(v))
      (whole, nonNegative) = (v == v.rounded(), v >= 0)
    case .bool(let b): (kind, type, code) = (.bool, "Bool", b ? "true" : "false")
    case .size(let s): (kind, type, code) = (.size, "CGSize", SwiftLiteral.size(s))
    case .point(let p):
      (kind, type, code) = (
        .point, "CGPoint", "CGPoint(x: \(SwiftLiteral.number(p.x)), y: \(SwiftLiteral.number(p.y)))"
      )
    case .rect(let r): (kind, type, code) = (.rect, "CGRect", SwiftLiteral.rect(r))
    default: return nil
    }
  }
}
