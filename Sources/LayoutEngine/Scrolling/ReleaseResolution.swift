/// What the collection view decided when a finger last lifted (`endDragging(velocity:)`),
/// as it decided it (`why offset`): where and how fast the content was moving, the resting
/// point it proposed (SV-7 for a free fling, SV-11 when paging, the edge for an axis
/// released past it, SV-9), the layout's answer (LAY-13), the range it was kept in (SV-3)
/// and the delegate's final word (SV-8).
public struct ReleaseResolution: Sendable, Hashable {
  /// The offset when the finger lifted, and its velocity in points per millisecond (0 on
  /// an axis that cannot scroll).
  public var offset: Point
  public var velocity: Point
  /// The deceleration rate per millisecond (the fast rate when paging, SV-11).
  public var rate: Double
  public var paging: Bool
  /// The offset moved into the range, when it was past an edge on an axis (nil: in range).
  public var pastEdge: Point?
  /// A free fling's resting point (SV-7), and what the layout's
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` made of it;
  /// nil when the layout was not asked (past an edge, or paging).
  public var resting: Point?
  public var layoutTarget: Point?
  /// The proposal offered to the delegate (kept in range), and the target after it.
  public var proposed: Point
  public var target: Point
  /// How far code moved the offset while the content coasted (`contentOffset` set from
  /// `scrollViewDidScroll`, which moves the deceleration with it: a carousel's recentring),
  /// so that the content rests at `target + shift`.
  public var shift = Point.zero

  /// Where the content comes to rest: the target, moved as the deceleration was.
  public var restingOffset: Point { Point(x: target.x + shift.x, y: target.y + shift.y) }
}
