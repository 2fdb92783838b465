/// Self-sizing in the compositional layout (COMP-1, LAY-12): an item whose dimension is
/// estimated takes, on that axis, the size its cell reports (`preferredLayoutAttributesFitting`);
/// an estimated group then takes the size of its content, and the groups after it move.
///
/// A measurement is applied at once, as the flow layout applies one (FLOW-23): the section's
/// measured groups are brought up to date — only the group that holds the cell is solved
/// again while it keeps its number of items, every group from it on when that changed — and
/// the sections are placed again, so the context can say how the content size changed and,
/// for a cell above the visible area, how far the content below it moved.
extension CollectionViewCompositionalLayout {
  /// COMP-1: a cell's reported size counts on the estimated axes of its item only; a size
  /// the layout already holds does not invalidate again.
  func shouldInvalidate(preferred: LayoutAttributes, original: LayoutAttributes) -> Bool {
    guard preferred.representedElementCategory == .cell,
      measuredSizes[preferred.indexPath] != preferred.size,
      let item = leafItem(at: preferred.indexPath)
    else { return false }
    let d = item.layoutSize
    return (d.widthDimension.isEstimated && preferred.size.width != original.size.width)
      || (d.heightDimension.isEstimated && preferred.size.height != original.size.height)
  }

  func measurementContext(preferred: LayoutAttributes, original: LayoutAttributes)
    -> InvalidationContext
  {
    let context = Self.invalidationContextClass.init()
    let path = preferred.indexPath
    guard let cv = collectionView, sections.indices.contains(path.section) else { return context }
    measuredSizes[path] = preferred.size
    pendingMeasured.append(path)
    let oldSize = contentSize
    let endBefore = sections[path.section].end
    let top = axes.mainRange(cv.bounds).0 + axes.mainLeading(cv.adjustedContentInset)
    layOut()
    fullLayoutPending = false
    preparedView = cv
    applyingMeasurement = true
    context.contentSizeAdjustment = Size(
      width: contentSize.width - oldSize.width, height: contentSize.height - oldSize.height)
    // What follows the cell's group moved as the section's end did; while the cell starts
    // above the visible area, the offset follows it so what is on screen stays put.
    let delta = sections[path.section].end - endBefore
    if axes.mainRange(original.frame).0 < top, delta != 0 {
      context.contentOffsetAdjustment =
        axes.vertical ? Point(x: 0, y: delta) : Point(x: delta, y: 0)
    }
    return context
  }

  /// The item descriptor that placed the cell at `path` (nil for a custom group's items,
  /// whose frames are the provider's, COMP-7).
  func leafItem(at path: IndexPath) -> CollectionLayoutItem? {
    guard sections.indices.contains(path.section) else { return nil }
    let section = sections[path.section]
    guard section.stamp.leafCount > 0, path.item >= 0, path.item < section.itemCount else {
      return nil
    }
    let (g, leaf, _) = section.locate(item: path.item)
    let item = section.stamp(ofGroup: g).leafItems[leaf]
    return item is CollectionLayoutGroup ? nil : item
  }

  /// Solves one group of section `s` whose first item is `firstItem`, with the sizes its
  /// cells reported.
  func solveMeasured(
    _ group: CollectionLayoutGroup, size: Size, section s: Int, firstItem: Int, scale: Double,
    into measured: inout MeasuredGroups
  ) -> GroupStamp {
    var solver = GroupSolver(scale: scale, maximumLeaves: maximumItemsPerGroup)
    let sizes = measuredSizes
    solver.measured = { leaf in sizes[IndexPath(item: firstItem + leaf, section: s)] }
    let stamp = solver.solve(group, size: size)
    if solver.truncated { measured.truncated = true }
    return stamp
  }

