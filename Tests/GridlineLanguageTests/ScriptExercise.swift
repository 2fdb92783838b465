import GridlineLanguage

/// One input through everything `gl run` does with a script short of printing: lexed,
/// parsed, its `use`s resolved, checked, every diagnostic rendered, then run (even with
/// check errors, so the interpreter's own checks are exercised too), `svg` writing
/// nowhere. The fuzzer (Fuzz/FuzzTarget.swift, which compiles this file too) and the fuzz
/// regression tests share it; a trap is a finding, and so is each problem returned.
enum ScriptExercise {
  static func run(_ text: String, limits: Limits) -> [String] {
    var file = SourceFile(name: "fuzz.gl", text: text)
    let (parsed, parseDiagnostics) = Parser.parse(file)
    let (program, includeDiagnostics) = Includes.resolve(
      parsed, in: &file, path: "fuzz.gl", directory: "", access: access(text))
    let checked = Checker.check(program, limits: limits)
    var problems = (parseDiagnostics + includeDiagnostics + checked).compactMap {
      problem(with: $0, in: file)
    }
    let interpreter = Interpreter(file: file, limits: limits)
    interpreter.writeFile = { _, _ in nil }
    interpreter.run(program) { output in
      if case .diagnostic(let diagnostic) = output, let found = problem(with: diagnostic, in: file)
      {
        problems.append(found)
      }
    }
    return problems
  }

  /// `use "x.gl"` reads the input itself for every path ending in .gl (so a script can
  /// use itself, twice, or in a cycle) and fails as a missing file would for any other:
  /// nothing touches the file system. A file is known by its last component, as if every
  /// folder were a link to one folder (`realpath` makes `d/a.gl` and `d/d/a.gl` one file
  /// there too).
  static func access(_ text: String) -> FileAccess {
    FileAccess(
      read: { path in
        path.hasSuffix(".gl")
          ? .success(text) : .failure(FileReadFailure(reason: "No such file or directory"))
      },
      canonical: { path in
        path.hasSuffix(".gl") ? "/fuzz/" + (path.split(separator: "/").last ?? "") : nil
      })
  }

  /// What is wrong with a diagnostic, if anything: it needs a message and a range inside
  /// the text it points into, and it renders.
  static func problem(with diagnostic: Diagnostic, in file: SourceFile) -> String? {
    _ = diagnostic.rendered(in: file)
    let (origin, range) = file.origin(of: diagnostic.range)
    if diagnostic.message.isEmpty { return "a diagnostic without a message [\(diagnostic.code)]" }
    guard range.start >= 0 && range.start <= range.end && range.end <= origin.bytes.count else {
      return "range \(range.start)..<\(range.end) outside \(origin.bytes.count) bytes: "
        + diagnostic.message
    }
    return nil
  }
}
