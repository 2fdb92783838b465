extension CollectionViewFlowLayout {
  /// LAY-15 for the flow layout's own supplementary views: the headers and footers of
  /// sections the batch deletes or reloads are deleted, and those of sections it inserts or
  /// reloads are inserted, so they fade rather than slide (engine reading of UIKit's flow
  /// layout; the base class answers none). Only sections that have the element are listed.
  func supplementaryToDelete(ofKind elementKind: String) -> [IndexPath] {
    guard let update = currentUpdate else { return [] }
    let had = elementKind == ElementKind.sectionHeader ? update.oldHeaders : update.oldFooters
    return update.replacedOldSections.filter { had.contains($0) }.map {
      IndexPath(item: 0, section: $0)
    }
  }

  func supplementaryToInsert(ofKind elementKind: String) -> [IndexPath] {
    guard let update = currentUpdate else { return [] }
    let isHeader = elementKind == ElementKind.sectionHeader
    guard isHeader || elementKind == ElementKind.sectionFooter else { return [] }
    return update.replacedNewSections.filter { s in
      sections.indices.contains(s) && (isHeader ? sections[s].header : sections[s].footer) != nil
    }.map { IndexPath(item: 0, section: $0) }
  }

  /// Called from `invalidateLayout(with:)` for a batch: what the old sections held, before
  /// `prepare()` replaces them; the measured sizes follow their items (`remapMeasuredSizes`).
  func noteBatch(_ mapping: BatchMapping) {
    remapMeasuredSizes(mapping)
    var update = FlowUpdate()
    for (s, section) in sections.enumerated() {
      if section.header != nil { update.oldHeaders.insert(s) }
      if section.footer != nil { update.oldFooters.insert(s) }
    }
    for s in mapping.countsBefore.indices
    where mapping.isReloaded(oldSection: s) || mapping.newSection(forOld: s) == nil {
      update.replacedOldSections.append(s)
    }
    for s in mapping.countsAfter.indices {
      if let old = mapping.oldSection(forNew: s), !mapping.isReloaded(oldSection: old) { continue }
      update.replacedNewSections.append(s)
    }
    currentUpdate = update
  }

  /// Self-sizing (FLOW-23) across a batch: `BatchMapping.remap(measuredSizes:)`.
  func remapMeasuredSizes(_ mapping: BatchMapping) {
    mapping.remap(measuredSizes: &measuredSizes)
  }
}

/// The sections a batch replaces, as the flow layout saw them before it.
struct FlowUpdate {
  var oldHeaders: Set<Int> = []
  var oldFooters: Set<Int> = []
  var replacedOldSections: [Int] = []
  var replacedNewSections: [Int] = []
}
