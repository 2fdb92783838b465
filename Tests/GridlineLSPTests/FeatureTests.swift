import Foundation
import GridlineLanguage
import Testing

@testable import GridlineLSP

/// A scratch folder of files, removed when the test ends.
final class Folder {
  let path: String
  init() {
    path = NSTemporaryDirectory() + "gl-lsp-test-\(UInt64.random(in: 0...UInt64.max))"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let full = path + "/" + name
    try! text.write(toFile: full, atomically: true, encoding: .utf8)
    return full
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("LSP: diagnostics")
struct DiagnosticTests {
  let uri = "file:///tmp/doc.gl"

  @Test("gl check's diagnostics, with code, help and the did-you-mean's names")
  func checked() throws {
    let client = TestClient()
    client.open(uri, "viewport 375 x 667\nlayout flow {\n  spacingg 10\n}\n")
    let found = client.diagnostics(uri)
    try #require(found.count == 1)
    #expect(found[0]["code"] == "GL1003")
    #expect(found[0]["severity"] == 1)
    #expect(found[0]["source"] == "gl")
    #expect(found[0]["message"]?.string?.contains("did you mean") == true)
    #expect(found[0]["data"]?["replacements"] == ["line spacing", "interitem spacing"])
    #expect(
      found[0]["range"] == [
        "start": ["line": 2, "character": 2], "end": ["line": 2, "character": 10],
      ])
  }

  @Test("columns count UTF-16 code units by default, bytes when UTF-8 was agreed")
  func columns() throws {
    let text = "let face = \"🙂é\"; let y = nope\n"
    let utf16 = TestClient()
    utf16.open(uri, text)
    let a = try #require(utf16.diagnostics(uri).first)
    // `nope` starts after 25 characters: the emoji is 2 UTF-16 units, 4 bytes; é 1 and 2.
    #expect(a["range"]?["start"]?["character"] == 26)
    let utf8 = TestClient(encodings: ["utf-8"])
    utf8.open(uri, text)
    let b = try #require(utf8.diagnostics(uri).first)
    #expect(b["range"]?["start"]?["character"] == 29)
  }

  @Test("a fixed document publishes no diagnostics; a closed one is cleared")
  func cleared() {
    let client = TestClient()
    client.open(uri, "let a = nope\n")
    #expect(client.diagnostics(uri).count == 1)
    client.change(uri, "let a = 1\n", version: 2)
    #expect(client.diagnostics(uri).isEmpty)
    client.open(uri, "let a = nope\n", version: 3)
    client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    #expect(client.received.last?["params"]?["diagnostics"] == [])
  }

  @Test("a result computed for a version the client has since changed is dropped")
  func stale() {
    let client = TestClient()
    client.open(uri, "let a = nope\n")
    let computed = client.server.dueDiagnostics(at: .now + .seconds(1))
    #expect(computed.count == 1)
    client.change(uri, "let a = 1\n", version: 2)
    for publication in computed { client.server.publish(publication) }
    let published = client.received.filter { $0["method"] == "textDocument/publishDiagnostics" }
    #expect(published.isEmpty)
    #expect(client.diagnostics(uri).isEmpty)
    #expect(client.received.last?["params"]?["version"] == 2)
  }

  @Test("a change is checked once the document has been still for the debounce")
  func debounced() {
    let client = TestClient()
    client.open(uri, "let a = 1\n")
    client.diagnostics(uri)
    client.change(uri, "let a = nope\n", version: 2)
    #expect(client.server.dueDiagnostics(at: .now).isEmpty)
    #expect(client.server.nextCheck != nil)
  }

  @Test("an edit of a range applies to the text the server holds")
  func incremental() {
    let client = TestClient()
    client.open(uri, "let a = 1\nlet b = a\n")
    client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": 2],
        "contentChanges": [
          [
            "range": ["start": ["line": 1, "character": 8], "end": ["line": 1, "character": 9]],
            "text": "zz",
          ]
        ],
      ])
    let found = client.diagnostics(uri)
    #expect(found.count == 1)
    #expect(found.first?["message"]?.string?.contains("'zz'") == true)
  }

  @Test("an error in a used file is shown at the use, pointing into the file")
  func usedFile() throws {
    let folder = Folder()
    let common = folder.write("common.gl", "let gap = 8\nlet side = nope\n")
    let main = folder.write("main.gl", "viewport 375 x 667\nuse \"common.gl\"\n")
    let client = TestClient()
    let mainURI = DocumentURI.uri(ofPath: main)
    client.open(mainURI, "viewport 375 x 667\nuse \"common.gl\"\n")
    let found = try #require(client.diagnostics(mainURI).first)
    #expect(found["range"]?["start"]?["line"] == 1)
    let related = try #require(found["relatedInformation"]?.array.first)
    #expect(related["location"]?["uri"]?.string == DocumentURI.uri(ofPath: common))
    #expect(related["location"]?["range"]?["start"]?["line"] == 1)
  }

  @Test("input gl would refuse is one diagnostic, not a hang")
  func tooLarge() {
    let client = TestClient()
    let huge = String(repeating: "let a = 1\n", count: InputLimits.maximumBytes / 10 + 1)
    client.open(uri, huge)
    let found = client.diagnostics(uri)
    #expect(found.count == 1)
    #expect(found.first?["code"] == "GL1007")
  }
}

