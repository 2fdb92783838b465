/// `gl fmt`: the one canonical layout of a script, decided token by token from the lexer's
/// tokens plus the comments it skipped. Working on tokens rather than on the AST keeps
/// every comment and blank line where the author put it, covers the whole grammar without
/// a printer per production, and cannot change the meaning: the parser ignores spacing, and
/// the only line breaks added or removed are ones it treats alike (`;` and a newline; a
/// newline after `{` or before `}`; blank lines).
///
/// The layout: two spaces per open brace; one statement per line (`a; b` becomes two lines)
/// except in a block written on one line, which stays so while it fits (`layout flow {
/// item size 300 x 40; line spacing 0 }`: no comment inside, at most `widestLine`
/// characters; a longer one is broken, one statement a line); one space between words and
/// around binary operators (`100 x 44`, `a + b`, `c ? d : e`), none inside `( )` and `[ ]`, before `,` or a label's `:`, around
/// `.` and the range operators (`0...9`); trailing comments of consecutive lines at one
/// depth aligned two spaces after the longest line; runs of blank lines made one, none at
/// the start or end of the file or a block. Token text is kept (`1e3`, `0.50`, escapes).
/// Two choices the tokens alone cannot make stay the author's: whether a `(` or `[` is
/// written against the name before it (`rect(…)`, `h[i]`, a call or subscript) or apart
/// (`hit (1, 2)`, `item [0, 3]`, a keyword's argument), and whether a `-` after a word is a
/// sign (`scroll by y -300`) or a subtraction (`w - 30`). Line breaks inside `( )` and
/// `[ ]`, which the parser skips, are kept too.
public enum Formatter {
  public enum LineBreaks: Sendable {
    /// One statement per line, blank lines collapsed: what `gl fmt` writes.
    case canonical
    /// Every input line stays one output line, only re-spaced and re-indented: the REPL's
    /// `:save` formats each entry this way, so `gl run` of the saved file names the lines
    /// the REPL named.
    case kept
  }

  /// The formatted text. Meant for a script that parses: the caller refuses one with
  /// errors (text the lexer could not read is copied, but nothing more is promised).
  public static func format(_ file: SourceFile, lineBreaks: LineBreaks = .canonical) -> String {
    let (tokens, comments) = Lexer.tokensAndComments(file)
    let breaksLines = lineBreaks == .canonical
    let closes = breaksLines ? oneLineBlocks(tokens, comments) : [:]
    var oneLine = Set(closes.keys)
    while true {
      var builder = LineBuilder(
        bytes: file.bytes, tokens: tokens, comments: comments, breaksLines: breaksLines,
        oneLine: oneLine)
      builder.build()
      // On a line too wide, its outermost one-line blocks (those in no other block of the
      // line) are broken together; a block inside one gets a line of its own and the next
      // round tries that. Each round breaks at least one block and goes one level deeper,
      // so this ends within the nesting's depth; a line it leaves, a second formatting
      // leaves too.
      var onWideLines: [Int: [Int]] = [:]
      for (brace, line) in builder.oneLineLines
      where LineBuilder.width(builder.lines[line]) > widestLine {
        onWideLines[line, default: []].append(brace)
      }
      guard onWideLines.isEmpty else {
        for braces in onWideLines.values {
          let outermost = braces.filter { brace in
            !braces.contains { $0 < brace && brace < (closes[$0] ?? $0) }
          }
          oneLine.subtract(outermost)
        }
        continue
      }
      return builder.rendered()
    }
  }

  /// The widest line a one-line block may make, indentation included.
  public static let widestLine = 100

  /// The `{` tokens whose block is written on one line with something in it (no newline
  /// and no comment between the braces), each with its `}`: each stays on its line if it
  /// fits.
  static func oneLineBlocks(_ tokens: [Token], _ comments: [SourceRange]) -> [Int: Int] {
    var found: [Int: Int] = [:]
    var open: [Int] = []
    var nextComment = 0
    // The newest newline and comment start seen, to tell whether one lies inside a block.
    var lastBreak = -1
    for (i, token) in tokens.enumerated() {
      while nextComment < comments.count && comments[nextComment].start < token.range.start {
        lastBreak = max(lastBreak, comments[nextComment].start)
        nextComment += 1
      }
      switch token.kind {
      case .newline: lastBreak = token.range.start
      case .symbol(.leftBrace): open.append(i)
      case .symbol(.rightBrace):
        guard let start = open.popLast() else { break }
        if lastBreak < tokens[start].range.start && i > start + 1 { found[start] = i }
      default: break
      }
    }
    return found
  }

  /// Whether formatting kept the meaning: both texts parse to the same program, ranges
  /// aside. `gl fmt` checks this before it writes anything.
  public static func sameProgram(_ original: SourceFile, _ formatted: String) -> Bool {
    let before = Parser.parse(original)
    let after = Parser.parse(SourceFile(name: original.name, text: formatted))
    return after.diagnostics.isEmpty == before.diagnostics.isEmpty
      && before.program.dump() == after.program.dump()
  }
}
