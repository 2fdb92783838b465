extension CollectionViewFlowLayout {
  /// Where a tail relayout starts: section `section` from item `firstItem`, which is cell
  /// `cell` of the index, at `lineStart` on the scroll axis; `line` is the first line record
  /// dropped, `bandBefore` the band start of the last entry kept. `keepsHead`: the relayout
  /// starts inside the section (k > 0), whose header and insets stay; otherwise whole
  /// sections are laid out from `section` on.
  struct TailStart {
    var section: Int
    var firstItem: Int
    var cell: Int
    var line: Int
    var lineStart: Double
    var bandBefore: Double
    var ownSizeThrough = false
    var keepsHead: Bool
  }

  /// The layout pass after a batch (BATCH-10), when the frames before its first change can
  /// be kept: everything from the line that holds the item before the earliest change to
  /// the end is laid out again, the rest stays. Engine choice: UIKit re-prepares
  /// everything and asks the delegate for every item; the engine asks only from that line
  /// on, so a trace of delegate calls differs from UIKit's in count only (see
  /// `keepsFramesBeforeUpdates` for what the delegate must promise).
  ///
  /// Why it is exact: `BatchMapping.earliestChange` (s, k) is the least index path any
  /// update names, old or new, so sections before s and items 0..<k of s keep their index
  /// paths, counts and (by that promise) sizes. Lines fill greedily from their first item
  /// (FLOW-5) and are aligned on their own items only (FLOW-6/7/10/12), so every line
  /// before the one holding item k − 1 comes out the same; that line itself may gain items
  /// or stop being the last (FLOW-8/9), so it is laid out again — from the last recorded
  /// line at or before it (`FlowLine`: its first item and origin; origins are sums of the
  /// lines before, recorded rather than recomputed, so the arithmetic is the full pass's to
  /// the last bit). k = 0 starts at the section's start. The last line's alignment needs
  /// whether an earlier item got its own size (`FlowLine.ownSizeThrough`). FLOW-20's message
  /// is logged once per pass as a
  /// full pass would: first, when a kept item was already too long (`firstOversize`), else
  /// when the tail finds one. A FLOW-19 exception in the tail empties the layout, as the
  /// full pass would, whose first invalid item is in the tail too.
  ///
  /// Returns false, having changed nothing the full pass does not redo, when the frames
  /// cannot be kept: see `tailStart(_:pass:)`, and when the index cannot be cut exactly
  /// (`AttributeIndex.removeLast(from:lastBandStart:)`: moves pending from a self-sizing
  /// change, or band starts repaired after a negative line spacing).
  func relayoutTail(_ mapping: BatchMapping) -> Bool {
    guard let cv = collectionView, let last = lastPass, keepsFramesBeforeUpdates,
      resizesItemsInPlace
    else { return false }
    let pass = makePass(cv, axis: scrollDirection == .vertical ? .vertical : .horizontal)
    guard passKey(pass) == last, let start = tailStart(mapping, pass: pass) else { return false }
    guard cells.removeLast(from: start.cell, lastBandStart: start.bandBefore) else { return false }
    let s = start.section
    var head: (FlowSection, SectionMetrics)?
    if start.keepsHead {
      // The section's metrics are asked again (the tail needs them); a delegate that
      // answers differently than last time moved the kept lines too.
      let old = sections[s]
      let m = metrics(for: s, pass: pass)
      let fresh = sectionHead(s, start: old.start, metrics: m, pass: pass, firstCell: old.firstCell)
      guard fresh.header == old.header, fresh.itemsStart == old.itemsStart,
        fresh.itemInsets == old.itemInsets
      else { return false }
      head = (fresh, m)
    }
    layoutGeneration += 1
    linesStaleFrom = .max
    var build = beginBuild(axis: cells.axis)
    defer { endBuild(build) }
    build.lines.removeSubrange(start.line...)
    sections.removeSubrange(s...)
    keepOversizeWarning(before: IndexPath(item: start.firstItem, section: s), pass, &build)
    var cursor = start.lineStart
    var recomputed = 0
    if let (fresh, m) = head {
      let run = ItemsRun(
        firstItem: start.firstItem, lineStart: start.lineStart, sawOwnSize: start.ownSizeThrough)
      guard
        let section = layoutSectionItems(s, fresh, from: run, metrics: m, pass: pass, build: &build)
      else {
        emptyLayout(&build)
        return true
      }
      sections.append(section)
      cursor = section.end
      recomputed = section.footer == nil ? 0 : 1  // the header is kept
    }
    let full = sections.count
    guard
      let end = layoutSections(
        full..<cv.numberOfSections, from: cursor, pass: pass, build: &build)
    else { return true }
    finishPass(pass, end: end, fromSection: s, build: &build)
    recomputedAttributes +=
      build.cells.count - start.cell + recomputed + supplementaryCount(from: full)
    return true
  }

  /// Where the tail starts, or `nil` when the frames before the batch's first change cannot
  /// be kept:
  /// - an empty batch (no `earliestChange`): `performBatchUpdates(nil)` is how an app asks
  ///   for new sizes everywhere;
  /// - the layout does not hold the counts before the batch, or the collection view not
  ///   those after (BATCH-4);
  /// - a section reloaded or moved at or before s (BATCH-3; none can be before it);
  /// - the line records the restart needs are stale (`linesStaleFrom`, after a self-sizing
  ///   change applied in place).
  func tailStart(_ mapping: BatchMapping, pass: Pass) -> TailStart? {
    guard let change = mapping.earliestChange else { return nil }
    let (s, k) = (change.section, change.item)
    let (before, after) = (mapping.countsBefore, mapping.countsAfter)
    guard sections.count == before.count, pass.collectionView.numberOfSections == after.count,
      s <= before.count, s <= after.count
    else { return nil }
    for i in 0..<s where sections[i].count != before[i] || before[i] != after[i] { return nil }
    for u in mapping.updateItems where u.updateAction == .move || u.updateAction == .reload {
      let paths = [u.indexPathBeforeUpdate, u.indexPathAfterUpdate].compactMap { $0 }
      if paths.contains(where: { $0.item == IndexPath.notFound && $0.section <= s }) {
        return nil
      }
    }
    guard k > 0 else {
      // Whole sections from s: the first line of every section with items is recorded, so
      // a cell before the end has a record, which knows the band start before it.
      let cell = s < sections.count ? sections[s].firstCell : cells.count
      let line = firstLine(atOrAfter: cell)
      guard cell <= linesStaleFrom,
        cell == cells.count || (lines.indices.contains(line) && lines[line].firstCell == cell)
      else { return nil }
      return TailStart(
        section: s, firstItem: 0, cell: cell, line: line,
        lineStart: s > 0 ? sections[s - 1].end : 0,
        bandBefore: cell == cells.count ? cells.lastBandStart : lines[line].bandBefore,
        keepsHead: false)
    }
    guard s < before.count, s < after.count, sections[s].count == before[s], before[s] >= k,
      after[s] >= k
    else { return nil }
    // The last record at or before item k − 1: its line, or one up to
    // `FlowBuild.lineRecordSpacing` cells earlier (laid out again the same way).
    let line = firstLine(atOrAfter: sections[s].firstCell + k) - 1
    guard line >= 0, lines[line].firstCell >= sections[s].firstCell,
      lines[line].firstCell < linesStaleFrom
    else { return nil }
    let record = lines[line]
    return TailStart(
      section: s, firstItem: record.firstCell - sections[s].firstCell, cell: record.firstCell,
      line: line, lineStart: record.origin, bandBefore: record.bandBefore,
      ownSizeThrough: record.ownSizeThrough, keepsHead: true)
  }

  /// The first line whose first cell is at or after `cell` (`lines.count`: none).
  func firstLine(atOrAfter cell: Int) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if lines[mid].firstCell < cell { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// FLOW-20 in a tail relayout: a kept item already too long for its line means the full
  /// pass would have logged the message before reaching the tail; it is logged now, and the
  /// tail does not log it again.
  func keepOversizeWarning(before restart: IndexPath, _ pass: Pass, _ build: inout FlowBuild) {
    build.warnedOversize = false
    if let first = build.firstOversize, first < restart {
      warnOversize(pass, &build, item: first.item, section: first.section)
    } else {
      build.firstOversize = nil
    }
  }

  /// After a FLOW-19 exception: nothing laid out, as the app would have stopped there.
  func emptyLayout(_ build: inout FlowBuild) {
    build.cells.removeAll()
    build.lines.removeAll()
    build.firstOversize = nil
    sections.removeAll()
    reachPrefixMaxEnd.removeAll()
    reachSuffixMinStart.removeAll()
    contentSize = .zero
    lastPass = nil
  }
}
