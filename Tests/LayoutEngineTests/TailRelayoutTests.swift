import GridlineTestSupport
import LayoutEngine
import Testing

/// A flow layout that must lay everything out again after every batch.
final class EverythingAfterBatchesLayout: CollectionViewFlowLayout {
  override var keepsFramesBeforeUpdates: Bool { false }
}

/// A flow layout whose app changes a property while a batch invalidates it (before the
/// pass that follows).
final class ChangesWithBatchLayout: CollectionViewFlowLayout {
  var onBatch: (() -> Void)?

  override func invalidateLayout(with context: InvalidationContext) {
    super.invalidateLayout(with: context)
    if context.invalidateDataSourceCounts, let change = onBatch {
      onBatch = nil
      change()
    }
  }
}

/// A flow layout that declines every bounds change (LAY-8), width included.
final class KeepsFramesOnResizeLayout: CollectionViewFlowLayout {
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }
}

/// The tail relayout after a batch (BATCH-10, engine choice): the frames before the first
/// change are kept and the rest is laid out again — and the result is exactly the full
/// pass's, frame for frame, for every kind of batch, layout and data.
@Suite("Tail relayout after batch updates (BATCH-10)")
struct TailRelayoutTests {
  /// A collection view over `model`, laid out.
  func view(
    _ model: TailModel, layout: CollectionViewFlowLayout, delegate: Bool, scale: Double,
    size: Size
  ) -> CollectionView {
    let cv = CollectionView(
      frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
    cv.displayScale = scale
    cv.dataSource = model
    if delegate { cv.delegate = model }
    cv.layoutIfNeeded()
    return cv
  }

  /// Every frame, header, footer and the content size of `a` equal `b`'s (exactly), and
  /// rect queries over the whole content find the same elements.
  func expectSame(
    _ a: CollectionViewFlowLayout, _ b: CollectionViewFlowLayout, _ counts: [Int],
    _ context: String
  ) {
    #expect(a.collectionViewContentSize == b.collectionViewContentSize, "\(context)")
    var mismatches = 0
    for (s, n) in counts.enumerated() {
      for i in 0..<n {
        let p = IndexPath(item: i, section: s)
        if a.layoutAttributesForItem(at: p)?.frame != b.layoutAttributesForItem(at: p)?.frame {
          mismatches += 1
        }
      }
      for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
        let p = IndexPath(item: 0, section: s)
        let (x, y) = (
          a.layoutAttributesForSupplementaryView(ofKind: kind, at: p),
          b.layoutAttributesForSupplementaryView(ofKind: kind, at: p)
        )
        if x?.frame != y?.frame { mismatches += 1 }
      }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) frames differ")
    let size = b.collectionViewContentSize
    let extent = max(size.width, size.height)
    for k in 0..<8 {
      let from = extent * Double(k) / 8 - 40
      let rect = Rect(x: from, y: from, width: extent / 5, height: extent / 5)
      let keys = { (l: CollectionViewFlowLayout) in
        Set(l.layoutAttributesForElements(in: rect).map(\.key))
      }
      let wide = Rect(x: -1000, y: from, width: 1e5, height: extent / 5)
      let wideKeys = { (l: CollectionViewFlowLayout) in
        Set(l.layoutAttributesForElements(in: wide).map(\.key))
      }
      #expect(keys(a) == keys(b) && wideKeys(a) == wideKeys(b), "\(context): query \(k)")
    }
  }

  func logs(_ cv: CollectionView) -> Int {
    cv.events.filter { if case .log = $0 { true } else { false } }.count
  }

