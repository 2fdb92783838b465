import GridlineLanguage
import GridlineRender

/// `gl highlight`: a script coloured by the `Highlighter`'s classes, for a terminal or as
/// an SVG listing. The classes are the language's; the renderer gets plain styled runs.
package enum SourceHighlight {
  /// The file's lines as the renderer's runs.
  package static func runs(_ file: SourceFile) -> [[CodeListing.Run]] {
    Highlighter.lines(of: file).map { line in
      line.map { CodeListing.Run($0.text, style($0.tokenClass)) }
    }
  }

  static func style(_ tokenClass: TokenClass?) -> CodeListing.Style {
    switch tokenClass {
    case nil: .plain
    case .keyword: .keyword
    case .number: .number
    case .string: .string
    case .comment: .comment
    case .operator: .operator
    case .name: .name
    }
  }

  /// `gl highlight FILE [--svg OUT]`: prints the file (coloured when `colour`) or writes
  /// its listing to OUT, a path the user chose, so only `SVGPath`'s name rule applies, as
  /// for `gl render --svg`.
  package static func run(
    _ path: String, svg: String?, theme: HighlightTheme, colour: Bool,
    write: (OutputStream, String) -> Void
  ) -> ScriptStatus {
    if let svg, let refusal = SVGPath.refusal(svg, confined: false) {
      write(.standardError, "gl: error: " + refusal.text)
      return .usage
    }
    let file: SourceFile
    do throws(ScriptReadError) {
      file = try readScriptFile(path)
    } catch {
      write(.standardError, error.message(path))
      if case .refused = error { return .scriptError }
      return .usage
    }
    guard let svg else {
      write(.standardOutput, terminal(file, colour: colour))
      return .success
    }
    do {
      try replaceFile(svg, with: Self.svg(file, theme: theme), mode: 0o644)
    } catch {
      write(.standardError, "gl: error: " + error.message("write", svg))
      return .runtimeFailure
    }
    write(.standardOutput, "highlight: wrote \(svg)")
    return .success
  }

  package static func svg(_ file: SourceFile, theme: HighlightTheme) -> String {
    CodeListing.document(runs(file), theme: theme == .dark ? .dark : .light)
  }

  /// The text with ANSI colours when `colour`, else as read, without the last line break
  /// (the writer ends the line). Names keep the terminal's own colour, so the language's
  /// words stand out.
  package static func terminal(_ file: SourceFile, colour: Bool) -> String {
    guard colour else {
      return file.text.hasSuffix("\n") ? String(file.text.dropLast()) : file.text
    }
    let lines = Highlighter.lines(of: file).map { line in
      line.map { run in
        run.tokenClass.flatMap(ansi).map { "\u{1B}[" + $0 + "m" + run.text + "\u{1B}[0m" }
          ?? run.text
      }.joined()
    }
    return lines.joined(separator: "\n")
  }

  static func ansi(_ tokenClass: TokenClass) -> String? {
    switch tokenClass {
    case .keyword: "1;35"
    case .number: "33"
    case .string: "32"
    case .comment: "2;3"
    case .operator: "36"
    case .name: nil
    }
  }
}

/// The background of `gl highlight --svg`'s listing.
package enum HighlightTheme: String, CaseIterable, Sendable {
  case dark, light
}
