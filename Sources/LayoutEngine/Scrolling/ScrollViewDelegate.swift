/// `UIScrollViewDelegate`: what the scroll view tells its delegate while a finger drags it
/// and while it decelerates (SV-8). Every method has an empty default.
public protocol ScrollViewDelegate: AnyObject {
  func scrollViewDidScroll(_ collectionView: CollectionView)
  func scrollViewWillBeginDragging(_ collectionView: CollectionView)
  /// The delegate may change `targetContentOffset` (SV-8): the deceleration then ends there.
  func scrollViewWillEndDragging(
    _ collectionView: CollectionView, withVelocity velocity: Point,
    targetContentOffset: inout Point)
  func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool)
  func scrollViewWillBeginDecelerating(_ collectionView: CollectionView)
  func scrollViewDidEndDecelerating(_ collectionView: CollectionView)
  /// After an animated `setContentOffset` / `scrollToItem` / `scrollRectToVisible`.
  func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView)
  /// A tap on the status bar: whether to scroll to the top (default true).
  func scrollViewShouldScrollToTop(_ collectionView: CollectionView) -> Bool
  func scrollViewDidScrollToTop(_ collectionView: CollectionView)
}

extension ScrollViewDelegate {
  public func scrollViewDidScroll(_ collectionView: CollectionView) {}
  public func scrollViewWillBeginDragging(_ collectionView: CollectionView) {}
  public func scrollViewWillEndDragging(
    _ collectionView: CollectionView, withVelocity velocity: Point,
    targetContentOffset: inout Point
  ) {}
  public func scrollViewDidEndDragging(
    _ collectionView: CollectionView, willDecelerate decelerate: Bool
  ) {}
  public func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {}
  public func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {}
  public func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {}
  public func scrollViewShouldScrollToTop(_ collectionView: CollectionView) -> Bool { true }
  public func scrollViewDidScrollToTop(_ collectionView: CollectionView) {}
}

/// One scroll-view delegate callback, as the trace shows it (SV-8's names).
public enum ScrollViewCallback: Hashable, Sendable {
  case willBeginDragging
  case didScroll(offset: Point)
  case willEndDragging(velocity: Point, proposed: Point, target: Point)
  case didEndDragging(willDecelerate: Bool)
  case willBeginDecelerating
  case didEndDecelerating
  case didEndScrollingAnimation
  case shouldScrollToTop(Bool)
  case didScrollToTop

  public var name: String {
    switch self {
    case .willBeginDragging: "scrollViewWillBeginDragging(_:)"
    case .didScroll: "scrollViewDidScroll(_:)"
    case .willEndDragging: "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)"
    case .didEndDragging: "scrollViewDidEndDragging(_:willDecelerate:)"
    case .willBeginDecelerating: "scrollViewWillBeginDecelerating(_:)"
    case .didEndDecelerating: "scrollViewDidEndDecelerating(_:)"
    case .didEndScrollingAnimation: "scrollViewDidEndScrollingAnimation(_:)"
    case .shouldScrollToTop: "scrollViewShouldScrollToTop(_:)"
    case .didScrollToTop: "scrollViewDidScrollToTop(_:)"
    }
  }

  public var description: String {
    switch self {
    case .didScroll(let offset): "\(name) → offset \(offset)"
    case .willEndDragging(let velocity, let proposed, let target):
      "scrollViewWillEndDragging(withVelocity: \(velocity), targetContentOffset: \(proposed))"
        + (proposed == target ? "" : " → \(target)")
    case .didEndDragging(let decelerate): "scrollViewDidEndDragging(willDecelerate: \(decelerate))"
    case .shouldScrollToTop(let result): "\(name) → \(result)"
    default: name
    }
  }
}
