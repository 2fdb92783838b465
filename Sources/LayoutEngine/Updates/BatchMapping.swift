/// Where each element of a valid batch goes (BATCH-3): moves split into a delete of the
/// source and an insert at the target, all deletes applied to the old list in descending
/// order, then all inserts to the new list in ascending order — at section level first,
/// then inside each section. A reloaded item is a delete at the path it names and an
/// insert where it lands (BATCH-9: shifted by its section's deletes and inserts, moves
/// ignored), so `newIndexPath(forOld:)` and its update item agree; beside no move that is
/// its place among the survivors. The items of a reloaded section are all replaced.
///
/// Lookups are O(log k) in the number k of changes in a section, and the mapping holds only
/// the changes, never a table per item: a batch of ten inserts into a million items costs
/// what ten inserts cost.
public struct BatchMapping: Sendable {
  public let countsBefore: [Int]
  public let countsAfter: [Int]
  /// BATCH-9: one per index path or section named, in the order the calls were made
  /// (UIKit's order of the array is OPEN; the calls' order reads best in a trace).
  public private(set) var updateItems: [CollectionViewUpdateItem] = []
  /// The earliest index path (section-major, in both the old and the new state) at which
  /// anything changes; every item before it keeps its index path. `nil` for an empty batch.
  public let earliestChange: IndexPath?

  private let sections: IndexShift
  private let reloadedSections: Set<Int>
  /// Old section → its items' shift; only sections that lose or gain items are listed.
  private let removedItems: [Int: [Int]]
  /// New section → the new indexes items are inserted at (inserts and move targets).
  private let insertedItems: [Int: [Int]]
  private let movedFrom: [IndexPath: IndexPath]
  private let movedTo: [IndexPath: IndexPath]
  private let reloaded: Set<IndexPath>

