import LayoutEngine
import Testing

/// Scroll-view rules SV-3…SV-5 and SV-12, with vectors TV-18…TV-20.
@Suite("Scrolling (SV)")
struct ScrollingTests {
  /// A column of `count` full-width 100-pt rows: content height = 100 · count.
  func column(count: Int, height: Double = 600) -> CollectionView {
    let (cv, _) = makeFlow(width: 375, height: height, counts: [count]) {
      $0.itemSize = Size(width: 375, height: 100)
      $0.minimumLineSpacing = 0
    }
    return cv
  }

  @Test("TV-18: the valid offset range with insets (SV-3)")
  func tv18() {
    let cv = column(count: 10)
    cv.contentInsetAdjustmentBehavior = .never
    cv.contentInset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
    #expect(cv.contentSize.height == 1000)
    #expect(cv.minimumContentOffset.y == -64)
    #expect(cv.maximumContentOffset.y == 434)
    let short = column(count: 3)
    short.contentInsetAdjustmentBehavior = .never
    short.contentInset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
    #expect(short.maximumContentOffset.y == -64)
    #expect(short.clampedContentOffset(Point(x: 0, y: 500)) == Point(x: 0, y: -64))
  }

  @Test("SV-4: setting the offset does not clamp")
  func noClamp() {
    let cv = column(count: 10)
    cv.setContentOffset(Point(x: 0, y: -120))
    #expect(cv.contentOffset == Point(x: 0, y: -120))
    cv.setContentOffset(Point(x: 0, y: 5000))
    #expect(cv.contentOffset.y == 5000)
    #expect(cv.bounds.origin == cv.contentOffset)  // SV-1
  }

  @Test("TV-19: scrollRectToVisible moves the least, or not at all (SV-5)")
  func tv19() {
    let cv = column(count: 20)
    #expect(cv.contentSize.height == 2000)
    cv.scrollRectToVisible(Rect(x: 0, y: 700, width: 10, height: 50))
    #expect(cv.contentOffset.y == 150)
    cv.setContentOffset(.zero)
    cv.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 50))
    #expect(cv.contentOffset.y == 0)
    cv.setContentOffset(Point(x: 0, y: 300))
    cv.scrollRectToVisible(Rect(x: 0, y: 100, width: 10, height: 50))
    #expect(cv.contentOffset.y == 100)
    cv.scrollRectToVisible(Rect(x: 0, y: 1990, width: 10, height: 200))
    #expect(cv.contentOffset.y == 1400)  // clamped to the maximum
  }

  @Test("TV-20: scrollToItem targets clamp to the range (SV-12)")
  func tv20() {
    let cv = column(count: 10)
    cv.scrollToItem(at: IndexPath(item: 9, section: 0), at: .top)
    #expect(cv.contentOffset.y == 400)
    cv.scrollToItem(at: IndexPath(item: 4, section: 0), at: .centeredVertically)
    #expect(cv.contentOffset.y == 150)
    cv.scrollToItem(at: IndexPath(item: 5, section: 0), at: .bottom)
    #expect(cv.contentOffset.y == 0)
    cv.scrollToItem(at: IndexPath(item: 5, section: 0), at: .top)
    #expect(cv.contentOffset.y == 400)
  }

  @Test("SV-12: adjusted insets shift the targets")
  func scrollToItemWithInsets() {
    let cv = column(count: 10)
    cv.contentInsetAdjustmentBehavior = .never
    cv.contentInset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
    cv.scrollToItem(at: IndexPath(item: 3, section: 0), at: .top)
    #expect(cv.contentOffset.y == 300 - 64)
    cv.scrollToItem(at: IndexPath(item: 5, section: 0), at: .bottom)
    #expect(cv.contentOffset.y == 600 - 600 + 34)
    cv.scrollToItem(at: IndexPath(item: 5, section: 0), at: .centeredVertically)
    #expect(cv.contentOffset.y == 550 - 64 - (600 - 98) / 2)
  }

  @Test("SV-12: an invalid index path or two positions on one axis raise and do not scroll")
  func scrollToItemErrors() {
    let cv = column(count: 10)
    cv.scrollToItem(at: IndexPath(item: 10, section: 0), at: .top)
    #expect(
      cv.exceptions.last?.reason
        == "attempt to scroll to invalid index path: <NSIndexPath: 0x0> {length = 2, path = 0 - 10}"
    )
    cv.scrollToItem(at: IndexPath(item: 3, section: 0), at: [.top, .bottom])
    #expect(cv.exceptions.count == 2)
    #expect(cv.exceptions.last?.name == "NSInvalidArgumentException")
    #expect(cv.contentOffset == .zero)
    cv.scrollToItem(at: IndexPath(item: 3, section: 0), at: .none)
    #expect(cv.contentOffset == .zero)
  }

  @Test("SV-2: adjusted content inset by behaviour")
  func adjustedInsets() {
    let cv = column(count: 10)
    cv.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    #expect(cv.adjustedContentInset == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    cv.contentInsetAdjustmentBehavior = .never
    #expect(cv.adjustedContentInset == .zero)
    cv.contentInsetAdjustmentBehavior = .scrollableAxes
    #expect(cv.adjustedContentInset == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    let short = column(count: 2)
    short.contentInsetAdjustmentBehavior = .scrollableAxes
    short.safeAreaInsets = EdgeInsets(all: 20)
    #expect(short.adjustedContentInset == .zero)
    short.contentInsetAdjustmentBehavior = .always
    #expect(short.adjustedContentInset == EdgeInsets(all: 20))
  }

  @Test("A non-finite offset is refused like Core Animation refuses it")
  func nonFinite() {
    let cv = column(count: 10)
    cv.setContentOffset(Point(x: 0, y: .nan))
    #expect(cv.contentOffset == .zero)
    #expect(cv.exceptions.first?.name == "CALayerInvalidGeometry")
  }
}
