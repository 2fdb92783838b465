import GridlineTestSupport
import Testing

@testable import GridlineLanguage

/// "did you mean …?": the bounded edit distance it uses, against the plain one.
@Suite struct SuggestionTests {
  /// Every pair of short words over a small alphabet (so swaps, repeats and shared letters
  /// are common): the bounded distance is the plain one when that is within the limit,
  /// and nil otherwise, whatever the limit.
  @Test func boundedDistanceAgreesWithThePlainOne() {
    var generator = SeededGenerator(seed: 17)
    let letters: [Character] = ["a", "b", "c", "l", "s"]
    for _ in 0..<4_000 {
      let a = (0..<Int(generator.next() % 7)).map { _ in letters[Int(generator.next() % 5)] }
      let b = (0..<Int(generator.next() % 9)).map { _ in letters[Int(generator.next() % 5)] }
      let plain = editDistance(String(a), String(b))
      for limit in 0...4 {
        let bounded = editDistance(a, b, atMost: limit)
        #expect(bounded == (plain <= limit ? plain : nil), "\(String(a)) \(String(b)) \(limit)")
      }
    }
  }

  @Test func aSwapIsOneEdit() {
    #expect(editDistance("lsit", "list") == 1)
    #expect(editDistance(Array("lsit"), Array("list"), atMost: 0) == nil)
  }

  @Test func typosFindTheirWords() {
    #expect(
      suggestion(for: "spacingg", among: ["line spacing", "columns"])
        == "did you mean 'line spacing'?")
    #expect(
      suggestion(for: "colums", among: ["line spacing", "columns"]) == "did you mean 'columns'?")
    #expect(suggestion(for: String(repeating: "columns", count: 20), among: ["columns"]) == nil)
  }
}
