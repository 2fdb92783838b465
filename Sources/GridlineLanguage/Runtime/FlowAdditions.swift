import LayoutEngine

/// `decoration "KIND" for each section | for section N | at [S, I] { frame = …; z … }`: a
/// decoration view in every section, in one, or at one index path, whose frame is an
/// expression of its section's geometry (`section`).
struct SectionDecoration {
  /// `for section N` is the place `at [N, 0]`, so declaring either again replaces both.
  enum Place: Equatable {
    case eachSection
    case indexPath(IndexPath)

    /// The item index of the view in section `s`, or nil when it has none there (a
    /// negative item is no place at all).
    func item(inSection s: Int) -> Int? {
      switch self {
      case .eachSection: 0
      case .indexPath(let path): path.section == s && path.item >= 0 ? path.item : nil
      }
    }
  }

  var kind: String
  var zIndex: Int
  var frame: Expr
  var place = Place.eachSection
}

/// `on flag NAME recompute decorations "KIND", …`: what `invalidateLayout(with:)` does when
/// a context carries the flag — recompute the decorations of those kinds, only them.
struct FlagHandler: Hashable, Sendable {
  var flag: String
  var recomputeDecorationKinds: [String]
}

/// The classic custom context: a `FlowLayoutInvalidationContext` with named flags (e.g.
/// `invalidateFooter`) that a layout sets in `invalidationContext(forBoundsChange:)` and
/// reads in `invalidateLayout(with:)` — the context class an app would write for its own
/// flow subclass, which is what the script's layouts are.
final class FlaggedInvalidationContext: FlowLayoutInvalidationContext {
  var flags: Set<String> = []

  required init() {}

  override var customFields: [String: String] {
    var fields = super.customFields
    if !flags.isEmpty { fields["flags"] = flags.sorted().joined(separator: ",") }
    return fields
  }
}

/// What a script adds to a flow layout — decoration views per section, attribute rules,
/// invalidation triggers and flag handlers — and the decorations of the last pass, indexed
/// for rect queries (O(log n + k), like the flow's own elements).
///
/// `ScriptFlowLayout` and `ScriptStickyHeadersFlowLayout` each own one and forward UIKit's
/// callbacks to it. A subclass cannot be generic over its superclass, so the two share this
/// object rather than a base class. Every method takes the layout it serves.
final class FlowAdditions {
  let callbacks: ScriptCallbacks
  /// The script's rules in the order declared; `rules` and `updateRules` split them.
  var allRules: [AttributeRule] = [] {
    didSet {
      rules = allRules.filter { $0.moment == .always }
      updateRules = allRules.filter { $0.moment != .always }
      followsBounds = allRules.contains { $0.live?.followsBounds ?? false }
    }
  }
  /// Whether a rule's values depend on the bounds: every bounds change must then invalidate
  /// (LAY-8), as a carousel's layout answers `shouldInvalidateLayout(forBoundsChange:)`.
  private(set) var followsBounds = false
  private(set) var rules: [AttributeRule] = []
  /// `appearing` / `disappearing` rules (see `FlowAdditions+Updates.swift`).
  private(set) var updateRules: [AttributeRule] = []
  /// What the update in flight inserts and deletes, from `prepare(forCollectionViewUpdates:)`.
  var update: BatchChanges?
  var decorations: [SectionDecoration] = []
  var triggers: [TriggerDecl] = []
  var handlers: [FlagHandler] = []
  /// `snap { target = … }`.
  var snap: Expr?

  /// One decoration of the last pass.
  private struct Entry {
    var decoration: Int
    var section: Int
    var item: Int
    var frame: Rect
  }

  private var entries: [Entry] = []
  private var index = AttributeIndex(axis: .vertical)
  /// The layout pass the decorations were computed for (`layoutGeneration`).
  private var generation = 0
  /// Decoration kinds to recompute in the next `prepare()` without a full pass.
  private var dirtyKinds: Set<String> = []

  init(_ callbacks: ScriptCallbacks) {
    self.callbacks = callbacks
  }

  var decorationCount: Int { entries.count }

  /// The layout's `keepsFramesBeforeUpdates`: false when decorations exist (they are
  /// derived from every section's geometry) or when a section sizes its items by an
  /// expression of `item` / `section` — the general evaluator may read more than the index
  /// path and reports its failures per pass, so every item must be asked again. Constant
  /// sizes per range are safe: the interpreter remaps item rules through the batch's
  /// mapping, so a kept item keeps its size.
  func keepsFramesBeforeUpdates(_ layout: CollectionViewFlowLayout) -> Bool {
    guard decorations.isEmpty else { return false }
    guard let delegate = layout.collectionView?.delegate as? ScriptFlowDelegate else {
      return true
    }
    return !delegate.sizesByExpression
  }

