import GridlineLanguage

/// What `gl check` knows of a script: parsed, its `use`d files spliced in, checked. The
/// driver, the REPL's `:load` and an editor's server all analyse a script this one way.
package struct Analysis {
  /// The program as written, its `use` statements still in it.
  package var parsed: Program
  /// The program with the used files' declarations in place of the `use`s.
  package var program: Program
  /// Every diagnostic, in source order (at one place, in the order found).
  package var diagnostics: [Diagnostic]
  /// The checker after the whole program: its names and their types.
  package var checker: Checker

  /// `file` gains the used files (`SourceFile.used`), which `access` reads.
  package init(_ file: inout SourceFile, _ limits: Limits, access: FileAccess) {
    let (parsedProgram, parsed) = Parser.parse(file)
    let name = file.name
    let (program, included) = Includes.resolve(
      parsedProgram, in: &file, path: name, directory: Includes.directory(of: name),
      access: access)
    var checker = Checker(limits: limits)
    checker.check(program)
    let found: [Diagnostic] = parsed + included + checker.diagnostics
    let all = found.enumerated().sorted {
      $0.element.range.start != $1.element.range.start
        ? $0.element.range.start < $1.element.range.start : $0.offset < $1.offset
    }
    self.parsed = parsedProgram
    self.program = program
    self.diagnostics = all.map(\.element)
    self.checker = checker
  }
}
