import LayoutEngine

/// Two snapshots of `count` items in one section for `snapshot.diff.100k`: the second is
/// the first after `changes` seeded edits, a third each of deletes, inserts and moves (an
/// item taken out and put back at a random place).
func changedSnapshots(count: Int, changes: Int, seed: UInt64) -> (
  old: DiffableDataSourceSnapshot, new: DiffableDataSourceSnapshot
) {
  var random = Random(state: seed)
  func position(below bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
  let items = (0..<count).map { "item-\($0)" }
  var changed = items
  for change in 0..<changes {
    switch change % 3 {
    case 0: changed.remove(at: position(below: changed.count))
    case 1: changed.insert("new-\(change)", at: position(below: changed.count + 1))
    default:
      let item = changed.remove(at: position(below: changed.count))
      changed.insert(item, at: position(below: changed.count + 1))
    }
  }
  return (snapshot(of: items), snapshot(of: changed))
}

/// A snapshot of `items` in the section "main".
private func snapshot(of items: [String]) -> DiffableDataSourceSnapshot {
  var snapshot = DiffableDataSourceSnapshot()
  do {
    try snapshot.appendSections(["main"])
    try snapshot.appendItems(items)
  } catch {
    fatalError("\(error)")
  }
  return snapshot
}
