/// The groups of a section that are not its stamp, because cells in them reported their
/// size (self-sizing, COMP-1): each one solved with its measured leaves. Every other group
/// is the stamp (COMP-15b), so a section keeps arithmetic for them and stores only these —
/// a list of a million items with twenty measured costs twenty groups.
///
/// A measured group may be longer or shorter than the stamp along the groups' axis (its
/// `shift`), and may hold another number of items (an item whose estimated width changed
/// how many fit). Group g starts at `g × stride + shift(g)`, the sum of the shifts of the
/// measured groups before it — the same arithmetic whether the groups were measured one at
/// a time or all at once, so an incremental pass equals a pass from scratch exactly.
struct MeasuredGroups {
  /// The measured groups' indices, ascending.
  private(set) var groups: [Int] = []
  private(set) var stamps: [GroupStamp] = []
  /// Each one's first item.
  private(set) var firstItems: [Int] = []
  /// The sum of the shifts of the measured groups before each one.
  private(set) var shiftBefore: [Double] = []
  /// Each one's extent along the groups' axis less the stamp's.
  private(set) var shifts: [Double] = []
  /// The stamp's items per group and extent along the groups' axis.
  private(set) var leafCount = 0
  private(set) var extent = 0.0
  /// Whether the groups follow one another along x.
  private(set) var alongX = false
  /// Set when a measured group stopped short (`GroupSolver.truncated`).
  var truncated = false
  /// For every query, kept as groups are recorded: at least the union of the measured
  /// stamps' bounds (how far a group can reach from its origin) and at most their shortest
  /// extent. A group forgotten may leave them wider — a query then looks at a group more,
  /// or walks the section's groups in order, and answers the same.
  private(set) var measuredReach = Rect.null
  private(set) var shortestExtent = Double.infinity

  init() {}

  init(stamp: GroupStamp, alongX: Bool) {
    leafCount = stamp.leafCount
    self.alongX = alongX
    extent = alongX ? stamp.size.width : stamp.size.height
  }

  var isEmpty: Bool { groups.isEmpty }
  var count: Int { groups.count }
  var totalShift: Double { shifts.isEmpty ? 0 : shiftBefore[shifts.count - 1] + shifts.last! }

  /// The last measured group at or before group `g` (by position in the list), or nil.
  func last(atOrBefore g: Int) -> Int? {
    let after = groups.partitioningIndex { $0 > g }
    return after == 0 ? nil : after - 1
  }

  /// The shift of group `g`'s start; `e` is `last(atOrBefore: g)`.
  @inline(__always)
  func shift(ofGroup g: Int, _ e: Int?) -> Double {
    guard let e else { return 0 }
    return groups[e] == g ? shiftBefore[e] : shiftBefore[e] + shifts[e]
  }

  /// Group `g`'s first item; `e` is `last(atOrBefore: g)`.
  func firstItem(ofGroup g: Int, _ e: Int?) -> Int {
    guard let e else { return g * leafCount }
    if groups[e] == g { return firstItems[e] }
    return firstItems[e] + stamps[e].leafCount + (g - groups[e] - 1) * leafCount
  }

  /// The group holding `item`, the item's leaf in it, and the group's measured entry (nil:
  /// the stamp).
  func locate(item: Int) -> (group: Int, leaf: Int, entry: Int?) {
    let after = firstItems.partitioningIndex { $0 > item }
    guard after > 0 else { return (item / leafCount, item % leafCount, nil) }
    let e = after - 1
    let into = item - firstItems[e]
    if into < stamps[e].leafCount { return (groups[e], into, e) }
    let rest = into - stamps[e].leafCount
    return (groups[e] + 1 + rest / leafCount, rest % leafCount, nil)
  }

  /// How many groups `itemCount` items fill.
  func groupCount(items itemCount: Int) -> Int {
    guard leafCount > 0 else { return 0 }
    guard let e = groups.indices.last else { return (itemCount + leafCount - 1) / leafCount }
    let rest = itemCount - firstItems[e] - stamps[e].leafCount
    return groups[e] + 1 + (rest > 0 ? (rest + leafCount - 1) / leafCount : 0)
  }

