import GridlineCLI

#if canImport(Glibc)
  import Glibc
#endif

/// An entry's output on a terminal, a screen at a time. The output of one entry is held
/// until the entry ends; what fits on the screen is written at once, and what does not is
/// handed to `$PAGER` when one is set, else shown a screen at a time with a prompt
/// ("— 120 more rows, Enter for more, q to stop —"), as `more` does. Piped output is never
/// paged: `gl repl` only makes a pager on a terminal.
public final class Pager {
  /// The screen's height in rows, and its width in columns (long lines wrap).
  let screen: () -> (rows: Int, columns: Int)
  /// One key from the person (nil: the input ended or was interrupted).
  let readKey: () -> UInt8?
  /// Takes out what was typed before the first prompt of a paging went up (typed ahead
  /// while the entry ran), for the REPL's next line: no answer to the prompt.
  let keepTypedAhead: () -> Void
  /// The shell command of `$PAGER`, if set.
  let external: String?
  let write: (OutputStream, String) -> Void
  /// Text without a line break (the pager's prompt, and what erases it).
  let writeInline: (String) -> Void
  private var held: [(OutputStream, String)] = []

  public init(
    screen: @escaping () -> (rows: Int, columns: Int), readKey: @escaping () -> UInt8?,
    keepTypedAhead: @escaping () -> Void = {},
    external: String?, write: @escaping (OutputStream, String) -> Void,
    writeInline: @escaping (String) -> Void = { EditLineReader.writeRaw(1, $0) }
  ) {
    self.screen = screen
    self.readKey = readKey
    self.keepTypedAhead = keepTypedAhead
    self.external = external.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    self.write = write
    self.writeInline = writeInline
  }

  /// Holds one write of the entry running now.
  public func collect(_ stream: OutputStream, _ text: String) {
    held.append((stream, text))
  }

  /// The entry ended: its output, paged when it is longer than the screen.
  public func flush() {
    let writes = held
    held = []
    let lines = writes.flatMap { stream, text in
      text.split(separator: "\n", omittingEmptySubsequences: false).map { (stream, String($0)) }
    }
    let (rows, columns) = screen()
    let screenful = max(1, rows - 1)
    let height = lines.reduce(0) { $0 + Self.rows(of: $1.1, columns: columns) }
    if height <= screenful {
      for (stream, text) in writes { write(stream, text) }
      return
    }
    if let external, pipe(lines.map(\.1), to: external) { return }
    page(lines, rows: screenful, columns: columns)
  }

  /// The screen rows a line takes once the terminal wraps it.
  static func rows(of line: String, columns: Int) -> Int {
    let width = visible(line).displayWidth
    return max(1, (width + max(1, columns) - 1) / max(1, columns))
  }

