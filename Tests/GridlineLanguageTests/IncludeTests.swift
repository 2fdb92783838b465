import GridlineLanguage
import Testing

/// `use "FILE"` (issue 16): declarations spliced in place, each file once, cycles and
/// depth diagnosed with the chain, steps refused, diagnostics pointing into the used file.
@Suite("use: shared declarations")
struct IncludeTests {
  /// An in-memory file system: paths are canonical as written, minus "./".
  static func access(_ files: [String: String]) -> FileAccess {
    let tidy: @Sendable (String) -> String = { path in
      path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
    return FileAccess(
      read: { path in
        if let text = files[tidy(path)] { return .success(text) }
        if files.keys.contains(where: { $0.hasPrefix(tidy(path) + "/") }) {
          return .failure(FileReadFailure(reason: "Is a directory"))
        }
        return .failure(FileReadFailure(reason: "No such file or directory"))
      },
      canonical: { path in files[tidy(path)] == nil ? nil : "/" + tidy(path) })
  }

  /// The resolved program's dump and every diagnostic rendered, as `gl check` shows them.
  static func resolve(_ main: String, _ files: [String: String], name: String = "main.gl")
    -> (dump: String, diagnostics: [String], file: SourceFile)
  {
    var file = SourceFile(name: name, text: main)
    var all = files
    all[name] = main
    let (program, parsed) = Parser.parse(file)
    let (resolved, included) = Includes.resolve(
      program, in: &file, path: name, directory: Includes.directory(of: name),
      access: access(all))
    let checked = Checker.check(resolved)
    return (
      resolved.dump(), (parsed + included + checked).map { $0.rendered(in: file) }, file
    )
  }

  @Test("the input limit holds per run: a use that would pass it with the others is refused")
  func perRunLimit() {
    // Two files of 6 MiB each fit; a third passes 16 MiB together with the script.
    let big = String(
      repeating: "# a comment line of shared declarations' padding, 64 bytes long\n", count: 6 << 14
    )
    let (_, diagnostics, file) = Self.resolve(
      "use \"a.gl\"\nuse \"b.gl\"\nuse \"c.gl\"\n", ["a.gl": big, "b.gl": big, "c.gl": big])
    #expect(file.used.map(\.file.name) == ["a.gl", "b.gl"])
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.contains(
        "main.gl:3:5: error: cannot use 'c.gl': with it, the script and the files it uses are")
        == true, "\(diagnostics)")
    #expect(diagnostics.first?.contains("[GL1007]") == true)
  }

  @Test("a used file's declarations stand where the use stands")
  func spliced() {
    let (dump, diagnostics, file) = Self.resolve(
      "let a = 1\nuse \"common.gl\"\nprint b\n", ["common.gl": "let b = a + 1\n"])
    #expect(diagnostics.isEmpty)
    #expect(dump.contains("(let a 1)\n(let b (+ a 1))\n(print b)"), "\(dump)")
    #expect(file.used.map(\.file.name) == ["common.gl"])
  }

  @Test("paths are relative to the using file, and a file is used once")
  func relativeOnce() {
    let (dump, diagnostics, file) = Self.resolve(
      "use \"lib/a.gl\"\nuse \"lib/b.gl\"\n",
      [
        "specs/lib/a.gl": "use \"c.gl\"\nlet a = 1\n",
        "specs/lib/b.gl": "use \"c.gl\"\nlet b = 2\n",
        "specs/lib/c.gl": "let c = 3\n",
      ], name: "specs/main.gl")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(dump.components(separatedBy: "(let c 3)").count == 2, "\(dump)")
    #expect(file.used.map(\.file.name) == ["specs/lib/a.gl", "specs/lib/c.gl", "specs/lib/b.gl"])
  }

  @Test("an error in a used file names the file, its line and its caret")
  func errorsPointIntoUsedFile() {
    let (_, diagnostics, _) = Self.resolve(
      "viewport 375 x 667\nuse \"common.gl\"\n", ["common.gl": "let a = 1\nlet b = nosuch\n"])
    #expect(
      diagnostics == [
        """
        common.gl:2:9: error: unknown name 'nosuch' [GL2001]
         2 | let b = nosuch
           |         ^~~~~~
        """
      ])
  }

  @Test("a step in a used file is an error there")
  func stepsRefused() {
    let (dump, diagnostics, _) = Self.resolve(
      "use \"common.gl\"\n", ["common.gl": "let a = 1\nscroll to y 40\n"])
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.hasPrefix(
        "common.gl:2:1: error: a used file holds only declarations; 'scroll' is a step [GL2007]")
        == true, "\(diagnostics)")
    #expect(!dump.contains("scroll"))
  }

  @Test("a cycle is diagnosed with its chain, at the use that closes it")
  func cycle() {
    let (_, diagnostics, _) = Self.resolve(
      "use \"a.gl\"\n", ["a.gl": "use \"b.gl\"\n", "b.gl": "use \"main.gl\"\n"])
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.hasPrefix(
        "b.gl:1:5: error: 'use' goes round in a cycle: main.gl → a.gl → b.gl → main.gl [GL2008]")
        == true, "\(diagnostics)")
  }

  @Test("missing files and directories say the system's reason")
  func unreadable() {
    let (_, diagnostics, _) = Self.resolve(
      "use \"gone.gl\"\nuse \"lib\"\n", ["lib/a.gl": "let a = 1\n"])
    #expect(diagnostics.count == 2)
    #expect(
      diagnostics[0].hasPrefix(
        "main.gl:1:5: error: cannot use 'gone.gl': No such file or directory [GL2008]"))
    #expect(diagnostics[1].contains("cannot use 'lib': Is a directory"))
    // The names the missing file would have declared are not errors too.
    let (_, cascade, _) = Self.resolve("use \"gone.gl\"\nprint columns + 1\n", [:])
    #expect(cascade.count == 1, "\(cascade)")
  }

  @Test("files nest at most 32 deep")
  func depth() {
    var files: [String: String] = [:]
    for i in 0...40 { files["d\(i).gl"] = "use \"d\(i + 1).gl\"\n" }
    files["d41.gl"] = "let deep = 1\n"
    let (_, diagnostics, file) = Self.resolve("use \"d0.gl\"\n", files)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("[GL3004]") == true)
    #expect(diagnostics.first?.contains("more than 32 deep") == true, "\(diagnostics)")
    #expect(file.used.count == Includes.maximumDepth)
  }

  @Test("use in a block, or with no file to read from, is out of place")
  func unresolved() {
    let (_, diagnostics, _) = Self.resolve("repeat 2 { use \"a.gl\" }\n", ["a.gl": ""])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("[GL2008]") == true)
    let bare = Parser.parse(SourceFile(name: "t.gl", text: "use \"a.gl\"\n"))
    #expect(bare.diagnostics.isEmpty)
    #expect(Checker.check(bare.program).map(\.code) == [.fileNotUsed])
  }

  @Test("use takes a quoted file name")
  func syntax() {
    let parsed = Parser.parse(SourceFile(name: "t.gl", text: "use common\n"))
    #expect(
      parsed.diagnostics.map(\.message) == [
        "expected a file name in quotes after 'use' (use \"common.gl\"), found 'common'"
      ])
  }
}
