import GridlineTestSupport
import LayoutEngine
import Testing

/// Self-sizing in the compositional layout: COMP-1 (`.estimated` is a first guess, the
/// final size comes from the content), COMP-4/COMP-15e (insets ignored on an estimated
/// axis), LAY-12 (the preferred-attributes hooks). Expected frames are worked out by hand
/// from those rules.
@Suite("Compositional self-sizing (COMP-1, LAY-12)")
struct CompositionalSelfSizingTests {
  private func path(_ i: Int, _ s: Int = 0) -> IndexPath { IndexPath(item: i, section: s) }

  private func make(
    _ section: CollectionLayoutSection, counts: [Int], preferred: [IndexPath: Size],
    size: Size = Size(width: 390, height: 844), horizontal: Bool = false
  ) -> (CollectionView, CollectionViewCompositionalLayout, MeasuringSource) {
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    if horizontal { configuration.scrollDirection = .horizontal }
    let layout = CollectionViewCompositionalLayout(section: section, configuration: configuration)
    let source = MeasuringSource(counts: counts, preferred: preferred)
    let cv = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
    cv.dataSource = source
    cv.layoutIfNeeded()
    return (cv, layout, source)
  }

  /// A list: one full-width item per group, both heights estimated.
  private func list(estimate: Double = 44, spacing: Double = 0) -> CollectionLayoutSection {
    let size = CollectionLayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate))
    let item = CollectionLayoutItem(layoutSize: size)
    let group = CollectionLayoutGroup.horizontal(layoutSize: size, subitems: [item])
    let section = CollectionLayoutSection(group: group)
    section.interGroupSpacing = spacing
    return section
  }

  private func frame(_ layout: CollectionViewCompositionalLayout, _ i: Int, _ s: Int = 0) -> Rect? {
    layout.layoutAttributesForItem(at: path(i, s))?.frame
  }

  @Test("COMP-1: a measured row takes its cell's height; the rows after it move")
  func listRows() {
    let (cv, layout, _) = make(
      list(spacing: 5), counts: [100],
      preferred: [path(1): Size(width: 390, height: 100), path(3): Size(width: 390, height: 20)])
    #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 390, height: 44))
    #expect(frame(layout, 1) == Rect(x: 0, y: 49, width: 390, height: 100))
    #expect(frame(layout, 2) == Rect(x: 0, y: 154, width: 390, height: 44))
    #expect(frame(layout, 3) == Rect(x: 0, y: 203, width: 390, height: 20))
    #expect(frame(layout, 4) == Rect(x: 0, y: 228, width: 390, height: 44))
    // 98 rows at the estimate, two measured, 99 gaps.
    let height: Double = 98 * 44 + 100 + 20 + 99 * 5
    #expect(cv.contentSize.height == height)
    #expect(frame(layout, 99)?.maxY == cv.contentSize.height)
    let calls = cv.events.map(\.callName)
    #expect(
      calls.contains("invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)"))
  }

  @Test("COMP-1: a fixed axis keeps its dimension whatever the cell reports")
  func fixedAxisIgnored() {
    let (_, layout, _) = make(
      list(), counts: [10], preferred: [path(0): Size(width: 200, height: 60)])
    #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 390, height: 60))
    // Only the width differs: nothing is estimated there, so nothing invalidates.
    let (cv2, layout2, _) = make(
      list(), counts: [10], preferred: [path(0): Size(width: 200, height: 44)])
    #expect(frame(layout2, 0) == Rect(x: 0, y: 0, width: 390, height: 44))
    #expect(
      cv2.events.contains(.shouldInvalidateLayoutForPreferredAttributes(at: path(0), result: false))
    )
  }

  @Test("COMP-1: a two-column row is as tall as its tallest cell; the other keeps its own")
  func gridRow() {
    let item = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(50)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(50)),
      subitems: [item])
    let (cv, layout, _) = make(
      CollectionLayoutSection(group: group), counts: [9],
      preferred: [path(2): Size(width: 195, height: 80)])
    #expect(frame(layout, 2) == Rect(x: 0, y: 50, width: 195, height: 80))
    #expect(frame(layout, 3) == Rect(x: 195, y: 50, width: 195, height: 50))
    #expect(frame(layout, 4) == Rect(x: 0, y: 130, width: 195, height: 50))
    // Five rows: four at 50, one at 80; the last holds item 8 alone.
    #expect(cv.contentSize.height == 4 * 50 + 80)
  }

  @Test("COMP-1: an item of fractional height follows its estimated group's measured height")
  func fractionalFollowsGroup() {
    let measuredItem = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(40)))
    let filler = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(40)),
      subitems: [measuredItem, filler])
    let (_, layout, _) = make(
      CollectionLayoutSection(group: group), counts: [4],
      preferred: [path(2): Size(width: 195, height: 90)])
    #expect(frame(layout, 1) == Rect(x: 195, y: 0, width: 195, height: 40))
    #expect(frame(layout, 2) == Rect(x: 0, y: 40, width: 195, height: 90))
    #expect(frame(layout, 3) == Rect(x: 195, y: 40, width: 195, height: 90))
  }

  @Test("COMP-1, COMP-6: an estimated width changes how many items a group holds")
  func widthsRegroup() {
    let item = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .estimated(50), heightDimension: .absolute(30)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
      subitems: [item])
    group.interItemSpacing = .fixed(10)
    // Unmeasured: 6 × 50 + 5 × 10 = 350 ≤ 390, a seventh would end at 410.
    let (cv, layout, _) = make(
      CollectionLayoutSection(group: group), counts: [20],
      preferred: [path(1): Size(width: 150, height: 30)])
    // Group 0: 50 + 10 + 150 + 10 + 50 + 10 + 50 + 10 + 50 = 390 — five items.
    #expect(frame(layout, 1) == Rect(x: 60, y: 0, width: 150, height: 30))
    #expect(frame(layout, 4) == Rect(x: 340, y: 0, width: 50, height: 30))
    #expect(frame(layout, 5) == Rect(x: 0, y: 30, width: 50, height: 30))
    #expect(frame(layout, 10) == Rect(x: 300, y: 30, width: 50, height: 30))
    #expect(frame(layout, 11) == Rect(x: 0, y: 60, width: 50, height: 30))
    // 5 + 6 + 6 + 3 items: four rows.
    #expect(cv.contentSize.height == 120)
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 200))
    #expect(all.map(\.indexPath.item).sorted() == Array(0..<20))
  }

  @Test("COMP-4, COMP-15e: an item's insets are left out on its estimated axis only")
  func insetsOnEstimatedAxis() {
    let item = CollectionLayoutItem(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
    item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
      subitems: [item])
    let (_, layout, _) = make(
      CollectionLayoutSection(group: group), counts: [3],
      preferred: [path(0): Size(width: 370, height: 70)])
    #expect(frame(layout, 0) == Rect(x: 10, y: 0, width: 370, height: 70))
    #expect(frame(layout, 1) == Rect(x: 10, y: 70, width: 370, height: 44))
  }

  @Test("LAY-10: a row measured above the visible area keeps what is on screen still")
  func offsetAdjustment() {
    let (cv, layout, source) = make(
      list(), counts: [200], preferred: [:], size: Size(width: 390, height: 400))
    cv.setContentOffset(Point(x: 0, y: 2000))
    let anchor = frame(layout, 60)!.minY
    source.preferred[path(5)] = Size(width: 390, height: 100)
    cv.scrollToItem(at: path(5), at: .top)
    cv.setContentOffset(Point(x: 0, y: 2000))
    #expect(frame(layout, 60)!.minY == anchor + 56)
    #expect(cv.contentSize.height == 200 * 44 + 56)
    #expect(layout.measuredSizes == [path(5): Size(width: 390, height: 100)])
  }

  @Test("BATCH-3: a measured size follows its item across an insert, and a reload drops it")
  func measuredAcrossUpdates() {
    let (cv, layout, source) = make(
      list(), counts: [10], preferred: [path(2): Size(width: 390, height: 80)])
    source.preferred = [:]
    source.counts = [11]
    cv.performBatchUpdates { cv.insertItems(at: [path(0)]) }
    #expect(layout.measuredSizes == [path(3): Size(width: 390, height: 80)])
    #expect(frame(layout, 3) == Rect(x: 0, y: 132, width: 390, height: 80))
    cv.performBatchUpdates { cv.reloadItems(at: [path(3)]) }
    #expect(layout.measuredSizes.isEmpty)
    #expect(frame(layout, 3) == Rect(x: 0, y: 132, width: 390, height: 44))
  }

  /// A random self-sizing section: rows or grids of estimated heights, sometimes estimated
  /// widths, nested stacks, insets and spacing — written for vertical scrolling, or its
  /// transpose.
  private func randomSection(_ g: inout SeededGenerator, transposed: Bool)
    -> CollectionLayoutSection
  {
    func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension)
      -> CollectionLayoutSize
    {
      func t(_ d: CollectionLayoutDimension) -> CollectionLayoutDimension {
        switch d.semantic {
        case .fractionalWidth: .fractionalHeight(d.dimension)
        case .fractionalHeight: .fractionalWidth(d.dimension)
        case .absolute, .estimated: d
        }
      }
      return transposed
        ? CollectionLayoutSize(widthDimension: t(h), heightDimension: t(w))
        : CollectionLayoutSize(widthDimension: w, heightDimension: h)
    }
    let columns = Int.random(in: 1...3, using: &g)
    let estimate = Double(Int.random(in: 30...60, using: &g))
    let widthEstimated = Int.random(in: 0..<4, using: &g) == 0
    let item = CollectionLayoutItem(
      layoutSize: size(
        widthEstimated
          ? .estimated(Double(Int.random(in: 40...120, using: &g)))
          : .fractionalWidth(1 / Double(columns)),
        .estimated(estimate)))
    let nested = Int.random(in: 0..<3, using: &g) == 0
    let stackSize = size(.fractionalWidth(0.5), .estimated(estimate))
    let subitem: CollectionLayoutItem =
      !nested
      ? item
      : transposed
        ? CollectionLayoutGroup.horizontal(layoutSize: stackSize, subitems: [item, item])
        : CollectionLayoutGroup.vertical(layoutSize: stackSize, subitems: [item, item])
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .estimated(estimate)), subitems: [subitem])
    if transposed {
      // A horizontal group's transpose is a vertical one.
      let twin = CollectionLayoutGroup.vertical(
        layoutSize: group.layoutSize, subitems: [subitem])
      twin.interItemSpacing = .fixed(Double(Int.random(in: 0...8, using: &g)))
      let section = CollectionLayoutSection(group: twin)
      section.interGroupSpacing = Double(Int.random(in: 0...10, using: &g))
      return section
    }
    group.interItemSpacing = .fixed(Double(Int.random(in: 0...8, using: &g)))
    let section = CollectionLayoutSection(group: group)
    section.interGroupSpacing = Double(Int.random(in: 0...10, using: &g))
    return section
  }

  /// Scrolls a collection view through all of its content, a screen at a time, so every
  /// cell is displayed and reports its size.
  private func scrollThrough(_ cv: CollectionView, horizontal: Bool) {
    var p = 0.0
    while true {
      let extent = horizontal ? cv.contentSize.width : cv.contentSize.height
      guard p < extent else { break }
      p += horizontal ? cv.bounds.width * 0.7 : cv.bounds.height * 0.7
      cv.setContentOffset(horizontal ? Point(x: p, y: 0) : Point(x: 0, y: p))
    }
  }

  @Test("property: rows measured one at a time equal the same sizes laid out from scratch")
  func incrementalEqualsScratch() {
    var g = SeededGenerator(seed: 31)
    for round in 0..<24 {
      let counts = (0..<Int.random(in: 1...3, using: &g)).map { _ in
        Int.random(in: 3...80, using: &g)
      }
      var preferred: [IndexPath: Size] = [:]
      for (s, n) in counts.enumerated() {
        for i in 0..<n where Int.random(in: 0..<3, using: &g) == 0 {
          preferred[path(i, s)] = Size(
            width: Double(Int.random(in: 30...160, using: &g)),
            height: Double(Int.random(in: 20...140, using: &g)))
        }
      }
      let section = randomSection(&g, transposed: false)
      let (cv, layout, _) = make(
        section, counts: counts, preferred: preferred, size: Size(width: 320, height: 400))
      scrollThrough(cv, horizontal: false)
      let everything = Rect(x: -1000, y: -1000, width: 4000, height: cv.contentSize.height + 2000)
      let incremental = layout.layoutAttributesForElements(in: everything)
      let size = cv.contentSize
      // The same measurements, solved again from scratch.
      layout.invalidateLayout()
      layout.prepare()
      let scratch = layout.layoutAttributesForElements(in: everything)
      #expect(layout.collectionViewContentSize == size, "round \(round)")
      #expect(incremental == scratch, "round \(round)")
      // Every item is answered where the query answers it, and its resolution — its group
      // solved again with the sizes its cells reported — ends there too.
      for a in scratch where a.representedElementCategory == .cell {
        #expect(layout.layoutAttributesForItem(at: a.indexPath) == a, "round \(round)")
        #expect(layout.resolution(ofItemAt: a.indexPath)?.frame == a.frame, "round \(round)")
      }
    }
  }

  @Test("property: a horizontal self-sizing layout is the transpose of the vertical one")
  func transposed() {
    var g = SeededGenerator(seed: 32)
    for round in 0..<16 {
      let seed = UInt64(Int.random(in: 0...1_000_000, using: &g))
      let count = Int.random(in: 3...60, using: &g)
      var preferred: [IndexPath: Size] = [:]
      for i in 0..<count where Int.random(in: 0..<3, using: &g) == 0 {
        preferred[path(i)] = Size(
          width: Double(Int.random(in: 30...160, using: &g)),
          height: Double(Int.random(in: 20...140, using: &g)))
      }
      var gv = SeededGenerator(seed: seed)
      var gh = SeededGenerator(seed: seed)
      let (cv, layout, _) = make(
        randomSection(&gv, transposed: false), counts: [count], preferred: preferred,
        size: Size(width: 320, height: 400))
      let swapped = preferred.mapValues { Size(width: $0.height, height: $0.width) }
      let (ch, twin, _) = make(
        randomSection(&gh, transposed: true), counts: [count], preferred: swapped,
        size: Size(width: 400, height: 320), horizontal: true)
      scrollThrough(cv, horizontal: false)
      scrollThrough(ch, horizontal: true)
      #expect(
        cv.contentSize == Size(width: ch.contentSize.height, height: ch.contentSize.width),
        "round \(round)")
      for i in 0..<count {
        let v = layout.layoutAttributesForItem(at: path(i))!.frame
        let h = twin.layoutAttributesForItem(at: path(i))!.frame
        #expect(
          v == Rect(x: h.minY, y: h.minX, width: h.height, height: h.width), "round \(round) \(i)")
      }
    }
  }
}
