import GridlineTestSupport
import LayoutEngine

/// A section of a snapshot written out: its identifier and its items.
struct SectionList: Hashable, CustomStringConvertible {
  var identifier: String
  var items: [String]
  var description: String { "\(identifier): \(items)" }
}

/// A snapshot of the given sections, marking the given items for reconfiguring and
/// reloading.
func makeSnapshot(
  _ sections: [(String, [String])], reconfigured: [String] = [], reloaded: [String] = []
) throws -> DiffableDataSourceSnapshot {
  var snapshot = DiffableDataSourceSnapshot()
  try snapshot.appendSections(sections.map(\.0))
  for (section, items) in sections { try snapshot.appendItems(items, toSection: section) }
  try snapshot.reconfigureItems(reconfigured)
  try snapshot.reloadItems(reloaded)
  return snapshot
}

/// The sections of a snapshot written out.
func lists(_ snapshot: DiffableDataSourceSnapshot) -> [SectionList] {
  snapshot.sectionIdentifiers.map {
    SectionList(identifier: $0, items: snapshot.itemIdentifiers(inSection: $0))
  }
}

/// Applies `difference` to `old`'s lists the way BATCH-3 describes, independently of the
/// engine's code: each move becomes a delete of `from` plus an insert at `to` carrying the
/// old element; item deletes (old paths) run in descending order, then section deletes in
/// descending order, section inserts in ascending order, and item inserts (new paths) in
/// ascending order. Inserted sections and inserted items take their content from `new`,
/// as a data source answers; reloads leave the lists as they are (an item replaced by
/// itself). Nil when an index is out of range.
func applyBatch(
  _ difference: SnapshotDifference, to old: DiffableDataSourceSnapshot,
  new: DiffableDataSourceSnapshot
) -> [SectionList]? {
  var sections = lists(old)
  var carriedItems: [IndexPath: String] = [:]
  for move in difference.movedItems {
    guard sections.indices.contains(move.from.section),
      sections[move.from.section].items.indices.contains(move.from.item)
    else { return nil }
    carriedItems[move.to] = sections[move.from.section].items[move.from.item]
  }
  for path in (difference.deletedItems + difference.movedItems.map(\.from)).sorted(by: >) {
    guard sections.indices.contains(path.section),
      sections[path.section].items.indices.contains(path.item)
    else { return nil }
    sections[path.section].items.remove(at: path.item)
  }
  var carriedSections: [Int: SectionList] = [:]
  for move in difference.movedSections {
    guard sections.indices.contains(move.from) else { return nil }
    carriedSections[move.to] = sections[move.from]
  }
  for index in (difference.deletedSections + difference.movedSections.map(\.from)).sorted(by: >) {
    guard sections.indices.contains(index) else { return nil }
    sections.remove(at: index)
  }
  let newLists = lists(new)
  for index in (difference.insertedSections + difference.movedSections.map(\.to)).sorted() {
    guard index <= sections.count, newLists.indices.contains(index) else { return nil }
    sections.insert(carriedSections[index] ?? newLists[index], at: index)
  }
  for path in (difference.insertedItems + difference.movedItems.map(\.to)).sorted() {
    guard sections.indices.contains(path.section), path.item <= sections[path.section].items.count,
      newLists.indices.contains(path.section),
      newLists[path.section].items.indices.contains(path.item)
    else { return nil }
    let item = carriedItems[path] ?? newLists[path.section].items[path.item]
    sections[path.section].items.insert(item, at: path.item)
  }
  return sections
}

/// What UIKit would reject in `difference` as a batch from `old` to `new`, in words: the
/// documented sort orders, BATCH-7's distinct positions on each side (a reload counts on
/// both, at the item's new path), BATCH-5's exclusion of items inside deleted and inserted
/// sections, and BATCH-5's per-section count rule.
func batchFaults(
  _ difference: SnapshotDifference, old: DiffableDataSourceSnapshot,
  new: DiffableDataSourceSnapshot
) -> [String] {
  var faults: [String] = []
  let d = difference
  func ordered<T: Comparable & Hashable>(_ values: [T], _ name: String) {
    if values != values.sorted() || Set(values).count != values.count {
      faults.append("\(name) not sorted and unique")
    }
  }
  ordered(d.deletedSections, "deletedSections")
  ordered(d.insertedSections, "insertedSections")
  ordered(d.movedSections.map(\.to), "movedSections")
  ordered(d.deletedItems, "deletedItems")
  ordered(d.insertedItems, "insertedItems")
  ordered(d.movedItems.map(\.to), "movedItems")
  ordered(d.reloadedItems, "reloadedItems")
  let sectionSources = d.deletedSections + d.movedSections.map(\.from)
  let sectionTargets = d.insertedSections + d.movedSections.map(\.to)
  if Set(sectionSources).count != sectionSources.count { faults.append("section sources repeat") }
  if Set(sectionTargets).count != sectionTargets.count { faults.append("section targets repeat") }
  let oldLists = lists(old)
  let reloadTargets = d.reloadedItems.compactMap { path -> IndexPath? in
    guard oldLists.indices.contains(path.section),
      oldLists[path.section].items.indices.contains(path.item)
    else {
      faults.append("reload \(path) out of range")
      return nil
    }
    return new.indexPath(forItem: oldLists[path.section].items[path.item])
  }
  let sources = d.deletedItems + d.movedItems.map(\.from) + d.reloadedItems
  let targets = d.insertedItems + d.movedItems.map(\.to) + reloadTargets
  if Set(sources).count != sources.count { faults.append("BATCH-7: old paths repeat") }
  if Set(targets).count != targets.count { faults.append("BATCH-7: new paths repeat") }
  if sources.contains(where: { d.deletedSections.contains($0.section) }) {
    faults.append("BATCH-5: an item of a deleted section is listed")
  }
  if targets.contains(where: { d.insertedSections.contains($0.section) }) {
    faults.append("BATCH-5: an item of an inserted section is listed")
  }
  faults += countFaults(d, old: old, new: new)
  return faults
}

