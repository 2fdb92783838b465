/// UIKit's checks of a batch (BATCH-5…BATCH-8), in BATCH-8's order. Within a side the
/// range checks go sections before items and, in each, deletes, then reloads, then moves
/// (inserts, then moves on the insert side), each list in the order it was called: UIKit's
/// order inside a side is OPEN-5, and only a batch with two faults can tell.
struct BatchChecker {
  let plan: BatchPlan
  let before: [Int]
  let after: [Int]

  private func fault(_ reason: String) -> CollectionViewException {
    CollectionViewException(name: CollectionViewException.internalInconsistency, reason: reason)
  }

  private func itemsBefore(_ section: Int) -> Int? {
    before.indices.contains(section) ? before[section] : nil
  }

  private func itemsAfter(_ section: Int) -> Int? {
    after.indices.contains(section) ? after[section] : nil
  }

  // MARK: The delete side

  /// Ranges of deletes, reloads and move sources against the counts before (BATCH-6's
  /// texts), then their conflicts (BATCH-7).
  func checkDeleteSide() throws(CollectionViewException) {
    let n = before.count
    for s in plan.deletedSections where !(0..<n).contains(s) {
      throw fault(
        "attempt to delete section \(s), but there are only \(n) sections before the update")
    }
    // The reload and move texts mirror the delete text (engine wording; UIKit's is OPEN).
    for s in plan.reloadedSections where !(0..<n).contains(s) {
      throw fault(
        "attempt to reload section \(s), but there are only \(n) sections before the update")
    }
    for move in plan.movedSections where !(0..<n).contains(move.from) {
      throw fault(
        "attempt to move section \(move.from), but there are only \(n) sections before the update")
    }
    for p in plan.deletedItems + plan.reloadedItems {
      try checkBefore(p)
    }
    for move in plan.movedItems {
      let count = itemsBefore(move.from.section) ?? 0
      if !(0..<count).contains(move.from.item) {
        throw fault(
          "attempt to move index path \(move.from.quoted) that does not exist - there are only "
            + "\(count) items in section \(move.from.section) before the update")
      }
    }
    try checkDeleteConflicts()
  }

  /// A reload is a delete and an insert of the same path, so it takes the delete's text
  /// (BATCH-6).
  private func checkBefore(_ p: IndexPath) throws(CollectionViewException) {
    guard let count = itemsBefore(p.section) else {
      throw fault(
        "attempt to delete item \(p.item) from section \(p.section), but there are only "
          + "\(before.count) sections before the update")
    }
    if !(0..<count).contains(p.item) {
      throw fault(
        "attempt to delete item \(p.item) from section \(p.section) which only contains "
          + "\(count) items before the update")
    }
  }

  /// BATCH-7 on the old state: {delete, reload, move source} pairwise distinct, for
  /// sections and items. A path named twice by one kind is rejected too (UIKit does not
  /// reject it cleanly and may crash later, BATCH-7); those texts are the engine's. An item
  /// moved out of a section that is deleted or reloaded goes with it, which UIKit refuses
  /// (TLIndexPathTools' "cannot move a row from a deleted section"); the text is the
  /// engine's.
  private func checkDeleteConflicts() throws(CollectionViewException) {
    var sections: [Int: BatchOperationKind] = [:]
    for s in plan.deletedSections {
      if sections.updateValue(.delete, forKey: s) != nil {
        throw fault("attempt to delete section \(s) more than once")
      }
    }
    for s in plan.reloadedSections {
      switch sections.updateValue(.reload, forKey: s) {
      case .delete: throw fault("attempt to delete and reload the same section (\(s))")
      case .reload: throw fault("attempt to reload section \(s) more than once")
      default: break
      }
    }
    for move in plan.movedSections {
      switch sections.updateValue(.move, forKey: move.from) {
      case .delete, .reload:
        throw fault("attempt to perform a delete and a move from the same section (\(move.from))")
      case .move: throw fault("attempt to move section \(move.from) more than once")
      default: break
      }
    }
    var paths: [IndexPath: BatchOperationKind] = [:]
    for p in plan.deletedItems {
      if paths.updateValue(.delete, forKey: p) != nil {
        throw fault("attempt to delete the same index path more than once \(p.quoted)")
      }
    }
    for p in plan.reloadedItems {
      switch paths.updateValue(.reload, forKey: p) {
      case .delete: throw fault("attempt to delete and reload the same index path \(p.quoted)")
      case .reload: throw fault("attempt to reload the same index path more than once \(p.quoted)")
      default: break
      }
    }
    for move in plan.movedItems {
      let p = move.from
      switch paths.updateValue(.move, forKey: p) {
      case .delete, .reload:
        throw fault("attempt to perform a delete and a move from the same index path \(p.quoted)")
      case .move: throw fault("attempt to move the same index path more than once \(p.quoted)")
      default: break
      }
      if let kind = sections[p.section], kind != .move {
        throw fault(
          "attempt to move index path \(p.quoted) out of a section that is \(kind.pastTense)")
      }
    }
  }

  // MARK: The insert side

