extension Int {
  /// The largest magnitude a drawing coordinate converts to: 2⁵², where doubles are still
  /// whole numbers, and far from `Int.max`, so sums and differences of two never overflow.
  static let drawingLimit = 1 << 52

  /// `value` rounded by `rule`, clamped to ±`drawingLimit`, NaN as 0. Layouts may hand the
  /// renderers any double (a transform scaled by 10²⁴, an infinite size); `Int(_:)` would
  /// trap on them, this never does.
  init(saturating value: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
    guard !value.isNaN else {
      self = 0
      return
    }
    let limit = Double(Int.drawingLimit)
    self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
  }
}
