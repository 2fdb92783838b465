import GridlineTestSupport
import LayoutEngine
import Testing

/// Builds compositional descriptors from a seeded generator, written for vertical scrolling.
/// With `transposed` the same draws build the horizontal twin: width and height dimensions
/// swapped (fractionalWidth ↔ fractionalHeight), top ↔ leading and bottom ↔ trailing in
/// insets, edge spacing, anchors and alignments, horizontal ↔ vertical groups, and custom
/// frames transposed.
private struct CompositionalBuilder {
  var g: SeededGenerator
  let transposed: Bool
  /// Kinds of the elements made, for the brute-force listing.
  var boundaryKinds: [[String]] = []
  var badgeKinds: [[String]] = []
  var decorationKinds: [[String]] = []
  var globalKinds: [String] = []
  var badgeCount = 0

  init(seed: UInt64, transposed: Bool) {
    g = SeededGenerator(seed: seed)
    self.transposed = transposed
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &g) }
  mutating func value(_ range: ClosedRange<Int>) -> Double { Double(int(range)) }
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
  /// A fraction in tenths.
  mutating func fraction(_ range: ClosedRange<Int>) -> Double { Double(int(range)) / 10 }

  func t(_ d: CollectionLayoutDimension) -> CollectionLayoutDimension {
    guard transposed else { return d }
    switch d.semantic {
    case .fractionalWidth: return .fractionalHeight(d.dimension)
    case .fractionalHeight: return .fractionalWidth(d.dimension)
    case .absolute, .estimated: return d
    }
  }
  /// A size given as (width, height) for vertical scrolling.
  func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> CollectionLayoutSize
  {
    transposed
      ? CollectionLayoutSize(widthDimension: t(h), heightDimension: t(w))
      : CollectionLayoutSize(widthDimension: w, heightDimension: h)
  }
  func insets(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double)
    -> DirectionalEdgeInsets
  {
    transposed
      ? DirectionalEdgeInsets(top: leading, leading: top, bottom: trailing, trailing: bottom)
      : DirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
  }
  func point(_ x: Double, _ y: Double) -> Point {
    transposed ? Point(x: y, y: x) : Point(x: x, y: y)
  }
  func rect(_ r: Rect) -> Rect {
    transposed ? Rect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r
  }
  func edges(_ e: DirectionalRectEdge) -> DirectionalRectEdge {
    guard transposed else { return e }
    var out: DirectionalRectEdge = []
    if e.contains(.top) { out.insert(.leading) }
    if e.contains(.leading) { out.insert(.top) }
    if e.contains(.bottom) { out.insert(.trailing) }
    if e.contains(.trailing) { out.insert(.bottom) }
    return out
  }
  func alignment(_ a: RectAlignment) -> RectAlignment {
    let e = edges(a.edges)
    return RectAlignment.allCases.first { $0.edges == e } ?? a
  }

  mutating func spacing() -> CollectionLayoutSpacing? {
    switch int(0...3) {
    case 0: nil
    case 1: .fixed(value(0...10))
    default: .flexible(value(0...10))
    }
  }

  mutating func dimension(across: Bool) -> CollectionLayoutDimension {
    switch int(0...3) {
    case 0: .absolute(value(10...120))
    case 1: across ? .fractionalWidth(fraction(1...5)) : .fractionalHeight(fraction(3...10))
    default: across ? .fractionalWidth(fraction(1...6)) : .fractionalHeight(fraction(5...10))
    }
  }

  mutating func badges() -> [CollectionLayoutSupplementaryItem] {
    guard chance(30) else { return [] }
    badgeCount += 1
    let kind = "badge\(badgeCount)"
    badgeKinds[badgeKinds.count - 1].append(kind)
    let all: [DirectionalRectEdge] = [
      [], .top, .bottom, .leading, .trailing, [.top, .trailing], [.bottom, .leading],
    ]
    let edges = self.edges(all[int(0...(all.count - 1))])
    let anchor: CollectionLayoutAnchor
    if chance(50) {
      anchor = CollectionLayoutAnchor(
        edges: edges, absoluteOffset: point(value(-10...10), value(-10...10)))
    } else {
      anchor = CollectionLayoutAnchor(
        edges: edges, fractionalOffset: point(fraction(-5...5), fraction(-5...5)))
    }
    let w = value(8...24)
    let h = value(8...24)
    let badge = CollectionLayoutSupplementaryItem(
      layoutSize: size(.absolute(w), .absolute(h)), elementKind: kind, containerAnchor: anchor)
    return [badge]
  }

  mutating func item() -> CollectionLayoutItem {
    let w = dimension(across: true)
    let h = dimension(across: false)
    let item = CollectionLayoutItem(layoutSize: size(w, h), supplementaryItems: badges())
    if chance(40) {
      item.contentInsets = insets(value(0...5), value(0...5), value(0...5), value(0...5))
    }
    if chance(30) {
      let (top, leading, bottom, trailing) = (spacing(), spacing(), spacing(), spacing())
      item.edgeSpacing =
        transposed
        ? CollectionLayoutEdgeSpacing(
          leading: top, top: leading, trailing: bottom, bottom: trailing)
        : CollectionLayoutEdgeSpacing(
          leading: leading, top: top, trailing: trailing, bottom: bottom)
    }
    return item
  }

  /// A group laid out along the cross axis of vertical scrolling (a row) or along it.
  mutating func group(row: Bool, depth: Int) -> CollectionLayoutGroup {
    let width: CollectionLayoutDimension =
      chance(70) ? .fractionalWidth(fraction(5...10)) : .absolute(value(100...300))
    let height: CollectionLayoutDimension =
      switch int(0...2) {
      case 0: .absolute(value(40...150))
      case 1: .fractionalWidth(fraction(2...5))
      default: .fractionalHeight(fraction(1...3))
      }
    let layoutSize =
      depth == 0 ? size(width, height) : size(.fractionalWidth(0.5), .fractionalHeight(1))
    let alongX = row != transposed
    let group: CollectionLayoutGroup
    switch int(0...4) {
    case 0:
      // subitem:count:
      let count = int(1...4)
      group =
        alongX
        ? .horizontal(layoutSize: layoutSize, subitem: item(), count: count)
        : .vertical(layoutSize: layoutSize, subitem: item(), count: count)
    case 1 where depth == 0:
      // Nested: a leaf beside a group along the other axis.
      let leading = item()
      let inner = self.group(row: !row, depth: depth + 1)
      group =
        alongX
        ? .horizontal(layoutSize: layoutSize, subitems: [leading, inner])
        : .vertical(layoutSize: layoutSize, subitems: [leading, inner])
    case 2:
      // Custom: frames relative to the group, from its size.
      let n = int(1...3)
      let shift = value(-10...10)
      let transposed = self.transposed
      group = .custom(layoutSize: layoutSize) { environment in
        // The vertical twin's frames, transposed: its provider sees the transposed size.
        var s = environment.container.contentSize
        if transposed { s = Size(width: s.height, height: s.width) }
        return (0..<n).map { k in
          let w = s.width / Double(n)
          let r = Rect(x: Double(k) * w, y: Double(k) * shift, width: w, height: s.height / 2)
          let out = transposed ? Rect(x: r.minY, y: r.minX, width: r.height, height: r.width) : r
          return CollectionLayoutGroupCustomItem(frame: out, zIndex: k)
        }
      }
    default:
      let items = (0..<int(1...3)).map { _ in item() }
      let supplementaries = depth == 0 ? badges() : []
      group =
        alongX
        ? .horizontal(layoutSize: layoutSize, subitems: items, supplementaryItems: supplementaries)
        : .vertical(layoutSize: layoutSize, subitems: items, supplementaryItems: supplementaries)
    }
    if chance(50) { group.interItemSpacing = spacing() }
    if chance(30) {
      group.contentInsets = insets(value(0...8), value(0...8), value(0...8), value(0...8))
    }
    return group
  }

  mutating func boundary(kind: String, leading: Bool) -> CollectionLayoutBoundarySupplementaryItem {
    let alignments: [RectAlignment] =
      leading ? [.top, .topLeading, .topTrailing] : [.bottom, .bottomLeading, .bottomTrailing]
    let a = alignment(alignments[int(0...2)])
    let w: CollectionLayoutDimension = chance(60) ? .fractionalWidth(1) : .absolute(value(50...200))
    let item = CollectionLayoutBoundarySupplementaryItem(
      layoutSize: size(w, .absolute(value(10...50))), elementKind: kind, alignment: a,
      absoluteOffset: chance(20) ? point(value(-8...8), value(-8...8)) : .zero)
    item.extendsBoundary = chance(80)
    item.pinToVisibleBounds = chance(40)
    return item
  }

  mutating func section(_ s: Int) -> CollectionLayoutSection {
    boundaryKinds.append([])
    badgeKinds.append([])
    decorationKinds.append([])
    let behaviors = CollectionLayoutSectionOrthogonalScrollingBehavior.allCases
    let orthogonal = chance(35) ? behaviors[int(1...5)] : .none
    let section = CollectionLayoutSection(group: group(row: true, depth: 0))
    section.orthogonalScrollingBehavior = orthogonal
    section.interGroupSpacing = value(0...12)
    section.contentInsets = insets(value(0...20), value(0...20), value(0...20), value(0...20))
    section.supplementariesFollowContentInsets = chance(60)
    if chance(50) {
      section.boundarySupplementaryItems.append(boundary(kind: "header\(s)", leading: true))
      boundaryKinds[s].append("header\(s)")
    }
    if chance(40) {
      section.boundarySupplementaryItems.append(boundary(kind: "footer\(s)", leading: false))
      boundaryKinds[s].append("footer\(s)")
    }
    if chance(30) {
      let background = CollectionLayoutDecorationItem.background(elementKind: "bg\(s)")
      background.contentInsets = insets(value(0...6), value(0...6), value(0...6), value(0...6))
      section.decorationItems = [background]
      decorationKinds[s].append("bg\(s)")
    }
    return section
  }

  mutating func configuration() -> CollectionViewCompositionalLayoutConfiguration {
    let c = CollectionViewCompositionalLayoutConfiguration()
    c.scrollDirection = transposed ? .horizontal : .vertical
    c.interSectionSpacing = value(0...20)
    if chance(30) {
      c.boundarySupplementaryItems.append(boundary(kind: "layoutHeader", leading: true))
      globalKinds.append("layoutHeader")
    }
    if chance(30) {
      c.boundarySupplementaryItems.append(boundary(kind: "layoutFooter", leading: false))
      globalKinds.append("layoutFooter")
    }
    return c
  }
}

