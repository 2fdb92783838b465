import LayoutEngine

extension Interpreter {
  /// Carries out a step other than `scroll` and `svg` (which run frames and statements of
  /// their own); its results go to `results`.
  func act(_ statement: Statement, results: inout [Output]) throws(Diagnostic) {
    let e = evaluator
    let line = runner.line(of: statement.range)
    switch statement.kind {
    case .resize(let expr):
      let size = try sizeValue(expr, "the new size")
      try Validate.positiveSize(size, "the new size", expr.range, limits)
      layers.resize(to: size)
    case .reload:
      layers.live()
      layers.stack?.reloadData()
      data.lastBatch = nil  // reloadData() is no batch: nothing maps across it
    case .invalidateTargets(let actions):
      layers.live()
      for cv in layers.views {
        let layout = cv.collectionViewLayout
        let context = InvalidationContext.targeted(for: layout)
        try context.add(actions, environment)
        layout.invalidateLayout(with: context)
        cv.layoutIfNeeded()
      }
    case .invalidate:
      layers.live()
      for cv in layers.views {
        cv.collectionViewLayout.invalidateLayout()
        cv.layoutIfNeeded()
      }
    case .show(let target):
      results.append(try show(target, line: line, statement.range))
    case .draw(let content):
      results.append(try draw(content: content, line: line))
      if case .draw(let shown, _, _) = results[results.count - 1] {
        let gathered = (shown.elements.count + shown.omitted) * Limits.unitsPerGatheredElement
        try runner.countWork(
          gathered + drawingColumns * Limits.drawingRows, at: statement.range)
      }
    case .why(let expr):
      results.append(.why(try why(expr, line: line)))
    case .hit(let expr):
      let value = try e.evaluate(expr)
      guard case .point(let point) = value else {
        throw .error(.takes("'hit'", "a point (x, y)", not: value.type.rawValue), at: expr.range)
      }
      layers.live()
      let result = layers.stack?.indexPathForItem(at: point)?.indexPath
      results.append(.hit(line: line, point: point, result: result))
    case .expect(let expr, let hint?):
      // An exercise's expectation: not met yet, whether it is false or cannot be asked yet
      // (an item the learner's layout does not place yet), said without its values.
      var reason: String?
      do throws(Diagnostic) {
        if try !e.truth(expr) { reason = "" }
      } catch {
        // A limit or a Ctrl-C stops the run, exercise or not.
        if error.code == .limitExceeded || error.code == .workExhausted { throw error }
        reason = " (\(error.message))"
      }
      guard let reason else {
        runner.summary.expectationsPassed += 1
        results.append(.expect(line: line, passed: true, failure: nil))
        return
      }
      runner.summary.expectationsFailed += 1
      // The parser takes a hint in quotes only.
      let text = if case .string(let s) = hint.kind { s } else { text(of: hint.range) }
      results.append(
        .expect(
          line: line, passed: false,
          failure: .error(.notYet(Value.string(text).excerpt + reason), at: expr.range)))
    case .expect(let expr, nil):
      let passed = try e.truth(expr)
      if passed {
        runner.summary.expectationsPassed += 1
        results.append(.expect(line: line, passed: true, failure: nil))
      } else {
        runner.summary.expectationsFailed += 1
        results.append(.expect(line: line, passed: false, failure: try explainFailure(expr)))
      }
    case .print(let expr):
      let value = try e.evaluate(expr)
      // A value is printed on one line: past the rows a `show` lists it is refused, as an
      // `elements(in:)` answer is, rather than written as megabytes.
      if let count = value.count, count > limits.rows {
        throw .error(
          .printTooLong(count, limit: limits.rows), at: expr.range,
          help: "print its count, or some of its values (a[0])")
      }
      results.append(.print(line: line, value))
    case .trace(let on):
      runner.traceEnabled = on
    case .touch, .selection, .touchSetting:
      try touch(statement)
    default:
      break  // declarations, repeat, layer, scroll and svg are handled by the caller
    }
  }

