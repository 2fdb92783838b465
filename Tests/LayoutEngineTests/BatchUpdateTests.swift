import LayoutEngine
import Testing

/// Batch updates: index semantics and mapping (BATCH-2, BATCH-3), validation and UIKit's
/// texts (BATCH-5…BATCH-8), update items (BATCH-9), and what the collection view does
/// around them (BATCH-10, LAY-14, LAY-15, DISP-2).
@Suite("Batch updates (BATCH, LAY-14/15)")
struct BatchUpdateTests {
  func path(_ s: Int, _ i: Int) -> IndexPath { IndexPath(item: i, section: s) }

  func resolve(_ ops: [BatchOperation], before: [Int], after: [Int]) throws(CollectionViewException)
    -> BatchMapping
  {
    try BatchUpdate(ops).resolve(before: before, after: after)
  }

  func reason(_ ops: [BatchOperation], before: [Int], after: [Int]) -> String? {
    do {
      _ = try resolve(ops, before: before, after: after)
      return nil
    } catch {
      #expect(error.name == "NSInternalInconsistencyException")
      return error.reason
    }
  }

  /// Applies a mapping to old labels: the new list, read back through `oldIndexPath`.
  func newList(_ old: [String], _ mapping: BatchMapping, inserted: String = "+") -> [String] {
    (0..<mapping.countsAfter[0]).map { i in
      mapping.oldIndexPath(forNew: path(0, i)).map { old[$0.item] } ?? inserted
    }
  }

  @Test("TV-23: deletes descending on the old list, then inserts ascending; counts hold")
  func tv23() throws {
    let m = try resolve(
      [.deleteItems([path(0, 1), path(0, 3)]), .insertItems([path(0, 0), path(0, 3)])],
      before: [5], after: [5])
    #expect(newList(["A", "B", "C", "D", "E"], m) == ["+", "A", "C", "+", "E"])
    #expect(m.newIndexPath(forOld: path(0, 0)) == path(0, 1))
    #expect(m.newIndexPath(forOld: path(0, 2)) == path(0, 2))
    #expect(m.newIndexPath(forOld: path(0, 4)) == path(0, 4))
    #expect(m.newIndexPath(forOld: path(0, 1)) == nil)
    #expect(m.oldIndexPath(forNew: path(0, 3)) == nil)
  }

  @Test("TV-24: a move is a delete of the source and an insert at the target")
  func tv24() throws {
    let m = try resolve([.moveItem(from: path(0, 0), to: path(0, 2))], before: [4], after: [4])
    #expect(newList(["A", "B", "C", "D"], m) == ["B", "C", "A", "D"])
    #expect(m.newIndexPath(forOld: path(0, 1)) == path(0, 0))
    #expect(m.newIndexPath(forOld: path(0, 3)) == path(0, 3))
  }

  @Test("BATCH-1: the order of the calls does not change the result")
  func orderIrrelevant() throws {
    let a = try resolve(
      [
        .insertItems([path(0, 0)]), .deleteItems([path(0, 2)]),
        .moveItem(from: path(0, 4), to: path(0, 1)),
      ],
      before: [6], after: [6])
    let b = try resolve(
      [
        .moveItem(from: path(0, 4), to: path(0, 1)), .deleteItems([path(0, 2)]),
        .insertItems([path(0, 0)]),
      ],
      before: [6], after: [6])
    let old = ["A", "B", "C", "D", "E", "F"]
    #expect(newList(old, a) == newList(old, b))
    #expect(newList(old, a) == ["+", "E", "A", "B", "D", "F"])
  }

