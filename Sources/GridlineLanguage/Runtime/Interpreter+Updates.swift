import LayoutEngine

/// Data updates: `insert`/`delete`/`reload`/`move` (a batch of one) and `batch { … }`,
/// run as `performBatchUpdates` on every layer, with the script's data changed inside the
/// block — as a correct app would change it, or as a `data { … }` block states.
extension Interpreter {
  /// Runs one batch: the update calls of `steps`, the data source's counts (derived, or
  /// `data`), then `frames` frames of the animation. A batch UIKit refuses leaves the data
  /// and the views as they were; the runner reports the exception (GL4001).
  func performUpdates(
    _ steps: [UpdateStep], data entries: [DataEntry]?, frames framesExpr: Expr?,
    _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) {
    layers.live()
    if data.isDiffable {
      let word = steps.count == 1 && entries == nil ? steps[0].kind.word : "batch"
      throw .diagnostic(.error(.diffableUpdate(word), at: range))
    }
    let (operations, newCounts, frames) = try diagnosing {
      () throws(Diagnostic) -> ([BatchOperation], [Int: Int], Int) in
      var newCounts: [Int: Int] = [:]
      var operations: [BatchOperation] = []
      for step in steps { operations.append(try operation(step, newCounts: &newCounts)) }
      return (operations, newCounts, try updateFrames(framesExpr))
    }
    try perform(
      operations, newCounts: newCounts, data: entries, frames: frames, range, trace: &trace)
  }

  /// The batch of `operations` (with `newCounts`, the item counts of inserted sections, or
  /// the counts `entries` state) run on every layer, then `frames` frames of animation.
  func perform(
    _ operations: [BatchOperation], newCounts: [Int: Int], data entries: [DataEntry]?,
    frames: Int, _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) {
    for _ in 0..<BatchUpdate(operations).size { try runner.countStep(at: range) }
    let (after, mapping) = try diagnosing {
      () throws(Diagnostic) -> ([SectionModel], BatchMapping?) in
      if let entries { return try statedModels(entries, operations) }
      return derivedModels(operations, newCounts: newCounts)
    }
    try runBatch(operations, after: after, mapping: mapping, frames: frames, range, trace: &trace)
  }

  /// `switch layout NAME [over N frames]`: `setCollectionViewLayout(_:animated:)`, the
  /// animation (LAY-16) run frame by frame as an update's is.
  func switchLayout(
    _ name: Identifier, _ framesExpr: Expr?, _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) {
    let frames = try diagnosing { () throws(Diagnostic) -> Int in
      guard let (layer, layout) = layers.namedLayout(name.name) else {
        throw .error(
          .unknownLayout(name.name), at: name.range,
          help: suggestion(for: name.name, among: layers.layoutNames))
      }
      try requireTakesUpdateRules(
        isFlow: layout is CollectionViewFlowLayout, layers.layer(at: layer), range)
      return try framesExpr.map { (f) throws(Diagnostic) in
        try frameCount(f, none: .switchNeedsFrames)
      } ?? 0
    }
    layers.switchLayout(to: name.name, animated: frames > 0)
    runner.lastUpdates = []
    if frames > 0 { try animate(frames: frames, range, trace: &trace) }
  }

  /// `over N frames`, or none.
  func updateFrames(_ framesExpr: Expr?) throws(Diagnostic) -> Int {
    try framesExpr.map { (f) throws(Diagnostic) in try frameCount(f, none: .animationNeedsFrames) }
      ?? 0
  }

  /// Runs `performBatchUpdates` on every layer with `operations`, the script's data becoming
  /// `after` inside the first layer's block, then animates. A batch UIKit refuses leaves
  /// the data and the views as they were (the runner reports the exception); an accepted
  /// one is the last update (`mapping`, for `.before`, `.after` and `updates`). True when
  /// UIKit accepted it.
  @discardableResult
  func runBatch(
    _ operations: [BatchOperation], after: [SectionModel], mapping: BatchMapping?, frames: Int,
    _ range: SourceRange, trace: inout [TraceEntry]
  ) throws(RunError) -> Bool {
    let total = after.reduce(0) { $0 + $1.count }
    if after.count > limits.sections {
      throw .diagnostic(.error(.tooManySections(limit: limits.sections), at: range))
    }
    try diagnosing { () throws(Diagnostic) in
      try checkStoredItems(total, layers: layers.count, range)
    }
    let saved = (data.sections, data.totalItems, data.owners)
    let wantsDelegate = after.contains(where: \.hasMetrics)
    let owners = layers.ownersAfter(mapping)
    let perLayer = layers.operations(operations, ownersAfter: owners)
    var refused = false
    for (i, cv) in layers.views.enumerated() {
      if wantsDelegate && cv.delegate == nil { cv.delegate = layers.delegate }
      let applied = cv.performBatchUpdates {
        for operation in perLayer[i] { cv.apply(operation) }
        if i == 0 {
          self.data.sections = after
          self.data.totalItems = total
          self.data.owners = owners
        }
      }
      if !applied {
        refused = true
        break
      }
    }
    if refused {
      (data.sections, data.totalItems, data.owners) = saved
      return false
    }
    data.lastBatch = mapping
    try animate(frames: frames, range, trace: &trace)
    return true
  }