  @Test("property: after any chain of batches the layout equals a fresh one, exactly")
  func equalsFreshLayout() {
    var fast = 0
    var batches = 0
    for seed in 0..<120 {
      var scenario = TailScenario(g: SeededGenerator(seed: UInt64(seed)), perItem: seed % 4 != 0)
      let model = TailModel(
        (0..<Int.random(in: 1...4, using: &scenario.g)).map { _ in
          scenario.section(items: Int.random(in: 0...240, using: &scenario.g))
        })
      let scale = Double([0, 2, 3][seed % 3])
      let viewSize = Size(
        width: Double(Int.random(in: 600...1200, using: &scenario.g)) / 3,
        height: Double(Int.random(in: 600...1200, using: &scenario.g)) / 3)
      // Without a delegate the sections are uniform grids (FLOW-9); with one that answers
      // no sizes, line by line with the grid's last line (OPEN-3).
      let delegate = scenario.perItem || seed % 8 == 4
      let configure = { (layout: CollectionViewFlowLayout) in
        var settings = TailScenario(g: SeededGenerator(seed: UInt64(seed) + 1000), perItem: false)
        settings.configure(layout)
      }
      let layout = CollectionViewFlowLayout()
      configure(layout)
      let cv = view(model, layout: layout, delegate: delegate, scale: scale, size: viewSize)
      for step in 0..<6 {
        let batch = scenario.batch(model.counts)
        let before = layout.recomputedAttributes
        let generation = layout.layoutGeneration
        cv.removeAllEvents()
        cv.performBatchUpdates {
          batch.calls(cv)
          batch.change(model)
        }
        cv.finishUpdateAnimation()
        let context = "seed \(seed) step \(step): \(batch.name)"
        #expect(cv.exceptions.isEmpty, "\(context)")
        #expect(layout.layoutGeneration == generation + 1, "\(context)")
        let fresh = CollectionViewFlowLayout()
        configure(fresh)
        let other = view(model, layout: fresh, delegate: delegate, scale: scale, size: viewSize)
        expectSame(layout, fresh, model.counts, context)
        // FLOW-20: logged in the batch's pass exactly when a full pass logs it.
        #expect((logs(cv) > 0) == (logs(other) > 0), "\(context): oversize message")
        batches += 1
        if layout.recomputedAttributes - before < fresh.recomputedAttributes { fast += 1 }
      }
    }
    // Most batches change the end of the content: most took the tail path.
    #expect(fast > batches / 2, "\(fast) of \(batches) batches kept frames")
  }

