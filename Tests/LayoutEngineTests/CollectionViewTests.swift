import LayoutEngine
import Testing

/// The layout pass (LAY-1…LAY-8), display (DISP-1…DISP-4, DISP-6) and counts (LAY-4).
@Suite("Collection view model (LAY, DISP)")
struct CollectionViewTests {
  func feed(count: Int = 100) -> (CollectionView, CollectionViewFlowLayout) {
    makeFlow(width: 375, height: 600, counts: [count]) {
      $0.itemSize = Size(width: 375, height: 100)
      $0.minimumLineSpacing = 0
    }
  }

  @Test("LAY-1/LAY-4: the first pass reads counts, prepares, reads the size, then queries")
  func firstPass() {
    let (cv, _) = feed()
    let calls = cv.events.filter { $0.isLayoutCall || $0.callName == "numberOfSections(in:)" }
      .map(\.callName)
    #expect(
      Array(calls.drop(while: { $0 == "invalidateLayout(with:)" })) == [
        "numberOfSections(in:)", "prepare()", "collectionViewContentSize",
        "layoutAttributesForElements(in:)",
      ])
    // LAY-5 / OPEN-1: bounds plus one viewport ahead; item 12 touches its end (GEO-5).
    #expect(
      cv.events.contains(
        .layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 1200), count: 13)))
  }

  @Test("DISP-1/2: willDisplay in attribute order for what meets the bounds, touching included")
  func displayedSet() {
    let (cv, _) = feed()
    let shown = cv.events.compactMap { event -> ElementKey? in
      if case .willDisplay(let key) = event { return key }
      return nil
    }
    // Items 0…5 fill 0…600; item 6 starts at 600 and touches the bounds (GEO-5).
    #expect(shown == (0...6).map { .cell(IndexPath(item: $0, section: 0)) })
    #expect(cv.indexPathsForVisibleItems.count == 7)
  }

  @Test("LAY-8: a scroll asks shouldInvalidateLayout with the old bounds still in place")
  func scrollAsks() {
    let (cv, _) = feed()
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 250))
    #expect(
      cv.events.first
        == .shouldInvalidateLayout(
          forBoundsChange: Rect(x: 0, y: 250, width: 375, height: 600), result: false))
    #expect(!cv.events.contains(.prepare))  // FLOW-24: no invalidation for a pure scroll
    // The valid-layout region (0…1200) holds 250…850: no new query.
    #expect(!cv.events.contains { $0.callName == "layoutAttributesForElements(in:)" })
    let ended = cv.events.filter { if case .didEndDisplaying = $0 { true } else { false } }
    #expect(ended.count == 2)  // items 0 and 1 leave; 2 ends at 300 > 250
  }

  @Test("LAY-5: a query is made again when the bounds leave the valid-layout region")
  func requery() {
    let (cv, _) = feed()
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 700))
    #expect(
      cv.events.contains(
        .layoutAttributesForElements(in: Rect(x: 0, y: 700, width: 375, height: 1200), count: 14)))
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 100))  // 0…1900 was asked for: nothing is asked
    #expect(!cv.events.contains { $0.callName == "layoutAttributesForElements(in:)" })
    cv.setContentOffset(Point(x: 0, y: 3000))
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 2500))  // moving up: the rect extends upward
    #expect(
      cv.events.contains(
        .layoutAttributesForElements(in: Rect(x: 0, y: 1900, width: 375, height: 1200), count: 14)
      ))
  }

  @Test("LAY-8 / FLOW-24: a width change invalidates, prepares and re-queries")
  func resize() {
    let (cv, layout) = feed()
    cv.removeAllEvents()
    cv.frame = Rect(x: 0, y: 0, width: 414, height: 600)
    let names = cv.events.filter(\.isLayoutCall).map(\.callName)
    #expect(
      names == [
        "shouldInvalidateLayout(forBoundsChange:)", "invalidationContext(forBoundsChange:)",
        "invalidateLayout(with:)", "prepare()", "collectionViewContentSize",
        "layoutAttributesForElements(in:)",
      ])
    #expect(cv.contentSize.width == 414)
    // The item is wider than nothing now: 375 in 414 → centred (FLOW-7).
    #expect(frame(layout, 0, 0).minX == 19.5)
  }

  @Test("DISP-3: views return to the pool and are reused, last in first out")
  func reuse() {
    let (cv, _) = feed()
    #expect(cv.createdViewCount == 7)
    // 300…900: items 0 and 1 leave (item 2 still touches at 300), items 7, 8, 9 arrive.
    cv.setContentOffset(Point(x: 0, y: 300))
    // DISP-2: new views are made before old ones are released, so none are reused yet.
    #expect(cv.createdViewCount == 10)
    #expect(cv.reusableViewCount == 2)
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 600))  // 2, 3, 4 leave; 10, 11, 12 arrive
    let dequeues = cv.events.compactMap { event -> Int? in
      if case .dequeue(_, _, let view, let reused) = event { return reused ? view : -1 }
      return nil
    }
    #expect(dequeues == [2, 1, -1])  // LIFO: item 1's view went in last, comes out first
    #expect(cv.createdViewCount == 11)
  }

  @Test("TV-36: reload sends invalidateEverything and invalidateDataSourceCounts")
  func reload() {
    let (cv, _) = feed()
    cv.removeAllEvents()
    cv.reloadData()
    let summaries = cv.events.compactMap { event -> InvalidationSummary? in
      if case .invalidateLayout(let summary) = event { return summary }
      return nil
    }
    #expect(summaries.count == 1)
    #expect(summaries.first?.invalidateEverything == true)
    #expect(summaries.first?.invalidateDataSourceCounts == true)
    #expect(summaries.first?.contextClass == "FlowLayoutInvalidationContext")
    #expect(cv.events.contains(.numberOfSections(1)))
    #expect(cv.events.contains(.numberOfItems(inSection: 0, count: 100)))
    let ended = cv.events.filter { if case .didEndDisplaying = $0 { true } else { false } }
    #expect(ended.count == 7)
  }

  @Test("TV-36: a fresh context is empty")
  func freshContext() {
    let context = InvalidationContext()
    #expect(!context.invalidateEverything && !context.invalidateDataSourceCounts)
    #expect(context.invalidatedItemIndexPaths == nil)
    #expect(context.invalidatedSupplementaryIndexPaths == nil)
    #expect(context.contentOffsetAdjustment == .zero && context.contentSizeAdjustment == .zero)
    context.invalidateItems(at: [IndexPath(item: 17, section: 0)])
    #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 17, section: 0)])
    let flow = FlowLayoutInvalidationContext()
    #expect(flow.invalidateFlowLayoutAttributes && flow.invalidateFlowLayoutDelegateMetrics)
  }

  @Test("LAY-11: invalidateFlowLayoutAttributes = false keeps the frames")
  func keepAttributes() {
    let (cv, layout) = feed()
    let context = FlowLayoutInvalidationContext()
    context.invalidateFlowLayoutAttributes = false
    layout.itemSize = Size(width: 375, height: 100)  // unchanged: no invalidation
    cv.removeAllEvents()
    layout.invalidateLayout(with: context)
    cv.layoutIfNeeded()
    #expect(cv.events.contains(.prepare))  // LAY-2: prepare() runs after any invalidation
    #expect(frame(layout, 0, 3) == Rect(x: 0, y: 300, width: 375, height: 100))
  }

  @Test("LAY-10: the context's offset adjustment moves the content offset")
  func offsetAdjustment() {
    let (cv, layout) = feed()
    let context = FlowLayoutInvalidationContext()
    context.contentOffsetAdjustment = Point(x: 0, y: 40)
    layout.invalidateLayout(with: context)
    cv.layoutIfNeeded()
    #expect(cv.contentOffset == Point(x: 0, y: 40))
  }

  @Test("LAY-4: counts are cached, and a missing section raises")
  func counts() {
    let source = StaticDataSource(itemCounts: [3, 4])
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 100, height: 100),
      collectionViewLayout: CollectionViewFlowLayout())
    cv.dataSource = source
    #expect(cv.numberOfSections == 2 && cv.numberOfItems(inSection: 1) == 4)
    source.itemCounts = [3, 4, 5]
    #expect(cv.numberOfSections == 2)  // cached until reload
    cv.reloadData()
    #expect(cv.numberOfSections == 3)
    #expect(cv.numberOfItems(inSection: 7) == 0)
    #expect(
      cv.exceptions.last?.reason
        == "request for number of items in section 7 when there are only 3 sections in the collection view"
    )
  }

  @Test("DISP-6: hit testing picks the topmost cell, ignores headers and hidden cells")
  func hitTesting() {
    let (cv, _) = makeFlow(width: 375, height: 600, counts: [10]) {
      $0.itemSize = Size(width: 100, height: 100)
      $0.headerReferenceSize = Size(width: 0, height: 50)
    }
    #expect(cv.indexPathForItem(at: Point(x: 10, y: 10)) == nil)  // the header
    #expect(cv.indexPathForItem(at: Point(x: 10, y: 60)) == IndexPath(item: 0, section: 0))
    #expect(cv.indexPathForItem(at: Point(x: 100, y: 60)) == nil)  // GEO-8: max edge is out
    #expect(cv.indexPathForItem(at: Point(x: 137.5, y: 60)) == IndexPath(item: 1, section: 0))
    let overlap = OverlapLayout()
    let cv2 = CollectionView(
      frame: Rect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: overlap,
      itemCounts: [3])
    cv2.layoutIfNeeded()
    #expect(cv2.indexPathForItem(at: Point(x: 50, y: 50)) == IndexPath(item: 1, section: 0))
    overlap.hideTop = true
    overlap.invalidateLayout()
    #expect(cv2.indexPathForItem(at: Point(x: 50, y: 50)) == IndexPath(item: 2, section: 0))
  }

  @Test("LAY-16: an animated layout swap brackets the transition")
  func layoutSwap() {
    let (cv, _) = feed()
    let next = CollectionViewFlowLayout()
    next.itemSize = Size(width: 100, height: 100)
    cv.removeAllEvents()
    cv.setCollectionViewLayout(next, animated: true)
    let names = cv.events.filter(\.isLayoutCall).map(\.callName)
    #expect(names.first == "prepareForTransition(to:)")
    #expect(names.contains("prepare()"))
    #expect(names.last == "finalizeLayoutTransition()")
    #expect(cv.collectionViewLayout === next && next.collectionView === cv)
    #expect(cv.contentSize.height == 34 * 110 - 10)
  }
}

/// Three stacked 100×100 cells at the same place: zIndex 0, 5 and 5 (OPEN-5: the later
/// of equal zIndex wins), the last one optionally hidden.
final class OverlapLayout: CollectionViewLayout {
  var hideTop = false

  override var collectionViewContentSize: Size { Size(width: 200, height: 200) }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, (0..<3).contains(indexPath.item) else { return nil }
    var a = LayoutAttributes(forCellWith: indexPath)
    a.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    a.zIndex = [0, 5, 5][indexPath.item]
    if indexPath.item == 1 { a.isHidden = hideTop }
    if indexPath.item == 2 { a.zIndex = hideTop ? 5 : 4 }
    return a
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<3).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
      .filter { $0.frame.intersects(rect) }
  }
}