  /// `svg "PATH" [strip { … }]`: the file to write and the states to draw in it.
  func svg(_ pathExpr: Expr, _ strip: [Statement]?, line: Int) throws(RunError) -> Output {
    let path = try diagnosing { () throws(Diagnostic) in
      try outputPath(pathExpr, example: "svg \"pictures/state.svg\"")
    }
    return .svg(line: line, path: path, try svgStates(strip, line: line))
  }

  /// `svg viewport PATH [margin N]`: the state drawn as the screen shows it, cut to the
  /// viewport and `margin` points around it.
  func svgViewport(_ pathExpr: Expr, _ marginExpr: Expr?, line: Int) throws(RunError) -> Output {
    let (path, margin) = try diagnosing { () throws(Diagnostic) in
      let path = try outputPath(pathExpr, example: "svg viewport \"pictures/screen.svg\"")
      guard let marginExpr else { return (path, 0.0) }
      let margin = try evaluator.number(marginExpr)
      try Validate.finite(margin, "the margin", marginExpr.range, limits)
      guard margin >= 0 else {
        throw .error(
          .cannotBeNegative("the margin", ": \(formatNumber(margin))"), at: marginExpr.range)
      }
      guard margin <= Limits.viewportMargin else {
        throw .error(
          .overLimit("the margin", Int(margin.rounded(.up)), limit: Int(Limits.viewportMargin)),
          at: marginExpr.range)
      }
      return (path, margin)
    }
    var states = try svgStates(nil, line: line)
    for i in states.indices {
      states[i].window = states[i].show.bounds.insetBy(dx: -margin, dy: -margin)
      states[i].viewportOnly = true
    }
    return .svg(line: line, path: path, states)
  }

  /// `output` once `writeFile` has written its file; its refusal stops the run.
  func written(_ output: Output, at path: SourceRange) throws(RunError) -> Output {
    if let failure = writeFile?(output, path) { throw .diagnostic(failure) }
    return output
  }

  /// The file an `svg` statement names, by `SVGPath`'s rule for a script: `gl check` has
  /// refused a literal path already; a computed one is refused here.
  func outputPath(_ pathExpr: Expr, example: String) throws(Diagnostic) -> String {
    guard case .string(let path) = try evaluator.evaluate(pathExpr) else {
      throw .error(.svgNeedsFileName, at: pathExpr.range)
    }
    if let refusal = SVGPath.refusal(path, confined: true) {
      throw .error(refusal, at: pathExpr.range, help: SVGPath.help(example: example))
    }
    return path
  }

  /// "expectation failed: `a == b` — left is 510, right is 500". Long values are cut
  /// (`Value.excerpt`), and then where they first differ is said.
  func explainFailure(_ expr: Expr) throws(Diagnostic) -> Diagnostic {
    var message = Value.string(text(of: expr.range)).excerpt
    if case .binary(let op, let left, let right) = expr.kind, op != .and, op != .or {
      let a = try evaluator.evaluate(left)
      let b = try evaluator.evaluate(right)
      message += " (left is \(a.excerpt), right is \(b.excerpt)"
      if a.isLong || b.isLong, let difference = Value.firstDifference(a, b) {
        message += "; they first differ at " + difference
      }
      message += ")"
    }
    return .error(.expectationFailed(message), at: expr.range)
  }

  func text(of range: SourceRange) -> String { runner.text(of: range) }

