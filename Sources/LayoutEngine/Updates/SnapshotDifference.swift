/// A section that is in both snapshots but changed place: `from` is its index in the old
/// snapshot, `to` in the new one (BATCH-2).
public struct SectionMove: Hashable, Sendable {
  public var from: Int
  public var to: Int

  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}

/// An item that is in both snapshots but changed place: `from` is its old index path, `to`
/// its new one (BATCH-2).
public struct ItemMove: Hashable, Sendable {
  public var from: IndexPath
  public var to: IndexPath

  public init(from: IndexPath, to: IndexPath) {
    self.from = from
    self.to = to
  }
}

extension ItemMove: CustomStringConvertible {
  public var description: String { "\(from) → \(to)" }
}

/// The batch update that turns one snapshot into another, as `performBatchUpdates` takes
/// it. Deletes, reloads and move sources are old positions; inserts and move targets are
/// new ones (BATCH-2). Applied by BATCH-3's algorithm — each move a delete of `from` and
/// an insert at `to`; every delete in descending order on the old lists, then every
/// insert in ascending order, sections before items — it yields exactly the new
/// snapshot's lists. No position appears twice on either side (BATCH-7), and items that
/// arrive or leave with their section are not listed (BATCH-5).
///
/// Example: `["apple", "pear", "fig"]` → `["fig", "apple", "kiwi"]` in one section is
/// delete `[0, 1]` (pear), insert `[0, 2]` (kiwi) and move `[0, 2] → [0, 0]` (fig).
public struct SnapshotDifference: Hashable, Sendable {
  /// Old indexes of the sections the new snapshot lacks, ascending.
  public var deletedSections: [Int]
  /// New indexes of the sections the old snapshot lacked, ascending.
  public var insertedSections: [Int]
  /// Sections in both whose relative order changed, sorted by `to`.
  public var movedSections: [SectionMove]
  /// Old index paths of items gone from sections that survive, sorted.
  public var deletedItems: [IndexPath]
  /// New index paths of items new to sections that survive, sorted.
  public var insertedItems: [IndexPath]
  /// Items that changed place (within a section or between surviving sections), sorted by
  /// `to`.
  public var movedItems: [ItemMove]
  /// Old index paths of items the new snapshot reconfigures or reloads and that stay where
  /// they are (neither moved, deleted nor inserted), sorted.
  public var reloadedItems: [IndexPath]

  public init(
    deletedSections: [Int] = [], insertedSections: [Int] = [], movedSections: [SectionMove] = [],
    deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [], movedItems: [ItemMove] = [],
    reloadedItems: [IndexPath] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.movedSections = movedSections
    self.deletedItems = deletedItems
    self.insertedItems = insertedItems
    self.movedItems = movedItems
    self.reloadedItems = reloadedItems
  }

  /// True when the two snapshots hold the same sections and items in the same order and
  /// nothing is to be reloaded.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
      && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty
      && reloadedItems.isEmpty
  }
}

extension DiffableDataSourceSnapshot {
  /// The batch that turns `old` into this snapshot, in O(n log n) for n items: sections and
  /// items are matched by identifier through dictionaries (Heckel's method), and the
  /// stayers of each matched list are a longest increasing subsequence of their old
  /// positions.
  ///
  /// 1. Sections (BATCH-3 applies them first). A section only in `old` is deleted, one only
  ///    in `self` inserted; of the sections in both, those outside a longest run that kept
  ///    its relative order are moved.
  /// 2. Items of sections in both. An item new to its section — absent from `old`, or
  ///    coming from a deleted section — is inserted; an item from another surviving
  ///    section is moved across; of the items that stay in their section, those outside a
  ///    longest run in old order are moved, the rest keep their place (moves are as few as
  ///    that section allows).
  /// 3. Items of `old`'s surviving sections that found no place — gone, or gone to an
  ///    inserted section — are deleted. Items of deleted and inserted sections are not
  ///    listed (BATCH-5).
  /// 4. Reloads: the items of `reconfiguredItemIdentifiers` and `reloadedItemIdentifiers`
  ///    that keep their place, at their old paths (BATCH-2). An item that also moved is
  ///    listed as a move only (engine choice: BATCH-7 forbids a reload and a move from one
  ///    source); its cell is then reconfigured in place where it lands, as UIKit does.
  ///
  /// Of several longest runs, the one kept is the one patience sorting finds: reading
  /// backwards, each kept element is — of those that could precede the next kept one in a
  /// longest run — the one with the smallest old position, which is also the latest in the
  /// new order (engine choice, deterministic). So `["a", "b"]` → `["b", "a"]` keeps "a" and
  /// moves "b" from `[0, 1]` to `[0, 0]`.
  public func difference(from old: DiffableDataSourceSnapshot) -> SnapshotDifference {
    var result = SnapshotDifference()
    let sections = SectionMatch(old: old, new: self)
    sections.record(in: &result)
    var states = OldItemStates(old, sections)
    for newSection in sectionIdentifiers.indices {
      guard let oldSection = sections.newToOld[newSection] else { continue }
      placeItems(
        ofSection: newSection, from: oldSection, old: old, sections: sections, states: &states,
        into: &result)
    }
    states.recordDeletes(in: &result)
    result.reloadedItems = reloadedPaths(old: old, states: states)
    return result
  }