  @Test("TV-25/26: count mismatches with UIKit's texts")
  func counts() {
    #expect(
      reason([], before: [4], after: [5])
        == "Invalid update: invalid number of items in section 0.  The number of items contained "
        + "in an existing section after the update (5) must be equal to the number of items "
        + "contained in that section before the update (4), plus or minus the number of items "
        + "inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the "
        + "number of items moved into or out of that section (0 moved in, 0 moved out).")
    #expect(
      reason([], before: [3], after: [3, 2])
        == "Invalid update: invalid number of sections.  The number of sections contained in the "
        + "collection view after the update (2) must be equal to the number of sections contained "
        + "in the collection view before the update (1), plus or minus the number of sections "
        + "inserted or deleted (0 inserted, 0 deleted).")
  }

  @Test("TV-27: out of range deletes")
  func outOfRange() {
    #expect(
      reason([.deleteItems([path(0, 5)])], before: [5], after: [4])
        == "attempt to delete item 5 from section 0 which only contains 5 items before the update")
    #expect(
      reason([.deleteSections([4])], before: [1, 1, 1, 1], after: [1, 1, 1])
        == "attempt to delete section 4, but there are only 4 sections before the update")
    #expect(
      reason([.insertItems([path(0, 9)])], before: [5], after: [6])
        == "attempt to insert item 9 into section 0, but there are only 6 items in section 0 after the update"
    )
  }

  @Test("TV-28: conflicts quote the index path")
  func conflicts() {
    #expect(
      reason(
        [.deleteItems([path(0, 1)]), .moveItem(from: path(0, 1), to: path(0, 3))], before: [5],
        after: [4])
        == "attempt to perform a delete and a move from the same index path "
        + "(<NSIndexPath: 0x0> {length = 2, path = 0 - 1})")
    #expect(
      reason(
        [.insertItems([path(0, 0)]), .moveItem(from: path(0, 2), to: path(0, 0))], before: [5],
        after: [6])
        == "attempt to perform an insert and a move to the same index path "
        + "(<NSIndexPath: 0x0> {length = 2, path = 0 - 0})")
    #expect(
      reason([.deleteItems([path(0, 3)]), .reloadItems([path(0, 3)])], before: [5], after: [4])
        == "attempt to delete and reload the same index path (<NSIndexPath: 0x0> {length = 2, path = 0 - 3})"
    )
  }

  @Test("BATCH-7: an item cannot move out of a section the batch replaces")
  func moveOutOfReplacedSection() {
    #expect(
      reason(
        [.reloadSections([0]), .moveItem(from: path(0, 1), to: path(1, 0))], before: [3, 2],
        after: [2, 3])
        == "attempt to move index path (<NSIndexPath: 0x0> {length = 2, path = 0 - 1}) out of a "
        + "section that is reloaded")
  }

  @Test("BATCH-8: with two faults the delete side is reported first")
  func checkOrder() {
    let r = reason(
      [.insertItems([path(0, 9)]), .deleteItems([path(0, 7)])], before: [5], after: [5])
    #expect(r?.hasPrefix("attempt to delete item 7") == true)
    // Range before conflicts, ranges before counts.
    let c = reason([.deleteItems([path(0, 1)])], before: [5], after: [7])
    #expect(c?.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
  }

  @Test(
    "BATCH-5: items of inserted and deleted sections are not counted; moves across sections are")
  func sectionsAndMoves() throws {
    let m = try resolve(
      [.deleteSections([0]), .insertSections([1]), .moveItem(from: path(1, 0), to: path(0, 1))],
      before: [3, 2], after: [2, 7])
    #expect(m.newSection(forOld: 0) == nil)
    #expect(m.newSection(forOld: 1) == 0)
    #expect(m.oldSection(forNew: 1) == nil)
    #expect(m.newIndexPath(forOld: path(1, 1)) == path(0, 0))
    let r = reason([.moveItem(from: path(0, 0), to: path(1, 0))], before: [3, 2], after: [3, 2])
    #expect(
      r?.contains(
        "(0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out)"
      ) == true)
  }

  @Test("BATCH-9: update items, a reload shifted by the deletes and inserts around it")
  func updateItems() throws {
    let m = try resolve(
      [.deleteItems([path(0, 0)]), .reloadItems([path(0, 3)]), .insertSections([1])],
      before: [5], after: [4, 2])
    #expect(m.updateItems.map(\.description) == ["D(0,0)", "R(0,3)->(0,2)", "I(section 1)"])
    #expect(m.updateItems[2].indexPathAfterUpdate?.item == IndexPath.notFound)
    #expect(m.updateItems[1].updateAction.rawValue == 2)
  }

  @Test("BATCH-7/9: a reload is compared where it lands: shifted past inserts, no clash")
  func reloadBesideInserts() throws {
    // Reloading [1, 0] and [1, 1] while inserting at [1, 0] and [1, 1]: the reloads land at
    // [1, 2] and [1, 3], past the two inserts, so nothing is named twice.
    let m = try resolve(
      [.reloadItems([path(1, 0), path(1, 1)]), .insertItems([path(1, 0), path(1, 1)])],
      before: [1, 3], after: [1, 5])
    #expect(
      m.updateItems.map(\.description) == ["R(1,0)->(1,2)", "R(1,1)->(1,3)", "I(1,0)", "I(1,1)"])
    #expect(m.newIndexPath(forOld: path(1, 0)) == path(1, 2))
    #expect(m.newIndexPath(forOld: path(1, 2)) == path(1, 4))
  }

  @Test("BATCH-7/9: a reload that lands on a move's target is UIKit's insert-and-move crash")
  func reloadOnMoveTarget() {
    // The reload of [0, 1] lands at [0, 1] (moves ignored), where the move goes too.
    #expect(
      reason(
        [.moveItem(from: path(0, 0), to: path(0, 1)), .reloadItems([path(0, 1)])],
        before: [3], after: [3])
        == "attempt to perform an insert and a move to the same index path "
        + "(<NSIndexPath: 0x0> {length = 2, path = 0 - 1})")
    // Beside an insert that clashes with a move, the reload is shifted out of the way and
    // the fault named is that clash (not an insert and a reload).
    #expect(
      reason(
        [
          .insertItems([path(0, 0)]), .moveItem(from: path(0, 2), to: path(0, 0)),
          .reloadItems([path(0, 0)]),
        ], before: [3], after: [4])
        == "attempt to perform an insert and a move to the same index path "
        + "(<NSIndexPath: 0x0> {length = 2, path = 0 - 0})")
  }

  @Test("BATCH-9: beside a move, a reload's update item and the mapping put it in one place")
  func reloadBesideMove() throws {
    let m = try resolve(
      [.moveItem(from: path(0, 0), to: path(0, 2)), .reloadItems([path(0, 1)])],
      before: [4], after: [4])
    // The reload stays at [0, 1] (no deletes or inserts before it); the move takes [0, 2];
    // the one survivor left of them, old item 2, fills [0, 0].
    #expect(m.updateItems.map(\.description) == ["M(0,0)->(0,2)", "R(0,1)->(0,1)"])
    #expect(m.newIndexPath(forOld: path(0, 1)) == path(0, 1))
    #expect(newList(["A", "B", "C", "D"], m) == ["C", "B", "A", "D"])
    for i in 0..<4 {
      let new = try #require(m.newIndexPath(forOld: path(0, i)))
      #expect(m.oldIndexPath(forNew: new) == path(0, i))
    }
    #expect(m.isReloaded(path(0, 1)) && !m.isReloaded(path(0, 2)))
  }

  @Test("BATCH-9: a reload that lands past its section's end is refused as its insert")
  func reloadPastTheEnd() {
    // Section 0 keeps one item after item 0 moves out; the reload of [0, 1] lands at
    // [0, 1], moves ignored, which no longer exists.
    #expect(
      reason(
        [.moveItem(from: path(0, 0), to: path(1, 0)), .reloadItems([path(0, 1)])],
        before: [2, 1], after: [1, 2])
        == "attempt to insert item 1 into section 0, but there are only 1 items in section 0 "
        + "after the update")
  }

  @Test("Section moves carry their items; item paths follow")
  func sectionMove() throws {
    let m = try resolve([.moveSection(from: 0, to: 2)], before: [1, 2, 3], after: [2, 3, 1])
    #expect(m.newSection(forOld: 0) == 2)
    #expect(m.newSection(forOld: 1) == 0)
    #expect(m.newIndexPath(forOld: path(2, 2)) == path(1, 2))
    #expect(m.oldIndexPath(forNew: path(2, 0)) == path(0, 0))
  }

  // MARK: The collection view

  func feed(count: Int = 20) -> (CollectionView, StaticDataSource) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 375, height: 100)
    layout.minimumLineSpacing = 0
    let source = StaticDataSource(itemCounts: [count])
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    return (cv, source)
  }

  @Test("BATCH-10/LAY-14: the order of the calls around an insert")
  func callOrder() {
    let (cv, source) = feed()
    cv.removeAllEvents()
    var finished: Bool?
    cv.performBatchUpdates(
      {
        source.itemCounts = [21]
        cv.insertItems(at: [path(0, 0)])
      }, completion: { finished = $0 })
    let names = cv.events.map(\.callName)
    let expected = [
      "performBatchUpdates(_:completion:)", "numberOfSections(in:)",
      "collectionView(_:numberOfItemsInSection:)", "invalidateLayout(with:)",
      "prepare()", "collectionViewContentSize", "targetContentOffset(forProposedContentOffset:)",
      "layoutAttributesForElements(in:)", "prepare(forCollectionViewUpdates:)",
    ]
    #expect(Array(names.prefix(expected.count)) == expected)
    #expect(names.last == "finalizeCollectionViewUpdates()")
    // Seven cells meet the bounds, the last one touching (GEO-5).
    #expect(names.filter { $0 == "finalLayoutAttributesForDisappearingItem(at:)" }.count == 7)
    #expect(names.filter { $0 == "initialLayoutAttributesForAppearingItem(at:)" }.count == 7)
    #expect(finished == nil)
    // The old item 6 is pushed off screen; its view stays until the animation ends.
    #expect(cv.visibleElements.count == 7)
    let tracks = cv.updateAnimation?.tracks ?? []
    #expect(tracks.first?.change == .inserted)
    #expect(tracks.first?.from.alpha == 0)
    #expect(
      tracks.first(where: { $0.disappears })?.to.frame
        == Rect(x: 0, y: 700, width: 375, height: 100))
    cv.finishUpdateAnimation()
    #expect(finished == true)
    #expect(cv.events.contains(.didEndDisplaying(.cell(path(0, 6)))))
    #expect(cv.events.last == .completion(finished: true))
  }

  @Test("LAY-15: a deleted item fades out where it was; survivors slide from their old frames")
  func deleteDefaults() {
    let (cv, source) = feed()
    source.itemCounts = [19]
    cv.deleteItems(at: [path(0, 1)])
    let tracks = cv.updateAnimation?.tracks ?? []
    let deleted = tracks.first { $0.change == .deleted }
    #expect(deleted?.from.frame == Rect(x: 0, y: 100, width: 375, height: 100))
    #expect(deleted?.to.alpha == 0)
    #expect(deleted?.to.frame == deleted?.from.frame)
    let slid = tracks.first { $0.newKey == .cell(path(0, 1)) }
    #expect(slid?.from.frame.origin.y == 200)
    #expect(slid?.to.frame.origin.y == 100)
    #expect(slid?.attributes(at: 0.5).frame.origin.y == 150)
    // Item 6 was in the old query rect below the screen: it slides in from there.
    let entering = tracks.first { $0.newKey == .cell(path(0, 5)) }
    #expect(entering?.from.frame.origin.y == 600)
    #expect(entering?.change == .shifted)
  }

  @Test("BATCH-6: a bad batch raises, and the view stays as it was")
  func faultKeepsState() {
    let (cv, source) = feed()
    let before = cv.visibleElements
    source.itemCounts = [22]
    let ok = cv.performBatchUpdates { cv.insertItems(at: [path(0, 0)]) }
    #expect(!ok)
    #expect(cv.exceptions.last?.reason.hasPrefix("Invalid update: invalid number of items") == true)
    #expect(cv.numberOfItems(inSection: 0) == 20)
    #expect(cv.visibleElements == before)
    #expect(cv.updateAnimation == nil)
  }

  @Test("DISP-2: a reload gets a new view; the old one ends with the animation")
  func reloadViews() {
    let (cv, source) = feed()
    let old = cv.cellForItem(at: path(0, 2))
    cv.removeAllEvents()
    cv.reloadItems(at: [path(0, 2)])
    let new = cv.cellForItem(at: path(0, 2))
    #expect(old != nil && new != nil && old != new)
    #expect(!cv.events.contains(.didEndDisplaying(.cell(path(0, 2)))))
    cv.finishUpdateAnimation()
    #expect(cv.events.contains(.didEndDisplaying(.cell(path(0, 2)))))
    let changes = cv.events.compactMap { e -> String? in
      if case .willDisplay(let k) = e { return "will \(k)" }
      return nil
    }
    #expect(changes == ["will cell [0, 2]"])
    #expect(source.itemCounts == [20])
  }
}
