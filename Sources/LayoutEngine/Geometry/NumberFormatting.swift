/// The ways Gridline writes a number. Every module formats through `formatNumber(_:_:)`, so
/// a number reads the same in a table, a trace, a diagnostic, JSON and a picture.
public enum NumberStyle: Sendable, Hashable {
  /// Exact, as a script writes numbers: integral values below 1e15 without a fraction
  /// (`375`, `-3`, `0` for -0), others in Swift's shortest form that reads back to the same
  /// `Double` (`137.5`, `170.66666666666666`, `1e+16`); `nan`, `inf`, `-inf`. Tables,
  /// values, diagnostics and JSON use it, so what is shown can be typed back in.
  case exact
  /// C's `%g`, the format of UIKit's debug descriptions: six significant digits, no
  /// trailing zeros, exponent form below 1e-4 and from 1e6 up (`137.5`, `170.667`,
  /// `1e+06`, `1.23457e+07`, `0.0123457`); `nan`, `inf`, `-inf`. ATTR-8 descriptions, where
  /// UIKit prints `frame = (0 0; 375 32)`, and the scales of drawings use it.
  case printfG
  /// Rounded (half away from zero) to at most `places` decimals, trailing zeros and a bare
  /// point dropped: with 2, 170.666… → `170.67`, 137.5 → `137.5`, -3 → `-3`, -0.001 → `0`.
  /// Non-finite values become `0`, so an SVG attribute is always a number; one too large
  /// for whole decimals is written `.exact` (`1e+24`).
  case decimals(Int)
  /// Rounded like `decimals` but always with `places` decimals: with 2, 4.5 → `4.50`.
  case fixedDecimals(Int)
  /// As people read a number (issue 34): like `decimals`, never `-0`, but `nan`, `inf`
  /// and `-inf` as `exact` writes them, so a reader is not told a broken value is 0.
  /// `print`, tables, drawings' scales and captions use it; `--json` keeps `exact`.
  case readable(Int)
}

/// `value` written in `style` (see `NumberStyle` for each contract). The result is plain
/// ASCII and never depends on the locale.
public func formatNumber(_ value: Double, _ style: NumberStyle = .exact) -> String {
  switch style {
  case .exact: exact(value)
  case .printfG: printfG(value)
  case .decimals(let places): decimals(value, places: places, keepingZeros: false)
  case .fixedDecimals(let places): decimals(value, places: places, keepingZeros: true)
  case .readable(let places):
    if !value.isFinite {
      exact(value)
    } else {
      decimals(value, places: max(0, places), keepingZeros: false).replacingZero()
    }
  }
}

private func exact(_ value: Double) -> String {
  if value.isNaN { return "nan" }
  if value.isInfinite { return value < 0 ? "-inf" : "inf" }
  if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}

private func printfG(_ value: Double) -> String {
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
    let fraction = droppingTrailingZeros(text.dropFirst())
    let e = abs(exponent)
    let mantissa = fraction.isEmpty ? String(text.prefix(1)) : "\(text.prefix(1)).\(fraction)"
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + String(e)
  }
  let body: String
  if exponent >= 0 {
    let whole = String(text.prefix(exponent + 1))
    let fraction = droppingTrailingZeros(text.dropFirst(exponent + 1))
    body = fraction.isEmpty ? whole : whole + "." + fraction
  } else {
    body = "0." + droppingTrailingZeros(String(repeating: "0", count: -exponent - 1) + text)
  }
  return sign + body
}

private func decimals(_ value: Double, places: Int, keepingZeros: Bool) -> String {
  guard value.isFinite else { return "0" }
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  // Past 2⁵³ a double has no fraction left to round, and past 2⁶³ `Int` would trap: such
  // a value (a transform scaled by 10²⁴) is written exactly, `1e+24`, still a number.
  guard abs(value * scale) < 0x1p53 else { return exact(value) }
  let scaled = Int((value * scale).rounded())
  let unit = Int(scale)
  // Most coordinates are whole: skip building and trimming a fraction (SVG writes thousands).
  if !keepingZeros && scaled % unit == 0 { return String(scaled / unit) }
  let sign = scaled < 0 ? "-" : ""
  let whole = String(abs(scaled) / Int(scale))
  guard places > 0 else { return sign + whole }
  let digits = String(abs(scaled) % Int(scale))
  let padded = String(repeating: "0", count: places - digits.count) + digits
  let fraction = keepingZeros ? padded : droppingTrailingZeros(Substring(padded))
  return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
}

private func droppingTrailingZeros<S: StringProtocol>(_ digits: S) -> String {
  // The digits are ASCII: trim bytes, not Characters.
  let bytes = Array(digits.utf8)
  var end = bytes.count
  while end > 0 && bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
  return String(decoding: bytes[..<end], as: UTF8.self)
}

extension String {
  /// `-0` (a negative value that rounds to nothing) as `0`.
  fileprivate func replacingZero() -> String { self == "-0" ? "0" : self }
}