  /// `over N frames`: frame k shows the animation at k/N; the last frame ends it (the
  /// disappearing views end displaying, the completion runs).
  func animate(frames: Int, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    if deferAnimation(frames) { return }
    if frames > 0 {
      for k in 1...frames {
        if k > 1 { try runner.countStep(at: range) }
        let offset = layers.views.first?.contentOffset ?? .zero
        runner.beginFrame(k, of: frames, offset: offset, layers.takeEvents(), into: &trace)
        for cv in layers.views { cv.updateAnimationProgress = Double(k) / Double(frames) }
        try frameEnded(k, of: frames, from: offset, range)
      }
    }
    finishUpdate()
  }

  // MARK: What the statements name

  private func operation(_ step: UpdateStep, newCounts: inout [Int: Int]) throws(Diagnostic)
    -> BatchOperation
  {
    switch step.kind {
    case .insertItems(let paths): return .insertItems(try paths.map(indexPath))
    case .deleteItems(let paths): return .deleteItems(try paths.map(indexPath))
    case .reloadItems(let paths): return .reloadItems(try paths.map(indexPath))
    case .moveItem(let from, let to):
      return .moveItem(from: try indexPath(from), to: try indexPath(to))
    case .insertSections(let list, let itemsExpr):
      let sections = try list.map(section)
      var items = 0
      if let itemsExpr {
        items = try Validate.count(
          try evaluator.number(itemsExpr), "the number of items", itemsExpr.range,
          max: limits.totalItems)
      }
      for s in sections { newCounts[s] = items }
      return .insertSections(sections)
    case .deleteSections(let list): return .deleteSections(try list.map(section))
    case .reloadSections(let list): return .reloadSections(try list.map(section))
    case .moveSection(let from, let to):
      // Onto itself too: UIKit accepts it (the engine validates the batch as UIKit does).
      return .moveSection(from: try section(from), to: try section(to))
    }
  }

  /// An index path of an update: `[section, item]`, both whole and ≥ 0.
  private func indexPath(_ expr: Expr) throws(Diagnostic) -> IndexPath {
    let value = try evaluator.evaluate(expr)
    guard case .indexPath(let section, let item) = value else {
      throw .error(
        .expects("an update", "an index path", not: value.type.rawValue), at: expr.range)
    }
    guard let item else { throw .error(.updateNeedsItem, at: expr.range) }
    if section < 0 || item < 0 {
      throw .error(
        .cannotBeNegative("an index path's part", " (\(min(section, item)))"), at: expr.range)
    }
    return IndexPath(item: item, section: section)
  }

  private func section(_ expr: Expr) throws(Diagnostic) -> Int {
    try Validate.count(try evaluator.number(expr), "a section", expr.range, max: limits.sections)
  }

  // MARK: The data source after the batch

  /// `data { … }`: the counts as stated — the number of sections, then each named
  /// section's items; sections keep their declarations by index unless the batch is valid.
  private func statedModels(_ entries: [DataEntry], _ operations: [BatchOperation])
    throws(Diagnostic)
    -> ([SectionModel], BatchMapping?)
  {
    var counts = data.sections.map(\.count)
    for entry in entries where entry.section == nil {
      let n = try Validate.count(
        try evaluator.number(entry.count), "the number of sections", entry.count.range,
        max: limits.sections)
      if n < counts.count { counts.removeLast(counts.count - n) }
      while counts.count < n { counts.append(0) }
    }
    for entry in entries {
      guard let sectionExpr = entry.section else { continue }
      let s = try section(sectionExpr)
      guard counts.indices.contains(s) else {
        throw .error(
          .noSection(s, declared: counts.count, by: "the data source answers"),
          at: sectionExpr.range)
      }
      counts[s] = try Validate.count(
        try evaluator.number(entry.count), "the number of items", entry.count.range,
        max: limits.totalItems)
    }
    let byIndex = counts.indices.map { $0 < data.sections.count ? Optional($0) : nil }
    return models(counts, sources: byIndex, operations: operations)
  }

