/// Why a run, a step or a frame stopped before its end. Control flow is a typed case, never
/// a diagnostic recognised by its text.
public enum RunError: Error, Sendable {
  /// A runtime error: the diagnostic says what went wrong and where.
  case diagnostic(Diagnostic)
  /// `shouldCancel` answered true at a step boundary (Ctrl-C in the REPL). Nothing of the
  /// step that was about to start has run.
  case cancelled
}

/// Runs `body`, which can only fail with a diagnostic, where a step may also be cancelled.
@inline(__always)
func diagnosing<T>(_ body: () throws(Diagnostic) -> T) throws(RunError) -> T {
  do {
    return try body()
  } catch {
    throw .diagnostic(error)
  }
}
