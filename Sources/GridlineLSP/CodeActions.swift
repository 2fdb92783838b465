import GridlineLanguage

extension LanguageServer {
  /// A quick fix for every did-you-mean among the diagnostics the range touches: the
  /// misspelt word replaced by each name the help offers (the first preferred).
  func codeActions(_ params: RangeParams) throws -> [CodeAction] {
    let document = try document(params.textDocument)
    guard let analysis = analysis(document.uri) else { return [] }
    let lines = document.lines
    let first = lines.offset(of: params.range.start)
    let last = lines.offset(of: params.range.end)
    var actions: [CodeAction] = []
    for diagnostic in analysis.diagnostics {
      let names = diagnostic.suggestedNames
      let range = diagnostic.range
      guard !names.isEmpty, range.start < UsedFile.firstBase, range.end <= lines.bytes.count,
        range.start <= last, range.end >= first
      else { continue }
      let written = String(decoding: lines.bytes[range.start..<range.end], as: UTF8.self)
      // A name in a string (`trace.count("prepar")`) keeps its quotes.
      let quoted = written.count >= 2 && written.hasPrefix("\"") && written.hasSuffix("\"")
      let bare = quoted ? String(written.dropFirst().dropLast()) : written
      guard !bare.isEmpty,
        bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " })
      else { continue }
      let shown = protocolDiagnostic(diagnostic, analysis, document)
      for (i, name) in names.enumerated() {
        let edit = TextEdit(
          range: lines.range(of: range), newText: quoted ? "\"\(name)\"" : name)
        actions.append(
          CodeAction(
            title: "Change '\(bare)' to '\(name)'", diagnostics: [shown],
            isPreferred: i == 0 ? true : nil,
            edit: WorkspaceEdit(changes: [document.uri: [edit]])))
      }
    }
    return actions
  }
}
