import GridlineTestSupport
import Testing

@testable import LayoutEngine

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

  @Test(
    "varied sizes over three chunks and more: lines across chunk boundaries, FLOW-5/6/8/10 exactly")
  func variedAcrossChunks() {
    var g = SeededGenerator(seed: 32)
    let sizes = (0..<(3 * CollectionViewFlowLayout.sizeChunk + 500)).map { _ in
      Size(
        width: Double(Int.random(in: 40...160, using: &g)),
        height: Double(Int.random(in: 40...120, using: &g)))
    }
    check(sizes, spacing: 10)
  }

  @Test("a line longer than two chunks, between ordinary lines")
  func lineLongerThanChunks() {
    // A full-width item, then items narrow enough that all of them fit on one line.
    let long = 2 * CollectionViewFlowLayout.sizeChunk + 188
    let sizes =
      [Size(width: 375, height: 50)]
      + Array(repeating: Size(width: 375 / Double(long + 1), height: 20), count: long)
      + [Size(width: 375, height: 30), Size(width: 100, height: 40)]
    // The narrow items make one line of their own (the reference's lines, FLOW-5).
    let lines = reference(sizes, available: 375, spacing: 0, lineSpacing: 10)
    #expect(lines[1].minY == lines[long].minY && lines[0].minY < lines[1].minY)
    #expect(lines[long + 1].minY > lines[long].minY)
    check(sizes, spacing: 0)
  }
}
