/// A headless `UICollectionView`: data counts, geometry, scrolling, the layout pass, the
/// visible set and the reuse pool. It calls its layout exactly when and as UIKit does
/// (LAY-1…LAY-8) and records every call and display event in `events`.
///
/// One deliberate difference: UIKit defers layout to the next run-loop turn; here every
/// public mutation (`setContentOffset`, `frame`, `reloadData`, …) finishes with
/// `layoutIfNeeded()`, so after a call the state is settled and the events of that call are
/// complete. The order of calls inside one pass is UIKit's.
public final class CollectionView {
  /// The layout (`collectionViewLayout`); replace it with `setCollectionViewLayout`.
  public internal(set) var collectionViewLayout: CollectionViewLayout

  /// Weak, as in UIKit. `init(frame:collectionViewLayout:itemCounts:)` keeps its own.
  public weak var dataSource: CollectionViewDataSource? {
    didSet { dataSourceDidChange() }
  }

  /// Weak, as in UIKit. A flow layout asks it for per-index metrics.
  public weak var delegate: CollectionViewDelegate?

  /// DISP-5: `isPrefetchingEnabled`, true by default. Turning it off calls off the
  /// prefetches still outstanding.
  @exclusivity(unchecked) public var isPrefetchingEnabled = true {
    didSet {
      guard !isPrefetchingEnabled else { return }
      cancelPrefetching()
      prefetch.edge = nil
    }
  }

  /// Weak, as in UIKit: told what `collectionView(_:prefetchItemsAt:)` says (DISP-5).
  public weak var prefetchDataSource: CollectionViewDataSourcePrefetching?

  private var ownedDataSource: StaticDataSource?

  // MARK: Geometry (SV-1, SV-2)

  /// The frame in the superview; its size is the bounds size (SV-1). Setting it is a
  /// bounds change for the layout (LAY-8).
  public var frame: Rect {
    didSet {
      let size = frame.standardized.size
      guard size.width.isFinite, size.height.isFinite, frame.origin.x.isFinite,
        frame.origin.y.isFinite
      else {
        frame = oldValue
        raise(
          CollectionViewException(
            name: "CALayerInvalidGeometry", reason: "CALayer bounds contains NaN or infinity"))
        return
      }
      changeBounds(to: Rect(origin: bounds.origin, size: size))
      layoutIfNeeded()
    }
  }

  /// `bounds.origin == contentOffset`, `bounds.size == frame.size` (SV-1). Unchecked
  /// exclusivity: every pass reads it many times, each read an instant.
  @exclusivity(unchecked) public internal(set) var bounds: Rect

  /// Setting it is a bounds change and `scrollViewDidScroll`, as UIKit's setter does. Unlike
  /// `setContentOffset(_:animated:)` it leaves a deceleration running, moved by the same
  /// amount, so code in `scrollViewDidScroll` can recentre an infinite carousel while it
  /// coasts (the recentring of WWDC 2011's StreetScroller; engine choice, documented in
  /// grammar.md).
  public var contentOffset: Point {
    get { bounds.origin }
    set {
      let delta = Point(x: newValue.x - bounds.origin.x, y: newValue.y - bounds.origin.y)
      if var motion = deceleration, delta.x.isFinite, delta.y.isFinite {
        motion.shift(by: delta)
        deceleration = motion
        lastRelease?.shift.x += delta.x
        lastRelease?.shift.y += delta.y
      }
      moveContentOffset(to: newValue)
    }
  }

  public var contentInset: EdgeInsets = .zero {
    didSet { insetsDidChange(oldAdjusted: adjusted(contentInset: oldValue)) }
  }

  /// An input: what the view's safe area would be on a device (notch, bars). A change
  /// invalidates the layout even when the adjusted inset stays the same, since a flow
  /// layout may measure its section insets from it (FLOW-16).
  public var safeAreaInsets: EdgeInsets = .zero {
    didSet { if safeAreaInsets != oldValue { marginsDidChange() } }
  }

