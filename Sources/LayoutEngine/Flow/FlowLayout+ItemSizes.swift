/// How a line-by-line pass gets its items' sizes (FLOW-4, FLOW-19, FLOW-20, FLOW-23): the
/// measured size or the estimate when self-sizing, else the delegate's answers — in batches
/// when it gives them, else item by item, as UIKit asks — or `itemSize`.
extension CollectionViewFlowLayout {
  /// Appends the sizes of `items` to `extents` as (cross, main) extents: the measured size
  /// or the estimate when self-sizing, else the delegate's answer or `itemSize`; `firstOwn`
  /// becomes the first item the delegate answered for. False after a FLOW-19 exception;
  /// FLOW-20's warning is given here, in item order.
  func itemExtents(
    _ items: Range<Int>, _ g: LineGeometry, _ pass: Pass, _ build: inout FlowBuild,
    _ extents: inout LineBuffer, _ firstOwn: inout Int
  ) -> Bool {
    // Hoisted: properties of an open class cost a dynamic call and an exclusivity check
    // each.
    let delegate = pass.delegate
    let itemSize = self.itemSize
    let selfSizing = estimatedItemSize != .zero
    let estimate = estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
    let measured = selfSizing && !measuredSizes.isEmpty ? measuredSizes : nil
    extents.reserve(items.count)
    if let delegate, !selfSizing {
      return delegateExtents(
        items, delegate, g, pass, &build, &extents, &firstOwn, fallback: itemSize)
    }
    // Self-sizing takes the measured size or the estimate and asks the delegate nothing;
    // without a delegate every item is `itemSize`. Either way `firstOwn` stays.
    for i in items {
      var size = selfSizing ? estimate : itemSize
      if let measured, let own = measured[IndexPath(item: i, section: g.section)] { size = own }
      guard appendExactly(size, item: i, g, pass, &build, &extents) else { return false }
    }
    return true
  }

  /// Appends one item's size after the exact checks, in item order: FLOW-19's exception
  /// (false: the pass stops there) and FLOW-20's warning. `extents` has room for it.
  /// Inlined: the self-sizing loop calls it for every item.
  @inline(__always)
  private func appendExactly(
    _ size: Size, item: Int, _ g: LineGeometry, _ pass: Pass, _ build: inout FlowBuild,
    _ extents: inout LineBuffer
  ) -> Bool {
    guard validate(size, pass: pass) else { return false }
    let w = pass.axes.cross(size)
    if w > g.available { warnOversize(pass, &build, item: item, section: g.section) }
    extents.append(w, pass.axes.main(size))
    return true
  }

  /// The delegate's sizes of `items`, appended to `extents` as `itemExtents` does. Asked in
  /// batches while the delegate answers them (`sizesForItemsIn`, Gridline's own question),
  /// else item by item (`sizeForItemAt`, UIKit's). Either way, runs of sizes that are valid
  /// and within the line are appended by a loop that checks nothing else; the item such a
  /// run stops at gets the exact checks here, in item order (FLOW-19's exception at the
  /// first bad size, FLOW-20's warning), and the run resumes after it. An item a batch
  /// left unanswered is asked alone, then batches resume.
  private func delegateExtents(
    _ items: Range<Int>, _ delegate: any CollectionViewDelegateFlowLayout, _ g: LineGeometry,
    _ pass: Pass, _ build: inout FlowBuild, _ extents: inout LineBuffer, _ firstOwn: inout Int,
    fallback: Size
  ) -> Bool {
    let axes = pass.axes
    let cv = pass.collectionView
    let available = g.available
    var batches = true
    return withUnsafeTemporaryAllocation(of: Size.self, capacity: items.count) { scratch in
      var i = items.lowerBound
      while i < items.upperBound {
        // The items the next run asks item by item: the rest, or the one a batch left.
        var end = items.upperBound
        if batches {
          let rest = UnsafeMutableBufferPointer(rebasing: scratch[0..<(items.upperBound - i)])
          if let batch = delegate.collectionView(
            cv, layout: self, sizesForItemsIn: i..<items.upperBound, inSection: g.section,
            fallback: fallback, into: rest)
          {
            let count = min(max(batch.count, 0), rest.count)
            if let own = batch.firstOwn, own >= 0, own < count, i + own < firstOwn {
              firstOwn = i + own
            }
            var k = 0
            while k < count {
              var answer = fallback
              k = Self.appendChecked(
                UnsafeBufferPointer(rebasing: rest[0..<count]), from: k,
                vertical: axes.vertical, available: available, into: &extents,
                stoppedWith: &answer)
              if k == count { break }
              guard appendExactly(answer, item: i + k, g, pass, &build, &extents) else {
                return false
              }
              k += 1
            }
            i += count
            end = min(i + 1, items.upperBound)
          } else {
            batches = false
          }
        }
        while i < end {
          var answer = fallback
          i = askDelegate(
            delegate, cv, i..<end, section: g.section, vertical: axes.vertical,
            available: available, into: &extents, firstOwn: &firstOwn, stoppedWith: &answer)
          if i == end { break }
          guard appendExactly(answer, item: i, g, pass, &build, &extents) else { return false }
          i += 1
        }
      }
      return true
    }
  }