  init(plan: BatchPlan, before: [Int], after: [Int]) {
    countsBefore = before
    countsAfter = after
    sections = IndexShift(
      removed: plan.deletedSections + plan.movedSections.map(\.from),
      inserted: plan.insertedSections + plan.movedSections.map(\.to),
      moves: plan.movedSections.map { ($0.from, $0.to) })
    reloadedSections = Set(plan.reloadedSections)
    // A reload goes from the path it names to where it lands, as a move does.
    let relocated = plan.movedItems + plan.reloadTargets
    var removed: [Int: [Int]] = [:]
    for p in plan.deletedItems { removed[p.section, default: []].append(p.item) }
    for m in relocated { removed[m.from.section, default: []].append(m.from.item) }
    var inserts: [Int: [Int]] = [:]
    for p in plan.insertedItems { inserts[p.section, default: []].append(p.item) }
    for m in relocated { inserts[m.to.section, default: []].append(m.to.item) }
    removedItems = removed.mapValues { $0.sorted() }
    insertedItems = inserts.mapValues { $0.sorted() }
    movedFrom = Dictionary(relocated.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
    movedTo = Dictionary(relocated.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
    reloaded = Set(plan.reloadedItems)
    earliestChange = Self.earliest(plan)
    updateItems = plan.operations.flatMap { updateItems(for: $0) }
  }

  // MARK: Sections

  /// The section's index after the batch; `nil` when it was deleted. A reloaded section
  /// keeps a place (its items are replaced).
  public func newSection(forOld section: Int) -> Int? {
    guard countsBefore.indices.contains(section) else { return nil }
    return sections.new(forOld: section)
  }

  /// The section's index before the batch; `nil` when it was inserted.
  public func oldSection(forNew section: Int) -> Int? {
    guard countsAfter.indices.contains(section) else { return nil }
    return sections.old(forNew: section)
  }

  public func isReloaded(oldSection section: Int) -> Bool { reloadedSections.contains(section) }

  // MARK: Items

  /// Where an item that existed before the batch is after it: `nil` when it was deleted,
  /// or its section deleted or reloaded. A moved item is at its target; a reloaded one at
  /// its place among the survivors (see `isReloaded(_:)`).
  public func newIndexPath(forOld path: IndexPath) -> IndexPath? {
    guard let section = newSection(forOld: path.section), !isReloaded(oldSection: path.section),
      (0..<countsBefore[path.section]).contains(path.item)
    else { return nil }
    if let target = movedFrom[path] { return target }
    // Not a move source, so a removed item is a deleted one.
    if holds(removedItems[path.section], path.item) { return nil }
    let survivor = path.item - rank(of: path.item, in: removedItems[path.section])
    return IndexPath(item: slot(survivor, among: insertedItems[section]), section: section)
  }

  /// Where an item after the batch was before it: `nil` when it was inserted (or its
  /// section inserted or reloaded).
  public func oldIndexPath(forNew path: IndexPath) -> IndexPath? {
    guard let section = oldSection(forNew: path.section), !isReloaded(oldSection: section),
      (0..<countsAfter[path.section]).contains(path.item)
    else { return nil }
    if let source = movedTo[path] { return source }
    if holds(insertedItems[path.section], path.item) { return nil }
    let survivor = path.item - rank(of: path.item, in: insertedItems[path.section])
    return IndexPath(item: slot(survivor, among: removedItems[section]), section: section)
  }

  /// Whether the item at this old index path is reloaded (alone or with its section).
  public func isReloaded(_ oldPath: IndexPath) -> Bool {
    reloaded.contains(oldPath) || reloadedSections.contains(oldPath.section)
  }

  // MARK: BATCH-9

  private func updateItems(for operation: BatchOperation) -> [CollectionViewUpdateItem] {
    let nf = IndexPath.notFound
    switch operation {
    case .insertItems(let paths):
      return paths.map { CollectionViewUpdateItem(before: nil, after: $0, action: .insert) }
    case .deleteItems(let paths):
      return paths.map { CollectionViewUpdateItem(before: $0, after: nil, action: .delete) }
    case .reloadItems(let paths):
      return paths.map {
        // BATCH-9: where it lands, which `movedFrom` holds as it holds a move's target.
        CollectionViewUpdateItem(before: $0, after: movedFrom[$0] ?? $0, action: .reload)
      }
    case .moveItem(let from, let to):
      return [CollectionViewUpdateItem(before: from, after: to, action: .move)]
    case .insertSections(let s):
      return s.map {
        CollectionViewUpdateItem(
          before: nil, after: IndexPath(item: nf, section: $0), action: .insert)
      }
    case .deleteSections(let s):
      return s.map {
        CollectionViewUpdateItem(
          before: IndexPath(item: nf, section: $0), after: nil, action: .delete)
      }
    case .reloadSections(let s):
      return s.map {
        CollectionViewUpdateItem(
          before: IndexPath(item: nf, section: $0),
          after: IndexPath(item: nf, section: newSection(forOld: $0) ?? $0), action: .reload)
      }
    case .moveSection(let from, let to):
      return [
        CollectionViewUpdateItem(
          before: IndexPath(item: nf, section: from), after: IndexPath(item: nf, section: to),
          action: .move)
      ]
    }
  }

  private static func earliest(_ plan: BatchPlan) -> IndexPath? {
    var sections = plan.insertedSections + plan.deletedSections + plan.reloadedSections
    sections += plan.movedSections.flatMap { [$0.from, $0.to] }
    var paths = plan.insertedItems + plan.deletedItems + plan.reloadedItems
    paths += plan.reloadTargets.map(\.to)
    paths += plan.movedItems.flatMap { [$0.from, $0.to] }
    paths += sections.map { IndexPath(item: 0, section: $0) }
    return paths.min()
  }
}

/// One level of BATCH-3 (the sections, or the items of one section): survivors keep their
/// order; removed indexes leave gaps that close, inserted ones open slots.
struct IndexShift: Sendable {
  let removed: [Int]
  let inserted: [Int]
  let movedFrom: [Int: Int]
  let movedTo: [Int: Int]

  init(removed: [Int], inserted: [Int], moves: [(Int, Int)]) {
    self.removed = removed.sorted()
    self.inserted = inserted.sorted()
    movedFrom = Dictionary(moves.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    movedTo = Dictionary(moves.map { ($0.1, $0.0) }, uniquingKeysWith: { a, _ in a })
  }

  func new(forOld i: Int) -> Int? {
    if let target = movedFrom[i] { return target }
    if holds(removed, i) { return nil }
    return slot(i - rank(of: i, in: removed), among: inserted)
  }

  func old(forNew i: Int) -> Int? {
    if let source = movedTo[i] { return source }
    if holds(inserted, i) { return nil }
    return slot(i - rank(of: i, in: inserted), among: removed)
  }
}

/// How many of the sorted `list` are below `i`.
@inline(__always)
func rank(of i: Int, in list: [Int]?) -> Int {
  guard let list, !list.isEmpty else { return 0 }
  var low = 0
  var high = list.count
  while low < high {
    let mid = (low + high) / 2
    if list[mid] < i { low = mid + 1 } else { high = mid }
  }
  return low
}

/// Whether the sorted `list` holds `i`.
@inline(__always)
func holds(_ list: [Int]?, _ i: Int) -> Bool {
  guard let list else { return false }
  let k = rank(of: i, in: list)
  return k < list.count && list[k] == i
}

/// The index of the `j`-th survivor (0-based) when the sorted `taken` indexes are occupied:
/// the smallest n with n − |taken ≤ n| = j and n not taken.
@inline(__always)
func slot(_ j: Int, among taken: [Int]?) -> Int {
  guard let taken, !taken.isEmpty else { return j }
  var n = j
  var counted = 0
  while true {
    let c = rank(of: n + 1, in: taken)
    if c == counted { return n }
    n += c - counted
    counted = c
  }
}

extension BatchMapping {
  /// Self-sizing across a batch (BATCH-3; FLOW-23, COMP-1): a measured size belongs to its
  /// item, not to an index path, so it moves where the batch puts the item — a moved item
  /// keeps it at its target; a deleted item, or a reloaded one (its cell is new: the
  /// estimate stands until it reports again), loses it. Items before the earliest change
  /// keep their paths and are not touched: O(measured) lookups, rewrites only from the
  /// change on.
  func remap(measuredSizes: inout [IndexPath: Size]) {
    guard !measuredSizes.isEmpty, let earliest = earliestChange else { return }
    var moved: [(IndexPath, Size)] = []
    var gone: [IndexPath] = []
    for (path, size) in measuredSizes where path >= earliest {
      gone.append(path)
      if !isReloaded(path), let target = newIndexPath(forOld: path) {
        moved.append((target, size))
      }
    }
    for path in gone { measuredSizes[path] = nil }
    for (path, size) in moved { measuredSizes[path] = size }
  }
}
