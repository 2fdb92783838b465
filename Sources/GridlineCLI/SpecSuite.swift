import Dispatch
import GridlineLanguage
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

  /// How folders are listed (a test hands in one that fails); nil: as the walk opened them.
  let list: SpecFiles.Lister?

  package init(
    options: SpecOptions, list: SpecFiles.Lister? = nil,
    write: @escaping @Sendable (OutputStream, String) -> Void
  ) {
    self.options = options
    self.list = list
    self.write = write
  }

  /// The entries `--filter` keeps; nil (said why) when it keeps no spec: a filter that
  /// picks nothing is a mistake, not a run that passed. A folder that could not be read
  /// may hold specs the filter wants: it stays.
  private func filtered(_ tree: SpecTree) -> [SpecEntry]? {
    guard let filter = options.filter else { return tree.entries }
    let entries = tree.entries.filter {
      guard case .spec(let file) = $0 else { return true }
      return SpecFiles.matches(file.path, filter)
    }
    if entries.contains(where: \.isSpec) { return entries }
    for case .unreadable(let path, let error) in entries {
      write(.standardError, "gl: error: " + error.message("read", path))
    }
    let count = tree.specs.count
    write(
      .standardError,
      "gl: error: no spec in \(options.paths.joined(separator: ", ")) matches --filter "
        + "'\(filter)' (\(count) spec\(count == 1 ? "" : "s") found)")
    return nil
  }

  /// Links to folders are not followed (`SpecFiles.collect`): said once, on stderr, so a
  /// spec folder reached only through a link is not silently left out.
  private func noteLinkedFolders(_ links: [String]) {
    guard let first = links.first else { return }
    let more = links.count > 3 ? " and \(links.count - 3) more" : ""
    let named = links.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
    write(
      .standardError,
      "gl test: note: links to folders are not followed: \(named)\(more) "
        + "(a link named on the command line is: gl test \(first))")
  }

  package func run() -> ScriptStatus {
    let clock = ContinuousClock()
    let start = clock.now
    let tree = SpecFiles.collect(options.paths, list: list)
    for problem in tree.problems { write(.standardError, "gl: error: " + problem) }
    if !tree.problems.isEmpty { return .usage }
    noteLinkedFolders(tree.linkedFolders)
    guard let entries = filtered(tree) else { return .usage }
    guard !entries.isEmpty else {
      write(.standardOutput, "gl test: no .gl files in " + options.paths.joined(separator: ", "))
      return .success
    }
    let results = runAll(entries)
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
  private func runAll(_ files: [SpecEntry]) -> [SpecResult] {
    let state = Mutex(Progress(results: Array(repeating: nil, count: files.count)))
    let update = options.update
    let write = self.write
    DispatchQueue.concurrentPerform(iterations: files.count) { i in
      let result: SpecResult
      switch files[i] {
      case .spec(let file):
        var spec = Spec(path: file.path, update: update)
        spec.found = file.found
        result = spec.run()
      case .unreadable(let path, let error):
        // As a spec that cannot be read: an error, status 64.
        result = SpecResult(
          path: path, outcome: .error, status: .usage,
          details: [error.message("read", path)])
      }
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
  /// A file name a test tree holds may hold a control character: it is written escaped
  /// (issue 36), as a diagnostic writes one.
  static func line(_ result: SpecResult) -> String {
    let head = result.outcome.rawValue.padding(6) + " " + result.path.escapingControlCharacters
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
    for file in result.updated { text += "\n       updated \(file.escapingControlCharacters)" }
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
