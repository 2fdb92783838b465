import LayoutEngine

/// Diffable data sources: `apply snapshot { … }` and `reconfigure items […]`, run as
/// `UICollectionViewDiffableDataSource.apply(_:animatingDifferences:)` does — the
/// difference of the current and the new snapshot (`DiffableDataSourceSnapshot
/// .difference(from:)`) becomes one `performBatchUpdates` on every layer.
extension Interpreter {
  /// Builds the new snapshot, diffs it against the data, runs the batch and then
  /// `reconfigureItems(at:)` for the items to reconfigure (engine choice: after the batch
  /// and its animation, at their new index paths; UIKit's reconfiguration keeps the cells,
  /// so it adds no update item). A snapshot UIKit refuses (a duplicate identifier, an unknown item to
  /// reconfigure) is its exception at the entry that caused it; nothing changes then.
  func applySnapshot(_ step: SnapshotStep, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    layers.live()
    if !data.sections.isEmpty && !data.isDiffable {
      throw .diagnostic(.error(.snapshotNeedsIdentifiers, at: range))
    }
    let old = data.snapshot
    let (new, frames) = try diagnosing {
      () throws(Diagnostic) -> (DiffableDataSourceSnapshot, Int) in
      (try snapshot(step.entries, old: old), try updateFrames(step.frames))
    }
    let difference = new.difference(from: old)
    let reloads = Set(new.reloadedItemIdentifiers)
    let operations = difference.operations(
      reloading: new.reloadedItemIdentifiers, old: old, new: new)
    for _ in 0..<max(1, BatchUpdate(operations).size) { try runner.countStep(at: range) }
    trace.append(.difference(Self.describe(operations, old: old, new: new)))
    let counts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
    let (remapped, mapping) = models(counts, sources: [], operations: operations)
    var after = remapped
    for (s, name) in new.sectionIdentifiers.enumerated() {
      after[s].name = name
      after[s].identifiers = new.itemIdentifiers(inSection: name)
    }
    let applied = try runBatch(
      operations, after: after, mapping: mapping, frames: frames, range, trace: &trace)
    let paths = new.reconfiguredItemIdentifiers.filter { !reloads.contains($0) }.compactMap {
      new.indexPath(forItem: $0)
    }
    if applied && !paths.isEmpty {
      for cv in layers.views { cv.reconfigureItems(at: paths) }
      trace += layers.takeEvents()
    }
  }

  /// The snapshot the entries describe: their sections in order when there is any
  /// `section` entry, else the current one; then the items to reconfigure and to reload
  /// (after every section, whatever the order written).
  private func snapshot(_ entries: [SnapshotEntry], old: DiffableDataSourceSnapshot)
    throws(Diagnostic) -> DiffableDataSourceSnapshot
  {
    let replaces = entries.contains { if case .section = $0.kind { true } else { false } }
    var snapshot = replaces ? DiffableDataSourceSnapshot() : old
    var total = 0
    for entry in entries {
      guard case .section(let nameExpr, let itemsExpr) = entry.kind else { continue }
      let name = try string(nameExpr, "a section's identifier")
      let items = try identifiers(itemsExpr)
      total += items.count
      if total > limits.totalItems {
        throw .error(.tooManyItems(total, limit: limits.totalItems), at: itemsExpr.range)
      }
      if snapshot.numberOfSections >= limits.sections {
        throw .error(.tooManySections(limit: limits.sections), at: entry.range)
      }
      do throws(CollectionViewException) {
        try snapshot.appendSections([name])
        try snapshot.appendItems(items, toSection: name)
      } catch {
        throw .exception(error, at: entry.range)
      }
    }
    for entry in entries {
      switch entry.kind {
      case .section: continue
      case .reconfigure(let items), .reload(let items):
        let marked = try identifiers(items)
        do throws(CollectionViewException) {
          if case .reload = entry.kind {
            try snapshot.reloadItems(marked)
          } else {
            try snapshot.reconfigureItems(marked)
          }
        } catch {
          throw .exception(error, at: entry.range)
        }
      }
    }
    return snapshot
  }

  func string(_ expr: Expr, _ what: String) throws(Diagnostic) -> String {
    try ValueReader(evaluator: evaluator, limits: limits).string(expr, what)
  }

  private func identifiers(_ expr: Expr) throws(Diagnostic) -> [String] {
    let value = try evaluator.evaluate(expr)
    guard case .list(let items) = value else {
      throw .error(
        .expects("a snapshot's items", "a list of identifiers", not: value.type.rawValue),
        at: expr.range)
    }
    return items
  }