  public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
    didSet { insetsDidChange(oldAdjusted: adjusted(behavior: oldValue)) }
  }

  /// `UIView.layoutMargins`; UIKit's default for a view that is not a controller's root.
  public var layoutMargins = EdgeInsets(all: 8) {
    didSet { if layoutMargins != oldValue { marginsDidChange() } }
  }

  /// When true the effective margins are measured from the safe area (FLOW-16's
  /// `.fromLayoutMargins`): safe area + margins (engine choice; L).
  public var insetsLayoutMarginsFromSafeArea = true {
    didSet { if insetsLayoutMarginsFromSafeArea != oldValue { marginsDidChange() } }
  }

  /// SV-10; under `.scrollableAxes` and `.automatic` it also decides the adjusted inset.
  public var alwaysBounceVertical = false {
    didSet { insetsDidChange(oldAdjusted: adjusted(bounceVertical: oldValue)) }
  }
  public var alwaysBounceHorizontal = false {
    didSet { insetsDidChange(oldAdjusted: adjusted(bounceHorizontal: oldValue)) }
  }

  /// SV-10: whether a drag may pull the content past an edge (rubber band, SV-9).
  public var bounces = true
  /// SV-11: flings come to rest on multiples of the bounds size, one page at most.
  public var isPagingEnabled = false
  /// SV-6: how fast a fling slows.
  public var decelerationRate = DecelerationRate.normal
  /// `UIScrollView.delegate`'s scroll-view half (SV-8).
  public weak var scrollViewDelegate: ScrollViewDelegate?
  /// The drag in progress: where the offset was when it began.
  var dragStart: Point?
  /// The deceleration in progress after a drag ended.
  public internal(set) var deceleration: Deceleration?
  /// What the last `endDragging(velocity:)` decided (`why offset`); nil before a finger
  /// has lifted.
  public internal(set) var lastRelease: ReleaseResolution?
  /// `scrollsToTop`: a tap on the status bar scrolls this view to its top.
  public var scrollsToTop = true
  /// How deep `scrollViewDidScroll` calls are nested (its delegate moved the offset again):
  /// the layout pass waits for the outermost to return, as UIKit's waits for the run loop.
  var scrollNotificationDepth = 0

  /// Points → pixels; a layout rounds origins to 1/scale when it is > 0 (FLOW-21). 0 = no
  /// rounding, the engine's default so that arithmetic stays visible.
  public var displayScale: Double = 0 {
    didSet { if displayScale != oldValue { collectionViewLayout.invalidateLayout() } }
  }

  /// Read from the layout after every `prepare()` (LAY-3).
  public internal(set) var contentSize: Size = .zero

  // MARK: Events and exceptions

  /// Every layout call and display event, in order. Read it, then `removeAllEvents()`.
  public internal(set) var events: [LayoutEvent] = []
  /// Turn off to run long scrolls without keeping a log.
  public var isRecordingEvents = true
  /// Everything UIKit would have raised, in order.
  public internal(set) var exceptions: [CollectionViewException] = []

  // MARK: Internal state
  // The state every scroll frame reads is `@exclusivity(unchecked)`: it is only touched in
  // short accesses by the engine's own code, and a dynamic check per access costs a
  // scroll frame more than the rest of its bookkeeping.

  var sectionCounts: [Int] = []
  var countsAreValid = false
  var layoutNeedsPrepare = true
  /// The next pass drops the valid-layout region and asks the layout for the query rect
  /// afresh (an invalidation that is not targeted, a new content size, a reload).
  @exclusivity(unchecked) var needsFullQuery = true
  /// Elements a targeted invalidation named, re-asked one by one in the next pass.
  @exclusivity(unchecked) var pendingTargets: Set<ElementKey> = []
  var selfSizingRounds = 0
  var pendingOffsetAdjustment = Point.zero
  var isInLayoutPass = false
  /// The valid-layout region and the displayed views (see `LayoutCache`).
  @exclusivity(unchecked) var layoutCache: LayoutCache?
  /// Not UIKit's, which makes a view for every element on screen however many: the most
  /// elements a layout pass takes from one answer of its layout (for the query rect, the
  /// bounds and one viewport ahead). A pass whose answer holds more displays none of it and
  /// sets `exceededElementLimit`: a program that must stay within memory lowers it, since
  /// millions of tiny items on screen would exhaust it.
  public var maximumElementsPerPass = Int.max
  /// While the collection view asks its layout for a pass's query rect, the most elements
  /// it will use: a layout may stop gathering once its answer holds more (the built-in
  /// layouts do), since such an answer is refused whole. `Int.max` at any other time.
  public internal(set) var answerLimit = Int.max
  /// Set by a pass that refused an answer longer than `maximumElementsPerPass` (what was
  /// displayed ended); the program clears it once it has said so.
  public var exceededElementLimit = false
  /// What layout passes cost since the program last reset it: one for each element an
  /// answer held, each view shown or ended, and each run of cached elements (at most
  /// `LayoutCache.chunkSize`) a display diff scanned. A program bounding its time counts it.
  @exclusivity(unchecked) public var elementWork = 0
  /// The sign of the last movement on each axis: where the next screenful comes from.
  @exclusivity(unchecked) var lastMovement = Point(x: 0, y: 1)
  /// What has been prefetched and how far ahead (DISP-5).
  @exclusivity(unchecked) var prefetch = PrefetchState()
  /// Reuse identifiers interned to small integers; `pooledViews[id]` holds the idle views
  /// of `poolKeys[id]`.
  var reuseKeyIDs: [ReuseKey: Int] = [:]
  var poolKeys: [ReuseKey] = []
  var pooledViews: [[Int]] = []
  /// Whether a pool's identifier was found registered (then it stays so: nothing
  /// unregisters), so that a dequeue checks the registrations once per pool.
  var poolIsRegistered: [Bool] = []
  /// DISP-3: the cell reuse identifiers registered (`register(cellWithReuseIdentifier:)`).
  var registeredCellIdentifiers: Set<String> = ["Cell"]
  /// Displayed elements that a new answer dropped, released after the new views are made.
  @exclusivity(unchecked) var pendingEnds: [(ElementKey, DisplaySlot)] = []
  var nextViewID = 1
  /// The update calls of the batch whose block is running.
  var openBatch: BatchUpdate?
  /// Views of elements that disappear in the update animation in flight.
  var pendingUpdateEnds: [(ElementKey, DisplaySlot)] = []
  /// While an animated layout change lays out: views that leave the screen join
  /// `pendingUpdateEnds` and stay displayed until the animation ends (DISP-2).
  var holdsEndedViews = false
  var pendingCompletion: ((Bool) -> Void)?
  /// Selection, highlight and the touch being tracked (`CollectionView+Selection.swift`).
  var selectionState = SelectionState()
  /// The item a finger is moving (`CollectionView+InteractiveMovement.swift`).
  public internal(set) var interactiveMovement: InteractiveMovement?
  /// Reorders of a movement since the last layout pass, in order: the displayed cells
  /// follow them when the pass carries the views over.
  var pendingReorders: [(from: IndexPath, to: IndexPath)] = []

  /// The animation of the last batch update while it is in flight (LAY-14, LAY-15): every
  /// element's initial and final attributes. `finishUpdateAnimation()` ends it.
  public internal(set) var updateAnimation: UpdateAnimation?
  /// How far the animation in flight has run, 0…1 (the frame a picture shows).
  public var updateAnimationProgress: Double = 0

  public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
    let f = frame.standardized
    self.frame = f
    self.bounds = Rect(origin: .zero, size: f.size)
    self.collectionViewLayout = layout
    layout.collectionView?.detach(layout)
    layout.collectionView = self
  }

  /// A collection view with its own data source of fixed counts.
  public convenience init(
    frame: Rect, collectionViewLayout layout: CollectionViewLayout, itemCounts: [Int]
  ) {
    self.init(frame: frame, collectionViewLayout: layout)
    let source = StaticDataSource(itemCounts: itemCounts)
    ownedDataSource = source
    dataSource = source
  }

  public func removeAllEvents() {
    events.removeAll(keepingCapacity: true)
  }

  func record(_ event: @autoclosure () -> LayoutEvent) {
    if isRecordingEvents { events.append(event()) }
  }

  /// Records what UIKit would raise; the engine then goes on in a defined state.
  public func raise(_ exception: CollectionViewException) {
    exceptions.append(exception)
    record(.exception(exception))
  }

  /// Records a console message UIKit would log (e.g. FLOW-20).
  public func log(_ message: String) {
    record(.log(message))
  }

  // MARK: Counts (LAY-4)

  /// The cached number of sections.
  public var numberOfSections: Int {
    loadCountsIfNeeded()
    return sectionCounts.count
  }

  /// The cached number of items in `section`; an out-of-range section raises LAY-4's
  /// exception and answers 0.
  public func numberOfItems(inSection section: Int) -> Int {
    loadCountsIfNeeded()
    guard sectionCounts.indices.contains(section) else {
      raise(
        CollectionViewException(
          name: CollectionViewException.internalInconsistency,
          reason: "request for number of items in section \(section) when there are only "
            + "\(sectionCounts.count) sections in the collection view"))
      return 0
    }
    return sectionCounts[section]
  }

  func loadCountsIfNeeded() {
    if countsAreValid { return }
    countsAreValid = true
    sectionCounts = readDataSourceCounts()
  }

  /// LAY-4: `numberOfSections(in:)`, then `collectionView(_:numberOfItemsInSection:)` for
  /// every section, each recorded with its answer; no data source is asked nothing. A
  /// negative answer raises and counts as 0.
  func readDataSourceCounts() -> [Int] {
    guard let source = dataSource else { return [] }
    let sections = source.numberOfSections(in: self)
    record(.numberOfSections(sections))
    return (0..<max(0, sections)).map { section in
      let n = source.collectionView(self, numberOfItemsInSection: section)
      record(.numberOfItems(inSection: section, count: n))
      if n < 0 {
        raise(
          CollectionViewException(
            name: CollectionViewException.internalInconsistency,
            reason: "the data source returned a negative number of items (\(n)) for section "
              + "\(section)"))
        return 0
      }
      return n
    }
  }

  // MARK: Insets (SV-2)

  /// `contentInset` plus the safe area as `contentInsetAdjustmentBehavior` selects (SV-2).
  public var adjustedContentInset: EdgeInsets { adjusted() }

  func adjusted(
    contentInset inset: EdgeInsets? = nil, safeArea: EdgeInsets? = nil,
    behavior: ContentInsetAdjustmentBehavior? = nil, bounceVertical: Bool? = nil,
    bounceHorizontal: Bool? = nil
  ) -> EdgeInsets {
    let inset = inset ?? contentInset
    let safe = safeArea ?? safeAreaInsets
    let scrollsVertically =
      contentSize.height > bounds.height || (bounceVertical ?? alwaysBounceVertical)
    let scrollsHorizontally =
      contentSize.width > bounds.width || (bounceHorizontal ?? alwaysBounceHorizontal)
    let vertical: Bool
    let horizontal: Bool
    switch behavior ?? contentInsetAdjustmentBehavior {
    case .never: (vertical, horizontal) = (false, false)
    case .always: (vertical, horizontal) = (true, true)
    case .scrollableAxes: (vertical, horizontal) = (scrollsVertically, scrollsHorizontally)
    case .automatic: (vertical, horizontal) = (true, scrollsHorizontally)
    }
    return EdgeInsets(
      top: inset.top + (vertical ? safe.top : 0),
      left: inset.left + (horizontal ? safe.left : 0),
      bottom: inset.bottom + (vertical ? safe.bottom : 0),
      right: inset.right + (horizontal ? safe.right : 0))
  }

  /// The layout margins a layout measures from (FLOW-16 `.fromLayoutMargins`).
  public var effectiveLayoutMargins: EdgeInsets {
    insetsLayoutMarginsFromSafeArea ? layoutMargins + safeAreaInsets : layoutMargins
  }

  private func marginsDidChange() {
    collectionViewLayout.invalidateLayout()
    layoutIfNeeded()
  }

  private func insetsDidChange(oldAdjusted: EdgeInsets) {
    if adjustedContentInset != oldAdjusted { collectionViewLayout.invalidateLayout() }
    layoutIfNeeded()
  }

  private func dataSourceDidChange() {
    countsAreValid = false
    let context = type(of: collectionViewLayout).invalidationContextClass.init()
    context.invalidateEverything = true
    context.invalidateDataSourceCounts = true
    collectionViewLayout.invalidateLayout(with: context)
  }
}

/// The view showing one element, and the reuse pool it returns to.
struct DisplaySlot {
  var view: Int
  var pool: Int
}

/// Reuse pools are per identifier for cells and per kind + identifier for supplementary
/// and decoration views (DISP-3).
public struct ReuseKey: Hashable, Sendable {
  public var category: ElementCategory
  /// `nil` for cells.
  public var kind: String?
  public var identifier: String

  public init(category: ElementCategory, kind: String?, identifier: String) {
    self.category = category
    self.kind = kind
    self.identifier = identifier
  }
}