@Suite("LSP: completion, hover and quick fixes")
struct EditingTests {
  let uri = "file:///tmp/doc.gl"

  func labels(_ result: JSONValue?) -> [String] {
    (result?["items"]?.array ?? []).compactMap { $0["label"]?.string }
  }

  @Test("statements, a block's clauses, members by type, the script's lets")
  func completion() throws {
    let client = TestClient()
    let text = "viewport 375 x 667\nlet gap = 8\nlayout flow {\n  li\n}\nprint offset.\nprint ga"
    client.open(uri, text)
    client.diagnostics(uri)
    let statements = labels(client.at("textDocument/completion", uri, 0, 0))
    #expect(statements.contains("viewport") && statements.contains("scroll"))
    let clause = client.at("textDocument/completion", uri, 3, 4)
    #expect(labels(clause) == ["line"])
    let item = try #require(clause?["items"]?.array.first)
    #expect(item["textEdit"]?["range"]?["start"]?["character"] == 2)
    #expect(item["kind"] == 14)
    #expect(item["documentation"]?["value"]?.string?.contains("line spacing") == true)
    #expect(labels(client.at("textDocument/completion", uri, 5, 13)) == ["x", "y"])
    let names = client.at("textDocument/completion", uri, 6, 8)
    #expect(labels(names) == ["gap"])
    #expect(names?["items"]?.array.first?["detail"] == "let gap: number")
  }

  @Test("hover: a keyword phrase, a let with its value, a name of expressions")
  func hover() throws {
    let client = TestClient()
    client.open(uri, "let gap = 4 * 2\nlayout flow {\n  line spacing gap\n}\nprint offset\n")
    client.diagnostics(uri)
    let phrase = try #require(client.at("textDocument/hover", uri, 2, 8))
    #expect(phrase["contents"]?["value"]?.string?.contains("line spacing") == true)
    #expect(
      phrase["range"] == [
        "start": ["line": 2, "character": 2], "end": ["line": 2, "character": 14],
      ])
    let bound = try #require(client.at("textDocument/hover", uri, 2, 16))
    #expect(bound["contents"]?["value"]?.string?.contains("let gap: number = 8") == true)
    let state = try #require(client.at("textDocument/hover", uri, 4, 8))
    #expect(state["contents"]?["value"]?.string?.contains("contentOffset") == true)
    #expect(client.at("textDocument/hover", uri, 4, 5) != nil)  // `print`
  }

  @Test("a quick fix for each name a did-you-mean offers; the first is preferred")
  func quickFix() throws {
    let client = TestClient()
    let text = "layout flow {\n  spacingg 10\n}\n"
    client.open(uri, text)
    client.diagnostics(uri)
    let actions =
      client.request(
        "textDocument/codeAction",
        [
          "textDocument": ["uri": .string(uri)],
          "range": ["start": ["line": 1, "character": 3], "end": ["line": 1, "character": 3]],
          "context": ["diagnostics": []],
        ])["result"]?.array ?? []
    #expect(
      actions.map { $0["title"]?.string ?? "" } == [
        "Change 'spacingg' to 'line spacing'", "Change 'spacingg' to 'interitem spacing'",
      ])
    #expect(actions.first?["isPreferred"] == true)
    let edits = actions.first?["edit"]?["changes"]?[uri]?.array ?? []
    #expect(applying(edits, to: text) == "layout flow {\n  line spacing 10\n}\n")
  }
}