  /// `delete "pear" [0, 1]`, `insert "kiwi" [0, 2]`, `move "fig" [0, 2] → [0, 0]`,
  /// `insert section "Veg" 1`: the computed batch, with the identifiers it concerns.
  static func describe(
    _ operations: [BatchOperation], old: DiffableDataSourceSnapshot, new: DiffableDataSourceSnapshot
  ) -> [String] {
    func item(_ p: IndexPath, in snapshot: DiffableDataSourceSnapshot) -> String {
      let id = snapshot.itemIdentifier(at: p).map { $0.quoted + " " } ?? ""
      return id + "[\(p.section), \(p.item)]"
    }
    func section(_ s: Int, in snapshot: DiffableDataSourceSnapshot) -> String {
      let name =
        snapshot.sectionIdentifiers.indices.contains(s) ? snapshot.sectionIdentifiers[s] : ""
      return "section \(name.quoted) \(s)"
    }
    return operations.flatMap { operation -> [String] in
      switch operation {
      case .deleteItems(let p): p.map { "delete " + item($0, in: old) }
      case .insertItems(let p): p.map { "insert " + item($0, in: new) }
      case .reloadItems(let p): p.map { "reload " + item($0, in: old) }
      case .moveItem(let from, let to):
        ["move " + item(from, in: old) + " → [\(to.section), \(to.item)]"]
      case .deleteSections(let s): s.map { "delete " + section($0, in: old) }
      case .insertSections(let s): s.map { "insert " + section($0, in: new) }
      case .reloadSections(let s): s.map { "reload " + section($0, in: old) }
      case .moveSection(let from, let to): ["move " + section(from, in: old) + " → \(to)"]
      }
    }
  }
}

extension SnapshotDifference {
  /// The update calls of the difference, in the order an app would make them: sections
  /// (deletes, inserts, moves), then items (deletes, inserts, moves), then reloads.
  ///
  /// A reloaded item that keeps its index path, and that UIKit would land there, is a
  /// reload (`R`). Any other — it moved, others were inserted or deleted before it, or
  /// moves around it leave it where BATCH-9 would not land it (a reload is shifted by the
  /// deletes and inserts, moves ignored) — is replaced by a delete of its old path and an
  /// insert of its new one (what a reload is): UIKit refuses a reload that lands on a move
  /// target (BATCH-7), and `apply` never refuses a well-formed snapshot (engine choice).
  /// An item of a section the batch inserts or deletes is not listed at all (BATCH-5).
  func operations(
    reloading identifiers: [String], old: DiffableDataSourceSnapshot,
    new: DiffableDataSourceSnapshot
  ) -> [BatchOperation] {
    var deletes = deletedItems
    var inserts = insertedItems
    var moves = movedItems
    var reloads: [IndexPath] = []
    let added = Set(insertedSections)
    let removed = Set(deletedSections)
    for identifier in identifiers {
      guard let from = old.indexPath(forItem: identifier),
        let to = new.indexPath(forItem: identifier),
        !removed.contains(from.section), !added.contains(to.section)
      else { continue }
      let moved = moves.firstIndex { $0.from == from }
      if moved == nil && from == to {
        reloads.append(from)
        continue
      }
      if let moved { moves.remove(at: moved) }
      deletes.append(from)
      inserts.append(to)
    }
    // Each reload turned into a delete and an insert shifts the others: again until every
    // reload left lands where its item stays (at most one pass per reload).
    while true {
      let operations = listed(deletes, inserts, moves, reloads)
      let landings = BatchUpdate(operations).reloadLandings
      let astray = reloads.filter { landings[$0] != $0 }
      if astray.isEmpty { return operations }
      reloads.removeAll { astray.contains($0) }
      deletes += astray
      inserts += astray
    }
  }

  private func listed(
    _ deletes: [IndexPath], _ inserts: [IndexPath], _ moves: [ItemMove], _ reloads: [IndexPath]
  ) -> [BatchOperation] {
    var operations: [BatchOperation] = []
    if !deletedSections.isEmpty { operations.append(.deleteSections(deletedSections)) }
    if !insertedSections.isEmpty { operations.append(.insertSections(insertedSections)) }
    operations += movedSections.map { .moveSection(from: $0.from, to: $0.to) }
    if !deletes.isEmpty { operations.append(.deleteItems(deletes.sorted())) }
    if !inserts.isEmpty { operations.append(.insertItems(inserts.sorted())) }
    operations += moves.map { .moveItem(from: $0.from, to: $0.to) }
    if !reloads.isEmpty { operations.append(.reloadItems(reloads.sorted())) }
    return operations
  }
}

extension DiffableDataSourceSnapshot {
  /// The identifier at `path`, if the snapshot has that item.
  func itemIdentifier(at path: IndexPath) -> String? {
    guard sectionIdentifiers.indices.contains(path.section) else { return nil }
    let items = itemIdentifiers(inSection: sectionIdentifiers[path.section])
    return items.indices.contains(path.item) ? items[path.item] : nil
  }
}
