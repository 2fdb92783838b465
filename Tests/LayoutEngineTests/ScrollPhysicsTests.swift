import Testing

@testable import LayoutEngine

/// 375 × 600 over 100 items of 375 × 100: content 10,000 tall, offsets 0…9,400.
func makeScrollList() -> CollectionView {
  makeFlow(width: 375, height: 600, counts: [100]) {
    $0.itemSize = Size(width: 375, height: 100)
    $0.minimumLineSpacing = 0
  }.0
}

/// SV-6…SV-11: the fling, the rubber band, paging and the delegate's callbacks.
@Suite("Scroll physics (SV-6…SV-11)")
struct ScrollPhysicsTests {
  private func makeList() -> CollectionView { makeScrollList() }

  private func callbacks(_ cv: CollectionView) -> [String] {
    cv.events.compactMap { if case .scrollView(let c) = $0 { c.name } else { nil } }
  }

  /// Runs frames of 1000/60 ms until the deceleration ends; the number of frames.
  private func settle(_ cv: CollectionView, limit: Int = 10_000) -> Int {
    var frames = 0
    while cv.advanceDeceleration(by: 1000.0 / 60) && frames < limit { frames += 1 }
    return frames + 1
  }

  @Test("the standard library's ln and exp are exact enough for the fling")
  func logarithms() {
    #expect(abs(naturalLog(10) - 2.302_585_092_994_046) < 1e-14)
    #expect(abs(exponential(1) - 2.718_281_828_459_045) < 1e-14)
    #expect(abs(power(0.998, 1000) - 0.135_064_522_446_683_38) < 1e-12)
    #expect(naturalLog(0) == -.infinity && naturalLog(-1).isNaN && exponential(-800) == 0)
  }

  @Test("TV-21: resting distance −v0/ln r and the time to slow to 0.5 pt/s (SV-7)")
  func flingProjection() {
    #expect(abs(ScrollPhysics.restingDistance(velocity: 2, rate: .normal) - 999.0) < 0.05)
    #expect(abs(ScrollPhysics.restingDistance(velocity: 2, rate: .fast) - 199.0) < 0.05)
    let normal = ScrollPhysics.timeToSlow(from: 2, to: 0.0005, rate: .normal)
    let fast = ScrollPhysics.timeToSlow(from: 2, to: 0.0005, rate: .fast)
    #expect(abs(normal - 4142.9) < 0.05 && abs(fast - 825.3) < 0.05)
  }

  @Test("TV-22: the rubber band b = (1 − 1/(x·c/d + 1))·d (SV-9)")
  func rubberBand() {
    for (d, x, b) in [
      (600.0, 100.0, 50.38), (600, 300, 129.41), (600, 600, 212.90), (960, 100, 52.02),
    ] {
      #expect(abs(ScrollPhysics.rubberBand(overshoot: x, dimension: d) - b) < 0.005)
    }
    #expect(abs(ScrollPhysics.rubberBand(overshoot: -100, dimension: 600) + 50.38) < 0.005)
  }

  @Test("a fling: SV-8's callback order, rest at the projected offset, exactly")
  func fling() {
    let cv = makeList()
    cv.removeAllEvents()
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: -100))
    #expect(cv.contentOffset.y == 100 && cv.isDragging)
    cv.endDragging(velocity: Point(x: 0, y: 2))
    #expect(cv.isDecelerating && !cv.isDragging)
    let frames = settle(cv)
    #expect(cv.contentOffset.y == 100 + ScrollPhysics.restingDistance(velocity: 2, rate: .normal))
    #expect(!cv.isDecelerating)
    // From 999 pt to within 0.5 pt: ln(0.5 / 999) / ln 0.998 ≈ 3,796 ms ≈ 228 frames.
    #expect(abs(Double(frames) - 228) <= 1)
    let names = callbacks(cv)
    #expect(names.first == "scrollViewWillBeginDragging(_:)")
    let order = names.filter { $0 != "scrollViewDidScroll(_:)" }
    #expect(
      order == [
        "scrollViewWillBeginDragging(_:)",
        "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)",
        "scrollViewDidEndDragging(_:willDecelerate:)", "scrollViewWillBeginDecelerating(_:)",
        "scrollViewDidEndDecelerating(_:)",
      ])
    #expect(names.filter { $0 == "scrollViewDidScroll(_:)" }.count == frames + 1)
  }

  @Test("the delegate's target wins; a non-finite one is ignored")
  func delegateTarget() {
    final class Snap: ScrollViewDelegate {
      var target: Point
      init(_ target: Point) { self.target = target }
      func scrollViewWillEndDragging(
        _ collectionView: CollectionView, withVelocity velocity: Point,
        targetContentOffset: inout Point
      ) { targetContentOffset = target }
    }
    let cv = makeList()
    let snap = Snap(Point(x: 0, y: 700))
    cv.scrollViewDelegate = snap
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 2))
    _ = settle(cv)
    #expect(cv.contentOffset.y == 700)
    snap.target = Point(x: 0, y: .nan)
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: -0.5))
    _ = settle(cv)
    #expect(abs(cv.contentOffset.y - (700 - 249.75)) < 0.01)
  }

  @Test("pulled past the top: the rubber band, then back to the edge; no bounce when off")
  func pastTheEdge() {
    let cv = makeList()
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: 100))
    #expect(abs(cv.contentOffset.y + 50.38) < 0.005)
    cv.endDragging(velocity: Point(x: 0, y: -1))
    _ = settle(cv)
    #expect(cv.contentOffset.y == 0)
    cv.bounces = false
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: 100))
    #expect(cv.contentOffset.y == 0)
  }

  @Test("paging: one page in the velocity's direction, the nearest at rest (SV-11)")
  func paging() {
    let cv = makeList()
    cv.isPagingEnabled = true
    for (velocity, expected) in [(0.1, 600.0), (-0.1, 0), (0, 0)] {
      cv.setContentOffset(.zero)
      cv.beginDragging()
      cv.drag(translation: Point(x: 0, y: -100))
      cv.endDragging(velocity: Point(x: 0, y: velocity))
      _ = settle(cv)
      #expect(cv.contentOffset.y == expected, "velocity \(velocity)")
    }
  }

  @Test("content shorter than the viewport does not move unless it always bounces (SV-10)")
  func shortContent() {
    let (cv, _) = makeFlow(width: 375, height: 600, counts: [3])
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: -100))
    #expect(cv.contentOffset.y == 0)
    cv.endDragging(velocity: Point(x: 0, y: 1))
    #expect(!cv.isDecelerating)
    cv.alwaysBounceVertical = true
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: -100))
    #expect(cv.contentOffset.y > 0 && cv.contentOffset.y < 100)
  }

  @Test("the layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:)")
  func layoutTarget() {
    final class Snapping: CollectionViewFlowLayout {
      override func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
      ) -> Point {
        Point(x: proposed.x, y: (proposed.y / 250).rounded() * 250)
      }
    }
    let layout = Snapping()
    layout.itemSize = Size(width: 375, height: 100)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: [100])
    cv.layoutIfNeeded()
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 2))
    _ = settle(cv)
    #expect(cv.contentOffset.y == 1000)  // 999 proposed, snapped to a multiple of 250
  }
}
