/// `UICollectionViewFlowLayout`: items in lines, lines in sections, both scroll directions.
///
/// Defaults are FLOW-1's. Lines fill greedily with an exact comparison (FLOW-5); non-last
/// lines are justified (FLOW-6) and a lone item is centred (FLOW-7); items are centred
/// across their line (FLOW-10). With every item at `itemSize` a section is a grid whose
/// last line keeps the grid's columns (FLOW-9); with per-item sizes from the delegate the
/// last line is left-aligned (FLOW-8). UIKit's private row-alignment options are public
/// here (FLOW-11, FLOW-12). Headers and footers span the cross axis (FLOW-14, zIndex 10,
/// FLOW-18). Frames are stored compactly in an `AttributeIndex` and attributes values are
/// built only when asked.
///
/// Every property setter invalidates the layout when the value changes, as UIKit's do.
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// `UICollectionView.ScrollDirection`.
  public enum ScrollDirection: Sendable {
    case vertical, horizontal
  }

  /// `UICollectionViewFlowLayout.SectionInsetReference` (FLOW-16).
  public enum SectionInsetReference: Sendable {
    case fromContentInset, fromSafeArea, fromLayoutMargins
  }

  /// FLOW-11's private horizontal alignment values (raw values are UIKit's enum). With
  /// horizontal scrolling a line is a column and these apply along it: left = top.
  public enum RowHorizontalAlignment: Int, Sendable {
    case left = 0
    case centered = 1
    case right = 2
    case justify = 3
  }

  /// FLOW-11's private vertical alignment of items inside a line (UIKit's default 1 =
  /// centre; top 0 and bottom 2 assumed). With horizontal scrolling: top = left.
  public enum RowVerticalAlignment: Int, Sendable {
    case top = 0
    case center = 1
    case bottom = 2
  }

  /// `UICollectionViewFlowLayout.automaticSize`: as `estimatedItemSize`, "estimate from
  /// the cell".
  public static let automaticSize = Size(
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  open var scrollDirection: ScrollDirection = .vertical {
    didSet { if scrollDirection != oldValue { invalidateLayout() } }
  }
  open var itemSize = Size(width: 50, height: 50) {
    didSet { if itemSize != oldValue { invalidateLayout() } }
  }
  /// Self-sizing (FLOW-23): when not `.zero`, items not yet measured take this size
  /// (`automaticSize` stands for `itemSize`), measured items the size their cell reported,
  /// and sections take the per-item path. Setting it forgets the measurements.
  open var estimatedItemSize: Size = .zero {
    didSet {
      if estimatedItemSize != oldValue {
        measuredSizes = [:]
        invalidateLayout()
      }
    }
  }
  open var minimumLineSpacing: Double = 10 {
    didSet { if minimumLineSpacing != oldValue { invalidateLayout() } }
  }
  open var minimumInteritemSpacing: Double = 10 {
    didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
  }
  open var sectionInset: EdgeInsets = .zero {
    didSet { if sectionInset != oldValue { invalidateLayout() } }
  }
  open var sectionInsetReference: SectionInsetReference = .fromContentInset {
    didSet { if sectionInsetReference != oldValue { invalidateLayout() } }
  }
  open var headerReferenceSize: Size = .zero {
    didSet { if headerReferenceSize != oldValue { invalidateLayout() } }
  }
  open var footerReferenceSize: Size = .zero {
    didSet { if footerReferenceSize != oldValue { invalidateLayout() } }
  }
  /// FLOW-11: every line but a section's last. UIKit's default: justify.
  open var commonRowHorizontalAlignment: RowHorizontalAlignment = .justify {
    didSet { if commonRowHorizontalAlignment != oldValue { invalidateLayout() } }
  }
  /// FLOW-11 / OPEN-3: a section's last line on the per-item path. UIKit's default: left
  /// (FLOW-8). The uniform grid ignores it: its last line keeps the columns (FLOW-9).
  open var lastRowHorizontalAlignment: RowHorizontalAlignment = .left {
    didSet { if lastRowHorizontalAlignment != oldValue { invalidateLayout() } }
  }
  /// FLOW-10 / FLOW-11: items inside a line. UIKit's default: centre.
  open var rowVerticalAlignment: RowVerticalAlignment = .center {
    didSet { if rowVerticalAlignment != oldValue { invalidateLayout() } }
  }
  /// PIN-1…PIN-6: headers stay at the top of the visible area while their section is on
  /// screen, then the section's end pushes them out.
  open var sectionHeadersPinToVisibleBounds = false {
    didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }
  /// OPEN-2: where a pinned header stops as its section leaves. The engine's choice, not
  /// UIKit API: `.footerStart` (the default) is PIN-2's reading of UIKit's documentation, the
  /// end of the section's items; `.footerEnd` lets it ride over the footer to the section's
  /// end, as a browser's sticky header and many apps' do.
  open var pinnedHeaderStop = PinnedHeaderStop.footerStart {
    didSet { if pinnedHeaderStop != oldValue { invalidateLayout() } }
  }
  /// PIN-4: footers stay at the bottom of the visible area while their section is on screen.
  open var sectionFootersPinToVisibleBounds = false {
    didSet { if sectionFootersPinToVisibleBounds != oldValue { invalidateLayout() } }
  }
  /// Self-sizing: the sizes cells reported (FLOW-23); others use the estimate.
  public internal(set) var measuredSizes: [IndexPath: Size] = [:]

  // MARK: Extension points (engine API, not UIKit's)

  /// How many times the layout has computed frames in a pass: each full pass of
  /// `prepare()`, each tail relayout after a batch (`keepsFramesBeforeUpdates`), and each
  /// self-sizing change it could not apply in place. It moves on even when the pass ends
  /// empty (no collection view, or a FLOW-19 exception). A subclass that
  /// derives elements of its own from the frames — a background per section from
  /// `geometry(ofSection:)` — derives them again when this changes, rather than in every
  /// `prepare()` (UIKit offers nothing like it; an app there recomputes in each `prepare()`).
  public internal(set) var layoutGeneration = 0

  /// Self-sizing (FLOW-23): whether a cell's new preferred size may be applied by placing
  /// its line again and moving everything after it (O(line + log n), see
  /// `resizeInPlace`) instead of laying everything out again, as UIKit does. Such a change
  /// does not move `layoutGeneration`, so a subclass whose own elements depend on the
  /// section geometry answers `false`. Default `true`.
  open var resizesItemsInPlace: Bool { true }

  /// Batch updates (BATCH-10): whether the frames before a batch's first change may be kept
  /// and only the rest laid out again (`relayoutTail(_:)`): from the line holding the item
  /// before the earliest change (`BatchMapping.earliestChange`; in fact from a recorded line
  /// up to 64 items and a line before it) to the end, O(tail) instead of O(n). UIKit
  /// re-prepares everything and asks the delegate for every item; the engine asks only from
  /// that line on, so a trace of delegate calls differs from UIKit's in count only —
  /// provided the delegate's answers for an item (its size, its section's insets, spacings
  /// and header and footer sizes) depend on nothing but its index path and did not change
  /// with the batch. A layout whose delegate answers otherwise (from the number of items,
  /// another item's data, or state the app changes along with the batch) answers `false`,
  /// and every batch lays everything out again, as UIKit does. So does a subclass whose own
  /// `prepare()` work needs more than `layoutGeneration` telling it that frames changed;
  /// `resizesItemsInPlace` false turns this off too. The sticky-header recipe keeps the
  /// default: it moves headers at query time, from the frames. Default `true`; engine API,
  /// not UIKit's.
  open var keepsFramesBeforeUpdates: Bool { true }

  // MARK: Computed layout

  /// Cell frames in index order (section-major), sorted along the scroll axis by line.
  var cells = AttributeIndex(axis: .vertical)
  var sections: [FlowSection] = []
  var contentSize: Size = .zero
  var needsRecompute = true
  /// The batch being applied, between its invalidation and `finalizeCollectionViewUpdates()`.
  var currentUpdate: FlowUpdate?
  var capacityCache = LineCapacityCache()
  var reachPrefixMaxEnd: [Double] = []
  var reachSuffixMinStart: [Double] = []
  /// Lines of the last pass a tail relayout can restart from, in index order: the first of
  /// each section, then one at least `FlowBuild.lineRecordSpacing` cells after the last.
  var lines: [FlowLine] = []
  /// The first cell from which line records no longer match the frames (`Int.max`: none):
  /// a self-sizing change applied in place (`resizeInPlace`) moved the lines after it.
  var linesStaleFrom = Int.max
  /// The first item longer than its line in the last pass (FLOW-20).
  var firstOversize: IndexPath?
  /// What the last pass read from the collection view; `nil` when it laid nothing out.
  var lastPass: PassKey?
  /// A batch whose tail the next `prepare()` lays out alone (`relayoutTail(_:)`).
  var pendingTail: BatchMapping?

  public override init() {
    super.init()
  }

  /// Copies every public property of `other` (for swapping one flow class for another, as
  /// an app does when it adopts a subclass).
  public func takeProperties(of other: CollectionViewFlowLayout) {
    scrollDirection = other.scrollDirection
    itemSize = other.itemSize
    estimatedItemSize = other.estimatedItemSize
    minimumLineSpacing = other.minimumLineSpacing
    minimumInteritemSpacing = other.minimumInteritemSpacing
    sectionInset = other.sectionInset
    sectionInsetReference = other.sectionInsetReference
    headerReferenceSize = other.headerReferenceSize
    footerReferenceSize = other.footerReferenceSize
    commonRowHorizontalAlignment = other.commonRowHorizontalAlignment
    lastRowHorizontalAlignment = other.lastRowHorizontalAlignment
    rowVerticalAlignment = other.rowVerticalAlignment
    sectionHeadersPinToVisibleBounds = other.sectionHeadersPinToVisibleBounds
    sectionFootersPinToVisibleBounds = other.sectionFootersPinToVisibleBounds
    pinnedHeaderStop = other.pinnedHeaderStop
  }

  open override class var invalidationContextClass: InvalidationContext.Type {
    FlowLayoutInvalidationContext.self
  }

  /// LAY-11: a `FlowLayoutInvalidationContext` with `invalidateFlowLayoutAttributes` false
  /// keeps every computed frame; anything else recomputes on the next `prepare()`. (The
  /// engine re-asks the delegate whenever it recomputes, whatever
  /// `invalidateFlowLayoutDelegateMetrics` says; only the call count differs.)
  ///
  /// A batch on a layout whose frames are all current becomes a pending tail relayout
  /// instead (`keepsFramesBeforeUpdates`); any other invalidation before the next
  /// `prepare()` — a second batch included — turns it back into a full pass.
  open override func invalidateLayout(with context: InvalidationContext) {
    let keepsAttributes =
      (context as? FlowLayoutInvalidationContext).map { !$0.invalidateFlowLayoutAttributes }
      ?? false
    let current = !needsRecompute && pendingTail == nil
    if context.invalidateEverything || context.invalidateDataSourceCounts || !keepsAttributes
      || pendingTail != nil
    {
      needsRecompute = true
      pendingTail = nil
    }
    if let mapping = context.movementMapping {
      remapMeasuredSizes(mapping)
      if current && keepsFramesBeforeUpdates && resizesItemsInPlace {
        pendingTail = mapping
        needsRecompute = false
      }
    }
    if let mapping = context.batchMapping {
      noteBatch(mapping)
      if current && !context.invalidateEverything && keepsFramesBeforeUpdates
        && resizesItemsInPlace
      {
        pendingTail = mapping
        needsRecompute = false
      }
    }
    if !needsRecompute {
      // A targeted context: exactly the elements it names are computed again.
      recomputedKeys.formUnion(context.invalidatedElementKeys)
    }
    super.invalidateLayout(with: context)
  }

  /// FLOW-24: a change of the cross-axis extent (the width when scrolling vertically)
  /// invalidates; a pure scroll does not — unless headers or footers are pinned, which
  /// must follow every scroll (PIN-1).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return true }
    return crossExtentChanges(newBounds)
  }

  func crossExtentChanges(_ newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return false }
    return scrollDirection == .vertical
      ? newBounds.width != old.width : newBounds.height != old.height
  }

  /// PIN-1: a scroll with pinning invalidates only the pinned supplementary views of the
  /// sections on screen before or after it, and keeps every computed frame
  /// (`invalidateFlowLayoutAttributes` false, LAY-11). A size change invalidates all.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    guard let flow = context as? FlowLayoutInvalidationContext, !crossExtentChanges(newBounds),
      sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds,
      let old = collectionView?.bounds
    else { return context }
    flow.invalidateFlowLayoutAttributes = false
    flow.invalidateFlowLayoutDelegateMetrics = false
    let (low, high) = FlowAxes(vertical: scrollDirection == .vertical).mainRange(
      old.union(newBounds))
    var paths: [IndexPath] = []
    var s = firstSection(endingAtOrAfter: low)
    while sectionsRemain(s, startingBefore: high) {
      paths.append(IndexPath(item: 0, section: s))
      s += 1
    }
    if sectionHeadersPinToVisibleBounds {
      flow.invalidateSupplementaryElements(ofKind: ElementKind.sectionHeader, at: paths)
    }
    if sectionFootersPinToVisibleBounds {
      flow.invalidateSupplementaryElements(ofKind: ElementKind.sectionFooter, at: paths)
    }
    return flow
  }

  /// Interactive movement: see `configureMovement(_:from:to:)`.
  open override func invalidationContext(
    forInteractivelyMovingItems targetIndexPaths: [IndexPath],
    withTargetPosition targetPosition: Point,
    previousIndexPaths: [IndexPath], previousPosition: Point
  ) -> InvalidationContext {
    let context = super.invalidationContext(
      forInteractivelyMovingItems: targetIndexPaths, withTargetPosition: targetPosition,
      previousIndexPaths: previousIndexPaths, previousPosition: previousPosition)
    configureMovement(context, from: previousIndexPaths.first, to: targetIndexPaths.first)
    return context
  }

  /// The end keeps every frame (the places are those of the last step); a cancel moves the
  /// item back, as a step would (`configureMovement(_:from:to:)`).
  open override func invalidationContextForEndingInteractiveMovementOfItems(
    toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath],
    movementCancelled: Bool
  ) -> InvalidationContext {
    let context = super.invalidationContextForEndingInteractiveMovementOfItems(
      toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths,
      movementCancelled: movementCancelled)
    configureMovement(context, from: previousIndexPaths.first, to: indexPaths.first)
    return context
  }

  open override func prepare() {
    super.prepare()
    if let mapping = pendingTail {
      pendingTail = nil
      if relayoutTail(mapping) { return }
      needsRecompute = true
    }
    guard needsRecompute else { return }
    needsRecompute = false
    computeLayout()
  }

  open override var collectionViewContentSize: Size { contentSize }

  /// See `supplementaryToDelete(ofKind:)` (LAY-15).
  open override func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String)
    -> [IndexPath]
  { supplementaryToDelete(ofKind: elementKind) }

  open override func indexPathsToInsertForSupplementaryView(ofKind elementKind: String)
    -> [IndexPath]
  { supplementaryToInsert(ofKind: elementKind) }

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    currentUpdate = nil
  }

  /// Cells, headers and footers of the last pass.
  open override var attributeCount: Int? {
    cells.count
      + sections.reduce(0) { $0 + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    elements(in: rect)
  }

  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    shouldInvalidate(preferred: preferredAttributes, original: originalAttributes)
  }

  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    preferredSizeContext(preferred: preferredAttributes, original: originalAttributes)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    item(at: indexPath)
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    supplementary(ofKind: kind, at: indexPath)
  }

  /// The first section that may hold a frame reaching `position` on the scroll axis
  /// (binary search over the running maximum of the sections' reach).
  func firstSection(endingAtOrAfter position: Double) -> Int {
    var low = 0
    var high = reachPrefixMaxEnd.count
    while low < high {
      let mid = (low + high) / 2
      if reachPrefixMaxEnd[mid] < position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Whether section `s` or a later one may hold a frame starting at or before `position`.
  func sectionsRemain(_ s: Int, startingBefore position: Double) -> Bool {
    s < reachSuffixMinStart.count && reachSuffixMinStart[s] <= position
  }

  /// Bytes held by the computed layout (cell frames, their index, the sections, the lines).
  public var memoryFootprint: Int {
    cells.memoryFootprint + sections.capacity * MemoryLayout<FlowSection>.stride
      + lines.capacity * MemoryLayout<FlowLine>.stride
  }
}

/// One section's extent along the scroll axis and its supplementary frames.
struct FlowSection {
  /// Where the section starts and ends (header included … footer included).
  var start: Double
  var end: Double
  /// Where the items' area starts (after the header and inset.top) and ends (after
  /// inset.bottom, where the footer starts: PIN-2's Es).
  var itemsStart: Double
  var itemsEnd: Double
  var header: Rect?
  var footer: Rect?
  /// Position of item 0 in the cell index.
  var firstCell: Int
  var count: Int
  /// The extent on the scroll axis that every frame of the section lies in.
  var reachStart: Double
  var reachEnd: Double
  /// The items' leading and trailing insets on the cross axis (FLOW-16 applied).
  var itemInsets: (leading: Double, trailing: Double)
  /// An item got a size of its own: reordering the items changes the frames.
  var ownSizes = false
  /// The pass laid the items out as FLOW-9's grid (every item `itemSize`, no delegate).
  var uniformGrid = false
  /// FLOW-3's spacings as the pass used them (the delegate's, per section), so `why` can
  /// explain a line without asking the delegate again.
  var interitemSpacing = 0.0
  var lineSpacing = 0.0

  /// Where the header ends (PIN-4's Ss): the section's start when it has no header.
  func headerEnd(_ axes: FlowAxes) -> Double {
    header.map { axes.mainRange($0).1 } ?? start
  }
}
