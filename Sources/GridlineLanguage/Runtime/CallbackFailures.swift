/// Failures of script code that the engine runs from inside its callbacks — a per-item size
/// the flow delegate evaluates, a decoration's frame, an invalidation trigger.
///
/// The engine's callbacks cannot throw, and evaluating such code before the engine asks is
/// impossible (the engine decides which items, sections and bounds, and when), so each
/// callback answers the engine with its fallback (no size, no decoration, no firing) and
/// reports what went wrong here. Reports belong to the engine calls of one step: the step
/// runner opens a scope with `collect(_:)` around a step's work and gets the step's first
/// failure back as the scope's result, which it throws at the end of that step — after the
/// step's trace, before the engine's own exceptions (the point where UIKit's console would
/// have shown them). Nothing outlives its scope: a report made outside every scope (a REPL
/// query between steps) has no step to stop and is dropped.
final class CallbackFailures {
  private var first: Diagnostic?
  private var depth = 0

  /// Whether the innermost open scope has a failure already.
  var hasFailure: Bool { depth > 0 && first != nil }

  /// Records `failure` for the innermost open scope, unless that scope already has one.
  func report(_ failure: Diagnostic) {
    if depth > 0 && first == nil { first = failure }
  }

  /// Runs `body` — a step's engine calls — and returns its result with the first failure
  /// reported while it ran. Scopes nest (a `layer` block or an `svg strip` runs steps inside
  /// a step); an inner scope's failures are its own.
  func collect<T>(_ body: () throws(RunError) -> T) throws(RunError) -> (T, Diagnostic?) {
    let outer = first
    first = nil
    depth += 1
    defer {
      depth -= 1
      first = outer
    }
    let value = try body()
    return (value, first)
  }
}
