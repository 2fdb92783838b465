import GridlineTestSupport
import LayoutEngine
import Testing

/// `DiffableDataSourceSnapshot` and `difference(from:)` against BATCH-2/3/5/7.
@Suite("Diffable data source snapshots (BATCH)")
struct SnapshotTests {
  static func path(_ section: Int, _ item: Int) -> IndexPath {
    IndexPath(item: item, section: section)
  }

  static func move(_ from: (Int, Int), _ to: (Int, Int)) -> ItemMove {
    ItemMove(from: path(from.0, from.1), to: path(to.0, to.1))
  }

  /// One section "main" holding `items`.
  static func single(_ items: [String], reconfigured: [String] = []) throws
    -> DiffableDataSourceSnapshot
  {
    try makeSnapshot([("main", items)], reconfigured: reconfigured)
  }

  /// The difference, after checking that it is a valid batch reproducing `new`.
  static func checkedDifference(
    _ old: DiffableDataSourceSnapshot, _ new: DiffableDataSourceSnapshot,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> SnapshotDifference {
    let difference = new.difference(from: old)
    #expect(batchFaults(difference, old: old, new: new) == [], sourceLocation: sourceLocation)
    #expect(applyBatch(difference, to: old, new: new) == lists(new), sourceLocation: sourceLocation)
    return difference
  }

  // MARK: Worked examples

  @Test("apple, pear, fig → fig, apple, kiwi: one delete, one insert, one move (fig)")
  func fruit() throws {
    let old = try Self.single(["apple", "pear", "fig"])
    let new = try Self.single(["fig", "apple", "kiwi"])
    // Stayer candidates in new order have old positions [2, 0]; both runs have length 1 and
    // the tie keeps the smaller old position (apple), so fig is the one move.
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(
          deletedItems: [Self.path(0, 1)], insertedItems: [Self.path(0, 2)],
          movedItems: [Self.move((0, 2), (0, 0))]))
  }

