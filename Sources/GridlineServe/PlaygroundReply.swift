import GridlineCLI
import GridlineLanguage
import GridlineRender
import LayoutEngine

/// What the page draws after a message: the displayed elements and the scroll view's
/// geometry, with what the step printed and traced.
struct PlaygroundState {
  var show: ShowOutput
  var frameRate: Double
  var minimumOffset: Point
  var maximumOffset: Point
  var adjustedInset: EdgeInsets
  var log: OutputLog
  /// The statement the message ran, as a script line (`drag by (0, -12)`), or `run`.
  var ran: String?
  /// The script's lines as the language colours them, after a `run`.
  var highlight: [[HighlightedText]]?
  /// Frames of the motion in progress run so far, and of it in all.
  var motion: (done: Int, frames: Int)?
  /// `step`: the statement that ran, its line, and how many the script has.
  var step: (index: Int, count: Int, line: Int)?
  /// After `run` and `replay`: the script's statements that move over frames, which
  /// `replay` plays again.
  var animations: [ScriptAnimation]?
}

/// A reply to one message.
enum Reply {
  case state(PlaygroundState)
  /// The script has errors: nothing ran, the page keeps its picture.
  case problems([Diagnostic], highlight: [[HighlightedText]], file: SourceFile)
  /// A newer `run` stopped this one before it finished: nothing changed.
  case cancelled
  case completion(Completion)
  case inspection(element: JSON, calls: [String], why: [WhyStep])
  case boxes(section: Int, item: Int, layer: String?, [ItemBox])

  func json(id: Int?) -> JSON {
    var fields: [(String, JSON)] = []
    func add(_ name: String, _ value: JSON) { fields.append((name, value)) }
    switch self {
    case .state(let state):
      add("type", .string("state"))
      if let id { add("id", .number(Double(id))) }
      fields += Self.fields(of: state)
    case .problems(let diagnostics, let highlight, let file):
      add("type", .string("problems"))
      if let id { add("id", .number(Double(id))) }
      let (shown, more) = Diagnostic.shown(diagnostics)
      add("diagnostics", .array(shown.map { OutputJSON.diagnostic($0, file) }))
      if let more { add("more", .string(more)) }
      add("highlight", Self.highlight(highlight))
    case .cancelled:
      add("type", .string("cancelled"))
      if let id { add("id", .number(Double(id))) }
    case .completion(let completion):
      add("type", .string("completion"))
      if let id { add("id", .number(Double(id))) }
      add("typed", .string(completion.typed))
      add(
        "items",
        .array(
          zip(completion.candidates, completion.texts).filter { !$0.1.isEmpty }.map {
            .object([("label", .string($0.0)), ("text", .string($0.1))])
          }))
    case .inspection(let element, let calls, let why):
      add("type", .string("inspection"))
      if let id { add("id", .number(Double(id))) }
      add("element", element)
      add("calls", .array(calls.map { .string($0) }))
      add(
        "why",
        .array(why.map { .object([("rule", .string($0.rule)), ("text", .string($0.text))]) }))
    case .boxes(let section, let item, let layer, let boxes):
      add("type", .string("boxes"))
      if let id { add("id", .number(Double(id))) }
      add("indexPath", .array([.number(Double(section)), .number(Double(item))]))
      if let layer { add("layer", .string(layer)) }
      add(
        "boxes",
        .array(
          boxes.map {
            .object([
              ("role", .string($0.role.rawValue)), ("rect", EngineJSON.rect($0.rect)),
              ("label", .string($0.label)),
            ])
          }))
    }
    return .object(fields)
  }

