/// One thing the collection view did: a call into its layout, a data-source read, or a
/// display event. The collection view appends them in order to `events`; a trace is just
/// this list printed with UIKit's names.
public enum LayoutEvent: Hashable, Sendable {
  /// LAY-4: the data source's `numberOfSections(in:)` and its answer.
  case numberOfSections(Int)
  /// LAY-4: `collectionView(_:numberOfItemsInSection:)`, once per section, and its answer.
  case numberOfItems(inSection: Int, count: Int)
  /// LAY-1: the data source is asked for the cell of an element about to be displayed; it
  /// dequeues one (the `dequeue` event that follows happens inside this call).
  case cellForItem(at: IndexPath)
  /// LAY-1: the data source is asked for a supplementary view; it dequeues one.
  case viewForSupplementaryElement(kind: String, at: IndexPath)
  /// A decoration's view, made by the collection view from the class the layout registered
  /// (`register(_:forDecorationViewOfKind:)`) or taken from its pool: never a data-source
  /// call. `reused` as for `dequeue`.
  case decorationView(ElementKey, view: Int, reused: Bool)
  case prepare
  case collectionViewContentSize(Size)
  case layoutAttributesForElements(in: Rect, count: Int)
  case layoutAttributesForItem(at: IndexPath, frame: Rect?)
  case layoutAttributesForSupplementaryView(kind: String, at: IndexPath, frame: Rect?)
  case layoutAttributesForDecorationView(kind: String, at: IndexPath, frame: Rect?)
  case shouldInvalidateLayout(forBoundsChange: Rect, result: Bool)
  case invalidationContext(forBoundsChange: Rect)
  case invalidateLayout(InvalidationSummary)
  /// LAY-13: after updates and layout changes the layout is asked where to rest with the
  /// proposed offset only.
  case targetContentOffset(proposed: Point, result: Point)
  /// LAY-13: when a finger lifts, with the proposed resting offset and the velocity.
  case targetContentOffsetForVelocity(proposed: Point, velocity: Point, result: Point)
  /// LAY-13: the delegate's `collectionView(_:targetContentOffsetForProposedContentOffset:)`,
  /// asked with the layout's answer after an update or a layout change.
  case delegateTargetContentOffset(proposed: Point, result: Point)
  /// A lifecycle hook without a result, e.g. `finalizeCollectionViewUpdates()` (LAY-14).
  case hook(String)
  /// A layout switch's call (LAY-16) on one of its two layouts: `leaving` is the layout the
  /// collection view had, otherwise the one it went to. Both are told, so the trace says
  /// which.
  case transition(String, leaving: Bool)
  /// Self-sizing (FLOW-23): the cell's `preferredLayoutAttributesFitting(_:)` answered a
  /// size other than the layout's.
  case preferredLayoutAttributesFitting(at: IndexPath, size: Size)
  /// LAY-12: the layout was asked whether the preferred attributes invalidate it.
  case shouldInvalidateLayoutForPreferredAttributes(at: IndexPath, result: Bool)
  /// LAY-12: the context for a preferred-size change.
  case invalidationContextForPreferredAttributes(at: IndexPath)
  /// A view was obtained for an element: `reused` when it came from the reuse pool
  /// (after `prepareForReuse()`, DISP-3).
  case dequeue(ElementKey, reuseIdentifier: String, view: Int, reused: Bool)
  /// DISP-3: a view taken from a reuse pool is told it will show another element, inside
  /// the dequeue that hands it out (never a new view).
  case prepareForReuse(ElementKey, view: Int)
  /// DISP-5: the prefetch data source is told which items will soon be needed — those of
  /// the viewport ahead not displayed nor prefetched yet, nearest first.
  case prefetchItems([IndexPath])
  /// DISP-5: the scroll turned back; the prefetches still outstanding are called off.
  case cancelPrefetching([IndexPath])
  /// New attributes were applied to a displayed view (they differ, ATTR-5).
  case apply(ElementKey)
  case willDisplay(ElementKey)
  case didEndDisplaying(ElementKey)
  /// `performBatchUpdates(_:completion:)` began (BATCH-1); a lone update call is a batch
  /// of one and is recorded by its own name.
  case performBatchUpdates(String)
  /// LAY-14: the update items the layout is told about, before any initial/final query.
  case prepareForCollectionViewUpdates([CollectionViewUpdateItem])
  /// LAY-14: where an element on screen after the update starts (`nil`: LAY-15's default).
  case initialLayoutAttributesForAppearing(ElementKey, frame: Rect?)
  /// LAY-14: where an element on screen before the update ends (`nil`: LAY-15's default).
  case finalLayoutAttributesForDisappearing(ElementKey, frame: Rect?)
  /// `indexPathsToInsertFor…View(ofKind:)` / `indexPathsToDeleteFor…View(ofKind:)`.
  case indexPathsForUpdate(
    insert: Bool, category: ElementCategory, kind: String, result: [IndexPath])
  /// The batch's completion handler ran (BATCH-10).
  case completion(finished: Bool)
  /// `reconfigureItems(at:)`: the displayed cells at these paths were configured again in
  /// place (a diffable data source's reconfigured items).
  case reconfigureItems([IndexPath])
  /// A scroll-view delegate callback (SV-8).
  case scrollView(ScrollViewCallback)
  /// A selection or highlight message to the delegate (a finger on an item).
  case selection(SelectionCallback)
  /// Interactive movement: the data source's, the delegate's and the layout's part.
  case movement(MovementCallback)
  /// A message of the editing menu (a finger held on an item), with its answer.
  case menu(MenuCallback)
  /// What UIKit would raise (see `CollectionViewException`).
  case exception(CollectionViewException)
  /// A console message UIKit would log, e.g. FLOW-20's warning.
  case log(String)

