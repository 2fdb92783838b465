import LayoutEngine

/// What a plot gathers while it runs. Recordings nest (an `svg plot` inside another, or in
/// a script `gl render --plot` charts whole): every one on the stack samples every frame,
/// each on its own clock.
struct PlotRecording {
  let caption: String
  /// Milliseconds since the recording began.
  private(set) var time = 0.0
  /// The frame rate of the frames since `since`, and how many there were: a time is
  /// `since` + count × 1000 / rate, exact where a sum of 1000/60 ms would drift.
  private var rate = 0.0
  private var since = 0.0
  private var count = 0

  var samples: [PlotSample] = []
  var markers: [PlotMarker] = []
  /// The edges (SV-3) the offset went past, on either axis, first value kept.
  var edges: [(axis: Axis, edge: PlotEdge)] = []

  init(caption: String) { self.caption = caption }

  /// The time one more frame at `frameRate` ends.
  mutating func advance(frameRate: Double) {
    if frameRate != rate {
      (rate, since, count) = (frameRate, time, 0)
    }
    count += 1
    time = since + Double(count) * 1000 / rate
  }

  /// Adds `sample`, noting the edges it lies beyond. A sample that does not move the plot
  /// (the same time and offset as the last, e.g. after `print`) is left out unless
  /// `keepingVelocity` says its velocity matters (a lift changes the speed, not the place).
  mutating func add(_ sample: PlotSample, low: Point, high: Point, keepingVelocity: Bool = false) {
    if let last = samples.last, !sample.isFrame, last.time == sample.time,
      last.offset == sample.offset, !keepingVelocity || last.velocity == sample.velocity
    {
      return
    }
    samples.append(sample)
    let o = sample.offset
    for (axis, value, low, high) in [(Axis.x, o.x, low.x, high.x), (.y, o.y, low.y, high.y)] {
      if value < low { note(axis, PlotEdge(kind: .minimum, offset: low)) }
      if value > high { note(axis, PlotEdge(kind: .maximum, offset: high)) }
    }
  }

  private mutating func note(_ axis: Axis, _ edge: PlotEdge) {
    if !edges.contains(where: { $0.axis == axis && $0.edge.kind == edge.kind }) {
      edges.append((axis, edge))
    }
  }

  /// The output: the axis along which the offset moved most (`preferred` on a tie).
  func output(preferred: Axis, frameRate: Double) -> PlotOutput {
    func span(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
    let dx = span(samples.map(\.offset.x))
    let dy = span(samples.map(\.offset.y))
    let axis = dx > dy ? Axis.x : dy > dx ? .y : preferred
    return PlotOutput(
      samples: samples, markers: markers, edges: edges.filter { $0.axis == axis }.map(\.edge),
      axis: axis, frameRate: frameRate, caption: caption)
  }
}

/// `svg plot "PATH" { … }` and `gl render --plot`: the block (or the script) runs as it
/// would anyway; the frames it runs — a scroll or a drag over frames, a deceleration, an
/// animated update — each add a sample, one frame (1/`frame rate` second) after the last.
/// A statement that runs no frames takes no time: one sample when it ends.
extension Interpreter {
  /// `svg plot "PATH" { … }`: the file to write and the samples of the block's frames.
  func plot(_ pathExpr: Expr, _ body: [Statement], _ statement: Statement) throws(RunError)
    -> Output
  {
    let path = try diagnosing { () throws(Diagnostic) in
      try outputPath(pathExpr, example: "svg plot \"pictures/fling.svg\" { … }")
    }
    let caption = body.map { inner in
      text(of: inner.range).split(separator: "\n").first.map(String.init) ?? ""
    }.joined(separator: "; ")
    layers.live()  // time 0 is the state before the block
    let (_, plot) = try plotting(caption: caption) { () throws(RunError) in
      for inner in body { try execute(inner) }
    }
    guard plot.frames > 0 else {
      throw .diagnostic(
        .error(
          .plotNeedsFrames, at: statement.range,
          help: "plot a scroll or a drag over frames, a release or a fling"))
    }
    return .plot(line: runner.line(of: statement.range), path: path, plot)
  }

