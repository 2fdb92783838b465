import LayoutEngine

/// Layers that own sections — the calendar article's design, where each collection view
/// has its own sections' items: `layer front { owns sections 0...0 }`. Every layer keeps
/// every section (so an index path names the same place in each), and a layer other than
/// the owner reports 0 items in an owned section (`ScriptDataSource`). Sections no layer
/// owns are shared, as before. Engine choices (OPEN: UIKit has one data source per
/// collection view and says nothing of sharing one):
///
/// - one owner per section: a second layer claiming it is an error;
/// - a batch update sends each layer only the item updates of the sections it has items
///   in — an app with two collection views updates each with its own data — and section
///   updates to all; an owned section follows its moves, a deleted one is owned no more,
///   and an inserted one is shared;
/// - the owned sections must exist when a step runs (they may be declared after the
///   layers, as the sections usually are).
extension LayerSet {
  /// `owns sections …` for the layer being configured: it replaces what the layer owned.
  func own(_ sections: ClosedRange<Int>, at range: SourceRange) throws(Diagnostic) {
    let name = current.name
    for s in sections {
      if let other = data.owners[s], other != name {
        throw .error(.sectionOwnedTwice(s, by: other), at: range)
      }
    }
    data.owners = data.owners.filter { $0.value != name }
    for s in sections { data.owners[s] = name }
    current.ownsDeclaration = range
    if isLive {
      try validateOwnership()
      dataDidChange()
    }
  }

  /// Every owned section exists; otherwise the error points at the `owns sections` of the
  /// layer that owns the first missing one.
  func validateOwnership() throws(Diagnostic) {
    let count = data.sections.count
    guard let missing = data.owners.keys.filter({ $0 >= count }).min(),
      let layer = data.owners[missing],
      let range = layers.first(where: { $0.name == layer })?.ownsDeclaration
    else { return }
    throw .error(.ownsMissingSection(layer, missing, count: count), at: range)
  }

  /// The collection view of the layer that owns `section`, when one does.
  func collectionView(owning section: Int) -> CollectionView? {
    guard let owner = data.owners[section] else { return nil }
    return stack?.layers.first { $0.name == owner }?.collectionView
  }

  /// For each layer, back to front, the operations of a batch its collection view gets:
  /// item updates only where it has items — before the batch for deletes and reloads,
  /// after it for inserts; a move between a section it has and one it lacks becomes the
  /// delete or the insert of its own half — and every section update.
  func operations(_ all: [BatchOperation], ownersAfter: [Int: String]) -> [[BatchOperation]] {
    let before = data.owners
    if before.isEmpty && ownersAfter.isEmpty { return layers.map { _ in all } }
    return layers.map { layer in
      let had = { (p: IndexPath) in before[p.section].map { $0 == layer.name } ?? true }
      let has = { (p: IndexPath) in ownersAfter[p.section].map { $0 == layer.name } ?? true }
      return all.compactMap { operation -> BatchOperation? in
        switch operation {
        case .deleteItems(let paths): return .deleteItems(paths.filter(had))
        case .reloadItems(let paths): return .reloadItems(paths.filter(had))
        case .insertItems(let paths): return .insertItems(paths.filter(has))
        case .moveItem(let from, let to):
          switch (had(from), has(to)) {
          case (true, true): return operation
          case (true, false): return .deleteItems([from])
          case (false, true): return .insertItems([to])
          case (false, false): return nil
          }
        default: return operation
        }
      }
    }
  }

  /// Who owns what after a batch: each owned section at its new index (`mapping`); a
  /// deleted section is owned no more; without a mapping the indexes stay.
  func ownersAfter(_ mapping: BatchMapping?) -> [Int: String] {
    guard let mapping, !data.owners.isEmpty else { return data.owners }
    var owners: [Int: String] = [:]
    for (section, layer) in data.owners {
      if let new = mapping.newSection(forOld: section) { owners[new] = layer }
    }
    return owners
  }
}
