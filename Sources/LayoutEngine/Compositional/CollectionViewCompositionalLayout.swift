/// `UICollectionViewCompositionalLayout`: items in groups in sections (COMP-1…COMP-15).
///
/// Each `prepare()` asks the section provider for every section with the environment (the
/// container's size and a width class, so a layout adapts to its width), solves each
/// section's group once, and keeps per section only the group's stamp and where its
/// groups start (COMP-15b): an item's frame is the stamp's frame for its place in a group,
/// moved to its group. A section of a million items costs what its group costs; a query
/// finds the groups a rect crosses by arithmetic, O(log sections + k).
///
/// Orthogonal sections (COMP-9) lay their groups across the layout's axis, in a scroller of
/// their own: `orthogonalContentOffset(forSection:)`. Frames are answered where they are
/// drawn, at that offset, so display, reuse and hit testing see them there.
open class CollectionViewCompositionalLayout: CollectionViewLayout {
  public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

  /// The sections' descriptors: one for all (`init(section:)`), or the provider's answer.
  public let sectionProvider: SectionProvider

  /// Assigning invalidates the layout (COMP-8). Copied in and out (UIKit's `copy`
  /// property): a configuration changed after it was assigned, or one read and changed,
  /// has no effect until it is assigned.
  open var configuration: CollectionViewCompositionalLayoutConfiguration {
    get { ownConfiguration.copy() }
    set {
      ownConfiguration = newValue.copy()
      axes = FlowAxes(vertical: newValue.scrollDirection == .vertical)
      invalidateLayout()
    }
  }
  /// What the layout reads as it lays out.
  var ownConfiguration: CollectionViewCompositionalLayoutConfiguration
  /// The configuration's scroll direction, kept as a value: every frame a query answers
  /// reads it.
  private(set) var axes: FlowAxes

  /// How many leaf items one group may hold (a group of tiny items stops there).
  public var maximumItemsPerGroup = 100_000

  /// Set by `prepare()` when a group stopped short: its pattern took no room, or it
  /// reached `maximumItemsPerGroup`. Engine API, for tools that explain a layout.
  public internal(set) var truncatedGroups: Set<Int> = []

  /// The sections as the last `prepare()` laid them out.
  public internal(set) var sections: [CompositionalSection] = []
  /// The layout's own boundary items (configuration), placed around all sections.
  var layoutBoundary: [BoundaryElement] = []
  /// How far any section's elements reach before its start and past its end along the
  /// axis (a badge above its item, a custom frame outside its group, a boundary item's
  /// offset; COMP-7, COMP-10, COMP-13): a rect query widens its section search by these,
  /// so that an element outside its section's span is still found (GEO-5).
  var leadOverhang = 0.0
  var trailOverhang = 0.0
  var contentSize: Size = .zero
  /// Each orthogonal section's scroll offset, kept across passes.
  var orthogonalOffsets: [Int: Point] = [:]
  /// Each orthogonal section's scroller in motion after a finger lifted (COMP-9).
  var orthogonalDecelerations: [Int: Deceleration] = [:]
  /// Where each orthogonal section's scroller stood when a finger touched it, while it is
  /// down.
  var orthogonalDragStarts: [Int: Double] = [:]
  /// Whether an invalidation other than a scroller's move came since the last full pass.
  var fullLayoutPending = true
  /// The collection view of the last full pass.
  weak var preparedView: CollectionView?
  /// Set while `setOrthogonalContentOffset` invalidates.
  var movingScroller = false
  /// Self-sizing (COMP-1): the sizes cells reported, by the item they belong to (they
  /// follow their items across batch updates, as the flow layout's do).
  public internal(set) var measuredSizes: [IndexPath: Size] = [:]
  /// Cells measured since the last pass, and whether that pass's measured groups can be
  /// brought up to date with them instead of solved again.
  var pendingMeasured: [IndexPath] = []
  var measuredGroupsValid = false
  /// Set while a measurement's own invalidation runs: the layout is already current.
  var applyingMeasurement = false
  /// COMP-14: the visible-items handler's changes for the current bounds and offsets.
  var handlerOverrides: [ElementKey: CollectionLayoutVisibleItem] = [:]
  var handlerKey: HandlerKey?

  public init(
    section: CollectionLayoutSection,
    configuration: CollectionViewCompositionalLayoutConfiguration = .init()
  ) {
    self.sectionProvider = { _, _ in section }
    self.ownConfiguration = configuration.copy()
    self.axes = FlowAxes(vertical: configuration.scrollDirection == .vertical)
    super.init()
  }

  public init(
    sectionProvider: @escaping SectionProvider,
    configuration: CollectionViewCompositionalLayoutConfiguration = .init()
  ) {
    self.sectionProvider = sectionProvider
    self.ownConfiguration = configuration.copy()
    self.axes = FlowAxes(vertical: configuration.scrollDirection == .vertical)
    super.init()
  }