  /// Runs `body` while recording a plot captioned `caption` (`gl render --plot` records a
  /// whole run); the plot holds what ran before a failure stopped `body`.
  public func plotting<T, E: Error>(caption: String, _ body: () throws(E) -> T) throws(E) -> (
    T, PlotOutput
  ) {
    plots.append(PlotRecording(caption: caption))
    defer { plots.removeLast() }
    sampleNow()
    let result = try body()
    let preferred: Axis = flow?.scrollDirection == .horizontal ? .x : .y
    return (
      result, plots[plots.count - 1].output(preferred: preferred, frameRate: finger.frameRate)
    )
  }

  /// After frame `k` of `n` of a scroll, a drag, a deceleration or an animated update: a
  /// strip's state, and a sample for every plot. `before` is the offset before the frame;
  /// `velocity` the engine's or the finger's, else the change over the frame.
  func frameEnded(
    _ k: Int, of n: Int, from before: Point, velocity: Point? = nil, _ range: SourceRange
  ) throws(RunError) {
    // A frame lays out every layer once: one unit each, and what its passes cost
    // (`CollectionView.elementWork`: a frame over millions of tiny items is not one unit),
    // and the steps its layout code ran.
    let work = layers.count + layers.takeElementWork() + runner.takeCodeSteps()
    try diagnosing { () throws(Diagnostic) in try runner.countWork(work, at: range) }
    try runner.frameObserver?(k, n)
    guard !plots.isEmpty else { return }
    let cv = layers.live()
    let dt = finger.frameDuration
    let offset = cv.contentOffset
    let v = velocity ?? Point(x: (offset.x - before.x) / dt, y: (offset.y - before.y) / dt)
    let (low, high) = (cv.minimumContentOffset, cv.maximumContentOffset)
    for i in plots.indices {
      if plots[i].samples.isEmpty {  // the run's first step made the collection view
        let start = PlotSample(time: 0, offset: before, velocity: .zero, isFrame: false)
        plots[i].add(start, low: low, high: high)
      }
      plots[i].advance(frameRate: finger.frameRate)
      let sample = PlotSample(time: plots[i].time, offset: offset, velocity: v, isFrame: true)
      plots[i].add(sample, low: low, high: high)
    }
    try checkPlotSize(range)
  }

  /// The finger lifted (SV-8): a marker, and the velocity the deceleration starts with.
  func plotRelease(_ cv: CollectionView) {
    let v = cv.deceleration.map { $0.velocity(at: 0) } ?? .zero
    plotMark(.release, cv, velocity: v)
  }

  /// A marker at the current time: the finger lifted, or the deceleration came to rest.
  func plotMark(_ kind: PlotMarker.Kind, _ cv: CollectionView, velocity: Point = .zero) {
    let (low, high) = (cv.minimumContentOffset, cv.maximumContentOffset)
    for i in plots.indices {
      let now = plots[i].time
      plots[i].markers.append(PlotMarker(kind: kind, time: now, offset: cv.contentOffset))
      let sample = PlotSample(
        time: now, offset: cv.contentOffset, velocity: velocity, isFrame: false)
      plots[i].add(sample, low: low, high: high, keepingVelocity: true)
    }
  }

  /// After a statement: a sample where it left the offset (a statement that ran frames left
  /// it where its last frame did, so nothing is added for it).
  func plotStatementEnded(_ range: SourceRange) throws(RunError) {
    guard !plots.isEmpty else { return }
    sampleNow()
    try checkPlotSize(range)
  }

  /// A sample of the offset now, once the collection view is live; a statement without
  /// frames has no speed.
  private func sampleNow() {
    guard layers.isLive else { return }
    let cv = layers.live()
    let (low, high) = (cv.minimumContentOffset, cv.maximumContentOffset)
    for i in plots.indices {
      let sample = PlotSample(
        time: plots[i].time, offset: cv.contentOffset, velocity: .zero, isFrame: false)
      plots[i].add(sample, low: low, high: high)
    }
  }

  /// Samples are bounded by the frame limit, whatever the step limit allows.
  private func checkPlotSize(_ range: SourceRange) throws(RunError) {
    guard plots.contains(where: { $0.samples.count > limits.frames }) else { return }
    throw .diagnostic(
      .error(.plotTooLong(limit: limits.frames), at: range, help: "plot fewer frames"))
  }
}
