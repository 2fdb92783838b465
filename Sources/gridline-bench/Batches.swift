import LayoutEngine

/// `batch.validate.1M`: 1,000 mixed updates against 1,000 sections of 1,000 items — in a
/// quarter of the sections a delete and an insert, in a quarter a reload, in a quarter a
/// move inside the section — so the counts after equal the counts before.
func mixedBatch() -> (BatchUpdate, [Int]) {
  let counts = [Int](repeating: 1_000, count: 1_000)
  var batch = BatchUpdate()
  for s in 0..<1_000 {
    let k = (s * 37) % 1_000
    switch s % 4 {
    case 0:
      batch.append(.deleteItems([IndexPath(item: k, section: s)]))
      batch.append(.insertItems([IndexPath(item: (k + 500) % 1_000, section: s)]))
    case 1: batch.append(.reloadItems([IndexPath(item: k, section: s)]))
    case 2:
      batch.append(
        .moveItem(
          from: IndexPath(item: k, section: s), to: IndexPath(item: (k + 1) % 1_000, section: s)))
    default: break
    }
  }
  return (batch, counts)
}

/// A collection view over one varied section of `count` items whose data source the
/// caller changes, for the insert cases.
func makeUpdatableView(count: Int, sizes: VariedSizes) -> (CollectionView, StaticDataSource) {
  let layout = CollectionViewFlowLayout()
  layout.itemSize = Size(width: 50, height: 50)
  let source = StaticDataSource(itemCounts: [count])
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
  cv.isRecordingEvents = false
  cv.dataSource = source
  cv.delegate = sizes
  cv.layoutIfNeeded()
  return (cv, source)
}

/// Inserts ten items at `front` or at the end, then ends the animation: the update, its
/// layout pass and its display diff.
func insertTen(_ cv: CollectionView, _ source: StaticDataSource, atFront front: Bool) {
  let start = front ? 0 : source.itemCounts[0]
  source.itemCounts[0] += 10
  cv.performBatchUpdates {
    cv.insertItems(at: (start..<start + 10).map { IndexPath(item: $0, section: 0) })
  }
  cv.finishUpdateAnimation()
}
