import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc  // stdout, a C global
#elseif canImport(Darwin)
  import Darwin
#endif

/// gl's own output, stdout and stderr, with every write checked: a full disk
/// (`> /dev/full`) or a closed stream (`>&-`) would otherwise lose the output and still
/// exit 0. The first failure is remembered; at exit gl says which stream failed and why
/// (on stderr, if that still works) and exits 74 (EX_IOERR), whatever it would have.
///
/// A reader that goes away (`gl run s.gl | head -1`) is no failure: as `yes | head` and
/// `git log | head` end without a word, gl ignores SIGPIPE (which would kill it with
/// status 141 mid-way, a file half written) and takes EPIPE as "nobody reads any more":
/// the rest of the output is dropped, the work goes on to its end (goldens, `--junit`,
/// `svg` files are written as asked) and gl exits with the status the work earned, quietly.
///
/// Stdout stays stdio's buffered `stdout` (argument-parser's help goes there too): its
/// error flag is checked after each write, which costs no system call, and the system's
/// reason is kept from the write that failed.
package enum StandardStreams {
  /// EX_IOERR (sysexits.h): an error while doing I/O.
  package static let ioErrorStatus: Int32 = 74

  private struct Failure {
    let descriptor: Int32
    let error: FileError
  }

  private static let failure = Mutex<Failure?>(nil)
  /// The reader of stdout or stderr went away (EPIPE): not a failure to report.
  private static let readerGone = Atomic<Bool>(false)

  /// Call first thing: a closed descriptor 0, 1 or 2 is taken by /dev/null opened for
  /// reading, so no file gl opens later gets its number (and stdout's text), and a write
  /// to it fails as it should (EBADF). Ignores SIGPIPE, and registers the check at exit.
  package static func start() {
    signal(SIGPIPE, SIG_IGN)
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let fd = open("/dev/null", O_RDONLY)
      if fd >= 0 && fd != descriptor {
        dup2(fd, descriptor)
        close(fd)
      }
    }
    atexit { StandardStreams.finish() }
  }

  /// Remembers the first failed write; EPIPE only says that the reader went away.
  package static func note(_ descriptor: Int32, _ error: FileError) {
    if error.code == EPIPE {
      readerGone.store(true, ordering: .relaxed)
      return
    }
    failure.withLock { if $0 == nil { $0 = Failure(descriptor: descriptor, error: error) } }
  }

  /// True once a write to stdout or stderr has failed, or its reader went away: nobody
  /// sees what gl writes any more.
  package static var failed: Bool {
    readerGone.load(ordering: .relaxed) || failure.withLock { $0 != nil }
  }

  /// Exits now through the check at exit: for a loop that nobody would see. Status 74
  /// after a failed write; 0, quietly, when the reader went away (as `yes | head`).
  package static func exitFailed() -> Never {
    exit(failure.withLock { $0 == nil } ? 0 : ioErrorStatus)
  }

  /// `text` and a line break on stdout (buffered).
  package static func writeLine(_ text: String) {
    // Nobody reads: each write would fail again with EPIPE.
    if readerGone.load(ordering: .relaxed) { return }
    var text = text
    _ = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, stdout) }
    // A failed write sets the flag, and errno is still the failed system call's.
    if putc(10, stdout) == EOF || ferror(stdout) != 0 { note(1, .last) }
  }

  /// Sends what stdout holds (the other stdio streams too).
  package static func flush() {
    if fflush(stdout) != 0 { note(1, .last) }
    // A failure met by argument-parser's `print`, or when another caller flushed every
    // stream (`fflush(nil)`), left only the stream's error flag, not its reason.
    // After EPIPE the flag stays set: that reader is gone, nothing failed.
    if ferror(stdout) != 0 && !readerGone.load(ordering: .relaxed) {
      note(1, FileError(code: EIO))
    }
    fflush(nil)
  }

  /// `text` straight to `descriptor` (1 or 2) after what stdio holds, so the streams stay
  /// in order on a terminal.
  package static func writeRaw(_ descriptor: Int32, _ text: String) {
    flush()
    do throws(FileError) {
      try writeAll(Array(text.utf8), to: descriptor)
    } catch {
      note(descriptor, error)
    }
  }

  /// The check at exit: the last of stdout is flushed; after any failure the reason goes
  /// to stderr and the status becomes 74.
  private static func finish() {
    flush()
    guard let failed = failure.withLock({ $0 }) else { return }
    let stream = failed.descriptor == 1 ? "standard output" : "standard error"
    let message = "gl: error: cannot write to \(stream): \(failed.error.reason)\n"
    _ = try? writeAll(Array(message.utf8), to: 2)
    _exit(ioErrorStatus)
  }
}
