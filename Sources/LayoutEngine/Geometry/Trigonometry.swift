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
