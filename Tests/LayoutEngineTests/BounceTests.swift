import Testing

@testable import LayoutEngine

/// The end of a fling past an edge (SV-7, SV-9, SV-10, OPEN-7): the free fling to the edge,
/// then the critically damped spring x(t) = (x0 + (v + ω·x0)·t)·e^(−ωt), ω = 2π/575 ms.
@Suite("Bounce at an edge (SV-7, SV-9, SV-10, OPEN-7)")
struct BounceTests {
  private let frame = 1000.0 / 60
  private let w = 2 * Double.pi / 575

  /// Lifts the finger at once at `velocity` from `offset` and runs frames to rest; the
  /// offsets after each frame.
  private func fling(
    _ cv: CollectionView, from offset: Double, velocity: Double
  ) -> [Double] {
    lift(cv, from: offset, velocity: velocity)
    return run(cv)
  }

  private func lift(_ cv: CollectionView, from offset: Double, velocity: Double) {
    cv.setContentOffset(Point(x: 0, y: offset))
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: velocity))
  }

  private func run(_ cv: CollectionView) -> [Double] {
    var offsets: [Double] = []
    while cv.isDecelerating && offsets.count < 10_000 {
      cv.advanceDeceleration(by: frame)
      offsets.append(cv.contentOffset.y)
    }
    return offsets
  }

  /// The free fling reaches the edge 400 pt on after ln(1 − 400/D)/ln r ms, at v0·rᵗ.
  private func crossing(distance: Double, velocity: Double) -> (time: Double, speed: Double) {
    let d = -velocity / naturalLog(0.998)
    let t = naturalLog(1 - distance / d) / naturalLog(0.998)
    return (t, velocity * power(0.998, t))
  }

  @Test("a fling that would rest past the end overshoots by v/(ω·e) and rests on the edge")
  func flingPastTheEnd() {
    let cv = makeScrollList()
    let offsets = fling(cv, from: 9000, velocity: 5)
    let (te, ve) = crossing(distance: 400, velocity: 5)
    // Before the edge: the free fling, 9000 + D·(1 − rᵗ).
    let d = ScrollPhysics.restingDistance(velocity: 5, rate: .normal)
    let first = 9000 + d * (1 - power(0.998, frame))
    #expect(abs(offsets[0] - first) < 1e-9)
    // After it: the spring from the edge at the speed left, v·t·e^(−ωt).
    let k = Int((te / frame).rounded(.up)) + 2
    let s = Double(k + 1) * frame - te
    #expect(abs(offsets[k] - (9400 + ve * s * exponential(-w * s))) < 1e-9)
    // The furthest frame is within a frame's width of the spring's peak, v/(ω·e).
    let peak = ve / (w * exponential(1))
    let furthest = offsets.max()! - 9400
    #expect(furthest <= peak + 1e-9 && furthest > peak * 0.98)
    #expect(abs(peak - 141.4) < 0.1)
    #expect(offsets.last == 9400 && !cv.isDecelerating)
    // Past its peak it only closes in, and stops within half a point of the edge.
    let top = offsets.firstIndex(of: offsets.max()!)!
    for i in (top + 1)..<offsets.count { #expect(offsets[i] <= offsets[i - 1]) }
    #expect(offsets[offsets.count - 2] - 9400 >= 0.5 || offsets.count == top + 2)
    #expect(offsets[offsets.count - 2] - 9400 < 0.5 / exponential(-w * frame))
  }

  @Test("the bounce keeps SV-8's callbacks: one didEndDecelerating, at rest on the edge")
  func bounceCallbacks() {
    let cv = makeScrollList()
    cv.setContentOffset(Point(x: 0, y: 9000))
    cv.removeAllEvents()
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 5))
    let frames = run(cv).count
    let names = cv.events.compactMap { if case .scrollView(let c) = $0 { c.name } else { nil } }
    #expect(
      names.filter { $0 != "scrollViewDidScroll(_:)" } == [
        "scrollViewWillBeginDragging(_:)",
        "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)",
        "scrollViewDidEndDragging(_:willDecelerate:)", "scrollViewWillBeginDecelerating(_:)",
        "scrollViewDidEndDecelerating(_:)",
      ])
    #expect(names.count(where: { $0 == "scrollViewDidScroll(_:)" }) == frames)
  }

  @Test("LAY-13: a lifted finger asks targetContentOffset with the velocity, by that name")
  func dragEndAsksWithVelocity() {
    let cv = makeScrollList()
    cv.setContentOffset(Point(x: 0, y: 1000))
    cv.removeAllEvents()
    cv.beginDragging()
    cv.endDragging(velocity: Point(x: 0, y: 1.5))
    let asked = cv.events.filter(\.isLayoutCall).map(\.callName)
    #expect(asked.contains("targetContentOffset(forProposedContentOffset:withScrollingVelocity:)"))
    #expect(!asked.contains("targetContentOffset(forProposedContentOffset:)"))
    let described = cv.events.map(\.description).first { $0.hasPrefix("targetContentOffset(") }
    #expect(described?.contains("withScrollingVelocity: (0.0, 1.5)") == true)
  }

  @Test("the velocity is continuous where the fling meets the spring")
  func continuousVelocity() {
    let motion = AxisMotion.lift(
      from: 9000, velocity: 5, target: 9400, range: 0...9400, rate: .normal, bounces: true)
    guard case .fling(_, _, _, let te, true) = motion else {
      Issue.record("expected a fling to the edge, got \(motion)")
      return
    }
    let before = motion.velocity(at: te - 1e-6, rate: .normal)
    let after = motion.velocity(at: te + 1e-6, rate: .normal)
    #expect(
      abs(before - after) < 1e-5 && abs(before - crossing(distance: 400, velocity: 5).speed) < 1e-5)
    #expect(abs(motion.position(at: te, rate: .normal) - 9400) < 1e-9)
    #expect(!motion.isResting(at: te, rate: .normal, threshold: 0.5))
  }

  @Test("with bounces off the fling stops dead at the edge (SV-10)")
  func noBounce() {
    let cv = makeScrollList()
    cv.bounces = false
    let offsets = fling(cv, from: 9000, velocity: 5)
    #expect(offsets.allSatisfy { $0 <= 9400 } && offsets.last == 9400)
    let (te, _) = crossing(distance: 400, velocity: 5)
    // The first frame at or past the crossing lands on the edge (or the one before, within
    // half a point of it).
    #expect(abs(Double(offsets.count) - (te / frame).rounded(.up)) <= 1)
  }

  @Test("released past the top: a spring back from there, at the content's speed (SV-9)")
  func releasedPastTheEdge() {
    let cv = makeScrollList()
    cv.beginDragging()
    cv.drag(translation: Point(x: 0, y: 100))
    let shown = cv.contentOffset.y  // −50.38
    cv.endDragging(velocity: Point(x: 0, y: -1))  // the finger still pulling away
    let slope = 0.55 * (1 - 50.38 / 600) * (1 - 50.38 / 600)
    guard case .spring(let edge, let x0, let v)? = cv.deceleration?.y else {
      Issue.record("expected a spring, got \(String(describing: cv.deceleration))")
      return
    }
    #expect(edge == 0 && x0 == shown && abs(v + slope) < 1e-3)
    let offsets = run(cv)
    #expect(offsets.min()! < shown)  // it goes on out a little first
    #expect(offsets.last == 0 && offsets.allSatisfy { $0 <= 0 })
    // x(t) = (x0 + (v + ω·x0)·t)·e^(−ωt) at the first frame.
    let c2 = v + w * x0
    #expect(abs(offsets[0] - (x0 + c2 * frame) * exponential(-w * frame)) < 1e-9)
  }

  @Test("a fling at the edge, outward, still bounces: the offset moves though the target is here")
  func flingAtTheEdge() {
    let cv = makeScrollList()
    let offsets = fling(cv, from: 9400, velocity: 2)
    let peak = 2 / (w * exponential(1))
    #expect(offsets.max()! - 9400 > peak * 0.98 && offsets.max()! - 9400 <= peak + 1e-9)
    #expect(offsets.last == 9400)
    cv.bounces = false
    cv.removeAllEvents()
    _ = fling(cv, from: 9400, velocity: 2)
    #expect(cv.events.contains(.scrollView(.didEndDragging(willDecelerate: false))))
  }

  @Test("a target someone chose glides there; a fling that rests in range never bounces")
  func chosenTargets() {
    final class Snap: ScrollViewDelegate {
      func scrollViewWillEndDragging(
        _ collectionView: CollectionView, withVelocity velocity: Point,
        targetContentOffset: inout Point
      ) { targetContentOffset = Point(x: 0, y: 9300) }
    }
    let cv = makeScrollList()
    let snap = Snap()
    cv.scrollViewDelegate = snap
    var offsets = fling(cv, from: 9000, velocity: 5)
    #expect(offsets.allSatisfy { $0 <= 9300 } && offsets.last == 9300)
    cv.scrollViewDelegate = nil
    offsets = fling(cv, from: 0, velocity: 2)
    #expect(offsets.allSatisfy { $0 <= offsets.last! })
  }

  @Test("the contentOffset setter moves a bounce with it")
  func shiftedBounce() {
    let cv = makeScrollList()
    lift(cv, from: 9000, velocity: 5)
    for _ in 0..<8 { cv.advanceDeceleration(by: frame) }
    let before = cv.deceleration!
    cv.contentOffset = Point(x: 0, y: cv.contentOffset.y - 1000)
    let after = cv.deceleration!
    #expect(after.target.y == before.target.y - 1000)
    let t = after.elapsed + 3 * frame
    #expect(abs(after.offset(at: t).y - (before.offset(at: t).y - 1000)) < 1e-9)
    #expect(after.velocity(at: t) == before.velocity(at: t))
  }

  @Test("the rubber band's slope is its derivative, c·(1 − b/d)²")
  func slope() {
    let d = 600.0
    for x in [0.0, 50, 300, 2000] {
      let b = ScrollPhysics.rubberBand(overshoot: x, dimension: d)
      let h = 1e-4
      let numeric =
        (ScrollPhysics.rubberBand(overshoot: x + h, dimension: d)
          - ScrollPhysics.rubberBand(overshoot: x, dimension: d)) / h
      #expect(abs(ScrollPhysics.rubberBandSlope(shown: b, dimension: d) - numeric) < 1e-4)
    }
  }
}