/// BATCH-5: after == before + inserted − deleted + moved in − moved out, for every section
/// in both snapshots.
private func countFaults(
  _ d: SnapshotDifference, old: DiffableDataSourceSnapshot, new: DiffableDataSourceSnapshot
) -> [String] {
  var faults: [String] = []
  for (before, identifier) in old.sectionIdentifiers.enumerated() {
    guard let after = new.indexOfSection(identifier) else { continue }
    let expected =
      old.numberOfItems(inSection: identifier)
      + d.insertedItems.filter { $0.section == after }.count
      - d.deletedItems.filter { $0.section == before }.count
      + d.movedItems.filter { $0.to.section == after }.count
      - d.movedItems.filter { $0.from.section == before }.count
    if expected != new.numberOfItems(inSection: identifier) {
      faults.append("BATCH-5: section \(before) → \(after) count mismatch")
    }
  }
  return faults
}

/// The length of a longest increasing subsequence by the quadratic dynamic programme, to
/// check the engine's O(n log n) one against.
func quadraticLISLength(_ values: [Int]) -> Int {
  var lengths = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { lengths[i] = max(lengths[i], lengths[j] + 1) }
  }
  return lengths.max() ?? 0
}

/// Random snapshots for the round-trip property: up to 4 sections and 30 items, drawn from
/// small pools so that the old and the new snapshot share many identifiers.
enum RandomSnapshots {
  static let sectionPool = (0..<6).map { "s\($0)" }
  static let itemPool = (0..<40).map { "i\($0)" }

  /// Sections and items drawn afresh.
  static func fresh(_ g: inout SeededGenerator) -> [SectionList] {
    let sections = sectionPool.shuffled(using: &g).prefix(Int.random(in: 0...4, using: &g))
    var result = sections.map { SectionList(identifier: $0, items: []) }
    if result.isEmpty { return result }
    for item in itemPool.shuffled(using: &g).prefix(Int.random(in: 0...30, using: &g)) {
      result[Int.random(in: result.indices, using: &g)].items.append(item)
    }
    return result
  }

  /// `lists` after a few random edits: sections deleted, inserted and swapped; items
  /// deleted, inserted and moved within and between sections.
  static func perturbed(_ lists: [SectionList], _ g: inout SeededGenerator) -> [SectionList] {
    var result = lists
    for _ in 0..<Int.random(in: 0...6, using: &g) {
      // Arrays, not sets, so that the draws do not depend on the process's hash seed.
      let used = result.flatMap(\.items)
      let unusedItem = itemPool.filter { !used.contains($0) }.randomElement(using: &g)
      let unusedSection = sectionPool.filter { name in !result.contains { $0.identifier == name } }
        .randomElement(using: &g)
      switch Int.random(in: 0..<9, using: &g) {
      case 0 where !result.isEmpty:
        result.remove(at: Int.random(in: result.indices, using: &g))
      case 1 where result.count < 4 && unusedSection != nil:
        let at = Int.random(in: 0...result.count, using: &g)
        result.insert(SectionList(identifier: unusedSection!, items: []), at: at)
      case 2...3 where result.count > 1:
        let section = result.remove(at: Int.random(in: result.indices, using: &g))
        result.insert(section, at: Int.random(in: 0...result.count, using: &g))
      case 4 where !used.isEmpty:
        let item = used.randomElement(using: &g)!
        for s in result.indices { result[s].items.removeAll { $0 == item } }
      case 5 where !result.isEmpty && unusedItem != nil && used.count < 30:
        let s = Int.random(in: result.indices, using: &g)
        let at = Int.random(in: 0...result[s].items.count, using: &g)
        result[s].items.insert(unusedItem!, at: at)
      case 6...8:
        guard let item = used.randomElement(using: &g) else { continue }
        for s in result.indices { result[s].items.removeAll { $0 == item } }
        let s = Int.random(in: result.indices, using: &g)
        let at = Int.random(in: 0...result[s].items.count, using: &g)
        result[s].items.insert(item, at: at)
      default: continue
      }
    }
    return result
  }

  /// A snapshot of `lists` with a few of its items marked for reconfiguring or reloading.
  static func snapshot(
    _ lists: [SectionList], marking g: inout SeededGenerator
  ) throws -> DiffableDataSourceSnapshot {
    let items = lists.flatMap(\.items)
    let marked = items.filter { _ in Int.random(in: 0..<5, using: &g) == 0 }
    let reconfigured = marked.filter { _ in Bool.random(using: &g) }
    let reloaded = marked.filter { !reconfigured.contains($0) }
    return try makeSnapshot(
      lists.map { ($0.identifier, $0.items) }, reconfigured: reconfigured, reloaded: reloaded)
  }
}
