/// One batch update between the new layout's answer and the display: asks the layout for
/// the LAY-14 attributes, applies LAY-15's defaults where it answers `nil`, and moves the
/// displayed views from the old answer to the new one (DISP-2).
///
/// LAY-15's defaults: an element on screen before and after moves from its old attributes
/// to its new ones; one that comes on screen starts where it was before — its attributes
/// in the old valid-layout region, when the region held it (PST takes them only from
/// visible views; the engine also uses the rest of the cache, so items slide in from just
/// off screen) — or, inserted or unknown before, at its new attributes with alpha 0; one that
/// leaves the screen ends at its new attributes (asked of the layout when the new answer
/// does not hold it, BATCH-10), or, deleted, at its old attributes with alpha 0. A reload
/// crossfades: the old view fades out where it was, a new view fades in.
struct UpdateSession {
  let mapping: BatchMapping
  let old: LayoutCache?
  let bounds: Rect
  unowned let view: CollectionView
  /// The new answer without duplicates, and the views that show its elements.
  var newAttributes: [LayoutAttributes]
  var newSlots: [DisplaySlot?]
  var ends: [(ElementKey, DisplaySlot)] = []
  var tracks: [UpdateTrack] = []
  /// Kind → the index paths the layout says are deleted / inserted (LAY-15).
  private var deletedElements: Set<ElementKey> = []
  private var insertedElements: Set<ElementKey> = []
  /// Old paths named as move sources.
  private let movedSources: Set<IndexPath>

  init(
    mapping: BatchMapping, old: LayoutCache?, answer: [LayoutAttributes], bounds: Rect,
    view: CollectionView
  ) {
    self.mapping = mapping
    self.old = old
    self.bounds = bounds
    self.view = view
    let items = mapping.updateItems
    movedSources = Set(
      items.filter { $0.updateAction == .move }.compactMap(\.indexPathBeforeUpdate))
    newAttributes = view.withoutDuplicates(answer)
    newSlots = [DisplaySlot?](repeating: nil, count: newAttributes.count)
  }

  mutating func run() {
    let layout = view.collectionViewLayout
    view.record(.prepareForCollectionViewUpdates(mapping.updateItems))
    layout.prepare(forCollectionViewUpdates: mapping.updateItems)
    askSupplementaryUpdates()
    let oldShown = old?.displayed() ?? []
    var finals: [LayoutAttributes?] = []
    for (before, _) in oldShown { finals.append(ask(before, appearing: false)) }
    let newShown = newAttributes.indices.filter {
      CollectionView.isDisplayable(newAttributes[$0], bounds)
    }
    var initials: [LayoutAttributes?] = []
    for i in newShown { initials.append(ask(newAttributes[i], appearing: true)) }
    var carried: [ElementKey: Int] = [:]  // new key → position in `oldShown`
    for (n, (before, _)) in oldShown.enumerated() {
      if let key = newKey(for: before.key) { carried[key] = n }
    }
    var keptOld = Set<Int>()
    var newViews: [Int] = []
    for (n, i) in newShown.enumerated() {
      let attributes = newAttributes[i]
      if let o = carried[attributes.key] {
        keptOld.insert(o)
        let (before, slot) = oldShown[o]
        newSlots[i] = slot
        if before != attributes { view.record(.apply(attributes.key)) }
        tracks.append(
          track(
            old: before.key, new: attributes, from: initials[n] ?? relabeled(before, attributes)))
      } else {
        newViews.append(i)
        tracks.append(
          track(old: nil, new: attributes, from: initials[n] ?? appearingDefault(attributes)))
      }
    }
    for (o, (before, slot)) in oldShown.enumerated() where !keptOld.contains(o) {
      let to = finals[o] ?? disappearingDefault(before)
      let change = changeOfDisappearing(before.key)
      tracks.append(
        UpdateTrack(
          oldKey: before.key,
          newKey: change == .deleted || change == .reloaded ? nil : newKey(for: before.key),
          from: before, to: to, change: change, disappears: true))
      ends.append((before.key, slot))
    }
    // DISP-2: new views are made before old ones go (at the end of the animation).
    for i in newViews {
      newSlots[i] = view.dequeueView(for: newAttributes[i])
      view.willDisplay(newAttributes[i])
    }
    view.record(.hook(LayoutEvent.finalizeCollectionViewUpdates))
    layout.finalizeCollectionViewUpdates()
  }

