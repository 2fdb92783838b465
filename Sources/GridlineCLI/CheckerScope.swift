import GridlineLanguage

/// What a script's analysis knows for completion: its checker's names and types (of the
/// latest analysis, which may trail the text by the keystrokes since), the sections it
/// declares with literal counts, the files beside it. An editor's document (`gl lsp`) and
/// the playground's page (`gl serve`) complete from it.
package struct CheckerScope: CompletionScope {
  package let checker: Checker
  package let directory: String

  package init(checker: Checker, directory: String) {
    self.checker = checker
    self.directory = directory
  }

  package var boundNames: [String] { checker.boundNames.map(\.name) }
  package var layoutNames: [String] { checker.namedLayouts }
  package var sectionSummaries: [SectionSummary] { checker.declaredSections }
  package func members(ofExpression text: String) -> [String]? {
    checker.members(ofExpression: text)
  }
  package func completeFile(_ partial: String) -> Completion {
    // A relative path starts beside the document, as `use` reads it.
    ScriptFiles.complete(partial.hasPrefix("/") ? partial : Includes.joined(directory, partial))
  }
}
