import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one read of a line gave.
public enum LineRead: Hashable, Sendable {
  case line(String)
  /// Ctrl-C at the prompt: the typed text is discarded.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case end
  /// A line a limit refused (`InputLimits`): the part read before the limit and the
  /// diagnostic, its range within that part. The rest of the line is skipped. No part:
  /// the input ended at its limit while the last refused line was skipped.
  case refused(String?, Diagnostic)
}

/// Where the REPL's lines come from: libedit on a terminal, plain lines from a pipe, or a
/// script in tests. The REPL core never knows which.
public protocol LineReader: AnyObject {
  /// A person is typing: prompts, colour, history and completion apply, and errors never
  /// end the session.
  var isInteractive: Bool { get }
  func read(prompt: String) -> LineRead
  /// Records a finished entry (a whole multi-line block is one entry).
  func remember(_ entry: String)
  /// Polled while a step runs: true once Ctrl-C was pressed.
  func interruptRequested() -> Bool
  /// Forgets a Ctrl-C that was handled.
  func clearInterrupt()
}

/// Lines from a non-terminal stdin (`gl repl < script.gl`): no prompts, no escape codes.
/// Reading is bounded as a file's is (`InputLimits`): a line longer than 1 MiB is refused
/// and skipped, and after 16 MiB the input ends with a diagnostic, so even `/dev/zero`
/// ends promptly in bounded memory.
public final class PlainLineReader: LineReader {
  private let next: ByteLines

  /// `read` fills a buffer as `read(2)` does: the count of bytes, 0 at the end, < 0 on error.
  public init(
    read: @escaping (UnsafeMutableRawBufferPointer) -> Int = PlainLineReader.standardInput
  ) {
    next = ByteLines(read: read)
  }

  public var isInteractive: Bool { false }

  public func read(prompt: String) -> LineRead { next.line() }

  public func remember(_ entry: String) {}
  public func interruptRequested() -> Bool { false }
  public func clearInterrupt() {}

  /// Reads from file descriptor 0, retrying after a signal.
  public static func standardInput(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      #if canImport(Glibc)
        let n = Glibc.read(0, buffer.baseAddress, buffer.count)
      #else
        let n = Darwin.read(0, buffer.baseAddress, buffer.count)
      #endif
      if n >= 0 || errno != EINTR { return n }
    }
  }
}

/// A fixed list of reads, for tests; it records the prompts it was shown and the history
/// it was given, and can request an interrupt after a number of polls.
public final class ScriptedLineReader: LineReader {
  public private(set) var reads: [LineRead]
  public private(set) var prompts: [String] = []
  public private(set) var history: [String] = []
  public let isInteractive: Bool
  /// Interrupt once this many polls have happened during the next step (nil: never).
  public var interruptAfterPolls: Int?
  private var polls = 0

  public init(_ reads: [LineRead], interactive: Bool = true) {
    self.reads = reads
    self.isInteractive = interactive
  }

  public convenience init(lines: [String], interactive: Bool = true) {
    self.init(lines.map { .line($0) }, interactive: interactive)
  }

  public func read(prompt: String) -> LineRead {
    prompts.append(prompt)
    return reads.isEmpty ? .end : reads.removeFirst()
  }

  public func remember(_ entry: String) { history.append(entry) }

  public func interruptRequested() -> Bool {
    guard let limit = interruptAfterPolls else { return false }
    polls += 1
    return polls > limit
  }

  public func clearInterrupt() {
    interruptAfterPolls = nil
    polls = 0
  }
}
