import GridlineTestSupport
import LayoutEngine
import Testing

/// Decorations (as an app's flow subclass adds them), the sticky grid, and the layout pass's
/// corner cases.
@Suite("Layouts: decorations, rules, grid, pass")
struct LayoutExtrasTests {
  @Test("rect queries stay exact with negative insets and negative line spacing")
  func negativeValues() {
    var g = SeededGenerator(seed: 404)
    for _ in 0..<60 {
      let layout = CollectionViewFlowLayout()
      layout.itemSize = Size(
        width: Double(Int.random(in: 20...120, using: &g)),
        height: Double(Int.random(in: 20...80, using: &g)))
      layout.minimumLineSpacing = Double(Int.random(in: -100...10, using: &g))
      layout.sectionInset = EdgeInsets(
        top: Double(Int.random(in: -60...10, using: &g)), left: 0,
        bottom: Double(Int.random(in: -60...10, using: &g)), right: 0)
      layout.headerReferenceSize = Size(width: 0, height: Double(Int.random(in: 0...30, using: &g)))
      let counts = (0..<Int.random(in: 1...5, using: &g)).map { _ in
        Int.random(in: 0...30, using: &g)
      }
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout,
        itemCounts: counts)
      cv.layoutIfNeeded()
      var all: [LayoutAttributes] = []
      for (s, n) in counts.enumerated() {
        for i in 0..<n {
          all.append(layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!)
        }
        if let h = layout.layoutAttributesForSupplementaryView(
          ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: s))
        {
          all.append(h)
        }
      }
      for _ in 0..<60 {
        let rect = Rect(
          x: Double.random(in: -50...350, using: &g), y: Double.random(in: -400...2000, using: &g),
          width: Double.random(in: 0...300, using: &g),
          height: Double.random(in: 0...500, using: &g))
        let fast = Set(layout.layoutAttributesForElements(in: rect).map(\.key))
        let slow = Set(all.filter { $0.frame.intersects(rect) }.map(\.key))
        #expect(fast == slow)
      }
    }
  }

  @Test("decorations: one per section from its geometry, in rect queries, zIndex −1")
  func decorations() {
    let layout = SectionBackgroundLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.headerReferenceSize = Size(width: 0, height: 30)
    layout.sectionInset = EdgeInsets(all: 10)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: [4, 0])
    cv.layoutIfNeeded()
    #expect(layout.registeredDecorationKinds == ["background"])
    let background = layout.layoutAttributesForDecorationView(
      ofKind: "background", at: IndexPath(item: 0, section: 0))
    // Items span x 10…365 and y 40…250 (two rows of 100 with spacing 10).
    #expect(background?.frame == Rect(x: 2, y: 32, width: 371, height: 226))
    #expect(background?.zIndex == -1)
    #expect(background?.representedElementCategory == .decorationView)
    let inRect = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 35))
    #expect(inRect.contains { $0.representedElementCategory == .decorationView })
    // The empty section gets a decoration too: an empty items rect at its start, outset.
    let empty = layout.layoutAttributesForDecorationView(
      ofKind: "background", at: IndexPath(item: 0, section: 1))
    #expect(empty?.frame.height == 16)
    #expect(cv.visibleElements.contains { $0.representedElementKind == "background" })
    // Backgrounds follow every full pass (`layoutGeneration`) and are counted as computed.
    let before = layout.recomputedAttributes
    layout.invalidateLayout()
    cv.layoutIfNeeded()
    #expect(layout.recomputedAttributes - before == 4 + 2 + 2)  // items, headers, backgrounds
    cv.frame = Rect(x: 0, y: 0, width: 215, height: 600)  // one item per row
    let narrow = layout.layoutAttributesForDecorationView(
      ofKind: "background", at: IndexPath(item: 0, section: 0))
    let expected: Double = 4 * 100 + 3 * 10 + 16
    #expect(abs((narrow?.frame.height ?? 0) - expected) < 1e-9, "\(String(describing: narrow))")
  }

  @Test("lines of more than 64 items (the line buffer grows) match the uniform grid")
  func longLines() {
    final class SameSizes: CollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: CollectionView, layout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> Size? { Size(width: 2, height: 2) }
    }
    func frames(_ delegate: CollectionViewDelegate?) -> [Rect] {
      let layout = CollectionViewFlowLayout()
      layout.itemSize = Size(width: 2, height: 2)
      layout.minimumInteritemSpacing = 1
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
        itemCounts: [300])
      cv.delegate = delegate
      cv.layoutIfNeeded()
      return (0..<250).map {
        layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame
      }
    }
    let delegate = SameSizes()
    let lineByLine = frames(delegate)
    // 125 items per line: two full lines, justified alike on both paths (FLOW-6, FLOW-9).
    #expect(lineByLine == frames(nil))
    #expect(lineByLine[125].minX == 0 && lineByLine[125].minY > lineByLine[124].minY)
    #expect(lineByLine[124].minY == lineByLine[0].minY)
  }

  @Test("sticky grid: row 0 and column 0 stick, zIndex 1024/1023/1022, queries exact")
  func grid() {
    let layout = StickyGridLayout()
    layout.itemSize = Size(width: 100, height: 50)
    layout.rowHeaderWidth = 60
    layout.columnHeaderHeight = 30
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout,
      itemCounts: Array(repeating: 8, count: 25))
    cv.layoutIfNeeded()
    #expect(cv.contentSize == Size(width: 60 + 7 * 100, height: 30 + 24 * 50))
    cv.setContentOffset(Point(x: 250, y: 400))
    let corner = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    #expect(corner.frame.origin == Point(x: 250, y: 400) && corner.zIndex == 1024)
    let day = layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!
    #expect(day.frame == Rect(x: 260, y: 400, width: 100, height: 30) && day.zIndex == 1023)
    let hour = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 9))!
    #expect(hour.frame == Rect(x: 250, y: 430, width: 60, height: 50) && hour.zIndex == 1022)
    // Hit testing takes the topmost element where sticky ones cover cells (DISP-6).
    #expect(cv.indexPathForItem(at: Point(x: 255, y: 405)) == IndexPath(item: 0, section: 0))
    #expect(cv.indexPathForItem(at: Point(x: 270, y: 440)) == IndexPath(item: 0, section: 9))
    var g = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      cv.setContentOffset(
        Point(
          x: Double.random(in: -50...600, using: &g), y: Double.random(in: -50...1100, using: &g)))
      let rect = Rect(
        x: Double.random(in: -100...900, using: &g), y: Double.random(in: -100...1400, using: &g),
        width: Double.random(in: 0...400, using: &g), height: Double.random(in: 0...400, using: &g))
      var slow: Set<ElementKey> = []
      for s in 0..<25 {
        for i in 0..<8 {
          let a = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))!
          if a.frame.intersects(rect) { slow.insert(a.key) }
        }
      }
      #expect(Set(layout.layoutAttributesForElements(in: rect).map(\.key)) == slow, "rect \(rect)")
    }
  }

  @Test("LAY-10: an offset adjustment made during a bounds change survives it")
  func offsetAdjustmentOnResize() {
    let layout = AnchoringLayout()
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout,
      itemCounts: [10])
    cv.layoutIfNeeded()
    cv.setContentOffset(Point(x: 0, y: 100))
    cv.frame = Rect(x: 0, y: 0, width: 320, height: 300)
    #expect(cv.contentOffset == Point(x: 0, y: 125))
  }

  @Test("a resize re-prepares when the new content size changes the adjusted inset")
  func resizeSettlesInsets() {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = Size(width: 100, height: 100)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 800, height: 300), collectionViewLayout: layout,
      itemCounts: [6])
    cv.contentInsetAdjustmentBehavior = .scrollableAxes
    cv.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    cv.layoutIfNeeded()
    // 6 items in columns of 2 → 3 columns, 320 wide: no horizontal scrolling, no adjustment.
    #expect(cv.adjustedContentInset.left == 0)
    cv.frame = Rect(x: 0, y: 0, width: 200, height: 300)
    // Now the content (320) is wider than the view: left and right take the safe area.
    #expect(cv.adjustedContentInset.left == 44)
    cv.frame = Rect(x: 0, y: 0, width: 800, height: 300)
    #expect(cv.adjustedContentInset.left == 0)
    #expect(cv.contentSize.height == 300)
  }
}

