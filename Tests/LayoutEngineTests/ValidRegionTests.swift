import GridlineTestSupport
import LayoutEngine
import Testing

/// UIKit's valid-layout region (LAY-2, LAY-5, LAY-10; the engine's choice for OPEN-1):
/// answers accumulate until the next reload or invalidation, and a pass asks the layout
/// only for content the region does not hold yet.
@Suite("Valid-layout region (LAY-2, LAY-5, OPEN-1)")
struct ValidRegionTests {
  /// 100 rows of 375 × 100 in a 375 × 600 view: a screen is six rows.
  func feed(count: Int = 100, configure: (CollectionViewFlowLayout) -> Void = { _ in }) -> (
    CollectionView, CollectionViewFlowLayout
  ) {
    makeFlow(width: 375, height: 600, counts: [count]) {
      $0.itemSize = Size(width: 375, height: 100)
      $0.minimumLineSpacing = 0
      configure($0)
    }
  }

  func queries(_ cv: CollectionView) -> Int {
    cv.events.filter { $0.callName == "layoutAttributesForElements(in:)" }.count
  }

  func scroll(_ cv: CollectionView, through offsets: some Sequence<Int>) {
    for y in offsets { cv.setContentOffset(Point(x: 0, y: Double(y))) }
  }

  @Test("LAY-5 / OPEN-1: three screens down asks again, the way back up asks nothing")
  func backOverQueried() {
    let (cv, _) = feed()
    cv.removeAllEvents()
    scroll(cv, through: stride(from: 50, through: 1800, by: 50))
    #expect(queries(cv) >= 2)
    cv.removeAllEvents()
    scroll(cv, through: stride(from: 1750, through: 0, by: -50))
    #expect(queries(cv) == 0)
    #expect(!cv.events.contains(.prepare))
    // DISP-1 still holds: rows 0…6 (row 6 touches the bottom edge, GEO-5).
    #expect(cv.indexPathsForVisibleItems == (0...6).map { IndexPath(item: $0, section: 0) })
  }

  @Test("LAY-2 / LAY-5: once every element was queried, scrolling anywhere asks nothing")
  func everythingQueried() {
    let (cv, _) = feed(count: 24)  // 2,400 points: four screens
    scroll(cv, through: stride(from: 100, through: 1800, by: 100))
    cv.removeAllEvents()
    for y in [0, 1250, 350, 1750, 950, 0, 1799] {
      cv.setContentOffset(Point(x: 0, y: Double(y)))
      let first = y / 100
      let last = min(23, (y + 600) / 100)
      #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: first, section: 0))
      #expect(cv.indexPathsForVisibleItems.last == IndexPath(item: last, section: 0))
    }
    #expect(queries(cv) == 0)
    #expect(!cv.events.contains(.prepare))
  }

