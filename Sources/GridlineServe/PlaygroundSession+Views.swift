import GridlineCLI
import GridlineLanguage
import GridlineRender
import LayoutEngine

extension ShowOutput {
  /// The layer element `i` belongs to, in a layered script.
  fileprivate func layer(_ i: Int) -> String? { layers.isEmpty ? nil : layers[i] }
}

/// A statement of the page's text that moves over frames, as `animations` lists it: its
/// number among the script's statements (what `replay` names), its line, its first line
/// of text.
struct ScriptAnimation: Equatable {
  var statement: Int
  var line: Int
  var text: String
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
    return stepNext(into: newLog())
  }

  /// `replay`: `text` run anew up to its statement `index`, as `run` runs it, then that
  /// statement started as `step` starts it: an animated update, layout switch, scroll or
  /// fling of the whole run played again frame by frame (the page's timeline), with the
  /// stepping going on from there.
  func replay(_ text: String, statement index: Int) throws(ProtocolError) -> Reply {
    let (file, analysis): (SourceFile, Analysis)
    switch analyse(text) {
    case .problems(let reply): return reply
    case .script(let f, let a): (file, analysis) = (f, a)
    }
    let statements = analysis.program.statements
    // A refused replay changes nothing: the motion and the stepping go on.
    guard Self.animations(in: analysis.program, of: file).contains(where: { $0.statement == index })
    else { throw .notAnimated(index) }
    abandonMotion()
    stepping = nil
    let log = newLog()
    for warning in analysis.diagnostics { log.add(.diagnostic(warning), file) }
    let fresh = makeInterpreter(file)
    let summary = fresh.run(Program(statements: Array(statements[..<index]))) { log.add($0, file) }
    fresh.file = SourceFile(name: path, text: "")
    if summary.cancelled { return .cancelled }
    interpreter = fresh
    source = file
    checker = analysis.checker
    // What came before stopped at an error: the animation's start is never reached, and
    // a step starts the script again from its first statement (the ones after the error
    // never ran).
    guard !log.failed else {
      var reply = state(log, ran: "run", highlight: Highlighter.lines(of: file))
      reply.animations = Self.animations(in: analysis.program, of: file)
      return .state(reply)
    }
    stepping = ScriptStepping(text: text, program: analysis.program, next: index)
    var reply = stepNext(into: log)
    if case .state(var state) = reply {
      state.highlight = Highlighter.lines(of: file)
      state.animations = Self.animations(in: analysis.program, of: file)
      reply = .state(state)
    }
    return reply
  }

  /// Runs the stepped script's next statement into `log` (an animated one starts its
  /// frames) and marks its line.
  private func stepNext(into log: OutputLog) -> Reply {
    guard var current = stepping, let interpreter else {
      preconditionFailure("a stepped script is set up before its next statement")
    }
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
    reply.step = (current.next - 1, current.program.statements.count, line(of: statement))
    if let motion { reply.motion = (motion.done, motion.frames) }
    return .state(reply)
  }

  /// A statement's line in the page's text; 0 for one from a used file, which has none.
  private func line(of statement: Statement) -> Int {
    source.origin(of: statement.range.start) == nil ? source.line(of: statement.range.start) : 0
  }

  /// The statements of the page's text that move over frames — animated updates and
  /// layout switches, scrolls over frames, flings and releases — which `replay` plays
  /// again. At most `maximumAnimations`, so a state stays small.
  static func animations(in program: Program, of file: SourceFile) -> [ScriptAnimation] {
    var found: [ScriptAnimation] = []
    for (i, statement) in program.statements.enumerated()
    where statement.isSteppable && file.origin(of: statement.range.start) == nil {
      guard found.count < maximumAnimations else { break }
      let text = file.text(of: statement.range)
      let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
      found.append(
        ScriptAnimation(
          statement: i, line: file.line(of: statement.range.start),
          text: first.count > 80 ? String(first.prefix(79)) + "…" : first))
    }
    return found
  }

  static let maximumAnimations = 100

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
