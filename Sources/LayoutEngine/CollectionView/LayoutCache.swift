/// UIKit's valid-layout region: the union of the rects passed to
/// `layoutAttributesForElements(in:)` since the layout was last invalidated as a whole, and
/// the attributes of every element answered in it, one per element key — two answers for
/// the same element without an invalidation are equal (LAY-7), so an element asked for
/// again keeps its place. UIKit fills such a region as scrolling reveals content and asks
/// nothing more for the parts it holds (LAY-2, LAY-5). OPEN-1 leaves the exact rects
/// unknown; the engine's choice: query the bounds plus one viewport ahead, only when the
/// region does not hold the part of the bounds inside the content rect
/// (`CollectionView.queryRect()`). An invalidation that names no element, a new content
/// size, a reload, an update or a new layout drops the region; a targeted invalidation
/// keeps it.
///
/// The attributes are kept as *chunks*: each answer's new elements, cut in runs of
/// `chunkSize` in its order, each with the rect the answer was for and its *extent* (the
/// union of its elements' frames; it only grows). A scroll frame visits only the chunks
/// whose extent meets the bounds and the chunks holding displayed views, found by binary
/// search over the extents' starts on the scroll axis with a running maximum of their
/// ends, so its cost does not grow with the cache (at 1M items the cache may hold many
/// thousands of elements). An element longer on the scroll axis than its chunk's rect (a
/// section background, a non-finite frame) stays out of the extent, and its chunk is
/// visited every pass instead.
///
/// The displayed state lives beside the attributes (`slots[i]` is the view showing
/// `attributes[i]`), so a pass that asks nothing diffs by position, hashing no key.
struct LayoutCache {
  /// The answers, in the order they came.
  var chunks: [QueryChunk] = []
  /// Each chunk's extent — the union of its elements' frames but oversized ones, `null`
  /// when none; it only grows — and rank (where its answer starts on the scroll axis:
  /// chunks are shown by rank, then age), apart from the chunks so that reading them copies
  /// no chunk.
  var extents: [Rect] = []
  var ranks: [Double] = []
  /// Where each cached element is (LAY-7: one entry per element key).
  private var locations = ElementLocationIndex()
  /// The rects asked for, merged where they line up (successive queries of a scroll do).
  /// Changed only by `addToRegion(_:)` and `reset(vertical:)`, which keep its index.
  var region: [Rect] = []
  /// The pieces of `region` by (start on the scroll axis, position in `region`), and the
  /// running maximum of their ends: see `LayoutCache+Region.swift`.
  var regionOrder: [Int] = []
  var regionReach: [Double] = []
  /// The last run `coveredReach` found, dropped when the region changes: the scroll frames
  /// between two queries ask about a window a little further on, inside the same run.
  var coveredMemo: CoveredRun?
  /// The answer was for all content: an empty collection view asked with `Rect.zero` (LAY-5).
  private(set) var coversEverything = false
  /// The axis chunks are sorted along: the scroll axis when the cache was built.
  private(set) var vertical: Bool
  /// Chunk ids with a non-null extent, by (extent start on the scroll axis, id), and the
  /// running maximum of their extents' ends on that axis.
  var order: [Int] = []
  var reach: [Double] = []
  /// Chunks holding an element left out of their extent: visited every pass.
  var oversized: [Int] = []
  /// A superset of the chunks holding displayed views, and per chunk the `shownStamp` it
  /// joined under: a pass that shows thousands of chunks (tiny items all on screen) asks
  /// in constant time instead of searching the list per element, and emptying the list
  /// (every scroll frame) is a new stamp, not a write per chunk.
  private(set) var shown: [Int] = []
  private var shownMarks: [Int] = []
  private var shownStamp = 1
  /// Per chunk, the `visitStamp` of the last `collectVisits(meeting:)` that put it in
  /// `visitBuffer`: membership in constant time, however many chunks a pass visits.
  var visitMarks: [Int] = []
  var visitStamp = 0
  /// Where the elements of the last answer are, in its order (emptied when an element is
  /// removed, which moves the others).
  private var lastAnswer: [ElementLocation] = []
  /// The chunks the pass visits and the views it ends, kept to spare allocations per
  /// scroll frame; `visitBuffer` is filled by `collectVisits(meeting:)`.
  var visitBuffer: [Int] = []
  var appearBuffer: [ElementLocation] = []
  var endBuffer: [ElementLocation] = []
  /// Where the last search for chunks started in `order`: scrolling moves it little.
  var searchHint = 0
  /// The supplementary and decoration kinds the cache holds (`indexPathsToDelete…` asks
  /// about each, LAY-15).
  private(set) var supplementaryKinds: Set<String> = []
  private(set) var decorationKinds: Set<String> = []

