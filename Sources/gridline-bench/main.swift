import GridlineLanguage
import GridlineREPL
import GridlineRender
import LayoutEngine

/// gridline-bench: LayoutEngine's performance cases. Release builds only:
/// `swift run -c release gridline-bench [--short] [--json] [FILTER…]`.
let arguments = Array(CommandLine.arguments.dropFirst())
let short = arguments.contains("--short")
let asJSON = arguments.contains("--json")
let filters = arguments.filter { !$0.hasPrefix("--") }
let scale = short ? 1 : 3

/// A flow delegate answering varied sizes from a table (one section), in batches
/// (`sizesForItemsIn`, as a delegate with a table can) and item by item.
final class VariedSizes: CollectionViewDelegateFlowLayout {
  let sizes: [Size]
  init(count: Int, seed: UInt64) {
    var random = Random(state: seed)
    sizes = (0..<count).map { _ in
      Size(
        width: random.double(in: 40...160).rounded(), height: random.double(in: 40...120).rounded())
    }
  }
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { sizes[indexPath.item] }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into out: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch? {
    let n = min(items.count, out.count)
    sizes.withUnsafeBufferPointer { sizes in
      _ = out.update(fromContentsOf: sizes[items.lowerBound..<(items.lowerBound + n)])
    }
    return ItemSizeBatch(count: n, firstOwn: n > 0 ? 0 : nil)
  }
}

/// The same sizes answered only item by item, as a UIKit delegate answers: one
/// `sizeForItemAt` per item.
final class ItemByItemSizes: CollectionViewDelegateFlowLayout {
  let sizes: [Size]
  init(_ varied: VariedSizes) { sizes = varied.sizes }
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { sizes[indexPath.item] }
}

func makeCollectionView(items: Int, delegate: CollectionViewDelegate? = nil) -> (
  CollectionView, CollectionViewFlowLayout
) {
  let layout = CollectionViewFlowLayout()
  layout.itemSize = Size(width: 50, height: 50)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout,
    itemCounts: [items])
  cv.isRecordingEvents = false
  cv.delegate = delegate
  cv.layoutIfNeeded()
  return (cv, layout)
}

let million = 1_000_000

/// Scroll steps of `dy` from the middle of a 375 x 667 collection view over `layout`: the
/// time per `setContentOffset`, and the attributes the layout recomputed per step.
func scrollSteps(_ layout: CollectionViewLayout, _ itemCounts: [Int], by dy: Double) -> (
  Result, Double
) {
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout,
    itemCounts: itemCounts)
  cv.isRecordingEvents = false
  cv.layoutIfNeeded()
  var y = cv.contentSize.height / 2
  cv.setContentOffset(Point(x: 0, y: y))
  let r = measure("", samples: 200 * scale, batch: 100) {
    for _ in 0..<100 {
      y += dy
      cv.setContentOffset(Point(x: 0, y: y))
    }
  }
  // The distinct attributes a step recomputes, counted apart from the timed steps: the
  // numbers computed in passes, and the elements recomputed one by one, taken per step.
  var recomputed = 0
  _ = layout.takeRecomputedKeys()
  for _ in 0..<100 {
    let before = layout.recomputedAttributes
    y += dy
    cv.setContentOffset(Point(x: 0, y: y))
    recomputed += layout.recomputedAttributes - before + layout.takeRecomputedKeys().count
  }
  return (r, Double(recomputed) / 100)
}
var sink = 0
var results: [Result] = []
/// Whether a case (or a group of cases sharing a prefix) was asked for.
func wants(_ name: String) -> Bool {
  filters.isEmpty || filters.contains { name.contains($0) || $0.contains(name) }
}

@MainActor func run(_ name: String, _ make: () -> Result) {
  if !wants(name) { return }
  var r = make()
  r.name = name
  results.append(r)
  print(asJSON ? json(r) : line(r))
}

