import FoundationEssentials
import GridlineLanguage
import Testing

@testable import GridlineLSP

@Suite("LSP: the protocol's life cycle and its errors")
struct ProtocolTests {
  @Test("initialize answers the capabilities; shutdown then exit is status 0, exit alone 1")
  func lifeCycle() {
    let client = TestClient(initialize: false)
    let answer = client.request("initialize", ["capabilities": [:]])
    let capabilities = answer["result"]?["capabilities"]
    #expect(capabilities?["positionEncoding"] == "utf-16")
    #expect(capabilities?["hoverProvider"] == true)
    #expect(capabilities?["textDocumentSync"]?["change"] == 2)
    #expect(answer["result"]?["serverInfo"]?["version"] == "test")
    #expect(client.request("shutdown", .null)["result"] == .null)
    #expect(client.server.exitStatus == nil)
    client.notify("exit", .null)
    #expect(client.server.exitStatus == 0)

    let abrupt = TestClient()
    abrupt.notify("exit", .null)
    #expect(abrupt.server.exitStatus == 1)
  }

  @Test("UTF-8 positions when the client offers them, else UTF-16")
  func positionEncoding() {
    let client = TestClient(encodings: ["utf-16", "utf-8"])
    #expect(client.server.encoding == .utf8)
  }

  @Test("a request before initialize, or after shutdown, is refused with its code")
  func order() {
    let client = TestClient(initialize: false)
    let early = client.request("textDocument/hover", [:])
    #expect(early["error"]?["code"] == -32002)
    _ = client.request("initialize", ["capabilities": [:]])
    #expect(client.request("initialize", ["capabilities": [:]])["error"]?["code"] == -32600)
    _ = client.request("shutdown", .null)
    #expect(client.request("textDocument/hover", [:])["error"]?["code"] == -32600)
  }

  @Test("malformed messages get a JSON-RPC error and the server goes on")
  func malformed() {
    let client = TestClient()
    client.server.receive(.message(Array("{not json".utf8)))
    #expect(client.received.last?["error"]?["code"] == -32700)
    #expect(client.received.last?["id"] == .null)
    client.server.receive(.message(Array("[1, 2]".utf8)))
    #expect(client.received.last?["error"]?["code"] == -32600)
    client.server.receive(.malformed("a header without a valid Content-Length"))
    #expect(client.received.last?["error"]?["code"] == -32700)
    let unknown = client.request("textDocument/prepareTypeHierarchy", [:])
    #expect(unknown["error"]?["code"] == -32601)
    let bad = client.request("textDocument/hover", ["textDocument": ["uri": 3]])
    #expect(bad["error"]?["code"] == -32602)
    #expect(bad["error"]?["message"]?.string?.contains("textDocument.uri") == true)
    // A notification with bad params has no answer: it is logged.
    client.notify("textDocument/didOpen", ["textDocument": "nope"])
    #expect(client.received.last?["method"] == "window/logMessage")
    // Still serving.
    client.open("file:///tmp/a.gl", "viewport 100 x 100\n")
    #expect(client.diagnostics("file:///tmp/a.gl").isEmpty)
  }

  @Test("a request the client cancelled before it ran is answered RequestCancelled")
  func cancellation() {
    let client = TestClient()
    client.open("file:///tmp/a.gl", "viewport 100 x 100\n")
    let answer = client.at("textDocument/hover", "file:///tmp/a.gl", 0, 1)
    #expect(answer != nil)
    let cancelled = client.request(
      "textDocument/hover",
      ["textDocument": ["uri": "file:///tmp/a.gl"], "position": ["line": 0, "character": 1]],
      cancelled: true)
    #expect(cancelled["error"]?["code"] == -32800)
  }

  @Test("a request on a document that is not open says so")
  func notOpen() {
    let client = TestClient()
    let answer = client.request(
      "textDocument/formatting", ["textDocument": ["uri": "file:///nowhere.gl"], "options": [:]])
    #expect(answer["error"]?["code"] == -32602)
    #expect(answer["error"]?["message"]?.string?.contains("not open") == true)
  }
}

@Suite("LSP: framing")
struct FramingTests {
  @Test("messages split across reads and joined in one come out whole and in order")
  func pieces() {
    let one = MessageFramer.frame(Array(#"{"a":1}"#.utf8))
    let two = MessageFramer.frame(Array(#"{"b":"é"}"#.utf8))
    var framer = MessageFramer()
    for byte in one + two { framer.append([byte]) }
    #expect(framer.next() == .message(Array(#"{"a":1}"#.utf8)))
    #expect(framer.next() == .message(Array(#"{"b":"é"}"#.utf8)))
    #expect(framer.next() == nil)
  }

  @Test("header names are case-insensitive; other fields are allowed")
  func headers() {
    var framer = MessageFramer()
    framer.append(
      Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{}".utf8))
    #expect(framer.next() == .message(Array("{}".utf8)))
  }

  @Test("a header without a length, or a body over the limit, is reported and skipped")
  func bad() {
    var framer = MessageFramer(maximumBody: 10)
    framer.append(Array("X-Nothing: 1\r\n\r\n".utf8))
    framer.append(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
    if case .malformed? = framer.next() {} else { Issue.record("no length: not reported") }
    if case .malformed(let why)? = framer.next() {
      #expect(why.contains("20 bytes"))
    } else {
      Issue.record("too long: not reported")
    }
    // The rest of the long body arrives, then a good message: it is read.
    framer.append(Array("0123456789".utf8) + MessageFramer.frame(Array("{}".utf8)))
    #expect(framer.next() == .message(Array("{}".utf8)))
  }

  @Test("a header section that never ends is dropped, not held")
  func endlessHeader() {
    var framer = MessageFramer()
    framer.append([UInt8](repeating: UInt8(ascii: "x"), count: 9000))
    if case .malformed? = framer.next() {} else { Issue.record("not reported") }
    #expect(framer.buffer.isEmpty)
  }
}