  // MARK: Keys across the update

  /// The element's key after the batch: `nil` when it is deleted or replaced (a reload, or
  /// an element the layout lists in `indexPathsToDelete…`). Headers, footers and
  /// decorations follow their section; other supplementary views follow their item when
  /// their index path names one, else their section.
  func newKey(for key: ElementKey) -> ElementKey? {
    if deletedElements.contains(key) { return nil }
    let path = key.indexPath
    if key.category == .cell || isItemKeyed(key, counts: mapping.countsBefore) {
      guard !mapping.isReloaded(path), let new = mapping.newIndexPath(forOld: path) else {
        return nil
      }
      return ElementKey(category: key.category, kind: key.kind, indexPath: new)
    }
    guard !mapping.isReloaded(oldSection: path.section),
      let section = mapping.newSection(forOld: path.section)
    else { return nil }
    return ElementKey(
      category: key.category, kind: key.kind,
      indexPath: IndexPath(item: path.item, section: section))
  }

  /// The element's key before the batch: `nil` when it is new.
  func oldKey(for key: ElementKey) -> ElementKey? {
    if insertedElements.contains(key) { return nil }
    let path = key.indexPath
    if key.category == .cell || isItemKeyed(key, counts: mapping.countsAfter) {
      guard let before = mapping.oldIndexPath(forNew: path), !mapping.isReloaded(before) else {
        return nil
      }
      return ElementKey(category: key.category, kind: key.kind, indexPath: before)
    }
    guard let section = mapping.oldSection(forNew: path.section),
      !mapping.isReloaded(oldSection: section)
    else { return nil }
    return ElementKey(
      category: key.category, kind: key.kind,
      indexPath: IndexPath(item: path.item, section: section))
  }

  private func isItemKeyed(_ key: ElementKey, counts: [Int]) -> Bool {
    guard key.category == .supplementaryView, key.kind != ElementKind.sectionHeader,
      key.kind != ElementKind.sectionFooter, counts.indices.contains(key.indexPath.section)
    else { return false }
    return key.indexPath.item < counts[key.indexPath.section]
  }

  // MARK: Defaults (LAY-15)

  private func relabeled(_ before: LayoutAttributes, _ after: LayoutAttributes) -> LayoutAttributes
  {
    var a = before
    a.indexPath = after.indexPath
    return a
  }

  private func appearingDefault(_ attributes: LayoutAttributes) -> LayoutAttributes {
    if let key = oldKey(for: attributes.key), let before = oldAttributes(key) {
      return relabeled(before, attributes)
    }
    var a = attributes
    a.alpha = 0
    return a
  }

  private func disappearingDefault(_ before: LayoutAttributes) -> LayoutAttributes {
    if let key = newKey(for: before.key) {
      if let i = newAttributes.firstIndex(where: { $0.key == key }) {
        return newAttributes[i]
      }
      if let after = view.askLayout(for: key) { return after }
    }
    var a = before
    a.alpha = 0
    return a
  }

  private func oldAttributes(_ key: ElementKey) -> LayoutAttributes? {
    old?.attributes(of: key)
  }

  private func track(old: ElementKey?, new: LayoutAttributes, from: LayoutAttributes) -> UpdateTrack
  {
    let key = old ?? oldKey(for: new.key)
    let change: UpdateChange
    if let key {
      if key.category == .cell && movedSources.contains(key.indexPath) {
        change = .moved
      } else if key.indexPath == new.indexPath && from.frame == new.frame {
        change = .unchanged
      } else {
        change = .shifted
      }
    } else {
      change = isReloadedNew(new.key) ? .reloaded : .inserted
    }
    return UpdateTrack(
      oldKey: key, newKey: new.key, from: from, to: new, change: change, disappears: false)
  }