@Suite("A fling's axes on their own (SV-6…SV-9; issue 32, item 2)")
struct FlingAxesTests {
  private func horizontalList() -> CollectionView {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = Size(width: 100, height: 100)
    return CollectionView(
      frame: Rect(x: 0, y: 0, width: 390, height: 400), collectionViewLayout: layout,
      itemCounts: [200])
  }

  private func flingToRest(_ cv: CollectionView, from offset: Point, velocity: Point) {
    cv.setContentOffset(offset)
    cv.beginDragging()
    cv.endDragging(velocity: velocity)
    var frames = 0
    while cv.isDecelerating && frames < 10_000 {
      cv.advanceDeceleration(by: 1000.0 / 60)
      frames += 1
    }
  }

  @Test("SV-7, SV-9: released past the vertical edge, the horizontal fling still flies")
  func idleAxisOutOfRange() {
    let cv = horizontalList()
    cv.layoutIfNeeded()
    // −v / ln 0.998 further along x: 599.4 from 0.
    let free = ScrollPhysics.restingDistance(velocity: 1.2, rate: .normal)
    #expect(abs(free - 599.4) < 0.05)
    flingToRest(cv, from: Point(x: 0, y: 0), velocity: Point(x: 1.2, y: 0))
    #expect(cv.contentOffset == Point(x: free, y: 0))
    // From y 50, past the vertical range (0…0): y springs back, x flies the same way.
    flingToRest(cv, from: Point(x: 0, y: 50), velocity: Point(x: 1.2, y: 0))
    #expect(cv.contentOffset == Point(x: free, y: 0))
    #expect(!cv.isDecelerating)
  }

  @Test("SV-11: paging, the in-range axis still goes to its next page")
  func pagingIdleAxisOutOfRange() {
    let cv = horizontalList()
    cv.isPagingEnabled = true
    cv.layoutIfNeeded()
    flingToRest(cv, from: Point(x: 10, y: -30), velocity: Point(x: 0.5, y: 0))
    #expect(cv.contentOffset == Point(x: 390, y: 0))
  }
}
