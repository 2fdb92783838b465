import LayoutEngine

extension EngineJSON {
  /// The arguments and answer of an interactive-movement call.
  static func movementFields(_ callback: MovementCallback) -> [(String, JSON)] {
    func paths(_ list: [IndexPath]) -> JSON { .array(list.map(indexPath)) }
    switch callback {
    case .canMoveItem(let path, let answer):
      return [("indexPath", indexPath(path)), ("result", .bool(answer))]
    case .targetIndexPathForInteractivelyMovingItem(let path, let position, let answer):
      return [
        ("indexPath", indexPath(path)), ("position", point(position)),
        ("result", answer.map(indexPath) ?? .null),
      ]
    case .targetIndexPathForMove(let original, let proposed, let answer):
      return [
        ("original", indexPath(original)), ("proposed", indexPath(proposed)),
        ("result", indexPath(answer)),
      ]
    case .invalidationContextForMovingItems(let targets, let position, let previous, let before):
      return [
        ("targets", paths(targets)), ("position", point(position)),
        ("previous", paths(previous)), ("previousPosition", point(before)),
      ]
    case .invalidationContextForEnding(let final, let previous, let cancelled):
      return [
        ("final", paths(final)), ("previous", paths(previous)), ("cancelled", .bool(cancelled)),
      ]
    case .layoutAttributesForMovingItem(let path, let position, let frame):
      return [
        ("indexPath", indexPath(path)), ("position", point(position)), ("frame", rect(frame)),
      ]
    case .moveItem(let from, let to):
      return [("from", indexPath(from)), ("to", indexPath(to))]
    }
  }
}
