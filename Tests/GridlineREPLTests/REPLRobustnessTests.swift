import Foundation
import GridlineLanguage
import GridlineREPL
import GridlineTestSupport
import Testing

/// Mutated lines, meta commands, stray closers and Tab at every position, thrown at
/// interactive sessions: each line gets output or a diagnostic, never a crash or a hang,
/// and the session stays usable (a final `print` still answers).
@Suite("REPL: robustness")
struct REPLRobustnessTests {
  static let count =
    Int(ProcessInfo.processInfo.environment["GRIDLINE_FUZZ_COUNT"] ?? "")
    .map { max(1, $0 / 10) } ?? 400

  static let lines: [String] = {
    var lines: [String] = []
    for url in exampleScripts {
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      lines += text.split(separator: "\n").map(String.init)
    }
    return lines + [
      ":help", ":help scroll", ":h", ":state", ":trace on", ":trace off", ":trace maybe",
      ":history", ":step", ":step scroll by y 40 over 3 frames", ":next 2", ":next x",
      ":step insert items [0, 0] over 3 frames",
      ":step batch over 2 frames { delete items [0, 0] }",
      ":step batch over 2 frames {", "draw",
      ":continue", ":load /nonexistent", ":load", ":reset", ":", ":zz", "}", ")", "]", "{",
      "(", "[", "\"", "print _", "show item [0, 0]", "hit (1, 1)",
    ]
  }()

  static let noise = ["{", "}", "(", ")", "[", "]", "\"", ",", ":", ";", "#", "é", "0", "-1", " "]

  @Test("mutated entries, meta commands and completion: a result or a diagnostic")
  func fuzz() {
    var g = SeededGenerator(seed: 0x7265_706C)
    let scratch = scratchDirectory()  // mutated `svg` lines write here
    defer { try? FileManager.default.removeItem(at: scratch) }
    for _ in 0..<Self.count {
      var options = REPLOptions()
      options.limits = .small
      options.outputDirectory = scratch.path
      var written = 0
      var last = ""
      let session = REPLSession(options: options) { _, text in
        written += 1
        last = text
      }
      for _ in 0..<Int.random(in: 5...25, using: &g) {
        var line = Self.lines.randomElement(using: &g)!
        if Bool.random(using: &g) && !line.isEmpty {
          var chars = Array(line)
          let at = Int.random(in: 0..<chars.count, using: &g)
          if Bool.random(using: &g) {
            chars.remove(at: at)
          } else {
            chars.insert(contentsOf: Self.noise.randomElement(using: &g)!, at: at)
          }
          line = String(chars)
        }
        let cut = Int.random(in: 0...line.count, using: &g)
        _ = session.complete(String(line.prefix(cut)))
        session.feed(line)
      }
      session.interrupt()  // drops an unfinished block, as Ctrl-C does
      session.feed(":trace off")
      session.feed("print 40 + 2")
      #expect(last == "42")
      #expect(written > 1)
    }
  }
}