  @Test("TV-23: delete 1 and 3, insert 0 and 3 — no moves (BATCH-2/3/5)")
  func tv23() throws {
    let old = try Self.single(["A", "B", "C", "D", "E"])
    let new = try Self.single(["X", "A", "C", "Y", "E"])
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(
          deletedItems: [Self.path(0, 1), Self.path(0, 3)],
          insertedItems: [Self.path(0, 0), Self.path(0, 3)]))
  }

  @Test("TV-24: [A,B,C,D] → [B,C,A,D] is the single move 0 → 2 (BATCH-3)")
  func tv24() throws {
    let old = try Self.single(["A", "B", "C", "D"])
    let new = try Self.single(["B", "C", "A", "D"])
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(movedItems: [Self.move((0, 0), (0, 2))]))
  }

  @Test("A swap of two keeps the smaller old position and moves the other (tie rule)")
  func swapTie() throws {
    let difference = Self.checkedDifference(
      try Self.single(["a", "b", "c"]), try Self.single(["b", "a", "c"]))
    #expect(difference.movedItems == [Self.move((0, 1), (0, 0))])
  }

  @Test("A reversal keeps one item and moves the rest; moves are sorted by target")
  func reversal() throws {
    let difference = Self.checkedDifference(
      try Self.single(["a", "b", "c", "d"]), try Self.single(["d", "c", "b", "a"]))
    // Old positions in new order [3, 2, 1, 0]: the kept run is "a" (old 0).
    #expect(
      difference.movedItems == [
        Self.move((0, 3), (0, 0)), Self.move((0, 2), (0, 1)), Self.move((0, 1), (0, 2)),
      ])
  }

  @Test("Equal snapshots differ by nothing; from empty, only sections are inserted")
  func emptyDifferences() throws {
    let snapshot = try makeSnapshot([("a", ["1", "2"]), ("b", ["3"])])
    #expect(snapshot.difference(from: snapshot).isEmpty)
    #expect(
      Self.checkedDifference(DiffableDataSourceSnapshot(), snapshot)
        == SnapshotDifference(insertedSections: [0, 1]))
    #expect(
      Self.checkedDifference(snapshot, DiffableDataSourceSnapshot())
        == SnapshotDifference(deletedSections: [0, 1]))
  }

  // MARK: Sections

  @Test("Cross-section moves: an item that changes surviving section is a move")
  func crossSection() throws {
    let old = try makeSnapshot([("A", ["a", "b", "c"]), ("B", ["d", "e"])])
    let new = try makeSnapshot([("A", ["a", "c"]), ("B", ["d", "b", "e"])])
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(movedItems: [Self.move((0, 1), (1, 1))]))
  }

  @Test("Section moves: items of a moved section are not listed")
  func sectionMoves() throws {
    let old = try makeSnapshot([("S1", ["a"]), ("S2", ["b", "c"]), ("S3", ["d"])])
    let new = try makeSnapshot([("S3", ["d"]), ("S1", ["a"]), ("S2", ["b", "c"])])
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(movedSections: [SectionMove(from: 2, to: 0)]))
    // Two sections swapped: the tie keeps the first, as for items.
    let swapped = try makeSnapshot([("S2", ["b", "c"]), ("S1", ["a"]), ("S3", ["d"])])
    #expect(
      Self.checkedDifference(old, swapped)
        == SnapshotDifference(movedSections: [SectionMove(from: 1, to: 0)]))
  }

  @Test("Section moves combine with item changes inside the moved section")
  func movedSectionWithItemChanges() throws {
    let old = try makeSnapshot([("S1", ["a", "b"]), ("S2", ["c", "d"])])
    let new = try makeSnapshot([("S2", ["d", "x", "c"]), ("S1", ["b"])])
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(
          movedSections: [SectionMove(from: 1, to: 0)], deletedItems: [Self.path(0, 0)],
          insertedItems: [Self.path(0, 1)], movedItems: [Self.move((1, 1), (0, 0))]))
  }

  @Test("BATCH-5: items of deleted and inserted sections are not listed")
  func deletedAndInsertedSections() throws {
    let old = try makeSnapshot([("A", ["a", "b"]), ("B", ["c"])])
    let new = try makeSnapshot([("B", ["c", "a"]), ("C", ["b", "x"])])
    // "a" leaves a deleted section for a surviving one: an insert. "b" goes to an inserted
    // section: not listed. "c" stays in B, whose index changed with A's deletion.
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(
          deletedSections: [0], insertedSections: [1], insertedItems: [Self.path(0, 1)]))
    // From a surviving section into an inserted one: a delete.
    let split = try makeSnapshot([("A", ["a"]), ("C", ["b"])])
    #expect(
      Self.checkedDifference(old, split)
        == SnapshotDifference(
          deletedSections: [1], insertedSections: [1], deletedItems: [Self.path(0, 1)]))
  }

  // MARK: Reloads

  @Test("Reloads: old paths of items that stay; a reconfigured item that moved is a move")
  func reloads() throws {
    let old = try makeSnapshot([("X", ["x"]), ("A", ["a", "b", "c"])])
    let new = try makeSnapshot(
      [("A", ["a", "c", "b"]), ("Y", ["y"])], reconfigured: ["c", "a"], reloaded: ["y"])
    // In A the old positions in new order are [0, 2, 1]: the kept run is a, b. So "a" is
    // reloaded at its old path [1, 0], "c" is a move and not a reload, and "y" is new.
    #expect(
      Self.checkedDifference(old, new)
        == SnapshotDifference(
          deletedSections: [0], insertedSections: [1], movedItems: [Self.move((1, 2), (0, 1))],
          reloadedItems: [Self.path(1, 0)]))
    let both = try makeSnapshot([("X", ["x"]), ("A", ["a", "b", "c"])], reloaded: ["b", "x"])
    #expect(
      Self.checkedDifference(old, both)
        == SnapshotDifference(reloadedItems: [Self.path(0, 0), Self.path(1, 1)]))
  }

  // MARK: Snapshot model

  @Test("Queries: index paths, containing sections and counts follow deletions")
  func queries() throws {
    var snapshot = try makeSnapshot(
      [("A", ["a", "b", "c"]), ("B", ["d"]), ("C", ["e", "f"])], reconfigured: ["b", "e"])
    #expect(snapshot.indexPath(forItem: "f") == Self.path(2, 1))
    #expect(snapshot.sectionIdentifier(containingItem: "d") == "B")
    #expect(snapshot.numberOfItems == 6 && snapshot.numberOfSections == 3)
    snapshot.deleteItems(["b", "zzz"])
    #expect(snapshot.indexPath(forItem: "c") == Self.path(0, 1))
    #expect(snapshot.indexPath(forItem: "b") == nil)
    #expect(snapshot.reconfiguredItemIdentifiers == ["e"])
    snapshot.deleteSections(["B", "nope"])
    #expect(snapshot.sectionIdentifiers == ["A", "C"])
    #expect(snapshot.indexOfSection("C") == 1)
    #expect(snapshot.indexPath(forItem: "e") == Self.path(1, 0))
    #expect(snapshot.sectionIdentifier(containingItem: "d") == nil)
    #expect(snapshot.itemIdentifiers == ["a", "c", "e", "f"])
    #expect(snapshot.numberOfItems(inSection: "C") == 2)
    #expect(snapshot.numberOfItems(inSection: "B") == 0)
    try snapshot.appendItems(["g"])
    #expect(snapshot.itemIdentifiers(inSection: "C") == ["e", "f", "g"])
    let expected = try makeSnapshot(
      [("A", ["a", "c"]), ("C", ["e", "f", "g"])], reconfigured: ["e"])
    #expect(snapshot == expected)
    #expect(snapshot.hashValue == expected.hashValue)
  }

  @Test("Duplicate items: UIKit's NSSet-style reason, sorted; nothing is appended")
  func duplicateItems() throws {
    var snapshot = try makeSnapshot([("A", ["apple"]), ("B", [])])
    let before = snapshot
    let error = #expect(throws: CollectionViewException.self) {
      try snapshot.appendItems(["kiwi", "apple"], toSection: "B")
    }
    #expect(error?.name == "NSInternalInconsistencyException")
    #expect(
      error?.reason
        == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    \"apple\"\n)}"
    )
    let twice = #expect(throws: CollectionViewException.self) {
      try snapshot.appendItems(["pear", "fig", "pear", "apple", "fig"])
    }
    #expect(
      twice?.reason == """
        Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(
            "apple",
            "fig",
            "pear"
        )}
        """)
    #expect(snapshot == before)
  }

  @Test("Duplicate sections: the same reason for sections")
  func duplicateSections() throws {
    var snapshot = try makeSnapshot([("A", [])])
    let error = #expect(throws: CollectionViewException.self) {
      try snapshot.appendSections(["B", "A", "B"])
    }
    #expect(
      error?.reason == """
        Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(
            "A",
            "B"
        )}
        """)
    #expect(snapshot.sectionIdentifiers == ["A"])
  }

  @Test("Missing sections and unknown items: internal inconsistencies (engine texts)")
  func otherExceptions() throws {
    var empty = DiffableDataSourceSnapshot()
    let noSection = #expect(throws: CollectionViewException.self) { try empty.appendItems(["a"]) }
    #expect(noSection?.name == CollectionViewException.internalInconsistency)
    #expect(
      noSection?.reason
        == "There are currently no sections in the data source. Please add a section first.")
    var snapshot = try makeSnapshot([("A", ["apple"])])
    let missing = #expect(throws: CollectionViewException.self) {
      try snapshot.appendItems(["a"], toSection: "Z")
    }
    #expect(missing?.reason == "Invalid parameter not satisfying: section != NSNotFound")
    let unknown = #expect(throws: CollectionViewException.self) {
      try snapshot.reconfigureItems(["apple", "kiwi", "fig"])
    }
    #expect(
      unknown?.reason
        == "Attempted to reconfigure item identifier that does not exist in the snapshot: \"kiwi\"")
    let unknownReload = #expect(throws: CollectionViewException.self) {
      try snapshot.reloadItems(["fig"])
    }
    #expect(
      unknownReload?.reason
        == "Attempted to reload item identifier that does not exist in the snapshot: \"fig\"")
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    try snapshot.reconfigureItems(["apple", "apple"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["apple"])
  }

  // MARK: Property

  @Test("300 seeded random pairs: a valid batch that reproduces the new snapshot, fewest moves")
  func randomRoundTrip() throws {
    var g = SeededGenerator(seed: 0x736E_6170)
    var seen: [String: Int] = [:]
    for index in 0..<300 {
      let oldLists = RandomSnapshots.fresh(&g)
      let newLists =
        index % 3 == 0 ? RandomSnapshots.fresh(&g) : RandomSnapshots.perturbed(oldLists, &g)
      let old = try RandomSnapshots.snapshot(oldLists, marking: &g)
      let new = try RandomSnapshots.snapshot(newLists, marking: &g)
      let difference = new.difference(from: old)
      let faults = batchFaults(difference, old: old, new: new)
      #expect(faults == [], "case \(index): \(oldLists) → \(newLists)")
      let applied = applyBatch(difference, to: old, new: new)
      #expect(applied == newLists, "case \(index): \(oldLists) → \(newLists): \(difference)")
      #expect(Self.fewestMoves(difference, old: old, new: new), "case \(index)")
      #expect(Self.allStayersReloaded(difference, old: old, new: new), "case \(index)")
      Self.count(difference, into: &seen)
    }
    // The generator must reach every kind of change, or the property tests little.
    for kind in ["changed", "section moves", "section deletes", "section inserts"] {
      #expect(seen[kind, default: 0] >= 30, "\(kind): \(seen[kind, default: 0]) cases")
    }
    for kind in ["cross-section moves", "in-section moves", "deletes", "inserts", "reloads"] {
      #expect(seen[kind, default: 0] >= 30, "\(kind): \(seen[kind, default: 0]) cases")
    }
    #expect(seen["changed", default: 0] > 200)
  }

  /// Tallies which kinds of change a difference holds.
  static func count(_ d: SnapshotDifference, into seen: inout [String: Int]) {
    let kinds: [(String, Bool)] = [
      ("changed", !d.isEmpty), ("section moves", !d.movedSections.isEmpty),
      ("section deletes", !d.deletedSections.isEmpty),
      ("section inserts", !d.insertedSections.isEmpty),
      ("cross-section moves", d.movedItems.contains { $0.from.section != $0.to.section }),
      ("in-section moves", d.movedItems.contains { $0.from.section == $0.to.section }),
      ("deletes", !d.deletedItems.isEmpty), ("inserts", !d.insertedItems.isEmpty),
      ("reloads", !d.reloadedItems.isEmpty),
    ]
    for (kind, present) in kinds where present { seen[kind, default: 0] += 1 }
  }

  /// Moves within one section and section moves are as few as a longest increasing
  /// subsequence allows, measured by the quadratic programme.
  static func fewestMoves(
    _ difference: SnapshotDifference, old: DiffableDataSourceSnapshot,
    new: DiffableDataSourceSnapshot
  ) -> Bool {
    let common = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
    guard difference.movedSections.count == common.count - quadraticLISLength(common) else {
      return false
    }
    for identifier in new.sectionIdentifiers {
      guard let before = old.indexOfSection(identifier) else { continue }
      let after = new.indexOfSection(identifier)!
      let stayers = new.itemIdentifiers(inSection: identifier).compactMap {
        old.indexPath(forItem: $0).flatMap { $0.section == before ? $0.item : nil }
      }
      let moves = difference.movedItems.filter {
        $0.from.section == before && $0.to.section == after
      }
      if moves.count != stayers.count - quadraticLISLength(stayers) { return false }
    }
    return true
  }

  /// Every marked item in both snapshots that is neither moved, deleted nor in a deleted
  /// section is listed as a reload, and every reload is a marked item.
  static func allStayersReloaded(
    _ difference: SnapshotDifference, old: DiffableDataSourceSnapshot,
    new: DiffableDataSourceSnapshot
  ) -> Bool {
    let marked = Set(new.reconfiguredItemIdentifiers + new.reloadedItemIdentifiers)
    let touched = Set(difference.deletedItems + difference.movedItems.map(\.from))
    var expected: [IndexPath] = []
    for item in marked {
      guard let path = old.indexPath(forItem: item), let now = new.indexPath(forItem: item)
      else { continue }
      let survives = new.indexOfSection(old.sectionIdentifiers[path.section]) != nil
      let stays = new.sectionIdentifiers[now.section] == old.sectionIdentifiers[path.section]
      if survives && stays && !touched.contains(path) { expected.append(path) }
    }
    return expected.sorted() == difference.reloadedItems
  }
}
