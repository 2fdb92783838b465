/// The names calls are traced and counted under (`LayoutEvent.callName`), all of them: a
/// count of any other name is a mistake (a misspelt selector), not a zero.
extension LayoutEvent {
  public static let performBatchUpdates = "performBatchUpdates(_:completion:)"
  static let finalizeCollectionViewUpdates = "finalizeCollectionViewUpdates()"
  static let prepareForTransitionTo = "prepareForTransition(to:)"
  static let prepareForTransitionFrom = "prepareForTransition(from:)"
  static let finalizeLayoutTransition = "finalizeLayoutTransition()"

  /// Every name `callName` gives.
  public static let callNames: Set<String> = Set(representatives.map(\.callName))

  /// One event of each kind, and of each name a kind can take (each element category, each
  /// update call, each delegate callback).
  static var representatives: [LayoutEvent] {
    let p = IndexPath(item: 0, section: 0)
    let keys = [
      ElementKey.cell(p),
      ElementKey(category: .supplementaryView, kind: ElementKind.sectionHeader, indexPath: p),
      ElementKey(category: .decorationView, kind: "", indexPath: p),
    ]
    var events: [LayoutEvent] = [
      .numberOfSections(0), .numberOfItems(inSection: 0, count: 0), .cellForItem(at: p),
      .viewForSupplementaryElement(kind: "", at: p),
      .decorationView(keys[2], view: 0, reused: false),
      .prepare, .collectionViewContentSize(.zero),
      .layoutAttributesForElements(in: .zero, count: 0),
      .layoutAttributesForItem(at: p, frame: nil),
      .layoutAttributesForSupplementaryView(kind: "", at: p, frame: nil),
      .layoutAttributesForDecorationView(kind: "", at: p, frame: nil),
      .shouldInvalidateLayout(forBoundsChange: .zero, result: false),
      .invalidationContext(forBoundsChange: .zero),
      .targetContentOffset(proposed: .zero, result: .zero),
      .targetContentOffsetForVelocity(proposed: .zero, velocity: .zero, result: .zero),
      .delegateTargetContentOffset(proposed: .zero, result: .zero),
      .hook(finalizeCollectionViewUpdates),
      .transition(prepareForTransitionTo, leaving: true),
      .transition(prepareForTransitionFrom, leaving: false),
      .transition(finalizeLayoutTransition, leaving: true),
      .preferredLayoutAttributesFitting(at: p, size: .zero),
      .shouldInvalidateLayoutForPreferredAttributes(at: p, result: false),
      .invalidationContextForPreferredAttributes(at: p), .prefetchItems([]), .cancelPrefetching([]),
      .apply(keys[0]), .willDisplay(keys[0]), .didEndDisplaying(keys[0]),
      .performBatchUpdates(performBatchUpdates), .prepareForCollectionViewUpdates([]),
      .completion(finished: true), .reconfigureItems([]),
      .exception(CollectionViewException(name: "", reason: "")), .log(""),
    ]
    let summary = InvalidationSummary(
      contextClass: "", invalidateEverything: true, invalidateDataSourceCounts: false, items: nil,
      supplementary: nil, decoration: nil, contentOffsetAdjustment: .zero,
      contentSizeAdjustment: .zero, customFields: [:])
    events.append(.invalidateLayout(summary))
    for key in keys {
      events += [
        .dequeue(key, reuseIdentifier: "", view: 0, reused: false),
        .prepareForReuse(key, view: 0), .initialLayoutAttributesForAppearing(key, frame: nil),
        .finalLayoutAttributesForDisappearing(key, frame: nil),
      ]
    }
    for insert in [true, false] {
      for category in [ElementCategory.supplementaryView, .decorationView] {
        events.append(
          .indexPathsForUpdate(insert: insert, category: category, kind: "", result: []))
      }
    }
    let operations: [BatchOperation] = [
      .insertItems([]), .deleteItems([]), .reloadItems([]), .moveItem(from: p, to: p),
      .insertSections([]), .deleteSections([]), .reloadSections([]), .moveSection(from: 0, to: 0),
    ]
    events += operations.map { .performBatchUpdates($0.callName) }
    events += [
      ScrollViewCallback.willBeginDragging, .didScroll(offset: .zero),
      .willEndDragging(velocity: .zero, proposed: .zero, target: .zero),
      .didEndDragging(willDecelerate: false), .willBeginDecelerating, .didEndDecelerating,
      .didEndScrollingAnimation, .shouldScrollToTop(true), .didScrollToTop,
    ].map(LayoutEvent.scrollView)
    events += [
      SelectionCallback.shouldHighlight(p, true), .didHighlight(p), .didUnhighlight(p),
      .shouldSelect(p, true), .didSelect(p), .shouldDeselect(p, true), .didDeselect(p),
    ].map(LayoutEvent.selection)
    events += [
      MovementCallback.canMoveItem(p, true),
      .targetIndexPathForInteractivelyMovingItem(p, .zero, nil),
      .targetIndexPathForMove(p, proposed: p, p),
      .invalidationContextForMovingItems([], .zero, previous: [], .zero),
      .invalidationContextForEnding(final: [], previous: [], cancelled: false),
      .layoutAttributesForMovingItem(p, .zero, .zero), .moveItem(p, p),
    ].map(LayoutEvent.movement)
    events += [
      MenuCallback.shouldShowMenu(p, true), .canPerformAction(.copy, p, true),
      .performAction(.copy, p),
    ].map(LayoutEvent.menu)
    return events
  }
}
