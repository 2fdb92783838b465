import GridlineLanguage
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// `:type`, `:info` and `:time`: what a person asks of the language while learning it.
extension REPLSession {
  /// `:type EXPR`: the expression's type where the session stands, checked as `print` would
  /// check it (its line is in the session source, so errors point into it).
  func typeOf(_ argument: String, at start: Int) {
    guard !argument.isEmpty else {
      emit(.standardError, "error: ':type' takes an expression, e.g. :type item [0, 0].frame")
      return
    }
    guard let program = Parser.parseBareExpression(source, from: start),
      case .print(let expr) = program.statements[0].kind
    else {
      let parsed = Parser.bareExpressionDiagnostics(source, from: start)
      for diagnostic in parsed { show(.diagnostic(diagnostic)) }
      if parsed.isEmpty {
        emit(.standardError, "error: ':type' takes one expression, e.g. :type offset.y + 10")
      }
      return
    }
    let (type, diagnostics) = checker.type(ofExpression: expr)
    guard diagnostics.isEmpty else {
      for diagnostic in diagnostics { show(.diagnostic(diagnostic)) }
      return
    }
    var lines = ["\(argument): \(type.rawValue)"]
    lines += memberLines(type)
    emit(.standardOutput, lines.joined(separator: "\n"))
  }

  /// `:info NAME`: a name of the language (what it is, its type, the UIKit API it models),
  /// a `let` of the session, `_`, a type (its members), or a statement (pointing to
  /// `:help`).
  func info(_ argument: String) {
    let name = argument.trimmingWhitespace()
    guard !name.isEmpty else {
      emit(.standardError, "error: ':info' takes a name, e.g. :info offset or :info rect")
      return
    }
    if let text = infoText(name) {
      emit(.standardOutput, text)
      return
    }
    let known =
      ExpressionVocabulary.infos.map(\.name) + checker.boundNames.map(\.name)
      + Self.typeNames.map(\.rawValue) + HelpTopics.names
    let hint = suggestion(for: name, among: known).map { "; " + $0 } ?? "; :help names lists them"
    emit(.standardError, "error: no name '\(name.escapingControlCharacters)'\(hint)")
  }

  func infoText(_ name: String) -> String? {
    if let value = interpreter.value(of: name),
      let type = checker.boundNames.first(where: { $0.name == name })?.type
    {
      let what = name == "_" ? "the last result (what show, print or hit gave)" : "a let"
      return (["\(name): \(type.rawValue) = \(value), \(what)"] + memberLines(type))
        .joined(separator: "\n")
    }
    // A word may be two things (`inset`: the state and the function): each is said.
    let infos = ExpressionVocabulary.infos.filter { $0.name == name }
    if !infos.isEmpty {
      return infos.map { info in
        var lines = [info.syntax + (info.type.map { ": " + $0.rawValue } ?? "")]
        lines.append("  " + info.summary)
        if let uikit = info.uikit { lines.append("  UIKit: " + uikit) }
        if let type = info.type { lines += memberLines(type) }
        return lines.joined(separator: "\n")
      }.joined(separator: "\n")
    }
    if let type = Self.typeNames.first(where: { $0.rawValue == name }) {
      return (["\(name): a type"] + memberLines(type)).joined(separator: "\n")
    }
    if name == "_" {
      return "_: the last result (what show, print or hit gave); nothing has given one yet"
    }
    if let topic = HelpTopics.topic(exactly: name) {
      return "'\(topic.name)' is a statement: \(topic.syntax)\n  :help \(topic.name) says more"
    }
    if name.hasPrefix(":"), let command = MetaCommand(rawValue: String(name.dropFirst())) {
      let usage = command.usage.split(separator: "\n").map { "  " + $0 }
      return (["'\(name)' is a command of the REPL"] + usage + ["  :help \(name) says more"])
        .joined(separator: "\n")
    }
    if LanguageTopic(rawValue: name) != nil {
      return "'\(name)' is a topic of the help: :help \(name) shows it"
    }
    return nil
  }

  /// The types a person can ask about by name.
  static let typeNames: [ValueType] = [
    .size, .point, .rect, .insets, .indexPath, .range, .attributes, .transform, .list,
  ]

  /// `  members: x (number), y (number)`, laid out to the width of the screen.
  func memberLines(_ type: ValueType) -> [String] {
    let members = Checker.members(of: type)
    guard !members.isEmpty else { return [] }
    let cells = members.map { "\($0.name) (\($0.type.rawValue))" }
    return ["  members:"] + Columns.layout(cells, width: screenColumns - 4).map { "    " + $0 }
  }

  /// The width lists are laid out to: the terminal's now, else the drawing width.
  var screenColumns: Int { listColumns?() ?? drawingColumns?() ?? options.columns }

  // MARK: :time

  /// Runs an entry; with `:time on`, says how long it took (wall clock, as ghci's
  /// `:set +s` and sqlite3's `.timer` do).
  func timed<T>(_ body: () -> T) -> T {
    guard timing, !muted else { return body() }
    let start = Self.now()
    let result = body()
    let elapsed = Self.now() - start
    emit(.standardOutput, "(\(formatNumber((elapsed * 1000).rounded() / 1000, .printfG)) ms)")
    return result
  }

  /// Milliseconds on the monotonic clock.
  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
  }
}

/// Words laid out in columns, as `ls` lays out names: across the width, no word broken.
enum Columns {
  static func layout(_ items: [String], width: Int, gap: Int = 2) -> [String] {
    guard !items.isEmpty else { return [] }
    let widest = items.map { $0.displayWidth }.max() ?? 0
    let columns = max(1, (max(width, 1) + gap) / (widest + gap))
    let rows = (items.count + columns - 1) / columns
    return (0..<rows).map { row in
      var line = ""
      for column in 0..<columns {
        let index = column * rows + row
        guard index < items.count else { break }
        let item = items[index]
        let isLast = (column + 1) * rows + row >= items.count
        line += item
        if !isLast {
          line += String(repeating: " ", count: widest + gap - item.displayWidth)
        }
      }
      return line
    }
  }
}
