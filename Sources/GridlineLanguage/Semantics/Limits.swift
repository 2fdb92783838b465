import LayoutEngine

/// Bounds that keep every script finite and small enough for the machine: exceeding one
/// is a diagnostic, never an out-of-memory or a hang.
public struct Limits: Sendable {
  /// Items across all sections.
  public var totalItems = 50_000_000
  public var sections = 1_000_000
  /// Steps of one run: every statement executed, every `repeat` iteration, every frame.
  /// Ten million scroll steps take seconds, not hours.
  public var steps = 10_000_000
  /// Frames of one `scroll … over N frames`.
  public var frames = 100_000
  /// Rows one `show` lists before it summarises the rest.
  public var rows = 10_000
  /// Any point value handed to the engine (a viewport side, an offset, an inset…).
  public var coordinate = 1e9

  public init() {}

  /// Small limits for generated input (the robustness test): still every feature, but
  /// each run finishes in milliseconds.
  public static let small: Limits = {
    var limits = Limits()
    limits.totalItems = 20_000
    limits.sections = 500
    limits.steps = 2_000
    limits.frames = 50
    limits.rows = 50
    return limits
  }()
}

/// Range rules shared by the checker (for constant values) and the interpreter (for all).
enum Validate {
  static func finite(_ v: Double, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    guard v.isFinite, abs(v) <= limits.coordinate else {
      throw .error(
        .notFinite(what, limit: limits.coordinate, v),
        at: range)
    }
  }

  /// Viewport and similar: both sides positive.
  static func positiveSize(_ s: Size, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    try finite(s.width, what, range, limits)
    try finite(s.height, what, range, limits)
    guard s.width > 0, s.height > 0 else {
      throw .error(.mustBePositive(what, "\(Value.size(s))"), at: range)
    }
  }

  /// FLOW-19: the flow layout rejects zero or negative item sizes.
  static func itemSize(_ s: Size, _ range: SourceRange, _ limits: Limits) throws(Diagnostic) {
    try finite(s.width, "an item size", range, limits)
    try finite(s.height, "an item size", range, limits)
    guard s.width > 0, s.height > 0 else {
      throw .error(
        .nonPositiveItemSize("\(Value.size(s))"),
        at: range)
    }
  }

  /// Header and footer reference sizes: zero means none (FLOW-14); negative is a mistake.
  static func referenceSize(_ s: Size, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    try finite(s.width, what, range, limits)
    try finite(s.height, what, range, limits)
    guard s.width >= 0, s.height >= 0 else {
      let element = what.contains("footer") ? "footer" : "header"
      throw .error(
        .cannotBeNegative(what, ": \(Value.size(s))"), at: range,
        help: "a zero size along the scroll axis means no \(element) (FLOW-14)")
    }
  }

  static func insets(_ i: EdgeInsets, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    for v in [i.top, i.left, i.bottom, i.right] { try finite(v, what, range, limits) }
  }

  static func count(_ v: Double, _ what: String, _ range: SourceRange, max: Int) throws(Diagnostic)
    -> Int
  {
    let n = try wholeNumber(v, what, range)
    guard n >= 0 else { throw .error(.cannotBeNegative(what, " (\(n))"), at: range) }
    guard n <= max else {
      throw .error(.overLimit(what, n, limit: max), at: range)
    }
    return n
  }
}
