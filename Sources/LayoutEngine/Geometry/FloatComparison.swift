/// The one place where Gridline compares floating-point geometry loosely.
///
/// Layout arithmetic itself is exact (FLOW-5 forbids an epsilon in the fit test); this
/// tolerance is for *checks* — tests, `expect`, invariants — where two routes to the same
/// value may differ in the last bits.
public enum Tolerance {
  /// Absolute tolerance in points: far below a pixel at any display scale (1/3 pt),
  /// far above the rounding error of sums of a few million point values.
  public static let points: Double = 1e-6

  /// `true` when `a` and `b` differ by at most `tolerance`. NaN is never close to anything.
  @inlinable
  public static func isClose(_ a: Double, _ b: Double, tolerance: Double = points) -> Bool {
    if a == b { return true }  // also covers equal infinities
    return abs(a - b) <= tolerance
  }
}
