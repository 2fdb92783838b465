import LayoutEngine
import Testing

/// `setCollectionViewLayout(_:animated:)` (LAY-16) and the target offset of a layout change
/// (LAY-13).
@Suite("Engine: layout transitions (LAY-16, LAY-13)")
struct LayoutTransitionTests {
  /// A 375 × 300 view of 40 items in a list of 44-point rows, and a three-column grid of
  /// 120-point cells with 7.5 spacing waiting beside it.
  private func listAndGrid() -> (CollectionView, CollectionViewFlowLayout) {
    let (cv, _) = makeFlow(width: 375, height: 300, counts: [40]) {
      $0.itemSize = Size(width: 375, height: 44)
      $0.minimumLineSpacing = 0
    }
    let grid = CollectionViewFlowLayout()
    grid.itemSize = Size(width: 120, height: 120)
    grid.minimumLineSpacing = 7.5
    grid.minimumInteritemSpacing = 7.5
    return (cv, grid)
  }

  private func names(_ events: [LayoutEvent]) -> [String] { events.map(\.callName) }

  @Test("not animated: one prepare of the new layout, the target asked, no transition hooks")
  func plainSwitch() {
    let (cv, grid) = listAndGrid()
    cv.setContentOffset(Point(x: 0, y: 440))
    cv.removeAllEvents()
    cv.setCollectionViewLayout(grid, animated: false)
    let calls = names(cv.events)
    #expect(calls.filter { $0 == "prepare()" }.count == 1)
    #expect(!calls.contains("prepareForTransition(to:)"))
    #expect(
      calls.firstIndex(of: "targetContentOffset(forProposedContentOffset:)")!
        < calls.firstIndex(of: "layoutAttributesForElements(in:)")!)
    #expect(cv.updateAnimation == nil)
    #expect(cv.contentOffset == Point(x: 0, y: 440))
    #expect(cv.collectionViewLayout === grid && grid.collectionView === cv)
  }

  @Test("animated: LAY-16's order, and a track per element on screen before or after")
  func animatedOrder() {
    let (cv, grid) = listAndGrid()
    let list = cv.collectionViewLayout
    cv.setContentOffset(Point(x: 0, y: 440))
    cv.removeAllEvents()
    cv.setCollectionViewLayout(grid, animated: true)
    let calls = names(cv.events)
    let order = [
      "prepareForTransition(to:)", "prepareForTransition(from:)", "prepare()",
      "targetContentOffset(forProposedContentOffset:)", "layoutAttributesForElements(in:)",
      "finalizeLayoutTransition()",
    ]
    let positions = order.map { calls.firstIndex(of: $0) ?? -1 }
    #expect(positions == positions.sorted() && !positions.contains(-1), "\(calls)")
    // LAY-16: each call says which of the two layouts it was made on — the one left first.
    let transition = cv.events.compactMap { event -> String? in
      if case .transition = event { event.description } else { nil }
    }
    #expect(
      transition == [
        "prepareForTransition(to:) — the layout it left",
        "prepareForTransition(from:) — the layout it went to",
        "finalizeLayoutTransition() — the layout it left",
        "finalizeLayoutTransition() — the layout it went to",
      ])
    #expect(list.collectionView == nil)
    let animation = cv.updateAnimation!
    #expect(animation.updateItems.isEmpty)
    // List rows 10…16 were on screen; grid rows 3…5 (items 9…17) are now.
    let keys = Set(animation.tracks.compactMap(\.newKey).map(\.indexPath.item))
    #expect(keys == Set(9...17))
    let ten = animation.tracks.first { $0.newKey == .cell(IndexPath(item: 10, section: 0)) }!
    expectFrame(ten.from.frame, 0, 440, 375, 44)
    expectFrame(ten.to.frame, 127.5, 382.5, 120, 120)
    // Item 9 was off screen in the list: it starts at the list's frame for it.
    let nine = animation.tracks.first { $0.newKey == .cell(IndexPath(item: 9, section: 0)) }!
    expectFrame(nine.from.frame, 0, 396, 375, 44)
    // Halfway, each property is at its midpoint.
    expectFrame(ten.attributes(at: 0.5).frame, 63.75, 411.25, 247.5, 82)
    cv.finishUpdateAnimation()
    #expect(cv.updateAnimation == nil)
  }

  @Test("views that leave the screen stay displayed until the animation ends (DISP-2)")
  func heldViews() {
    let (cv, grid) = listAndGrid()
    cv.setContentOffset(Point(x: 0, y: 880))  // list rows 20…26
    cv.setCollectionViewLayout(grid, animated: true)  // grid rows at y 880: items 18…29
    // Nothing left here; go back to the list at a far offset to make some leave.
    cv.finishUpdateAnimation()
    cv.setContentOffset(Point(x: 0, y: 0))
    let list = CollectionViewFlowLayout()
    list.itemSize = Size(width: 375, height: 44)
    list.minimumLineSpacing = 0
    let before = Set(cv.visibleElements.map(\.key))  // grid items 0…8
    cv.removeAllEvents()
    cv.setCollectionViewLayout(list, animated: true)  // list items 0…6
    let ended = cv.events.filter {
      if case .didEndDisplaying = $0 { return true }
      return false
    }
    #expect(ended.isEmpty)
    let leaving = cv.updateAnimation!.tracks.filter(\.disappears)
    #expect(Set(leaving.map { $0.oldKey! }) == before.subtracting(cv.visibleElements.map(\.key)))
    #expect(leaving.count == 2)  // items 7 and 8
    cv.removeAllEvents()
    cv.finishUpdateAnimation()
    let endedAfter = cv.events.filter {
      if case .didEndDisplaying = $0 { return true }
      return false
    }
    #expect(endedAfter.count == 2)
  }

  /// The delegate's target wins over the layout's, and the presented bounds move from the
  /// old offset to the new one.
  final class KeepItem: CollectionViewDelegate {
    let item: Int
    init(_ item: Int) { self.item = item }
    func collectionView(
      _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
    ) -> Point? {
      let a = collectionView.collectionViewLayout.layoutAttributesForItem(
        at: IndexPath(item: item, section: 0))
      return Point(x: 0, y: a?.frame.minY ?? proposed.y)
    }
  }

  @Test("LAY-13: the delegate's target, kept in range; the presented bounds move with the frames")
  func delegateTarget() {
    let (cv, grid) = listAndGrid()
    let delegate = KeepItem(20)
    cv.delegate = delegate
    cv.setContentOffset(Point(x: 0, y: 880))
    cv.removeAllEvents()
    cv.setCollectionViewLayout(grid, animated: true)
    #expect(cv.contentOffset == Point(x: 0, y: 765))  // item 20's grid row
    #expect(
      cv.events.contains(
        .delegateTargetContentOffset(proposed: Point(x: 0, y: 880), result: Point(x: 0, y: 765))))
    cv.updateAnimationProgress = 0.5
    #expect(cv.presentedBounds.origin == Point(x: 0, y: 822.5))
    cv.finishUpdateAnimation()
    #expect(cv.presentedBounds.origin == Point(x: 0, y: 765))
    // A target past the end is kept in range.
    let far = KeepItem(39)
    cv.delegate = far
    let list = CollectionViewFlowLayout()
    list.itemSize = Size(width: 375, height: 44)
    list.minimumLineSpacing = 0
    cv.setCollectionViewLayout(list, animated: false)
    #expect(cv.contentOffset == Point(x: 0, y: 40 * 44 - 300))
  }
}