/// One random compositional layout in its collection view, with what the brute force
/// needs to list every element.
private struct Scenario {
  let cv: CollectionView
  let layout: CollectionViewCompositionalLayout
  let builder: CompositionalBuilder
  let counts: [Int]
  let sections: [CollectionLayoutSection]
  let configuration: CollectionViewCompositionalLayoutConfiguration
  let scale: Double
  let width: Double
  let height: Double

  /// `seed` decides everything; `transposed` builds the horizontal twin.
  init(seed: UInt64, transposed: Bool) {
    var b = CompositionalBuilder(seed: seed, transposed: transposed)
    let width = b.value(200...500)
    let height = b.value(300...800)
    let scale = [0.0, 0, 2, 3][b.int(0...3)]
    let counts = (0..<b.int(1...4)).map { _ in b.chance(10) ? 0 : b.int(1...30) }
    let configuration = b.configuration()
    var sections: [CollectionLayoutSection] = []
    for s in counts.indices { sections.append(b.section(s)) }
    self.init(
      builder: b, counts: counts, sections: sections, configuration: configuration,
      width: transposed ? height : width, height: transposed ? width : height, scale: scale)
  }

  init(
    builder: CompositionalBuilder, counts: [Int], sections: [CollectionLayoutSection],
    configuration: CollectionViewCompositionalLayoutConfiguration, width: Double, height: Double,
    scale: Double
  ) {
    self.builder = builder
    self.counts = counts
    self.sections = sections
    self.configuration = configuration
    self.scale = scale
    self.width = width
    self.height = height
    let provided = sections
    layout = CollectionViewCompositionalLayout(
      sectionProvider: { index, _ in provided[index] }, configuration: configuration)
    cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout,
      itemCounts: counts)
    cv.isRecordingEvents = false
    cv.displayScale = scale
    cv.layoutIfNeeded()
  }

  /// The same descriptors in a new collection view and layout.
  func fresh() -> Scenario {
    Scenario(
      builder: builder, counts: counts, sections: sections, configuration: configuration,
      width: width, height: height, scale: scale)
  }

  /// Scrolls the collection view and each orthogonal section somewhere, from `g`.
  func scroll(_ g: inout SeededGenerator) -> (Point, [Int: Point]) {
    let content = cv.contentSize
    let vertical = !builder.transposed
    let extent = vertical ? content.height : content.width
    let main = Double(Int.random(in: -50...Int(max(extent, 1)), using: &g))
    let offset = builder.point(0, main)
    cv.setContentOffset(offset)
    var orthogonal: [Int: Point] = [:]
    for s in sections.indices where sections[s].orthogonalScrollingBehavior != .none {
      let range = layout.orthogonalScrollRange(forSection: s)
      let v = Double(Int.random(in: -20...Int(range.upperBound + 20), using: &g))
      let p = builder.point(v, 0)
      layout.setOrthogonalContentOffset(p, forSection: s)
      orthogonal[s] = p
    }
    cv.layoutIfNeeded()
    return (offset, orthogonal)
  }

  /// Every element, asked one by one (cells, boundary items, badges, backgrounds).
  func bruteForce() -> [ElementKey: LayoutAttributes] {
    var all: [ElementKey: LayoutAttributes] = [:]
    func add(_ a: LayoutAttributes?) { if let a { all[a.key] = a } }
    for kind in builder.globalKinds {
      add(
        layout.layoutAttributesForSupplementaryView(
          ofKind: kind, at: IndexPath(item: 0, section: 0)))
    }
    for (s, n) in counts.enumerated() {
      for i in 0..<n {
        let path = IndexPath(item: i, section: s)
        add(layout.layoutAttributesForItem(at: path))
        for kind in builder.badgeKinds[s] {
          add(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path))
        }
      }
      for kind in builder.boundaryKinds[s] {
        add(
          layout.layoutAttributesForSupplementaryView(
            ofKind: kind, at: IndexPath(item: 0, section: s)))
      }
      for kind in builder.decorationKinds[s] {
        add(
          layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: s))
        )
      }
    }
    return all
  }
}