// Memory first, while the heap is fresh: resident growth for 1M cached uniform items.
run("flow.memory.1M") {
  let before = residentBytes()
  let (cv, layout) = makeCollectionView(items: million)
  let after = residentBytes()
  var r = Result(name: "", samples: [0])
  let perItem = Double(after - before) / Double(million)
  let footprint = Double(layout.memoryFootprint) / Double(million)
  r.customLine =
    "\(Int(perItem.rounded())) bytes/item resident growth for 1M cached items "
    + "(layout storage \(Int(footprint.rounded())) bytes/item; target ≤ 48)"
  withExtendedLifetime(cv) {}
  return r
}

if wants("flow.prepare.1M.varied") || wants("flow.prepare.1M.bare") || wants("flow.query")
  || wants("scroll")
{
  let varied = VariedSizes(count: million, seed: 42)
  let (variedView, variedLayout) = makeCollectionView(items: million, delegate: varied)
  // The floor for the varied case: the same frames from the same sizes with nothing else —
  // sizes read from an array, FLOW-5's greedy test, each closed line justified (FLOW-6)
  // and its items centred across it (FLOW-10), the last line left-aligned (FLOW-8), frames
  // stored in an array: no delegate, no layout object, no index. flow.prepare.1M.varied is
  // held to ≤ 2× this (issue 32's performance target), and its frames must equal these.
  let sizes = varied.sizes
  var bareFrames = [Rect](repeating: .zero, count: sizes.count)
  run("flow.prepare.1M.bare") {
    measure("", samples: 15 * scale) {
      bareFrames.withUnsafeMutableBufferPointer { out in
        sizes.withUnsafeBufferPointer { sizes in layOutBare(sizes, into: out) }
      }
      sink &+= Int(bareFrames[sizes.count - 1].origin.y)
    }
  }
  run("flow.prepare.1M.varied") {
    var r = measure("", samples: 15 * scale) {
      variedLayout.invalidateLayout()
      variedLayout.prepare()
    }
    r.note = ratioNote(r, to: "flow.prepare.1M.bare", target: 2)
    // The floor must have computed what the layout did, or the ratio means nothing.
    guard results.contains(where: { $0.name == "flow.prepare.1M.bare" }) else { return r }
    let differs = (0..<sizes.count).first {
      variedLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
        != bareFrames[$0]
    }
    if let differs { fail("flow.prepare.1M.bare differs from the layout at item \(differs)") }
    return r
  }
  // UIKit's way, one `sizeForItemAt` per item: the same frames, with a call per item.
  if wants("flow.prepare.1M.varied.per-item") {
    let oneByOne = ItemByItemSizes(varied)
    let (view, layout) = makeCollectionView(items: million, delegate: oneByOne)
    run("flow.prepare.1M.varied.per-item") {
      var r = measure("", samples: 15 * scale) {
        layout.invalidateLayout()
        layout.prepare()
      }
      r.note = ratioNote(r, to: "flow.prepare.1M.bare", target: 3)
      let differs = (0..<sizes.count).first {
        layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
          != variedLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
      }
      if let differs { fail("item-by-item sizes differ from batched ones at item \(differs)") }
      return r
    }
    withExtendedLifetime(view) {}
  }
  variedView.layoutIfNeeded()

  let contentHeight = variedView.contentSize.height
  var random = Random(state: 7)
  let rects = (0..<4096).map { _ in
    Rect(x: 0, y: random.double(in: 0...(contentHeight - 667)), width: 375, height: 667)
  }
  run("flow.query.1M") {
    var i = 0
    var r = measure("", samples: 200 * scale, batch: 100) {
      for _ in 0..<100 {
        let found = variedLayout.layoutAttributesForElements(in: rects[i & 4095])
        sink &+= found.count
        i += 1
      }
    }
    r.note = "target ≤ 2 µs"
    return r
  }

  // The naive baseline: the tutorial cache — every attribute in an array, filtered.
  let everything = (0..<million).map {
    variedLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!
  }
  run("flow.query.1M.linear") {
    var i = 0
    var r = measure("", samples: 10 * scale) {
      sink &+= everything.filter { $0.frame.intersects(rects[i & 4095]) }.count
      i += 1
    }
    if let fast = results.first(where: { $0.name == "flow.query.1M" }) {
      r.note = "ratio \(Int((r.median / fast.median).rounded()))× (target ≥ 1000×)"
    }
    return r
  }

  run("scroll.frame.1M") {
    variedView.setContentOffset(Point(x: 0, y: contentHeight / 2))
    var y = contentHeight / 2
    var r = measure("", samples: 200 * scale, batch: 100) {
      for _ in 0..<100 {
        y += 10
        variedView.setContentOffset(Point(x: 0, y: y))
      }
    }
    r.note = "target ≤ 5 µs"
    return r
  }

  if wants("scroll.frame.1M.reuse") { reuseFrameCase(varied, contentHeight: contentHeight) }
}

