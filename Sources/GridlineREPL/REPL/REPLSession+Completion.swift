import GridlineCLI
import GridlineLanguage

extension REPLSession {
  /// Tab at the end of `line` (the text up to the cursor; earlier lines of an unfinished
  /// block are taken into account).
  public func complete(_ line: String) -> Completion {
    if pending.isEmpty, line.hasPrefix(":") { return completeMeta(line) }
    return Completer.complete(
      (pending + [line]).joined(separator: "\n"), in: CompletionScopeOfSession(session: self))
  }

  func completeMeta(_ line: String) -> Completion {
    let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    let command = String(parts[0])
    if parts.count == 1 {
      return .matching(command, among: MetaCommand.allCases.map { ":" + $0.rawValue })
    }
    let argument = String(parts[1])
    switch MetaCommand.resolve(String(command.dropFirst())) {
    case .load?: return ScriptFiles.complete(argument)
    case .help?: return .matching(argument, among: HelpTopics.names)
    case .explain?: return .matching(argument.uppercased(), among: MessageCode.allCases.map(\.id))
    case .trace?, .time?: return .matching(argument, among: ["on", "off"])
    case .save?: return ScriptFiles.complete(argument)
    case .type?:
      // An expression, completed as `print`'s.
      return complete("print " + argument)
    case .info?:
      let names =
        interpreter.boundNames + ExpressionVocabulary.names
        + REPLSession.typeNames.map(\.rawValue)
      return .matching(argument, among: Array(Set(names)).sorted(), space: false)
    case .step?:
      // `:step` takes a scroll statement: complete it as one.
      if "scroll".hasPrefix(argument) { return .matching(argument, among: ["scroll"]) }
      return complete(argument)
    default: return Completion()
    }
  }
}

/// What the session knows, for completion: its interpreter's names and data, its checker's
/// types, the file system.
struct CompletionScopeOfSession: CompletionScope {
  let session: REPLSession
  var boundNames: [String] { session.interpreter.boundNames }
  var layoutNames: [String] { session.interpreter.layoutNames }
  var sectionSummaries: [SectionSummary] { session.interpreter.sectionSummaries }
  func members(ofExpression text: String) -> [String]? {
    session.checker.members(ofExpression: text)
  }
  func completeFile(_ partial: String) -> Completion { ScriptFiles.complete(partial) }
}
