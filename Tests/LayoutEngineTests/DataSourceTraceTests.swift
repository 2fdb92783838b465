import LayoutEngine
import Testing

/// What the data source is asked, as UIKit asks it (LAY-1, LAY-4): counts section by
/// section, a view for every cell and supplementary view that is displayed — dequeued
/// inside that call — and nothing for a decoration, whose view the layout's registered
/// class makes.
@Suite("Data-source calls in the trace (LAY-1, LAY-4)")
struct DataSourceTraceTests {
  @Test("LAY-4: numberOfSections(in:), then numberOfItemsInSection once per section")
  func counts() {
    let (cv, _) = makeFlow(width: 375, height: 600, counts: [3, 0, 5]) {
      $0.itemSize = Size(width: 100, height: 100)
    }
    let asked = cv.events.filter {
      $0.callName == "numberOfSections(in:)"
        || $0.callName == "collectionView(_:numberOfItemsInSection:)"
    }
    #expect(
      asked == [
        .numberOfSections(3), .numberOfItems(inSection: 0, count: 3),
        .numberOfItems(inSection: 1, count: 0), .numberOfItems(inSection: 2, count: 5),
      ])
    #expect(asked.map(\.description).last == "collectionView(_:numberOfItemsInSection: 2) → 5")
  }

  @Test("LAY-1: cellForItemAt and viewForSupplementaryElementOfKind dequeue; decorations ask none")
  func viewsMade() {
    let layout = SectionBackgroundLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.headerReferenceSize = Size(width: 0, height: 30)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: [4, 2])
    cv.layoutIfNeeded()
    let events = cv.events
    var cells = 0
    var headers = 0
    var decorations = 0
    for (i, event) in events.enumerated() {
      switch event {
      case .cellForItem(let path):
        cells += 1
        guard case .dequeue(let key, "Cell", _, false) = events[i + 1] else {
          Issue.record("no dequeue inside cellForItemAt \(path)")
          continue
        }
        #expect(key == .cell(path))
      case .viewForSupplementaryElement(let kind, let path):
        headers += 1
        guard case .dequeue(let key, _, _, _) = events[i + 1] else {
          Issue.record("no dequeue inside viewForSupplementaryElementOfKind \(path)")
          continue
        }
        #expect(key == ElementKey(category: .supplementaryView, kind: kind, indexPath: path))
      case .decorationView(let key, _, let reused):
        decorations += 1
        #expect(key.category == .decorationView && !reused)
        if i > 0, case .dequeue = events[i - 1] { Issue.record("a dequeue before \(key)") }
      case .dequeue(let key, _, _, _):
        #expect(key.category != .decorationView)
      default: break
      }
    }
    #expect(cells == 6 && headers == 2 && decorations == 2)
    let line = events.first { $0.callName == "decorationView" }?.description
    #expect(
      line?.hasPrefix(
        "decoration \"background\" [0, 0] from the layout's "
          + "register(_:forDecorationViewOfKind:) class → view #") == true)
  }
}
