/// `NSCollectionLayoutDimension` (COMP-1): one axis of a compositional element's size.
///
/// `fractionalWidth(f)` and `fractionalHeight(f)` are f × the containing group's content
/// width or height (a group's: the section container's); either axis may name the other
/// (a square item is `fractionalWidth(0.5)` on both). `absolute(v)` is v points;
/// `estimated(v)` is v until the cell reports the size its content wants (self-sizing).
public struct CollectionLayoutDimension: Hashable, Sendable {
  /// What the number means; raw values are UIKit's private semantic codes.
  public enum Semantic: Int, Hashable, Sendable {
    case absolute = 0
    case fractionalWidth = 1
    case fractionalHeight = 2
    case estimated = 3
  }

  public let semantic: Semantic
  public let dimension: Double

  public init(semantic: Semantic, dimension: Double) {
    self.semantic = semantic
    self.dimension = dimension
  }

  public static func fractionalWidth(_ f: Double) -> Self {
    Self(semantic: .fractionalWidth, dimension: f)
  }
  public static func fractionalHeight(_ f: Double) -> Self {
    Self(semantic: .fractionalHeight, dimension: f)
  }
  public static func absolute(_ v: Double) -> Self { Self(semantic: .absolute, dimension: v) }
  public static func estimated(_ v: Double) -> Self { Self(semantic: .estimated, dimension: v) }

  public var isFractionalWidth: Bool { semantic == .fractionalWidth }
  public var isFractionalHeight: Bool { semantic == .fractionalHeight }
  public var isAbsolute: Bool { semantic == .absolute }
  public var isEstimated: Bool { semantic == .estimated }

  /// The dimension in points inside a container whose content is `container`.
  ///
  /// With a display scale, fractional values are floored to the pixel grid as UIKit does
  /// (at 3x, 414 × 0.2 = 82.8 is 82.667); absolute and estimated values are kept. Without
  /// one (scale 0, the engine's default) they are exact and the group's fit test allows
  /// for the last bit instead (COMP-15a).
  public func resolved(in container: Size, scale: Double = 0) -> Double {
    let v: Double
    switch semantic {
    case .absolute, .estimated: return dimension
    case .fractionalWidth: v = dimension * container.width
    case .fractionalHeight: v = dimension * container.height
    }
    guard scale > 0, v.isFinite else { return v }
    return (v * scale).rounded(.down) / scale
  }
}

/// `NSCollectionLayoutSize`: a width and a height dimension.
public struct CollectionLayoutSize: Hashable, Sendable {
  public let widthDimension: CollectionLayoutDimension
  public let heightDimension: CollectionLayoutDimension

  public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension)
  {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  public func resolved(in container: Size, scale: Double = 0) -> Size {
    Size(
      width: widthDimension.resolved(in: container, scale: scale),
      height: heightDimension.resolved(in: container, scale: scale))
  }
}

/// `NSCollectionLayoutSpacing`: `fixed(v)` is exactly v; `flexible(v)` is at least v, and
/// shares the space a group leaves over with the other flexible spacings (COMP-6).
public enum CollectionLayoutSpacing: Hashable, Sendable {
  case fixed(Double)
  case flexible(Double)

  /// The spacing's own value: exact when fixed, the minimum when flexible.
  public var spacing: Double {
    switch self {
    case .fixed(let v), .flexible(let v): v
    }
  }
  public var isFixedSpacing: Bool { if case .fixed = self { true } else { false } }
  public var isFlexibleSpacing: Bool { !isFixedSpacing }
}

/// `NSCollectionLayoutEdgeSpacing` (COMP-4): outsets around an item used while its group
/// places it; they move its neighbours, not the item's own size. A nil edge is no space.
public struct CollectionLayoutEdgeSpacing: Hashable, Sendable {
  public var leading: CollectionLayoutSpacing?
  public var top: CollectionLayoutSpacing?
  public var trailing: CollectionLayoutSpacing?
  public var bottom: CollectionLayoutSpacing?

  public init(
    leading: CollectionLayoutSpacing? = nil, top: CollectionLayoutSpacing? = nil,
    trailing: CollectionLayoutSpacing? = nil, bottom: CollectionLayoutSpacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}

/// `NSDirectionalEdgeInsets`: leading and trailing rather than left and right. The engine
/// lays out left to right, so leading is left.
///
/// OPEN-6 (COMP-2): the header says a container's inset below 1.0 is a fraction of the
/// container; the engine reads every section, group and item inset as points, which is
/// what every Apple sample writes. A fraction is `leading: 0.15 * width` spelled out.
public struct DirectionalEdgeInsets: Hashable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public init(all value: Double) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  public static let zero = DirectionalEdgeInsets(all: 0)

  /// The same insets as left/right `EdgeInsets` (left to right).
  public var edgeInsets: EdgeInsets {
    EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
  }
}

/// `NSDirectionalRectEdge`: the edges an anchor names.
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static let top = Self(rawValue: 1 << 0)
  public static let leading = Self(rawValue: 1 << 1)
  public static let bottom = Self(rawValue: 1 << 2)
  public static let trailing = Self(rawValue: 1 << 3)
  public static let all: Self = [.top, .leading, .bottom, .trailing]
}

/// `NSRectAlignment`: where a boundary supplementary item sits on its host (raw values are
/// UIKit's).
public enum RectAlignment: Int, Hashable, Sendable, CaseIterable {
  case none = 0
  case top = 1
  case topLeading = 2
  case leading = 3
  case bottomLeading = 4
  case bottom = 5
  case bottomTrailing = 6
  case trailing = 7
  case topTrailing = 8
}

/// `UIContentInsetsReference` (iOS 14): the insets a section's content is measured from.
public enum ContentInsetsReference: Int, Hashable, Sendable {
  case automatic = 0
  case none = 1
  case safeArea = 2
  case layoutMargins = 3
  case readableContent = 4
}
