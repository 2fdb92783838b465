import Testing

@testable import LayoutEngine

/// `scrollViewDidScroll` on every offset change, the two ways of setting the offset during a
/// deceleration, the end of an animated scroll and `scrollsToTop` (SV-8).
@Suite("Scroll-view callbacks (SV-8)")
struct ScrollCallbackTests {
  private func makeList() -> CollectionView { makeScrollList() }

  private func names(_ cv: CollectionView) -> [String] {
    cv.events.compactMap {
      switch $0 {
      case .scrollView(let c): c.name
      case .prepare: "prepare()"
      case .shouldInvalidateLayout: "shouldInvalidateLayout"
      default: nil
      }
    }
  }

  @Test("setContentOffset: the bounds change, scrollViewDidScroll, then the layout pass")
  func didScrollOrder() {
    let cv = makeList()
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 300))
    #expect(names(cv) == ["shouldInvalidateLayout", "scrollViewDidScroll(_:)"])
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 300))
    #expect(names(cv).isEmpty, "an unchanged offset calls nothing")
  }

  @Test("the contentOffset setter moves a deceleration with it; setContentOffset stops it")
  func setterKeepsMotion() {
    let cv = makeList()
    cv.setContentOffset(Point(x: 0, y: 2000))
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 2))
    let target = cv.deceleration!.target
    cv.advanceDeceleration(by: 100)
    cv.contentOffset = Point(x: 0, y: cv.contentOffset.y - 1000)
    #expect(cv.deceleration?.target == Point(x: target.x, y: target.y - 1000))
    while cv.advanceDeceleration(by: 1000.0 / 60) {}
    #expect(cv.contentOffset == Point(x: 0, y: target.y - 1000))
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 2))
    cv.setContentOffset(Point(x: 0, y: 100))
    #expect(cv.deceleration == nil)
    #expect(!cv.advanceDeceleration(by: 16))
  }

  @Test("a status-bar tap scrolls to −adjustedContentInset.top when allowed")
  func scrollsToTop() {
    final class Refuse: ScrollViewDelegate {
      func scrollViewShouldScrollToTop(_ collectionView: CollectionView) -> Bool { false }
    }
    let cv = makeList()
    cv.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    cv.setContentOffset(Point(x: 0, y: -20))
    #expect(cv.statusBarTapTarget() == nil, "already at the top")
    cv.setContentOffset(Point(x: 0, y: 500))
    #expect(cv.statusBarTapTarget() == Point(x: 0, y: -20))
    let refuse = Refuse()
    cv.scrollViewDelegate = refuse
    #expect(cv.statusBarTapTarget() == nil)
    cv.scrollViewDelegate = nil
    cv.scrollsToTop = false
    #expect(cv.statusBarTapTarget() == nil)
    cv.removeAllEvents()
    cv.didScrollToTop()
    cv.endScrollingAnimation()
    #expect(
      names(cv) == ["scrollViewDidScrollToTop(_:)", "scrollViewDidEndScrollingAnimation(_:)"])
  }
}