  /// `layout` over one section of `count` items of its item size (375 × 667), laid out.
  func uniformView(count: Int, layout: CollectionViewFlowLayout) -> CollectionView {
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout,
      itemCounts: [count])
    cv.layoutIfNeeded()
    return cv
  }

  /// Appends `n` items to section 0 of `cv` (the data source first, as an app does) and
  /// returns how many attributes the batch recomputed.
  func append(_ n: Int, to cv: CollectionView) -> Int {
    let layout = cv.collectionViewLayout
    let count = cv.numberOfItems(inSection: 0)
    (cv.dataSource as? StaticDataSource)?.itemCounts[0] += n
    let before = layout.recomputedAttributes
    cv.insertItems(at: (count..<count + n).map { IndexPath(item: $0, section: 0) })
    return layout.recomputedAttributes - before
  }

  /// `layout` equals a fresh default flow layout, configured, over `count` items.
  func expectFresh(
    _ layout: CollectionViewFlowLayout, count: Int, width: Double = 375, _ context: String,
    configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) {
    let fresh = CollectionViewFlowLayout()
    configure(fresh)
    let cv = uniformView(count: count, layout: fresh)
    cv.frame = Rect(x: 0, y: 0, width: width, height: 667)
    expectSame(layout, fresh, [count], context)
  }

  @Test("an insert at the end of 10,000 items recomputes a few lines, not the section")
  func fastPathTaken() {
    let layout = CollectionViewFlowLayout()
    let cv = uniformView(count: 10_000, layout: layout)
    // Six per line, lines recorded at least 64 cells apart: the last line (items
    // 9,996…9,999) and at most 64 cells and a line before it, then the new item.
    #expect(append(1, to: cv) <= 4 + 64 + 6 + 1)
    expectFresh(layout, count: 10_001, "insert at the end")
  }

  @Test("refused: a layout that opts out, an empty batch, a reloaded section")
  func refusals() {
    let optOut = EverythingAfterBatchesLayout()
    #expect(append(1, to: uniformView(count: 10_000, layout: optOut)) == 10_001)
    let layout = CollectionViewFlowLayout()
    let cv = uniformView(count: 10_000, layout: layout)
    var before = layout.recomputedAttributes
    cv.performBatchUpdates(nil)  // the idiom for "sizes changed": everything again
    #expect(layout.recomputedAttributes - before == 10_000)
    before = layout.recomputedAttributes
    cv.performBatchUpdates {
      (cv.dataSource as? StaticDataSource)?.itemCounts[0] += 1
      cv.reloadSections([0])
    }
    #expect(layout.recomputedAttributes - before == 10_001)
  }

  @Test("a property changed along with the batch: everything is laid out again")
  func propertyChangedWithBatch() {
    let layout = ChangesWithBatchLayout()
    let cv = uniformView(count: 1_000, layout: layout)
    layout.onBatch = { layout.minimumInteritemSpacing = 20 }
    #expect(append(1, to: cv) == 1_001)
    expectFresh(layout, count: 1_001, "spacing changed with the batch") {
      $0.minimumInteritemSpacing = 20
    }
  }

  @Test("a width change the layout declined (LAY-8): the next batch lays everything out")
  func declinedWidthChange() {
    let layout = KeepsFramesOnResizeLayout()
    let cv = uniformView(count: 1_000, layout: layout)
    cv.frame = Rect(x: 0, y: 0, width: 320, height: 667)
    #expect(append(1, to: cv) == 1_001)
    expectFresh(layout, count: 1_001, width: 320, "declined width change")
  }

  @Test("FLOW-23: measured sizes follow their items; deleted and reloaded items lose theirs")
  func measuredSizesFollowItems() {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = Size(width: 375, height: 50)
    layout.minimumLineSpacing = 0
    let height = { (i: Int) in Size(width: 375, height: Double(60 + 10 * i)) }
    var preferred: [IndexPath: Size] = [:]
    for i in 0..<6 { preferred[IndexPath(item: i, section: 0)] = height(i) }
    let source = MeasuringSource(counts: [20], preferred: preferred)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    #expect(layout.measuredSizes.count == 6)
    // Old [A0 … A5 measured, A6 …]: A3 deleted, a new item (which prefers nothing) on top,
    // A1 reloaded (its new cell prefers nothing): [N, A0, A1, A2, A4, A5, A6, …].
    cv.performBatchUpdates {
      cv.deleteItems(at: [IndexPath(item: 3, section: 0)])
      cv.insertItems(at: [IndexPath(item: 0, section: 0)])
      cv.reloadItems(at: [IndexPath(item: 1, section: 0)])
      source.counts = [20]
      source.preferred = [
        IndexPath(item: 1, section: 0): height(0), IndexPath(item: 3, section: 0): height(2),
        IndexPath(item: 4, section: 0): height(4), IndexPath(item: 5, section: 0): height(5),
      ]
    }
    cv.finishUpdateAnimation()
    #expect(layout.measuredSizes == source.preferred)
    let heights = (0..<7).map { frame(layout, 0, $0).height }
    #expect(heights == [50, 60, 50, 80, 100, 110, 50])
  }

  @Test("FLOW-19 in the tail: the exception, and an empty layout, as a full pass leaves it")
  func exceptionInTail() {
    let model = TailModel([.init(items: Array(repeating: Size(width: 100, height: 40), count: 30))])
    let layout = CollectionViewFlowLayout()
    let cv = view(
      model, layout: layout, delegate: true, scale: 0, size: Size(width: 375, height: 600))
    cv.performBatchUpdates {
      cv.insertItems(at: [IndexPath(item: 30, section: 0)])
      model.sections[0].items.append(Size(width: 0, height: 40))
    }
    #expect(cv.exceptions.count == 1)
    #expect(layout.collectionViewContentSize == .zero)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
  }
}
