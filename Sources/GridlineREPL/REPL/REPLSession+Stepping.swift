import GridlineLanguage
import LayoutEngine

/// Stepping through a multi-frame scroll or update: `:step scroll by y 300 over 10 frames`
/// (or `:step insert items [0, 0] over 6 frames`, `:step batch over 10 frames { … }`)
/// starts it and runs its first frame; `:step` runs the next frame (with `:trace on`, it
/// shows the frame's layout callbacks one per `:step` first); `:next N` and `:continue`
/// run more. A scroll's frame is one `setContentOffset`; an update runs when the stepping
/// starts and each frame moves its animation on (the last ends it). Each frame is complete
/// before the prompt returns, so the state between frames is exactly what UIKit would show
/// between two display refreshes; `draw` then shows the animation with its marks.
extension REPLSession {
  static let stepExample =
    "':step scroll by y 300 over 10 frames', ':step insert items [0, 0] over 6 frames' or ':step fling y 2.4'"

  /// `argument` (a scroll or update over frames, or nothing) starts at byte `start` of the
  /// source.
  func step(_ argument: String, at start: Int) {
    if !argument.isEmpty {
      startStepping(at: start, script: argument)
      return
    }
    if !unrevealed.isEmpty {
      revealCallback()
      return
    }
    guard stepping != nil else {
      emit(.standardError, "error: nothing to step; start with " + Self.stepExample)
      return
    }
    runFrame(revealing: interpreter.traceEnabled)
  }

  func startStepping(at start: Int, script: String) {
    guard let (program, next, _) = analyse(from: start) else { return }
    guard program.statements.count == 1, let statement = program.statements.first,
      statement.isSteppable
    else {
      emit(
        .standardError,
        "error: ':step' steps a scroll or an update over several frames, e.g. " + Self.stepExample
      )
      return
    }
    checker = next
    interpreter.resetSummary()
    abandonStepping()
    var failed = false
    stepping = withSource {
      interpreter.beginStepping(statement) { output in
        if case .diagnostic(let d) = output, d.severity == .error { failed = true }
        self.show(output)
      }
    }
    // A batch UIKit refuses changes nothing (BATCH-6): there is nothing to step. A gesture
    // that moves nothing (a fling on content at rest) is no failure, but it must say so.
    guard let s = stepping else {
      if failed {
        record(.runtimeFailure)
      } else {
        emit(.standardOutput, "nothing to step: the statement moves nothing from here")
      }
      return
    }
    logEntry(
      .step(statement, frames: 0), script: script, line: commandLine,
      lines: script.split(separator: "\n", omittingEmptySubsequences: false).count)
    steppingEntry = log.count - 1
    emit(
      .standardOutput,
      "stepping \(s.frames) frame\(s.frames == 1 ? "" : "s"): :step for the next, :next N, :continue"
    )
    runFrame(revealing: interpreter.traceEnabled)
  }

  /// Drops the stepping in progress, if any (an entry that acts, a new `:step`): a stepped
  /// update's animation ends unfinished, as an interrupting update ends it.
  func abandonStepping() {
    if let s = stepping {
      markStoppedEarly()
      interpreter.abandonStepping(s)
      emit(.standardOutput, "stepping abandoned after frame \(s.done) of \(s.frames)")
    }
    stepping = nil
    steppingEntry = nil
    unrevealed = []
  }

  /// Runs up to `count` frames, stopping early on Ctrl-C. One frame prints its line; more
  /// print one summary of them all (where it got to, what appeared and went between the
  /// first and the last), and on a terminal a progress line that rewrites itself while
  /// they run, so 28,000 frames are not 28,000 lines.
  func runFrames(_ count: Int) {
    while !unrevealed.isEmpty { revealCallback() }
    guard let first = stepping else {
      emit(.standardError, "error: nothing to step; start with " + Self.stepExample)
      return
    }
    if count == 1 {
      if !first.isFinished { runFrame(revealing: false) }
      return
    }
    let before = Set(interpreter.collectionView?.indexPathsForVisibleItems ?? [])
    var lastProgress = Self.now()
    var done = 0
    defer { progress?("") }
    while done < count, let s = stepping, !s.isFinished {
      if interruptRequested() {
        clearInterrupt()
        progress?("")
        interrupted(s, after: true)
        return
      }
      guard runFrame(revealing: false, quiet: true) else { return }
      done += 1
      if let progress, Self.now() - lastProgress > 100 {
        lastProgress = Self.now()
        progress("frame \(first.done + done)/\(first.frames)…")
      }
    }
    guard done > 0, let cv = interpreter.collectionView else { return }
    let last = lastFrame ?? first
    let finished = stepping == nil
    let upTo = finished ? first.frames : last.done
    let label =
      done == 1
      ? "frame \(upTo)/\(first.frames)" : "frames \(first.done + 1)–\(upTo) of \(first.frames)"
    var line =
      first.isUpdate
      ? updateFrameLine(last, cv, label: label)
      : scrollFrameLine(last, cv, before: before, label: label)
    if finished { line += " (done)" }
    emit(.standardOutput, line)
  }

