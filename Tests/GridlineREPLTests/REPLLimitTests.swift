import GridlineLanguage
import GridlineREPL
import Testing

/// Issue 17's limits in the REPL: its entries run on the main thread like `gl run`, and
/// the work limit, as the step limit, is counted per entry, not per session.
@Suite("REPL: limits")
struct REPLLimitTests {
  /// What a session with a work limit of `work` writes for `lines`.
  static func session(_ lines: [String], work: Int) -> String {
    session(lines) { $0.work = work }
  }

  /// What a session with its limits changed by `change` writes for `lines`.
  static func session(_ lines: [String], _ change: (inout Limits) -> Void) -> String {
    var written: [String] = []
    var options = REPLOptions(keepGoing: false, interactive: true)
    change(&options.limits)
    let session = REPLSession(options: options) { _, text in written.append(text) }
    _ = REPLLoop.run(session, reader: ScriptedLineReader(lines: lines, interactive: true))
    return written.joined(separator: "\n")
  }

  @Test("the work limit is counted per entry")
  func workPerEntry() {
    let entries = ["section items 30"] + Array(repeating: "show all", count: 5)
    // Six units an element gathered: 180 a `show all` of 30 items.
    let out = Self.session(entries, work: 300)
    #expect(!out.contains("GL3008"), "\(out)")
    let over = Self.session(["section items 30", "repeat 2 { show all }"], work: 300)
    #expect(over.contains("more than 300 units of work"), "\(over)")
  }

  @Test("the arrays the lets keep count in each later entry, so a session stays bounded")
  func keptArrays() {
    let limit = { (limits: inout Limits) in limits.arrayElements = 100 }
    let within = Self.session(
      ["let a = repeating(0, count: 80)", "let b = [1, 2, 3]", "let c = repeating(0, count: 17)"],
      limit)
    #expect(!within.contains("GL3004"), "\(within)")
    let over = Self.session(
      ["let a = repeating(0, count: 80)", "let b = repeating(0, count: 30)"], limit)
    #expect(over.contains("more than 100 numbers in all (the array-elements limit)"), "\(over)")
    // A let bound again holds only its new value: the old array no longer counts.
    let rebound = Self.session(
      ["let a = repeating(0, count: 80)", "let a = 1", "let b = repeating(0, count: 90)"], limit)
    #expect(!rebound.contains("GL3004"), "\(rebound)")
    let stillHeld = Self.session(
      [
        "let a = repeating(0, count: 80)", "let a = repeating(0, count: 20)",
        "let b = repeating(0, count: 90)",
      ], limit)
    #expect(stillHeld.contains("GL3004"), "\(stillHeld)")
  }

  @Test("the strings the lets keep count in each later entry, so a session stays bounded")
  func keptStrings() {
    let limit = { (limits: inout Limits) in limits.stringBytes = 100 }
    let a = "let a = \"01234567890123456789\""
    let within = Self.session([a, "let b = a + a", "let c = a + a"], limit)
    #expect(!within.contains("GL3007"), "\(within)")
    let over = Self.session([a, "let b = a + a", "let c = a + a + a"], limit)
    #expect(over.contains("more than 100 bytes in all (UTF-8; the string-bytes limit)"), "\(over)")
    // `_` bound again at every entry holds only the last value's bytes.
    let underscore = Self.session([a, "a + a", "a + a", "let c = a + a"], limit)
    #expect(!underscore.contains("GL3007"), "\(underscore)")
  }

  @Test("a chain past the expression height is a diagnostic, and the session goes on")
  func tallChain() {
    let chain = Array(repeating: "1", count: 2000).joined(separator: " + ")
    let r = repl(["print " + chain, "print 2"])
    #expect(r.out.contains("[GL3006]"))
    #expect(r.out.hasSuffix("2"))
  }
}
