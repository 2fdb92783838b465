import LayoutEngine
import Testing

/// Reuse identifiers and pools (DISP-3).
@Suite("Reuse pools (DISP-3)")
struct ReuseTests {
  /// Rows of 375 × 100; even items are "Photo" cells, odd ones "Video" cells.
  final class TwoKinds: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 100 }

    func collectionView(
      _ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath
    ) -> String { indexPath.item % 2 == 0 ? "Photo" : "Video" }
  }

  func view(registering identifiers: [String]) -> (CollectionView, TwoKinds) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 375, height: 100)
    layout.minimumLineSpacing = 0
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    for identifier in identifiers { cv.register(cellWithReuseIdentifier: identifier) }
    let source = TwoKinds()
    cv.dataSource = source
    cv.layoutIfNeeded()
    return (cv, source)
  }

  @Test("DISP-3: a pool per identifier; prepareForReuse() only for a pooled view")
  func poolsPerIdentifier() {
    let (cv, source) = view(registering: ["Photo", "Video"])
    var identifierOfView: [Int: String] = [:]
    for case .dequeue(_, let identifier, let view, _) in cv.events {
      identifierOfView[view] = identifier
    }
    for step in 1...30 {
      cv.removeAllEvents()
      cv.setContentOffset(Point(x: 0, y: Double(step * 70)))
      var lastDequeue: (view: Int, reused: Bool)?
      for event in cv.events {
        switch event {
        case .dequeue(_, let identifier, let view, let reused):
          if reused { #expect(identifierOfView[view] == identifier, "view #\(view)") }
          identifierOfView[view] = identifier
          lastDequeue = (view, reused)
        case .prepareForReuse(_, let view):
          #expect(lastDequeue?.view == view && lastDequeue?.reused == true)
        default: break
        }
      }
      let reused = cv.events.filter { if case .dequeue(_, _, _, true) = $0 { true } else { false } }
      #expect(reused.count == cv.events.filter { $0.callName == "prepareForReuse()" }.count)
    }
    #expect(cv.exceptions.isEmpty)
    cv.setContentOffset(Point(x: 0, y: 6000))  // DISP-2: all new views, then the old ones go
    let waiting =
      cv.reusableCellCount(withReuseIdentifier: "Photo")
      + cv.reusableCellCount(withReuseIdentifier: "Video")
    #expect(waiting == cv.reusableViewCount && waiting > 0)
    #expect(cv.reusePools.map(\.key.identifier) == ["Photo", "Video"])
    #expect(cv.reusableCellCount(withReuseIdentifier: "Cell") == 0)
    withExtendedLifetime(source) {}
  }

  @Test("DISP-3: dequeuing an identifier nobody registered raises UIKit's exception")
  func unregistered() {
    let (cv, source) = view(registering: ["Photo"])
    #expect(
      cv.exceptions.first?.reason
        == "could not dequeue a view of kind: UICollectionElementKindCell with identifier "
        + "Video - must register a nib or a class for the identifier or connect a prototype "
        + "cell in a storyboard")
    #expect(cv.exceptions.first?.name == "NSInternalInconsistencyException")
    #expect(cv.indexPathsForVisibleItems.count == 7)  // the engine goes on, defined
    #expect(cv.registeredCellReuseIdentifiers == ["Cell", "Photo"])
    withExtendedLifetime(source) {}
  }
}