  private func changeOfDisappearing(_ key: ElementKey) -> UpdateChange {
    if let new = newKey(for: key) {
      if key.category == .cell && movedSources.contains(key.indexPath) { return .moved }
      return new.indexPath == key.indexPath ? .unchanged : .shifted
    }
    let reloaded =
      key.category == .cell
      ? mapping.isReloaded(key.indexPath) : mapping.isReloaded(oldSection: key.indexPath.section)
    return reloaded ? .reloaded : .deleted
  }

  private func isReloadedNew(_ key: ElementKey) -> Bool {
    if key.category == .cell {
      return mapping.oldIndexPath(forNew: key.indexPath).map(mapping.isReloaded) ?? false
    }
    guard let section = mapping.oldSection(forNew: key.indexPath.section) else { return false }
    return mapping.isReloaded(oldSection: section)
  }

  // MARK: The layout's answers

  private mutating func askSupplementaryUpdates() {
    let layout = view.collectionViewLayout
    var supplementary: Set<String> = [ElementKind.sectionHeader, ElementKind.sectionFooter]
    var decoration = layout.registeredDecorationKinds
    supplementary.formUnion(old?.supplementaryKinds ?? [])
    decoration.formUnion(old?.decorationKinds ?? [])
    for a in newAttributes {
      guard let kind = a.representedElementKind else { continue }
      if a.representedElementCategory == .decorationView {
        decoration.insert(kind)
      } else {
        supplementary.insert(kind)
      }
    }
    for kind in supplementary.sorted() {
      let deleted = layout.indexPathsToDeleteForSupplementaryView(ofKind: kind)
      let inserted = layout.indexPathsToInsertForSupplementaryView(ofKind: kind)
      note(.supplementaryView, kind, deleted: deleted, inserted: inserted)
    }
    for kind in decoration.sorted() {
      let deleted = layout.indexPathsToDeleteForDecorationView(ofKind: kind)
      let inserted = layout.indexPathsToInsertForDecorationView(ofKind: kind)
      note(.decorationView, kind, deleted: deleted, inserted: inserted)
    }
  }

  private mutating func note(
    _ category: ElementCategory, _ kind: String, deleted: [IndexPath], inserted: [IndexPath]
  ) {
    view.record(
      .indexPathsForUpdate(insert: false, category: category, kind: kind, result: deleted))
    view.record(
      .indexPathsForUpdate(insert: true, category: category, kind: kind, result: inserted))
    for p in deleted {
      deletedElements.insert(ElementKey(category: category, kind: kind, indexPath: p))
    }
    for p in inserted {
      insertedElements.insert(ElementKey(category: category, kind: kind, indexPath: p))
    }
  }

  /// LAY-14: `finalLayoutAttributesForDisappearing…` for an element on screen before, or
  /// `initialLayoutAttributesForAppearing…` for one on screen after (recorded).
  private func ask(_ a: LayoutAttributes, appearing: Bool) -> LayoutAttributes? {
    let layout = view.collectionViewLayout
    let p = a.indexPath
    let kind = a.representedElementKind ?? ""
    let answer: LayoutAttributes?
    switch (a.representedElementCategory, appearing) {
    case (.cell, true): answer = layout.initialLayoutAttributesForAppearingItem(at: p)
    case (.cell, false): answer = layout.finalLayoutAttributesForDisappearingItem(at: p)
    case (.supplementaryView, true):
      answer = layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: p)
    case (.supplementaryView, false):
      answer = layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: p)
    case (.decorationView, true):
      answer = layout.initialLayoutAttributesForAppearingDecorationElement(ofKind: kind, at: p)
    case (.decorationView, false):
      answer = layout.finalLayoutAttributesForDisappearingDecorationElement(ofKind: kind, at: p)
    }
    view.record(
      appearing
        ? .initialLayoutAttributesForAppearing(a.key, frame: answer?.frame)
        : .finalLayoutAttributesForDisappearing(a.key, frame: answer?.frame))
    return answer
  }
}