if wants("flow.prepare.1M.uniform") {
  let (cv, layout) = makeCollectionView(items: million)
  run("flow.prepare.1M.uniform") {
    var r = measure("", samples: 15 * scale) {
      layout.invalidateLayout()
      layout.prepare()
    }
    // Held to the varied case's floor, as the varied case is: one size for every item
    // computes the grid's columns once (FLOW-9), but the frames are stored and indexed.
    r.note = ratioNote(r, to: "flow.prepare.1M.bare", target: 2)
    return r
  }
  withExtendedLifetime(cv) {}
}

touchCases()
movementCases()
compositionalCases()

if wants("scroll.frame.1M.pinned") {
  // 10,000 sections of 100 items, pinned headers: every step invalidates, but the context
  // names only the pinned headers and no frame is recomputed (PIN-1).
  let layout = CollectionViewFlowLayout()
  layout.itemSize = Size(width: 60, height: 60)
  layout.headerReferenceSize = Size(width: 0, height: 30)
  layout.sectionHeadersPinToVisibleBounds = true
  run("scroll.frame.1M.pinned") {
    var (r, perStep) = scrollSteps(layout, Array(repeating: 100, count: 10_000), by: 10)
    r.note = "recomputed \(perStep) attributes per step, all supplementary (target ≤ 8 µs)"
    return r
  }
}

/// A flow layout that invalidates one item on every bounds change, as an app writes it:
/// a targeted context that keeps every frame (LAY-11).
final class OneItemPerScroll: CollectionViewFlowLayout {
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

  override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = FlowLayoutInvalidationContext()
    context.invalidateFlowLayoutAttributes = false
    context.invalidateFlowLayoutDelegateMetrics = false
    context.invalidateItems(at: [IndexPath(item: Int(newBounds.minY / 70) * 5, section: 0)])
    return context
  }
}

if wants("invalidate.one.1M") {
  // A bounds change whose context names one item of 1,000,000, then the pass that follows:
  // the context keeps every frame, so the pass re-asks that item alone.
  let layout = OneItemPerScroll()
  layout.itemSize = Size(width: 60, height: 60)
  run("invalidate.one.1M") {
    var (r, perStep) = scrollSteps(layout, [million], by: 1)
    r.note = "recomputed \(perStep) attributes per step (target ≤ 5 µs)"
    return r
  }
}

if wants("selfsize.one.1M") {
  // 1,000,000 self-sizing items; one above the viewport reports a new height, and the pass
  // that follows (with the content offset adjustment) runs.
  final class OneTall: CollectionViewDataSource {
    var tall: IndexPath?
    var height = 80.0
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      million
    }
    func collectionView(
      _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
      fitting attributes: LayoutAttributes
    ) -> Size? {
      indexPath == tall ? Size(width: attributes.size.width, height: height) : nil
    }
  }
  let layout = CollectionViewFlowLayout()
  layout.estimatedItemSize = Size(width: 375, height: 44)
  let source = OneTall()
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
  cv.isRecordingEvents = false
  cv.dataSource = source
  cv.layoutIfNeeded()
  let middle = Double(million / 2) * 54
  cv.setContentOffset(Point(x: 0, y: middle))
  var item = million / 2 - 1
  run("selfsize.one.1M") {
    var r = measure("", samples: 10 * scale) {
      // The item just above the viewport is displayed (scrolled into view by a point) and
      // reports a new height.
      source.tall = IndexPath(item: item, section: 0)
      source.height += 1
      let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
      cv.setContentOffset(Point(x: 0, y: frame.maxY - 1))
      item -= 1
    }
    r.note = "the line re-placed, the rest moved through block shifts (target ≤ 20 µs)"
    return r
  }
}
let script = SourceFile(name: "10k.gl", text: tenThousandLines())
run("lang.parse.10k") {
  var r = measure("", samples: 20 * scale) {
    let (program, diagnostics) = Parser.parse(script)
    if !diagnostics.isEmpty { fail("lang.parse.10k: the script does not parse") }
    sink &+= program.statements.count + Checker.check(program).count
  }
  r.note = "parse and check 10,000 lines (target ≤ 20 ms)"
  return r
}

