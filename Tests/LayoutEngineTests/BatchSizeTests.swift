import Testing

@testable import LayoutEngine

/// A delegate with one size table, answering `sizesForItemsIn` in runs of at most `run`
/// items and leaving unanswered (for `sizeForItemAt`) every item in `leaves`: the layout
/// must place exactly what asking item by item places.
final class BatchingSizes: CollectionViewDelegateFlowLayout {
  let sizes: [Size?]
  let run: Int
  let leaves: Set<Int>
  let batches: Bool
  private(set) var batchCalls = 0

  init(_ sizes: [Size?], run: Int = .max, leaves: Set<Int> = [], batches: Bool = true) {
    (self.sizes, self.run, self.leaves, self.batches) = (sizes, run, leaves, batches)
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { sizes[indexPath.item] }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into out: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch? {
    guard batches else { return nil }
    batchCalls += 1
    var firstOwn: Int?
    var k = 0
    while k < min(items.count, run), !leaves.contains(items.lowerBound + k) {
      if let own = sizes[items.lowerBound + k] {
        out[k] = own
        if firstOwn == nil { firstOwn = k }
      } else {
        out[k] = fallback
      }
      k += 1
    }
    return ItemSizeBatch(count: k, firstOwn: firstOwn)
  }
}

@Suite("Batched item sizes (sizesForItemsIn): the same layout as UIKit's item-by-item questions")
@MainActor
struct BatchSizeTests {
  /// Lays `sizes` out in a 300 x 500 collection view with `delegate`: every item frame, the
  /// exceptions raised (FLOW-19) and the console's lines (FLOW-20).
  func layOut(
    _ delegate: BatchingSizes, horizontal: Bool = false,
    configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) -> (frames: [Rect], exceptions: [String], logs: Int) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 40, height: 30)
    layout.scrollDirection = horizontal ? .horizontal : .vertical
    configure(layout)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 300, height: 500), collectionViewLayout: layout,
      itemCounts: [delegate.sizes.count])
    cv.delegate = delegate
    cv.layoutIfNeeded()
    let frames = (0..<delegate.sizes.count).map { frame(layout, 0, $0) }
    let logs = cv.events.filter { if case .log = $0 { true } else { false } }.count
    return withExtendedLifetime(cv) { (frames, cv.exceptions.map(\.reason), logs) }
  }

  /// Sizes from a seed, some `nil` (the layout's item size).
  func sizes(_ count: Int, seed: UInt64, holes: Bool) -> [Size?] {
    var state = seed
    func next(_ n: UInt64) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double((state >> 33) % n)
    }
    return (0..<count).map { _ in
      if holes && next(5) == 0 { return nil }
      return Size(width: 20 + next(120), height: 20 + next(60))
    }
  }

  @Test(
    "FLOW-4/5: batches of any length, with items left to sizeForItemAt, equal item by item",
    arguments: [1, 7, 255, 256, 257, 1000])
  func batchesEqualItemByItem(run: Int) {
    for horizontal in [false, true] {
      for seed in UInt64(1)...4 {
        let table = sizes(1_200, seed: seed, holes: seed.isMultiple(of: 2))
        let leaves: Set<Int> = seed == 3 ? [0, 1, 255, 256, 600, 1_199] : []
        let batched = BatchingSizes(table, run: run, leaves: leaves)
        let oneByOne = BatchingSizes(table, batches: false)
        let a = layOut(batched, horizontal: horizontal)
        let b = layOut(oneByOne, horizontal: horizontal)
        #expect(a.frames == b.frames, "run \(run), seed \(seed), horizontal \(horizontal)")
        #expect(batched.batchCalls > 0 && oneByOne.batchCalls == 0)
      }
    }
  }

  @Test(
    "OPEN-3/FLOW-8: a batch's first own size decides the last line, as an answer item by item does")
  func firstOwnSizeDecidesTheLastLine() {
    // Eight items: only item 6 has a size of its own. Six 40-wide items fill a line of
    // 300 points (290 with the 10-point spacing); the last line, items 6 and 7, takes the
    // last-row alignment (FLOW-8: from the leading edge, 10 apart) because of item 6, and
    // with no own size at all keeps the grid's columns (FLOW-9: 10 + 10 / 5 apart).
    var table: [Size?] = Array(repeating: nil, count: 8)
    table[6] = Size(width: 40, height: 30)
    for run in [1, 3, 100] {
      // Each delegate is held here: the collection view's reference to it is weak.
      let (ownSizes, itemByItem) = (
        BatchingSizes(table, run: run), BatchingSizes(table, batches: false)
      )
      let own = layOut(ownSizes)
      #expect(own.frames == layOut(itemByItem).frames, "run \(run)")
      #expect(ownSizes.batchCalls > 0 && itemByItem.batchCalls == 0)
      #expect(own.frames[6].minX == 0 && own.frames[7].minX == 50, "\(own.frames)")
    }
    let noSizes = BatchingSizes(Array(repeating: nil, count: 8), run: 3)
    let none = layOut(noSizes)
    #expect(noSizes.batchCalls > 0)
    #expect(none.frames[6].minX == 0 && none.frames[7].minX == 52, "\(none.frames)")
  }

  @Test("FLOW-19: a bad size in a batch raises at that item, once, and lays nothing out")
  func badSizeInABatch() {
    var table = sizes(600, seed: 9, holes: false)
    table[300] = Size(width: 0, height: 10)
    let (batching, itemByItem) = (
      BatchingSizes(table, run: 256), BatchingSizes(table, batches: false)
    )
    let batched = layOut(batching)
    let oneByOne = layOut(itemByItem)
    #expect(batching.batchCalls > 0)
    #expect(batched.exceptions == oneByOne.exceptions)
    #expect(
      batched.exceptions == ["negative or zero item sizes are not supported in the flow layout"])
    #expect(batched.frames.allSatisfy(\.isNull) && oneByOne.frames.allSatisfy(\.isNull))
  }

  @Test("FLOW-20: items longer than their line warn once, whether batched or not")
  func oversizeInABatch() {
    // Every item wider than the 300-point line: each stops the batch's fast run.
    let table: [Size?] = Array(repeating: Size(width: 400, height: 20), count: 700)
    let (batching, itemByItem) = (
      BatchingSizes(table, run: 256), BatchingSizes(table, batches: false)
    )
    let batched = layOut(batching)
    let oneByOne = layOut(itemByItem)
    #expect(batching.batchCalls > 0)
    #expect(batched.frames == oneByOne.frames)
    #expect(batched.logs == 1 && oneByOne.logs == 1)
  }
}