  /// Ctrl-C while stepping: a scroll or an update waits where it is (`:step` goes on); a
  /// fling stops where it is, as a finger touching the content stops it, and the stepping
  /// with it.
  private func interrupted(_ s: SteppedAnimation, after: Bool) {
    guard s.isDeceleration else {
      emit(
        .standardError,
        after
          ? "cancelled after frame \(s.done) of \(s.frames)"
          : "cancelled before frame \(s.done + 1) of \(s.frames)")
      return
    }
    markStoppedEarly()
    interpreter.abandonStepping(s)
    stepping = nil
    steppingEntry = nil
    let offset = interpreter.collectionView.map { Value.point($0.contentOffset).description }
    emit(
      .standardError,
      "stopped after frame \(s.done) of \(s.frames), at offset \(offset ?? "?"), "
        + "as a finger would stop it")
  }

  /// One frame, then what changed: the offset and the items that appeared and went.
  /// Returns whether the stepping may go on (false after Ctrl-C or a failure).
  @discardableResult
  func runFrame(revealing: Bool, quiet: Bool = false) -> Bool {
    guard var s = stepping else { return false }
    let before = Set(interpreter.collectionView?.indexPathsForVisibleItems ?? [])
    let tracing = interpreter.traceEnabled
    // While revealing, the callbacks are shown one per `:step` instead of all at once.
    if revealing { interpreter.traceEnabled = false }
    let outcome = withSource { () -> Result<[LayoutEvent], RunError> in
      Result { () throws(RunError) in try interpreter.stepFrame(&s) { self.show($0) } }
    }
    interpreter.traceEnabled = tracing
    stepping = s.isFinished ? nil : s
    lastFrame = s
    countFrame(of: s)
    let events: [LayoutEvent]
    switch outcome {
    case .success(let frameEvents):
      events = frameEvents
    case .failure(.cancelled):  // before the frame: nothing changed
      clearInterrupt()
      interrupted(s, after: false)
      return false
    case .failure(.diagnostic(let diagnostic)):
      show(.diagnostic(diagnostic))
      record(.runtimeFailure)
      return false
    }
    guard let cv = interpreter.collectionView else { return false }
    if quiet { return true }
    var line = s.isUpdate ? updateFrameLine(s, cv) : scrollFrameLine(s, cv, before: before)
    if revealing && !events.isEmpty {
      unrevealed = events
      line += "; \(events.count) callback\(events.count == 1 ? "" : "s"), :step shows each"
    }
    if s.isFinished { line += " (done)" }
    emit(.standardOutput, line)
    return true
  }

  /// `frame 2/10: offset (0, 200), 24 visible items; + [0, 21] [0, 22]; − [0, 0]`.
  func scrollFrameLine(
    _ s: SteppedAnimation, _ cv: CollectionView, before: Set<IndexPath>, label: String? = nil
  ) -> String {
    let after = Set(cv.indexPathsForVisibleItems)
    let label = label ?? "frame \(s.done)/\(s.frames)"
    var line = "\(label): offset \(Value.point(cv.contentOffset)), "
    if s.isDeceleration {
      // SV-7: the speed the offset moves at after this frame (0 at rest).
      let v = cv.deceleration.map { $0.velocity(at: $0.elapsed) } ?? .zero
      let shown = Point(x: (v.x * 1000).rounded() / 1000, y: (v.y * 1000).rounded() / 1000)
      line += "velocity \(Value.point(shown)) pt/ms, "
    }
    line += "\(after.count) visible item\(after.count == 1 ? "" : "s")"
    let appeared = after.subtracting(before)
    let went = before.subtracting(after)
    if !appeared.isEmpty { line += "; + " + Self.list(appeared) }
    if !went.isEmpty { line += "; − " + Self.list(went) }
    return line
  }