  // MARK: Preparing

  /// After the flow's `prepare()`: every decoration again after a full pass, else only the
  /// kinds a flag named.
  func layoutDidPrepare(_ layout: CollectionViewFlowLayout) {
    if layout.layoutGeneration != generation {
      dirtyKinds.removeAll()
      computeDecorations(layout)
    } else if !dirtyKinds.isEmpty {
      computeDecorations(layout, onlyKinds: dirtyKinds)
      dirtyKinds.removeAll()
    }
  }

  /// After a self-sizing context: a flow that laid everything out again to answer it has
  /// new geometry, so its decorations follow at once (flagged kinds wait for `prepare()`).
  func layoutDidResize(_ layout: CollectionViewFlowLayout) {
    if layout.layoutGeneration != generation { computeDecorations(layout) }
  }

  /// Computes the decorations of every section (or only those of `onlyKinds`, keeping the
  /// others) and indexes them. A full pass counts them as recomputed; a partial one answers
  /// a flag whose context already named (and counted) them.
  private func computeDecorations(
    _ layout: CollectionViewFlowLayout, onlyKinds: Set<String>? = nil
  ) {
    generation = layout.layoutGeneration
    if let onlyKinds {
      entries.removeAll { onlyKinds.contains(decorations[$0.decoration].kind) }
    } else {
      entries.removeAll(keepingCapacity: true)
    }
    let axis: AttributeIndex.Axis = layout.scrollDirection == .vertical ? .vertical : .horizontal
    guard !decorations.isEmpty else {
      index = AttributeIndex(axis: axis)
      return
    }
    let before = entries.count
    // A decoration for one section or index path comes before one for each section, and a
    // place has one view of a kind: the more precise declaration wins there.
    let order = decorations.indices.sorted {
      (decorations[$0].place == .eachSection ? 1 : 0, $0)
        < (decorations[$1].place == .eachSection ? 1 : 0, $1)
    }
    // With every decoration for each section, kinds are unique and nothing can collide.
    let precise = decorations.contains { $0.place != .eachSection }
    for s in 0..<layout.numberOfLaidOutSections {
      guard let geometry = layout.geometry(ofSection: s) else { continue }
      var taken = Set<ElementKey>()
      for d in order {
        let decoration = decorations[d]
        guard onlyKinds.map({ $0.contains(decoration.kind) }) ?? true,
          let item = decoration.place.item(inSection: s),
          !precise
            || taken.insert(
              ElementKey(
                category: .decorationView, kind: decoration.kind,
                indexPath: IndexPath(item: item, section: s))
            ).inserted
        else { continue }
        if let frame = callbacks.decorationFrame(decoration.frame, geometry, in: layout),
          !frame.isNull,
          frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite
        {
          entries.append(Entry(decoration: d, section: s, item: item, frame: frame))
        }
      }
    }
    index = AttributeIndex(axis: axis, unsortedFrames: entries.map(\.frame))
    if onlyKinds == nil { layout.noteRecomputed(entries.count - before) }
  }

  // MARK: Answering

  /// The flow's answer for `rect`, then the decorations in it, every element restyled by
  /// the rules (copies: FLOW-22). An empty layout answers nothing at all.
  func elements(
    _ base: [LayoutAttributes], in rect: Rect, of layout: CollectionViewFlowLayout
  ) -> [LayoutAttributes] {
    let r = rect.standardized
    if r.isNull || layout.numberOfLaidOutSections == 0 { return base }
    var result = base
    index.forEach(intersecting: r) { i in result.append(decorationAttributes(i)) }
    if !rules.isEmpty {
      let scope = LiveScope(callbacks, layout)
      for i in result.indices { AttributeRule.apply(rules, to: &result[i], in: scope) }
    }
    return result
  }

  /// One element of the flow's, restyled by the rules.
  func restyled(_ attributes: LayoutAttributes?, of layout: CollectionViewLayout)
    -> LayoutAttributes?
  {
    guard var attributes else { return nil }
    AttributeRule.apply(rules, to: &attributes, in: LiveScope(callbacks, layout))
    return attributes
  }

  /// A decoration lives at item 0 of its section, or at the index path it was declared at.
  func decoration(ofKind kind: String, at indexPath: IndexPath, of layout: CollectionViewLayout)
    -> LayoutAttributes?
  {
    guard
      let i = entries.firstIndex(where: {
        decorations[$0.decoration].kind == kind && $0.section == indexPath.section
          && $0.item == indexPath.item
      })
    else { return nil }
    return restyled(decorationAttributes(i), of: layout)
  }