  /// A test that passes every size the exact checks would pass silently: positive, at most
  /// `crossLimit` along the line and `hugeExtent` across it. Whatever fails it (a size
  /// that is not positive and finite, an item longer than its line, an extent beyond
  /// 10^300) stops a run for the exact checks. Comparisons with finite bounds stay plain
  /// comparisons, where `isFinite` compiles to a bit test of each size.
  static let hugeExtent = 1e300

  /// Appends `sizes` from `k` on to `extents` as (cross, main) extents until one fails the
  /// run's test (`hugeExtent`); returns where it stopped (`sizes.count` when none did),
  /// that size in `stopped`. Out of line, one loop per axis: a batch's sizes are copied
  /// with no call per item (issue 32).
  @inline(never)
  private static func appendChecked(
    _ sizes: UnsafeBufferPointer<Size>, from k: Int, vertical: Bool, available: Double,
    into extents: inout LineBuffer, stoppedWith stopped: inout Size
  ) -> Int {
    let crossLimit = available < hugeExtent ? available : hugeExtent
    let (crossOut, mainOut) = extents.freeSlots(reserving: sizes.count - k)
    // Usually every size passes: each is copied and tested with no branch per item, and
    // only when one failed does the loop below copy again, stopping there.
    @inline(__always)
    func copyAll(transposed: Bool) -> Bool {
      var failed = 0
      for j in k..<sizes.count {
        let size = sizes[j]
        let (w, h) = transposed ? (size.height, size.width) : (size.width, size.height)
        crossOut[j &- k] = w
        mainOut[j &- k] = h
        failed |=
          (w > 0 ? 0 : 1) | (h > 0 ? 0 : 1) | (w <= crossLimit ? 0 : 1)
          | (h <= hugeExtent ? 0 : 1)
      }
      return failed == 0
    }
    if vertical ? copyAll(transposed: false) : copyAll(transposed: true) {
      extents.didAppend(sizes.count - k)
      return sizes.count
    }
    @inline(__always)
    func run(transposed: Bool) -> Int {
      var j = k
      while j < sizes.count {
        let size = sizes[j]
        let (w, h) = transposed ? (size.height, size.width) : (size.width, size.height)
        guard w > 0, h > 0, w <= crossLimit, h <= hugeExtent else {
          stopped = size
          break
        }
        crossOut[j &- k] = w
        mainOut[j &- k] = h
        j &+= 1
      }
      return j
    }
    let stop = vertical ? run(transposed: false) : run(transposed: true)
    extents.didAppend(stop - k)
    return stop
  }

  /// Asks the delegate for the sizes of `items` in order and appends them to `extents` as
  /// (cross, main) extents, `stoppedWith`'s size (`itemSize`) for a `nil` answer; `firstOwn`
  /// becomes the first item answered. Stops at the first item that fails `appendChecked`'s
  /// test — asked, not appended, its size in `stoppedWith` — and returns it
  /// (`items.upperBound` when none does), so the caller checks it exactly as any item. Out
  /// of line and free of the pass's other state, so the loop keeps what it needs in
  /// registers: the per-item cost of a varied pass asked item by item is mostly this loop.
  @inline(never)
  private func askDelegate(
    _ delegate: any CollectionViewDelegateFlowLayout, _ cv: CollectionView, _ items: Range<Int>,
    section: Int, vertical: Bool, available: Double, into extents: inout LineBuffer,
    firstOwn: inout Int, stoppedWith stopped: inout Size
  ) -> Int {
    let fallback = stopped
    var first = firstOwn
    let hugeExtent = Self.hugeExtent
    let crossLimit = available < hugeExtent ? available : hugeExtent
    let (crossOut, mainOut) = extents.freeSlots(reserving: items.count)
    // One loop per axis, `transposed` a constant in each, so no item tests it.
    @inline(__always)
    func run(transposed: Bool) -> Int {
      var i = items.lowerBound
      while i < items.upperBound {
        let size: Size
        if let own = delegate.collectionView(
          cv, layout: self, sizeForItemAt: IndexPath(item: i, section: section))
        {
          size = own
          // Items come in order, so the first answer is the least.
          if first == .max { first = i }
        } else {
          size = fallback
        }
        let (w, h) = transposed ? (size.height, size.width) : (size.width, size.height)
        guard w > 0, h > 0, w <= crossLimit, h <= hugeExtent else {
          stopped = size
          break
        }
        crossOut[i &- items.lowerBound] = w
        mainOut[i &- items.lowerBound] = h
        i &+= 1
      }
      return i &- items.lowerBound
    }
    let appended = vertical ? run(transposed: false) : run(transposed: true)
    extents.didAppend(appended)
    firstOwn = first
    return items.lowerBound + appended
  }

}
