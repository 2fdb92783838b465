import FoundationEssentials
import GridlineCLI
import GridlineLanguage

/// `gl lsp`: the Language Server Protocol's server for `.gl` scripts. It is handed whole
/// messages (`receive`) and hands whole messages to `send`; the connection
/// (`StdioConnection`) frames them and decides when checks run, so the server itself is
/// driven by tests exactly as by an editor.
///
/// Checking is debounced: an opened document is checked at once, a changed one when it
/// has been still for `Options.debounce`. Only the latest version is ever checked, and a
/// result whose document changed while it was computed is dropped (`publish`).
public final class LanguageServer {
  public struct Options: Sendable {
    /// How long a changed document must stay unchanged before it is checked.
    public var debounce: Duration = .milliseconds(150)
    public var limits = Limits()
    /// What `serverInfo` says (`gl --version`).
    public var version = "0"
    public init() {}
  }

  /// JSON-RPC's and LSP's error codes.
  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
  }

  struct Failure: Error {
    var code: ErrorCode
    var message: String
  }

  /// Diagnostics computed for one version of a document, waiting to be sent.
  public struct Publication {
    let uri: String
    let version: Int
    let diagnostics: [ProtocolDiagnostic]
    /// How many diagnostics the document has.
    public var count: Int { diagnostics.count }
  }

  let options: Options
  let send: ([UInt8]) -> Void
  var documents: [String: OpenDocument] = [:]
  /// Documents waiting for their check, and when it is due.
  var dueChecks: [String: ContinuousClock.Instant] = [:]
  var encoding = LineMap.Encoding.utf16
  var initialized = false
  var shutdownRequested = false
  /// Set by `exit`: 0 after `shutdown`, 1 without (the protocol's rule).
  public private(set) var exitStatus: Int32?
  let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }()

  public init(options: Options = Options(), send: @escaping ([UInt8]) -> Void) {
    self.options = options
    self.send = send
  }

  /// When the next debounced check is due; nil when none waits.
  public var nextCheck: ContinuousClock.Instant? { dueChecks.values.min() }

  // MARK: Messages

  /// What every message has: a request has an id and a method, a notification a method.
  struct Envelope: Decodable {
    var id: RequestID?
    var method: String?
  }

  struct Parameters<P: Decodable>: Decodable {
    var params: P
  }

  /// Handles one frame. `cancelled` holds the ids the client has cancelled among the
  /// messages read with this one: such a request is answered RequestCancelled, unrun.
  public func receive(_ frame: MessageFramer.Frame, cancelled: Set<RequestID> = []) {
    let body: [UInt8]
    switch frame {
    case .malformed(let why):
      return reply(nil, failure: Failure(code: .parseError, message: "unreadable message: " + why))
    case .message(let bytes): body = bytes
    }
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: Data(body))
    } catch let error as DecodingError {
      if case .typeMismatch = error {
        return reply(
          nil, failure: Failure(code: .invalidRequest, message: "a message is a JSON object"))
      }
      return reply(
        nil,
        failure: Failure(
          code: .parseError, message: "the message is not JSON: \(Self.describe(error))"))
    } catch {
      return reply(nil, failure: Failure(code: .parseError, message: "the message is not JSON"))
    }
    guard let method = envelope.method else {
      // A response to a request of ours (the server sends none), or nothing at all.
      if envelope.id == nil {
        reply(nil, failure: Failure(code: .invalidRequest, message: "a message without a method"))
      }
      return
    }
    guard let id = envelope.id else { return notification(method, body) }
    if cancelled.contains(id) {
      return reply(
        id, failure: Failure(code: .requestCancelled, message: "cancelled by the client"))
    }
    do {
      try request(id, method, body)
    } catch let failure as Failure {
      reply(id, failure: failure)
    } catch {
      reply(id, failure: Failure(code: .requestFailed, message: "\(error)"))
    }
  }

  func request(_ id: RequestID, _ method: String, _ body: [UInt8]) throws {
    if method == "initialize" {
      guard !initialized else {
        throw Failure(code: .invalidRequest, message: "the server is already initialized")
      }
      let params = try parameters(JSONValue.self, body)
      initialized = true
      return reply(id, initializeResult(params))
    }
    guard initialized else {
      throw Failure(code: .serverNotInitialized, message: "'initialize' must come first")
    }
    guard !shutdownRequested else {
      throw Failure(
        code: .invalidRequest, message: "the server is shutting down; only 'exit' is left")
    }
    switch method {
    case "shutdown":
      shutdownRequested = true
      reply(id, JSONValue.null)
    case "textDocument/completion":
      reply(id, try completion(parameters(PositionParams.self, body)))
    case "textDocument/hover":
      reply(id, try hover(parameters(PositionParams.self, body)))
    case "textDocument/definition":
      reply(id, try definition(parameters(PositionParams.self, body)))
    case "textDocument/references":
      reply(id, try references(parameters(ReferenceParams.self, body)))
    case "textDocument/formatting":
      reply(id, try formatting(parameters(DocumentParams.self, body), range: nil))
    case "textDocument/rangeFormatting":
      let params = try parameters(RangeParams.self, body)
      reply(
        id, try formatting(DocumentParams(textDocument: params.textDocument), range: params.range))
    case "textDocument/codeAction":
      reply(id, try codeActions(parameters(RangeParams.self, body)))
    case "textDocument/semanticTokens/full":
      reply(id, try semanticTokens(parameters(DocumentParams.self, body)))
    case "gl/run":
      reply(id, try run(parameters(DocumentParams.self, body)))
    default:
      throw Failure(code: .methodNotFound, message: "no method '\(method)'")
    }
  }

  func notification(_ method: String, _ body: [UInt8]) {
    if method == "exit" {
      exitStatus = shutdownRequested ? 0 : 1
      return
    }
    // Before `initialize`, notifications are dropped (the protocol's rule).
    guard initialized, !shutdownRequested else { return }
    do {
      switch method {
      case "textDocument/didOpen":
        let item = try parameters(DidOpenParams.self, body).textDocument
        documents[item.uri] = OpenDocument(
          uri: item.uri, version: item.version, text: item.text, encoding: encoding)
        dueChecks[item.uri] = .now
      case "textDocument/didChange":
        let params = try parameters(DidChangeParams.self, body)
        let uri = params.textDocument.uri
        guard documents[uri] != nil else { return log("a change to '\(uri)', which is not open") }
        documents[uri]?.apply(params.contentChanges, version: params.textDocument.version)
        dueChecks[uri] = .now + options.debounce
        // Documents that use this one see the change too.
        for (other, document) in documents where other != uri && document.uses(uri) {
          documents[other]?.forgetAnalysis()
          dueChecks[other] = .now + options.debounce
        }
      case "textDocument/didClose":
        let uri = try parameters(DocumentParams.self, body).textDocument.uri
        documents[uri] = nil
        dueChecks[uri] = nil
        notify(
          "textDocument/publishDiagnostics",
          PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: []))
      default:
        // `initialized`, `didSave`, `$/cancelRequest` (the connection reads those), `$/…`.
        break
      }
    } catch let failure as Failure {
      log(failure.message)
    } catch {
      log("\(error)")
    }
  }

  /// `P` from the message's `params`, or InvalidParams saying what is wrong where.
  func parameters<P: Decodable>(_: P.Type, _ body: [UInt8]) throws -> P {
    do {
      return try JSONDecoder().decode(Parameters<P>.self, from: Data(body)).params
    } catch let error as DecodingError {
      throw Failure(code: .invalidParams, message: "invalid params: " + Self.describe(error))
    }
  }

  /// The open document a request names.
  func document(_ identifier: TextDocumentIdentifier) throws -> OpenDocument {
    guard let document = documents[identifier.uri] else {
      throw Failure(code: .invalidParams, message: "'\(identifier.uri)' is not open")
    }
    return document
  }

  /// The analysis of a document's current version, computed once.
  func analysis(_ uri: String) -> DocumentAnalysis? {
    guard let document = documents[uri] else { return nil }
    if let analysis = document.analysis { return analysis }
    let analysis = DocumentAnalysis(document, limits: options.limits, access: fileAccess)
    documents[uri]?.analysis = analysis
    return analysis
  }

  /// `use` reads an open document's text as the editor has it, else the file.
  var fileAccess: FileAccess {
    let open = Dictionary(
      documents.values.compactMap { d in d.path.map { ($0, d.text) } },
      uniquingKeysWith: { a, _ in a }
    )
    let system = FileAccess.system
    return FileAccess(
      read: { path in open[path].map { .success($0) } ?? system.read(path) },
      canonical: { path in system.canonical(path) ?? (open[path] != nil ? path : nil) })
  }

  // MARK: Diagnostics

  /// The diagnostics of every document whose check is due by `now`, not yet sent: the
  /// connection reads what arrived meanwhile before it publishes them.
  public func dueDiagnostics(at now: ContinuousClock.Instant = .now) -> [Publication] {
    let due = dueChecks.filter { $0.value <= now }.keys.sorted()
    var publications: [Publication] = []
    for uri in due {
      dueChecks[uri] = nil
      guard let analysis = analysis(uri), let document = documents[uri] else { continue }
      publications.append(
        Publication(
          uri: uri, version: analysis.version, diagnostics: diagnostics(of: analysis, in: document))
      )
    }
    return publications
  }

  /// Sends a publication unless its document has changed (or closed) since.
  public func publish(_ publication: Publication) {
    guard documents[publication.uri]?.version == publication.version else { return }
    notify(
      "textDocument/publishDiagnostics",
      PublishDiagnosticsParams(
        uri: publication.uri, version: publication.version, diagnostics: publication.diagnostics))
  }

  // MARK: Output

  struct Response<Result: Encodable>: Encodable {
    var id: RequestID?
    var result: Result

    enum CodingKeys: String, CodingKey { case jsonrpc, id, result }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("2.0", forKey: .jsonrpc)
      try container.encode(id, forKey: .id)
      try container.encode(result, forKey: .result)
    }
  }

  struct ErrorResponse: Encodable {
    struct Body: Encodable {
      var code: Int
      var message: String
    }
    var id: RequestID?
    var error: Body

    enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode("2.0", forKey: .jsonrpc)
      try container.encode(id, forKey: .id)
      try container.encode(error, forKey: .error)
    }
  }

  struct Notification<Params: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var method: String
    var params: Params
  }

  func reply<Result: Encodable>(_ id: RequestID, _ result: Result) {
    write(Response(id: id, result: result))
  }

  func reply(_ id: RequestID?, failure: Failure) {
    write(
      ErrorResponse(id: id, error: .init(code: failure.code.rawValue, message: failure.message)))
  }

  func notify<Params: Encodable>(_ method: String, _ params: Params) {
    write(Notification(method: method, params: params))
  }

  /// `window/logMessage`: what went wrong with a notification, which has no answer.
  func log(_ message: String) {
    notify("window/logMessage", ["type": JSONValue.number(1), "message": .string(message)])
  }

  func write(_ message: some Encodable) {
    guard let body = try? encoder.encode(message) else { return }
    send(Array(body))
  }

  /// A decoding error as a person reads it: what is wrong, at which field.
  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }
      return keys.isEmpty ? "" : " at " + keys.joined().drop { $0 == "." }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "'\(key.stringValue)' is missing" + path(context)
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.debugDescription + path(context)
    case .dataCorrupted(let context): return context.debugDescription + path(context)
    @unknown default: return "\(error)"
    }
  }
}
