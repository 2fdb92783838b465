import GridlineCLI
import GridlineLanguage

extension LanguageServer {
  /// A document's diagnostics as the protocol carries them. One found in a file the
  /// document uses is shown at the `use` that brings it in (the document's own line),
  /// with the place in the used file as related information.
  func diagnostics(of analysis: DocumentAnalysis, in document: OpenDocument)
    -> [ProtocolDiagnostic]
  {
    let (shown, more) = Diagnostic.shown(analysis.diagnostics)
    var out = shown.map { protocolDiagnostic($0, analysis, document) }
    if let more {
      let end = document.lines.position(of: document.lines.bytes.count)
      out.append(
        ProtocolDiagnostic(
          range: DocumentRange(start: end, end: end), severity: 3, code: nil, message: more))
    }
    return out
  }

  func protocolDiagnostic(
    _ diagnostic: Diagnostic, _ analysis: DocumentAnalysis, _ document: OpenDocument
  ) -> ProtocolDiagnostic {
    var message = diagnostic.message
    if let help = diagnostic.help { message += "\nhelp: " + help }
    let severity =
      switch diagnostic.severity {
      case .error: 1
      case .warning: 2
      case .note: 3
      }
    let names = diagnostic.suggestedNames
    var result = ProtocolDiagnostic(
      range: document.lines.range(of: diagnostic.range), severity: severity,
      code: diagnostic.code.id, message: message,
      data: names.isEmpty ? nil : ["replacements": .array(names.map { .string($0) })])
    let (origin, local) = analysis.file.origin(of: diagnostic.range)
    if origin.name != analysis.file.name {
      let lines = LineMap(origin, encoding: encoding)
      let place = lines.position(of: local.start)
      result.range = useRange(leadingTo: diagnostic.range.start, analysis, document)
      result.message = "\(origin.name):\(place.line + 1): " + message
      result.data = nil
      result.relatedInformation = [
        ProtocolDiagnostic.Related(
          location: Location(
            uri: DocumentURI.uri(ofPath: origin.name), range: lines.range(of: local)),
          message: diagnostic.message)
      ]
    }
    return result
  }

  /// The range of the document's own `use` statement through which the used file holding
  /// `offset` came in: used files are attached in the order their `use`s are expanded,
  /// depth first, so it is the last top-level `use` whose file starts at or before it.
  func useRange(leadingTo offset: Int, _ analysis: DocumentAnalysis, _ document: OpenDocument)
    -> DocumentRange
  {
    let directory = Includes.directory(of: analysis.file.name)
    var best: (base: Int, range: SourceRange)?
    for statement in analysis.parsed.statements {
      guard case .use(let path, _) = statement.kind else { continue }
      let full = Includes.joined(directory, path)
      let canonical = fileAccess.canonical(full) ?? full
      guard
        let used = analysis.file.used.first(where: {
          $0.canonicalPath == canonical || $0.file.name == full
        }), used.base <= offset, used.base > (best?.base ?? -1)
      else { continue }
      best = (used.base, statement.range)
    }
    return document.lines.range(of: best?.range ?? .none)
  }
}
