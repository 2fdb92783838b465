import Dispatch
import Synchronization

/// What `gl test` was asked for.
package struct SpecOptions: Sendable {
  package var paths: [String] = ["."]
  package var filter: String?
  package var update = false
  package var junit: String?

  package init() {}
}

/// `gl test`: every spec, in parallel across the cores, one line per file in path order
/// as soon as the files before it are done (`ok`, `FAIL` or `ERROR`, then the reasons,
/// indented), and a summary: `12 passed, 1 failed, 0 errors in 0.84 s`. The exit status
/// is the worst of the specs' (`ScriptStatus.severity`), as `gl run FILE…` gives it.
package struct SpecSuite {
  let options: SpecOptions
  let write: @Sendable (OutputStream, String) -> Void

  package init(options: SpecOptions, write: @escaping @Sendable (OutputStream, String) -> Void) {
    self.options = options
    self.write = write
  }

  package func run() -> ScriptStatus {
    let clock = ContinuousClock()
    let start = clock.now
    let (found, problems) = SpecFiles.collect(options.paths)
    for problem in problems { write(.standardError, "gl: error: " + problem) }
    if !problems.isEmpty { return .usage }
    let files = options.filter.map { f in found.filter { SpecFiles.matches($0, f) } } ?? found
    guard !files.isEmpty else {
      let filtered = options.filter.map { " matching '\($0)'" } ?? ""
      write(
        .standardOutput,
        "gl test: no .gl files\(filtered) in " + options.paths.joined(separator: ", "))
      return .success
    }
    let results = runAll(files)
    let elapsed = start.duration(to: clock.now).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    write(.standardOutput, Self.summary(results, seconds: seconds))
    var worst = ScriptStatus.success
    for result in results where result.status.severity > worst.severity { worst = result.status }
    if let junit = options.junit {
      do {
        try replaceFile(junit, with: JUnitReport.xml(results, seconds: seconds), mode: 0o644)
      } catch {
        write(.standardError, "gl: error: " + error.message("write", junit))
        return .ioError
      }
    }
    return worst
  }

  /// The specs run on as many threads as there are cores; each result is printed when
  /// every file before it has been, so the output reads the same however the run went.
  private func runAll(_ files: [String]) -> [SpecResult] {
    let state = Mutex(Progress(results: Array(repeating: nil, count: files.count)))
    let update = options.update
    let write = self.write
    DispatchQueue.concurrentPerform(iterations: files.count) { i in
      let result = Spec(path: files[i], update: update).run()
      state.withLock { progress in
        progress.results[i] = result
        while progress.printed < files.count, let next = progress.results[progress.printed] {
          write(.standardOutput, Self.line(next))
          progress.printed += 1
        }
      }
    }
    return state.withLock { $0.results.compactMap { $0 } }
  }

  private struct Progress: Sendable {
    var results: [SpecResult?]
    var printed = 0
  }

  /// `ok     examples/tour.gl (3 expectations)`, or the outcome and its reasons.
  static func line(_ result: SpecResult) -> String {
    let head = result.outcome.rawValue.padding(6) + " " + result.path
    var text = head
    if result.outcome == .passed {
      let n = result.expectations
      text += " (\(n) expectation\(n == 1 ? "" : "s"))"
    }
    let shown = result.details.prefix(8)
    for detail in shown { text += "\n       " + detail }
    if result.details.count > shown.count {
      text += "\n       … and \(result.details.count - shown.count) more"
    }
    for file in result.updated { text += "\n       updated \(file)" }
    return text
  }

  static func summary(_ results: [SpecResult], seconds: Double) -> String {
    let passed = results.count { $0.outcome == .passed }
    let failed = results.count { $0.outcome == .failed }
    let errors = results.count { $0.outcome == .error }
    return "\(passed) passed, \(failed) failed, \(errors) error\(errors == 1 ? "" : "s") in "
      + "\(decimal(seconds, places: 2)) s"
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
