/// A reason of one's own to invalidate on a bounds change — what an app writes in its
/// `shouldInvalidateLayout(forBoundsChange:)` / `invalidationContext(forBoundsChange:)`
/// overrides, as a value: when to fire, and what the context then names.
public struct BoundsChangeTrigger: @unchecked Sendable {
  /// Fire only when the bounds size changes (a resize or rotation), not on scrolls.
  public var onSizeChangeOnly: Bool
  /// `nil` fires on every qualifying change.
  public var condition: ((_ old: Rect, _ new: Rect) -> Bool)?
  /// Items, supplementary and decoration index paths, and flags for the context.
  public var fill: (_ context: FlaggedInvalidationContext, _ old: Rect, _ new: Rect) -> Void
  /// The context recomputes every frame (`invalidateFlowLayoutAttributes` true).
  public var everything: Bool

  public init(
    onSizeChangeOnly: Bool = false, everything: Bool = false,
    condition: ((_ old: Rect, _ new: Rect) -> Bool)? = nil,
    fill: @escaping (_ context: FlaggedInvalidationContext, _ old: Rect, _ new: Rect) -> Void = {
      _, _, _ in
    }
  ) {
    self.onSizeChangeOnly = onSizeChangeOnly
    self.everything = everything
    self.condition = condition
    self.fill = fill
  }

  func fires(_ old: Rect, _ new: Rect) -> Bool {
    if onSizeChangeOnly && old.size == new.size { return false }
    return condition?(old, new) ?? true
  }
}

/// The classic custom context: a `FlowLayoutInvalidationContext` with named flags (e.g.
/// `invalidateFooter`) that a layout sets in `invalidationContext(forBoundsChange:)` and
/// reads in `invalidateLayout(with:)`.
open class FlaggedInvalidationContext: FlowLayoutInvalidationContext {
  public var flags: Set<String> = []

  public required init() {}

  open override var customFields: [String: String] {
    var fields = super.customFields
    if !flags.isEmpty { fields["flags"] = flags.sorted().joined(separator: ",") }
    return fields
  }
}

/// What `invalidateLayout(with:)` does when a context carries a flag: recompute the
/// decorations of the given kinds (only them).
public struct FlagHandler: Hashable, Sendable {
  public var flag: String
  public var recomputeDecorationKinds: [String]

  public init(flag: String, recomputeDecorationKinds: [String]) {
    self.flag = flag
    self.recomputeDecorationKinds = recomputeDecorationKinds
  }
}

extension CollectionViewFlowLayout {
  /// The triggers that fire for a change from the current bounds to `newBounds`.
  func firedTriggers(_ newBounds: Rect) -> [BoundsChangeTrigger] {
    guard let old = collectionView?.bounds, !boundsChangeTriggers.isEmpty else { return [] }
    return boundsChangeTriggers.filter { $0.fires(old, newBounds) }
  }

  /// The context for fired triggers: targeted (frames kept, LAY-11) unless a trigger asks
  /// for everything or the cross extent changes; with the pinned paths PIN-1 needs.
  func triggeredContext(
    _ fired: [BoundsChangeTrigger], _ newBounds: Rect, pinned: InvalidationContext?
  )
    -> FlaggedInvalidationContext
  {
    let context = FlaggedInvalidationContext()
    let old = collectionView?.bounds ?? newBounds
    let full = crossExtentChanges(newBounds) || fired.contains { $0.everything }
    context.invalidateFlowLayoutAttributes = full
    context.invalidateFlowLayoutDelegateMetrics = full
    if !full, let pinned {
      for (kind, paths) in pinned.invalidatedSupplementaryIndexPaths ?? [:] {
        context.invalidateSupplementaryElements(ofKind: kind, at: paths)
      }
    }
    for trigger in fired { trigger.fill(context, old, newBounds) }
    return context
  }

  /// Flags with a handler: their decorations are recomputed in the next `prepare()` and
  /// named in the context, so the collection view asks for them again.
  func handleFlags(_ context: FlaggedInvalidationContext) {
    for handler in flagHandlers where context.flags.contains(handler.flag) {
      for kind in handler.recomputeDecorationKinds {
        dirtyDecorationKinds.insert(kind)
        let paths = decorationEntries.filter { decorations[$0.decoration].kind == kind }
          .map { IndexPath(item: 0, section: $0.section) }
        context.invalidateDecorationElements(ofKind: kind, at: paths)
      }
    }
  }
}
