import FoundationEssentials
import GridlineLanguage
import Testing

@testable import GridlineLSP

/// A client in the test: sends messages to an in-process server as an editor would and
/// keeps everything the server sends back.
final class TestClient {
  var received: [JSONValue] = []
  var server: LanguageServer!
  var nextID = 1

  init(encodings: [String]? = nil, initialize: Bool = true) {
    var options = LanguageServer.Options()
    options.version = "test"
    server = LanguageServer(options: options) { [unowned self] body in
      received.append(try! JSONDecoder().decode(JSONValue.self, from: Data(body)))
    }
    if initialize {
      var capabilities: JSONValue = [:]
      if let encodings {
        capabilities = ["general": ["positionEncodings": .array(encodings.map { .string($0) })]]
      }
      _ = request("initialize", ["processId": .null, "capabilities": capabilities])
      notify("initialized", [:])
    }
  }

  static func body(_ message: JSONValue) -> [UInt8] {
    Array(try! JSONEncoder().encode(message))
  }

  /// Sends a request and returns the server's response to it (its whole message).
  @discardableResult
  func request(_ method: String, _ params: JSONValue, cancelled: Bool = false) -> JSONValue {
    let id = nextID
    nextID += 1
    let message: JSONValue = [
      "jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params,
    ]
    server.receive(.message(Self.body(message)), cancelled: cancelled ? [.number(id)] : [])
    return received.last { $0["id"] == .number(Double(id)) } ?? .null
  }

  func notify(_ method: String, _ params: JSONValue) {
    let message: JSONValue = ["jsonrpc": "2.0", "method": .string(method), "params": params]
    server.receive(.message(Self.body(message)))
  }

  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "gl", "version": .number(Double(version)),
          "text": .string(text),
        ]
      ])
  }

  func change(_ uri: String, _ text: String, version: Int) {
    notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .number(Double(version))],
        "contentChanges": [["text": .string(text)]],
      ])
  }

  /// Runs every check now, as the connection does when the input is quiet, and returns
  /// the diagnostics published for `uri` (the last publication).
  @discardableResult
  func diagnostics(_ uri: String) -> [JSONValue] {
    for publication in server.dueDiagnostics(at: .now + .seconds(3600)) {
      server.publish(publication)
    }
    let published = received.last {
      $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
    }
    guard case .array(let list)? = published?["params"]?["diagnostics"] else { return [] }
    return list
  }

  /// The result of a request at a line and column.
  func at(_ method: String, _ uri: String, _ line: Int, _ character: Int, _ extra: JSONValue = [:])
    -> JSONValue?
  {
    var params: [String: JSONValue] = [
      "textDocument": ["uri": .string(uri)],
      "position": ["line": .number(Double(line)), "character": .number(Double(character))],
    ]
    if case .object(let more) = extra { params.merge(more) { _, new in new } }
    return request(method, .object(params))["result"]
  }
}

extension JSONValue {
  var array: [JSONValue] {
    if case .array(let items) = self { return items }
    return []
  }
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
}

/// Applies LSP text edits (line/character in UTF-16) to a text, last first.
func applying(_ edits: [JSONValue], to text: String) -> String {
  let lines = LineMap(SourceFile(name: "", text: text), encoding: .utf16)
  var bytes = lines.bytes
  let ranges = edits.map { edit -> (Int, Int, String) in
    func offset(_ p: JSONValue?) -> Int {
      lines.offset(
        of: Position(
          line: Int(p?["line"]?.number ?? 0), character: Int(p?["character"]?.number ?? 0)))
    }
    return (
      offset(edit["range"]?["start"]), offset(edit["range"]?["end"]), edit["newText"]?.string ?? ""
    )
  }
  for (start, end, text) in ranges.sorted(by: { $0.0 > $1.0 }) {
    bytes.replaceSubrange(start..<end, with: Array(text.utf8))
  }
  return String(decoding: bytes, as: UTF8.self)
}
