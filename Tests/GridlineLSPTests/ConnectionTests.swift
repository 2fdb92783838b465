import Foundation
import Testing

@testable import GridlineLSP

@Suite("LSP: the connection on real file descriptors")
struct ConnectionTests {
  /// Writes `batches` of messages (each framed) into a pipe, a quarter of a second apart,
  /// then closes it; serves it, and returns the exit status and every message written back.
  func serve(_ batches: [String]...) throws -> (Int32, [JSONValue]) {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let writer = fds[1]
    let chunks = batches.map { $0.flatMap { MessageFramer.frame(Array($0.utf8)) } }
    let thread = Thread {
      for (i, bytes) in chunks.enumerated() {
        if i > 0 { usleep(250_000) }
        _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      }
      close(writer)
    }
    thread.start()
    let outputPath = NSTemporaryDirectory() + "gl-lsp-out-\(UInt64.random(in: 0...UInt64.max))"
    let output = Glibc.open(outputPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(output)
      close(fds[0])
      unlink(outputPath)
    }
    var options = LanguageServer.Options()
    options.debounce = .milliseconds(20)
    let status = StdioConnection(input: fds[0], output: output).serve(options: options)
    var framer = MessageFramer()
    framer.append(Array(try Data(contentsOf: URL(fileURLWithPath: outputPath))))
    var received: [JSONValue] = []
    while case .message(let body)? = framer.next() {
      received.append(try JSONDecoder().decode(JSONValue.self, from: Data(body)))
    }
    return (status, received)
  }

  let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
  let shutdown = #"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#
  let exit = #"{"jsonrpc":"2.0","method":"exit"}"#

  func open(_ text: String) -> String {
    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/c.gl","languageId":"gl","version":1,"text":"\#(text)"}}}"#
  }
  func change(_ text: String, _ version: Int) -> String {
    #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/c.gl","version":\#(version)},"contentChanges":[{"text":"\#(text)"}]}}"#
  }

  @Test("a whole session: answers in order, a cancel reaches its request, status 0")
  func session() throws {
    let hover =
      #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/c.gl"},"position":{"line":0,"character":1}}}"#
    let cancel = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#
    let (status, received) = try serve([
      initialize, open("viewport 10 x 10\\n"), hover, cancel, "garbage", shutdown, exit,
    ])
    #expect(status == 0)
    let answers = received.filter { $0["id"] != nil }
    #expect(answers.map { $0["id"] } == [1, 7, .null, 99])
    #expect(answers[1]["error"]?["code"] == -32800)
    #expect(answers[2]["error"]?["code"] == -32700)
  }

  @Test("changes faster than checks: the versions between are never checked")
  func fasterThanChecks() throws {
    let (status, received) = try serve(
      [initialize, open("let a = nope\\n")] + (2...30).map { change("let a = nope\($0)\\n", $0) }
        + [change("let a = 1\\n", 31)],
      [shutdown, exit])
    #expect(status == 0)
    let published = received.filter { $0["method"] == "textDocument/publishDiagnostics" }
    // The changes arrive together, so the opened version is never checked on its own
    // (unless the pipe hands the first message over before the rest: then its result is
    // published only if no change had arrived by then).
    #expect(published.count <= 2)
    #expect(published.last?["params"]?["version"] == 31)
    #expect(published.last?["params"]?["diagnostics"] == [])
  }
}
