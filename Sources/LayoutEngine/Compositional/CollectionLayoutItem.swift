/// `NSCollectionLayoutItem`: the smallest piece of a compositional layout, one cell.
///
/// A class, as in UIKit, because a group *is* an item (`CollectionLayoutGroup` subclasses
/// it) and a group's subitems mix the two. The layout never changes a descriptor; it reads
/// them at each `prepare()`.
open class CollectionLayoutItem {
  public let layoutSize: CollectionLayoutSize
  /// COMP-4: shrink the item's frame after its group placed it (gutters); ignored on an
  /// axis whose dimension is `.estimated` (COMP-15e).
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// COMP-4: outsets used while positioning; a flexible edge takes a share of the space
  /// the group leaves over.
  public var edgeSpacing: CollectionLayoutEdgeSpacing?
  /// Badges and other views anchored to the item (COMP-13); each with a kind of its own.
  /// An item's are given when it is made; a group's may be set later, as in UIKit.
  public internal(set) var supplementaryItems: [CollectionLayoutSupplementaryItem]

  public init(
    layoutSize: CollectionLayoutSize, supplementaryItems: [CollectionLayoutSupplementaryItem] = []
  ) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
  }
}

/// `NSCollectionLayoutAnchor` (COMP-13): which edges of its host a supplementary item is
/// pinned to, and an offset — absolute in points, or fractional in units of the
/// supplementary's own size.
public struct CollectionLayoutAnchor: Hashable, Sendable {
  public let edges: DirectionalRectEdge
  public let offset: Point
  public let isAbsoluteOffset: Bool

  public init(edges: DirectionalRectEdge) {
    self.init(edges: edges, offset: .zero, absolute: true)
  }
  public init(edges: DirectionalRectEdge, absoluteOffset: Point) {
    self.init(edges: edges, offset: absoluteOffset, absolute: true)
  }
  public init(edges: DirectionalRectEdge, fractionalOffset: Point) {
    self.init(edges: edges, offset: fractionalOffset, absolute: false)
  }
  private init(edges: DirectionalRectEdge, offset: Point, absolute: Bool) {
    self.edges = edges
    self.offset = offset
    self.isAbsoluteOffset = absolute
  }

  public var isFractionalOffset: Bool { !isAbsoluteOffset }

  /// The anchor's point as a unit position on a box: leading 0, trailing 1, neither (or
  /// both) ½; top 0, bottom 1, neither (or both) ½.
  var unitPoint: Point {
    func unit(_ low: Bool, _ high: Bool) -> Double { low == high ? 0.5 : (low ? 0 : 1) }
    return Point(
      x: unit(edges.contains(.leading), edges.contains(.trailing)),
      y: unit(edges.contains(.top), edges.contains(.bottom)))
  }

  /// The offset in points for an element of `size`.
  func offset(for size: Size) -> Point {
    isAbsoluteOffset ? offset : Point(x: offset.x * size.width, y: offset.y * size.height)
  }

  /// Where an element of `size` anchored by `self` (and `itemAnchor`, the point of the
  /// element that meets the host's anchor point) sits on `host`: the element's anchor point
  /// on the host's, then the offsets. TV-35: a 20×20 badge at [top, trailing] with
  /// fractional offset (0.5, −0.5) on (0, 0, 100, 100) is (90, −10, 20, 20).
  func frame(of size: Size, on host: Rect, itemAnchor: CollectionLayoutAnchor?) -> Rect {
    let a = unitPoint
    let e = (itemAnchor ?? self).unitPoint
    let own = offset(for: size)
    let extra = itemAnchor?.offset(for: size) ?? .zero
    return Rect(
      x: host.minX + host.width * a.x - size.width * e.x + own.x + extra.x,
      y: host.minY + host.height * a.y - size.height * e.y + own.y + extra.y,
      width: size.width, height: size.height)
  }
}

/// `NSCollectionLayoutSupplementaryItem` (COMP-13): a view anchored to an item or a group,
/// with an element kind unique in its section. Its index path is its host's. Its size is
/// resolved against its host's frame.
open class CollectionLayoutSupplementaryItem: CollectionLayoutItem {
  public let elementKind: String
  public let containerAnchor: CollectionLayoutAnchor
  public let itemAnchor: CollectionLayoutAnchor?
  /// Default 1: above the cells (UIKit's default).
  public var zIndex = 1

  public init(
    layoutSize: CollectionLayoutSize, elementKind: String,
    containerAnchor: CollectionLayoutAnchor, itemAnchor: CollectionLayoutAnchor? = nil
  ) {
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    super.init(layoutSize: layoutSize)
  }
}

/// `NSCollectionLayoutBoundarySupplementaryItem` (COMP-10): a header, a footer or another
/// view on an edge of a section (or of the whole layout).
///
/// `extendsBoundary` (default true) makes room for it: a `.top` header pushes the groups
/// down, a `.bottom` footer follows them. `pinToVisibleBounds` keeps it on screen while
/// its host is (COMP-10, OPEN-6: a pinned header stops where the section's footer starts,
/// as the flow layout's does, OPEN-2). `offset` moves it after placement.
public final class CollectionLayoutBoundarySupplementaryItem: CollectionLayoutSupplementaryItem {
  public let alignment: RectAlignment
  public let offset: Point
  public var extendsBoundary = true
  public var pinToVisibleBounds = false

  public init(
    layoutSize: CollectionLayoutSize, elementKind: String, alignment: RectAlignment,
    absoluteOffset: Point = .zero
  ) {
    self.alignment = alignment
    self.offset = absoluteOffset
    super.init(
      layoutSize: layoutSize, elementKind: elementKind,
      containerAnchor: CollectionLayoutAnchor(edges: alignment.edges))
  }
}

extension RectAlignment {
  /// The edges of the host this alignment touches.
  public var edges: DirectionalRectEdge {
    switch self {
    case .none: []
    case .top: .top
    case .topLeading: [.top, .leading]
    case .leading: .leading
    case .bottomLeading: [.bottom, .leading]
    case .bottom: .bottom
    case .bottomTrailing: [.bottom, .trailing]
    case .trailing: .trailing
    case .topTrailing: [.top, .trailing]
    }
  }
}

/// `NSCollectionLayoutDecorationItem` (COMP-12): a section's background, drawn behind it.
/// zIndex 0, and the section's other elements are promoted to zIndex 1. Its index path is
/// `[section, 0]`; register its kind on the layout (`register(decorationViewOfKind:)`).
public final class CollectionLayoutDecorationItem: CollectionLayoutItem {
  public let elementKind: String
  public var zIndex = 0

  private init(elementKind: String) {
    self.elementKind = elementKind
    super.init(
      layoutSize: CollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
  }

  /// `background(elementKind:)`.
  public static func background(elementKind: String) -> CollectionLayoutDecorationItem {
    CollectionLayoutDecorationItem(elementKind: elementKind)
  }
}
