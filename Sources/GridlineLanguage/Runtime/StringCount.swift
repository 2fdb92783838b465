/// Every environment of a run counts the strings it makes against the run's total
/// (`Limits.stringBytes`): one string is bounded by `Limits.stringLength`, but strings are
/// values, so without a total five thousand `let`s of a million bytes each would hold five
/// gigabytes.
extension EvaluationEnvironment {
  /// Adds a string of `length` bytes being made, the one about to be made among them.
  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    runner.summary.stringBytes &+= length
    let limit = data.limits.stringBytes
    guard runner.summary.stringBytes > limit else { return }
    throw .error(
      .tooManyStringBytes(limit: limit), at: range, help: "make fewer or shorter strings")
  }
}

extension LocalScope {
  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countString(length, at: range)
  }
}

extension HookScope {
  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countString(length, at: range)
  }
}

/// Layout code's strings count against the run's total, not a budget per run of the code
/// as its arrays do: the compiled code has no strings (they leave it to the interpreter),
/// and a layout pass that joins strings at every frame is rare enough that the stricter
/// bound costs nothing real.
extension CodeScope {
  func countString(_ length: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countString(length, at: range)
  }
}
