import Foundation
import GridlineCLI
import GridlineTestSupport
import Testing

/// Every examples/NAME.gl runs and prints exactly examples/NAME.out (stdout and stderr in
/// order), and every SVG it writes (its paths are relative to the repository root, e.g.
/// `svg strip "examples/NAME.svg" { … }`) is that file of the checkout, byte for byte —
/// the examples run in a scratch directory, so the test never writes into the checkout.
/// Record with `GRIDLINE_RECORD=1 swift test --filter Golden`.
@Suite("Examples (golden)")
struct GoldenTests {
  static let examples = exampleScripts

  @Test("there are examples, and each has its expected output")
  func present() {
    #expect(Self.examples.count >= 4)
    for example in Self.examples {
      let out = example.deletingPathExtension().appendingPathExtension("out")
      #expect(
        FileManager.default.fileExists(atPath: out.path), "\(out.lastPathComponent) is missing")
    }
  }

  @Test("each example prints its .out", arguments: examples.map(\.lastPathComponent))
  func example(_ name: String) {
    let path = repositoryRoot.appendingPathComponent("examples").appendingPathComponent(name)
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (text, status) = transcript(of: path.path, outputDirectory: scratch)
    expectGolden(text, at: path.deletingPathExtension().appendingPathExtension("out").path)
    #expect(status == .success, "examples teach working layouts; \(name) exits \(status)")
    for svg in files(below: scratch, ending: ".svg") {
      let written = (try? String(contentsOf: scratch.appendingPathComponent(svg), encoding: .utf8))
      expectGolden(written ?? "", at: repositoryRoot.appendingPathComponent(svg).path)
    }
  }
}

/// Scripts with mistakes, each with the diagnostics `gl check` must print
/// (Corpus/NAME.gl → Corpus/NAME.expected).
@Suite("Diagnostics corpus (golden)")
struct CorpusTests {
  static let corpus = repositoryRoot.appendingPathComponent("Tests/GridlineCLITests/Corpus")
  static let scripts = files(in: corpus, ending: ".gl")

  @Test("the corpus is there")
  func present() { #expect(Self.scripts.count >= 8) }

  @Test("each script's diagnostics", arguments: scripts.map(\.lastPathComponent))
  func diagnostics(_ name: String) {
    let path = Self.corpus.appendingPathComponent(name)
    let (text, status) = transcript(of: path.path)
    #expect(status != .success, "\(name) should fail")
    expectGolden(
      "exit \(status.rawValue)\n" + text,
      at: path.deletingPathExtension().appendingPathExtension("expected").path)
  }
}