  /// What a correct app's data source holds after the batch: BATCH-3 applied to the
  /// sections (a new section has the items its `insert sections … items N` says, else
  /// none) and to each section's items (see `DerivedCounts`).
  private func derivedModels(_ operations: [BatchOperation], newCounts: [Int: Int])
    -> ([SectionModel], BatchMapping?)
  {
    let plan = DerivedCounts(operations, before: data.sections.map(\.count), newCounts: newCounts)
    return models(plan.counts, sources: plan.sources, operations: operations)
  }

  /// The sections after the batch, with these counts. When UIKit will accept the batch,
  /// each section keeps its declarations and its item rules (`item 0...2 size …`,
  /// `preferred`, `text`) follow their items to where the batch puts them — an inserted
  /// item answers the layout's item size; a reloaded section keeps its rules as they are.
  /// A batch UIKit will refuse keeps `sources` (the engine then reports UIKit's fault).
  func models(
    _ counts: [Int], sources: [Int?], operations: [BatchOperation],
    from sections: [SectionModel]? = nil
  ) -> ([SectionModel], BatchMapping?) {
    let sections = sections ?? data.sections
    let before = sections.map(\.count)
    let mapping = try? BatchUpdate(operations).resolve(before: before, after: counts)
    let models = counts.indices.map { s in
      let source =
        mapping.map { $0.oldSection(forNew: s) } ?? (s < sources.count ? sources[s] : nil)
      guard let old = source, sections.indices.contains(old) else {
        return SectionModel(count: counts[s])
      }
      var model = sections[old]
      model.count = counts[s]
      guard let mapping, !mapping.isReloaded(oldSection: old) else { return model }
      model.sizes = remap(model.sizes, from: old, to: s, mapping) { $0.items = $1 }
      model.preferred = remap(model.preferred, from: old, to: s, mapping) { $0.items = $1 }
      return model
    }
    return (models, mapping)
  }

  /// Rules whose items moved: each rule split into the runs of new indexes its items went
  /// to within the same section (an item moved to another section leaves its rules).
  private func remap<R>(
    _ rules: [R], from old: Int, to new: Int, _ mapping: BatchMapping,
    _ setItems: (inout R, ClosedRange<Int>) -> Void
  ) -> [R] where R: ItemRule {
    var out: [R] = []
    for rule in rules {
      var runStart: Int?
      var last = -2
      func close() {
        guard let start = runStart else { return }
        var copy = rule
        setItems(&copy, start...last)
        out.append(copy)
      }
      for item in rule.items {
        guard let p = mapping.newIndexPath(forOld: IndexPath(item: item, section: old)),
          p.section == new
        else { continue }
        if p.item != last + 1 {
          close()
          runStart = p.item
        }
        last = p.item
      }
      close()
    }
    return out
  }
}

/// Rules that name a range of items.
protocol ItemRule {
  var items: ClosedRange<Int> { get }
}

extension SizeRule: ItemRule {}
extension PreferredRule: ItemRule {}

extension UpdateStep.Kind {
  /// The statement's words, for diagnostics.
  var word: String {
    switch self {
    case .insertItems: "insert items"
    case .deleteItems: "delete items"
    case .reloadItems: "reload items"
    case .moveItem: "move item"
    case .insertSections: "insert sections"
    case .deleteSections: "delete sections"
    case .reloadSections: "reload sections"
    case .moveSection: "move section"
    }
  }
}

extension CollectionView {
  /// One update call, as the block of `performBatchUpdates` makes it.
  func apply(_ operation: BatchOperation) {
    switch operation {
    case .insertItems(let p): insertItems(at: p)
    case .deleteItems(let p): deleteItems(at: p)
    case .reloadItems(let p): reloadItems(at: p)
    case .moveItem(let from, let to): moveItem(at: from, to: to)
    case .insertSections(let s): insertSections(s)
    case .deleteSections(let s): deleteSections(s)
    case .reloadSections(let s): reloadSections(s)
    case .moveSection(let from, let to): moveSection(from, toSection: to)
    }
  }
}
