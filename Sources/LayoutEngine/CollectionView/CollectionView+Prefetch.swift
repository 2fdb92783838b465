/// What the collection view has prefetched (DISP-5).
struct PrefetchState {
  /// Prefetched items not displayed since, nor called off, in the order they were
  /// prefetched: a short list whose head is the next to come on screen, so an array
  /// searched from the front costs less than a hashed set.
  var outstanding: [IndexPath] = []
  /// The direction on the scroll axis the window lies in: 1 towards larger offsets, −1
  /// towards smaller, 0 before the first scroll.
  var direction = 0
  /// How far the window has been looked at, on the scroll axis; nil: not yet in this
  /// direction.
  var edge: Double?
  /// The bounds moved since the last pass: the next pass prefetches.
  var scrolled = false
  /// How many prefetches may be outstanding (engine bound).
  static let limit = 256

  /// A displayed cell is no longer outstanding.
  mutating func displayed(_ indexPath: IndexPath) {
    if let i = outstanding.firstIndex(of: indexPath) { outstanding.remove(at: i) }
  }
}

extension CollectionView {
  /// DISP-5: after a pass that follows a scroll, the cells of the window one viewport ahead
  /// in the direction of the scroll (the engine's window; UIKit's is velocity-driven and
  /// undocumented) that are neither displayed nor prefetched yet go to
  /// `collectionView(_:prefetchItemsAt:)`, nearest the bounds first. A scroll that turns
  /// back calls off what is still outstanding (`cancelPrefetchingForItemsAt`). A cell that
  /// gets displayed is no longer outstanding.
  ///
  /// The window's cells come from the valid-layout region — what the layout answered for
  /// the query rect, which reaches that far ahead — never from another question to the
  /// layout: where the region does not hold the window yet, its cells are prefetched once a
  /// query brings them. Only the part of the window newly held is looked at, so a scroll
  /// frame that brings nothing costs a comparison.
  func prefetchAhead(_ cache: inout LayoutCache) {
    prefetch.scrolled = false
    guard isPrefetchingEnabled, !cache.coversEverything else { return }
    let movement = cache.vertical ? lastMovement.y : lastMovement.x
    let direction = movement < 0 ? -1 : 1
    if prefetch.direction != direction {
      cancelPrefetching()
      prefetch.direction = direction
      prefetch.edge = nil
    }
    let forward = direction > 0
    var window = bounds
    if cache.vertical {
      window.origin.y += forward ? bounds.height : -bounds.height
    } else {
      window.origin.x += forward ? bounds.width : -bounds.width
    }
    let reach = coveredReach(of: window, forward: forward, in: &cache)
    if let edge = prefetch.edge, forward ? reach <= edge : reach >= edge { return }
    let found = cache.prefetchCandidates(
      in: window, upTo: reach, beyond: prefetch.edge, forward: forward)
    prefetch.edge = reach
    let fresh = found.filter { !prefetch.outstanding.contains($0.path) }.sorted {
      $0.distance < $1.distance || ($0.distance == $1.distance && $0.path < $1.path)
    }
    guard !fresh.isEmpty else { return }
    let paths = fresh.map(\.path)
    prefetch.outstanding.append(contentsOf: paths)
    // Bounded: jumps leave prefetches that never come on screen; the oldest are forgotten.
    if prefetch.outstanding.count > PrefetchState.limit {
      prefetch.outstanding.removeFirst(prefetch.outstanding.count - PrefetchState.limit)
    }
    record(.prefetchItems(paths))
    prefetchDataSource?.collectionView(self, prefetchItemsAt: paths)
  }

  /// How far into the window the region holds it (`LayoutCache.coveredReach`): found
  /// through the region's index, so a frame's cost does not grow with the pieces a long
  /// scroll left behind, and remembered until the region changes, so the frames between
  /// two queries do not search at all.
  private func coveredReach(of window: Rect, forward: Bool, in cache: inout LayoutCache)
    -> Double
  {
    let vertical = cache.vertical
    let (near, far) =
      vertical
      ? (forward ? window.minY : window.maxY, forward ? window.maxY : window.minY)
      : (forward ? window.minX : window.maxX, forward ? window.maxX : window.minX)
    let cross = vertical ? window.minX...window.maxX : window.minY...window.maxY
    return cache.coveredReachRemembered(from: near, to: far, across: cross, forward: forward)
  }

  /// DISP-5: `cancelPrefetchingForItemsAt` for the prefetches still outstanding, in index
  /// path order.
  func cancelPrefetching() {
    guard !prefetch.outstanding.isEmpty else { return }
    let paths = prefetch.outstanding.sorted()
    prefetch.outstanding.removeAll()
    record(.cancelPrefetching(paths))
    prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: paths)
  }

  /// A reload or an update: the outstanding index paths no longer name the same items, and
  /// are forgotten (engine choice); the window is looked at afresh.
  func forgetPrefetches() {
    prefetch.outstanding.removeAll()
    prefetch.edge = nil
  }
}

extension LayoutCache {
  /// The cells without a view that meet the window up to `reach` and enter it beyond
  /// `threshold` (their edge nearest the bounds lies past it; nil: anywhere), with their
  /// distance from the bounds.
  func prefetchCandidates(
    in window: Rect, upTo reach: Double, beyond threshold: Double?, forward: Bool
  )
    -> [(path: IndexPath, distance: Double)]
  {
    var held = window
    if vertical {
      held =
        forward
        ? Rect(x: window.minX, y: window.minY, width: window.width, height: reach - window.minY)
        : Rect(x: window.minX, y: reach, width: window.width, height: window.maxY - reach)
    } else {
      held =
        forward
        ? Rect(x: window.minX, y: window.minY, width: reach - window.minX, height: window.height)
        : Rect(x: reach, y: window.minY, width: window.maxX - reach, height: window.height)
    }
    var found: [(path: IndexPath, distance: Double)] = []
    var searched = held
    if let threshold {
      searched =
        forward
        ? band(of: held, from: threshold, to: end(held))
        : band(of: held, from: start(held), to: threshold)
    }
    var visits = chunks(meeting: searched)
    for c in oversized where !visits.contains(c) { visits.append(c) }
    for c in visits {
      let (attributes, slots) = (chunks[c].attributes, chunks[c].slots)
      for i in attributes.indices where slots[i] == nil {
        let frame = attributes[i].frame
        guard attributes[i].representedElementCategory == .cell, !attributes[i].isHidden,
          frame.intersects(held)
        else { continue }
        let entry = forward ? start(frame) : end(frame)
        if let threshold, forward ? entry <= threshold : entry >= threshold { continue }
        let distance = forward ? start(frame) - start(window) : end(window) - end(frame)
        found.append((attributes[i].indexPath, Swift.max(0, distance)))
      }
    }
    return found
  }

  /// `rect` cut to [low, high] on the scroll axis.
  private func band(of rect: Rect, from low: Double, to high: Double) -> Rect {
    vertical
      ? Rect(x: rect.minX, y: low, width: rect.width, height: Swift.max(0, high - low))
      : Rect(x: low, y: rect.minY, width: Swift.max(0, high - low), height: rect.height)
  }
}
