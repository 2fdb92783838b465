import Foundation
import GridlineTestSupport
import Testing

/// The shell completion scripts complete file names (issue 15, bug 8): `.gl` scripts for
/// every command that takes them, directories for `--out`, `.svg` files for `--svg` and
/// `--plot`. Before, `gl run to<Tab>` offered nothing.
@Suite("Shell completion scripts", .serialized)
struct CompletionScriptTests {
  func script(_ shell: String) throws -> String {
    let (out, status) = try gl(
      ["--generate-completion-script", shell], in: FileManager.default.temporaryDirectory)
    #expect(status == 0)
    return out
  }

  /// The body of the function argument-parser's bash script gives `command`.
  func bashFunction(_ command: String, in script: String) -> String {
    guard let start = script.range(of: "\n_gl_\(command)() {") else { return "" }
    return script[start.upperBound...].components(separatedBy: "\n}\n")[0]
  }

  @Test("bash: .gl files for the scripts, directories for --out, .svg files for --svg/--plot")
  func bash() throws {
    let text = try script("bash")
    let scripts = "__gl_add_completions -o plusdirs -fX '!*.@(gl)'"
    for command in ["run", "check", "test", "fmt", "repl", "render", "highlight", "serve"] {
      #expect(bashFunction(command, in: text).contains(scripts), "\(command)")
    }
    for command in ["run", "render"] {
      let body = bashFunction(command, in: text)
      #expect(body.contains("'--out')\n        __gl_add_completions -d"), "\(command)")
    }
    let render = bashFunction("render", in: text)
    for option in ["--svg", "--plot"] {
      #expect(
        render.contains("'\(option)')\n        __gl_add_completions -o plusdirs -fX '!*.@(svg)'"),
        "\(option)")
    }
  }

  @Test("zsh: _files -g '*.gl', _files -/ and _files -g '*.svg'")
  func zsh() throws {
    let text = try script("zsh")
    // run, check, test, fmt, repl, render, highlight, export swift, serve
    #expect(text.components(separatedBy: "_files -g '\\''*.gl'\\''").count - 1 == 9)
    // run, render, editors, serve
    #expect(text.components(separatedBy: ":out:_files -/'").count - 1 == 4)
    #expect(text.contains(":svg:_files -g '\\''*.svg'\\''"))
    #expect(text.contains(":plot:_files -g '\\''*.svg'\\''"))
  }

  @Test("fish: *.gl and *.svg paths, __gl_complete_directories for --out")
  func fish() throws {
    let text = try script("fish")
    let lines = text.split(separator: "\n")
    for command in ["run", "check", "test", "fmt", "repl", "render", "highlight", "serve"] {
      #expect(
        lines.contains {
          $0.contains("__gl_should_offer_completions_for_positional \"gl \(command)\"")
            && $0.contains("*.\\'gl\\'") && $0.contains("__fish_complete_directories")
        }, "\(command)")
    }
    for option in ["svg", "plot"] {
      #expect(
        lines.contains { $0.contains("\"gl render\" \(option)'") && $0.contains("*.\\'svg\\'") },
        "\(option)")
    }
    // run, render, editors, serve
    #expect(
      lines.count { $0.contains(" -l 'out' ") && $0.contains("__gl_complete_directories") } == 4)
  }

  /// bash itself, given the words of `gl run to` as it would be at a Tab.
  @Test(
    "bash completes gl run to<Tab> to tour.gl and --out t<Tab> to a directory",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func bashCompletes() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("tools"), withIntermediateDirectories: true)
    for name in ["tour.gl", "todo.txt"] { try put("", name, in: dir) }
    try put(try script("bash"), "gl.bash", in: dir)
    func complete(_ words: [String]) throws -> [String] {
      let line = words.joined(separator: " ")
      let driver = """
        source gl.bash
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(line)'
        COMP_POINT=\(line.utf8.count)
        _gl gl '\(words[words.count - 1])' '\(words[words.count - 2])'
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", driver]
      process.currentDirectoryURL = dir
      let out = Pipe()
      process.standardOutput = out
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }
    // Directories too, to reach scripts inside them; not todo.txt.
    #expect(try complete(["gl", "run", "to"]) == ["tools", "tour.gl"])
    #expect(try complete(["gl", "check", "a.gl", "to"]) == ["tools", "tour.gl"])
    #expect(try complete(["gl", "run", "--out", "t"]) == ["tools"])
  }
}
