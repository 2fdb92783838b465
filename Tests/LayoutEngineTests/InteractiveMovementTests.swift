import LayoutEngine
import Testing

/// Interactive movement (iOS 9 reordering): UICollectionView's begin / update / end /
/// cancel calls, the layout's movement methods and the data source's move.
@Suite("Interactive movement")
struct InteractiveMovementTests {
  /// A data source whose items are names, moved as `collectionView(_:moveItemAt:to:)` says;
  /// sizes (when given) follow the names, as a data source that moves its data would.
  final class Names: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var names: [String]
    var sizes: [String: Size] = [:]
    var movable: (IndexPath) -> Bool = { _ in true }
    var moves: [(IndexPath, IndexPath)] = []
    /// The order shown while an item moves (the data source moves only at the end).
    var shown: [String] = []

    init(_ count: Int) {
      names = (0..<count).map { "n\($0)" }
      shown = names
    }

    var implementsMoveItem: Bool { true }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { names.count }

    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    { movable(indexPath) }

    func collectionView(
      _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      moves.append((sourceIndexPath, destinationIndexPath))
      let name = names.remove(at: sourceIndexPath.item)
      names.insert(name, at: destinationIndexPath.item)
      shown = names
    }

    func collectionView(
      _ collectionView: CollectionView,
      targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
      toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
      // Keep `shown` in the order the collection view will show.
      if let current = collectionView.interactiveMovement?.currentIndexPath {
        let name = shown.remove(at: current.item)
        shown.insert(name, at: proposedIndexPath.item)
      }
      return proposedIndexPath
    }

    func collectionView(
      _ collectionView: CollectionView, layout: CollectionViewLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> Size? { sizes[shown[indexPath.item]] }
  }

  /// Rows of three 100 × 100 items, 10 apart, in a 320 × 480 view.
  func view(_ count: Int, sizes: [Int: Size] = [:]) -> (CollectionView, Names) {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    let source = Names(count)
    for (i, size) in sizes { source.sizes["n\(i)"] = size }
    cv.dataSource = source
    cv.delegate = source
    cv.layoutIfNeeded()
    return (cv, source)
  }

  func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

  func calls(_ cv: CollectionView) -> [String] {
    cv.events.compactMap { if case .movement(let m) = $0 { m.name } else { nil } }
  }