  private func decorationAttributes(_ i: Int) -> LayoutAttributes {
    let entry = entries[i]
    let decoration = decorations[entry.decoration]
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: decoration.kind,
      with: IndexPath(item: entry.item, section: entry.section))
    attributes.frame = entry.frame
    attributes.zIndex = decoration.zIndex
    return attributes
  }

  /// LAY-13's velocity target: the `snap` hook's, else the flow's (the proposal).
  func target(
    _ layout: CollectionViewFlowLayout, proposed: Point, velocity: Point, otherwise: Point
  ) -> Point {
    guard let snap, let cv = layout.collectionView else { return otherwise }
    return callbacks.target(snap, of: "snap", proposed: proposed, velocity: velocity, in: cv)
      ?? otherwise
  }

  // MARK: Invalidating

  /// The triggers that fire for a change from the current bounds to `newBounds`.
  func firedTriggers(_ layout: CollectionViewFlowLayout, _ newBounds: Rect) -> [TriggerDecl] {
    guard let old = layout.collectionView?.bounds, !triggers.isEmpty else { return [] }
    return triggers.filter { callbacks.fires($0, old: old, new: newBounds) }
  }

  /// The context for a bounds change: the flow's own (`pinned`, PIN-1) when no trigger
  /// fires; otherwise a flagged context, targeted (frames kept, LAY-11) unless a trigger asks
  /// for everything or the cross extent changes (FLOW-24), with the pinned paths PIN-1 needs.
  func context(
    _ layout: CollectionViewFlowLayout, forBoundsChange newBounds: Rect,
    pinned: InvalidationContext
  ) -> InvalidationContext {
    let fired = firedTriggers(layout, newBounds)
    if fired.isEmpty { return followsBounds ? requery(layout, newBounds, pinned) : pinned }
    let context = FlaggedInvalidationContext()
    let old = layout.collectionView?.bounds ?? newBounds
    let full =
      crossExtentChanges(layout, newBounds)
      || fired.contains { $0.actions.contains { $0.kind == .everything } }
    context.invalidateFlowLayoutAttributes = full
    context.invalidateFlowLayoutDelegateMetrics = full
    if !full {
      for (kind, paths) in pinned.invalidatedSupplementaryIndexPaths ?? [:] {
        context.invalidateSupplementaryElements(ofKind: kind, at: paths)
      }
    }
    for trigger in fired { callbacks.fill(context, with: trigger, old: old, new: newBounds) }
    return context
  }

  /// The context for a scroll that only live rules care about: the flow's computed frames
  /// stay (LAY-11, both flags false, the optimisation a carousel's layout writes), and a
  /// context that names nothing makes the collection view ask for its rect again, every
  /// element restyled for the new bounds (pinned headers included). A change of the cross
  /// extent keeps the flow's own full invalidation (FLOW-24).
  private func requery(
    _ layout: CollectionViewFlowLayout, _ newBounds: Rect, _ pinned: InvalidationContext
  ) -> InvalidationContext {
    guard !crossExtentChanges(layout, newBounds) else { return pinned }
    let context = FlaggedInvalidationContext()
    context.invalidateFlowLayoutAttributes = false
    context.invalidateFlowLayoutDelegateMetrics = false
    return context
  }

  /// FLOW-24: the extent across the scroll axis changes.
  private func crossExtentChanges(_ layout: CollectionViewFlowLayout, _ newBounds: Rect) -> Bool {
    guard let old = layout.collectionView?.bounds else { return false }
    return layout.scrollDirection == .vertical
      ? newBounds.width != old.width : newBounds.height != old.height
  }

  /// Before the flow applies `context`: flags with a handler mark their decorations for the
  /// next `prepare()` and name them in the context, so the collection view asks again.
  func handleFlags(in context: InvalidationContext) {
    guard let flagged = context as? FlaggedInvalidationContext else { return }
    for handler in handlers where flagged.flags.contains(handler.flag) {
      for kind in handler.recomputeDecorationKinds {
        dirtyKinds.insert(kind)
        // Each view at its own index path (`decoration … at [0, 1]` is item 1 of section 0).
        let paths = entries.filter { decorations[$0.decoration].kind == kind }
          .map { IndexPath(item: $0.item, section: $0.section) }
        flagged.invalidateDecorationElements(ofKind: kind, at: paths)
      }
    }
  }
}