  /// `frame 2/6: update at 33%, 12 visible items; + [0, 0]; − [0, 3]; → [0, 5] to [0, 1]`
  /// (`switch to grid at 33%` for a layout switch):
  /// how far the animation has run, and the items it inserts (fading in), deletes (fading
  /// out where they were) and moves, as the update's tracks say (LAY-15).
  func updateFrameLine(_ s: SteppedAnimation, _ cv: CollectionView, label: String? = nil)
    -> String
  {
    let percent = Int((100 * Double(s.done) / Double(max(1, s.frames))).rounded())
    let visible = cv.indexPathsForVisibleItems.count
    let what = s.switchedLayout.map { "switch to \($0)" } ?? "update"
    var line =
      "\(label ?? "frame \(s.done)/\(s.frames)"): \(what) at \(percent)%, "
      + "\(visible) visible item\(visible == 1 ? "" : "s")"
    var inserted = Set<IndexPath>()
    var deleted = Set<IndexPath>()
    var moved: [(IndexPath, IndexPath)] = []
    for track in s.update?.tracks ?? [] {
      let old = track.oldKey.flatMap { $0.category == .cell ? $0.indexPath : nil }
      let new = track.newKey.flatMap { $0.category == .cell ? $0.indexPath : nil }
      switch (track.change, old, new) {
      case (.inserted, _, let new?): inserted.insert(new)
      case (.deleted, let old?, _): deleted.insert(old)
      case (.moved, let old?, let new?): moved.append((old, new))
      default: break
      }
    }
    if !inserted.isEmpty { line += "; + " + Self.list(inserted) }
    if !deleted.isEmpty { line += "; − " + Self.list(deleted) }
    for (old, new) in moved.sorted(by: { $0.0 < $1.0 }).prefix(6) {
      line += "; → [\(old.section), \(old.item)] to [\(new.section), \(new.item)]"
    }
    return line
  }

  /// The stepping in progress ends before its last frame: `:undo` replays it to where it
  /// got, `:save` keeps it as a comment.
  func markStoppedEarly() {
    if let i = steppingEntry { log[i].stoppedEarly = true }
  }

  /// Keeps the stepping's log entry at the frames run, so `:undo` replays as many.
  func countFrame(of s: SteppedAnimation) {
    if let i = steppingEntry, case .step(let statement, _) = log[i].kind {
      log[i].kind = .step(statement, frames: s.done)
    }
    if stepping == nil { steppingEntry = nil }
  }

  /// Up to six index paths in order, then how many there are.
  static func list(_ paths: Set<IndexPath>) -> String {
    let sorted = paths.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
    let shown = sorted.prefix(6).map { "[\($0.section), \($0.item)]" }.joined(separator: " ")
    return sorted.count > 6 ? shown + " … (\(sorted.count))" : shown
  }

  func revealCallback() {
    let event = unrevealed.removeFirst()
    let left = unrevealed.isEmpty ? "" : "   (\(unrevealed.count) more)"
    emit(.standardOutput, "  " + event.traceLine + left)
  }

  // MARK: :state