  func show(_ target: ShowTarget, line: Int, _ range: SourceRange) throws(Diagnostic) -> Output {
    let cv = layers.live()
    var elements: [(layer: String, attributes: LayoutAttributes)] = []
    let name: String
    switch target {
    case .contentSize:
      return .contentSize(line: line, cv.contentSize)
    case .visible:
      name = ShowKeyword.visible.spelling
      for layer in layers.stack?.layers ?? [] {
        elements += layer.collectionView.visibleElements.map { (layer.name, $0) }
      }
    case .all:
      // The content plus one viewport on every side: elements that negative insets or
      // pinning place outside the content rect are listed too.
      name = ShowKeyword.all.spelling
      // Each element gathered is materialised before the rows are chosen: refuse what
      // would not fit in memory rather than list it (`Limits.listedElements`).
      let items = data.totalItems.multipliedReportingOverflow(by: layers.count)
      if items.overflow || items.partialValue > limits.listedElements {
        throw .error(
          .tooManyListed(items.partialValue, limit: limits.listedElements), at: range,
          help: "show visible, or show one element")
      }
      let v = cv.bounds.size
      let rect = Rect(
        x: -v.width, y: -v.height, width: cv.contentSize.width + 2 * v.width,
        height: cv.contentSize.height + 2 * v.height)
      for layer in layers.stack?.layers ?? [] {
        elements += layer.collectionView.layoutAttributesForElements(in: rect)
          .filter { !$0.isHidden }.map { (layer.name, $0) }
      }
    case .element(let expr):
      guard case .attributes(let a) = try evaluator.evaluate(expr) else {
        throw .error(.expected("an element"), at: expr.range)
      }
      name = text(of: expr.range)
      elements = [(layers.count > 1 ? layerShowing(a.key) : "", a)]
    }
    let order = layers.names
    let sorted = elements.sorted {
      $0.attributes.key != $1.attributes.key
        ? $0.attributes.key < $1.attributes.key
        : (order.firstIndex(of: $0.layer) ?? 0) < (order.firstIndex(of: $1.layer) ?? 0)
    }
    try runner.countWork(sorted.count * Limits.unitsPerGatheredElement, at: range)
    let kept = Array(sorted.prefix(limits.rows))
    var namesElement = false
    if case .element = target { namesElement = true }
    return .show(
      ShowOutput(
        line: line, target: name, namesElement: namesElement, bounds: cv.bounds,
        contentSize: cv.contentSize,
        elements: kept.map(\.attributes), layers: layers.count > 1 ? kept.map(\.layer) : [],
        natural: kept.map { pinnedFrom($0.attributes, layer: $0.layer) },
        omitted: sorted.count - kept.count, changes: changes(of: kept),
        updateProgress: updateShown().progress))
  }

  /// The frontmost layer displaying `key` (or the front layer).
  func layerShowing(_ key: ElementKey) -> String {
    for layer in (layers.stack?.layers ?? []).reversed()
    where layer.collectionView.displayedAttributes(for: key) != nil {
      return layer.name
    }
    return layers.names.last ?? ""
  }

  /// `at top, left` as UIKit's option set; none written (a section's start): the start
  /// of the layout's scroll axis, its top, or its left edge when it scrolls sideways.
  func positions(_ alignment: [ScrollAlignment]) -> ScrollPosition {
    guard !alignment.isEmpty else { return scrollsHorizontally ? .left : .top }
    return alignment.reduce(into: ScrollPosition.none) { $0.formUnion(position($1)) }
  }

  /// Where a section's header or footer is to scroll to: the layout's answer, a flow
  /// layout's pinned one at its natural place (scrolling to where it stands pinned would
  /// go nowhere); nil when the layout places none, or one of no height.
  func scrollFrame(ofSupplementaryKind kind: String, inSection section: Int, _ cv: CollectionView)
    -> Rect?
  {
    let path = IndexPath(item: 0, section: section)
    guard let answer = cv.layoutAttributesForSupplementaryElement(ofKind: kind, at: path),
      answer.frame.width > 0 && answer.frame.height > 0
    else { return nil }
    if let flow = cv.collectionViewLayout as? CollectionViewFlowLayout,
      let natural = flow.naturalFrame(ofSupplementaryKind: kind, inSection: section)
    {
      return natural
    }
    return answer.frame
  }

  /// The natural frame of an element that is pinned or stuck away from it.
  func pinnedFrom(_ a: LayoutAttributes, layer: String) -> Rect? {
    let layout =
      layers.layers.first { $0.name == layer }?.layout ?? layers.layers[layers.count - 1].layout
    var natural: Rect?
    if let flow = layout as? CollectionViewFlowLayout,
      a.representedElementCategory == .supplementaryView, let kind = a.representedElementKind
    {
      natural = flow.naturalFrame(ofSupplementaryKind: kind, inSection: a.indexPath.section)
    } else if let grid = layout as? StickyGridLayout, a.representedElementCategory == .cell {
      natural = grid.naturalFrame(at: a.indexPath)
    }
    guard let natural, !natural.isClose(to: a.frame) else { return nil }
    return natural
  }

