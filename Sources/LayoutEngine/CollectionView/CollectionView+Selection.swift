/// Selection and highlight: the collection view's state, the programmatic calls, and the
/// sequence a finger sets off, in the order UICollectionView.h documents it:
///
///     touch down: collectionView(_:shouldHighlightItemAt:), collectionView(_:didHighlightItemAt:)
///     touch up:   collectionView(_:shouldSelectItemAt:) or (_:shouldDeselectItemAt:),
///                 collectionView(_:didSelectItemAt:) or (_:didDeselectItemAt:),
///                 collectionView(_:didUnhighlightItemAt:)
///
/// Every delegate call is recorded whether or not a delegate answers (the defaults are
/// `true` and nothing), as display events are: a trace shows what UIKit would send.
extension CollectionView {
  /// `allowsSelection` (default true). Engine choice (OPEN): when false a touch neither
  /// highlights nor selects and sends no delegate message; `selectItem(at:…)` has no effect
  /// (documented by UIKit). The current selection is kept.
  public var allowsSelection: Bool {
    get { selectionState.allowsSelection }
    set { selectionState.allowsSelection = newValue }
  }

  /// `allowsMultipleSelection` (default false): a tap toggles an item instead of replacing
  /// the selection.
  public var allowsMultipleSelection: Bool {
    get { selectionState.allowsMultipleSelection }
    set { selectionState.allowsMultipleSelection = newValue }
  }

  /// `isUserInteractionEnabled` (UIView's, default true): when false, touches pass through
  /// this view to the views behind it (see `CollectionViewLayers.collectionViewForTouch`).
  public var isUserInteractionEnabled: Bool {
    get { selectionState.userInteractionEnabled }
    set { selectionState.userInteractionEnabled = newValue }
  }

  /// `indexPathsForSelectedItems`, sorted (UIKit gives no order).
  public var indexPathsForSelectedItems: [IndexPath] { selectionState.selected.sorted() }

  /// Whether the item is selected (`cell.isSelected`, whether or not it is displayed).
  public func isItemSelected(at indexPath: IndexPath) -> Bool {
    selectionState.selected.contains(indexPath)
  }

  /// Whether a finger holds the item highlighted (`cell.isHighlighted`).
  public func isItemHighlighted(at indexPath: IndexPath) -> Bool {
    selectionState.highlighted.contains(indexPath)
  }

  /// The item a finger is down on, highlighted and waiting for the lift.
  public var trackedItem: IndexPath? { selectionState.touching }

