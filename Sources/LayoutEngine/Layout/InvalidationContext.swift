/// Which parts of a layout need recomputing (`UICollectionViewLayoutInvalidationContext`,
/// LAY-10). Subclass it to carry a layout's own flags, and return the subclass from
/// `CollectionViewLayout.invalidationContextClass`.
///
/// TV-36: a fresh context has both Booleans false, no invalidated index paths (`nil`, not
/// empty) and zero adjustments. Only the collection view sets `invalidateEverything`
/// (reload, a new layout, a new data source, `invalidateLayout()`) and
/// `invalidateDataSourceCounts` (reload, batch updates); app code adds index paths through
/// the `invalidate…` methods and may set the two adjustments.
open class InvalidationContext {
  public internal(set) var invalidateEverything = false
  public internal(set) var invalidateDataSourceCounts = false
  public private(set) var invalidatedItemIndexPaths: [IndexPath]?
  /// Kind → index paths, `nil` until something is invalidated.
  public private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
  /// Kind → index paths, `nil` until something is invalidated.
  public private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
  /// Added to the collection view's content offset when the invalidation is applied.
  public var contentOffsetAdjustment: Point = .zero
  /// Added to the content size when the invalidation is applied.
  public var contentSizeAdjustment: Size = .zero
  /// Interactive movement (LAY-10): the items being moved and where they are headed.
  public internal(set) var previousIndexPathsForInteractivelyMovingItems: [IndexPath]?
  public internal(set) var targetIndexPathsForInteractivelyMovingItems: [IndexPath]?
  public internal(set) var interactiveMovementTarget: Point = .zero

  /// The batch that caused a data-source-count invalidation, for the engine's own layouts
  /// (UIKit's flow layout learns the same privately); nil otherwise.
  var batchMapping: BatchMapping?
  /// Set by the engine's flow layout on a movement context whose reorder changes frames: the
  /// move as a one-item batch, for a relayout of the lines from the earlier of the two places.
  var movementMapping: BatchMapping?

  public required init() {}

  public func invalidateItems(at indexPaths: [IndexPath]) {
    invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
  }

  public func invalidateSupplementaryElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedSupplementaryIndexPaths ?? [:]
    all[kind, default: []] += indexPaths
    invalidatedSupplementaryIndexPaths = all
  }

  public func invalidateDecorationElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    var all = invalidatedDecorationIndexPaths ?? [:]
    all[kind, default: []] += indexPaths
    invalidatedDecorationIndexPaths = all
  }

  /// Every element the context names, as keys.
  public var invalidatedElementKeys: Set<ElementKey> {
    var keys: Set<ElementKey> = []
    for path in invalidatedItemIndexPaths ?? [] { keys.insert(.cell(path)) }
    for (kind, paths) in invalidatedSupplementaryIndexPaths ?? [:] {
      for path in paths {
        keys.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: path))
      }
    }
    for (kind, paths) in invalidatedDecorationIndexPaths ?? [:] {
      for path in paths {
        keys.insert(ElementKey(category: .decorationView, kind: kind, indexPath: path))
      }
    }
    return keys
  }

  /// A subclass's own fields, by name, for traces: override and add to `super`'s.
  open var customFields: [String: String] { [:] }

  /// A value snapshot of the context, for the event log.
  public var summary: InvalidationSummary {
    InvalidationSummary(
      contextClass: String(describing: type(of: self)),
      invalidateEverything: invalidateEverything,
      invalidateDataSourceCounts: invalidateDataSourceCounts,
      items: invalidatedItemIndexPaths,
      supplementary: invalidatedSupplementaryIndexPaths,
      decoration: invalidatedDecorationIndexPaths,
      contentOffsetAdjustment: contentOffsetAdjustment,
      contentSizeAdjustment: contentSizeAdjustment,
      customFields: customFields)
  }
}

/// `UICollectionViewFlowLayoutInvalidationContext` (LAY-11). Both flags default to true.
open class FlowLayoutInvalidationContext: InvalidationContext {
  /// `false`: the delegate's sizes, insets and spacings are unchanged.
  public var invalidateFlowLayoutDelegateMetrics = true
  /// `false`: every computed frame is still valid — effectively no invalidation.
  public var invalidateFlowLayoutAttributes = true

  public required init() {}

  open override var customFields: [String: String] {
    // Only departures from the defaults, so a trace shows what is unusual.
    var fields = super.customFields
    if !invalidateFlowLayoutDelegateMetrics {
      fields["invalidateFlowLayoutDelegateMetrics"] = "false"
    }
    if !invalidateFlowLayoutAttributes { fields["invalidateFlowLayoutAttributes"] = "false" }
    return fields
  }
}

/// What an invalidation context carried, as a value (for `LayoutEvent`).
public struct InvalidationSummary: Hashable, Sendable {
  public var contextClass: String
  public var invalidateEverything: Bool
  public var invalidateDataSourceCounts: Bool
  public var items: [IndexPath]?
  public var supplementary: [String: [IndexPath]]?
  public var decoration: [String: [IndexPath]]?
  public var contentOffsetAdjustment: Point
  public var contentSizeAdjustment: Size
  public var customFields: [String: String]
}

extension InvalidationSummary: CustomStringConvertible {
  /// `<FlowLayoutInvalidationContext invalidateEverything items=[[0, 17]] …>`, listing only
  /// what differs from a fresh context.
  public var description: String {
    var parts = [contextClass]
    if invalidateEverything { parts.append("invalidateEverything") }
    if invalidateDataSourceCounts { parts.append("invalidateDataSourceCounts") }
    if let items { parts.append("items=\(items)") }
    for (kind, paths) in (supplementary ?? [:]).sorted(by: { $0.key < $1.key }) {
      parts.append("supplementary[\(kind)]=\(paths)")
    }
    for (kind, paths) in (decoration ?? [:]).sorted(by: { $0.key < $1.key }) {
      parts.append("decoration[\(kind)]=\(paths)")
    }
    if contentOffsetAdjustment != .zero {
      parts.append("contentOffsetAdjustment=\(contentOffsetAdjustment)")
    }
    if contentSizeAdjustment != .zero {
      parts.append("contentSizeAdjustment=\(contentSizeAdjustment)")
    }
    for (name, value) in customFields.sorted(by: { $0.key < $1.key }) {
      parts.append("\(name)=\(value)")
    }
    return "<" + parts.joined(separator: " ") + ">"
  }
}