  /// True for the callbacks a collection view makes into its layout.
  public var isLayoutCall: Bool {
    switch self {
    case .prepare, .collectionViewContentSize, .layoutAttributesForElements,
      .layoutAttributesForItem, .layoutAttributesForSupplementaryView,
      .layoutAttributesForDecorationView, .shouldInvalidateLayout, .invalidationContext,
      .invalidateLayout, .targetContentOffset, .targetContentOffsetForVelocity, .hook, .transition,
      .shouldInvalidateLayoutForPreferredAttributes,
      .invalidationContextForPreferredAttributes, .prepareForCollectionViewUpdates,
      .initialLayoutAttributesForAppearing, .finalLayoutAttributesForDisappearing,
      .indexPathsForUpdate:
      return true
    case .movement(let callback):
      return callback.isLayoutCall
    default:
      return false
    }
  }

  /// How deep inside another recorded call this one happens — a dequeue inside the data
  /// source's `collectionView(_:cellForItemAt:)` — for a trace to indent it.
  public var depth: Int {
    switch self {
    case .dequeue: 1
    case .prepareForReuse(let key, _): key.category == .decorationView ? 1 : 2
    default: 0
    }
  }

  /// The description indented two spaces per level of `depth`, and its later lines below
  /// it: what a text trace prints after its own indentation.
  public var traceLine: String {
    let indent = String(repeating: "  ", count: depth)
    return indent + description.replacing("\n", with: "\n    " + indent)
  }