@Suite("LSP: formatting, definitions, semantic tokens, gl/run")
struct DocumentTests {
  let uri = "file:///tmp/doc.gl"

  @Test("formatting edits only the lines gl fmt changes, and gives gl fmt's text")
  func formatting() throws {
    let text =
      "viewport 375 x 667\nlet a=1+2\n\n\n\nsection items 3\nlayout flow {\nitem size 10 x 10\n}\n"
    let client = TestClient()
    client.open(uri, text)
    let edits =
      client.request(
        "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]])[
        "result"]?
      .array ?? []
    let expected = Formatter.format(SourceFile(name: "doc.gl", text: text))
    #expect(applying(edits, to: text) == expected)
    #expect(edits.allSatisfy { ($0["range"]?["start"]?["line"]?.number ?? 0) >= 1 })
    let ranged =
      client.request(
        "textDocument/rangeFormatting",
        [
          "textDocument": ["uri": .string(uri)],
          "range": ["start": ["line": 7, "character": 0], "end": ["line": 7, "character": 3]],
          "options": [:],
        ])["result"]?.array ?? []
    #expect(applying(ranged, to: text) == text.replacing("\nitem size", with: "\n  item size"))
  }

  @Test("a script that does not parse is not formatted")
  func unparsed() {
    let client = TestClient()
    client.open(uri, "layout flow {\n")
    let answer = client.request(
      "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]])
    #expect(answer["error"]?["code"] == -32803)
  }

  @Test("definitions: lets, layout code's variables in their block, named layouts, use")
  func definitions() throws {
    let folder = Folder()
    folder.write("common.gl", "let side = 100\n")
    let text = """
      use "common.gl"
      let gap = 8
      layout flow list {
        item size side x gap
      }
      layout custom rows {
        prepare {
          var gap = 2
          place item [0, 0] at rect(0, gap, 10, 10)
        }
      }
      switch layout list
      print gap

      """
    let path = folder.write("main.gl", text)
    let main = DocumentURI.uri(ofPath: path)
    let client = TestClient()
    client.open(main, text)
    client.diagnostics(main)
    func line(_ result: JSONValue?) -> Double? {
      result?.array.first?["range"]?["start"]?["line"]?.number
    }
    #expect(line(client.at("textDocument/definition", main, 12, 7)) == 1)  // print gap
    #expect(line(client.at("textDocument/definition", main, 8, 36)) == 7)  // the var
    #expect(line(client.at("textDocument/definition", main, 11, 15)) == 2)  // the layout
    let side = client.at("textDocument/definition", main, 3, 13)?.array.first
    #expect(side?["uri"]?.string == DocumentURI.uri(ofPath: folder.path + "/common.gl"))
    let file = client.at("textDocument/definition", main, 0, 7)?.array.first
    #expect(file?["uri"] == side?["uri"])
    let references = client.at(
      "textDocument/references", main, 1, 5, ["context": ["includeDeclaration": true]])
    #expect(references?.array.compactMap { $0["range"]?["start"]?["line"]?.number } == [1, 3, 12])
  }

  @Test("semantic tokens tell keywords, clauses, choices, functions and names apart")
  func semanticTokens() throws {
    let text =
      "let w = min(1, 2)  # small\nlayout flow {\n  scroll horizontal\n  line spacing w\n}\nscroll to y 10\n"
    let client = TestClient()
    client.open(uri, text)
    client.diagnostics(uri)
    let data =
      client.request(
        "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])["result"]?[
        "data"]?.array.compactMap { $0.number.map(Int.init) } ?? []
    try #require(data.count % 5 == 0)
    var line = 0
    var column = 0
    var tokens: [String: String] = [:]
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for i in stride(from: 0, to: data.count, by: 5) {
      line += data[i]
      column = data[i] == 0 ? column + data[i + 1] : data[i + 1]
      let word = String(Array(lines[line])[column..<(column + data[i + 2])])
      // The first time a word appears.
      if tokens[word] == nil {
        tokens[word] =
          SemanticTokenType.allCases[data[i + 3]].rawValue
          + (data[i + 4] & SemanticTokenModifier.declaration.bit != 0 ? "+declaration" : "")
      }
    }
    #expect(tokens["let"] == "keyword")
    #expect(tokens["w"] == "variable+declaration")
    #expect(tokens["min"] == "function")
    #expect(tokens["1"] == "number")
    #expect(tokens["# small"] == "comment")
    #expect(tokens["layout"] == "keyword")
    #expect(tokens["flow"] == "enumMember")
    #expect(tokens["horizontal"] == "enumMember")
    #expect(tokens["line"] == "property")
    #expect(tokens["spacing"] == "property")
    // `scroll` in the layout is its clause (scrollDirection); the statement's `to` is a
    // keyword.
    #expect(tokens["scroll"] == "property")
    #expect(tokens["to"] == "keyword")
  }

  @Test("gl/run answers the exit status and the --json lines")
  func run() throws {
    let client = TestClient()
    client.open(uri, "viewport 100 x 100\nsection items 2\nexpect item [0, 1].frame.y >= 0\n")
    let result = try #require(
      client.request("gl/run", ["textDocument": ["uri": .string(uri)]])["result"])
    #expect(result["status"] == 0)
    let types = result["output"]?.array.compactMap { $0["type"]?.string } ?? []
    #expect(types.contains("summary"))
  }
}

