import CPseudoTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `repl.startup.terminal`: what a person waits for between pressing Enter on `gl` and
/// the prompt (issue 15: ≤ 50 ms). `gl` is started on a pseudo-terminal, as a person
/// starts it, so libedit and the history are set up; a sample ends at the first `gl> `,
/// then Ctrl-D ends the REPL.
@MainActor func terminalStartupCase() {
  run("repl.startup.terminal") {
    let gl = glPath()
    guard access(gl, X_OK) == 0 else {
      var r = Result(name: "", samples: [0])
      r.customLine = "skipped: build gl (release) first"
      return r
    }
    // Each sample is spawn → first prompt only; leaving (Ctrl-D, exit) is not timed.
    let samples = (0..<(10 * scale)).compactMap { _ in startOnTerminal(gl) }
    guard !samples.isEmpty else {
      var r = Result(name: "", samples: [0])
      r.customLine = "skipped: no pseudo-terminal, or gl did not start"
      return r
    }
    var r = Result(name: "", samples: samples)
    r.note = "spawn to the first prompt on a pseudo-terminal (target ≤ 50 ms)"
    return r
  }
}

/// Starts `gl` with a pseudo-terminal as its stdin, stdout and stderr; returns the
/// nanoseconds until its prompt appeared (nil when it could not start or never prompted),
/// once it has exited after Ctrl-D.
func startOnTerminal(_ gl: String) -> Double? {
  var name = [CChar](repeating: 0, count: 128)
  let master = gl_test_open_pty(&name, name.count)
  guard master >= 0 else { return nil }
  defer { close(master) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
  posix_spawn_file_actions_adddup2(&actions, 0, 1)
  posix_spawn_file_actions_adddup2(&actions, 0, 2)
  // A history of its own, so the measurement reads no person's file and writes none.
  let environment = ["NO_COLOR=1", "TERM=xterm", "XDG_STATE_HOME=/tmp/gridline-bench-state"]
  var argv: [UnsafeMutablePointer<CChar>?] = [strdup(gl), nil]
  var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let clock = ContinuousClock()
  let start = clock.now
  guard posix_spawn(&pid, gl, &actions, nil, &argv, &envp) == 0 else { return nil }
  var seen: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  let prompt = Array("gl> ".utf8)
  while !seen.contains(prompt) {
    let n = read(master, &buffer, buffer.count)
    if n <= 0 { break }
    seen += buffer[0..<n]
  }
  let elapsed = clock.now - start
  var eof: UInt8 = 4
  _ = write(master, &eof, 1)
  var status: Int32 = 0
  // Drains what the REPL writes as it leaves, so it never blocks on a full terminal.
  while waitpid(pid, &status, WNOHANG) == 0 {
    var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&poller, 1, 10) > 0 { _ = read(master, &buffer, buffer.count) }
  }
  guard seen.contains(prompt) else { return nil }
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

extension Array where Element == UInt8 {
  /// Whether `part` occurs in the bytes.
  func contains(_ part: [UInt8]) -> Bool {
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { self[$0..<($0 + part.count)].elementsEqual(part) }
  }
}
