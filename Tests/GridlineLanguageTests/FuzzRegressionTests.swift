import Foundation
import GridlineLanguage
import Testing

/// The inputs `make fuzz` found to crash, hang or misreport, each kept with its fix in
/// FuzzRegressions/ as NAME.gl (named for what it found; the bytes as the fuzzer wrote
/// them): every one must now end in a diagnostic or a result, under the limits the
/// fuzzer runs with.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("FuzzRegressions")

  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".gl") }.sorted()

  @Test("the kept inputs are there: a folder that lost them would pass every run")
  func present() {
    #expect(Self.names.count >= 5, "found \(Self.names.count) inputs in \(Self.folder.path)")
  }

  @Test(
    "Each kept input ends in a diagnostic or a result", .timeLimit(.minutes(1)), arguments: names)
  func regression(_ name: String) throws {
    let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
    // As the fuzzer and `gl` read it: invalid UTF-8 becomes U+FFFD.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(ScriptExercise.run(text, limits: .small) == [])
  }
}