  /// Step 2 for one surviving section: the inserts, the moves and the stayers of its items.
  private func placeItems(
    ofSection newSection: Int, from oldSection: Int, old: DiffableDataSourceSnapshot,
    sections: SectionMatch, states: inout OldItemStates, into result: inout SnapshotDifference
  ) {
    let items = items(inSectionAt: newSection)
    let inserted = IndexPath(item: -1, section: -1)
    var sources = [IndexPath](repeating: inserted, count: items.count)
    var stayers: [Int] = []  // new positions of the items that stay in their section
    var stayerOldItems: [Int] = []
    // Most items follow the one before them in the old section as well: comparing with
    // that neighbour first skips the dictionary (and its cache misses) for them, and gives
    // the same answer, since identifiers are unique.
    let oldItems = old.items(inSectionAt: oldSection)
    var next = 0
    for (item, identifier) in items.enumerated() {
      let source: IndexPath
      if next < oldItems.count && oldItems[next] == identifier {
        source = IndexPath(item: next, section: oldSection)
      } else if let found = old.indexPath(forItem: identifier),
        sections.oldToNew[found.section] != nil
      {
        source = found
      } else {
        continue
      }
      if source.section == oldSection { next = source.item + 1 }
      sources[item] = source
      states.mark(source, .moved)
      if source.section == oldSection {
        stayers.append(item)
        stayerOldItems.append(source.item)
      }
    }
    for run in longestIncreasingSubsequence(stayerOldItems) {
      states.mark(sources[stayers[run]], .kept)
    }
    for (item, source) in sources.enumerated() {
      let destination = IndexPath(item: item, section: newSection)
      if source == inserted {
        result.insertedItems.append(destination)
      } else if states[source] == .moved {
        result.movedItems.append(ItemMove(from: source, to: destination))
      }
    }
  }

  /// Step 4: the old paths of the reconfigured and reloaded items that keep their place.
  private func reloadedPaths(
    old: DiffableDataSourceSnapshot, states: OldItemStates
  ) -> [IndexPath] {
    var paths: [IndexPath] = []
    var seen: Set<String> = []
    for identifier in reconfiguredItemIdentifiers + reloadedItemIdentifiers
    where seen.insert(identifier).inserted {
      if let source = old.indexPath(forItem: identifier), states[source] == .kept {
        paths.append(source)
      }
    }
    return paths.sorted()
  }
}

/// Step 1: which sections survive, and where.
private struct SectionMatch {
  /// For each old section, its new index; `nil` when deleted.
  var oldToNew: [Int?]
  /// For each new section, its old index; `nil` when inserted.
  var newToOld: [Int?]

  init(old: DiffableDataSourceSnapshot, new: DiffableDataSourceSnapshot) {
    oldToNew = old.sectionIdentifiers.map { new.indexOfSection($0) }
    newToOld = new.sectionIdentifiers.map { old.indexOfSection($0) }
  }

  func record(in result: inout SnapshotDifference) {
    result.deletedSections = oldToNew.indices.filter { oldToNew[$0] == nil }
    result.insertedSections = newToOld.indices.filter { newToOld[$0] == nil }
    let survivors = newToOld.indices.filter { newToOld[$0] != nil }
    let oldIndexes = survivors.map { newToOld[$0]! }
    var kept = [Bool](repeating: false, count: survivors.count)
    for run in longestIncreasingSubsequence(oldIndexes) { kept[run] = true }
    for (position, newIndex) in survivors.enumerated() where !kept[position] {
      result.movedSections.append(SectionMove(from: oldIndexes[position], to: newIndex))
    }
  }
}

/// What became of each item of the old snapshot, in one flat array (a section's items
/// start at its offset), so the difference allocates per snapshot, not per item.
private struct OldItemStates {
  enum State: UInt8 {
    /// Not (yet) found in a surviving new section: deleted, unless its section was.
    case unplaced
    case moved
    case kept
  }

  var states: [State]
  var offsets: [Int]
  let old: DiffableDataSourceSnapshot
  let survives: [Bool]

  init(_ old: DiffableDataSourceSnapshot, _ sections: SectionMatch) {
    var offsets: [Int] = []
    var total = 0
    for section in old.sectionIdentifiers.indices {
      offsets.append(total)
      total += old.items(inSectionAt: section).count
    }
    self.offsets = offsets
    self.states = [State](repeating: .unplaced, count: total)
    self.old = old
    self.survives = sections.oldToNew.map { $0 != nil }
  }

  subscript(path: IndexPath) -> State { states[offsets[path.section] + path.item] }

  mutating func mark(_ path: IndexPath, _ state: State) {
    states[offsets[path.section] + path.item] = state
  }

  /// Step 3: the unplaced items of surviving sections, in old order.
  func recordDeletes(in result: inout SnapshotDifference) {
    for section in offsets.indices where survives[section] {
      let count = old.items(inSectionAt: section).count
      for item in 0..<count where states[offsets[section] + item] == .unplaced {
        result.deletedItems.append(IndexPath(item: item, section: section))
      }
    }
  }
}

/// Positions in `values` (distinct integers) of a longest strictly increasing subsequence,
/// ascending, by patience sorting in O(n log n) — O(n) when `values` is already sorted.
/// `tails[k]` is the position of the smallest value that ends an increasing run of length
/// k + 1 so far; each value remembers the tail it extended, and the run is read back from
/// the last tail — which fixes the tie rule documented on `difference(from:)`.
func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    if let last = tails.last, values[last] < value {
      low = tails.count
    } else {
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var run = [Int](repeating: 0, count: tails.count)
  var position = tails.last ?? -1
  for k in stride(from: run.count - 1, through: 0, by: -1) {
    run[k] = position
    position = previous[position]
  }
  return run
}