  @Test("begin: canMoveItemAt, then the cell floats at its centre with zIndex Int.max")
  func begin() {
    let (cv, source) = view(9)
    defer { withExtendedLifetime(source) {} }
    cv.removeAllEvents()
    #expect(cv.beginInteractiveMovementForItem(at: path(4)))
    #expect(cv.interactiveMovement?.position == Point(x: 160, y: 160))
    let shown = cv.displayedAttributes(for: .cell(path(4)))
    #expect(shown?.zIndex == Int.max)
    #expect(shown?.frame == Rect(x: 110, y: 110, width: 100, height: 100))
    #expect(
      calls(cv) == [
        "collectionView(_:canMoveItemAt:)",
        "invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:"
          + "previousPosition:)",
        "layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)",
      ])
  }

  @Test("begin asks the layout for the pressed item before the moving attributes (seed 003)")
  func beginAsksForThePressedItem() {
    let (cv, source) = view(9)
    defer { withExtendedLifetime(source) {} }
    cv.removeAllEvents()
    #expect(cv.beginInteractiveMovementForItem(at: path(4)))
    let asked = cv.events.compactMap { event -> String? in
      switch event {
      case .movement(let m): m.name
      case .layoutAttributesForItem(let p, _): "layoutAttributesForItem(at: \(p))"
      default: nil
      }
    }
    #expect(
      asked.prefix(3) == [
        "collectionView(_:canMoveItemAt:)", "layoutAttributesForItem(at: \(path(4)))",
        "invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:"
          + "previousPosition:)",
      ])
    // A refused begin asks nothing more.
    source.movable = { _ in false }
    cv.endInteractiveMovement()
    cv.removeAllEvents()
    #expect(!cv.beginInteractiveMovementForItem(at: path(2)))
    #expect(!cv.events.contains { if case .layoutAttributesForItem = $0 { true } else { false } })
  }

  @Test("begin refuses: canMoveItemAt false, a data source that cannot move, a second begin")
  func refusals() {
    let (cv, source) = view(9)
    source.movable = { $0.item != 2 }
    #expect(!cv.beginInteractiveMovementForItem(at: path(2)))
    #expect(cv.interactiveMovement == nil)
    #expect(!cv.beginInteractiveMovementForItem(at: path(20)))
    #expect(cv.beginInteractiveMovementForItem(at: path(3)))
    #expect(!cv.beginInteractiveMovementForItem(at: path(5)))
    let plain = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: CollectionViewFlowLayout(), itemCounts: [5])
    plain.layoutIfNeeded()
    #expect(!plain.beginInteractiveMovementForItem(at: path(0)))
  }

  @Test("the item follows the finger; over another cell it takes that place, the rest shift")
  func reorderWithinASection() throws {
    let (cv, source) = view(9)
    let view0 = try #require(cv.cellForItem(at: path(0)))
    let view1 = try #require(cv.cellForItem(at: path(1)))
    cv.beginInteractiveMovementForItem(at: path(0))
    cv.updateInteractiveMovementTargetPosition(Point(x: 105, y: 50))  // the gap: no move
    #expect(cv.interactiveMovement?.currentIndexPath == path(0))
    #expect(cv.displayedAttributes(for: .cell(path(0)))?.center == Point(x: 105, y: 50))
    cv.updateInteractiveMovementTargetPosition(Point(x: 160, y: 160))  // over item 4
    #expect(cv.interactiveMovement?.currentIndexPath == path(4))
    #expect(cv.cellForItem(at: path(4)) == view0)
    #expect(cv.cellForItem(at: path(0)) == view1)
    #expect(cv.displayedAttributes(for: .cell(path(0)))?.frame.origin == Point(x: 0, y: 0))
    #expect(source.moves.isEmpty)
    cv.endInteractiveMovement()
    #expect(source.moves.count == 1 && source.moves[0] == (path(0), path(4)))
    #expect(source.names.prefix(5) == ["n1", "n2", "n3", "n4", "n0"])
    #expect(cv.displayedAttributes(for: .cell(path(4)))?.frame.origin == Point(x: 110, y: 110))
    #expect(cv.displayedAttributes(for: .cell(path(4)))?.zIndex == 0)
    #expect(cv.interactiveMovement == nil)
  }

  @Test("cancel: the item goes back, the data source hears nothing")
  func cancel() throws {
    let (cv, source) = view(9)
    let view2 = try #require(cv.cellForItem(at: path(2)))
    cv.beginInteractiveMovementForItem(at: path(2))
    cv.updateInteractiveMovementTargetPosition(Point(x: 50, y: 50))
    #expect(cv.cellForItem(at: path(0)) == view2)
    cv.removeAllEvents()
    cv.cancelInteractiveMovement()
    #expect(cv.cellForItem(at: path(2)) == view2)
    #expect(source.moves.isEmpty)
    #expect(
      calls(cv) == [
        "invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths:"
          + "previousIndexPaths:movementCancelled:)"
      ])
    #expect(cv.displayedAttributes(for: .cell(path(2)))?.frame.origin == Point(x: 220, y: 0))
  }

  @Test("the selection follows the moving item")
  func selectionFollows() {
    let (cv, source) = view(9)
    defer { withExtendedLifetime(source) {} }
    cv.selectItem(at: path(1))
    cv.beginInteractiveMovementForItem(at: path(1))
    cv.updateInteractiveMovementTargetPosition(Point(x: 260, y: 160))  // over item 5
    #expect(cv.indexPathsForSelectedItems == [path(5)])
    cv.endInteractiveMovement()
    #expect(cv.indexPathsForSelectedItems == [path(5)])
  }

  @Test("sizes that follow their items reflow the lines; same sizes keep every frame")
  func sizesFollowItems() {
    let (collection, source) = view(9, sizes: [0: Size(width: 210, height: 100)])
    defer { withExtendedLifetime(source) {} }
    // n0 is 210 wide: alone on line 0 with n1 (210 + 10 + 100 = 320).
    #expect(frame(collection.collectionViewLayout, 0, 2).origin == Point(x: 0, y: 110))
    collection.beginInteractiveMovementForItem(at: path(0))
    collection.updateInteractiveMovementTargetPosition(Point(x: 160, y: 160))  // item 3
    let moved = collection.interactiveMovement?.currentIndexPath
    #expect(moved == path(3))
    // n1 n2 n3 fill line 0; the wide n0 starts line 1.
    #expect(frame(collection.collectionViewLayout, 0, 0).origin == Point(x: 0, y: 0))
    #expect(frame(collection.collectionViewLayout, 0, 3).origin == Point(x: 0, y: 110))
    #expect(frame(collection.collectionViewLayout, 0, 3).width == 210)
  }

  @Test("uniform sizes: a step lays nothing out again")
  func uniformStepsKeepFrames() {
    let (collection, source) = view(1_000)
    defer { withExtendedLifetime(source) {} }
    let before = collection.collectionViewLayout.recomputedAttributes
    collection.beginInteractiveMovementForItem(at: path(0))
    collection.updateInteractiveMovementTargetPosition(Point(x: 260, y: 260))
    #expect(collection.interactiveMovement?.currentIndexPath == path(8))
    #expect(collection.collectionViewLayout.recomputedAttributes == before)
  }
}