  /// The line without what takes no column: colour escapes (`ESC [ … letter`) and the
  /// prompt's `\u{1}` markers.
  static func visible(_ line: String) -> String {
    guard line.contains("\u{1B}") || line.contains("\u{1}") else { return line }
    var out = ""
    var escape = false
    for scalar in line.unicodeScalars {
      if escape {
        if scalar.properties.isAlphabetic { escape = false }
      } else if scalar == "\u{1B}" {
        escape = true
      } else if scalar != "\u{1}" {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The built-in pager: a screen, then a prompt; Enter or Space shows the next screen,
  /// q (or Ctrl-C, or the end of input) stops and drops the rest.
  private func page(_ lines: [(OutputStream, String)], rows: Int, columns: Int) {
    var index = 0
    var firstPageEnd: Int?
    while index < lines.count {
      var used = 0
      var run: (OutputStream, [String])?
      while index < lines.count {
        let (stream, line) = lines[index]
        let height = Self.rows(of: line, columns: columns)
        if used > 0 && used + height > rows { break }
        // Lines of one stream go out together: a lone empty line would be no write at all.
        if let r = run, r.0 != stream {
          write(r.0, r.1.joined(separator: "\n"))
          run = nil
        }
        run = (stream, (run?.1 ?? []) + [line])
        used += height
        index += 1
      }
      if let r = run { write(r.0, r.1.joined(separator: "\n")) }
      guard index < lines.count else { return }
      if firstPageEnd == nil { firstPageEnd = index }
      let left = lines[index...].reduce(0) { $0 + Self.rows(of: $1.1, columns: columns) }
      let prompt = "— \(left) more row\(left == 1 ? "" : "s"), Enter for more, q to stop —"
      // Once, before the first prompt shows: what was typed before it is no answer, and
      // keys pressed once it shows answer it and the prompts after it.
      if index == firstPageEnd { keepTypedAhead() }
      writeInline("\u{1B}[7m" + prompt + "\u{1B}[0m")
      let key = readKey()
      writeInline("\r\u{1B}[K")
      if key == nil || key == UInt8(ascii: "q") || key == 3 { return }
    }
  }

  /// Sends the text through `$PAGER` (with `LESS=FRX` unless set, as git does: quit when
  /// it fits, keep colours, leave the screen as it was); false when it could not start.
  /// A pager that quits early (q in less) closes the pipe: SIGPIPE is ignored while
  /// writing, so the REPL lives on, and the writing stops at the first error. A pager the
  /// shell cannot find (status 127) counts as not started: the built-in one takes over.
  private func pipe(_ lines: [String], to command: String) -> Bool {
    setenv("LESS", "FRX", 0)
    fflush(nil)
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    guard let stream = popen(command, "w") else { return false }
    for line in lines {
      if fputs(line + "\n", stream) < 0 { break }
    }
    let status = pclose(stream)
    return status != -1 && !(status & 0x7f == 0 && (status >> 8) & 0xff == 127)
  }

  // MARK: The terminal

  /// The terminal's size, from stdout (80 x 24 when it cannot say).
  public static func terminalSize() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// One key pressed at the pager's prompt, from stdin, without echo or Enter (the
  /// terminal is put back after); Ctrl-C arrives as byte 3 rather than as a signal. A key
  /// of several bytes (an arrow's escape sequence, a UTF-8 letter) is one key: its first
  /// byte answers, the rest is read with it rather than left for the next prompt.
  public static func readTerminalKey() -> UInt8? {
    rawMode { () -> UInt8? in
      var byte: UInt8 = 0
      while true {
        let n = read(0, &byte, 1)
        if n == 1 {
          skipRest(ofKeyStartingWith: byte)
          return byte
        }
        if n < 0 && errno == EINTR { continue }
        return nil
      }
    } ?? nil
  }

  /// What was typed and not read yet (typed ahead while an entry ran), taken out of the
  /// terminal: out of canonical mode a line not ended is readable too.
  public static func takeTypedAhead() -> [UInt8] {
    rawMode { waitingBytes() } ?? []
  }

  /// The rest of a key of several bytes, read and dropped, and nothing after it: a UTF-8
  /// letter's continuation bytes, an escape sequence (`ESC [ … final`, `ESC O x`) as far
  /// as it has arrived.
  private static func skipRest(ofKeyStartingWith first: UInt8) {
    var byte: UInt8 = 0
    func next() -> UInt8? {
      var waiting: Int32 = 0
      guard ioctl(0, UInt(FIONREAD), &waiting) == 0, waiting > 0, read(0, &byte, 1) == 1 else {
        return nil
      }
      return byte
    }
    if first >= 0xC0 {
      let more = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : 1
      for _ in 0..<more { _ = next() }
    } else if first == 0x1B, let introducer = next() {
      if introducer == UInt8(ascii: "O") {
        _ = next()
      } else if introducer == UInt8(ascii: "[") {
        // Parameters and intermediates, up to the final byte (0x40…0x7E).
        while let b = next(), !(0x40...0x7E).contains(b) {}
      }
    }
  }

  /// The bytes stdin holds now, without waiting for more.
  private static func waitingBytes() -> [UInt8] {
    var waiting: Int32 = 0
    guard ioctl(0, UInt(FIONREAD), &waiting) == 0, waiting > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(waiting))
    let n = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    return n > 0 ? Array(bytes[..<n]) : []
  }

  /// `body` with the terminal out of canonical mode, without echo or signals, and put
  /// back after; nil when stdin is no terminal.
  private static func rawMode<T>(_ body: () -> T) -> T? {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &raw)
    defer { tcsetattr(0, TCSANOW, &saved) }
    return body()
  }
}