private let everywhere = Rect(x: -1e7, y: -1e7, width: 4e7, height: 4e7)

private func keyed(_ list: [LayoutAttributes]) -> [ElementKey: LayoutAttributes] {
  var out: [ElementKey: LayoutAttributes] = [:]
  for a in list { out[a.key] = a }
  return out
}

private func transposed(_ r: Rect) -> Rect {
  Rect(x: r.minY, y: r.minX, width: r.height, height: r.width)
}

/// Randomised checks over many seeded compositional configurations (reproducible: the
/// failing seed is in the message).
@Suite("Compositional layout properties")
struct CompositionalPropertyTests {
  static let seeds: [UInt64] = Array(1...300)

  @Test("A horizontal configuration is the exact transpose of the vertical one")
  func transpose() {
    var checked = 0
    for seed in Self.seeds {
      let vertical = Scenario(seed: seed, transposed: false)
      let horizontal = Scenario(seed: seed, transposed: true)
      var g = SeededGenerator(seed: seed &* 31)
      var h = g
      let (vOffset, vOrthogonal) = vertical.scroll(&g)
      let (hOffset, hOrthogonal) = horizontal.scroll(&h)
      #expect(hOffset == Point(x: vOffset.y, y: vOffset.x), "seed \(seed)")
      #expect(hOrthogonal.count == vOrthogonal.count, "seed \(seed)")
      let vSize = vertical.cv.contentSize
      #expect(
        horizontal.cv.contentSize.isClose(to: Size(width: vSize.height, height: vSize.width)),
        "seed \(seed): content sizes")
      let v = keyed(vertical.layout.layoutAttributesForElements(in: everywhere))
      let t = keyed(horizontal.layout.layoutAttributesForElements(in: everywhere))
      #expect(Set(v.keys) == Set(t.keys), "seed \(seed): element sets differ")
      for (key, a) in v {
        guard let b = t[key] else { continue }
        #expect(
          b.frame.isClose(to: transposed(a.frame)),
          "seed \(seed): \(key) vertical \(a.frame), horizontal \(b.frame)")
        #expect(b.zIndex == a.zIndex, "seed \(seed): \(key) zIndex")
      }
      checked += v.count
    }
    #expect(checked > 1000)
  }

  @Test("layoutAttributesForElements(in:) equals the brute-force filter of every element")
  func queriesMatchBruteForce() {
    var checkedRects = 0
    for seed in Self.seeds {
      let vertical = seed % 2 == 0
      let scenario = Scenario(seed: seed, transposed: !vertical)
      var g = SeededGenerator(seed: seed &* 7919)
      for _ in 0..<3 {
        _ = scenario.scroll(&g)
        let all = scenario.bruteForce()
        let listed = scenario.layout.layoutAttributesForElements(in: everywhere)
        #expect(listed.count == Set(listed.map(\.key)).count, "seed \(seed): duplicates")
        let everything = keyed(listed)
        #expect(Set(everything.keys) == Set(all.keys), "seed \(seed): listing differs")
        for (key, a) in all where everything[key] != a {
          Issue.record(
            "seed \(seed): \(key) one by one \(a), listed \(String(describing: everything[key]))")
        }
        let content = scenario.cv.contentSize
        for _ in 0..<20 {
          func coordinate(_ extent: Double) -> Double {
            Double(Int.random(in: -300...Int(extent + 300), using: &g))
          }
          let r = Rect(
            x: coordinate(content.width), y: coordinate(content.height),
            width: Double(Int.random(in: 0...700, using: &g)),
            height: Double(Int.random(in: 0...700, using: &g)))
          let expected = Set(all.values.filter { $0.frame.intersects(r) }.map(\.key))
          let answer = scenario.layout.layoutAttributesForElements(in: r)
          let got = Set(answer.map(\.key))
          #expect(answer.count == got.count, "seed \(seed): duplicates in \(r)")
          if got != expected {
            let missing = expected.subtracting(got).sorted()
            let extra = got.subtracting(expected).sorted()
            Issue.record("seed \(seed) rect \(r): missing \(missing), extra \(extra)")
          }
          checkedRects += 1
        }
      }
    }
    #expect(checkedRects == Self.seeds.count * 60)
  }

  @Test("An item's resolution ends at the frame the layout answers for it")
  func resolutionEndsAtFrame() {
    var checked = 0
    for seed in Self.seeds {
      let scenario = Scenario(seed: seed, transposed: seed % 2 == 1)
      var g = SeededGenerator(seed: seed &* 65_537)
      _ = scenario.scroll(&g)
      for (s, n) in scenario.counts.enumerated() {
        for i in 0..<n {
          let path = IndexPath(item: i, section: s)
          guard let frame = scenario.layout.layoutAttributesForItem(at: path)?.frame else {
            continue
          }
          guard let r = scenario.layout.resolution(ofItemAt: path) else {
            Issue.record("seed \(seed): no resolution for \(path)")
            continue
          }
          #expect(r.frame == frame, "seed \(seed) \(path): \(r.frame) vs \(frame)")
          #expect(r.firstItem <= i && i < r.firstItem + r.itemsInGroup, "seed \(seed) \(path)")
          checked += 1
        }
      }
    }
    #expect(checked > 1000)
  }

  @Test("A width change and back, and a relayout after invalidateLayout(), equal a fresh layout")
  func relayoutEqualsFresh() {
    for seed in Self.seeds {
      let scenario = Scenario(seed: seed, transposed: seed % 3 == 0)
      var g = SeededGenerator(seed: seed &* 104_729)
      let (offset, orthogonal) = scenario.scroll(&g)
      func matchesFresh(_ what: String) {
        let fresh = scenario.fresh()
        fresh.cv.setContentOffset(offset)
        for (s, p) in orthogonal { fresh.layout.setOrthogonalContentOffset(p, forSection: s) }
        fresh.cv.layoutIfNeeded()
        let a = keyed(scenario.layout.layoutAttributesForElements(in: everywhere))
        let b = keyed(fresh.layout.layoutAttributesForElements(in: everywhere))
        #expect(a == b, "seed \(seed): \(what)")
        #expect(scenario.cv.contentSize == fresh.cv.contentSize, "seed \(seed): \(what)")
      }
      let frame = scenario.cv.frame
      scenario.cv.frame = Rect(
        x: 0, y: 0, width: frame.width + 137, height: frame.height + 59)
      scenario.cv.frame = frame
      scenario.cv.setContentOffset(offset)
      matchesFresh("after a resize and back")
      scenario.layout.invalidateLayout()
      scenario.cv.layoutIfNeeded()
      matchesFresh("after invalidateLayout()")
    }
  }

  @Test("LAY-5/GEO-5: a query rect of any size answers, and the bounds' elements are drawn")
  func hugeAndFarRects() {
    let scenario = Scenario(seed: 12, transposed: false)
    let layout = scenario.layout
    let everything = Set(layout.layoutAttributesForElements(in: everywhere).map(\.key))
    let huge = Rect(x: -1e300, y: -1e300, width: 1e301, height: 1e301)
    #expect(Set(layout.layoutAttributesForElements(in: huge).map(\.key)) == everything)
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 1e300, width: 10, height: 10)).isEmpty)
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: -1e300, width: 10, height: 10)).isEmpty)
  }
}