lspCases()
serveCases()

run("fmt.10k-lines") {
  var r = measure("", samples: 20 * scale) { sink &+= Formatter.format(script).utf8.count }
  r.note = "the formatter alone (gl fmt also checks, as lang.parse.10k); target ≤ 30 ms"
  return r
}

run("lang.million-items.process") {
  let gl = glPath()
  var times: [Double] = []
  for _ in 0..<(5 * scale) {
    if let ns = timeProcess(gl, ["run", "Benchmarks/million-items.gl"]) { times.append(ns) }
  }
  var r = Result(name: "", samples: times.isEmpty ? [0] : times)
  if times.isEmpty { r.customLine = "skipped: build gl (release) and run from the repository root" }
  r.note = "gl run Benchmarks/million-items.gl as a process (target ≤ 0.15 s)"
  return r
}

run("lang.work-limit.process") {
  let gl = glPath()
  var times: [Double] = []
  for _ in 0..<scale {
    // Exit 70: the run ends at the work limit (GL3008), as it must.
    if let ns = timeProcess(gl, ["run", "Benchmarks/work-limit.gl"], exit: 70) { times.append(ns) }
  }
  guard !times.isEmpty else {
    var r = Result(name: "", samples: [0])
    r.customLine =
      "skipped or failed: build gl (release), run from the repository root; it must end in GL3008"
    return r
  }
  var r = Result(name: "", samples: times)
  r.note =
    "gl run Benchmarks/work-limit.gl, the work limit's worst script, to GL3008 (target ≤ 10 s)"
  return r
}

run("custom.prepare.1M") {
  let program = waterfallScript(items: million)
  var limits = Limits()
  limits.steps = 50_000_000
  var r = measure("", samples: 3 * scale) {
    let summary = Interpreter(file: SourceFile(name: "w.gl", text: ""), limits: limits).run(program)
    {
      _ in
    }
    if summary.failed || summary.expectationsFailed > 0 || summary.expectationsPassed != 1 {
      fail("custom.prepare.1M: the waterfall did not run to its expectation")
    }
    sink &+= summary.expectationsPassed
  }
  r.note = "the waterfall's prepare() over 1M items, compiled (target ≤ 250 ms)"
  return r
}

// Layout code of 100,000 `var`s, run (compiled) and exported: linear in the code's length.
run("custom.prepare.100k-vars") {
  let (file, program) = manyVarsScript(100_000)
  var r = measure("", samples: 3 * scale) {
    let summary = Interpreter(file: file, limits: Limits()).run(program) { _ in }
    if summary.failed || summary.expectationsPassed != 1 {
      fail("custom.prepare.100k-vars: the script did not run to its expectation")
    }
    sink &+= summary.expectationsPassed
  }
  r.note = "a prepare of 100,000 vars, declared and run (target ≤ 500 ms; was quadratic)"
  return r
}

run("export.100k-vars") {
  let (file, program) = manyVarsScript(100_000)
  var r = measure("", samples: 3 * scale) {
    do {
      sink &+= try SwiftExport.swift(program, file: file, version: "bench").source.utf8.count
    } catch {
      fail("export.100k-vars: \(error)")
    }
  }
  r.note = "gl export swift of that prepare (target ≤ 1 s; was quadratic)"
  return r
}