/// Keeps the content anchored on a resize: asks for a 25-point offset adjustment.
final class AnchoringLayout: CollectionViewFlowLayout {
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView?.bounds.size
  }

  override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    context.contentOffsetAdjustment = Point(x: 0, y: 25)
    return context
  }
}

/// The classic section background, written as an app writes it: decoration views derived
/// from each section's geometry after every full pass, indexed for rect queries.
final class SectionBackgroundLayout: CollectionViewFlowLayout {
  private var backgrounds: [LayoutAttributes] = []
  private var index = AttributeIndex(axis: .vertical)
  private var generation = 0

  override init() {
    super.init()
    register(decorationViewOfKind: "background")
  }

  override func prepare() {
    super.prepare()
    guard layoutGeneration != generation else { return }
    generation = layoutGeneration
    backgrounds = (0..<numberOfLaidOutSections).compactMap { s in
      geometry(ofSection: s).map { g in
        var a = LayoutAttributes(
          forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: s))
        a.frame = g.items.insetBy(dx: -8, dy: -8)
        a.zIndex = -1
        return a
      }
    }
    index = AttributeIndex(axis: .vertical, unsortedFrames: backgrounds.map(\.frame))
    noteRecomputed(backgrounds.count)
  }

  override var resizesItemsInPlace: Bool { false }

  override var attributeCount: Int? { super.attributeCount.map { $0 + backgrounds.count } }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var answer = super.layoutAttributesForElements(in: rect)
    index.forEach(intersecting: rect) { answer.append(backgrounds[$0]) }
    return answer
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == "background", indexPath.item == 0,
      backgrounds.indices.contains(indexPath.section)
    else { return nil }
    return backgrounds[indexPath.section]
  }
}
