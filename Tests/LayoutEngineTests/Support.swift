import LayoutEngine
import Testing

/// A flow layout in a collection view of `size` with the given item counts, laid out.
func makeFlow(
  width: Double, height: Double, counts: [Int],
  configure: (CollectionViewFlowLayout) -> Void = { _ in }
) -> (CollectionView, CollectionViewFlowLayout) {
  let layout = CollectionViewFlowLayout()
  configure(layout)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout,
    itemCounts: counts)
  cv.layoutIfNeeded()
  return (cv, layout)
}

/// The frame of item `item` of `section`, or a null rect when the layout has none.
func frame(_ layout: CollectionViewLayout, _ section: Int, _ item: Int) -> Rect {
  layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame ?? .null
}

/// Checks a frame against (x, y, w, h) within the shared tolerance.
func expectFrame(
  _ actual: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected = Rect(x: x, y: y, width: w, height: h)
  #expect(
    actual.isClose(to: expected), "expected \(expected), got \(actual)",
    sourceLocation: sourceLocation)
}

/// A flow delegate answering per-item sizes from a table (the `sizeForItemAt` path).
final class SizeTable: CollectionViewDelegateFlowLayout {
  var sizes: [IndexPath: Size]
  var insets: [Int: EdgeInsets] = [:]
  var headers: [Int: Size] = [:]

  init(_ sizes: [IndexPath: Size]) {
    self.sizes = sizes
  }

  convenience init(section: Int = 0, _ list: [Size]) {
    var table: [IndexPath: Size] = [:]
    for (i, s) in list.enumerated() { table[IndexPath(item: i, section: section)] = s }
    self.init(table)
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { sizes[indexPath] }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets? { insets[section] }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size? { headers[section] }
}