  /// Ranges of inserts and move targets against the counts after, then their conflicts.
  func checkInsertSide() throws(CollectionViewException) {
    let n = after.count
    for s in plan.insertedSections where !(0..<n).contains(s) {
      throw fault(
        "attempt to insert section \(s) but there are only \(n) sections after the update")
    }
    for move in plan.movedSections where !(0..<n).contains(move.to) {
      throw fault(
        "attempt to move section \(move.from) to section \(move.to), but there are only \(n) "
          + "sections after the update")
    }
    // A reload is an insert where it lands (BATCH-9): beside moves out of its section that
    // can be past the section's end, which the insert's text says (engine reading: UIKit
    // performs a reload as a delete and an insert).
    for p in plan.insertedItems + plan.reloadTargets.map(\.to) {
      guard let count = itemsAfter(p.section) else {
        throw fault(
          "attempt to insert item \(p.item) into section \(p.section), but there are only \(n) "
            + "sections after the update")
      }
      if !(0..<count).contains(p.item) {
        throw fault(
          "attempt to insert item \(p.item) into section \(p.section), but there are only "
            + "\(count) items in section \(p.section) after the update")
      }
    }
    for move in plan.movedItems {
      let count = itemsAfter(move.to.section) ?? 0
      if !(0..<count).contains(move.to.item) {
        throw fault(
          "attempt to move index path \(move.from.quoted) to index path \(move.to.quoted) that "
            + "does not exist - there are only \(count) items in section \(move.to.section) "
            + "after the update")
      }
    }
    try checkInsertConflicts()
  }

  /// BATCH-7 on the new state: {insert, reload, move target} pairwise distinct. A reload
  /// is compared where it lands (BATCH-9): shifted past the inserts, it never meets one or
  /// another reload, but a move's target ignores it, and UIKit, which performs the reload
  /// as a delete and an insert, names the clash "an insert and a move". The texts for two
  /// moves to one target (OPEN), for a path inserted twice and for a move into a section
  /// that is inserted or reloaded are the engine's.
  private func checkInsertConflicts() throws(CollectionViewException) {
    var sections: [Int: BatchOperationKind] = [:]
    for s in plan.insertedSections {
      if sections.updateValue(.insert, forKey: s) != nil {
        throw fault("attempt to insert section \(s) more than once")
      }
    }
    for s in plan.reloadedSections {
      if sections.updateValue(.reload, forKey: s) == .insert {
        throw fault("attempt to insert and reload the same section (\(s))")
      }
    }
    for move in plan.movedSections {
      switch sections.updateValue(.move, forKey: move.to) {
      case .insert, .reload:
        throw fault("attempt to perform an insert and a move to the same section (\(move.to))")
      case .move: throw fault("attempt to perform two moves to the same section (\(move.to))")
      default: break
      }
    }
    var paths: [IndexPath: BatchOperationKind] = [:]
    for p in plan.insertedItems {
      if paths.updateValue(.insert, forKey: p) != nil {
        throw fault("attempt to insert the same index path more than once \(p.quoted)")
      }
    }
    for target in plan.reloadTargets.map(\.to) { paths[target] = .reload }
    for move in plan.movedItems {
      let p = move.to
      switch paths.updateValue(.move, forKey: p) {
      case .insert, .reload:
        throw fault("attempt to perform an insert and a move to the same index path \(p.quoted)")
      case .move: throw fault("attempt to perform two moves to the same index path \(p.quoted)")
      default: break
      }
      if let kind = sections[p.section], kind != .move {
        throw fault(
          "attempt to move index path \(move.from.quoted) into a section that is \(kind.pastTense)")
      }
    }
  }

  // MARK: Counts (BATCH-5)

  /// Sections after == before + inserted − deleted (moves and reloads count neither way).
  func checkSectionCount() throws(CollectionViewException) {
    let inserted = plan.insertedSections.count
    let deleted = plan.deletedSections.count
    if after.count != before.count + inserted - deleted {
      throw fault(
        "Invalid update: invalid number of sections.  The number of sections contained in the "
          + "collection view after the update (\(after.count)) must be equal to the number of "
          + "sections contained in the collection view before the update (\(before.count)), "
          + "plus or minus the number of sections inserted or deleted (\(inserted) inserted, "
          + "\(deleted) deleted).")
    }
  }

  /// For each section that exists before and after (not inserted, deleted or reloaded;
  /// moved ones count), in new order: after == before + inserted − deleted + moved in −
  /// moved out. The message names the section's index after the update. A move inside one
  /// section moves nothing in or out (engine reading of the text; the count is the same).
  func checkItemCounts(_ mapping: BatchMapping) throws(CollectionViewException) {
    var inserted: [Int: Int] = [:]
    var deleted: [Int: Int] = [:]
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    for p in plan.insertedItems { inserted[p.section, default: 0] += 1 }
    for p in plan.deletedItems { deleted[p.section, default: 0] += 1 }
    for move in plan.movedItems
    where mapping.newSection(forOld: move.from.section) != move.to.section {
      movedOut[move.from.section, default: 0] += 1
      movedIn[move.to.section, default: 0] += 1
    }
    for s in 0..<after.count {
      guard let old = mapping.oldSection(forNew: s), !mapping.isReloaded(oldSection: old) else {
        continue
      }
      let i = inserted[s] ?? 0
      let d = deleted[old] ?? 0
      let mi = movedIn[s] ?? 0
      let mo = movedOut[old] ?? 0
      if after[s] != before[old] + i - d + mi - mo {
        throw fault(
          "Invalid update: invalid number of items in section \(s).  The number of items "
            + "contained in an existing section after the update (\(after[s])) must be equal to "
            + "the number of items contained in that section before the update (\(before[old])), "
            + "plus or minus the number of items inserted or deleted from that section (\(i) "
            + "inserted, \(d) deleted) and plus or minus the number of items moved into or out "
            + "of that section (\(mi) moved in, \(mo) moved out).")
      }
    }
  }
}

/// What a batch does to one index path or section, for its conflict checks.
enum BatchOperationKind {
  case insert, delete, reload, move

  var pastTense: String {
    switch self {
    case .insert: "inserted"
    case .delete: "deleted"
    case .reload: "reloaded"
    case .move: "moved"
    }
  }
}