// A viewport-sized query of the same layout after its prepare(): the binary search of the
// custom layout's index, and the attributes of the ~12 items it finds made from the cache.
run("custom.query.1M") {
  var limits = Limits()
  limits.steps = 50_000_000
  let interpreter = Interpreter(file: SourceFile(name: "w.gl", text: ""), limits: limits)
  interpreter.run(waterfallScript(items: million)) { _ in }
  let layout = interpreter.layout
  let height = layout.collectionViewContentSize.height
  var random = Random(state: 31)
  let tops = (0..<1000).map { _ in random.double(in: 0...(height - 667)).rounded() }
  var r = measure("", samples: 50 * scale, batch: tops.count) {
    for y in tops {
      sink &+=
        layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 375, height: 667))
        .count
    }
  }
  r.note = "layoutAttributesForElements(in:) of a 375 x 667 rect, 1M items (target ≤ 2 µs)"
  return r
}

// Drawing the viewport of a 1,000,000-item layout: only the displayed elements are read.
run("render.ascii.1M") {
  let (cv, _) = makeCollectionView(items: million)
  cv.setContentOffset(Point(x: 0, y: 5_000_000))
  var r = measure("", samples: 50 * scale) {
    let state = DrawingState(
      bounds: cv.bounds, contentSize: cv.contentSize, elements: cv.visibleElements)
    sink &+= AsciiDrawing.lines(state, .init(columns: 80)).count
  }
  r.note = "draw, 80 columns (target ≤ 1 ms)"
  return r
}

// An SVG of one viewport state of the same layout.
run("render.svg.1M") {
  let (cv, _) = makeCollectionView(items: million)
  cv.setContentOffset(Point(x: 0, y: 5_000_000))
  var r = measure("", samples: 50 * scale) {
    let state = DrawingState(
      bounds: cv.bounds, contentSize: cv.contentSize, elements: cv.visibleElements,
      window: cv.bounds)
    sink &+= SVGDrawing.document(state).utf8.count
  }
  r.note = "the viewport state (target ≤ 5 ms)"
  return r
}

// The REPL: start-up as a process, up to its first read (stdin /dev/null ends it there).
run("repl.startup") {
  let gl = glPath()
  var times: [Double] = []
  for _ in 0..<(10 * scale) {
    if let ns = timeProcess(gl, ["repl"], stdin: "/dev/null") { times.append(ns) }
  }
  var r = Result(name: "", samples: times.isEmpty ? [0] : times)
  if times.isEmpty { r.customLine = "skipped: build gl (release) first" }
  r.note = "gl repl < /dev/null as a process (target ≤ 50 ms)"
  return r
}
terminalStartupCase()

// Piped input line by line: each entry is appended to the session's source in place, so
// the whole costs about what the lines cost, not the square of their number.
run("repl.piped.20k-lines") {
  var r = measure("", samples: 5 * scale) {
    let session = REPLSession(options: REPLOptions(interactive: false)) { _, _ in }
    session.feed("section items 100")
    for i in 0..<20_000 { session.feed("print \(i)") }
    if session.history.count != 20_001 { fail("repl.piped.20k-lines: entries were lost") }
    sink &+= session.history.count
  }
  r.note = "20,000 entries through one session (target ≤ 200 ms: 10 µs an entry)"
  return r
}

// One Tab on a session with 1,000 sections: the worst of the completion contexts (index
// paths list every section) and the common ones, per keystroke.
run("repl.complete.1000-sections") {
  let session = REPLSession(options: REPLOptions()) { _, _ in }
  for i in 0..<1000 { session.feed("section \"Section \(i)\" items \(i % 50 + 1)") }
  session.feed("let columnWidth = 40")
  let lines = [
    "show item [", "show item [999, ", "sc", "layout flow { line sp", "print colu",
    "scroll to item [12", ":load Bench",
  ]
  var r = measure("", samples: 30 * scale, batch: lines.count) {
    for line in lines { sink &+= session.complete(line).candidates.count }
  }
  r.note = "mean of 7 contexts per Tab (target ≤ 5 ms)"
  return r
}

