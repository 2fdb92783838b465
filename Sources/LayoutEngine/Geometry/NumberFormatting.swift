/// Formats a point value as C's `%g` does, the format of UIKit's debug descriptions (six
/// significant digits, no trailing zeros, exponent form below 1e-4 and from 1e6 up):
/// 137.5 → "137.5", 170.666… → "170.667", 375 → "375", 1000000 → "1e+06". Used for ATTR-8
/// descriptions, where UIKit prints `frame = (0 0; 375 32)`.
public func formatPoints(_ value: Double) -> String {
  if value.isNaN { return "nan" }
  if value.isInfinite { return value < 0 ? "-inf" : "inf" }
  if value == 0 { return "0" }
  let sign = value < 0 ? "-" : ""
  var magnitude = abs(value)
  // The decimal exponent and a mantissa in [1, 10), rounded to six significant digits.
  var exponent = 0
  while magnitude >= 10 {
    magnitude /= 10
    exponent += 1
  }
  while magnitude < 1 {
    magnitude *= 10
    exponent -= 1
  }
  var digits = Int((magnitude * 100_000).rounded(.toNearestOrAwayFromZero))
  if digits >= 1_000_000 {
    digits /= 10
    exponent += 1
  }
  // `digits` holds six significant digits d.ddddd.
  let text = String(digits)
  if exponent < -4 || exponent >= 6 {
    var fraction = String(text.dropFirst())
    while fraction.last == "0" { fraction.removeLast() }
    let e = abs(exponent)
    let mantissa = fraction.isEmpty ? String(text.prefix(1)) : "\(text.prefix(1)).\(fraction)"
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + String(e)
  }
  let body: String
  if exponent >= 0 {
    let whole = String(text.prefix(exponent + 1))
    var fraction = String(text.dropFirst(exponent + 1))
    while fraction.last == "0" { fraction.removeLast() }
    body = fraction.isEmpty ? whole : whole + "." + fraction
  } else {
    var fraction = String(repeating: "0", count: -exponent - 1) + text
    while fraction.last == "0" { fraction.removeLast() }
    body = "0." + fraction
  }
  return sign + body
}
