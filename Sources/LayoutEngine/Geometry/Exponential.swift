// LayoutEngine uses only the standard library, which has no log/exp; the fling model
// (SV-7) needs them, so they are computed here. ln: x = m·2^e with m in [1, 2), then
// ln m = 2·atanh((m − 1)/(m + 1)) by its series (|z| ≤ 1/3: 24 terms leave < 1e-17).
// exp: x = k·ln 2 + r with |r| ≤ ln 2 / 2, Taylor to degree 20, then scaled by 2^k.

private let ln2 = 0.693_147_180_559_945_3

/// ln(x): NaN for x < 0 or NaN, −∞ for 0, +∞ for +∞.
func naturalLog(_ x: Double) -> Double {
  if x.isNaN || x < 0 { return .nan }
  if x == 0 { return -.infinity }
  if x.isInfinite { return .infinity }
  let e = Double(x.exponent)
  let m = x.significand  // [1, 2)
  let z = (m - 1) / (m + 1)
  let z2 = z * z
  var term = z
  var sum = z
  var n = 1.0
  for _ in 0..<24 {
    term *= z2
    n += 2
    sum += term / n
  }
  return e * ln2 + 2 * sum
}

/// e^x, overflowing to +∞ and underflowing to 0.
func exponential(_ x: Double) -> Double {
  if x.isNaN { return .nan }
  if x > 709.8 { return .infinity }
  if x < -745.2 { return 0 }
  let k = (x / ln2).rounded()
  let r = x - k * ln2
  var term = 1.0
  var sum = 1.0
  for n in 1...20 {
    term *= r / Double(n)
    sum += term
  }
  // 2^k in two steps, so that k down to −1074 stays exact without a subnormal exponent.
  let half = (k / 2).rounded(.towardZero)
  let a = Double(sign: .plus, exponent: Int(half), significand: 1)
  let b = Double(sign: .plus, exponent: Int(k - half), significand: 1)
  return sum * a * b
}

/// base^power for base > 0.
func power(_ base: Double, _ power: Double) -> Double {
  exponential(power * naturalLog(base))
}
