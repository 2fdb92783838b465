import GridlineCLI
import GridlineLanguage

/// A document the client has open: its text as the client has it (saved or not), and what
/// the language makes of the latest version, computed when first asked for.
struct OpenDocument {
  let uri: String
  /// The file the URI names; nil for an unsaved, untitled document.
  let path: String?
  var version: Int
  /// The text as the script it is (`lines.file`), named `name`.
  private(set) var lines: LineMap
  /// The analysis of `version`, once asked for.
  var analysis: DocumentAnalysis?
  /// The latest analysis of any version: completion reads names from it while a newer
  /// version waits for its check, rather than checking on every keystroke.
  var lastAnalysis: DocumentAnalysis?

  init(uri: String, version: Int, text: String, encoding: LineMap.Encoding) {
    self.uri = uri
    self.path = DocumentURI.path(of: uri)
    self.version = version
    self.lines = LineMap(
      SourceFile(name: Self.name(path: path, uri: uri), text: text), encoding: encoding)
  }

  /// What the language calls the file: its path, so that `use` paths start beside it.
  var name: String { Self.name(path: path, uri: uri) }
  static func name(path: String?, uri: String) -> String { path ?? uri }

  /// The document as a script.
  var file: SourceFile { lines.file }
  var text: String { lines.file.text }

  /// Whether the latest analysis found that this document uses the file `uri` names.
  func uses(_ uri: String) -> Bool {
    guard let path = DocumentURI.path(of: uri), let analysis = analysis ?? lastAnalysis else {
      return false
    }
    return analysis.file.used.contains { $0.canonicalPath == path || $0.file.name == path }
  }

  /// A file this document uses changed: its analysis is out of date.
  mutating func forgetAnalysis() {
    if let analysis { lastAnalysis = analysis }
    analysis = nil
  }

  /// Applies a change: a range replaced, or the whole text when the change has no range.
  mutating func apply(_ changes: [TextDocumentContentChangeEvent], version: Int) {
    var bytes = lines.bytes
    for change in changes {
      if let range = change.range {
        let map = LineMap(
          SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self)),
          encoding: lines.encoding)
        let start = map.offset(of: range.start)
        let end = max(start, map.offset(of: range.end))
        bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
      } else {
        bytes = Array(change.text.utf8)
      }
    }
    lines = LineMap(
      SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self)),
      encoding: lines.encoding)
    self.version = version
    forgetAnalysis()
  }
}

/// What the language makes of one version of a document.
struct DocumentAnalysis {
  let version: Int
  /// The script with its used files attached (`SourceFile.used`), for diagnostics in them.
  let file: SourceFile
  /// The program as written, with its `use` statements.
  let parsed: Program
  let diagnostics: [Diagnostic]
  let checker: Checker

  /// Refuses input as `gl check` does (too large, not text), else parses and checks it.
  init(_ document: OpenDocument, limits: Limits, access: FileAccess) {
    version = document.version
    var file = document.file
    if file.bytes.count > InputLimits.maximumBytes {
      (parsed, diagnostics, checker) = (Program(statements: []), [InputLimits.tooLarge], Checker())
    } else if let problem = InputLimits.problem(in: file.bytes) {
      (parsed, diagnostics, checker) = (Program(statements: []), [problem], Checker())
    } else {
      let analysis = Analysis(&file, limits, access: access)
      (parsed, diagnostics, checker) = (analysis.parsed, analysis.diagnostics, analysis.checker)
    }
    self.file = file
  }
}