  /// The UIKit selector of the call, the name a trace or a `trace.count("…")` uses.
  public var callName: String {
    switch self {
    case .numberOfSections: "numberOfSections(in:)"
    case .numberOfItems: "collectionView(_:numberOfItemsInSection:)"
    case .cellForItem: "collectionView(_:cellForItemAt:)"
    case .viewForSupplementaryElement: "collectionView(_:viewForSupplementaryElementOfKind:at:)"
    case .decorationView: "decorationView"
    case .prepare: "prepare()"
    case .collectionViewContentSize: "collectionViewContentSize"
    case .layoutAttributesForElements: "layoutAttributesForElements(in:)"
    case .layoutAttributesForItem: "layoutAttributesForItem(at:)"
    case .layoutAttributesForSupplementaryView: "layoutAttributesForSupplementaryView(ofKind:at:)"
    case .layoutAttributesForDecorationView: "layoutAttributesForDecorationView(ofKind:at:)"
    case .shouldInvalidateLayout: "shouldInvalidateLayout(forBoundsChange:)"
    case .invalidationContext: "invalidationContext(forBoundsChange:)"
    case .invalidateLayout: "invalidateLayout(with:)"
    case .targetContentOffset: "targetContentOffset(forProposedContentOffset:)"
    case .targetContentOffsetForVelocity:
      "targetContentOffset(forProposedContentOffset:withScrollingVelocity:)"
    case .delegateTargetContentOffset:
      "collectionView(_:targetContentOffsetForProposedContentOffset:)"
    case .hook(let name): name
    case .transition(let name, _): name
    case .preferredLayoutAttributesFitting: "preferredLayoutAttributesFitting(_:)"
    case .shouldInvalidateLayoutForPreferredAttributes:
      "shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)"
    case .invalidationContextForPreferredAttributes:
      "invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)"
    case .dequeue(let key, _, _, _):
      key.category == .cell
        ? "dequeueReusableCell(withReuseIdentifier:for:)"
        : "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)"
    case .prepareForReuse: "prepareForReuse()"
    case .prefetchItems: "collectionView(_:prefetchItemsAt:)"
    case .cancelPrefetching: "collectionView(_:cancelPrefetchingForItemsAt:)"
    case .apply: "apply(_:)"
    case .performBatchUpdates(let name): name
    case .prepareForCollectionViewUpdates: "prepare(forCollectionViewUpdates:)"
    case .initialLayoutAttributesForAppearing(let key, _):
      "initialLayoutAttributesForAppearing" + Self.updateQueryNoun(key.category)
    case .finalLayoutAttributesForDisappearing(let key, _):
      "finalLayoutAttributesForDisappearing" + Self.updateQueryNoun(key.category)
    case .indexPathsForUpdate(let insert, let category, _, _):
      "indexPathsTo\(insert ? "Insert" : "Delete")For"
        + (category == .decorationView ? "Decoration" : "Supplementary") + "View(ofKind:)"
    case .completion: "completion"
    case .reconfigureItems: "reconfigureItems(at:)"
    case .willDisplay: "willDisplay"
    case .didEndDisplaying: "didEndDisplaying"
    case .scrollView(let callback): callback.name
    case .selection(let callback): callback.name
    case .movement(let callback): callback.name
    case .menu(let callback): callback.name
    case .exception: "exception"
    case .log: "log"
    }
  }
}

