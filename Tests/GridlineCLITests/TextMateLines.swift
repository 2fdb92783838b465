import Foundation

/// Enough of a TextMate engine to apply a grammar's top-level rules to one line, as an
/// editor would: at each place the rule whose match starts first wins (the earlier rule on
/// a tie); a begin/end rule runs to its end, skipping its inner matches (escapes).
struct TextMateLines {
  final class Rule {
    let scope: String
    let match: NSRegularExpression?
    let begin: NSRegularExpression?
    let end: NSRegularExpression?
    let inner: [Rule]

    init(_ object: [String: Any]) throws {
      func regex(_ key: String) throws -> NSRegularExpression? {
        try (object[key] as? String).map { try NSRegularExpression(pattern: $0) }
      }
      scope = object["name"] as? String ?? ""
      match = try regex("match")
      begin = try regex("begin")
      end = try regex("end")
      inner = try ((object["patterns"] as? [[String: Any]]) ?? []).map(Rule.init)
    }
  }

  let rules: [Rule]

  init(grammar: String) throws {
    let top = try JSONSerialization.jsonObject(with: Data(grammar.utf8)) as? [String: Any] ?? [:]
    let repository = top["repository"] as? [String: [String: Any]] ?? [:]
    let includes = (top["patterns"] as? [[String: String]] ?? []).compactMap { $0["include"] }
    rules = try includes.map { try Rule(repository[String($0.dropFirst())] ?? [:]) }
  }

  static func first(_ regex: NSRegularExpression, in line: NSString, from start: Int) -> NSRange? {
    regex.firstMatch(
      in: line as String, options: [.withTransparentBounds],
      range: NSRange(location: start, length: line.length - start)
    )?.range
  }

  /// The scope of each UTF-16 unit of `line` (nil where no rule matched).
  func scopes(_ text: String) -> [String?] {
    let line = text as NSString
    var scopes = [String?](repeating: nil, count: line.length)
    func paint(_ from: Int, _ to: Int, _ scope: String) {
      for i in from..<to { scopes[i] = scope }
    }
    var position = 0
    while position < line.length {
      var best: (NSRange, Rule)?
      for rule in rules {
        guard let regex = rule.match ?? rule.begin,
          let found = Self.first(regex, in: line, from: position)
        else { continue }
        if best == nil || found.location < best!.0.location { best = (found, rule) }
      }
      guard let (range, rule) = best else { break }
      var stop = range.location + range.length
      if let end = rule.end {
        var p = stop
        while let closing = Self.first(end, in: line, from: p) {
          let skip = rule.inner.compactMap {
            $0.match.flatMap { Self.first($0, in: line, from: p) }
          }
          .filter { $0.location < closing.location }.min { $0.location < $1.location }
          if let skip {
            p = skip.location + max(skip.length, 1)
          } else {
            p = closing.location + closing.length
            break
          }
        }
        stop = min(max(p, stop), line.length)
      }
      paint(range.location, stop, rule.scope)
      position = max(stop, position + 1)
    }
    return scopes
  }
}
