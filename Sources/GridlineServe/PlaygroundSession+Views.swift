import GridlineCLI
import GridlineLanguage
import GridlineRender
import LayoutEngine

extension ShowOutput {
  /// The layer element `i` belongs to, in a layered script.
  fileprivate func layer(_ i: Int) -> String? { layers.isEmpty ? nil : layers[i] }
}

/// `step`: the page's script run one statement at a time, in an interpreter of its own
/// (as `:step` steps a REPL session): the page marks the line that ran.
struct ScriptStepping {
  /// The text being stepped; a `step` with other text starts again from its first line.
  var text: String
  var program: Program
  /// The statement the next `step` runs.
  var next = 0
}

extension PlaygroundSession {
  /// The state the page draws, after `log`'s step.
  func state(_ log: OutputLog, ran: String?, highlight: [[HighlightedText]]? = nil)
    -> PlaygroundState
  {
    lastTrace = log.lastTrace
    guard let interpreter else { preconditionFailure("a state is drawn after a run") }
    let (show, frameRate) = withSource(interpreter) { _ in interpreter.displayedState() }
    let cv = interpreter.collectionView
    return PlaygroundState(
      show: show, frameRate: frameRate, minimumOffset: cv?.minimumContentOffset ?? .zero,
      maximumOffset: cv?.maximumContentOffset ?? .zero,
      adjustedInset: cv?.adjustedContentInset ?? .zero, log: log, ran: ran, highlight: highlight)
  }

  /// `step`: the next statement of `text` (the first, when `text` is new or was stepped to
  /// its end). An animated statement starts its frames, which the page asks for with
  /// `frame`.
  func step(_ text: String) throws(ProtocolError) -> Reply {
    abandonMotion()
    if stepping?.text != text || stepping.map({ $0.next >= $0.program.statements.count }) == true {
      let (file, analysis): (SourceFile, Analysis)
      switch analyse(text) {
      case .problems(let reply): return reply
      case .script(let f, let a): (file, analysis) = (f, a)
      }
      interpreter = makeInterpreter(file)
      source = file
      checker = analysis.checker
      stepping = ScriptStepping(text: text, program: analysis.program)
    }
    guard stepping?.program.statements.isEmpty == false else { throw .nothingToStep }
    guard var current = stepping, let interpreter else {
      preconditionFailure("stepping starts above")
    }
    let log = newLog()
    let statement = current.program.statements[current.next]
    current.next += 1
    stepping = current
    interpreter.resetSummary()
    withSource(interpreter) { file in
      if statement.isSteppable {
        motion = interpreter.beginStepping(statement) { log.add($0, file) }
      } else {
        interpreter.run(Program(statements: [statement])) { log.add($0, file) }
      }
    }
    var reply = state(log, ran: source.text(of: statement.range))
    // A statement from a used file has no line in the page's text.
    let line =
      source.origin(of: statement.range.start) == nil ? source.line(of: statement.range.start) : 0
    reply.step = (current.next - 1, current.program.statements.count, line)
    if let motion { reply.motion = (motion.done, motion.frames) }
    return .state(reply)
  }

  /// `select`: a displayed item's attributes as the page has them, with its reuse
  /// identifier and view, the lines of the last step's trace that name it, and how the
  /// layout placed it (`why`'s steps, when the layout can say). In a layered script,
  /// `layer` says whose item (the layers may show the same index paths).
  func inspect(section: Int, item: Int, layer: String?) throws(ProtocolError) -> Reply {
    guard let interpreter else { throw .noScript }
    let (show, i) = try displayed(section: section, item: item, layer: layer)
    let wanted = IndexPath(item: item, section: section)
    var element = Reply.element(show, i)
    // Which view shows it and the pool it came from (DISP-3), in its layer's collection view.
    if let cv = interpreter.collectionView(showing: wanted, inLayer: layer ?? show.layer(i)),
      let (reuse, view) = cv.displayedView(of: show.elements[i].key),
      case .object(let fields) = element
    {
      element = .object(
        fields + [("reuseIdentifier", .string(reuse.identifier)), ("view", .number(Double(view)))])
    }
    let named = "[\(section), \(item)]"
    let calls = lastTrace.compactMap { entry -> String? in
      guard case .event(let event) = entry else { return nil }
      let line = event.traceLine
      return line.contains(named) ? line : nil
    }
    return .inspection(
      element: element, calls: calls,
      why: interpreter.explanation(ofItemAt: wanted, inLayer: layer ?? show.layer(i))?.steps ?? [])
  }

  /// `box`: the boxes the page outlines while the pointer is over a displayed item.
  func boxes(section: Int, item: Int, layer: String?) throws(ProtocolError) -> Reply {
    guard let interpreter else { throw .noScript }
    let (show, i) = try displayed(section: section, item: item, layer: layer)
    let wanted = IndexPath(item: item, section: section)
    guard let cv = interpreter.collectionView(showing: wanted, inLayer: layer ?? show.layer(i))
    else { throw .notDisplayed(section: section, item: item) }
    return .boxes(
      section: section, item: item, layer: show.layer(i), ItemBoxes.boxes(of: wanted, in: cv))
  }

  /// The displayed item at `[section, item]` (of `layer`, when it names one): the state the
  /// page draws, and the item's place in it.
  private func displayed(section: Int, item: Int, layer: String?) throws(ProtocolError) -> (
    ShowOutput, Int
  ) {
    guard let interpreter else { throw .noScript }
    let (show, _) = interpreter.displayedState()
    let wanted = IndexPath(item: item, section: section)
    guard
      let i = show.elements.indices.first(where: {
        show.elements[$0].representedElementCategory == .cell
          && show.elements[$0].indexPath == wanted && (layer == nil || show.layer($0) == layer)
      })
    else { throw .notDisplayed(section: section, item: item) }
    return (show, i)
  }

  /// `complete`: what completes the end of `text`, from the names the last good run
  /// declared (as an editor's completion trails the text by the keystrokes since).
  func complete(_ text: String) -> Completion {
    Completer.complete(
      text, in: CheckerScope(checker: checker, directory: Includes.directory(of: path)))
  }
}