  init(vertical: Bool) {
    self.vertical = vertical
  }

  /// Empties the cache (the region is dropped) and keeps its storage for what comes next:
  /// a layout that drops the region on every scroll frame would otherwise allocate a cache
  /// a frame.
  mutating func reset(vertical: Bool) {
    self.vertical = vertical
    Self.empty(&chunks)
    Self.empty(&extents)
    Self.empty(&ranks)
    locations.removeAll()
    Self.empty(&region)
    Self.empty(&regionOrder)
    Self.empty(&regionReach)
    coveredMemo = nil
    coversEverything = false
    Self.empty(&order)
    Self.empty(&reach)
    Self.empty(&oversized)
    Self.empty(&shown)
    Self.empty(&shownMarks)
    Self.empty(&visitMarks)
    Self.empty(&lastAnswer)
    searchHint = 0
    if !supplementaryKinds.isEmpty { supplementaryKinds.removeAll(keepingCapacity: true) }
    if !decorationKinds.isEmpty { decorationKinds.removeAll(keepingCapacity: true) }
  }

  private static func empty<T>(_ list: inout [T]) {
    if !list.isEmpty { list.removeAll(keepingCapacity: true) }
  }

  // MARK: The region

  /// Records an answer: `rect` joins the region, elements not cached yet form new chunks
  /// (the first of duplicates wins), and a cached element answered with other attributes
  /// takes them in place — `changed` hears of it when a view shows it (ATTR-5). Returns
  /// where the answer's elements are, in its order.
  @discardableResult
  mutating func add(
    _ answer: [LayoutAttributes], for rect: Rect,
    changed: (ElementKey) -> Void = { _ in }
  ) -> [ElementLocation] {
    if rect == .zero { coversEverything = true }
    addToRegion(rect)
    let first = chunks.count
    let r = rect.standardized
    var run = QueryChunk(rect: r)  // the chunk being filled
    var added = 0
    var replaced: [(ElementLocation, LayoutAttributes)] = []
    var answered: [ElementLocation] = []
    answered.reserveCapacity(answer.count)
    for attributes in answer {
      let key = attributes.key
      if let at = locations[key] {
        guard at.chunk < first else { continue }
        if chunks[at.chunk].attributes[at.index] != attributes {
          replaced.append((at, attributes))
        }
        answered.append(at)
        continue
      }
      if run.attributes.count == Self.chunkSize {
        appendChunk(run, rank: start(r))
        run = QueryChunk(rect: r)
      }
      let at = ElementLocation(
        chunk: first + added / Self.chunkSize, index: added % Self.chunkSize)
      added += 1
      locations[key] = at
      answered.append(at)
      run.attributes.append(attributes)
      noteKind(of: attributes)
    }
    if !run.attributes.isEmpty { appendChunk(run, rank: start(r)) }
    for (at, attributes) in replaced {
      if chunks[at.chunk].slots[at.index] != nil { changed(attributes.key) }
      replace(at, with: attributes)
    }
    lastAnswer = answered
    return answered
  }

  /// How many new elements of an answer a chunk holds at most: the answer is cut in runs
  /// of its order, so that a pass scans little more than what the bounds meet.
  static let chunkSize = 16

  private mutating func appendChunk(_ new: QueryChunk, rank: Double) {
    let id = chunks.count
    var chunk = new
    chunk.slots = [DisplaySlot?](repeating: nil, count: chunk.attributes.count)
    chunks.append(chunk)
    shownMarks.append(0)
    visitMarks.append(0)
    extents.append(.null)
    ranks.append(rank)
    var extent = Rect.null
    var hasOversized = false
    for attributes in chunk.attributes {
      if isOversized(attributes.frame, in: chunk.rect) {
        hasOversized = true
      } else {
        extent = extent.union(attributes.frame)
      }
    }
    if hasOversized { oversized.append(id) }
    setExtent(of: id, to: extent)
  }

  // MARK: Elements

  func location(of key: ElementKey) -> ElementLocation? { locations[key] }

  func attributes(of key: ElementKey) -> LayoutAttributes? {
    locations[key].map { chunks[$0.chunk].attributes[$0.index] }
  }

  func slot(at location: ElementLocation) -> DisplaySlot? {
    chunks[location.chunk].slots[location.index]
  }

  func attributes(at location: ElementLocation) -> LayoutAttributes {
    chunks[location.chunk].attributes[location.index]
  }

