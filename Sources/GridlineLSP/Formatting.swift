import GridlineLanguage

extension LanguageServer {
  /// `gl fmt` of the document, as edits of the lines it changes; with a range, only the
  /// changes that touch its lines. A script that does not parse is not formatted (as
  /// `gl fmt` refuses it): the request fails with the count of syntax errors.
  func formatting(_ params: DocumentParams, range: DocumentRange?) throws -> [TextEdit] {
    let document = try document(params.textDocument)
    let file = document.file
    if file.bytes.count > InputLimits.maximumBytes || InputLimits.problem(in: file.bytes) != nil {
      throw Failure(code: .requestFailed, message: "the document is not a script gl can read")
    }
    let errors = Parser.parse(file).diagnostics.count { $0.severity == .error }
    guard errors == 0 else {
      throw Failure(
        code: .requestFailed,
        message: "not formatted: the script has \(errors) syntax error\(errors == 1 ? "" : "s")")
    }
    let formatted = Formatter.format(file)
    guard Formatter.sameProgram(file, formatted) else {
      throw Failure(
        code: .requestFailed, message: "not formatted: formatting would change the program")
    }
    let old = document.text.split(separator: "\n", omittingEmptySubsequences: false)
    let new = formatted.split(separator: "\n", omittingEmptySubsequences: false)
    let lines = document.lines
    let count = old.count
    return LineDiff.hunks(from: old, to: new).filter { hunk in
      guard let range else { return true }
      let first = range.start.line
      let last = range.end.line
      return hunk.oldStart == hunk.oldEnd
        ? (first...(last + 1)).contains(hunk.oldStart)
        : hunk.oldStart <= last && hunk.oldEnd > first
    }.map { hunk in
      // Lines are what "\n" separates; the last has none after it.
      let start = hunk.oldStart < count ? lines.starts[hunk.oldStart] : lines.bytes.count
      var from = start
      var to = hunk.oldEnd < count ? lines.starts[hunk.oldEnd] : lines.bytes.count
      var text = hunk.new.map { $0 + "\n" }.joined()
      if hunk.oldEnd == count {
        // The replaced lines end the text: no newline after the last of them.
        if hunk.oldStart == count {
          text = "\n" + hunk.new.joined(separator: "\n")
        } else if hunk.new.isEmpty {
          from = max(0, start - 1)
        } else {
          text.removeLast()
        }
        to = lines.bytes.count
      }
      return TextEdit(
        range: DocumentRange(start: lines.position(of: from), end: lines.position(of: to)),
        newText: text)
    }
  }
}
