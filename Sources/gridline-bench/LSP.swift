import GridlineLSP
import GridlineRender

/// `gl lsp`'s two costs a person feels: the first diagnostics of a document just opened,
/// and a completion list. Both are measured through the server's messages, JSON included,
/// as an editor meets them (the pipe aside).
@MainActor func lspCases() {
  let text = scriptLines(1_000)
  let uri = "file:///bench/1k.gl"
  func message(_ fields: [(String, JSON)]) -> MessageFramer.Frame {
    .message(Array(JSON.object([("jsonrpc", .string("2.0"))] + fields).rendered.utf8))
  }
  let initialize = message([
    ("id", .number(1)), ("method", .string("initialize")),
    ("params", .object([("capabilities", .object([]))])),
  ])
  let open = message([
    ("method", .string("textDocument/didOpen")),
    (
      "params",
      .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", .string("gl")), ("version", .number(1)),
            ("text", .string(text)),
          ])
        )
      ])
    ),
  ])

  run("lsp.check.1k-lines") {
    var r = measure("", samples: 20 * scale) {
      var sent = 0
      let server = LanguageServer { sent += $0.count }
      server.receive(initialize)
      server.receive(open)
      let publications = server.dueDiagnostics()
      guard publications.count == 1, publications[0].count == 0 else {
        fail("lsp.check.1k-lines: the script should check without diagnostics")
      }
      server.publish(publications[0])
      sink &+= sent
    }
    r.note = "didOpen of a 1,000-line script to its published diagnostics (target ≤ 50 ms)"
    return r
  }

  run("lsp.complete") {
    var answer: [UInt8] = []
    let server = LanguageServer { answer = $0 }
    server.receive(initialize)
    server.receive(open)
    for publication in server.dueDiagnostics() { server.publish(publication) }
    // `show vis|` on the document's last `show visible`: completion reads everything
    // before the cursor, nearly the whole script.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines.lastIndex(of: "show visible")!
    let request = message([
      ("id", .number(2)), ("method", .string("textDocument/completion")),
      (
        "params",
        .object([
          ("textDocument", .object([("uri", .string(uri))])),
          (
            "position",
            .object([
              ("line", .number(Double(line))), ("character", .number(8)),
            ])
          ),
        ])
      ),
    ])
    var r = measure("", samples: 200 * scale) {
      server.receive(request)
      sink &+= answer.count
    }
    guard String(decoding: answer, as: UTF8.self).contains("\"label\":\"visible\"") else {
      fail("lsp.complete: 'show vis' did not complete to 'visible'")
    }
    r.note = "a completion list near the end of a 1,000-line script (target ≤ 5 ms)"
    return r
  }
}