  /// `scroll …`: one `setContentOffset` (no clamping, SV-4), or `over N frames` of them
  /// on a straight line from the current offset to the target, each frame a full pass, then
  /// `scrollViewDidEndScrollingAnimation` (an animated scroll). Inside an `on scroll` hook,
  /// the `contentOffset` setter instead, which leaves a deceleration coasting.
  func scroll(_ step: ScrollStep, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    if case .sectionToAxis(let section, let axis, let value) = step.kind {
      try diagnosing { () throws(Diagnostic) in try scrollSection(section, axis, value) }
      return
    }
    guard let plan = try diagnosing({ () throws(Diagnostic) in try plan(step, range) }) else {
      return
    }
    if hooks.depth > 0 {
      for view in layers.views { view.contentOffset = plan.end }
      return
    }
    if step.frames == nil {
      layers.stack?.setContentOffset(plan.end)
      return
    }
    try animate(plan, range, trace: &trace)
    layers.stack?.endScrollingAnimation()
  }

  /// The frames of an animated scroll, each a `setContentOffset` on every layer (the first
  /// counted with its statement, the others as steps of their own).
  func animate(_ plan: ScrollPlan, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    for k in 1...plan.frames {
      if k > 1 { try runner.countStep(at: range) }
      let here = layers.live().contentOffset
      let offset = plan.offset(frame: k, from: here)
      runner.beginFrame(k, of: plan.frames, offset: offset, layers.takeEvents(), into: &trace)
      layers.stack?.setContentOffset(offset)
      try frameEnded(k, of: plan.frames, from: here, range)
    }
  }

  /// Where a scroll goes and in how many frames; nil when UIKit raised an exception while
  /// computing the target (reported after the step).
  func plan(_ step: ScrollStep, _ range: SourceRange) throws(Diagnostic) -> ScrollPlan? {
    let cv = layers.live()
    let e = evaluator
    let start = cv.contentOffset
    var target: Point?
    switch step.kind {
    case .toAxis(let axis, let expr):
      let v = try e.number(expr)
      target = axis == .x ? Point(x: v, y: start.y) : Point(x: start.x, y: v)
    case .toPoint(let expr):
      target = try pointValue(expr)
    case .byAxis(let axis, let expr):
      let v = try e.number(expr)
      target = axis == .x ? Point(x: start.x + v, y: start.y) : Point(x: start.x, y: start.y + v)
    case .byPoint(let expr):
      let d = try pointValue(expr)
      target = Point(x: start.x + d.x, y: start.y + d.y)
    case .toItem(let expr, let alignment):
      guard let (section, item) = try e.itemPath(try e.evaluate(expr), expr.range) else {
        throw .error(.takes("'scroll to item'", "an index path [section, item]"), at: expr.range)
      }
      target = cv.contentOffset(
        forScrollingToItemAt: IndexPath(item: item, section: section), at: positions(alignment))
    case .toSupplementary(let header, let expr, let alignment):
      let value = try e.evaluate(expr)
      guard case .indexPath(let section, nil) = value else {
        throw .error(
          .takes(
            "'scroll to \(header ? "header" : "footer")'", "a section [s]", not: value.type.rawValue
          ),
          at: expr.range)
      }
      let kind = header ? ElementKind.sectionHeader : ElementKind.sectionFooter
      guard let frame = scrollFrame(ofSupplementaryKind: kind, inSection: section, cv) else {
        throw .error(
          .noScrollTarget(
            "section \(section) has no \(header ? "header" : "footer") the layout places"),
          at: expr.range)
      }
      target = cv.contentOffset(forScrollingTo: frame, at: positions(alignment))
    case .toSection(let expr, let alignment):
      let section = try e.integer(expr, "the section")
      guard section >= 0 && section < cv.numberOfSections else {
        throw .error(
          .noSection(section, declared: cv.numberOfSections, by: "the collection view has"),
          at: expr.range)
      }
      // Its start: the header the layout places, else its first item.
      let first = IndexPath(item: 0, section: section)
      guard
        let frame = scrollFrame(
          ofSupplementaryKind: ElementKind.sectionHeader, inSection: section, cv)
          ?? (cv.numberOfItems(inSection: section) > 0
            ? cv.layoutAttributesForItem(at: first)?.frame : nil)
      else {
        throw .error(
          .noScrollTarget("section \(section) has no header and no items"), at: expr.range)
      }
      target = cv.contentOffset(forScrollingTo: frame, at: positions(alignment))
    case .rectVisible(let expr):
      let value = try e.evaluate(expr)
      guard case .rect(let rect) = value else {
        throw .error(.takes("'scroll rect'", "a rect", not: value.type.rawValue), at: expr.range)
      }
      target = cv.contentOffset(forScrollingRectToVisible: rect)
    case .sectionToAxis:
      return nil  // `scroll(_:_:trace:)` moves the section's own scroller, at once
    }
    guard let end = target else { return nil }
    try Validate.finite(end.x, "the offset", range, limits)
    try Validate.finite(end.y, "the offset", range, limits)
    let frames =
      try step.frames.map { (f) throws(Diagnostic) in
        try frameCount(f, none: .scrollNeedsFrames)
      } ?? 1
    var relative = false
    if case .byAxis = step.kind { relative = true }
    if case .byPoint = step.kind { relative = true }
    return ScrollPlan(start: start, end: end, frames: frames, relative: relative)
  }

