// LayoutEngine uses only the standard library, which has no sin/cos; rotations need them,
// so they are computed here: Cody–Waite reduction by π/2, then Taylor series on
// |r| ≤ π/4, where the degree-17/18 terms leave an error below 1e-18.

private let piOver2High = 1.570_796_326_794_896_558  // π/2 rounded to a Double
private let piOver2Low = 6.123_233_995_736_766e-17  // π/2 − piOver2High

private func reduce(_ x: Double) -> (quadrant: Int, r: Double) {
  let k = (x / piOver2High).rounded()
  let r = (x - k * piOver2High) - k * piOver2Low
  let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
  return ((quadrant + 4) % 4, r)
}

private func sinKernel(_ r: Double) -> Double {
  let r2 = r * r
  var term = r
  var sum = r
  var n = 1.0
  for _ in 0..<9 {
    term *= -r2 / ((n + 1) * (n + 2))
    sum += term
    n += 2
  }
  return sum
}

private func cosKernel(_ r: Double) -> Double {
  let r2 = r * r
  var term = 1.0
  var sum = 1.0
  var n = 0.0
  for _ in 0..<9 {
    term *= -r2 / ((n + 1) * (n + 2))
    sum += term
    n += 2
  }
  return sum
}

/// sin(x) for finite x; NaN for infinite or NaN input. Public so that a script's sin and
/// cos use the same kernel as the rotations here (the standard library has none).
public func sine(_ x: Double) -> Double {
  guard x.isFinite else { return .nan }
  let (q, r) = reduce(x)
  switch q {
  case 0: return sinKernel(r)
  case 1: return cosKernel(r)
  case 2: return -sinKernel(r)
  default: return -cosKernel(r)
  }
}

/// cos(x) for finite x; NaN for infinite or NaN input.
public func cosine(_ x: Double) -> Double {
  guard x.isFinite else { return .nan }
  let (q, r) = reduce(x)
  switch q {
  case 0: return cosKernel(r)
  case 1: return -sinKernel(r)
  case 2: return -cosKernel(r)
  default: return sinKernel(r)
  }
}

private let piOver4 = 0.785_398_163_397_448_279  // π/4 rounded to a Double
private let tanPiOver8 = 0.414_213_562_373_095_145  // √2 − 1

/// atan(t) for |t| ≤ 1: t − t³/3 + t⁵/5 − …, after moving |t| above tan(π/8) down by
/// atan(t) = π/4 + atan((t − 1) / (t + 1)), which leaves |t| ≤ tan(π/8) and about twenty
/// terms for an error below 1e-17.
private func arcTangentKernel(_ t: Double) -> Double {
  if t < 0 { return -arcTangentKernel(-t) }
  if t > tanPiOver8 { return piOver4 + arcTangentKernel((t - 1) / (t + 1)) }
  let t2 = t * t
  var power = t
  var sum = t
  var n = 1.0
  while true {
    power *= -t2
    n += 2
    let term = power / n
    if abs(term) < 1e-18 { return sum }
    sum += term
  }
}

/// atan2(y, x): the angle of the vector (x, y) from the positive x axis, in radians,
/// in (−π, π] (C's `atan2`, which the standard library lacks); 0 for (0, 0), NaN when
/// either is not finite.
public func arcTangent(_ y: Double, _ x: Double) -> Double {
  guard x.isFinite, y.isFinite else { return .nan }
  if x == 0 && y == 0 { return 0 }
  let pi = 2 * piOver2High
  if abs(y) <= abs(x) {
    let base = arcTangentKernel(y / x)
    if x > 0 { return base }
    return y < 0 ? base - pi : base + pi
  }
  let base = arcTangentKernel(x / y)
  return y > 0 ? piOver2High - base : -piOver2High - base
}
