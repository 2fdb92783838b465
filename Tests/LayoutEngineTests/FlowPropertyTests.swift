import GridlineTestSupport
import LayoutEngine
import Testing

/// Randomised checks over many generated flow layouts (fixed seeds, reproducible).
@Suite("Flow layout properties")
struct FlowPropertyTests {
  /// A random flow configuration, expressed for vertical scrolling; `transposed` gives the
  /// same configuration for horizontal scrolling.
  struct Config {
    var width: Double
    var height: Double
    var counts: [Int]
    var itemSize: Size
    var sizes: [IndexPath: Size]
    var inset: EdgeInsets
    var lineSpacing: Double
    var interitemSpacing: Double
    var header: Size
    var footer: Size
    var common: CollectionViewFlowLayout.RowHorizontalAlignment
    var last: CollectionViewFlowLayout.RowHorizontalAlignment
    var vertical: CollectionViewFlowLayout.RowVerticalAlignment
    /// FLOW-21: 0 (no rounding), 1, 2 or 3.
    var displayScale: Double

    static func random(_ g: inout SeededGenerator) -> Config {
      func value(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &g)) }
      let counts = (0..<Int.random(in: 1...4, using: &g)).map { _ in
        Int.random(in: 0...40, using: &g)
      }
      var sizes: [IndexPath: Size] = [:]
      if Bool.random(using: &g) {
        for (s, n) in counts.enumerated() where Bool.random(using: &g) {
          for i in 0..<n {
            sizes[IndexPath(item: i, section: s)] = Size(
              width: value(10...180), height: value(10...120))
          }
        }
      }
      let alignments: [CollectionViewFlowLayout.RowHorizontalAlignment] = [
        .left, .centered, .right, .justify,
      ]
      let verticals: [CollectionViewFlowLayout.RowVerticalAlignment] = [.top, .center, .bottom]
      return Config(
        width: value(200...420), height: value(300...700), counts: counts,
        itemSize: Size(width: value(20...150), height: value(20...150)), sizes: sizes,
        inset: EdgeInsets(
          top: value(0...20), left: value(0...20), bottom: value(0...20), right: value(0...20)),
        lineSpacing: value(0...15), interitemSpacing: value(0...15),
        header: Size(width: value(0...50), height: Bool.random(using: &g) ? value(0...40) : 0),
        footer: Size(width: value(0...50), height: Bool.random(using: &g) ? value(0...30) : 0),
        common: alignments.randomElement(using: &g)!, last: alignments.randomElement(using: &g)!,
        vertical: verticals.randomElement(using: &g)!,
        displayScale: Double(Int.random(in: 0...3, using: &g)))
    }

    func make(horizontal: Bool) -> (CollectionView, CollectionViewFlowLayout, SizeTable) {
      func t(_ s: Size) -> Size { horizontal ? Size(width: s.height, height: s.width) : s }
      let table = SizeTable(sizes.mapValues(t))
      let layout = CollectionViewFlowLayout()
      layout.scrollDirection = horizontal ? .horizontal : .vertical
      layout.itemSize = t(itemSize)
      layout.sectionInset =
        horizontal
        ? EdgeInsets(top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom)
        : inset
      layout.minimumLineSpacing = lineSpacing
      layout.minimumInteritemSpacing = interitemSpacing
      layout.headerReferenceSize = t(header)
      layout.footerReferenceSize = t(footer)
      layout.commonRowHorizontalAlignment = common
      layout.lastRowHorizontalAlignment = last
      layout.rowVerticalAlignment = vertical
      let frame =
        horizontal
        ? Rect(x: 0, y: 0, width: height, height: width)
        : Rect(x: 0, y: 0, width: width, height: height)
      let cv = CollectionView(frame: frame, collectionViewLayout: layout, itemCounts: counts)
      if !sizes.isEmpty { cv.delegate = table }
      cv.displayScale = displayScale
      cv.layoutIfNeeded()
      return (cv, layout, table)
    }
  }

  /// Every element of a laid-out flow: cells, headers, footers.
  func allAttributes(_ cv: CollectionView, _ layout: CollectionViewFlowLayout) -> [LayoutAttributes]
  {
    var all: [LayoutAttributes] = []
    for s in 0..<cv.numberOfSections {
      for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
        if let a = layout.layoutAttributesForSupplementaryView(
          ofKind: kind, at: IndexPath(item: 0, section: s))
        {
          all.append(a)
        }
      }
      for i in 0..<cv.numberOfItems(inSection: s) {
        all.append(layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!)
      }
    }
    return all
  }

  @Test("Vertical and horizontal flow are transposes of each other")
  func transpose() {
    var g = SeededGenerator(seed: 2024)
    for _ in 0..<300 {
      let config = Config.random(&g)
      let (vcv, vertical, t1) = config.make(horizontal: false)
      let (hcv, horizontal, t2) = config.make(horizontal: true)
      _ = (t1, t2)
      #expect(vcv.contentSize == Size(width: hcv.contentSize.height, height: hcv.contentSize.width))
      let a = allAttributes(vcv, vertical)
      let b = allAttributes(hcv, horizontal)
      #expect(a.count == b.count)
      for (x, y) in zip(a, b) {
        let f = y.frame
        let transposed = Rect(x: f.minY, y: f.minX, width: f.height, height: f.width)
        #expect(x.frame == transposed, "\(x.key): \(x.frame) vs transposed \(transposed)")
      }
    }
  }

  @Test("Rect queries equal a linear filter over every element (flow)")
  func queriesMatchLinearFilter() {
    var g = SeededGenerator(seed: 7)
    for _ in 0..<60 {
      let config = Config.random(&g)
      let horizontal = Bool.random(using: &g)
      let (cv, layout, table) = config.make(horizontal: horizontal)
      _ = table
      let all = allAttributes(cv, layout)
      let extent = Swift.max(cv.contentSize.width, cv.contentSize.height) + 100
      for _ in 0..<100 {
        let rect = Rect(
          x: Double.random(in: -100...extent, using: &g),
          y: Double.random(in: -100...extent, using: &g),
          width: Double.random(in: -50...400, using: &g),
          height: Double.random(in: -50...400, using: &g))
        let fast = Set(layout.layoutAttributesForElements(in: rect).map(\.key))
        let slow = Set(all.filter { $0.frame.intersects(rect) }.map(\.key))
        #expect(fast == slow, "rect \(rect)")
      }
      // Edges: a rect that only touches an element still finds it (GEO-5).
      if let a = all.first {
        let touching = Rect(x: a.frame.maxX, y: a.frame.maxY, width: 0, height: 0)
        #expect(layout.layoutAttributesForElements(in: touching).contains { $0.key == a.key })
      }
    }
  }

  @Test("AttributeIndex equals a linear filter with overlapping, mixed-size, unsorted frames")
  func attributeIndexOverlaps() {
    var g = SeededGenerator(seed: 99)
    for round in 0..<40 {
      let n = Int.random(in: 0...600, using: &g)
      let frames = (0..<n).map { _ in
        Rect(
          x: Double.random(in: 0...500, using: &g), y: Double.random(in: 0...5000, using: &g),
          width: Double.random(in: -30...200, using: &g),
          height: round % 4 == 0
            ? Double.random(in: 0...3000, using: &g) : Double.random(in: -30...300, using: &g))
      }
      for axis in [AttributeIndex.Axis.vertical, .horizontal] {
        let index = AttributeIndex(axis: axis, unsortedFrames: frames)
        for _ in 0..<100 {
          let rect = Rect(
            x: Double.random(in: -100...600, using: &g),
            y: Double.random(in: -100...5100, using: &g),
            width: Double.random(in: 0...300, using: &g),
            height: Double.random(in: 0...800, using: &g))
          #expect(
            Set(index.indices(intersecting: rect)) == Set(index.linearIndices(intersecting: rect)))
          let expected = Set(frames.indices.filter { frames[$0].intersects(rect) })
          #expect(Set(index.indices(intersecting: rect)) == expected)
        }
      }
    }
  }

  @Test("Laying out twice changes nothing; frames stay inside the content rect")
  func idempotentAndContained() {
    var g = SeededGenerator(seed: 31)
    for _ in 0..<150 {
      var config = Config.random(&g)
      // Keep items narrower than a line, so FLOW-20's undefined case is not generated.
      config.itemSize.width = Swift.min(
        config.itemSize.width, config.width - config.inset.left - config.inset.right)
      config.sizes = config.sizes.mapValues {
        Size(
          width: Swift.min($0.width, config.width - config.inset.left - config.inset.right),
          height: $0.height)
      }
      guard config.itemSize.width > 0 else { continue }
      let (cv, layout, table) = config.make(horizontal: Bool.random(using: &g))
      _ = table
      let before = allAttributes(cv, layout)
      layout.invalidateLayout()
      cv.layoutIfNeeded()
      let after = allAttributes(cv, layout)
      #expect(before == after)
      // Positions accumulate along a line, so the last item may pass the edge by an ulp.
      let content = Rect(origin: .zero, size: cv.contentSize)
        .insetBy(dx: -Tolerance.points, dy: -Tolerance.points)
      for a in after {
        #expect(content.contains(a.frame), "\(a.key) \(a.frame) outside \(content)")
      }
    }
  }
}
