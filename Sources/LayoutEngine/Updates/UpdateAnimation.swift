/// How one element takes part in an animated update.
public enum UpdateChange: String, Hashable, Sendable {
  /// Inserted by the batch (or a new section's element): it appears.
  case inserted
  /// Deleted by the batch (or a deleted section's element): it disappears.
  case deleted
  /// Named by a move: it goes from its old place to its new one.
  case moved
  /// Reloaded: a new view replaces the old one at its (possibly shifted) place.
  case reloaded
  /// Untouched by the batch, but its index path or frame changed around it.
  case shifted
  /// Untouched, and where it was.
  case unchanged
}

/// One element's animation in an update (LAY-14, LAY-15): from its initial to its final
/// attributes. An element on screen before and after has both keys; an appearing one only
/// `newKey`, a disappearing one only `oldKey`.
public struct UpdateTrack: Hashable, Sendable {
  public var oldKey: ElementKey?
  public var newKey: ElementKey?
  public var from: LayoutAttributes
  public var to: LayoutAttributes
  public var change: UpdateChange
  /// True when the element's view leaves the screen at the end of the animation (deleted,
  /// the old view of a reload, or moved out of the visible area).
  public var disappears: Bool

  public init(
    oldKey: ElementKey?, newKey: ElementKey?, from: LayoutAttributes, to: LayoutAttributes,
    change: UpdateChange, disappears: Bool
  ) {
    self.disappears = disappears
    self.oldKey = oldKey
    self.newKey = newKey
    self.from = from
    self.to = to
    self.change = change
  }

  /// The attributes at `progress` (0 = `from`, 1 = `to`): centre, size, alpha and each
  /// component of the 3D transform move linearly (LAY-16's assumption, L); zIndex, kind,
  /// category and index path are the final ones, and the element is hidden only while
  /// both ends are hidden.
  public func attributes(at progress: Double) -> LayoutAttributes {
    let t = min(max(progress, 0), 1)
    if t == 1 { return to }
    var a = to
    a.size = Size(
      width: lerp(from.size.width, to.size.width, t),
      height: lerp(from.size.height, to.size.height, t))
    a.center = Point(x: lerp(from.center.x, to.center.x, t), y: lerp(from.center.y, to.center.y, t))
    a.alpha = lerp(from.alpha, to.alpha, t)
    a.isHidden = from.isHidden && to.isHidden
    if !(from.transform3D.isIdentity && to.transform3D.isIdentity) {
      a.transform3D = from.transform3D.interpolated(to: to.transform3D, t)
    }
    return a
  }
}

/// The animation of one batch update: a track for every element on screen before or after
/// it, in the order the new layout answered (appearing and surviving elements) followed by
/// the disappearing ones in their old order.
public struct UpdateAnimation: Hashable, Sendable {
  public var tracks: [UpdateTrack]
  /// What the layout was told (BATCH-9).
  public var updateItems: [CollectionViewUpdateItem]
  /// The content offset before the change: the bounds move from there to the new offset
  /// inside the same animation block (a layout change's target offset, LAY-13). The model
  /// value (`contentOffset`) is the new one at once, as UIKit's is; only the presentation
  /// moves.
  public var offsetBefore: Point?

  public init(
    tracks: [UpdateTrack], updateItems: [CollectionViewUpdateItem], offsetBefore: Point? = nil
  ) {
    self.tracks = tracks
    self.updateItems = updateItems
    self.offsetBefore = offsetBefore
  }

  /// Every element as drawn at `progress`.
  public func attributes(at progress: Double) -> [LayoutAttributes] {
    tracks.map { $0.attributes(at: progress) }
  }
}

@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

extension Transform3D {
  /// Component-wise linear interpolation (LAY-16's per-property assumption, L).
  func interpolated(to other: Transform3D, _ t: Double) -> Transform3D {
    Transform3D(
      m11: lerp(m11, other.m11, t), m12: lerp(m12, other.m12, t), m13: lerp(m13, other.m13, t),
      m14: lerp(m14, other.m14, t), m21: lerp(m21, other.m21, t), m22: lerp(m22, other.m22, t),
      m23: lerp(m23, other.m23, t), m24: lerp(m24, other.m24, t), m31: lerp(m31, other.m31, t),
      m32: lerp(m32, other.m32, t), m33: lerp(m33, other.m33, t), m34: lerp(m34, other.m34, t),
      m41: lerp(m41, other.m41, t), m42: lerp(m42, other.m42, t), m43: lerp(m43, other.m43, t),
      m44: lerp(m44, other.m44, t))
  }
}

extension CollectionViewUpdateItem: CustomStringConvertible {
  /// The short form UIKit's update descriptions use: `I(0,3)`, `D(0,1)`, `R(0,2)->(0,2)`,
  /// `M(0,5)->(1,0)`; a section-level item writes `section 2` for its path.
  public var description: String {
    func path(_ p: IndexPath?) -> String {
      guard let p else { return "nil" }
      return p.item == IndexPath.notFound ? "(section \(p.section))" : "(\(p.section),\(p.item))"
    }
    switch updateAction {
    case .insert: return "I" + path(indexPathAfterUpdate)
    case .delete: return "D" + path(indexPathBeforeUpdate)
    case .reload: return "R" + path(indexPathBeforeUpdate) + "->" + path(indexPathAfterUpdate)
    case .move: return "M" + path(indexPathBeforeUpdate) + "->" + path(indexPathAfterUpdate)
    case .none: return "N" + path(indexPathBeforeUpdate)
    }
  }
}
