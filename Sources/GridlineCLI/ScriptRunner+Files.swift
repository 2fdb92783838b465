import GridlineLanguage
import GridlineRender

extension ScriptRunner {
  /// `gl run FILE…` (or `gl check FILE…` with `check`). Every file is read before any
  /// runs: when one cannot be, each unreadable file is named with the system's reason and
  /// nothing runs (status 64), so the order of the files never decides what ran. With
  /// several files, each file's output follows a header (`==> a.gl <==`, as `tail` writes
  /// it) and its summary line names it; in JSON, every object carries its file instead.
  /// One file's output is as it always was. The worst status wins (`ScriptStatus.severity`).
  public func runFiles(_ paths: [String], check: Bool = false) -> ScriptStatus {
    let (files, failure) = readAll(paths, self)
    if let failure { return failure }
    var options = options
    options.namesFiles = files.count > 1
    let runner = ScriptRunner(options: options, write: write)
    var worst = ScriptStatus.success
    for (i, file) in files.enumerated() {
      if options.namesFiles && !options.json {
        write(.standardOutput, (i == 0 ? "" : "\n") + "==> \(file.name) <==")
      }
      let status = check ? runner.check(file) : runner.run(file)
      if status.severity > worst.severity { worst = status }
    }
    return worst
  }

  /// The summary line of a file, named when several files run together.
  func summaryLine(_ text: String, _ file: SourceFile) -> String {
    options.namesFiles ? "\(file.name): \(text)" : text
  }

  /// A JSON output line with its file named first after its type, when several files run
  /// together and the object does not name it already (diagnostics and summaries do).
  func naming(_ line: JSON, _ file: SourceFile) -> JSON {
    guard options.namesFiles, case .object(var fields) = line,
      !fields.contains(where: { $0.0 == "file" })
    else { return line }
    fields.insert(("file", .string(file.name)), at: min(1, fields.count))
    return .object(fields)
  }
}

/// Every file of `paths`, and the status to exit with when any cannot be taken: then each
/// one that cannot is named with the reason (all of them, not only the first), so a
/// command that reads several files does nothing rather than part of its work. A file the
/// system will not read is a usage error (64); one that is no script (too large, not text,
/// a line too long) is a script error (65), said as a diagnostic.
func readAll(
  _ paths: [String], _ runner: ScriptRunner
) -> (files: [SourceFile], failure: ScriptStatus?) {
  var files: [SourceFile] = []
  var failure: ScriptStatus?
  for path in paths {
    do throws(ScriptReadError) {
      files.append(try readScriptFile(path))
    } catch {
      switch error {
      case .unreadable(let reason):
        runner.write(.standardError, "gl: error: " + reason.message("read", path))
        failure = .usage
      case .refused(let file, let diagnostic):
        runner.show(.diagnostic(diagnostic), file)
        if failure != .usage { failure = .scriptError }
      }
    }
  }
  return (files, failure)
}
