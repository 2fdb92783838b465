import GridlineCLI

/// Reads lines from a `LineReader` into a `REPLSession` until `:quit`, the end of input, or
/// (piped input) the first error; returns the status `gl repl` exits with.
public enum REPLLoop {
  /// `afterEntry` runs once each line is handled (a pager shows what the entry wrote).
  public static func run(
    _ session: REPLSession, reader: LineReader, afterEntry: () -> Void = {}
  ) -> ScriptStatus {
    session.interruptRequested = { reader.interruptRequested() }
    session.clearInterrupt = { reader.clearInterrupt() }
    while !session.isFinished {
      afterEntry()
      switch reader.read(prompt: reader.isInteractive ? session.prompt : "") {
      case .line(let line):
        let entries = session.history.count
        let wasPending = !session.pending.isEmpty
        session.feed(line)
        if session.history.count > entries, let entry = session.history.last {
          reader.remember(entry)
        } else if !wasPending, session.pending.isEmpty, line.hasPrefix(":"), line.count > 1 {
          reader.remember(line)
          session.history.append(line)
        }
      case .refused(let part, let diagnostic):
        session.refuse(part, diagnostic)
      case .interrupted:
        session.interrupt()
        reader.clearInterrupt()
      case .end:
        let status = session.finish()
        afterEntry()
        return status
      }
    }
    let status = session.finish()
    afterEntry()
    return status
  }
}
