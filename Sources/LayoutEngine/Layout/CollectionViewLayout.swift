/// The abstract layout (`UICollectionViewLayout`): subclass it exactly as in UIKit.
///
/// The collection view drives it (LAY-1, LAY-2): `prepare()` at the first layout and after
/// every invalidation, then `collectionViewContentSize`, then
/// `layoutAttributesForElements(in:)` for a rect around the visible area (LAY-5 — never
/// assume the rect equals the bounds). On every bounds change, scroll or resize, it asks
/// `shouldInvalidateLayout(forBoundsChange:)` (LAY-8). Every default below is UIKit's.
open class CollectionViewLayout {
  /// The collection view this layout is installed in (`nil` until it is).
  public internal(set) weak var collectionView: CollectionView?

  /// Decoration kinds registered with `register(decorationViewOfKind:)`.
  public private(set) var registeredDecorationKinds: Set<String> = []

  /// How many attributes this layout has computed (or recomputed) since it was made: a
  /// layout adds what each pass really computes, so the cost of an invalidation design
  /// can be read as the difference between two steps. Read-only outside the engine; a
  /// subclass counts its own work with `noteRecomputed(_:)`.
  public internal(set) var recomputedAttributes = 0
  /// Elements recomputed one by one since the collection view last took the count (a
  /// targeted context's, a sticky header re-pinned at a query): an element computed twice
  /// in a step is one recomputed attribute. See `CollectionViewLayers.takeRecomputedCounts`.
  public internal(set) var recomputedKeys: Set<ElementKey> = []

  /// The elements recomputed one by one since the last call, forgotten here: with the
  /// change of `recomputedAttributes`, the distinct work of a step. Engine API.
  public func takeRecomputedKeys() -> Set<ElementKey> {
    defer { recomputedKeys.removeAll(keepingCapacity: true) }
    return recomputedKeys
  }

  /// How many elements the layout holds in all (for "recomputed 2 of 10,041"); nil when the
  /// layout cannot say.
  open var attributeCount: Int? { nil }

  public init() {}

  // MARK: Classes (LAY-17)

  /// The context class `invalidationContext(forBoundsChange:)` and friends instantiate.
  open class var invalidationContextClass: InvalidationContext.Type { InvalidationContext.self }

  /// The direction the layout was written for (LAY-17): left to right.
  open var developmentLayoutDirection: UserInterfaceLayoutDirection { .leftToRight }

  /// Base `false` (LAY-17): the collection view does not mirror x in right-to-left.
  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

  /// For subclasses: adds `count` attributes this layout computed on top of what its
  /// superclass computed (a subclass's own decoration views, say), so that
  /// `recomputedAttributes` stays the whole cost of a pass. Engine API; UIKit has no
  /// counterpart. `count` must not be negative.
  public func noteRecomputed(_ count: Int) {
    precondition(count >= 0, "a layout cannot un-compute attributes: noteRecomputed(\(count))")
    recomputedAttributes += count
  }

  /// `register(_:forDecorationViewOfKind:)`: decorations need no data source, so the
  /// layout names the kinds it will return.
  public func register(decorationViewOfKind kind: String) {
    registeredDecorationKinds.insert(kind)
  }

  // MARK: The core layout process (LAY-1…LAY-7)

  /// Compute and cache what the queries below will need. Overrides call `super` (LAY-2).
  open func prepare() {}

  /// The size of all content (LAY-3). Base: zero.
  open var collectionViewContentSize: Size { .zero }

  /// Every element whose frame intersects `rect`, touching included (LAY-5, GEO-5), in any
  /// order. Base: none.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

  /// The attributes of one cell (LAY-6). Base: `nil`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// The attributes of one supplementary view (LAY-6). Base: `nil`.
  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes of one decoration view (LAY-6). Base: `nil`.
  open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  // MARK: Invalidation (LAY-8…LAY-12)

