import GridlineTestSupport
import LayoutEngine
import Testing

/// The line-by-line pass asks sizes in chunks and breaks each chunk into lines, carrying
/// the open line into the next chunk (`CollectionViewFlowLayout.layoutLineByLine`). These
/// tests hold it to the rules themselves, written out here item by item: FLOW-5's greedy
/// test, a closed line justified (FLOW-6, a lone item centred) with its items centred
/// across it (FLOW-10), the last line left-aligned (FLOW-8) — across chunk boundaries,
/// with lines longer than a chunk.
@Suite("Flow lines across size chunks")
struct FlowLineChunkTests {
  /// The frames FLOW-5/6/8/10 give `sizes` in one section at the top of a vertical flow
  /// layout `available` wide, without insets.
  func reference(_ sizes: [Size], available: Double, spacing: Double, lineSpacing: Double)
    -> [Rect]
  {
    var frames: [Rect] = []
    var lines: [[Size]] = []
    var leftovers: [Double] = []
    var line: [Size] = []
    var remaining = 0.0
    for size in sizes {
      if line.isEmpty {
        remaining = available - size.width
      } else if remaining >= spacing + size.width {
        remaining -= spacing + size.width
      } else {
        lines.append(line)
        leftovers.append(remaining)
        line = []
        remaining = available - size.width
      }
      line.append(size)
    }
    if !line.isEmpty {
      lines.append(line)
      leftovers.append(remaining)
    }
    var y = 0.0
    for (n, (line, leftover)) in zip(lines, leftovers).enumerated() {
      let last = n == lines.count - 1
      var x = 0.0
      var gap = spacing
      if !last && line.count == 1 && leftover >= 0 { x = leftover / 2 }
      if !last && line.count > 1 { gap = spacing + leftover / Double(line.count - 1) }
      let thickness = line.map(\.height).max() ?? 0
      for size in line {
        frames.append(
          Rect(
            x: x, y: y + (thickness - size.height) / 2, width: size.width, height: size.height))
        x += size.width + gap
      }
      y += thickness + lineSpacing
    }
    return frames
  }

  func check(_ sizes: [Size], spacing: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let table = SizeTable(sizes)
    let layout = CollectionViewFlowLayout()
    layout.minimumInteritemSpacing = spacing
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout,
      itemCounts: [sizes.count])
    cv.delegate = table
    cv.layoutIfNeeded()
    let expected = reference(sizes, available: 375, spacing: spacing, lineSpacing: 10)
    let wrong = (0..<sizes.count).first {
      layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame != expected[$0]
    }
    if let wrong {
      Issue.record(
        "item \(wrong): \(frame(layout, 0, wrong)), expected \(expected[wrong])",
        sourceLocation: sourceLocation)
    }
  }

  @Test("2,000 varied sizes: lines across chunk boundaries, FLOW-5/6/8/10 exactly")
  func variedAcrossChunks() {
    var g = SeededGenerator(seed: 32)
    let sizes = (0..<2000).map { _ in
      Size(
        width: Double(Int.random(in: 40...160, using: &g)),
        height: Double(Int.random(in: 40...120, using: &g)))
    }
    check(sizes, spacing: 10)
  }

  @Test("a line of 700 items, longer than two chunks, between ordinary lines")
  func lineLongerThanChunks() {
    let sizes =
      [Size(width: 200, height: 50), Size(width: 300, height: 60)]
      + Array(repeating: Size(width: 0.5, height: 20), count: 700)
      + [Size(width: 375, height: 30), Size(width: 100, height: 40)]
    check(sizes, spacing: 0)
  }
}
