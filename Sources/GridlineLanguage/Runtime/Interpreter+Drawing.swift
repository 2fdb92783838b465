import LayoutEngine

extension Interpreter {
  /// `draw`: the displayed elements of every layer, back to front (DISP-1); `draw
  /// content`: the elements of the content within four viewports of the visible area
  /// along y (the renderer elides what lies further). The renderer draws them; the
  /// interpreter only gathers.
  func draw(content: Bool, line: Int) throws(Diagnostic) -> Output {
    .draw(
      gather(content: content, line: line), content: content,
      invalidated: runner.lastTally.reasked)
  }

  /// The part of the content `draw content` and `svg` picture: four viewports either side
  /// of the visible area along y, the whole width.
  func window(_ view: CollectionView) -> Rect {
    let b = view.presentedBounds
    let v = b.size
    return Rect(
      x: -v.width, y: b.minY - 4 * v.height, width: view.contentSize.width + 2 * v.width,
      height: 9 * v.height)
  }

  /// The elements a picture draws, each with its track in the update shown (see
  /// `updateShown`): mid-animation, as presented at the animation's progress.
  func gather(content: Bool, line: Int) -> ShowOutput {
    let cv = layers.live()
    let (animations, progress) = updateShown()
    var elements: [(layer: String, attributes: LayoutAttributes, track: UpdateTrack?)] = []
    for (i, layer) in (layers.stack?.layers ?? []).enumerated() {
      let view = layer.collectionView
      let found =
        content
        ? view.layoutAttributesForElements(in: window(view)) : view.visibleElements
      let animation = i < animations.count ? animations[i] : nil
      let shown = Self.present(found, animation, progress: progress)
        .filter { !$0.attributes.isHidden }
      elements += shown.prefix(limits.rows).map { (layer.name, $0.attributes, $0.track) }
    }
    let kept = Array(elements.prefix(limits.rows))
    var output = ShowOutput(
      line: line, target: content ? "content" : "viewport", bounds: cv.presentedBounds,
      contentSize: cv.contentSize, elements: kept.map(\.attributes),
      layers: layers.count > 1 ? kept.map(\.layer) : [],
      // Mid-animation an element is between two frames, not pinned away from its place.
      natural: kept.map { k in
        layers.views.contains { $0.updateAnimation != nil }
          ? nil : pinnedFrom(k.attributes, layer: k.layer)
      },
      omitted: elements.count - kept.count,
      changes: kept.contains { $0.track != nil } ? kept.map(\.track) : [],
      updateProgress: progress)
    output.adjustedContentInset = cv.adjustedContentInset
    // Selection and identifiers are a cell's where it is now: a deleted one (mid-animation,
    // at its old index path) has neither.
    let views = Dictionary(
      (layers.stack?.layers ?? []).map { ($0.name, $0.collectionView) },
      uniquingKeysWith: { a, _ in a })
    func current(_ k: (layer: String, attributes: LayoutAttributes, track: UpdateTrack?)) -> Bool {
      k.attributes.representedElementCategory == .cell && k.track?.change != .deleted
    }
    let selected = kept.map { k in
      current(k) && (views[k.layer] ?? cv).isItemSelected(at: k.attributes.indexPath)
    }
    if selected.contains(true) { output.selected = selected }
    if layers.data.isDiffable {
      output.identifiers = kept.map { k -> String? in
        guard current(k) else { return nil }
        let path = k.attributes.indexPath
        guard layers.data.sections.indices.contains(path.section),
          let ids = layers.data.sections[path.section].identifiers, ids.indices.contains(path.item)
        else { return nil }
        return ids[path.item]
      }
    }
    return output
  }

  /// The state now, as `svg` would draw it (`gl render`). Outside a step, a script
  /// callback that fails here has no step to stop: the picture shows the engine's fallback.
  public func svgSnapshot() -> [SVGState] {
    (try? runner.failures.collect { () throws(RunError) in try svgStates(nil, line: 0) })?.0 ?? []
  }

  /// The displayed elements now, as `draw` gathers them (a front end's picture: `gl
  /// serve`'s page), with the frame rate gestures run at. The views come alive here if no
  /// step has made them yet; a script callback that fails then leaves the engine's
  /// fallback, as in `svgSnapshot`.
  public func displayedState() -> (show: ShowOutput, frameRate: Double) {
    let gathered = try? runner.failures.collect { () throws(RunError) in
      gather(content: false, line: 0)
    }
    // `collect` throws only what its body throws, and gathering throws nothing.
    guard let (show, _) = gathered else { preconditionFailure("gathering elements threw") }
    return (show, finger.frameRate)
  }

  /// `gl render --frames`: runs `program` as a strip does, recording the state before it
  /// and after each frame and statement.
  public func runRecording(_ program: Program, emit: @escaping (Output) -> Void) -> (
    RunSummary, [SVGState]
  ) {
    runner.emit = emit
    defer { runner.emit = { _ in } }
    var states: [SVGState] = []
    do throws(RunError) {
      // The first layout (for the "before" state) happens outside any statement: a script
      // callback failing in it stops the recording there.
      let (_, failure) = try runner.failures.collect { () throws(RunError) in layers.live() }
      if let failure { throw RunError.diagnostic(failure) }
      states = try svgStates(program.statements, line: 0)
    } catch {
      runner.stop(with: error)
    }
    return (runner.summary, states)
  }

  /// `svg`: the state now; `svg strip`: the state before the block, then after each of
  /// its frames (a multi-frame scroll or update) or statements, and after an animated
  /// update's last frame the state once it has ended ("after": its disappearing views
  /// gone, its marks those of the finished update). At most `Limits.stripStates` states:
  /// the limit is checked before each state is taken, so a block of 100,000 frames stops
  /// at the first state too many instead of recording them all.
  func svgStates(_ strip: [Statement]?, line: Int) throws(RunError) -> [SVGState] {
    var states: [SVGState] = []
    var current = strip?.first?.range ?? SourceRange(start: 0, end: 0)
    func record(_ caption: String, events: EventTally) throws(RunError) {
      guard states.count < limits.stripStates else {
        throw .diagnostic(
          .error(
            .stripTooLong(limit: limits.stripStates), at: current,
            help: "use fewer frames in the block"))
      }
      let show = gather(content: true, line: line)
      try diagnosing { () throws(Diagnostic) in
        try runner.countWork(
          (show.elements.count + show.omitted) * Limits.unitsPerGatheredElement, at: current)
      }
      states.append(
        SVGState(
          show: show, invalidated: events.reasked, window: window(layers.live()),
          caption: caption))
    }
    guard let strip else {
      try record("", events: runner.lastTally)
      return states
    }
    try record("before", events: EventTally())
    let previous = runner.frameObserver
    defer { runner.frameObserver = previous }
    runner.frameObserver = { [unowned self] (k, n) throws(RunError) in
      let pending = (self.layers.stack?.layers ?? []).flatMap(\.collectionView.events)
      try record("frame \(k)/\(n)", events: EventTally(pending))
    }
    for statement in strip {
      current = statement.range
      let before = states.count
      try execute(statement)
      if states.count == before {
        let text =
          self.text(of: statement.range).split(separator: "\n").first.map(String.init) ?? ""
        try record(text, events: runner.lastTally)
      } else if statement.isAnimatedUpdate {
        try record("after", events: EventTally())
      }
    }
    return states
  }
}
