/// A rectangle (CoreGraphics' `CGRect`) with CoreGraphics' semantics, rule by rule:
///
/// - GEO-2: `maxX = minX + width`; rect (0, 0, 10, 5) has `maxX` 10.
/// - GEO-3: every query works on the *standardized* rect, so negative sizes are legal.
/// - GEO-4: `Rect.null` (origin at +infinity) is the empty set: it intersects nothing and is
///   the identity of `union`.
/// - GEO-5: intersection is closed; rects that share only an edge intersect, and their
///   intersection is a zero-width (or zero-height) rect, not `null`.
/// - GEO-8: `contains(_: Point)` is half-open (min edges inside, max edges outside).
/// - GEO-9: `insetBy` that would make a negative size gives `null`; `divided` clamps.
public struct Rect: Hashable, Sendable, BitwiseCopyable {
  public var origin: Point
  public var size: Size

  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The null rectangle (GEO-4): what the intersection of disjoint rects returns.
  public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

  /// GEO-4: a rect is null when its origin is at infinity.
  @inlinable
  public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

  /// GEO-7: null, or zero width, or zero height.
  public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

  /// GEO-3: origin moved to the min corner, size made non-negative. Null stays null.
  @inlinable
  public var standardized: Rect {
    if isNull || (size.width >= 0 && size.height >= 0) { return self }
    var r = self
    if r.size.width < 0 {
      r.origin.x += r.size.width
      r.size.width = -r.size.width
    }
    if r.size.height < 0 {
      r.origin.y += r.size.height
      r.size.height = -r.size.height
    }
    return r
  }

  @inlinable public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
  @inlinable public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
  @inlinable public var maxX: Double { size.width < 0 ? origin.x : origin.x + size.width }
  @inlinable public var maxY: Double { size.height < 0 ? origin.y : origin.y + size.height }
  /// `minX + |width| / 2`, as `CGRectGetMidX` computes it.
  @inlinable public var midX: Double { minX + abs(size.width) / 2 }
  @inlinable public var midY: Double { minY + abs(size.height) / 2 }
  @inlinable public var width: Double { abs(size.width) }
  @inlinable public var height: Double { abs(size.height) }

  /// The overlap of two rects (GEO-4, GEO-5): closed intervals, so touching rects give a
  /// zero-width or zero-height rect; disjoint ones give `null`.
  public func intersection(_ other: Rect) -> Rect {
    if isNull || other.isNull { return .null }
    let x1 = Swift.max(minX, other.minX)
    let x2 = Swift.min(maxX, other.maxX)
    let y1 = Swift.max(minY, other.minY)
    let y2 = Swift.min(maxY, other.maxY)
    if x1 > x2 || y1 > y2 { return .null }
    return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
  }

  /// `!intersection(other).isNull`, without building the intersection (GEO-4, GEO-5).
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    if isNull || other.isNull { return false }
    return minX <= other.maxX && other.minX <= maxX && minY <= other.maxY
      && other.minY <= maxY
  }

  /// The smallest rect holding both; a null operand is ignored (GEO-4, GEO-7).
  public func union(_ other: Rect) -> Rect {
    if isNull { return other.standardized }
    if other.isNull { return standardized }
    let x1 = Swift.min(minX, other.minX)
    let y1 = Swift.min(minY, other.minY)
    return Rect(
      x: x1, y: y1,
      width: Swift.max(maxX, other.maxX) - x1, height: Swift.max(maxY, other.maxY) - y1)
  }

  /// GEO-8: half-open — a point on the min edge is inside, one on the max edge is not.
  @inlinable
  public func contains(_ point: Point) -> Bool {
    if isNull { return false }
    return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// `true` when `other` lies entirely inside this rect (closed edges), as
  /// `CGRectContainsRect`. A null rect contains nothing and is contained by nothing.
  public func contains(_ other: Rect) -> Bool {
    if isNull || other.isNull { return false }
    return other.minX >= minX && other.maxX <= maxX && other.minY >= minY
      && other.maxY <= maxY
  }

  /// GEO-9: shrink (positive) or grow (negative) each side; a negative result is `null`.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    if isNull { return self }
    var r = standardized
    r.origin.x += dx
    r.origin.y += dy
    r.size.width -= 2 * dx
    r.size.height -= 2 * dy
    if r.size.width < 0 || r.size.height < 0 { return .null }
    return r
  }

  /// The standardized rect moved by (dx, dy). Null stays null.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    if isNull { return self }
    var r = standardized
    r.origin.x += dx
    r.origin.y += dy
    return r
  }

  /// GEO-9: splits off a `slice` of `distance` points from `edge` (clamped to
  /// `0...extent`); `remainder` is the rest.
  public func divided(atDistance distance: Double, from edge: RectEdge) -> (
    slice: Rect, remainder: Rect
  ) {
    if isNull { return (.null, .null) }
    let r = standardized
    switch edge {
    case .minXEdge, .maxXEdge:
      let d = Swift.min(Swift.max(distance, 0), r.size.width)
      let rest = r.size.width - d
      if edge == .minXEdge {
        return (
          Rect(x: r.minX, y: r.minY, width: d, height: r.size.height),
          Rect(x: r.minX + d, y: r.minY, width: rest, height: r.size.height)
        )
      }
      return (
        Rect(x: r.maxX - d, y: r.minY, width: d, height: r.size.height),
        Rect(x: r.minX, y: r.minY, width: rest, height: r.size.height)
      )
    case .minYEdge, .maxYEdge:
      let d = Swift.min(Swift.max(distance, 0), r.size.height)
      let rest = r.size.height - d
      if edge == .minYEdge {
        return (
          Rect(x: r.minX, y: r.minY, width: r.size.width, height: d),
          Rect(x: r.minX, y: r.minY + d, width: r.size.width, height: rest)
        )
      }
      return (
        Rect(x: r.minX, y: r.maxY - d, width: r.size.width, height: d),
        Rect(x: r.minX, y: r.minY, width: r.size.width, height: rest)
      )
    }
  }

  /// Component-wise comparison of origin and size within `Tolerance.points`.
  public func isClose(to other: Rect, tolerance: Double = Tolerance.points) -> Bool {
    if isNull || other.isNull { return isNull == other.isNull }
    return origin.isClose(to: other.origin, tolerance: tolerance)
      && size.isClose(to: other.size, tolerance: tolerance)
  }
}

/// The edges `Rect.divided(atDistance:from:)` measures from (`CGRectEdge`).
public enum RectEdge: Sendable {
  case minXEdge, minYEdge, maxXEdge, maxYEdge
}

extension Rect: CustomStringConvertible {
  /// `(x, y, width, height)`, the way Swift prints a `CGRect` in a trace.
  public var description: String {
    if isNull { return "null" }
    return "(\(origin.x), \(origin.y), \(size.width), \(size.height))"
  }
}
