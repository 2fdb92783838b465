/// An item being moved by a finger (iOS 9 reordering): where it began, where it is shown
/// now, and where the finger holds it (content coordinates).
public struct InteractiveMovement: Hashable, Sendable {
  public let originalIndexPath: IndexPath
  public internal(set) var currentIndexPath: IndexPath
  public internal(set) var position: Point
}

/// Interactive movement, as `UICollectionView` runs it: `beginInteractiveMovementForItem(at:)`,
/// `updateInteractiveMovementTargetPosition(_:)`, `endInteractiveMovement()` and
/// `cancelInteractiveMovement()`.
///
/// While the item moves, the collection view shows the data reordered — the item at its
/// current place, the items between shifted by one — without telling the data source:
/// the layout and the delegate see those index paths (so an app whose sizes depend on its
/// data moves the data along, or sees the sizes swap), the displayed cells and the
/// selection follow the item, and the counts are the reordered ones. The data source hears
/// of it once, at the end, with `collectionView(_:moveItemAt:to:)`.
///
/// Engine choices (OPEN, UIKit documents none of them): a movement needs the item's cell
/// on screen; the other cells take their new places at once (UIKit animates them there);
/// each step ends with a layout pass.
extension CollectionView {
  /// Begins moving the item: true when the data source implements moving
  /// (`implementsMoveItem`), answers `collectionView(_:canMoveItemAt:)` true, and the item's
  /// cell is displayed. The finger starts at the cell's centre; the layout gets a movement
  /// context and the cell floats above the others from the next pass.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    layoutIfNeeded()
    guard interactiveMovement == nil, updateAnimation == nil, indexPath.section >= 0,
      indexPath.item >= 0, indexPath.section < numberOfSections,
      indexPath.item < numberOfItems(inSection: indexPath.section),
      let source = dataSource, source.implementsMoveItem
    else { return false }
    let can = source.collectionView(self, canMoveItemAt: indexPath)
    record(.movement(.canMoveItem(indexPath, can)))
    guard can, let shown = displayedAttributes(for: .cell(indexPath)) else { return false }
    // The system asks the layout for the pressed item's attributes before the moving ones
    // (seed 003); the item starts from where it is drawn.
    _ = layoutAttributesForItem(at: indexPath)
    let center = shown.center
    interactiveMovement = InteractiveMovement(
      originalIndexPath: indexPath, currentIndexPath: indexPath, position: center)
    invalidateForMovement(to: indexPath, at: center, from: indexPath, at: center)
    layoutIfNeeded()
    return true
  }

  /// The finger is at `targetPosition`: the layout proposes an index path
  /// (`targetIndexPath(forInteractivelyMovingItem:withPosition:)`); a new one goes to the
  /// delegate (`collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)`,
  /// asked only when the proposal differs from the current place — engine choice); an
  /// answer that is not a place the item can take is ignored. The item moves there, then the
  /// layout gets the movement context and the pass shows the item under the finger.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
    guard var movement = interactiveMovement, targetPosition.x.isFinite,
      targetPosition.y.isFinite
    else { return }
    layoutIfNeeded()
    let current = movement.currentIndexPath
    let proposed = collectionViewLayout.targetIndexPath(
      forInteractivelyMovingItem: current, withPosition: targetPosition)
    record(.movement(.targetIndexPathForInteractivelyMovingItem(current, targetPosition, proposed)))
    var target = current
    if let proposed, proposed != current, canTake(proposed, from: current) {
      let answer =
        delegate?.collectionView(
          self, targetIndexPathForMoveFromItemAt: movement.originalIndexPath,
          toProposedIndexPath: proposed) ?? proposed
      record(
        .movement(.targetIndexPathForMove(movement.originalIndexPath, proposed: proposed, answer)))
      if canTake(answer, from: current) { target = answer }
    }
    let previousPosition = movement.position
    movement.position = targetPosition
    movement.currentIndexPath = target
    interactiveMovement = movement
    if target != current { reorder(from: current, to: target) }
    invalidateForMovement(to: target, at: targetPosition, from: current, at: previousPosition)
    layoutIfNeeded()
  }

  /// Ends the movement where the item is: the data source is told
  /// (`collectionView(_:moveItemAt:to:)`, even when the item is back where it began — as on
  /// a device, engine choice), then the layout gets the ending context and the cell returns
  /// to its place.
  public func endInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    layoutIfNeeded()
    interactiveMovement = nil
    let final = movement.currentIndexPath
    record(.movement(.moveItem(movement.originalIndexPath, final)))
    dataSource?.collectionView(self, moveItemAt: movement.originalIndexPath, to: final)
    invalidateForEnding(final: final, previous: final, cancelled: false, movement.position)
    layoutIfNeeded()
  }

  /// Cancels the movement: the item goes back to where it began, the data source is told
  /// nothing, and the layout gets the ending context with `movementCancelled` true.
  public func cancelInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    layoutIfNeeded()
    interactiveMovement = nil
    let (original, current) = (movement.originalIndexPath, movement.currentIndexPath)
    if current != original { reorder(from: current, to: original) }
    invalidateForEnding(final: original, previous: current, cancelled: true, movement.position)
    layoutIfNeeded()
  }

  /// Whether the moving item, now at `current`, can be shown at `path`: a section that
  /// exists, and an item that exists there — or one past the end of another section.
  func canTake(_ path: IndexPath, from current: IndexPath) -> Bool {
    guard path.section >= 0, path.item >= 0, path.section < sectionCounts.count else {
      return false
    }
    let count = sectionCounts[path.section]
    return path.section == current.section ? path.item < count : path.item <= count
  }

  /// The data as shown moves: counts, the selection, and (at the next pass) the views.
  func reorder(from: IndexPath, to: IndexPath) {
    sectionCounts[from.section] -= 1
    sectionCounts[to.section] += 1
    pendingReorders.append((from, to))
    needsFullQuery = true
    remapSelection { Self.reordered($0, from: from, to: to) }
  }

  /// Where an item shown at `path` is shown after the item at `from` moves to `to`.
  static func reordered(_ path: IndexPath, from: IndexPath, to: IndexPath) -> IndexPath {
    if path == from { return to }
    var p = path
    if p.section == from.section && p.item > from.item { p.item -= 1 }
    if p.section == to.section && p.item >= to.item { p.item += 1 }
    return p
  }

  /// The key a displayed element has after the reorders since the last pass.
  func reorderedKey(_ key: ElementKey) -> ElementKey {
    guard key.category == .cell else { return key }
    var path = key.indexPath
    for (from, to) in pendingReorders { path = Self.reordered(path, from: from, to: to) }
    return .cell(path)
  }

  private func invalidateForMovement(
    to target: IndexPath, at position: Point, from previous: IndexPath, at previousPosition: Point
  ) {
    let layout = collectionViewLayout
    let context = layout.invalidationContext(
      forInteractivelyMovingItems: [target], withTargetPosition: position,
      previousIndexPaths: [previous], previousPosition: previousPosition)
    record(
      .movement(
        .invalidationContextForMovingItems(
          [target], position, previous: [previous], previousPosition)))
    layout.invalidateLayout(with: context)
  }

  private func invalidateForEnding(
    final: IndexPath, previous: IndexPath, cancelled: Bool, _ position: Point
  ) {
    let layout = collectionViewLayout
    let context = layout.invalidationContextForEndingInteractiveMovementOfItems(
      toFinalIndexPaths: [final], previousIndexPaths: [previous], movementCancelled: cancelled)
    context.interactiveMovementTarget = position  // where the finger let go
    record(
      .movement(
        .invalidationContextForEnding(final: [final], previous: [previous], cancelled: cancelled)))
    layout.invalidateLayout(with: context)
  }

  /// In a pass while an item moves: the moving item's attributes are the layout's
  /// `layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:)`, in place of
  /// those of its place (which the layout's answers hold).
  func overlayMovingItem(_ cache: inout LayoutCache) {
    guard let movement = interactiveMovement else { return }
    let path = movement.currentIndexPath
    let attributes = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
      at: path, withTargetPosition: movement.position)
    record(.movement(.layoutAttributesForMovingItem(path, movement.position, attributes.frame)))
    if let at = cache.location(of: .cell(path)) {
      if cache.attributes(at: at) != attributes { cache.replace(at, with: attributes) }
    } else {
      cache.insert(attributes)
    }
  }
}
