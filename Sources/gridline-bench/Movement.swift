import LayoutEngine

/// A million items in one section that can move; sizes, when given, follow their items.
final class MovableItems: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var order: [Int]
  let sized: Bool

  init(count: Int, sized: Bool) {
    order = Array(0..<count)
    self.sized = sized
  }

  var implementsMoveItem: Bool { true }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { order.count }

  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
    toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    // Only the sized case needs the order (an array move of a million is the app's cost).
    if sized, let current = collectionView.interactiveMovement?.currentIndexPath {
      order.insert(order.remove(at: current.item), at: proposedIndexPath.item)
    }
    return proposedIndexPath
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? {
    guard sized else { return nil }
    return Size(width: 40 + Double(order[indexPath.item] % 3) * 10, height: 50)
  }

  /// The same sizes a run at a time, as `VariedSizes` answers (the layout's batch question).
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into out: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch? {
    guard sized else { return nil }
    let n = min(items.count, out.count)
    order.withUnsafeBufferPointer { order in
      for k in 0..<n {
        out[k] = Size(width: 40 + Double(order[items.lowerBound + k] % 3) * 10, height: 50)
      }
    }
    return ItemSizeBatch(count: n, firstOwn: n > 0 ? 0 : nil)
  }
}

/// `move.update.1M`: one `updateInteractiveMovementTargetPosition(_:)` in a million-item
/// flow section, the finger going back and forth between two cells a row apart, so every
/// step moves the item (target ≤ 50 µs). `move.update.sized.1M`: items of three widths that
/// travel with their items, so each step lays the lines out again from the moved item
/// (target ≤ 1.5 × flow.prepare.1M.varied, as a batch insert at the front).
@MainActor func movementCases() {
  for sized in [false, true] {
    let name = sized ? "move.update.sized.1M" : "move.update.1M"
    guard wants(name) else { continue }
    let source = MovableItems(count: 1_000_000, sized: sized)
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 50, height: 50)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    cv.isRecordingEvents = false
    cv.dataSource = source
    cv.delegate = source
    cv.layoutIfNeeded()
    cv.setContentOffset(Point(x: 0, y: 500_000))
    guard let start = cv.indexPathForItem(at: Point(x: 25, y: 500_100)),
      cv.beginInteractiveMovementForItem(at: start)
    else { continue }
    let points = [Point(x: 80, y: 500_100), Point(x: 80, y: 500_160)]
    run(name) {
      var i = 0
      var r = measure("", samples: 100 * scale, batch: 20) {
        for _ in 0..<20 {
          cv.updateInteractiveMovementTargetPosition(points[i & 1])
          i += 1
        }
      }
      // The sized case lays the lines out again from the moved item to the end, as a
      // batch insert near the front does: held to that case's target.
      r.note =
        "item now at \(cv.interactiveMovement?.currentIndexPath.description ?? "-")"
        + (sized ? " (target ≤ 1.5 × flow.prepare.1M.varied)" : " (target ≤ 50 µs)")
      return r
    }
    cv.cancelInteractiveMovement()
  }
}
