import FoundationEssentials
import GridlineLanguage
import GridlineTestSupport
import Testing

@testable import GridlineLSP

@Suite("LSP: bad input never stops the server")
struct RobustnessTests {
  static let uri = "file:///tmp/robust.gl"

  /// Requests an editor sends, with the positions and texts it might send.
  static let requests: [String] = [
    #"{"jsonrpc":"2.0","id":5,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"position":{"line":3,"character":4}}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"position":{"line":1,"character":2}}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"position":{"line":2,"character":9}}}"#,
    #"{"jsonrpc":"2.0","id":8,"method":"textDocument/references","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"position":{"line":2,"character":9},"context":{"includeDeclaration":true}}}"#,
    #"{"jsonrpc":"2.0","id":9,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"options":{}}}"#,
    #"{"jsonrpc":"2.0","id":10,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///tmp/robust.gl"}}}"#,
    #"{"jsonrpc":"2.0","id":11,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///tmp/robust.gl"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{"diagnostics":[]}}}"#,
    #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/robust.gl","version":3},"contentChanges":[{"range":{"start":{"line":1,"character":3},"end":{"line":2,"character":1}},"text":"é🙂\n{"}]}}"#,
  ]

  static let script =
    "viewport 375 x 667\nlet gap = 8\nlayout flow {\n  line spacing gap\n}\nprint gap\n"

  /// Every request at positions past the end, negative or huge, on an empty document and
  /// a script; then thousands of mutated messages. After each, a hover still answers.
  @Test("positions out of range, and 3,000 mutated messages")
  func mutated() throws {
    let client = TestClient()
    for text in ["", Self.script, "é🙂\n\n{{{", String(repeating: "}", count: 500)] {
      client.open(Self.uri, text)
      client.diagnostics(Self.uri)
      for line in [-1, 0, 2, 1_000_000, Int(Int32.max)] {
        for character in [-3, 0, 1, 7, 1_000_000] {
          for method in [
            "textDocument/completion", "textDocument/hover", "textDocument/definition",
          ] {
            _ = client.at(method, Self.uri, line, character)
          }
        }
      }
    }
    client.open(Self.uri, Self.script)
    var random = SeededGenerator(seed: 36)
    for round in 0..<3_000 {
      var bytes = Array(Self.requests[round % Self.requests.count].utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        guard !bytes.isEmpty else { break }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes.remove(at: at)
        case 2:
          bytes.insert(
            contentsOf: Array(#"-1e309,"\u0000[{""#.utf8).shuffled(using: &random).prefix(3), at: at
          )
        default: bytes = Array(bytes.prefix(at))
        }
      }
      client.server.receive(.message(bytes))
      if round % 100 == 0 {
        let hover = client.at("textDocument/hover", Self.uri, 1, 5)
        #expect(hover != nil, "the server stopped answering after round \(round)")
        client.diagnostics(Self.uri)
      }
    }
    #expect(client.request("shutdown", .null)["result"] == .null)
  }

  @Test("random bytes through the framer never hold more than the limit")
  func framing() {
    var random = SeededGenerator(seed: 7)
    var framer = MessageFramer(maximumBody: 1 << 12)
    for _ in 0..<2_000 {
      let piece: [UInt8]
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        piece = (0..<Int.random(in: 0...64, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
      case 1:
        piece = Array("Content-Length: \(Int.random(in: -5...9_000, using: &random))\r\n\r\n".utf8)
      default: piece = MessageFramer.frame(Array("{}".utf8))
      }
      framer.append(piece)
      while framer.next() != nil {}
      #expect(framer.buffer.count - framer.start <= (1 << 12) + MessageFramer.maximumHeader + 64)
    }
  }
}
