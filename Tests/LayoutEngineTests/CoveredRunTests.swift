import Testing

@testable import LayoutEngine

/// The prefetch window's covered run (DISP-5, OPEN-1), remembered between queries: every
/// answer must be the one a fresh search of the region's index gives.
@Suite("Covered run: remembered answers are the index's")
struct CoveredRunTests {
  /// A reproducible stream of small whole numbers.
  struct Stream {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test("scroll-like windows and random pieces, both axes and directions")
  func rememberedMatchesFresh() {
    for seed in 0..<60 {
      var random = Stream(state: UInt64(seed))
      let vertical = seed % 2 == 0
      var cache = LayoutCache(vertical: vertical)
      var asked = 0
      var remembered = 0
      for _ in 0..<400 {
        if random.next(6) == 0 {
          // A query's rect: often a full-width band (a flow layout's), sometimes narrower.
          let start = Double(random.next(40) * 25)
          let length = Double(random.next(12) * 25)
          let crossStart = random.next(3) == 0 ? Double(random.next(4) * 25) : 0
          let crossLength = random.next(3) == 0 ? Double(random.next(8) * 25) : 375
          cache.addToRegion(
            vertical
              ? Rect(x: crossStart, y: start, width: crossLength, height: length)
              : Rect(x: start, y: crossStart, width: length, height: crossLength))
          continue
        }
        let near = Double(random.next(1000))
        let length = Double(50 + random.next(300))
        let forward = random.next(2) == 0
        let far = forward ? near + length : near - length
        let cross =
          random.next(8) == 0
          ? Double(random.next(4) * 25)...Double(100 + random.next(300)) : 0.0...375.0
        let memoBefore = cache.coveredMemo != nil
        let expected = cache.coveredReach(from: near, to: far, across: cross, forward: forward)
        let answer = cache.coveredReachRemembered(
          from: near, to: far, across: cross, forward: forward)
        #expect(
          answer == expected,
          "seed \(seed): from \(near) to \(far) across \(cross), forward \(forward)")
        asked += 1
        if memoBefore { remembered += 1 }
      }
      #expect(asked > 200 && remembered > 0, "seed \(seed) exercised the memo")
    }
  }

  @Test("a scroll between two queries reuses the run; a query drops it")
  func runLastsUntilTheRegionChanges() {
    var cache = LayoutCache(vertical: true)
    cache.addToRegion(Rect(x: 0, y: 0, width: 375, height: 2000))
    let first = cache.coveredReachRemembered(
      from: 667, to: 1334, across: 0...375, forward: true)
    #expect(first == 1334)
    #expect(cache.coveredMemo?.reach == 2000 && cache.coveredMemo?.ended == true)
    // A frame later, the window starts inside the run: answered from it.
    #expect(
      cache.coveredReachRemembered(from: 677, to: 1344, across: 0...375, forward: true) == 1344)
    // Past the run's end the region stops: the run's end answers.
    #expect(
      cache.coveredReachRemembered(from: 1900, to: 2567, across: 0...375, forward: true) == 2000)
    cache.addToRegion(Rect(x: 0, y: 2000, width: 375, height: 1000))
    #expect(cache.coveredMemo == nil)
    #expect(
      cache.coveredReachRemembered(from: 1900, to: 2567, across: 0...375, forward: true) == 2567)
    // Backwards, the same from the other side.
    #expect(cache.coveredReachRemembered(from: 500, to: -167, across: 0...375, forward: false) == 0)
  }
}