@Suite("LSP: a diffable data source's names, index paths, snippets")
struct DataNameTests {
  let uri = "file:///tmp/data.gl"
  let text = """
    viewport 375 x 667
    section "Fruits" items ["apple", "pear", "fig"]
    section "Vegetables" items ["leek"]
    apply snapshot { section "Fruits" items ["fig", "apple"] }
    reconfigure items ["fig"]
    print item "fig".frame

    """

  @Test("a section's and an item's name lead to where the section declares them")
  func definitions() throws {
    let client = TestClient()
    client.open(uri, text)
    client.diagnostics(uri)
    func place(_ line: Int, _ character: Int) -> [Double] {
      let found = client.at("textDocument/definition", uri, line, character)?.array.first
      return [
        found?["range"]?["start"]?["line"]?.number ?? -1,
        found?["range"]?["start"]?["character"]?.number ?? -1,
      ]
    }
    #expect(place(3, 27) == [1, 8])  // the snapshot's "Fruits"
    #expect(place(4, 21) == [1, 41])  // reconfigure's "fig"
    #expect(place(5, 13) == [1, 41])  // item "fig"
    let references = client.at(
      "textDocument/references", uri, 1, 42, ["context": ["includeDeclaration": true]])
    #expect(
      references?.array.compactMap { $0["range"]?["start"]?["line"]?.number } == [1, 3, 4, 5])
  }

  @Test("hover on an item's name and on a literal index path says which element it is")
  func hover() throws {
    let client = TestClient()
    client.open(uri, text)
    client.diagnostics(uri)
    let fig = try #require(client.at("textDocument/hover", uri, 5, 13))
    #expect(fig["contents"]?["value"]?.string?.contains("item 2 of section 0 (\"Fruits\")") == true)

    let counted =
      "section items 3\nsection items 1\nprint item [0, 2].frame\nprint item [1, 4].frame\nprint header [5].frame\n"
    client.open("file:///tmp/counted.gl", counted)
    client.diagnostics("file:///tmp/counted.gl")
    func said(_ line: Int, _ character: Int) -> String {
      client.at("textDocument/hover", "file:///tmp/counted.gl", line, character)?["contents"]?[
        "value"]?.string ?? ""
    }
    #expect(
      said(2, 13)
        == "`item [0, 2]`: item 2 of section 0, the 3rd of its items (section 0 has 3 items).")
    #expect(said(3, 16).hasSuffix("— but section 1 has 1 item."))
    #expect(said(4, 14).contains("— but the script declares 2 sections"))
  }

  @Test("a block statement at a line's start also completes whole, as a snippet")
  func snippets() throws {
    let client = TestClient()
    client.open(uri, "tra")
    let items = client.at("textDocument/completion", uri, 0, 3)?["items"]?.array ?? []
    let snippet = try #require(items.first { $0["kind"] == 15 })
    #expect(snippet["label"] == "transform { … }")
    #expect(snippet["insertTextFormat"] == 2)
    #expect(snippet["textEdit"]?["newText"] == "transform ${1:SELECTOR} {\n\t$0\n}")
    client.open(uri, "print tra", version: 2)
    let inside = client.at("textDocument/completion", uri, 0, 9)?["items"]?.array ?? []
    #expect(!inside.contains { $0["kind"] == 15 })
  }
}