  open override var collectionViewContentSize: Size { contentSize }

  open override var attributeCount: Int? {
    sections.reduce(layoutBoundary.count) {
      $0 + $1.itemCount + $1.boundary.count + $1.decorations.count
        + $1.supplementaryCount
    }
  }

  open override func prepare() {
    super.prepare()
    // A pass that only orthogonal scrollers' moves asked for keeps the sections: their
    // frames are the stamps at the new offsets, and the handlers run again (their key
    // holds the offsets). Any other invalidation, another collection view or another size
    // lays everything out again.
    // (A new size comes with an invalidation of its own: shouldInvalidateLayout(forBoundsChange:).)
    if !fullLayoutPending, let cv = collectionView, cv === preparedView { return }
    layOut()
    fullLayoutPending = false
    preparedView = collectionView
  }

  open override func invalidateLayout(with context: InvalidationContext) {
    if applyingMeasurement {
      // The measurement was laid out as its context was made (CompositionalLayout+SelfSizing).
      applyingMeasurement = false
    } else if !movingScroller {
      fullLayoutPending = true
    }
    // Measured groups outlive a pass that only a bounds change asked for; anything that may
    // change the descriptors or the items solves them again.
    if context.invalidateEverything || context.invalidateDataSourceCounts {
      measuredGroupsValid = false
    }
    context.batchMapping?.remap(measuredSizes: &measuredSizes)
    context.movementMapping?.remap(measuredSizes: &measuredSizes)
    super.invalidateLayout(with: context)
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    elements(in: rect)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    // A group that places no item (a custom provider's empty answer, COMP-7) holds none of
    // the section's items: there is no frame to answer.
    guard indexPath.item >= 0, indexPath.item < section.itemCount, section.stamp.leafCount > 0
    else { return nil }
    return overridden(cell(indexPath.item, of: section))
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    supplementary(ofKind: kind, at: indexPath).map(overridden)
  }

  open override func layoutAttributesForDecorationView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section), indexPath.item == 0,
      let d = sections[indexPath.section].decorations.first(where: { $0.kind == kind })
    else { return nil }
    return overridden(decoration(d, section: indexPath.section))
  }

  /// Self-sizing (COMP-1, LAY-12): CompositionalLayout+SelfSizing.swift.
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
    measurementContext(preferred: preferredAttributes, original: originalAttributes)
  }

  /// A width change resolves the fractions again; any scroll moves pinned boundary items
  /// and runs the visible-items handlers (COMP-10, COMP-14).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return false }
    if newBounds.size != old.size { return true }
    return sections.contains { $0.needsScrollUpdates } || layoutBoundary.contains { $0.pinned }
  }

  // MARK: Orthogonal scrolling (COMP-9)

  /// The scroll offset of section `section`'s own scroller (zero for a section that does
  /// not scroll orthogonally).
  public func orthogonalContentOffset(forSection section: Int) -> Point {
    orthogonalOffsets[section] ?? .zero
  }

  /// Moves section `section`'s scroller, as a finger or `setContentOffset` on the embedded
  /// scroll view would: the section's elements are answered at the new place from the
  /// next pass. No clamping (SV-4); `orthogonalScrollRange(forSection:)` says the range.
  public func setOrthogonalContentOffset(_ offset: Point, forSection section: Int) {
    guard sections.indices.contains(section), sections[section].isOrthogonal,
      offset.x.isFinite, offset.y.isFinite
    else { return }
    let moved = axes.vertical ? Point(x: offset.x, y: 0) : Point(x: 0, y: offset.y)
    guard moved != orthogonalContentOffset(forSection: section) else { return }
    orthogonalOffsets[section] = moved
    sections[section].orthogonalOffset = moved
    let context = Self.invalidationContextClass.init()
    movingScroller = true
    invalidateLayout(with: context)
    movingScroller = false
  }

  /// The offsets section `section`'s scroller can rest at: from zero to its content
  /// extent less the container's (zero when the content is shorter).
  public func orthogonalScrollRange(forSection section: Int) -> ClosedRange<Double> {
    guard sections.indices.contains(section), sections[section].isOrthogonal else { return 0...0 }
    let s = sections[section]
    return 0...max(0, s.orthogonalContentExtent - s.orthogonalViewportExtent)
  }

  /// The extent of one page of section `section`'s scroller (COMP-9): the collection view's
  /// bounds for `.paging`, one group plus spacing for group paging, nil otherwise.
  public func orthogonalPageExtent(forSection section: Int) -> Double? {
    guard sections.indices.contains(section) else { return nil }
    let s = sections[section]
    switch s.behavior {
    case .paging: return s.orthogonalViewportExtent
    case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary:
      return s.groupCrossStride
    case .none, .continuous: return nil
    }
  }
}

/// The key the visible-items handlers' answers were computed for.
struct HandlerKey: Equatable {
  var bounds: Rect
  var offsets: [Int: Point]
}
