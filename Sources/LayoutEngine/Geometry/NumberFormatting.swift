/// Formats a point value the way UIKit's debug descriptions do (`%g`: at most six
/// significant digits, no trailing zeros): 137.5 → "137.5", 170.666… → "170.667",
/// 375 → "375". Used for ATTR-8 descriptions, where UIKit prints `frame = (0 0; 375 32)`.
public func formatPoints(_ value: Double) -> String {
  if value.isNaN { return "nan" }
  if value.isInfinite { return value < 0 ? "-inf" : "inf" }
  if value == 0 { return "0" }
  let magnitude = abs(value)
  if magnitude >= 1e6 || magnitude < 1e-4 {
    return "\(value)"  // beyond %g's fixed range; Swift's shortest form is still exact
  }
  var digitsBeforePoint = 0
  var m = magnitude
  while m >= 1 {
    m /= 10
    digitsBeforePoint += 1
  }
  var decimals = digitsBeforePoint == 0 ? 6 : max(0, 6 - digitsBeforePoint)
  if digitsBeforePoint == 0 {
    // Leading zeros after the point do not count as significant digits in %g.
    var probe = magnitude
    while probe < 0.1 {
      probe *= 10
      decimals += 1
    }
  }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (magnitude * scale).rounded(.toNearestOrAwayFromZero)
  var integerPart = rounded
  var fraction = ""
  if decimals > 0 {
    let whole = (rounded / scale).rounded(.towardZero)
    var rest = Int(rounded - whole * scale)
    integerPart = whole
    var digits: [Character] = []
    for _ in 0..<decimals {
      digits.append(Character(String(rest % 10)))
      rest /= 10
    }
    fraction = String(digits.reversed())
    while fraction.last == "0" { fraction.removeLast() }
  }
  let sign = value < 0 ? "-" : ""
  let body = String(Int(integerPart))
  return fraction.isEmpty ? sign + body : sign + body + "." + fraction
}
