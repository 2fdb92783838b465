extension LanguageServer {
  /// What the server does, and the position encoding: UTF-8 when the client offers it
  /// (the language's own offsets, no counting), else the protocol's default UTF-16.
  func initializeResult(_ params: JSONValue) -> JSONValue {
    if case .array(let offered)? = params["capabilities"]?["general"]?["positionEncodings"],
      offered.contains(.string(LineMap.Encoding.utf8.rawValue))
    {
      encoding = .utf8
    }
    let capabilities: JSONValue = [
      "positionEncoding": .string(encoding.rawValue),
      "textDocumentSync": ["openClose": true, "change": 2],
      "completionProvider": ["triggerCharacters": [".", "[", "\"", "/"]],
      "hoverProvider": true,
      "definitionProvider": true,
      "referencesProvider": true,
      "documentFormattingProvider": true,
      "documentRangeFormattingProvider": true,
      "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      "semanticTokensProvider": [
        "legend": [
          "tokenTypes": .array(SemanticTokenType.allCases.map { .string($0.rawValue) }),
          "tokenModifiers": .array(SemanticTokenModifier.allCases.map { .string($0.rawValue) }),
        ],
        "full": true,
      ],
    ]
    return [
      "capabilities": capabilities,
      "serverInfo": ["name": "gl lsp", "version": .string(options.version)],
    ]
  }
}
