/// A width and a height (CoreGraphics' `CGSize`). Negative values are legal (GEO-3); the
/// flow layout rejects them for items (FLOW-19).
public struct Size: Hashable, Sendable, BitwiseCopyable {
  public var width: Double
  public var height: Double

  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  /// Component-wise comparison within `Tolerance.points`.
  public func isClose(to other: Size, tolerance: Double = Tolerance.points) -> Bool {
    Tolerance.isClose(width, other.width, tolerance: tolerance)
      && Tolerance.isClose(height, other.height, tolerance: tolerance)
  }
}

extension Size: CustomStringConvertible {
  public var description: String { "(\(width), \(height))" }
}
