import GridlineLanguage

/// One input through everything `gl run` does with a script short of printing: lexed,
/// parsed, its `use`s resolved, checked, every diagnostic rendered, then run (even with
/// check errors, so the interpreter's own checks are exercised too), `svg` writing
/// nowhere; a script without errors is also formatted and exported, as `gl fmt` and `gl
/// export swift` would. The fuzzer (Fuzz/FuzzTarget.swift, which compiles this file too)
/// and the fuzz regression tests share it; a trap is a finding, and so is each problem
/// returned.
enum ScriptExercise {
  static func run(_ text: String, limits: Limits) -> [String] {
    var file = SourceFile(name: "fuzz.gl", text: text)
    let (parsed, parseDiagnostics) = Parser.parse(file)
    let (program, includeDiagnostics) = Includes.resolve(
      parsed, in: &file, path: "fuzz.gl", directory: "", access: access(text))
    let found = parseDiagnostics + includeDiagnostics + Checker.check(program, limits: limits)
    var problems = found.compactMap { problem(with: $0, in: file) }
    if !found.contains(where: { $0.severity == .error }) {
      problems += formatAndExport(program, file, limits)
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

  /// What `gl fmt` (both line-break styles; it refuses text with U+FFFD) and `gl export
  /// swift` do with a script that checks: formatting must keep the program, and an export
  /// that cannot be made is an `ExportProblem`, never a trap.
  static func formatAndExport(_ program: Program, _ file: SourceFile, _ limits: Limits)
    -> [String]
  {
    var problems: [String] = []
    if !file.text.unicodeScalars.contains("\u{FFFD}") {
      for lineBreaks in [Formatter.LineBreaks.canonical, .kept] {
        let formatted = Formatter.format(file, lineBreaks: lineBreaks)
        if !Formatter.sameProgram(file, formatted) {
          problems.append("formatting (\(lineBreaks)) changes the program:\n\(formatted)")
        }
      }
    }
    if let swift = try? SwiftExport.swift(program, file: file, version: "fuzz", limits: limits) {
      problems += exportProblems(swift.source)
    }
    _ = try? SwiftExport.frames(program, file: file, limits: limits)
    return problems
  }

  /// What no export may hold whatever the script's strings and comments do (issue 36):
  /// a character that ends a Swift line inside a line (a comment would run on as code),
  /// or one a reader does not see, outside a `\u{…}` escape; and its braces, brackets
  /// and parentheses balance outside strings and comments.
  static func exportProblems(_ source: String) -> [String] {
    var problems: [String] = []
    for scalar in source.unicodeScalars where scalar != "\n" && scalar != "\t" {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator:
        problems.append(
          "the export holds U+\(String(scalar.value, radix: 16, uppercase: true)):\n\(source)")
      default: continue
      }
      break
    }
    var depth = 0
    for line in source.split(separator: "\n") {
      var inString = false
      var escaped = false
      var previous: Character = " "
      for c in line {
        if inString {
          if escaped {
            escaped = false
          } else if c == "\\" {
            escaped = true
          } else if c == "\"" {
            inString = false
          }
        } else if c == "\"" {
          inString = true
        } else if c == "/" && previous == "/" {
          break
        } else if "{[(".contains(c) {
          depth += 1
        } else if "}])".contains(c) {
          depth -= 1
        }
        previous = c
      }
      if inString { problems.append("a string runs past its line: \(line)") }
    }
    if depth != 0 { problems.append("the export's brackets do not balance (\(depth)):\n\(source)") }
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
