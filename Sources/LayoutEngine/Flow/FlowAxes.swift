/// The flow layout's arithmetic is written once, in line terms: the *main* axis is the
/// scroll axis (lines stack along it), the *cross* axis runs along a line. Vertical
/// scrolling maps main → y, cross → x; horizontal maps main → x, cross → y. Horizontal flow
/// is therefore the exact transpose of vertical flow (FLOW-3).
struct FlowAxes {
  let vertical: Bool

  func cross(_ s: Size) -> Double { vertical ? s.width : s.height }
  func main(_ s: Size) -> Double { vertical ? s.height : s.width }
  func crossLeading(_ i: EdgeInsets) -> Double { vertical ? i.left : i.top }
  func crossTrailing(_ i: EdgeInsets) -> Double { vertical ? i.right : i.bottom }
  func mainLeading(_ i: EdgeInsets) -> Double { vertical ? i.top : i.left }
  func mainTrailing(_ i: EdgeInsets) -> Double { vertical ? i.bottom : i.right }
  func mainRange(_ r: Rect) -> (Double, Double) { vertical ? (r.minY, r.maxY) : (r.minX, r.maxX) }

  @inline(__always)
  func rect(cross: Double, main: Double, crossExtent: Double, mainExtent: Double) -> Rect {
    vertical
      ? Rect(x: cross, y: main, width: crossExtent, height: mainExtent)
      : Rect(x: main, y: cross, width: mainExtent, height: crossExtent)
  }
}

/// Where the first item of a line of `n` items starts and the gap between neighbours
/// (FLOW-6, FLOW-7, FLOW-12), given the line's leading inset, the minimum spacing, and
/// `leftover` = A − Σw − (n−1)·s, the space the greedy fill left (computed by the fill
/// itself, so the two agree to the last bit).
///
/// - left: start at the inset, gaps `s`; right: start at inset + leftover;
///   centered: start at inset + leftover / 2;
/// - justify: n ≥ 2 → gaps `s + leftover / (n − 1)`, the first item at the leading inset
///   and the last flush with the trailing one; n = 1 → centred (FLOW-7).
/// - A lone item wider than the line (FLOW-20) sits at the leading inset whatever the
///   alignment: OPEN-4, PSTCollectionView's choice.
@inline(__always)
func lineStartAndGap(
  count n: Int, leading: Double, spacing: Double, leftover: Double,
  alignment: CollectionViewFlowLayout.RowHorizontalAlignment
) -> (start: Double, gap: Double) {
  if n == 1 && leftover < 0 { return (leading, spacing) }
  switch alignment {
  case .left: return (leading, spacing)
  case .centered: return (leading + leftover / 2, spacing)
  case .right: return (leading + leftover, spacing)
  case .justify:
    if n <= 1 { return (leading + leftover / 2, spacing) }
    return (leading, spacing + leftover / Double(n - 1))
  }
}

/// FLOW-5's greedy fill for items of one extent: how many fit on a full line, and the
/// leftover space of a full line. The first item always fits; each next one needs
/// `remaining ≥ spacing + extent`, compared exactly. When spacing + extent ≤ 0 every item
/// fits and the line holds all `count`. Past 4,096 items per line the count comes from the
/// closed form instead of the loop, so tiny extents cannot stall a layout (at that scale
/// the last bit of the fit test no longer shows on screen).
func uniformLineCapacity(extent: Double, available: Double, spacing: Double, count: Int) -> (
  perLine: Int, leftover: Double
) {
  let step = spacing + extent
  var perLine = 1
  var remaining = available - extent
  if !(step > 0) {
    let n = max(count, 1)
    return (n, available - extent - Double(n - 1) * step)
  }
  while remaining >= step {
    if perLine >= 4096 {
      let more = Int(min((remaining / step).rounded(.down), Double(Int32.max)))
      return (perLine + more, remaining - Double(more) * step)
    }
    remaining -= step
    perLine += 1
  }
  return (perLine, remaining)
}

/// The last answer of `uniformLineCapacity`, reused while the inputs repeat (sections of
/// one layout usually share them).
struct LineCapacityCache {
  private var key: (Double, Double, Double, Int)?
  private var value = (perLine: 1, leftover: 0.0)

  mutating func capacity(extent: Double, available: Double, spacing: Double, count: Int) -> (
    perLine: Int, leftover: Double
  ) {
    // `count` matters only when every item fits (step ≤ 0).
    let countKey = spacing + extent > 0 ? 0 : count
    if let k = key, k == (extent, available, spacing, countKey) { return value }
    value = uniformLineCapacity(
      extent: extent, available: available, spacing: spacing, count: count)
    key = (extent, available, spacing, countKey)
    return value
  }
}
