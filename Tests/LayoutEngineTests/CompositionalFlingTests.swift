import Foundation
import LayoutEngine
import Testing

/// COMP-9's embedded scroller after a finger lifts: the rate and the resting point each
/// orthogonal behaviour chooses, worked out here from the rule (SV-7: a fling at v rests
/// −v / ln r further; SV-11: paging moves one page in the fling's direction).
@Suite("Compositional orthogonal scrolling: flings (COMP-9)")
struct CompositionalFlingTests {
  /// A 390-wide vertical layout whose section 0 holds ten cards 0.85 of the width
  /// (331.5 points) side by side, scrolling across with `behavior`.
  private func cards(
    _ behavior: CollectionLayoutSectionOrthogonalScrollingBehavior,
    direction: CollectionViewFlowLayout.ScrollDirection = .vertical
  ) -> (CollectionView, CollectionViewCompositionalLayout) {
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let vertical = direction == .vertical
    let group =
      vertical
      ? CollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(0.85), .absolute(200)), subitems: [item])
      : CollectionLayoutGroup.vertical(
        layoutSize: size(.absolute(200), .fractionalHeight(0.85)), subitems: [item])
    let section = CollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = behavior
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    configuration.scrollDirection = direction
    return makeCompositional(
      width: vertical ? 390 : 844, height: vertical ? 844 : 390, counts: [10],
      configuration: configuration, section: section)
  }

  /// Frames of 1000/60 ms until the scroller rests; the number of frames it took.
  @discardableResult
  private func runToRest(_ cv: CollectionView, _ layout: CollectionViewCompositionalLayout)
    -> Int
  {
    var frames = 0
    while layout.advanceOrthogonalDeceleration(forSection: 0, by: 1000 / 60) {
      frames += 1
      cv.layoutIfNeeded()
      if frames > 10_000 { break }
    }
    cv.layoutIfNeeded()
    return frames
  }

  @Test("a pass that only a scroller's move asked for answers what a full pass does")
  func scrollerPassEqualsFullPass() {
    let (cv, layout) = cards(.continuous)
    cv.layoutIfNeeded()
    let rect = Rect(x: 0, y: 0, width: 390, height: 844)
    for x in [123.5, 700, -40] {
      layout.setOrthogonalContentOffset(Point(x: x, y: 0), forSection: 0)
      cv.layoutIfNeeded()  // keeps the sections, moves the stamps
      let moved = layout.layoutAttributesForElements(in: rect)
      layout.invalidateLayout()
      cv.layoutIfNeeded()  // lays everything out again at the same offset
      let full = layout.layoutAttributesForElements(in: rect)
      #expect(!moved.isEmpty)
      #expect(moved.map(\.frame) == full.map(\.frame))
      #expect(moved.map(\.indexPath) == full.map(\.indexPath))
      // And where the scroller put them: card i at i × 331.5 − x.
      let first = moved[0]
      #expect(abs(first.frame.minX - (Double(first.indexPath.item) * 331.5 - x)) < 1e-9)
    }
  }

  @Test("COMP-9 .continuous: rests where the free fling does, at the normal rate")
  func continuous() {
    let (cv, layout) = cards(.continuous)
    #expect(layout.orthogonalDecelerationRate(forSection: 0) == .normal)
    #expect(layout.flingOrthogonalSection(0, velocity: 2))
    let rest = -2 / log(0.998)  // 999.0003…
    let frames = runToRest(cv, layout)
    #expect(frames > 10)
    #expect(abs(layout.orthogonalContentOffset(forSection: 0).x - rest) < 1e-9)
    #expect(layout.orthogonalContentOffset(forSection: 0).y == 0)
    // The cards moved left by the offset; the main scroll view did not move.
    let first = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
    #expect(abs((first?.minX ?? 0) + rest) < 1e-9)
    #expect(cv.contentOffset == .zero)
  }

  @Test("COMP-9 .continuous: a fling past the end rests on it (SV-3)")
  func continuousToTheEnd() {
    let (cv, layout) = cards(.continuous)
    // Ten cards of 331.5 in a 390-wide scroller: 3315 − 390 = 2925 at most.
    #expect(layout.orthogonalScrollRange(forSection: 0) == 0...2925)
    layout.flingOrthogonalSection(0, velocity: 40)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 2925)
  }

  @Test("COMP-9 .continuousGroupLeadingBoundary: the group edge nearest the free rest")
  func leadingBoundary() {
    let (cv, layout) = cards(.continuousGroupLeadingBoundary)
    // The free rest, 999.0003, is 3.01 cards of 331.5: it rests on card 3's edge, 994.5.
    #expect(layout.orthogonalTargetOffset(forSection: 0, from: 0, velocity: 2) == 994.5)
    layout.flingOrthogonalSection(0, velocity: 2)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 994.5)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame.minX == 0)
  }

  @Test("COMP-9 .paging: one page of the collection view's width, at the fast rate")
  func paging() {
    let (cv, layout) = cards(.paging)
    #expect(layout.orthogonalDecelerationRate(forSection: 0) == .fast)
    layout.flingOrthogonalSection(0, velocity: 5)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 390)
    // Back, from page 1: page 0, however fast.
    layout.flingOrthogonalSection(0, velocity: -50)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 0)
  }

  @Test("COMP-9 .groupPaging: one group per fling")
  func groupPaging() {
    let (cv, layout) = cards(.groupPaging)
    layout.flingOrthogonalSection(0, velocity: 5)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 331.5)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 0)
  }

  @Test("COMP-9 .groupPagingCentered: each page centres the next card")
  func groupPagingCentered() {
    let (cv, layout) = cards(.groupPagingCentered)
    // Insets of (390 − 331.5) / 2 = 29.25 on each side centre card 0 at rest.
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 29.25)
    layout.flingOrthogonalSection(0, velocity: 0.5)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0).x == 331.5)
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 29.25)
  }

  @Test("COMP-9: in a horizontal layout the scroller moves down, the transpose")
  func transposed() {
    let (cv, layout) = cards(.groupPaging, direction: .horizontal)
    layout.flingOrthogonalSection(0, velocity: 5)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0) == Point(x: 0, y: 331.5))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 0)
  }

  @Test("COMP-9: a section that does not scroll across takes no fling")
  func notOrthogonal() {
    let (_, layout) = cards(.none)
    #expect(!layout.flingOrthogonalSection(0, velocity: 5))
    #expect(!layout.flingOrthogonalSection(7, velocity: 5))
    #expect(layout.orthogonalContentOffset(forSection: 0) == .zero)
  }

  @Test("COMP-9, SV-9: a finger drags the scroller, with the rubber band past its start")
  func dragAndRubberBand() {
    let (cv, layout) = cards(.continuous)
    cv.layoutIfNeeded()
    layout.beginDraggingOrthogonalSection(0)
    #expect(layout.isDraggingOrthogonalSection(0))
    // The finger moves left 100: the content follows it, the offset grows by 100.
    layout.dragOrthogonalSection(0, translation: -100)
    #expect(layout.orthogonalContentOffset(forSection: 0) == Point(x: 100, y: 0))
    // Then right by 300, 200 right of where it touched (translations are since the touch):
    // 200 past the start, shown through SV-9's band over the 390 width.
    layout.dragOrthogonalSection(0, translation: 200)
    let shown = ScrollPhysics.rubberBand(overshoot: -200, dimension: 390)
    #expect(layout.orthogonalContentOffset(forSection: 0) == Point(x: shown, y: 0))
    #expect(shown > -200 && shown < 0)
    // Let go without speed: the content springs back to the edge and rests there.
    #expect(layout.endDraggingOrthogonalSection(0, velocity: 0))
    #expect(!layout.isDraggingOrthogonalSection(0))
    guard
      case .spring(let edge, let displacement, _)? = layout.orthogonalDeceleration(
        forSection: 0)?.x
    else {
      Issue.record("no spring back")
      return
    }
    #expect(edge == 0 && displacement == shown)
    runToRest(cv, layout)
    #expect(layout.orthogonalContentOffset(forSection: 0) == .zero)
  }

  @Test("COMP-9: a drag released with speed flies as a fling from where the finger lifted")
  func releaseFlies() {
    let (cv, layout) = cards(.continuous)
    cv.layoutIfNeeded()
    layout.beginDraggingOrthogonalSection(0)
    layout.dragOrthogonalSection(0, translation: -50)
    layout.endDraggingOrthogonalSection(0, velocity: 0.5)
    runToRest(cv, layout)
    // −0.5 / ln 0.998 further than 50.
    let rest = 50 + ScrollPhysics.restingDistance(velocity: 0.5, rate: .normal)
    #expect(abs(layout.orthogonalContentOffset(forSection: 0).x - rest) < 1e-9)
  }
}
