import GridlineTestSupport
import LayoutEngine
import Testing

/// BATCH-3, BATCH-7, BATCH-9 as a property: for random batches of deletes, inserts, moves
/// and reloads in one section, the engine's mapping, update items and refusals agree with a
/// model that applies the batch to a list of labels. The model finds where a reload lands
/// by applying only the batch's deletes and inserts to the old list (moves ignored), then
/// builds the new list: every insert, move target and reload landing takes its slot, the
/// survivors fill the rest in order.
@Suite("Batch updates: where reloads land (property)")
struct BatchReloadPropertyTests {
  struct Model {
    var valid: Bool
    /// Old index (or nil for an insert) at each new index.
    var newList: [Int?]
    var landings: [Int: Int]
  }

  static func model(
    count n: Int, deletes: [Int], inserts: [Int], moves: [(Int, Int)], reloads: [Int]
  ) -> Model {
    // Where each reload lands: the old list with only the plain deletes and inserts.
    var plain: [Int?] = (0..<n).filter { !deletes.contains($0) }.map { $0 }
    for i in inserts.sorted() where i <= plain.count { plain.insert(nil, at: i) }
    var landings: [Int: Int] = [:]
    for r in reloads { landings[r] = plain.firstIndex(of: r) }
    let after = n - deletes.count + inserts.count
    let targets = inserts + moves.map(\.1) + reloads.compactMap { landings[$0] }
    let inRange =
      inserts.allSatisfy { (0..<after).contains($0) }
      && moves.allSatisfy { (0..<after).contains($0.1) } && landings.count == reloads.count
      && landings.values.allSatisfy { (0..<after).contains($0) }
    guard inRange, Set(targets).count == targets.count else {
      return Model(valid: false, newList: [], landings: landings)
    }
    var list = [Int?](repeating: nil, count: after)
    var taken = Set(inserts)
    for (from, to) in moves {
      list[to] = from
      taken.insert(to)
    }
    for (from, to) in landings {
      list[to] = from
      taken.insert(to)
    }
    let removed = Set(deletes + moves.map(\.0) + reloads)
    var survivors = (0..<n).filter { !removed.contains($0) }.makeIterator()
    for i in 0..<after where !taken.contains(i) { list[i] = survivors.next() }
    return Model(valid: true, newList: list, landings: landings)
  }

  @Test("random batches: the mapping, the update items and the refusals match the model")
  func randomBatches() throws {
    var g = SeededGenerator(seed: 2026_11_29)
    var checked = 0
    var refused = 0
    for _ in 0..<3_000 {
      let n = Int.random(in: 1...8, using: &g)
      var free = Array(0..<n).shuffled(using: &g)
      func take(_ k: Int) -> [Int] {
        let k = min(k, free.count)
        defer { free.removeFirst(k) }
        return Array(free.prefix(k))
      }
      let deletes = take(Int.random(in: 0...2, using: &g))
      let reloads = take(Int.random(in: 0...2, using: &g))
      let moveSources = take(Int.random(in: 0...2, using: &g))
      let inserts = Array(
        Set(
          (0..<Int.random(in: 0...2, using: &g)).map { _ in
            Int.random(in: 0...n, using: &g)
          }))
      let after = n - deletes.count + inserts.count
      guard after > 0 else { continue }
      let moves = moveSources.map { ($0, Int.random(in: 0..<after, using: &g)) }
      let p = { (i: Int) in IndexPath(item: i, section: 0) }
      var operations: [BatchOperation] = []
      if !deletes.isEmpty { operations.append(.deleteItems(deletes.map(p))) }
      if !inserts.isEmpty { operations.append(.insertItems(inserts.map(p))) }
      for (from, to) in moves { operations.append(.moveItem(from: p(from), to: p(to))) }
      if !reloads.isEmpty { operations.append(.reloadItems(reloads.map(p))) }
      let expected = Self.model(
        count: n, deletes: deletes, inserts: inserts, moves: moves, reloads: reloads)
      let batch = BatchUpdate(operations)
      for (from, to) in expected.landings { #expect(batch.reloadLandings[p(from)] == p(to)) }
      let m: BatchMapping
      do throws(CollectionViewException) {
        m = try batch.resolve(before: [n], after: [after])
      } catch {
        refused += 1
        #expect(!expected.valid, "refused \(operations): \(error.reason)")
        continue
      }
      #expect(expected.valid, "accepted \(operations)")
      guard expected.valid else { continue }
      checked += 1
      let got = (0..<after).map { m.oldIndexPath(forNew: p($0))?.item }
      #expect(got == expected.newList, "\(operations)")
      for old in 0..<n {
        if let new = m.newIndexPath(forOld: p(old)) {
          #expect(m.oldIndexPath(forNew: new) == p(old))
        }
      }
      for item in m.updateItems where item.updateAction == .reload {
        let from = try #require(item.indexPathBeforeUpdate)
        #expect(item.indexPathAfterUpdate == m.newIndexPath(forOld: from))
      }
    }
    // Both kinds of batch were tried.
    #expect(checked > 500 && refused > 100, "\(checked) accepted, \(refused) refused")
  }
}