  /// Section `s`'s measured groups for this pass: the last pass's, brought up to date with
  /// the cells measured since, while nothing else changed; otherwise solved from scratch.
  func measuredGroups(
    _ group: CollectionLayoutGroup, section s: Int, count: Int, stamp: GroupStamp,
    alongX: Bool, scale: Double, pass: inout MeasuredPass
  ) -> MeasuredGroups {
    var measured = MeasuredGroups(stamp: stamp, alongX: alongX)
    guard !measuredSizes.isEmpty, stamp.leafCount > 0 else { return measured }
    let proposed = stamp.size
    if pass.previous.indices.contains(s), pass.previous[s].itemCount == count,
      pass.previous[s].stamp.hasSameGeometry(as: stamp)
    {
      // Taken, not copied: the last pass's sections are dropped after this one.
      swap(&measured, &pass.previous[s].measured)
      for item in pass.pending[s] ?? [] where item < count {
        let (g, leaf, _) = measured.locate(item: item)
        // A group's first item also decided where the group before it ended (it did not
        // fit there): that group is solved again first.
        let from = leaf == 0 && g > 0 ? g - 1 : g
        for g in from...g {
          let entry = measured.last(atOrBefore: g)
          let first = measured.firstItem(ofGroup: g, entry)
          let before =
            entry.flatMap { measured.groups[$0] == g ? measured.stamps[$0].leafCount : nil }
            ?? stamp.leafCount
          let solved = solveMeasured(
            group, size: proposed, section: s, firstItem: first, scale: scale, into: &measured)
          if solved.leafCount == before {
            measured.set(solved, group: g, firstItem: first, base: stamp)
            continue
          }
          // The group holds another number of items: every group after it changes.
          measured.removeGroups(from: g)
          solveGroups(
            group, from: g, firstItem: first, items: pass.sortedItems(s, measuredSizes),
            count: count, stamp: stamp, section: s, scale: scale, into: &measured)
          break
        }
      }
    } else {
      solveGroups(
        group, from: 0, firstItem: 0, items: pass.sortedItems(s, measuredSizes), count: count,
        stamp: stamp, section: s, scale: scale, into: &measured)
    }
    measured.recomputeShifts()
    return measured
  }

  /// Solves, in order from group `g`, each group that holds a measured item; the groups
  /// between them are the stamp and are skipped by arithmetic.
  private func solveGroups(
    _ group: CollectionLayoutGroup, from g: Int, firstItem: Int, items: [Int], count: Int,
    stamp: GroupStamp, section s: Int, scale: Double, into measured: inout MeasuredGroups
  ) {
    let k = stamp.leafCount
    var g = g
    var i = firstItem
    var next = items.partitioningIndex { $0 >= i }
    while next < items.count, items[next] < count {
      let skip = (items[next] - i) / k
      g += skip
      i += skip * k
      let solved = solveMeasured(
        group, size: stamp.size, section: s, firstItem: i, scale: scale, into: &measured)
      measured.set(solved, group: g, firstItem: i, base: stamp)
      guard solved.leafCount > 0 else { break }
      i += solved.leafCount
      g += 1
      while next < items.count && items[next] < i { next += 1 }
    }
  }
}

/// What one layout pass knows of the measurements: the sections of the last pass (while
/// only measurements invalidated since), and the items measured since, by section.
struct MeasuredPass {
  var previous: [CompositionalSection]
  var pending: [Int: [Int]]
  private var sorted: [Int: [Int]]?

  init(previous: [CompositionalSection], pending: [IndexPath]) {
    self.previous = previous
    self.pending = Dictionary(grouping: pending, by: \.section).mapValues { $0.map(\.item) }
  }

  /// Section `s`'s measured items in order (all sections sorted once per pass).
  mutating func sortedItems(_ s: Int, _ sizes: [IndexPath: Size]) -> [Int] {
    if sorted == nil {
      sorted = Dictionary(grouping: sizes.keys, by: \.section).mapValues { $0.map(\.item).sorted() }
    }
    return sorted?[s] ?? []
  }
}

extension CompositionalSection {
  /// The group holding `item`, the item's leaf in it, and its measured entry (nil: the
  /// stamp).
  func locate(item: Int) -> (group: Int, leaf: Int, entry: Int?) {
    let k = stamp.leafCount
    if measured.isEmpty { return (item / k, item % k, nil) }
    return measured.locate(item: item)
  }

  /// The stamp group `g` is drawn with.
  func stamp(ofGroup g: Int) -> GroupStamp {
    guard let e = measured.last(atOrBefore: g), measured.groups[e] == g else { return stamp }
    return measured.stamps[e]
  }
}
