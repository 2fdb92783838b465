import LayoutEngine

/// A problem found in a script: a value (code, message, severity, range, help), rendered
/// only when shown. Parse, check and runtime errors are all diagnostics and render the same
/// way. Its text comes from the catalogue (`Message`), so every diagnostic has a code.
public struct Diagnostic: Error, Hashable, Sendable {
  public enum Severity: String, Sendable {
    case error, warning, note
  }

  public var severity: Severity
  public var code: MessageCode
  public var message: String
  public var range: SourceRange
  /// A `help:` line, e.g. "did you mean 'spacing'?".
  public var help: String?
  /// For UIKit's exceptions (GL4001): its name, e.g. `NSInternalInconsistencyException`.
  public var exception: String?

  public init(
    _ severity: Severity = .error, _ message: Message, at range: SourceRange, help: String? = nil
  ) {
    self.severity = severity
    self.code = message.code
    self.message = message.text
    self.range = range
    self.help = help
  }

  public static func error(_ message: Message, at range: SourceRange, help: String? = nil)
    -> Diagnostic
  {
    Diagnostic(.error, message, at: range, help: help)
  }

  /// What UIKit raised, as an error at `range` (GL4001) that names the exception.
  static func exception(_ exception: CollectionViewException, at range: SourceRange) -> Diagnostic {
    var diagnostic = Diagnostic.error(.exception(exception.name, exception.reason), at: range)
    diagnostic.exception = exception.name
    return diagnostic
  }
}

extension Diagnostic {
  /// `file:line:col: error: message`, the source line with a gutter, a caret under the span,
  /// and the help line if there is one:
  ///
  ///     tour.gl:4:3: error: unknown layout property 'spacingg' [GL1003]
  ///       4 |   spacingg 10
  ///         |   ^~~~~~~~
  ///         = help: did you mean 'spacing'?
  ///
  /// A long line is echoed as a window around the span (`SourceEcho`), and control
  /// characters from the source are written escaped (`\u{1B}`), never sent to the terminal.
  public func rendered(in file: SourceFile) -> String {
    let (file, range) = file.origin(of: range)
    let (line, column) = file.location(of: range.start)
    var out =
      "\(file.name):\(line):\(column): \(severity.rawValue): \(SourceEcho.escaped(message)) "
      + "[\(code.id)]"
    if let echo = SourceEcho(file, line: line, range: range) {
      let number = String(line)
      let pad = String(repeating: " ", count: number.count)
      out += "\n \(number) | \(echo.text)"
      out +=
        "\n \(pad) | " + String(repeating: " ", count: echo.caretColumn) + "^"
        + String(repeating: "~", count: max(0, echo.spanColumns - 1))
      if let help { out += "\n \(pad) = help: \(SourceEcho.escaped(help))" }
    } else if let help {
      out += "\n  = help: \(SourceEcho.escaped(help))"
    }
    return out
  }

  /// The diagnostics a command shows — the first `InputLimits.shownDiagnostics`, and the
  /// one that says reading stopped (GL3010) wherever it is — and the line that counts the
  /// rest ("and 9,950 more errors"; nil when none are left out), to show last.
  public static func shown(_ diagnostics: [Diagnostic]) -> (shown: [Diagnostic], more: String?) {
    var shown = Array(diagnostics.prefix(InputLimits.shownDiagnostics))
    let rest = diagnostics.dropFirst(InputLimits.shownDiagnostics)
    guard !rest.isEmpty else { return (shown, nil) }
    let stops = rest.filter { $0.code == .tooManyErrors }
    shown += stops
    let allErrors = rest.allSatisfy { $0.severity == .error }
    return (shown, Message.moreDiagnostics(rest.count - stops.count, allErrors: allErrors))
  }
}

extension Character {
  /// The columns a terminal gives the character: two for East Asian wide and full-width
  /// letters and for emoji drawn as emoji, one otherwise (a grapheme is one character,
  /// combining marks included).
  public var displayWidth: Int {
    guard let scalar = unicodeScalars.first else { return 1 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}

extension String {
  /// The columns a terminal gives the string (see `Character.displayWidth`).
  public var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }
}

extension Diagnostic {
  /// The names a "did you mean 'a' or 'b'?" help offers (what `suggestion(for:among:)`
  /// writes), for an editor's quick fixes; empty when the help offers none.
  public var suggestedNames: [String] {
    guard let help, help.hasPrefix("did you mean '"), help.hasSuffix("'?") else { return [] }
    let list = help.dropFirst("did you mean ".count).dropLast()
    return list.split(separator: " or ").compactMap { quoted in
      quoted.count >= 2 && quoted.first == "'" && quoted.last == "'"
        ? String(quoted.dropFirst().dropLast()) : nil
    }
  }
}

/// "did you mean …?" by edit distance over the names valid at that place. A candidate of
/// several words ("line spacing") also matches on its first and last word, so `spacingg`
/// finds both `line spacing` and `interitem spacing`.
public func suggestion(for word: String, among candidates: [String]) -> String? {
  // No name is longer than a few dozen letters and no match is more than three edits
  // away, so a longer word (a line of binary input is one) has no suggestion.
  guard word.utf8.count <= 64 else { return nil }
  let lowered = Array(word.lowercased())
  var best: [String] = []
  var bestDistance = Int.max
  // The word itself is never the suggestion: it is here because it does not fit.
  for candidate in candidates where candidate != word {
    let lowerCandidate = candidate.lowercased()
    let words = lowerCandidate.split(separator: " ").map(String.init)
    let first = words.first ?? lowerCandidate
    let last = words.last ?? lowerCandidate
    // The whole phrase and its last word allow one edit per three letters of the last word;
    // the first word, per three of its own (`pinn` finds `pin headers`).
    var d = Int.max
    // A phrase's last word alone counts one edit more, so `scrol` prefers `scroll` to
    // `on scroll` while `bounce` still finds `always bounce`.
    let lastPenalty = words.count > 1 ? 1 : 0
    for (text, letters, penalty) in [
      (lowerCandidate, last.count, 0), (last, last.count, lastPenalty), (first, first.count, 0),
    ] {
      let limit = max(1, min(3, letters / 3))
      if let distance = editDistance(lowered, Array(text), atMost: limit) {
        d = min(d, distance + penalty)
      }
    }
    guard d != Int.max else { continue }
    if d < bestDistance {
      best = [candidate]
      bestDistance = d
    } else if d == bestDistance {
      best.append(candidate)
    }
  }
  if best.isEmpty || best.count > 3 { return nil }
  return "did you mean " + best.map { "'\($0)'" }.joined(separator: " or ") + "?"
}

/// The optimal-string-alignment distance: insertions, deletions, substitutions, and a swap
/// of two neighbours as one edit — the commonest typo (`lsit` for `list`).
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
}

/// `editDistance`, or nil when it is more than `limit`. Suggestions only want distances up
/// to three, so a length gap above the limit answers at once, and a row whose every entry
/// is above it ends the search: a distance never falls from one row to the next.
func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int? {
  guard abs(a.count - b.count) <= limit else { return nil }
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var beforePrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = i
    for j in 1...b.count {
      current[j] = min(
        previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
      rowMinimum = min(rowMinimum, current[j])
    }
    if rowMinimum > limit { return nil }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count] <= limit ? previous[b.count] : nil
}