  /// `selectItem(at:animated:scrollPosition:)`: no delegate message (UIKit sends none for
  /// programmatic calls). `nil` deselects everything; without multiple selection the new
  /// item replaces the selection. Returns the items whose state changed.
  @discardableResult
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []
  ) -> [IndexPath] {
    guard let indexPath else {
      let changed = indexPathsForSelectedItems
      selectionState.selected.removeAll()
      return changed
    }
    guard allowsSelection else { return [] }
    var changed: [IndexPath] = []
    if !allowsMultipleSelection {
      changed = indexPathsForSelectedItems.filter { $0 != indexPath }
      selectionState.selected.subtract(changed)
    }
    if selectionState.selected.insert(indexPath).inserted { changed.append(indexPath) }
    if !scrollPosition.isEmpty {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
    return changed
  }

  /// `deselectItem(at:animated:)`: no delegate message. Returns whether it was selected.
  @discardableResult
  public func deselectItem(at indexPath: IndexPath, animated: Bool = false) -> Bool {
    selectionState.selected.remove(indexPath) != nil
  }

  /// The displayed cell a finger at `point` (content coordinates) lands on: views are hit
  /// tested, not the layout (UIView's `hitTest(_:with:)`), so only what is on screen can be
  /// touched, a hidden view or one with alpha below 0.01 is passed through, and the
  /// frontmost cell wins (highest zIndex, then the later in display order; DISP-6, OPEN-5).
  /// Engine choice (OPEN): the untransformed frame is tested.
  public func cellForTouch(at point: Point) -> IndexPath? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    return layoutCache?.frontmostDisplayedCell(containing: point, minimumAlpha: 0.01)?.indexPath
  }

  /// `touchesBegan`: the cell under the finger is asked whether it highlights; if so it is
  /// highlighted and tracked until `touchesEnded`. A `false` answer bypasses the whole
  /// selection process (the documented meaning of `shouldHighlightItemAt`). Returns the
  /// tracked item.
  @discardableResult
  public func touchesBegan(at point: Point) -> IndexPath? {
    touchesCancelled()
    guard allowsSelection, let path = cellForTouch(at: point) else { return nil }
    let highlight = delegate?.collectionView(self, shouldHighlightItemAt: path) ?? true
    record(.selection(.shouldHighlight(path, highlight)))
    guard highlight else { return nil }
    selectionState.highlighted.insert(path)
    selectionState.touching = path
    record(.selection(.didHighlight(path)))
    delegate?.collectionView(self, didHighlightItemAt: path)
    return path
  }

  /// `touchesEnded` at `point`: when the finger lifts on the tracked item it is selected —
  /// or, under multiple selection, deselected if it was selected — and then unhighlighted.
  /// Lifted elsewhere, the item is only unhighlighted.
  public func touchesEnded(at point: Point) {
    guard let path = selectionState.touching else { return }
    selectionState.touching = nil
    if cellForTouch(at: point) == path { userSelected(path) }
    unhighlight(path)
  }

  /// `touchesCancelled` (a scroll took the touch over): the tracked item is unhighlighted
  /// and nothing is selected.
  public func touchesCancelled() {
    guard let path = selectionState.touching else { return }
    selectionState.touching = nil
    unhighlight(path)
  }

  private func unhighlight(_ path: IndexPath) {
    guard selectionState.highlighted.remove(path) != nil else { return }
    record(.selection(.didUnhighlight(path)))
    delegate?.collectionView(self, didUnhighlightItemAt: path)
  }

  /// The lift on an item. Under multiple selection a selected item is deselected
  /// (`shouldDeselectItemAt`); otherwise it is selected (`shouldSelectItemAt`), again if
  /// it already was. Engine choice (OPEN, as PSTCollectionView): without multiple selection
  /// the item it replaces is deselected with `didDeselectItemAt` only — `shouldDeselect`
  /// is asked for a user's deselection, and the user chose another item — and only when
  /// the new item may be selected.
  private func userSelected(_ path: IndexPath) {
    if allowsMultipleSelection && isItemSelected(at: path) {
      let deselect = delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true
      record(.selection(.shouldDeselect(path, deselect)))
      if deselect { notifyDeselected(path) }
      return
    }
    let select = delegate?.collectionView(self, shouldSelectItemAt: path) ?? true
    record(.selection(.shouldSelect(path, select)))
    guard select else { return }
    if !allowsMultipleSelection {
      for other in indexPathsForSelectedItems where other != path { notifyDeselected(other) }
    }
    selectionState.selected.insert(path)
    record(.selection(.didSelect(path)))
    delegate?.collectionView(self, didSelectItemAt: path)
  }

  private func notifyDeselected(_ path: IndexPath) {
    selectionState.selected.remove(path)
    record(.selection(.didDeselect(path)))
    delegate?.collectionView(self, didDeselectItemAt: path)
  }

  /// After a batch update the selection follows its items (BATCH-3's map); deleted and
  /// reloaded items leave it. A reload of the data clears it (engine choice, OPEN).
  func remapSelection(_ map: (IndexPath) -> IndexPath?) {
    if selectionState.selected.isEmpty && selectionState.highlighted.isEmpty { return }
    selectionState.selected = Set(selectionState.selected.compactMap(map))
    selectionState.highlighted = Set(selectionState.highlighted.compactMap(map))
    selectionState.touching = selectionState.touching.flatMap(map)
  }
}

/// What the collection view keeps of selection and touches.
struct SelectionState {
  var allowsSelection = true
  var allowsMultipleSelection = false
  var userInteractionEnabled = true
  var selected: Set<IndexPath> = []
  var highlighted: Set<IndexPath> = []
  /// The item highlighted at touch-down, selected if the finger lifts on it.
  var touching: IndexPath?
}

/// A selection or highlight message to the delegate, with its answer.
public enum SelectionCallback: Hashable, Sendable {
  case shouldHighlight(IndexPath, Bool)
  case didHighlight(IndexPath)
  case didUnhighlight(IndexPath)
  case shouldSelect(IndexPath, Bool)
  case didSelect(IndexPath)
  case shouldDeselect(IndexPath, Bool)
  case didDeselect(IndexPath)

  /// The UIKit selector: `collectionView(_:didSelectItemAt:)`.
  public var name: String {
    switch self {
    case .shouldHighlight: "collectionView(_:shouldHighlightItemAt:)"
    case .didHighlight: "collectionView(_:didHighlightItemAt:)"
    case .didUnhighlight: "collectionView(_:didUnhighlightItemAt:)"
    case .shouldSelect: "collectionView(_:shouldSelectItemAt:)"
    case .didSelect: "collectionView(_:didSelectItemAt:)"
    case .shouldDeselect: "collectionView(_:shouldDeselectItemAt:)"
    case .didDeselect: "collectionView(_:didDeselectItemAt:)"
    }
  }
}

extension SelectionCallback: CustomStringConvertible {
  /// `collectionView(_:shouldSelectItemAt: [0, 3]) → true`.
  public var description: String {
    let call = name.dropLast()
    switch self {
    case .shouldHighlight(let path, let answer), .shouldSelect(let path, let answer),
      .shouldDeselect(let path, let answer):
      return "\(call) \(path)) → \(answer)"
    case .didHighlight(let path), .didUnhighlight(let path), .didSelect(let path),
      .didDeselect(let path):
      return "\(call) \(path))"
    }
  }
}