extension LayoutEvent: CustomStringConvertible {
  /// One trace line with UIKit's names, arguments and result, e.g.
  /// `layoutAttributesForElements(in: (0.0, 0.0, 375.0, 1334.0)) → 24 elements`.
  public var description: String {
    switch self {
    case .numberOfSections(let count):
      return "numberOfSections(in:) → \(count)"
    case .numberOfItems(let section, let count):
      return "collectionView(_:numberOfItemsInSection: \(section)) → \(count)"
    case .cellForItem(let indexPath):
      return "collectionView(_:cellForItemAt: \(indexPath))"
    case .viewForSupplementaryElement(let kind, let indexPath):
      return "collectionView(_:viewForSupplementaryElementOfKind: \(kind), at: \(indexPath))"
    case .decorationView(let key, let view, let reused):
      return "\(key) from the layout's register(_:forDecorationViewOfKind:) class → view "
        + "#\(view)\(reused ? " (reused)" : "")"
    case .prepare:
      return "prepare()"
    case .collectionViewContentSize(let size):
      return "collectionViewContentSize → \(size)"
    case .layoutAttributesForElements(let rect, let count):
      return "layoutAttributesForElements(in: \(rect)) → \(count) element\(count == 1 ? "" : "s")"
    case .layoutAttributesForItem(let indexPath, let frame):
      return "layoutAttributesForItem(at: \(indexPath)) → \(frame.map { "\($0)" } ?? "nil")"
    case .layoutAttributesForSupplementaryView(let kind, let indexPath, let frame):
      return "layoutAttributesForSupplementaryView(ofKind: \(kind), at: \(indexPath)) → "
        + (frame.map { "\($0)" } ?? "nil")
    case .layoutAttributesForDecorationView(let kind, let indexPath, let frame):
      return "layoutAttributesForDecorationView(ofKind: \(kind), at: \(indexPath)) → "
        + (frame.map { "\($0)" } ?? "nil")
    case .shouldInvalidateLayout(let bounds, let result):
      return "shouldInvalidateLayout(forBoundsChange: \(bounds)) → \(result)"
    case .invalidationContext(let bounds):
      return "invalidationContext(forBoundsChange: \(bounds))"
    case .invalidateLayout(let summary):
      return "invalidateLayout(with: \(summary))"
    case .targetContentOffset(let proposed, let result):
      return "targetContentOffset(forProposedContentOffset: \(proposed)) → \(result)"
    case .targetContentOffsetForVelocity(let proposed, let velocity, let result):
      return
        "targetContentOffset(forProposedContentOffset: \(proposed), withScrollingVelocity: \(velocity)) → \(result)"
    case .delegateTargetContentOffset(let proposed, let result):
      return
        "collectionView(_:targetContentOffsetForProposedContentOffset: \(proposed)) → \(result)"
    case .hook(let name):
      return name
    case .transition(let name, let leaving):
      return name + (leaving ? " — the layout it left" : " — the layout it went to")
    case .preferredLayoutAttributesFitting(let path, let size):
      return "preferredLayoutAttributesFitting(_:) cell \(path) → \(size)"
    case .shouldInvalidateLayoutForPreferredAttributes(let path, let result):
      return
        "shouldInvalidateLayout(forPreferredLayoutAttributes: \(path), withOriginalAttributes:) → \(result)"
    case .invalidationContextForPreferredAttributes(let path):
      return "invalidationContext(forPreferredLayoutAttributes: \(path), withOriginalAttributes:)"
    case .dequeue(let key, let identifier, let view, let reused):
      return "\(callName) \(key) \"\(identifier)\" → view #\(view)\(reused ? " (reused)" : "")"
    case .prepareForReuse(_, let view):
      return "prepareForReuse() view #\(view)"
    case .prefetchItems(let paths), .cancelPrefetching(let paths):
      return "\(callName.dropLast()) [\(paths.map(\.description).joined(separator: ", "))])"
    case .apply(let key):
      return "apply(_:) \(key)"
    case .willDisplay(let key):
      return "willDisplay \(key)"
    case .didEndDisplaying(let key):
      return "didEndDisplaying \(key)"
    case .performBatchUpdates(let name):
      return name
    case .prepareForCollectionViewUpdates(let items):
      return
        "prepare(forCollectionViewUpdates: [\(items.map(\.description).joined(separator: ", "))])"
    case .initialLayoutAttributesForAppearing(let key, let frame),
      .finalLayoutAttributesForDisappearing(let key, let frame):
      return "\(callName.dropLast()) \(key)) → \(frame.map { "\($0)" } ?? "nil (default)")"
    case .indexPathsForUpdate(_, _, let kind, let result):
      return
        "\(callName.dropLast()) \(kind)) → [\(result.map(\.description).joined(separator: ", "))]"
    case .completion(let finished):
      return "completion(finished: \(finished))"
    case .reconfigureItems(let paths):
      return "reconfigureItems(at: [\(paths.map(\.description).joined(separator: ", "))])"
    case .scrollView(let callback):
      return callback.description
    case .selection(let callback):
      return callback.description
    case .movement(let callback):
      return callback.description
    case .menu(let callback):
      return callback.description
    case .exception(let exception):
      return exception.description
    case .log(let message):
      return message
    }
  }
}

extension LayoutEvent {
  /// `Item(at:)`, `SupplementaryElement(ofKind:at:)`, `DecorationElement(ofKind:at:)`.
  static func updateQueryNoun(_ category: ElementCategory) -> String {
    switch category {
    case .cell: "Item(at:)"
    case .supplementaryView: "SupplementaryElement(ofKind:at:)"
    case .decorationView: "DecorationElement(ofKind:at:)"
    }
  }
}