  private static func fields(of state: PlaygroundState) -> [(String, JSON)] {
    let show = state.show
    var fields: [(String, JSON)] = [
      ("bounds", EngineJSON.rect(show.bounds)),
      ("contentSize", EngineJSON.size(show.contentSize)),
      ("adjustedContentInset", EngineJSON.insets(state.adjustedInset)),
      ("minimumOffset", EngineJSON.point(state.minimumOffset)),
      ("maximumOffset", EngineJSON.point(state.maximumOffset)),
      ("frameRate", .number(state.frameRate)),
      ("elements", .array(show.elements.indices.map { element(show, $0) })),
      ("omitted", .number(Double(show.omitted))),
      ("outputs", .array(state.log.records)),
      ("omittedOutputs", .number(Double(state.log.omitted))),
      ("failed", .bool(state.log.failed)),
    ]
    if let ran = state.ran { fields.append(("ran", .string(ran))) }
    if let highlight = state.highlight { fields.append(("highlight", Self.highlight(highlight))) }
    if let (done, frames) = state.motion {
      fields.append(
        ("motion", .object([("done", .number(Double(done))), ("frames", .number(Double(frames)))]))
      )
    }
    if let animations = state.animations {
      fields.append(
        (
          "animations",
          .array(
            animations.map {
              .object([
                ("statement", .number(Double($0.statement))), ("line", .number(Double($0.line))),
                ("text", .string($0.text)),
              ])
            })
        ))
    }
    if let (index, count, line) = state.step {
      fields.append(
        (
          "step",
          .object([
            ("index", .number(Double(index))), ("count", .number(Double(count))),
            ("line", .number(Double(line))),
          ])
        ))
    }
    return fields
  }

  /// An element as `gl run --json` writes it, with what the page draws it by: its label
  /// (as `draw` labels it), and its center and size, about which UIKit applies the
  /// transform (the frame is the transformed box's bounds).
  static func element(_ show: ShowOutput, _ i: Int) -> JSON {
    let a = show.elements[i]
    let record = OutputJSON.element(
      a, show.natural[i], layer: show.layers.isEmpty ? nil : show.layers[i],
      change: UpdateMark(i < show.changes.count ? show.changes[i] : nil))
    guard case .object(let fields) = record else { return record }
    return .object(
      fields + [
        ("label", .string(AsciiDrawing.label(a))), ("center", EngineJSON.point(a.center)),
        ("size", EngineJSON.size(a.size)),
      ])
  }

  /// Each line as `[text, class]` pairs (class null for spaces and punctuation).
  static func highlight(_ lines: [[HighlightedText]]) -> JSON {
    .array(
      lines.map { line in
        .array(
          line.map {
            .array([.string($0.text), $0.tokenClass.map { .string($0.rawValue) } ?? .null])
          })
      })
  }
}

/// What a message's run printed, traced and reported, as `gl run` shows it (`text`) and
/// as `gl run --json` writes it (`record`), bounded: a page that scrolls a million items
/// with the trace on must not be sent megabytes per frame.
final class OutputLog {
  static let maximumRecords = 1_000
  static let maximumTextBytes = 1 << 20

  private(set) var records: [JSON] = []
  /// Outputs left out past the bounds.
  private(set) var omitted = 0
  /// A runtime error stopped the run.
  private(set) var failed = false
  /// The trace entries of the last step, for the inspector.
  private(set) var lastTrace: [TraceEntry] = []
  private var textBytes = 0
  let writesFiles: Bool

  init(writesFiles: Bool) {
    self.writesFiles = writesFiles
  }

  func add(_ output: Output, _ file: SourceFile) {
    if case .diagnostic(let d) = output, d.severity == .error { failed = true }
    if case .trace(_, _, let entries) = output { lastTrace = entries }
    var (stream, text) = OutputText.text(output, file)
    if !writesFiles, let path = Self.unwrittenPath(output) {
      text = "\(path) was not written: `gl serve --out DIR` writes a script's pictures"
    }
    guard records.count < Self.maximumRecords, textBytes + text.utf8.count <= Self.maximumTextBytes
    else {
      omitted += 1
      return
    }
    textBytes += text.utf8.count
    records.append(
      .object([
        ("stream", .string(stream == .standardError ? "err" : "out")), ("text", .string(text)),
        ("record", OutputJSON.line(output, file)),
      ]))
  }

  private static func unwrittenPath(_ output: Output) -> String? {
    switch output {
    case .svg(_, let path, _), .plot(_, let path, _): path
    default: nil
    }
  }
}