  func stateDescription() -> String {
    var lines: [String] = []
    let summaries = interpreter.sectionSummaries
    let items = summaries.reduce(0) { $0 + $1.items }
    if let cv = interpreter.collectionView {
      lines.append(
        "viewport \(Value.size(cv.bounds.size)), offset \(Value.point(cv.contentOffset)), "
          + "content size \(Value.size(cv.contentSize))")
      lines.append("adjusted inset \(Value.insets(cv.adjustedContentInset))")
      let visible = cv.visibleElements
      let cells = visible.filter { $0.representedElementCategory == .cell }.count
      lines.append(
        "visible \(visible.count) element\(visible.count == 1 ? "" : "s") (\(cells) item\(cells == 1 ? "" : "s"))"
      )
      if !cv.reusePools.isEmpty {
        lines.append(
          "reuse pools: "
            + cv.reusePools.map { "\(Self.describe($0.key)) \($0.waiting)" }.joined(
              separator: ", "))
      }
    } else {
      lines.append(
        "viewport \(Value.size(interpreter.viewportSize)); not laid out yet (the first step lays it out)"
      )
    }
    lines.append(
      "\(summaries.count) section\(summaries.count == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s")"
    )
    for (name, layout) in interpreter.layerLayouts {
      let prefix = interpreter.layerNames.count > 1 ? "layer \(name): " : ""
      lines.append(prefix + Self.describe(layout))
    }
    for (name, type) in checker.boundNames {
      guard let value = interpreter.value(of: name) else { continue }
      let what =
        name == "_"
        ? "_ = \(value) (\(type.rawValue), the last result)"
        : "let \(name) = \(value) (\(type.rawValue))"
      lines.append(what)
    }
    lines.append("trace " + (interpreter.traceEnabled ? "on" : "off"))
    if let s = stepping {
      lines.append(
        "stepping \(s.isUpdate ? "an update" : "a scroll"): frame \(s.done) of \(s.frames) done")
    }
    return lines.joined(separator: "\n")
  }

  /// A reuse pool as a script names it: `"Photo"` (cells), `header`, `decoration "bg"`.
  static func describe(_ pool: ReuseKey) -> String {
    switch pool.category {
    case .cell: return "\"\(pool.identifier)\""
    case .supplementaryView:
      if pool.kind == ElementKind.sectionHeader { return "header" }
      if pool.kind == ElementKind.sectionFooter { return "footer" }
      return "supplementary \"\(pool.kind ?? "")\""
    case .decorationView: return "decoration \"\(pool.kind ?? "")\""
    }
  }

  static func describe(_ layout: CollectionViewLayout) -> String {
    if let grid = layout as? StickyGridLayout {
      return "layout grid: item size \(Value.size(grid.itemSize)), row header width "
        + "\(formatNumber(grid.rowHeaderWidth, .printfG)), column header height "
        + "\(formatNumber(grid.columnHeaderHeight, .printfG)), sticky rows \(grid.stickyRowHeaders ? "on" : "off"), "
        + "sticky columns \(grid.stickyColumnHeaders ? "on" : "off")"
    }
    guard let flow = layout as? CollectionViewFlowLayout else {
      return "layout \(type(of: layout))"
    }
    var parts = [
      "scroll \(flow.scrollDirection == .vertical ? "vertical" : "horizontal")",
      "item size \(Value.size(flow.itemSize))",
      "line spacing \(formatNumber(flow.minimumLineSpacing, .printfG))",
      "interitem spacing \(formatNumber(flow.minimumInteritemSpacing, .printfG))",
      "insets \(Value.insets(flow.sectionInset))",
    ]
    if flow.estimatedItemSize != .zero {
      parts.append("estimated item size \(Value.size(flow.estimatedItemSize))")
    }
    if flow.headerReferenceSize != .zero {
      parts.append("header size \(Value.size(flow.headerReferenceSize))")
    }
    if flow.footerReferenceSize != .zero {
      parts.append("footer size \(Value.size(flow.footerReferenceSize))")
    }
    if flow.sectionHeadersPinToVisibleBounds { parts.append("pin headers") }
    if flow.sectionFootersPinToVisibleBounds { parts.append("pin footers") }
    let kind = layout is StickyHeadersFlowLayout ? "flow + sticky headers" : "flow"
    return "layout \(kind): " + parts.joined(separator: ", ")
  }
}

/// ANSI colour for a terminal: the prompt, diagnostics and trace lines.
enum Style {
  static func prompt(_ text: String) -> String {
    // \u{1} marks escape sequences that take no width (EL_PROMPT_ESC). The prompt's last
    // character stays outside them: libedit drops a literal at the very end.
    let visible = text.dropLast()
    return "\u{1}\u{1B}[1;34m\u{1}" + visible + "\u{1}\u{1B}[0m\u{1}" + String(text.suffix(1))
  }

  static func paint(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      for (marker, colour) in [(": error: ", "1;31"), (": warning: ", "1;35")] {
        if let r = line.firstRange(of: marker) {
          return String(line[..<r.lowerBound]) + "\u{1B}[\(colour)m" + String(line[r])
            + "\u{1B}[0m" + String(line[r.upperBound...])
        }
      }
      if line.hasPrefix("error: ") { return "\u{1B}[1;31merror:\u{1B}[0m" + line.dropFirst(6) }
      if line.hasPrefix("trace (line") || line.hasPrefix("frame ") {
        return "\u{1B}[36m" + line + "\u{1B}[0m"
      }
      return String(line)
    }.joined(separator: "\n")
  }
}