  /// Asked on every bounds change, origin or size (LAY-8). Base: `false`.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// The context for a bounds change the layout chose to invalidate on (LAY-8). Base: a
  /// fresh instance of `invalidationContextClass`.
  open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    Self.invalidationContextClass.init()
  }

  /// Invalidates everything (LAY-9): a context of `invalidationContextClass` with
  /// `invalidateEverything` set, as the collection view builds it, passed to
  /// `invalidateLayout(with:)`. The work happens in the next layout pass.
  open func invalidateLayout() {
    let context = Self.invalidationContextClass.init()
    context.invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks what `context` names as invalid; the next pass calls `prepare()` (LAY-9).
  /// Overrides apply their own fields and must call `super`, which is what tells the
  /// collection view that a new pass is needed.
  open func invalidateLayout(with context: InvalidationContext) {
    collectionView?.layoutDidInvalidate(self, with: context)
  }

  /// Self-sizing (LAY-12): whether a cell's preferred attributes warrant an invalidation.
  /// Base: `false`.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool { false }

  /// Self-sizing (LAY-12): the context for a preferred-size change. Base: a fresh context.
  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    Self.invalidationContextClass.init()
  }

  // MARK: Scrolling targets (LAY-13)

  /// Where updates and layout transitions should leave the offset. Base: the proposal.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    proposedContentOffset
  }

  /// Where a drag that ends with `velocity` should come to rest. Base: the proposal.
  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
  ) -> Point {
    proposedContentOffset
  }

  // MARK: Interactive movement (iOS 9 reordering)

  /// Where an item moved by a finger goes when the finger is at `position` (content
  /// coordinates). Base, as Apple documents it: the cell at that point, the topmost
  /// (greatest zIndex, OPEN-5 for ties) where cells overlap. The engine looks among this
  /// layout's own attributes, where the moving item is still in its place, not under the
  /// finger — so, as on a device, the item moves when the finger's point is over another
  /// cell, never over the gaps between cells. `nil` (no cell there) keeps the item where it
  /// is (UIKit's Swift signature says non-nil; OPEN).
  open func targetIndexPath(
    forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point
  ) -> IndexPath? {
    let probe = Rect(x: position.x, y: position.y, width: 1, height: 1)
    let candidates = layoutAttributesForElements(in: probe)
    return CollectionView.frontmostCell(in: candidates, containing: position)?.indexPath
  }

  /// The moving item's attributes under the finger. Base, as documented: a copy of its
  /// attributes with the centre at `position` and zIndex `Int.max` (NSIntegerMax), so that
  /// it floats above everything.
  open func layoutAttributesForInteractivelyMovingItem(
    at indexPath: IndexPath, withTargetPosition position: Point
  ) -> LayoutAttributes {
    var attributes =
      layoutAttributesForItem(at: indexPath) ?? LayoutAttributes(forCellWith: indexPath)
    attributes.center = position
    attributes.zIndex = Int.max
    return attributes
  }

  /// The context while items move. Base, as documented: a fresh `invalidationContextClass`
  /// with the movement's index paths and position filled in; it names no element, so the
  /// collection view asks for the visible rect again.
  open func invalidationContext(
    forInteractivelyMovingItems targetIndexPaths: [IndexPath],
    withTargetPosition targetPosition: Point,
    previousIndexPaths: [IndexPath], previousPosition: Point
  ) -> InvalidationContext {
    let context = Self.invalidationContextClass.init()
    context.targetIndexPathsForInteractivelyMovingItems = targetIndexPaths
    context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
    context.interactiveMovementTarget = targetPosition
    return context
  }

  /// The context when a movement ends (`movementCancelled` false: `indexPaths` are where the
  /// items stay) or is cancelled (`indexPaths` are the original places). Base: a fresh
  /// context with the index paths filled in.
  open func invalidationContextForEndingInteractiveMovementOfItems(
    toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath],
    movementCancelled: Bool
  ) -> InvalidationContext {
    let context = Self.invalidationContextClass.init()
    context.targetIndexPathsForInteractivelyMovingItems = indexPaths
    context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
    return context
  }

  // MARK: Updates and transitions (LAY-14…LAY-16)

  /// Called before any initial or final attributes are asked for during a batch update.
  open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

  /// Called inside the update's animation block, after the initial/final queries.
  open func finalizeCollectionViewUpdates() {}

  /// Brackets an animated bounds change (LAY-14).
  open func prepare(forAnimatedBoundsChange oldBounds: Rect) {}

  open func finalizeAnimatedBoundsChange() {}

  /// LAY-16: called on the outgoing layout before a layout swap.
  open func prepareForTransition(to newLayout: CollectionViewLayout) {}

  /// LAY-16: called on the incoming layout before a layout swap.
  open func prepareForTransition(from oldLayout: CollectionViewLayout) {}

  /// LAY-16: called inside the transition's animation block.
  open func finalizeLayoutTransition() {}

  /// Where an element on screen after an update starts its animation (LAY-14). Base:
  /// `nil`, which makes the collection view use LAY-15's defaults.
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// Where an element on screen before an update ends its animation (LAY-14). Base: `nil`.
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  open func initialLayoutAttributesForAppearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  open func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind elementKind: String, at decorationIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Supplementary views to insert during an update (LAY-15). Base: none.
  open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
    []
  }

  open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] {
    []
  }

  open func indexPathsToInsertForDecorationView(ofKind elementKind: String) -> [IndexPath] {
    []
  }

  open func indexPathsToDeleteForDecorationView(ofKind elementKind: String) -> [IndexPath] {
    []
  }
}

/// `UIUserInterfaceLayoutDirection`.
public enum UserInterfaceLayoutDirection: Sendable {
  case leftToRight, rightToLeft
}
