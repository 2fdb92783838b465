extension Int {
  /// The largest magnitude a drawing coordinate converts to: 2⁵², where doubles are still
  /// whole numbers, and far from `Int.max`, so sums and differences of two never overflow.
  static let drawingLimit = 1 << 52

  /// `value` rounded by `rule`, clamped to ±`drawingLimit`, NaN as 0. Layouts may hand the
  /// renderers any double (a transform scaled by 10²⁴, an infinite size); `Int(_:)` would
  /// trap on them, this never does.
  ///
  /// Always inlined: each call site's rule is then a constant, and rounding one
  /// instruction; a drawing converts every coordinate of every box.
  @inline(__always)
  init(saturating value: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
    let limit = Double(Int.drawingLimit)
    // The limit is whole, so a value within it rounds within it. NaN is neither.
    if value >= -limit && value <= limit {
      self = Int(value.rounded(rule))
    } else if value > limit {
      self = Int.drawingLimit
    } else if value < -limit {
      self = -Int.drawingLimit
    } else {
      self = 0
    }
  }
}