  @Test("LAY-2: reloadData prepares once and queries again")
  func reloadDrops() {
    let (cv, _) = feed()
    scroll(cv, through: stride(from: 100, through: 1200, by: 100))
    cv.setContentOffset(Point(x: 0, y: 300))
    cv.removeAllEvents()
    cv.reloadData()
    #expect(cv.events.filter { $0 == .prepare }.count == 1)
    #expect(queries(cv) == 1)
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 1000))  // queried before the reload: asked again
    #expect(queries(cv) == 1)
  }

  @Test("LAY-8: a bounds-change invalidation that names nothing drops the region")
  func boundsChangeDrops() {
    let (cv, _) = feed()
    scroll(cv, through: stride(from: 100, through: 1800, by: 100))
    cv.removeAllEvents()
    cv.frame = Rect(x: 0, y: 0, width: 414, height: 600)  // FLOW-24: the width invalidates
    #expect(queries(cv) == 1)
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 0))
    #expect(queries(cv) == 1)
  }

  @Test("LAY-10: a targeted invalidation keeps the region and re-asks only its elements")
  func targetedKeeps() {
    // PIN-1: with pinned headers every scroll invalidates, naming the headers alone.
    let (cv, _) = feed {
      $0.headerReferenceSize = Size(width: 0, height: 40)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    scroll(cv, through: stride(from: 100, through: 1800, by: 100))
    cv.removeAllEvents()
    scroll(cv, through: stride(from: 1700, through: 0, by: -100))
    #expect(queries(cv) == 0)
    #expect(cv.events.filter { $0 == .prepare }.count == 18)  // LAY-2: after every one
    let asked = cv.events.filter {
      $0.callName == "layoutAttributesForSupplementaryView(ofKind:at:)"
    }
    #expect(asked.count == 18)
    let header = ElementKey(
      category: .supplementaryView, kind: ElementKind.sectionHeader,
      indexPath: IndexPath(item: 0, section: 0))
    #expect(cv.displayedAttributes(for: header)?.frame.minY == 0)
  }

  @Test("DISP-1: after any scroll the displayed set is a fresh view's, in its order")
  func sameAsFresh() {
    var random = SeededGenerator(seed: 5)
    let configure: (CollectionViewFlowLayout) -> Void = {
      $0.itemSize = Size(width: 90, height: 70)
      $0.headerReferenceSize = Size(width: 0, height: 30)
      $0.sectionHeadersPinToVisibleBounds = true
    }
    let (cv, _) = makeFlow(width: 375, height: 600, counts: [40, 7, 60, 25], configure: configure)
    for _ in 0..<60 {
      let y = Double(Int.random(in: -50...(Int(cv.contentSize.height) - 500), using: &random))
      cv.setContentOffset(Point(x: 0, y: y))
      let (fresh, _) = makeFlow(
        width: 375, height: 600, counts: [40, 7, 60, 25], configure: configure)
      fresh.setContentOffset(Point(x: 0, y: y))
      #expect(
        Set(cv.visibleElements.map(\.key)) == Set(fresh.visibleElements.map(\.key)),
        "at \(y)")
      for a in cv.visibleElements {
        #expect(fresh.displayedAttributes(for: a.key) == a, "\(a.key) at \(y)")
      }
    }
  }

  @Test("OPEN-1: the part of the bounds outside the content does not ask")
  func outsideContent() {
    let (cv, _) = feed(count: 10)  // 1,000 points of content
    scroll(cv, through: stride(from: 100, through: 400, by: 100))
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 700))  // 700…1300: the content ends at 1000
    cv.setContentOffset(Point(x: 0, y: -200))
    #expect(queries(cv) == 0)
  }
}

/// Rows of 375 × 100, some of which the layout may stop returning.
final class DroppingRows: CollectionViewLayout {
  var missing: Set<Int> = []
  let count: Int

  init(count: Int) {
    self.count = count
    super.init()
  }

  override var collectionViewContentSize: Size { Size(width: 375, height: Double(count) * 100) }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, (0..<count).contains(indexPath.item),
      !missing.contains(indexPath.item)
    else { return nil }
    var a = LayoutAttributes(forCellWith: indexPath)
    a.frame = Rect(x: 0, y: Double(indexPath.item) * 100, width: 375, height: 100)
    return a
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
      .filter { $0.frame.intersects(rect) }
  }
}

extension ValidRegionTests {
  @Test("LAY-10: an element the layout no longer returns leaves the cache, the rest stay put")
  func targetedRemoval() {
    let layout = DroppingRows(count: 40)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    let source = StaticDataSource(itemCounts: [40])
    cv.dataSource = source
    cv.layoutIfNeeded()
    scroll(cv, through: stride(from: 100, through: 3400, by: 100))
    scroll(cv, through: stride(from: 3300, through: 0, by: -300))
    layout.missing = [3, 5, 20, 21]
    let context = InvalidationContext()
    context.invalidateItems(at: [3, 5, 20, 21].map { IndexPath(item: $0, section: 0) })
    cv.removeAllEvents()
    layout.invalidateLayout(with: context)
    cv.layoutIfNeeded()
    #expect(cv.events.contains(.didEndDisplaying(.cell(IndexPath(item: 3, section: 0)))))
    #expect(cv.events.contains(.didEndDisplaying(.cell(IndexPath(item: 5, section: 0)))))
    cv.removeAllEvents()
    for y in [1850, 1950, 0, 2650] {
      cv.setContentOffset(Point(x: 0, y: Double(y)))
      let expected = (y / 100...min(39, (y + 600) / 100)).filter { !layout.missing.contains($0) }
      #expect(cv.indexPathsForVisibleItems == expected.map { IndexPath(item: $0, section: 0) })
      for item in expected {
        let path = IndexPath(item: item, section: 0)
        #expect(
          cv.displayedAttributes(for: .cell(path)) == layout.layoutAttributesForItem(at: path))
      }
    }
    #expect(queries(cv) == 0)
    withExtendedLifetime(source) {}  // the data source is weak
  }
}
