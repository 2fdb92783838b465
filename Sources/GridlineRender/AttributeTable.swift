import LayoutEngine

/// Aligned text tables of layout attributes, in UIKit's terms:
///
///     element              x      y  width  height  zIndex  alpha
///     cell [0, 15]         0    510    100     100       0      1
///     header [1, 0]        0    520    375      40      10      1
///
/// Numbers are written as people write them (issue 34): at most `precision` decimals
/// (three unless `--precision N` says), trailing zeros dropped, −0 as 0 — `170.667`, not
/// `170.66666666666666`. `--json` keeps every digit, and `why` shows the exact arithmetic
/// where a last digit decides something.
public enum AttributeTable {
  public static let defaultPrecision = 3

  public static func lines(
    _ elements: [LayoutAttributes], notes extra: [String] = [],
    precision: Int = defaultPrecision
  ) -> [String] {
    let formatNumber = { (v: Double) in readable(v, precision: precision) }
    let header = ["element", "x", "y", "width", "height", "zIndex", "alpha"]
    var rows: [[String]] = [header]
    var notes: [String] = []
    for a in elements {
      let f = a.frame
      rows.append(
        [
          a.key.description, formatNumber(f.origin.x), formatNumber(f.origin.y),
          formatNumber(f.size.width), formatNumber(f.size.height), String(a.zIndex),
          formatNumber(a.alpha),
        ])
      var note: [String] = []
      let i = rows.count - 2
      if i < extra.count && !extra[i].isEmpty { note.append(extra[i]) }
      if a.isHidden { note.append("hidden") }
      if !a.transform3D.isIdentity { note.append("transform [\(a.transform3D)]") }
      notes.append(note.joined(separator: ", "))
    }
    var widths = [Int](repeating: 0, count: header.count)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    return rows.enumerated().map { r, row in
      var line = ""
      for (i, cell) in row.enumerated() {
        let pad = String(repeating: " ", count: widths[i] - cell.count)
        line += i == 0 ? cell + pad : "  " + pad + cell
      }
      if r > 0 && !notes[r - 1].isEmpty { line += "  " + notes[r - 1] }
      return line
    }
  }
}

/// A number as people write it: at most `precision` decimals, trailing zeros dropped, and
/// a value that rounds to zero written 0 (never −0).
public func readable(_ value: Double, precision: Int = AttributeTable.defaultPrecision) -> String {
  formatNumber(value, .readable(precision))
}
