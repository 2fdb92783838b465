import GridlineLanguage
import Testing

/// `gl fmt`'s rules, one test each. Every case also proves the program did not change.
@Suite("Formatter rules")
struct FormatterTests {
  /// The canonical text of `text`, after checking it parses to the same program.
  func fmt(_ text: String, _ breaks: Formatter.LineBreaks = .canonical) -> String {
    let file = SourceFile(name: "t.gl", text: text)
    #expect(Parser.parse(file).diagnostics.isEmpty, "the case should parse: \(text)")
    let out = Formatter.format(file, lineBreaks: breaks)
    #expect(Formatter.sameProgram(file, out), "meaning changed:\n\(out)")
    return out
  }

  @Test("two spaces of indentation per open brace, whatever the input used")
  func indentation() {
    #expect(
      fmt("repeat 2 {\n\t\trepeat 3 {\nreload\n      }\n}")
        == "repeat 2 {\n  repeat 3 {\n    reload\n  }\n}\n")
  }

  @Test("one statement per line: ';' splits, outside a block written on one line")
  func oneStatementPerLine() {
    #expect(fmt("show all;show visible ;") == "show all\nshow visible\n")
    #expect(
      fmt("layout flow {\nitem size 1 x 1; line spacing 0 }")
        == "layout flow {\n  item size 1 x 1\n  line spacing 0\n}\n")
  }

  @Test("a block written on one line stays on it, re-spaced, while the line fits")
  func oneLineBlocks() {
    #expect(
      fmt("layout flow {item size 1x1;line spacing 0}")
        == "layout flow { item size 1 x 1; line spacing 0 }\n")
    #expect(fmt("repeat 2 { repeat 3 { reload } }") == "repeat 2 { repeat 3 { reload } }\n")
    // After it, a `;` still ends the statement.
    #expect(fmt("repeat 2 { reload }; show all") == "repeat 2 { reload }\nshow all\n")
    // A comment inside needs its line: the block is broken (the comment stays on the
    // first line of the ones its line became).
    #expect(fmt("repeat 2 { reload # why\n}") == "repeat 2 {  # why\n  reload\n}\n")
    // One that would be longer than 100 characters is broken, one statement a line; a
    // block inside it that fits on its own line stays.
    let inside =
      "section items 11 { "
      + Array(repeating: "item 10 size 100 x 100", count: 3)
      .joined(separator: "; ") + " }"
    #expect(inside.count == 91)
    #expect(
      fmt("repeat 1 { " + inside + " }") == "repeat 1 {\n  " + inside + "\n}\n")
    // Sibling blocks on one wide line break together, not one per round.
    let chain =
      "layout custom c {\n  prepare {\n    var a = 0\n    if a == 0 { a = 100000 } "
      + "else if a == 1 { a = 200000 } else if a == 2 { a = 300000 } else { a = 400000 }\n  }\n}\n"
    #expect(
      fmt(chain)
        == "layout custom c {\n  prepare {\n    var a = 0\n    if a == 0 {\n      a = 100000\n"
        + "    } else if a == 1 {\n      a = 200000\n    } else if a == 2 {\n      a = 300000\n"
        + "    } else {\n      a = 400000\n    }\n  }\n}\n")
    // Semicolons inside a one-line block: one between statements, none at the ends.
    #expect(fmt("repeat 2 { reload; }") == "repeat 2 { reload }\n")
    #expect(fmt("repeat 2 { ;reload;; show all ; }") == "repeat 2 { reload; show all }\n")
    #expect(fmt("repeat 2 { ; }") == "repeat 2 {}\n")
    let wide =
      "repeat 1 { " + Array(repeating: "scroll by y -300", count: 7).joined(separator: "; ") + " }"
    #expect(
      fmt(wide) == "repeat 1 {\n" + String(repeating: "  scroll by y -300\n", count: 7) + "}\n")
    #expect(fmt(fmt(wide)) == fmt(wide))
  }

  @Test("spaces around binary operators and the size operator")
  func binaryOperators() {
    #expect(fmt("print 1+2*3%2/1") == "print 1 + 2 * 3 % 2 / 1\n")
    #expect(fmt("expect 1<=2 and 2!=3") == "expect 1 <= 2 and 2 != 3\n")
    #expect(fmt("viewport 375x667") == "viewport 375 x 667\n")
    #expect(fmt("let w=(1+2)x 4") == "let w = (1 + 2) x 4\n")
  }

  @Test("none inside parentheses and brackets, none before a comma, one after")
  func groups() {
    #expect(fmt("hit ( 1 ,2 )") == "hit (1, 2)\n")
    #expect(fmt("show item [ 0,3 ]") == "show item [0, 3]\n")
  }

  @Test("a label's colon hugs its name; a conditional's colon is spaced like '?'")
  func colons() {
    #expect(fmt("content inset (top : 1,left:2)") == "content inset (top: 1, left: 2)\n")
    #expect(fmt("print true?1:2") == "print true ? 1 : 2\n")
    #expect(fmt("print items(in:0)") == "print items(in: 0)\n")
  }

  @Test("member access and ranges are written without spaces")
  func membersAndRanges() {
    #expect(fmt("print item [0, 1] . frame . y") == "print item [0, 1].frame.y\n")
    #expect(
      fmt("section items 3 { item 0 ... 2 size 10 x 10 }")
        == "section items 3 { item 0...2 size 10 x 10 }\n")
  }

  @Test("a call or subscript and a keyword's argument keep the author's spacing")
  func callsAndArguments() {
    #expect(fmt("print max(1, 2)") == "print max(1, 2)\n")
    #expect(fmt("hit (1, 2)") == "hit (1, 2)\n")
    #expect(fmt("show item[0, 1]") == "show item[0, 1]\n")
  }

  @Test("a sign hugs its operand; a subtraction is spaced")
  func signs() {
    #expect(fmt("scroll by y -300") == "scroll by y -300\n")
    #expect(fmt("print 3-1") == "print 3 - 1\n")
    #expect(fmt("print 1 * (2 + - 3)") == "print 1 * (2 + -3)\n")
    // After a word, spaced on both sides: the author wrote a subtraction, kept as one.
    #expect(fmt("print - 1") == "print - 1\n")
  }

  @Test("number and string tokens keep their text")
  func tokenText() {
    #expect(fmt("print 1e3 + 0.50 + 1_000") == "print 1e3 + 0.50 + 1_000\n")
    #expect(fmt(#"print "a\tb\u{41}""#) == #"print "a\tb\u{41}""# + "\n")
  }

  @Test("trailing comments of consecutive lines at one depth align, two spaces out")
  func alignedComments() {
    let input = "viewport 1 x 1 # a\nscale 2      # b\n\nreload #c\nrepeat 1 {\n  reload # d\n}"
    #expect(
      fmt(input)
        == "viewport 1 x 1  # a\nscale 2         # b\n\nreload  #c\nrepeat 1 {\n  reload  # d\n}\n")
  }

  @Test("a line longer than 100 characters keeps its comment close and moves no other (issue 36)")
  func longLineComment() {
    let long = "print " + Array(repeating: "1", count: 60).joined(separator: " + ")
    let input = "scale 2 # a\n\(long) # b\nviewport 1 x 1 # c\n"
    #expect(fmt(input) == "scale 2         # a\n\(long)  # b\nviewport 1 x 1  # c\n")
    // A thousand short lines beside one long one: the output grows with the lines, not
    // with their number times the long one's width.
    let many = String(repeating: "scale 2 # x\n", count: 1000) + long + " # y\n"
    #expect(fmt(many).utf8.count < many.utf8.count + 1000 * 8 + 8)
  }

  @Test("comments on their own lines are kept, indented with the code")
  func ownLineComments() {
    #expect(
      fmt("# top\nrepeat 1 {\n# inside\nreload\n    # last\n}")
        == "# top\nrepeat 1 {\n  # inside\n  reload\n  # last\n}\n")
  }

  @Test("a split line's trailing comment stays on its first line")
  func commentOfSplitLine() {
    #expect(fmt("repeat 1 {\nreload }  # why") == "repeat 1 {\n  reload  # why\n}\n")
    #expect(fmt("repeat 1 { reload }  # why") == "repeat 1 { reload }  # why\n")
    #expect(
      fmt("repeat 1 { reload; show all\n}  # why")
        == "repeat 1 {\n  reload\n  show all\n}  # why\n")
  }

  @Test("blank-line groups become one blank line; none at the ends of a file or block")
  func blankLines() {
    #expect(fmt("\n\nreload\n\n\n\ninvalidate\n\n") == "reload\n\ninvalidate\n")
    #expect(fmt("repeat 1 {\n\n  reload\n\n}") == "repeat 1 {\n  reload\n}\n")
  }

  @Test("an empty block stays '{}'")
  func emptyBlock() {
    #expect(fmt("batch {   }") == "batch {}\n")
  }

  @Test("an empty block written over lines is '{}' too; a comment in it keeps its lines")
  func emptyBlockOverLines() {
    #expect(fmt("repeat 3 {\n}") == "repeat 3 {}\n")
    #expect(fmt("repeat 2 {\n  repeat 3 {\n\n  }\n}\n") == "repeat 2 {\n  repeat 3 {}\n}\n")
    #expect(fmt("repeat 3 {  # why\n}") == "repeat 3 {  # why\n}\n")
    #expect(fmt("repeat 3 {\n  # why\n}") == "repeat 3 {\n  # why\n}\n")
    #expect(fmt("repeat 3 {\n}", .kept) == "repeat 3 {\n}\n", ":save keeps the lines")
  }

  @Test("line breaks inside parentheses are the author's, continued one level deeper")
  func continuationLines() {
    #expect(fmt("hit (1,\n2)") == "hit (1,\n  2)\n")
  }

  @Test("kept line breaks (the REPL's :save): every line stays a line, only re-spaced")
  func keptLines() {
    let input = "repeat 1 {reload;invalidate}\n\n\n  show all  # x\nscroll by y -3"
    #expect(
      fmt(input, .kept)
        == "repeat 1 { reload; invalidate }\n\n\nshow all  # x\nscroll by y -3\n")
  }

  @Test("formatting twice changes nothing")
  func idempotent() {
    let once = fmt("layout flow {item size 1x1;line spacing 2 # c\n}\nrepeat 2{reload}")
    #expect(fmt(once) == once)
  }
}
