/// Distances inward from each edge of a rectangle (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  public static let zero = EdgeInsets(all: 0)

  public var horizontal: Double { left + right }
  public var vertical: Double { top + bottom }

  public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: lhs.top + rhs.top, left: lhs.left + rhs.left,
      bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
  }
}

extension EdgeInsets: CustomStringConvertible {
  public var description: String {
    "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))"
  }
}

extension Rect {
  /// The rectangle shrunk by `insets` (`UIEdgeInsetsInsetRect`): no null result, unlike
  /// `insetBy`, because UIKit's function does not standardize or null its result.
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}
