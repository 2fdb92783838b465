import LayoutEngine

/// A value as a message shows it: a failing `expect` of a million numbers, or of a
/// megabyte string, would otherwise print megabytes. A long value shows its start and how
/// much is left; where two long values first differ is named, so nothing precise is lost.
/// A short value reads exactly as `description` has it.
extension Value {
  /// Elements of a list, an array or a list of elements a message shows.
  static let shownElements = 20
  /// Characters of a string a message shows.
  static let shownCharacters = 200
  /// Characters of a string shown where two strings first differ.
  static let differenceCharacters = 20

  /// `description`, cut after `shownElements` elements or `shownCharacters` characters.
  var excerpt: String {
    if case .string(let s) = self {
      guard let more = Self.cut(s, Self.shownCharacters) else { return s }
      return String(s.prefix(Self.shownCharacters)) + "… (\(more) more characters)"
    }
    guard let count, count > Self.shownElements else { return description }
    let shown = (0..<Self.shownElements).compactMap { element($0) }
    return "[" + shown.joined(separator: ", ") + ", … (\(count - Self.shownElements) more)]"
  }

  /// Whether a message shows `self` cut.
  var isLong: Bool {
    if case .string(let s) = self { return Self.cut(s, Self.shownCharacters) != nil }
    return (count ?? 0) > Self.shownElements
  }

  /// The characters of `s` past its first `n`, when there are any.
  private static func cut(_ s: String, _ n: Int) -> Int? {
    guard let end = s.index(s.startIndex, offsetBy: n, limitedBy: s.endIndex), end < s.endIndex
    else { return nil }
    return s[end...].count
  }

  /// Element `i` of a list, an array or a list of elements, as `description` writes it.
  func element(_ i: Int) -> String? {
    switch self {
    case .list(let items): items.indices.contains(i) ? items[i].quoted : nil
    case .array(let values): values.indices.contains(i) ? formatNumber(values[i]) : nil
    case .elements(let list): list.indices.contains(i) ? list[i].key.scriptDescription : nil
    case .indexPaths(let list): list.indices.contains(i) ? list[i].description : nil
    default: nil
    }
  }

  /// Where two values of one kind first differ — "index 7: left 3, right 4" — or nil for
  /// other values, or equal ones.
  static func firstDifference(_ a: Value, _ b: Value) -> String? {
    switch (a, b) {
    case (.string(let s), .string(let t)):
      let sc = Array(s)
      let tc = Array(t)
      guard let i = mismatch(sc, tc) else { return nil }
      func from(_ c: [Character]) -> String {
        i < c.count ? String(c[i..<min(c.count, i + differenceCharacters)]).quoted : "the end"
      }
      return "character \(i): left \(from(sc)), right \(from(tc))"
    case (.list(let x), .list(let y)): return at(mismatch(x, y), a, b)
    case (.array(let x), .array(let y)): return at(mismatch(x, y), a, b)
    case (.elements(let x), .elements(let y)): return at(mismatch(x.map(\.key), y.map(\.key)), a, b)
    case (.indexPaths(let x), .indexPaths(let y)): return at(mismatch(x, y), a, b)
    default: return nil
    }
  }

  private static func at(_ i: Int?, _ a: Value, _ b: Value) -> String? {
    guard let i else { return nil }
    return "index \(i): left \(a.element(i) ?? "ends"), right \(b.element(i) ?? "ends")"
  }

  /// The first index where `x` and `y` differ, the shorter one's end included.
  private static func mismatch<T: Equatable>(_ x: [T], _ y: [T]) -> Int? {
    let common = min(x.count, y.count)
    if let i = (0..<common).first(where: { x[$0] != y[$0] }) { return i }
    return x.count == y.count ? nil : common
  }
}