  mutating func setSlot(_ slot: DisplaySlot?, at location: ElementLocation) {
    chunks[location.chunk].slots[location.index] = slot
    if slot != nil { noteShown(location.chunk) }
  }

  /// Chunk `c` may hold views: it joins `shown` unless it is there.
  mutating func noteShown(_ c: Int) {
    guard shownMarks[c] != shownStamp else { return }
    shownMarks[c] = shownStamp
    shown.append(c)
  }

  /// No chunk holds views any more (or `shown` is about to be rebuilt).
  mutating func clearShown() {
    shownStamp &+= 1
    // Emptied one by one: `removeAll(keepingCapacity:)`'s general path costs a scroll frame
    // more than the few entries the list usually holds.
    while !shown.isEmpty { shown.removeLast() }
  }

  /// New attributes for a cached element (a targeted invalidation, or an answer that
  /// differs): its chunk's extent grows to hold them.
  mutating func replace(_ location: ElementLocation, with attributes: LayoutAttributes) {
    chunks[location.chunk].attributes[location.index] = attributes
    include(attributes.frame, inChunk: location.chunk)
  }

  /// An element the layout no longer returns; its view is the caller's to end.
  mutating func remove(_ location: ElementLocation) {
    let c = location.chunk
    lastAnswer.removeAll()
    locations[chunks[c].attributes[location.index].key] = nil
    chunks[c].attributes.remove(at: location.index)
    chunks[c].slots.remove(at: location.index)
    for i in location.index..<chunks[c].attributes.count {
      locations[chunks[c].attributes[i].key] = ElementLocation(chunk: c, index: i)
    }
  }

  /// An element that now meets the region (a targeted invalidation): it joins the chunk
  /// whose rect it meets, else the last one.
  mutating func insert(_ attributes: LayoutAttributes) {
    guard !chunks.isEmpty, locations[attributes.key] == nil else { return }
    let c =
      chunks(meeting: attributes.frame).first { chunks[$0].rect.intersects(attributes.frame) }
      ?? chunks.count - 1
    locations[attributes.key] = ElementLocation(chunk: c, index: chunks[c].attributes.count)
    chunks[c].attributes.append(attributes)
    chunks[c].slots.append(nil)
    noteKind(of: attributes)
    include(attributes.frame, inChunk: c)
  }

  private mutating func noteKind(of attributes: LayoutAttributes) {
    guard let kind = attributes.representedElementKind else { return }
    if attributes.representedElementCategory == .decorationView {
      decorationKinds.insert(kind)
    } else {
      supplementaryKinds.insert(kind)
    }
  }

  /// Every displayed element with its view: in the order of the last answer when that
  /// answer holds them all (as one answer would list them), otherwise in display order
  /// (`collectVisits(meeting:)`'s).
  /// The displayed cell a finger at `point` lands on (`CollectionView.cellForTouch(at:)`),
  /// found without copying the displayed set: visible, alpha at least `minimumAlpha`, frame
  /// containing the point; the highest zIndex wins, ties to the later in display order.
  func frontmostDisplayedCell(containing point: Point, minimumAlpha: Double) -> LayoutAttributes? {
    var best: ElementLocation?
    var bestZ = Int.min
    for c in shown {
      for i in chunks[c].slots.indices where chunks[c].slots[i] != nil {
        let z = chunks[c].attributes[i].zIndex
        guard best == nil || z >= bestZ,
          CollectionView.isTouchable(chunks[c].attributes[i], point, minimumAlpha)
        else { continue }
        best = ElementLocation(chunk: c, index: i)
        bestZ = z
      }
    }
    return best.map { attributes(at: $0) }
  }

  func displayed() -> [(LayoutAttributes, DisplaySlot)] {
    var result: [(LayoutAttributes, DisplaySlot)] = []
    for at in lastAnswer {
      if let slot = slot(at: at) { result.append((attributes(at: at), slot)) }
    }
    let total = shown.reduce(0) { n, c in n + chunks[c].slots.lazy.filter { $0 != nil }.count }
    if result.count == total { return result }
    result.removeAll(keepingCapacity: true)
    for c in sortedByPosition(shown) {
      for (i, slot) in chunks[c].slots.enumerated() {
        if let slot { result.append((chunks[c].attributes[i], slot)) }
      }
    }
    return result
  }
}

/// A run of one `layoutAttributesForElements(in:)` answer's new elements and their views.
struct QueryChunk {
  /// The rect the answer was for.
  var rect: Rect
  var attributes: [LayoutAttributes] = []
  var slots: [DisplaySlot?] = []
}

/// Where a cached element is: its chunk and its position in it.
struct ElementLocation: Hashable {
  var chunk: Int
  var index: Int
}
