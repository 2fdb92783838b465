import GridlineLanguage

/// `gl fmt`: writes scripts in `Formatter`'s canonical layout, to stdout, in place, or only
/// says which would change. Formatting needs only the syntax, as gofmt's does: a script
/// the parser refuses is never formatted (a formatter that guessed at broken text could
/// lose what the author meant), it is refused with the parser's diagnostics and left as it
/// is; one with only the checker's errors (an unknown name, a wrong type) is formatted, and
/// nothing in it is evaluated, so formatting costs what reading costs.
public struct FormatRunner {
  public enum Mode: Sendable {
    /// The formatted text on stdout.
    case print
    /// `--check`: the names of the files that would change; status 1 when any would.
    case check
    /// `-i`: each file that would change rewritten atomically, keeping its permissions.
    case inPlace
  }

  public let mode: Mode
  let write: (OutputStream, String) -> Void

  public init(mode: Mode, write: @escaping (OutputStream, String) -> Void) {
    self.mode = mode
    self.write = write
  }

  /// Formats the files, and every `.gl` file below the folders named (found as `gl test`
  /// finds specs: in path order, no link to a folder followed, build and hidden folders
  /// skipped). As with `gl run`, every file is read first: one that cannot be — a path
  /// named or a name found below a folder that is no file it can read (a dangling link, a
  /// pipe) — is named with the reason and nothing is formatted (status 64, or 65 for one
  /// that is no script: too large, not UTF-8 text). Otherwise each file is done on its
  /// own (one with errors does not stop the others) and the worst status wins.
  public func run(_ paths: [String]) -> ScriptStatus {
    let tree = SpecFiles.collect(paths)
    var unreadable = tree.problems
    for case .unreadable(let path, let error) in tree.entries {
      unreadable.append(error.message("read", path))
    }
    for problem in unreadable { write(.standardError, "gl: error: " + problem) }
    if !unreadable.isEmpty { return .usage }
    if let first = tree.linkedFolders.first {
      // Said, not passed by in silence, as gl test says it.
      let more = tree.linkedFolders.count > 1 ? " and \(tree.linkedFolders.count - 1) more" : ""
      write(
        .standardError,
        "gl fmt: note: links to folders are not followed: '\(first)'\(more) "
          + "(a link named on the command line is: gl fmt \(first))")
    }
    let (files, failure) = readAll(tree.specs, ScriptRunner(options: RunOptions(), write: write))
    if let failure { return failure }
    var worst = ScriptStatus.success
    for (i, file) in files.enumerated() {
      if mode == .print && files.count > 1 {
        write(.standardOutput, (i == 0 ? "" : "\n") + "==> \(file.name) <==")
      }
      let status = format(file)
      if status.severity > worst.severity { worst = status }
    }
    return worst
  }

  /// One script: refused when it does not parse; otherwise printed, checked or rewritten.
  public func format(_ file: SourceFile) -> ScriptStatus {
    // Bytes that are not UTF-8 were read as U+FFFD: writing the text back would lose them.
    if file.text.unicodeScalars.contains("\u{FFFD}") {
      write(
        .standardError,
        "gl: error: '\(file.name)' has bytes that are not UTF-8 (or U+FFFD itself), which "
          + "gl fmt would not write back as they were; it is left as it is")
      return .scriptError
    }
    // Parsed only: the files it uses are theirs to format, and the checker folds constants.
    let (_, diagnostics) = Parser.parse(file)
    if diagnostics.contains(where: { $0.severity == .error }) {
      ScriptRunner(options: RunOptions(), write: write).report(diagnostics, in: file)
      return .scriptError
    }
    let formatted = Formatter.format(file)
    // The formatter works on tokens, so it cannot mean to change the program; this makes
    // sure before anything is written.
    guard Formatter.sameProgram(file, formatted) else {
      write(
        .standardError,
        "gl: error: formatting '\(file.name)' would change what it does, so it is left "
          + "as it is (a bug in gl fmt: please report it with the file)")
      return .runtimeFailure
    }
    switch mode {
    case .print:
      // `write` ends the text with its own newline.
      if !formatted.isEmpty { write(.standardOutput, String(formatted.dropLast())) }
    case .check:
      if formatted != file.text {
        write(.standardOutput, file.name)
        return .expectationFailed
      }
    case .inPlace:
      guard formatted != file.text else { return .success }
      do {
        try rewriteFile(file.name, with: formatted)
      } catch {
        write(.standardError, "gl: error: " + error.message("rewrite", file.name))
        return .ioError
      }
    }
    return .success
  }
}