  /// `over N frames`: a whole number from 1 to the frame limit; 0 is `none`.
  func frameCount(_ expr: Expr, none: Message) throws(Diagnostic) -> Int {
    let frames = try Validate.count(
      try evaluator.number(expr), "the number of frames", expr.range, max: limits.frames)
    if frames == 0 { throw .error(none, at: expr.range) }
    return frames
  }

  func pointValue(_ expr: Expr) throws(Diagnostic) -> Point {
    let value = try evaluator.evaluate(expr)
    guard case .point(let p) = value else {
      throw .error(
        .expectedValue("a point (x, y)", found: value.type.rawValue, ", not"), at: expr.range)
    }
    return p
  }

  /// SV-12's positions. `center` is centred on the layout's scroll axis only, as UIKit has
  /// no position for both: a flow's or compositional layout's direction, else vertical.
  func position(_ alignment: ScrollAlignment) -> ScrollPosition {
    switch alignment {
    case .top: .top
    case .bottom: .bottom
    case .left: .left
    case .right: .right
    case .none: .none
    case .centeredVertically: .centeredVertically
    case .centeredHorizontally: .centeredHorizontally
    case .center: scrollsHorizontally ? .centeredHorizontally : .centeredVertically
    }
  }

  /// Whether the installed layout scrolls along x.
  private var scrollsHorizontally: Bool {
    if let flow { return flow.scrollDirection == .horizontal }
    if let compositional = layers.live().collectionViewLayout
      as? CollectionViewCompositionalLayout
    {
      return compositional.configuration.scrollDirection == .horizontal
    }
    return false
  }
}

/// The frames of one scroll.
struct ScrollPlan: Sendable {
  let start: Point
  let end: Point
  let frames: Int
  /// `scroll by` moves like a finger, by equal steps from wherever the content is (a
  /// self-sizing correction that moved the offset is kept); `scroll to` heads for its target.
  let relative: Bool

  func offset(frame k: Int, from here: Point) -> Point {
    let target = planned(frame: k)
    guard relative else { return target }
    // Whatever moved the content since the last frame (a self-sizing correction) is kept
    // on top of the plan. Adding the plan's position rather than a step to `here` keeps
    // rounding from piling up: with nothing in between, the last frame lands exactly on
    // the target (issue 36).
    let before = planned(frame: k - 1)
    return Point(x: target.x + (here.x - before.x), y: target.y + (here.y - before.y))
  }

  /// Where frame `k` of `frames` puts the offset with nothing else moving it: a linear
  /// path from `start`, exactly `end` at the last frame.
  private func planned(frame k: Int) -> Point {
    if k == frames { return end }
    if k == 0 { return start }
    let t = Double(k) / Double(frames)
    return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
  }
}
