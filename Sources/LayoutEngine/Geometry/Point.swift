/// A location in a two-dimensional coordinate space (CoreGraphics' `CGPoint`).
///
/// Coordinates are points; +x goes right and +y goes *down* (GEO-1).
public struct Point: Hashable, Sendable, BitwiseCopyable {
  public var x: Double
  public var y: Double

  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  /// Component-wise comparison within `Tolerance.points`.
  public func isClose(to other: Point, tolerance: Double = Tolerance.points) -> Bool {
    Tolerance.isClose(x, other.x, tolerance: tolerance)
      && Tolerance.isClose(y, other.y, tolerance: tolerance)
  }

  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }
}

extension Point: CustomStringConvertible {
  public var description: String { "(\(x), \(y))" }
}