// Diffing two snapshots of 100,000 items in one section, the second 1% changed (a third
// each of deletes, inserts and moves, seeded): matching by identifier and the longest
// increasing subsequence of the stayers.
if wants("snapshot.diff.100k") {
  let (old, new) = changedSnapshots(count: 100_000, changes: 1_000, seed: 23)
  let found = new.difference(from: old)
  run("snapshot.diff.100k") {
    var r = measure("", samples: 20 * scale) {
      let difference = new.difference(from: old)
      sink &+= difference.movedItems.count &+ difference.insertedItems.count
    }
    r.note =
      "\(found.deletedItems.count) deletes, \(found.insertedItems.count) inserts, "
      + "\(found.movedItems.count) moves (target ≤ 20 ms)"
    return r
  }
}

// Checking a batch of 1,000 mixed updates against 1M items in 1,000 sections (BATCH-5…8)
// and building its mapping.
if wants("batch.validate.1M") {
  let (batch, counts) = mixedBatch()
  run("batch.validate.1M") {
    var r = measure("", samples: 50 * scale) {
      do {
        sink &+= try batch.resolve(before: counts, after: counts).updateItems.count
      } catch {
        fail("batch.validate.1M: the batch was refused: \(error)")
      }
    }
    r.note = "\(batch.size) updates (target ≤ 1 ms)"
    return r
  }
}

// Ten items inserted into a 1M-item varied section, with the layout pass and display diff
// that follow: at the end, then at the front.
if wants("batch.insert") {
  let samples = 10 * scale
  let sizes = VariedSizes(count: million + 10 * (2 * samples + 4), seed: 11)
  let (cv, source) = makeUpdatableView(count: million, sizes: sizes)
  run("batch.insert.end.1M") {
    var r = measure("", samples: samples) { insertTen(cv, source, atFront: false) }
    r.note = "target ≤ 100 µs; only the lines from the last kept record on are laid out again"
    return r
  }
  run("batch.insert.front.1M") {
    var r = measure("", samples: samples) { insertTen(cv, source, atFront: true) }
    r.note = "target ≤ 1.5 × flow.prepare.1M.varied"
    return r
  }
}

// A fling over the carousel of examples/carousel.gl with 1M cards (270 × 200, one per
// column), 60 frames a second, its scale and alpha read from each card's centre and the
// bounds: one frame of the deceleration (a bounds change the layout accepts with a context
// that keeps the flow's frames, LAY-11, the query and the rules on the displayed cards,
// and the display diff), and a whole fling at 2 pt/ms from lift to rest (≈ 228 frames at
// the normal rate, SV-7). The script's layout is built by the language, as `gl` builds it.
if wants("scroll.fling") {
  let script = """
    viewport 390 x 300
    layout flow {
      scroll horizontal
      item size 270 x 200
      line spacing 10
      insets (top: 0, left: 60, bottom: 0, right: 60)
    }
    section items 1000000
    transform items {
      scale 1 - 0.3 * min(1, abs(center.x - bounds.midX) / bounds.width)
      alpha 1 - 0.5 * min(1, abs(center.x - bounds.midX) / bounds.width)
    }
    scroll to x 0
    """
  let file = SourceFile(name: "carousel.gl", text: script)
  let interpreter = Interpreter(file: file)
  interpreter.run(Parser.parse(file).0) { _ in }
  let cv = interpreter.collectionView!
  cv.isRecordingEvents = false
  let start = Point(x: 100_000_000, y: 0)
  func lift() {
    cv.setContentOffset(start)
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 2, y: 0))
  }
  run("scroll.fling.frame.1M") {
    var r = measure("", samples: 300 * scale) {
      if !cv.isDecelerating { lift() }
      cv.advanceDeceleration(by: 1000.0 / 60)
    }
    r.note = "target ≤ 10 µs (carousel transforms on the displayed cards)"
    return r
  }
  var frames = 0
  run("scroll.fling.toRest.1M") {
    var r = measure("", samples: 10 * scale) {
      lift()
      frames = 1
      while cv.advanceDeceleration(by: 1000.0 / 60) { frames += 1 }
    }
    r.note = "\(frames) frames from lift to rest (target ≤ 1.5 ms for 120 frames)"
    return r
  }
}

switchCases()

if sink == 42 { print("") }  // keeps the work observable
