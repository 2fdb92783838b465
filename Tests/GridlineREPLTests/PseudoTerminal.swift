import CPseudoTerminal
import Foundation
import Testing

/// `gl` on a real pseudo-terminal: the test is the terminal. The child runs under
/// `setsid -c`, so the pty is its controlling terminal and Ctrl-C (byte 3) becomes SIGINT
/// from the line discipline, as when a person presses it.
final class PseudoTerminal {
  let master: Int32
  let pid: pid_t
  private(set) var output = ""

  init(_ arguments: [String], environment: [String: String]) throws {
    var name = [CChar](repeating: 0, count: 128)
    master = gl_test_open_pty(&name, name.count)
    guard master >= 0 else { throw PTYError.open }
    let slavePath = String(
      decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, fd, slavePath, O_RDWR, 0)
    }
    posix_spawn_file_actions_addclose(&actions, master)
    let argv = (["setsid", "-c"] + arguments).map { strdup($0) } + [nil]
    // A sanitizer's options reach the child too (`make sanitize` turns leak checks off).
    let sanitizerOptions = ProcessInfo.processInfo.environment.filter {
      $0.key.hasSuffix("SAN_OPTIONS")
    }
    let childEnvironment = environment.merging(sanitizerOptions) { given, _ in given }
    let envp = childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    // The test runner's threads may block signals; the child starts with none blocked and
    // SIGINT at its default, like a process a shell starts.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    posix_spawnattr_setsigdefault(&attributes, &interrupt)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    guard posix_spawn(&child, "/usr/bin/setsid", &actions, &attributes, argv, envp) == 0 else {
      throw PTYError.spawn
    }
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, WNOHANG)
    close(master)
  }

  /// Types `text`. Unless `anyTime`, first waits until libedit holds the terminal (canonical
  /// mode off): keys typed before that are echoed and interpreted by the kernel instead.
  func send(_ text: String, anyTime: Bool = false) {
    if !anyTime { waitUntilEditing() }
    var bytes = Array(text.utf8)
    _ = write(master, &bytes, bytes.count)
  }

  func waitUntilEditing(timeout: Double = 10) {
    let deadline = Date().addingTimeInterval(timeout)
    var settings = termios()
    while Date() < deadline {
      if tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0 { return }
      pump(milliseconds: 10)
    }
  }

  /// Reads until `text` appears `count` times in the output (escape codes removed), or
  /// the timeout passes; returns whether it did.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1, timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if occurrences(of: text) >= count { return true }
      pump(milliseconds: 50)
    }
    return occurrences(of: text) >= count
  }

  /// Counted on bytes: as Characters, "\r\n" is one and would hide a "\n".
  func occurrences(of text: String) -> Int {
    let haystack = Array(plain.utf8)
    let needle = Array(text.utf8)
    guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
    var count = 0
    var i = 0
    while i <= haystack.count - needle.count {
      if haystack[i..<(i + needle.count)].elementsEqual(needle) {
        count += 1
        i += needle.count
      } else {
        i += 1
      }
    }
    return count
  }

  /// The output without ANSI escape sequences.
  var plain: String {
    output.replacingOccurrences(
      of: "\u{1B}\\[[0-9;?]*[A-Za-z]|\u{1B}[()][0-9A-Za-z]|\u{1B}[=>]", with: "",
      options: .regularExpression)
  }

  func pump(milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(master, &buffer, buffer.count)
    if n > 0 { output += String(decoding: buffer[0..<n], as: UTF8.self) }
  }

  /// Waits for the child to exit and returns its status (nil on timeout).
  func exitStatus(timeout: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
      }

      pump(milliseconds: 20)
    }
    return nil
  }

  enum PTYError: Error { case open, spawn }
}
