import GridlineLanguage
import Testing

/// A failing `expect` says what it found without printing megabytes (issue 17): long
/// values are cut, and where they first differ is named; short ones read in full.
@Suite("Messages of failing expectations")
struct ExpectationMessageTests {
  /// The messages of a script's failing expectations.
  func failures(_ text: String) -> [String] {
    messages(run(text).outputs)
  }

  @Test("a long array shows its first twenty numbers and where the two differ")
  func longArrays() {
    let script = """
      let a = repeating(1, count: 30)
      let b = repeating(1, count: 25)
      expect a == b
      """
    let ones = Array(repeating: "1", count: 20).joined(separator: ", ")
    #expect(
      failures(script) == [
        "expectation failed: a == b (left is [\(ones), … (10 more)], right is [\(ones), … "
          + "(5 more)]; they first differ at index 25: left 1, right ends)"
      ])
  }

  @Test("a long string shows its first 200 characters and where the two differ")
  func longStrings() {
    let x = String(repeating: "x", count: 300)
    let message = failures("let s = \"\(x)\"\nexpect s + \"a\" == s + \"b\"")
    let shown = String(repeating: "x", count: 200) + "… (101 more characters)"
    #expect(
      message == [
        "expectation failed: s + \"a\" == s + \"b\" (left is \(shown), right is \(shown); "
          + "they first differ at character 300: left \"a\", right \"b\")"
      ])
    #expect(message.allSatisfy { $0.utf8.count < 600 })
  }

  @Test("short values read in full, with nothing added")
  func shortValues() {
    #expect(
      failures("let a = [1, 2, 3]\nexpect a == repeating(1, count: 3)") == [
        "expectation failed: a == repeating(1, count: 3) (left is [1, 2, 3], right is [1, 1, 1])"
      ])
  }
}
