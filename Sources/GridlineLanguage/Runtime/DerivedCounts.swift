import LayoutEngine

/// The counts a correct app's data source answers after a batch, from the batch alone
/// (BATCH-3): sections lose their deletes and move sources, then gain their inserts and
/// move targets in ascending order; each surviving section's items lose its deletes and
/// move sources and gain the inserts and move targets aimed at it. A new section has the
/// items its `insert sections … items N` says (BATCH-5: item updates inside it are not
/// counted). Names out of range are skipped — UIKit's checks report them — so the counts
/// are never negative.
struct DerivedCounts {
  /// Item counts after the batch.
  var counts: [Int] = []
  /// For each section after the batch, the section it was before (nil when new).
  var sources: [Int?] = []

  init(_ operations: [BatchOperation], before: [Int], newCounts: [Int: Int]) {
    var removed = Set<Int>()
    var inserted: [(at: Int, source: Int?)] = []
    var itemDeletes: [Int: Set<Int>] = [:]
    // Not a set: two updates aimed at one index path still each add an item to a correct
    // app's data, so UIKit's check reports the conflict (BATCH-7), not a count.
    var itemInserts: [Int: Int] = [:]
    for operation in operations {
      switch operation {
      case .deleteSections(let s): removed.formUnion(s.filter(before.indices.contains))
      case .insertSections(let s): inserted += s.map { ($0, nil) }
      case .moveSection(let from, let to):
        if before.indices.contains(from), !removed.contains(from) {
          removed.insert(from)
          inserted.append((to, from))
        }
      case .deleteItems(let paths):
        for p in paths { itemDeletes[p.section, default: []].insert(p.item) }
      case .insertItems(let paths):
        for p in paths { itemInserts[p.section, default: 0] += 1 }
      case .moveItem(let from, let to):
        itemDeletes[from.section, default: []].insert(from.item)
        itemInserts[to.section, default: 0] += 1
      case .reloadItems, .reloadSections: break
      }
    }
    sources = before.indices.filter { !removed.contains($0) }.map { Optional($0) }
    for insert in inserted.sorted(by: { $0.at < $1.at }) {
      sources.insert(insert.source, at: min(max(insert.at, 0), sources.count))
    }
    counts = sources.enumerated().map { s, source in
      guard let old = source else {
        return newCounts[s] ?? 0
      }
      let gone = (itemDeletes[old] ?? []).filter { (0..<before[old]).contains($0) }.count
      return max(0, before[old] - gone + (itemInserts[s] ?? 0))
    }
  }
}