  /// The last group that starts at or before `position` along the groups' axis (relative to
  /// the first group's start), for a section whose groups start in order (`stride` > 0 and
  /// no measured group so short that the next one starts before it).
  func group(startingAtOrBefore position: Double, stride: Double) -> Double {
    var lo = 0
    var hi = groups.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if Double(groups[mid]) * stride + shiftBefore[mid] <= position {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    guard lo > 0 else { return (position / stride).rounded(.down) }
    let e = lo - 1
    let next = Double(groups[e] + 1) * stride + shiftBefore[e] + shifts[e]
    if position < next { return Double(groups[e]) }
    let g = Double(groups[e] + 1) + ((position - next) / stride).rounded(.down)
    return e + 1 < groups.count ? min(g, Double(groups[e + 1])) : g
  }

  /// Whether every group starts after the one before it.
  func startsInOrder(stride: Double, spacing: Double) -> Bool {
    stride > 0 && (isEmpty || shortestExtent + spacing > 0)
  }

  func extent(of stamp: GroupStamp) -> Double {
    alongX ? stamp.size.width : stamp.size.height
  }

  /// The largest extent across the groups' axis among the measured groups (an orthogonal
  /// section is as thick as its thickest group).
  func largestCross() -> Double {
    stamps.reduce(0) { max($0, alongX ? $1.size.height : $1.size.width) }
  }

  /// Records group `g` (first item `firstItem`) as solved in `stamp`, or forgets it when
  /// `stamp` is the section's stamp after all. Groups are recorded in order or replace one
  /// in place; `recomputeShifts` then brings the shifts up to date.
  mutating func set(_ stamp: GroupStamp, group g: Int, firstItem: Int, base: GroupStamp) {
    let e = last(atOrBefore: g)
    let same = stamp.hasSameGeometry(as: base)
    if let e, groups[e] == g {
      if same {
        groups.remove(at: e)
        stamps.remove(at: e)
        firstItems.remove(at: e)
        shifts.remove(at: e)
        shiftBefore.remove(at: e)
      } else {
        stamps[e] = stamp
        shifts[e] = extent(of: stamp) - extent
        widen(for: stamp)
      }
      return
    }
    guard !same else { return }
    let at = e.map { $0 + 1 } ?? 0
    groups.insert(g, at: at)
    stamps.insert(stamp, at: at)
    firstItems.insert(firstItem, at: at)
    shifts.insert(extent(of: stamp) - extent, at: at)
    shiftBefore.insert(0, at: at)
    widen(for: stamp)
  }

  /// Forgets the measured groups from group `g` on.
  mutating func removeGroups(from g: Int) {
    let keep = last(atOrBefore: g - 1).map { $0 + 1 } ?? 0
    groups.removeSubrange(keep...)
    stamps.removeSubrange(keep...)
    firstItems.removeSubrange(keep...)
    shifts.removeSubrange(keep...)
    shiftBefore.removeSubrange(keep...)
  }

  private mutating func widen(for stamp: GroupStamp) {
    measuredReach = measuredReach.union(stamp.bounds)
    shortestExtent = min(shortestExtent, extent(of: stamp))
  }

  /// Brings the shifts up to date after `set` and `removeGroups`.
  mutating func recomputeShifts() {
    var sum = 0.0
    for e in shifts.indices {
      shiftBefore[e] = sum
      sum += shifts[e]
    }
  }

  /// How far any group can reach from its origin: `base` (the stamp's bounds) and the
  /// measured stamps'.
  func reach(_ base: Rect) -> Rect {
    measuredReach.isNull ? base : base.union(measuredReach)
  }
}

extension GroupStamp {
  /// The same size and the same frames: a measured group that came out as the stamp.
  func hasSameGeometry(as other: GroupStamp) -> Bool {
    size == other.size && leaves == other.leaves && leafZIndex == other.leafZIndex
      && supplementaries.map(\.frame) == other.supplementaries.map(\.frame)
  }
}
