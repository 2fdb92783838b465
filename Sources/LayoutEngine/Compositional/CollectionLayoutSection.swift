/// `UICollectionLayoutSectionOrthogonalScrollingBehavior` (COMP-9); raw values are UIKit's.
public enum CollectionLayoutSectionOrthogonalScrollingBehavior: Int, Hashable, Sendable,
  CaseIterable
{
  /// The section's groups follow one another along the layout's axis.
  case none = 0
  /// The groups run across, in a scroller of their own that decelerates normally.
  case continuous = 1
  /// As `continuous`, but a fling comes to rest on a group's leading edge.
  case continuousGroupLeadingBoundary = 2
  /// Pages the width of the collection view, fast deceleration.
  case paging = 3
  /// Pages one group wide.
  case groupPaging = 4
  /// Pages one group wide, each group centred: the leading and trailing insets become
  /// half of what the container leaves beside one group.
  case groupPagingCentered = 5
}

/// `NSCollectionLayoutVisibleItem` (COMP-14): what a section's
/// `visibleItemsInvalidationHandler` may change about an element on screen. A class, as
/// UIKit's protocol object: the handler changes the items it is given in place.
public final class CollectionLayoutVisibleItem {
  public var alpha: Double
  public var zIndex: Int
  public var isHidden: Bool
  public var center: Point
  public var transform3D: Transform3D
  public let indexPath: IndexPath
  public let frame: Rect
  public let representedElementCategory: ElementCategory
  public let representedElementKind: String?

  /// From the drawn place to the handler's: in an orthogonal section's scroller, the
  /// scroller's offset (COMP-14).
  let shift: Point

  /// `shift`: an element inside an orthogonal section's scroller is given to the handler
  /// where it stands in the scroller's content — its drawn place plus the scroller's
  /// offset — so `frame.midX - offset.x` is where it is on screen, as handlers written for
  /// UIKit compute it (engine reading of COMP-14: the offset the handler receives is the
  /// scroller's, and apps subtract it from the frame). A centre the handler sets is read
  /// back in the same coordinates.
  init(_ attributes: LayoutAttributes, shift: Point = .zero) {
    self.shift = shift
    alpha = attributes.alpha
    zIndex = attributes.zIndex
    isHidden = attributes.isHidden
    center = Point(x: attributes.center.x + shift.x, y: attributes.center.y + shift.y)
    transform3D = attributes.transform3D
    indexPath = attributes.indexPath
    frame = attributes.frame.offsetBy(dx: shift.x, dy: shift.y)
    representedElementCategory = attributes.representedElementCategory
    representedElementKind = attributes.representedElementKind
  }

  /// The element's bounds: its size at the origin.
  public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
  public var name: String { representedElementKind ?? ElementKind.cell }

  /// The attributes with the handler's changes.
  func applied(to attributes: LayoutAttributes) -> LayoutAttributes {
    var a = attributes
    a.alpha = alpha
    a.zIndex = zIndex
    a.isHidden = isHidden
    a.center = Point(x: center.x - shift.x, y: center.y - shift.y)
    a.transform3D = transform3D
    return a
  }
}

/// `NSCollectionLayoutSection`: a group repeated until the section's items run out
/// (COMP-8), with insets, spacing, boundary items, backgrounds, and optionally a scroller
/// of its own across the layout's axis (COMP-9).
public final class CollectionLayoutSection {
  public let group: CollectionLayoutGroup
  /// Between consecutive groups. Default 0.
  public var interGroupSpacing: Double = 0
  /// Around the groups (COMP-3, COMP-11).
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// `.automatic` follows the configuration's reference.
  public var contentInsetsReference: ContentInsetsReference = .automatic
  /// Boundary items are inset by the section's leading and trailing contentInsets
  /// (COMP-10). Default true.
  public var supplementariesFollowContentInsets = true
  public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
  public var decorationItems: [CollectionLayoutDecorationItem] = []
  public var orthogonalScrollingBehavior: CollectionLayoutSectionOrthogonalScrollingBehavior =
    .none
  /// COMP-14: called at every layout pass with the section's elements on screen, the
  /// section's scroll offset (its own scroller's for an orthogonal section, the collection
  /// view's otherwise) and the environment; it may change their alpha, zIndex, hidden
  /// state, centre and transform. An orthogonal section's cells and badges are given in
  /// its scroller's content coordinates (`CollectionLayoutVisibleItem.init`).
  public var visibleItemsInvalidationHandler:
    (([CollectionLayoutVisibleItem], Point, CollectionLayoutEnvironment) -> Void)?

  public init(group: CollectionLayoutGroup) {
    self.group = group
  }
}

/// `UICollectionViewCompositionalLayoutConfiguration` (COMP-8): an object, as UIKit's is
/// (an app writes `let configuration = …; configuration.scrollDirection = .horizontal`).
/// The layout keeps a copy of what is assigned and hands out copies, as UIKit's `copy`
/// property does: changing a configuration has no effect on a layout until it is assigned.
public final class CollectionViewCompositionalLayoutConfiguration {
  public var scrollDirection: CollectionViewFlowLayout.ScrollDirection = .vertical
  /// Between consecutive sections. Default 0.
  public var interSectionSpacing: Double = 0
  /// Headers and footers of the whole layout.
  public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
  /// Default `.safeArea`.
  public var contentInsetsReference: ContentInsetsReference = .safeArea

  public init() {}

  /// `NSCopying`: a configuration with the same values.
  public func copy() -> CollectionViewCompositionalLayoutConfiguration {
    let copy = CollectionViewCompositionalLayoutConfiguration()
    copy.scrollDirection = scrollDirection
    copy.interSectionSpacing = interSectionSpacing
    copy.boundarySupplementaryItems = boundarySupplementaryItems
    copy.contentInsetsReference = contentInsetsReference
    return copy
  }
}
