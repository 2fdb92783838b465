import GridlineLanguage
import Testing

@testable import GridlineREPL

/// Issue 17: piped input is read within `InputLimits` (a line of 1 MiB, 16 MiB in all),
/// and a block is lexed line by line as it grows, never again from its first line.
@Suite("REPL: input limits")
struct REPLInputLimitTests {
  /// A reader over `chunks`, handed out one per `read(2)`; after them, `endless` (if
  /// any) forever, as a device gives it.
  static func reader(_ chunks: [String], endless: UInt8? = nil) -> PlainLineReader {
    var queue = chunks.map { Array($0.utf8) }
    return PlainLineReader { buffer in
      guard !queue.isEmpty else {
        guard let endless else { return 0 }
        buffer.initializeMemory(as: UInt8.self, repeating: endless)
        return buffer.count
      }
      var chunk = queue.removeFirst()
      let n = min(chunk.count, buffer.count)
      buffer.copyBytes(from: chunk[..<n])
      chunk.removeFirst(n)
      if !chunk.isEmpty { queue.insert(chunk, at: 0) }
      return n
    }
  }

  @Test("a line longer than 1 MiB is refused at the limit and the rest of it skipped")
  func longLine() {
    let limit = InputLimits.maximumLineBytes
    let reader = Self.reader(["print 1\n", String(repeating: "#", count: limit + 5), "x\nprint 2"])
    #expect(reader.read(prompt: "") == .line("print 1"))
    guard case .refused(let part?, let diagnostic) = reader.read(prompt: "") else {
      Issue.record("the long line was not refused")
      return
    }
    #expect(part.utf8.count == limit)
    #expect(diagnostic.code == .lineTooLong)
    #expect(diagnostic.range.start == limit)
    #expect(reader.read(prompt: "") == .line("print 2"))
    #expect(reader.read(prompt: "") == .end)
  }

  @Test("input that never ends (a device) stops at 16 MiB, a line at a time")
  func device() {
    let reader = Self.reader([], endless: 0)
    var reads: [LineRead] = []
    while reads.count < 10 {
      let read = reader.read(prompt: "")
      reads.append(read)
      if read == .end { break }
    }
    #expect(reads.count == 3)
    #expect(reads.last == .end)
    guard case .refused(nil, let diagnostic) = reads[1] else {
      Issue.record("no refusal at the input limit: \(reads[1])")
      return
    }
    #expect(diagnostic.code == .inputTooLarge)
  }

  @Test("piped: the refused line is an error on its line; --keep-going goes on after it")
  func session() {
    var options = REPLOptions(keepGoing: true, interactive: false)
    options.limits = .small
    var errors: [String] = []
    var output: [String] = []
    let session = REPLSession(options: options) { stream, text in
      if stream == .standardError { errors.append(text) } else { output.append(text) }
    }
    let long = String(repeating: "#", count: InputLimits.maximumLineBytes + 1)
    let reader = Self.reader(["print 1\n", long + "\n", "print 3\n"])
    let status = REPLLoop.run(session, reader: reader)
    #expect(status == .scriptError)
    #expect(output == ["1", "3"])
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasPrefix(
        "<stdin>:2:1048577: error: the line is too long (the limit is 1 MiB, 1,048,576 bytes) "
          + "[GL1008]\n 2 | …####") == true)
  }

  @Test("brackets are counted line by line, strings and comments included")
  func depth() {
    #expect(REPLSession.depth(after: "repeat 2 {", from: 0) == 1)
    #expect(REPLSession.depth(after: "print \"{ (\"  # [", from: 1) == 1)
    #expect(REPLSession.depth(after: "let a = [1, (2", from: 1) == 3)
    #expect(REPLSession.depth(after: ")] }", from: 3) == 0)
    #expect(REPLSession.depth(after: "}}}", from: 1) == 0)
    var output: [String] = []
    let session = REPLSession(options: REPLOptions()) { _, text in output.append(text) }
    for line in ["repeat 2 {", "print \"}\"", "}"] { session.feed(line) }
    #expect(output == ["}", "}"])
    #expect(session.pending.isEmpty)
  }
}
