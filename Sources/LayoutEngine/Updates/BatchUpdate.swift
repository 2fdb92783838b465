/// One update call of a batch: `insertItems(at:)`, `deleteItems(at:)`, `reloadItems(at:)`,
/// `moveItem(at:to:)` and their section twins (BATCH-1).
public enum BatchOperation: Hashable, Sendable {
  case insertItems([IndexPath])
  case deleteItems([IndexPath])
  case reloadItems([IndexPath])
  case moveItem(from: IndexPath, to: IndexPath)
  case insertSections([Int])
  case deleteSections([Int])
  case reloadSections([Int])
  case moveSection(from: Int, to: Int)

  /// The collection view's method that makes this call alone: what the trace names a
  /// batch of it.
  public var callName: String {
    switch self {
    case .insertItems: "insertItems(at:)"
    case .deleteItems: "deleteItems(at:)"
    case .reloadItems: "reloadItems(at:)"
    case .moveItem: "moveItem(at:to:)"
    case .insertSections: "insertSections(_:)"
    case .deleteSections: "deleteSections(_:)"
    case .reloadSections: "reloadSections(_:)"
    case .moveSection: "moveSection(_:toSection:)"
    }
  }

  /// How many index paths or sections the call names.
  public var size: Int {
    switch self {
    case .insertItems(let p), .deleteItems(let p), .reloadItems(let p): p.count
    case .insertSections(let s), .deleteSections(let s), .reloadSections(let s): s.count
    case .moveItem, .moveSection: 1
    }
  }
}

/// The update calls made inside one `performBatchUpdates` block, in the order they were
/// made. The order does not change the result (BATCH-1): deletes, reloads and move sources
/// name the state before the batch, inserts and move targets the state after (BATCH-2).
/// `resolve(before:after:)` checks the batch as UIKit does and, if it holds, returns the
/// old → new mapping (BATCH-3) and the update items a layout sees (BATCH-9).
public struct BatchUpdate: Hashable, Sendable {
  public private(set) var operations: [BatchOperation] = []

  public init(_ operations: [BatchOperation] = []) {
    self.operations = operations
  }

  public mutating func append(_ operation: BatchOperation) {
    operations.append(operation)
  }

  public var isEmpty: Bool { operations.allSatisfy { $0.size == 0 } }

  /// Every index path and section the batch names, summed.
  public var size: Int { operations.reduce(0) { $0 + $1.size } }

  /// BATCH-9: where each reloaded item lands — the path it names shifted by its section's
  /// deletes and inserts, moves ignored.
  public var reloadLandings: [IndexPath: IndexPath] {
    Dictionary(
      BatchPlan(self).reloadTargets.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
  }

  /// Checks the batch against the counts before it (the collection view's cached counts,
  /// BATCH-4) and after it (the data source's answers), in BATCH-8's order: the delete side
  /// (ranges, then conflicts), the insert side (ranges, then conflicts), the section count,
  /// then each section's item count (BATCH-5). The first fault is raised with UIKit's text
  /// (BATCH-6); a valid batch gives its mapping.
  public func resolve(before: [Int], after: [Int]) throws(CollectionViewException) -> BatchMapping {
    let plan = BatchPlan(self)
    let checker = BatchChecker(plan: plan, before: before, after: after)
    try checker.checkDeleteSide()
    try checker.checkInsertSide()
    try checker.checkSectionCount()
    let mapping = BatchMapping(plan: plan, before: before, after: after)
    try checker.checkItemCounts(mapping)
    return mapping
  }
}

/// The batch sorted by kind, each list in the order the calls named it.
struct BatchPlan: Sendable {
  var insertedSections: [Int] = []
  var deletedSections: [Int] = []
  var reloadedSections: [Int] = []
  var movedSections: [(from: Int, to: Int)] = []
  var insertedItems: [IndexPath] = []
  var deletedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var movedItems: [(from: IndexPath, to: IndexPath)] = []
  /// BATCH-9: where each reloaded item lands (`landings()`), found once per batch.
  var reloadTargets: [(from: IndexPath, to: IndexPath)] = []
  /// The calls, for the update items in the order they were made.
  var operations: [BatchOperation]

  init(_ batch: BatchUpdate) {
    operations = batch.operations
    for operation in batch.operations {
      switch operation {
      case .insertItems(let p): insertedItems += p
      case .deleteItems(let p): deletedItems += p
      case .reloadItems(let p): reloadedItems += p
      case .moveItem(let from, let to): movedItems.append((from, to))
      case .insertSections(let s): insertedSections += s
      case .deleteSections(let s): deletedSections += s
      case .reloadSections(let s): reloadedSections += s
      case .moveSection(let from, let to): movedSections.append((from, to))
      }
    }
    reloadTargets = landings()
  }
}

extension BatchPlan {
  /// BATCH-9: where each reloaded item lands — its path shifted by the deletes and inserts
  /// of its section, moves ignored, in the section its own section becomes. A reload is a
  /// delete at the path it names and an insert here (BATCH-7 counts it on both sides): the
  /// checks, the mapping and the update items all read its place from `reloadTargets`.
  private func landings() -> [(from: IndexPath, to: IndexPath)] {
    guard !reloadedItems.isEmpty else { return [] }
    let sections = IndexShift(
      removed: deletedSections + movedSections.map(\.from),
      inserted: insertedSections + movedSections.map(\.to),
      moves: movedSections.map { ($0.from, $0.to) })
    let deletes = Dictionary(grouping: deletedItems, by: \.section).mapValues {
      $0.map(\.item).sorted()
    }
    let inserts = Dictionary(grouping: insertedItems, by: \.section).mapValues {
      $0.map(\.item).sorted()
    }
    return reloadedItems.map { p in
      let section = sections.new(forOld: p.section) ?? p.section
      let k = p.item - rank(of: p.item, in: deletes[p.section])
      return (p, IndexPath(item: slot(k, among: inserts[section]), section: section))
    }
  }
}

extension IndexPath {
  /// `(<NSIndexPath: 0x0> {length = 2, path = 0 - 1})`, as UIKit's batch messages quote it.
  var quoted: String { "(\(foundationDescription))" }
}
