import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How one spec ended, as `gl test` says it.
package enum SpecOutcome: String, Sendable {
  /// Every expectation held, and the output matched `NAME.out` where there is one.
  case passed = "ok"
  /// An expectation failed, or the output differs from its golden file.
  case failed = "FAIL"
  /// The script has errors, stopped with a runtime error, or could not be read.
  case error = "ERROR"
}

/// One spec's run: its outcome, the lines that say why, and what it counted.
package struct SpecResult: Sendable {
  package var path: String
  package var outcome: SpecOutcome
  package var status: ScriptStatus
  /// The first line of each failure or diagnostic (`file:line:col: error: …`), and what
  /// differs from the golden files.
  package var details: [String] = []
  package var expectations = 0
  package var seconds = 0.0
  /// The golden files `--update` rewrote.
  package var updated: [String] = []
}

/// Runs one `.gl` file as a spec: in its own interpreter (its own collection view), with
/// `svg` pictures written to a scratch folder, its output compared with `NAME.out` beside
/// it when there is one — and the pictures it wrote with the files of the same names
/// below the working directory — or, with `update`, those rewritten.
package struct Spec {
  package let path: String
  package let update: Bool
  package var limits = Limits()
  /// Where the walk found the spec: the script and `NAME.out` are reached as it reached
  /// them (`FoundFile`), never through a folder swapped for a link since. Nil for a file
  /// named on the command line, reached by its path.
  package var found: FoundFile?

  package init(path: String, update: Bool) {
    self.path = path
    self.update = update
  }

  package func run() -> SpecResult {
    let clock = ContinuousClock()
    let start = clock.now
    var result = outcome()
    let elapsed = start.duration(to: clock.now).components
    result.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    return result
  }

  private func outcome() -> SpecResult {
    var result = SpecResult(path: path, outcome: .passed, status: .success)
    let (folder, file): (OpenDirectory?, SourceFile)
    do throws(ScriptReadError) {
      (folder, file) = try script()
    } catch {
      result.outcome = .error
      switch error {
      case .unreadable(let failure):
        result.status = .usage
        result.details = [failure.message("read", path)]
      case .refused(let file, let diagnostic):
        result.status = .scriptError
        result.details = [String(diagnostic.rendered(in: file).prefix { $0 != "\n" })]
      }
      return result
    }
    guard let scratch = ScratchFolder() else {
      result.outcome = .error
      result.status = .runtimeFailure
      result.details = ["cannot make a scratch folder: " + FileError.last.reason]
      return result
    }
    defer { scratch.remove() }
    var options = RunOptions(limits: limits)
    options.outputDirectory = scratch.path
    var lines: [(stream: OutputStream, text: String)] = []
    let runner = ScriptRunner(options: options) { stream, text in
      if !text.isEmpty { lines.append((stream, text)) }
    }
    let (status, summary) = runner.runSummarised(file)
    result.status = status
    result.expectations = summary.map { $0.expectationsPassed + $0.expectationsFailed } ?? 0
    result.details = lines.filter { $0.stream == .standardError }.map {
      String($0.text.prefix { $0 != "\n" })
    }
    switch status {
    case .success: result.outcome = .passed
    case .expectationFailed: result.outcome = .failed
    default: result.outcome = .error
    }
    let transcript = lines.map { $0.text + "\n" }.joined()
    let golden = String(path.dropLast(3)) + ".out"
    let name = found.map { String($0.name.dropLast(3)) + ".out" } ?? golden
    compareGoldens(
      transcript, golden: GoldenFile(path: golden, folder: folder, name: name),
      pictures: scratch, into: &result)
    return result
  }

  /// The spec's folder, open, when the walk found it, and the script read from there.
  private func script() throws(ScriptReadError) -> (OpenDirectory?, SourceFile) {
    guard let found else { return (nil, try readScriptFile(path)) }
    let folder: OpenDirectory
    do throws(FileError) {
      folder = try found.folder()
    } catch {
      throw .unreadable(error)
    }
    return (folder, try readScriptFile(path, onlyFile: "a spec", at: (folder, found.name)))
  }

  /// A golden file: its path as shown, and where it is read and written: `name` in the
  /// open `folder`, or the path itself when there is no folder.
  struct GoldenFile {
    let path: String
    let folder: OpenDirectory?
    let name: String

    init(path: String, folder: OpenDirectory? = nil, name: String? = nil) {
      self.path = path
      self.folder = folder
      self.name = name ?? path
    }

    /// Whether there is anything by the name, a link or not.
    var exists: Bool {
      guard let folder else {
        var info = stat()
        return lstat(path, &info) == 0
      }
      return (try? folder.kind(of: name)) != nil
    }
  }

  /// `NAME.out` and the pictures, when the spec has a `NAME.out` (a link counts: it is
  /// read through, never written through).
  private func compareGoldens(
    _ transcript: String, golden: GoldenFile, pictures: ScratchFolder,
    into result: inout SpecResult
  ) {
    guard golden.exists else { return }
    // A script that did not run through is no output to keep: its golden stays as it was.
    if update && result.outcome == .error { return }
    var goldens = [(file: golden, actual: transcript, picture: false)]
    for picture in pictures.files() {
      let drawn = (try? readTextFile(pictures.path + "/" + picture)) ?? ""
      goldens.append((GoldenFile(path: picture), drawn, true))
    }
    for (file, actual, picture) in goldens {
      let difference = Self.difference(actual, from: file)
      if update, difference != nil {
        if let problem = Self.replaceGolden(file, with: actual, picture: picture) {
          result.details.append(problem)
          result.outcome = .error
          result.status = .ioError
        } else {
          result.updated.append(file.path)
        }
        continue
      }
      guard let difference, !update else { continue }
      result.details.append(difference)
      if result.outcome == .passed {
        result.outcome = .failed
        result.status = .expectationFailed
      }
    }
  }

  /// Rewrites a golden; nil, or why it could not be. Neither `NAME.out` nor a picture is
  /// written through a symbolic link: a link found in the tree could lead anywhere. A
  /// picture goes below the working directory by `SVGFile`'s rule (no link on the way).
  static func replaceGolden(_ file: GoldenFile, with text: String, picture: Bool) -> String? {
    if picture {
      guard case .failure(let error) = SVGFile.write(text, to: file.path, in: ".") else {
        return nil
      }
      return error.message.text
    }
    do {
      if let folder = file.folder {
        try folder.replace(file.name, with: Array(text.utf8), mode: 0o644)
      } else {
        try replaceFile(file.path, with: text, mode: 0o644, followsLink: false)
      }
      return nil
    } catch {
      if error.code == EISDIR || error == .notRegularFile { return notAFile(file.path) }
      return error.message("write", file.path)
    }
  }

  static func notAFile(_ file: String) -> String {
    "\(file) is not a regular file (a golden is a file the output is compared with)"
  }

  /// Where `actual` first differs from the file (nil when it does not), in one line. A
  /// golden that is no regular file (a folder, a pipe) is said to be one, not read.
  static func difference(_ actual: String, from golden: GoldenFile) -> String? {
    let file = golden.path
    let expected: String
    let notFile = FileError.notRegularFile("a golden")
    do throws(FileError) {
      let (bytes, complete) = try readFileBytes(
        golden.name, in: golden.folder, limit: InputLimits.maximumBytes, onlyFile: "a golden")
      guard complete else { throw FileError(code: EFBIG) }
      expected = String(decoding: bytes, as: UTF8.self)
    } catch {
      if error.code == ENOENT { return "\(file) is missing (gl test --update writes it)" }
      if error.code == EISDIR || error == notFile { return notAFile(file) }
      return error.message("read", file)
    }
    if expected == actual { return nil }
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(want.count, got.count)
    func shown(_ lines: [Substring]) -> String {
      line < lines.count ? "'\(lines[line].prefix(60))'" : "the end"
    }
    return "\(file):\(line + 1): the output differs: expected \(shown(want)), got \(shown(got))"
  }
}
