/// The Language Server Protocol's structures that `gl lsp` reads and writes (LSP 3.17), as
/// `Codable` values with the protocol's field names. Only what the server uses is here.

public struct Position: Codable, Hashable, Sendable {
  public var line: Int
  /// In the negotiated encoding's code units (UTF-16 unless the client offers UTF-8).
  public var character: Int
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

public struct DocumentRange: Codable, Hashable, Sendable {
  public var start: Position
  public var end: Position
  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }
}

public struct Location: Codable, Hashable, Sendable {
  public var uri: String
  public var range: DocumentRange
}

public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
  public var uri: String
}

struct TextDocumentItem: Codable {
  var uri: String
  var languageId: String?
  var version: Int
  var text: String
}

struct VersionedTextDocumentIdentifier: Codable {
  var uri: String
  var version: Int
}

struct TextDocumentContentChangeEvent: Codable {
  /// Absent: `text` is the whole document.
  var range: DocumentRange?
  var text: String
}

struct DidOpenParams: Codable { var textDocument: TextDocumentItem }
struct DidChangeParams: Codable {
  var textDocument: VersionedTextDocumentIdentifier
  var contentChanges: [TextDocumentContentChangeEvent]
}
struct DocumentParams: Codable { var textDocument: TextDocumentIdentifier }
struct PositionParams: Codable {
  var textDocument: TextDocumentIdentifier
  var position: Position
}
struct ReferenceParams: Codable {
  struct Context: Codable { var includeDeclaration: Bool }
  var textDocument: TextDocumentIdentifier
  var position: Position
  var context: Context?
}
struct RangeParams: Codable {
  var textDocument: TextDocumentIdentifier
  var range: DocumentRange
}
struct CancelParams: Codable { var id: RequestID }

public struct TextEdit: Codable, Hashable, Sendable {
  public var range: DocumentRange
  public var newText: String
}

struct MarkupContent: Codable, Hashable {
  var kind = "markdown"
  var value: String
}

/// LSP's `Diagnostic` (the language's own is `GridlineLanguage.Diagnostic`).
struct ProtocolDiagnostic: Codable, Hashable {
  struct Related: Codable, Hashable {
    var location: Location
    var message: String
  }
  var range: DocumentRange
  /// 1 error, 2 warning, 3 information, 4 hint.
  var severity: Int
  var code: String?
  var source = "gl"
  var message: String
  var relatedInformation: [Related]?
  /// The names a did-you-mean offers, which the quick fixes write.
  var data: JSONValue?
}

struct PublishDiagnosticsParams: Codable {
  var uri: String
  var version: Int?
  var diagnostics: [ProtocolDiagnostic]
}

struct CompletionItem: Codable, Hashable {
  var label: String
  /// CompletionItemKind: 3 function, 5 field, 6 variable, 12 value, 14 keyword, 17 file.
  var kind: Int?
  var detail: String?
  var documentation: MarkupContent?
  var textEdit: TextEdit?
  var sortText: String?
  /// 2: `textEdit.newText` is a snippet (`$1`, `${1:NAME}`, `$0`).
  var insertTextFormat: Int?
}

struct CompletionList: Codable {
  var isIncomplete: Bool
  var items: [CompletionItem]
}

struct Hover: Codable {
  var contents: MarkupContent
  var range: DocumentRange?
}

struct WorkspaceEdit: Codable, Hashable {
  var changes: [String: [TextEdit]]
}

struct CodeAction: Codable, Hashable {
  var title: String
  var kind = "quickfix"
  var diagnostics: [ProtocolDiagnostic]
  var isPreferred: Bool?
  var edit: WorkspaceEdit
}

struct SemanticTokens: Codable {
  var data: [Int]
}
