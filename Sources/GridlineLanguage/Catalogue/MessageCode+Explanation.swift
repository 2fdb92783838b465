/// What `gl explain CODE` and the REPL's `:explain CODE` print: what the mistake is, a
/// script that makes it, and how to mend it, as `rustc --explain` does.
extension MessageCode {
  /// A few words, for the code table in grammar.md.
  public var title: String {
    switch self {
    case .invalidToken: "a character, number or string the lexer cannot read"
    case .expectedSyntax: "something else was expected here"
    case .unknownWord: "a word the grammar does not have at this place"
    case .misplacedSyntax: "valid syntax in the wrong place"
    case .nestingTooDeep: "blocks or expressions nested too deeply"
    case .incompleteDeclaration: "a declaration missing a required clause"
    case .inputTooLarge: "a script larger than 16 MiB"
    case .lineTooLong: "a line longer than 1 MiB"
    case .notScriptText: "input that is not the text of a .gl file"
    case .unknownName: "a name, function or method that does not exist here"
    case .unknownMember: "a member or inset edge the value does not have"
    case .typeMismatch: "a value of the wrong type"
    case .operandMismatch: "an operator applied to values it cannot combine"
    case .argumentMismatch: "a function called with the wrong arguments"
    case .wrongLayout: "a property or statement the current layout does not have"
    case .misplacedStatement: "a statement where it cannot stand"
    case .fileNotUsed: "a file that `use` cannot include"
    case .valueOutOfRange: "a value outside the range it must lie in"
    case .notWholeNumber: "a fraction where a whole number is needed"
    case .noSuchElement: "a section, item or element that does not exist"
    case .limitExceeded: "more than a limit allows"
    case .notFinite: "an infinite, not-a-number or too large value"
    case .expressionTooDeep: "an expression whose chain of operators is too long"
    case .stringTooLong: "a string longer than the string limit, or strings past their total"
    case .workExhausted: "a script that does more work than the work limit"
    case .tooManyErrors: "so many errors that reading stopped"
    case .collectionViewException: "UIKit would raise an exception"
    case .expectationFailed: "an `expect` that does not hold"
    case .layoutWarning: "UIKit would log a warning"
    case .outputPath: "a file name scripts may not write"
    case .fileNotWritten: "a file the system would not write"
    }
  }

  /// The long explanation: the mistake, an example script, the mend.
  public var explanation: String {
    let (what, example, mend) = parts
    return """
      \(id): \(title)

      \(what)

      For example:

      \(example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))

      \(mend)
      """
  }

  private var parts: (String, String, String) {
    switch self {
    case .invalidToken:
      (
        "The text has a character that is no part of the language, a number glued to letters, or a string that is not closed on its line.",
        "let w = 12px\nprint \"unclosed",
        "Write numbers as digits only (12, 0.5, 1_000), close strings on the same line, and use 'not', 'and', 'or' for logic."
      )
    case .expectedSyntax:
      (
        "The parser knows what may come next and found something else. The message names what it expected and where.",
        "scroll to item [0, 3] at middle\nlayout flow { scroll sideways }",
        "Write one of the words the message lists; Tab in the REPL completes them (`:help scroll` shows the clause)."
      )
    case .unknownWord:
      (
        "A statement, property or operation is not one the language has at that place. The help line suggests the closest word.",
        "viewprt 375 x 667\nlayout flow { spacingg 10 }",
        "Use the suggested word, or `:help` for the statements and the clauses each takes."
      )
    case .misplacedSyntax:
      (
        "Valid pieces in a place they cannot stand: '=' outside 'let', chained comparisons, a stray '}', 'x' used as a name.",
        "expect offset.y = 100\nexpect 0 < offset.y < 100",
        "Compare with '==', join comparisons with 'and', and keep 'x' for sizes (W x H)."
      )
    case .nestingTooDeep:
      (
        "Blocks or parentheses nest deeper than the parser's limit, which keeps every script from exhausting the stack.",
        "repeat 2 { repeat 2 { … 70 levels … } }",
        "Flatten the script: a `let` holds an intermediate value, and a `repeat` count replaces nesting."
      )
    case .inputTooLarge:
      (
        "A script, a file it uses, a file run with :load, or the REPL's piped input is larger than 16 MiB (16,777,216 bytes); so are a script and the files it uses together, for the limit holds per run. Reading stops at the limit, so even a device that never ends (/dev/zero) is refused at once.",
        "gl run /dev/zero",
        "Split the script into files of less than 16 MiB; a script that large is generated, and a generator can write `repeat` loops instead."
      )
    case .lineTooLong:
      (
        "A line is longer than 1 MiB (1,048,576 bytes). The limit bounds what the REPL holds before it sees the end of a line, and what a diagnostic counts to find its column.",
        "print 1; print 1; … a million bytes on one line",
        "Break the line: a newline ends a statement as `;` does."
      )
    case .notScriptText:
      (
        "The input is not text: it has a NUL byte, bytes that are not UTF-8, or more than a quarter of its characters are control characters (other than tab, carriage return and newline). Such a file is usually an image, an archive or a compiled program given by mistake, and its thousands of errors would say nothing useful.",
        "gl run picture.png",
        "Give the .gl file; save it as UTF-8 text."
      )
    case .incompleteDeclaration:
      (
        "A declaration lacks the clause that gives it meaning.",
        "decoration \"background\" for each section { z -1 }",
        "Add the clause the message names, e.g. `frame = inset(section.items, -8)`."
      )
    case .unknownName:
      (
        "An expression names something that is not defined at that point: a misspelt state name, a `let` declared later, a function or method the language does not have, or a name not available inside an item size or trigger.",
        "print viewpor.width\nlet w = columns * 2",
        "Define a name with `let` before its use; the help line suggests the closest name."
      )
    case .unknownMember:
      (
        "A value has no member of that name, or an inset list names an edge twice or an edge that does not exist.",
        "print bounds.maxYY\ncontent inset (top: 10, up: 4)",
        "Use one of the members the help line lists (a rect has minX, midY, width, …; insets have top, left, bottom, right, horizontal, vertical)."
      )
    case .typeMismatch:
      (
        "A place expects a value of one type and found another.",
        "viewport 375\nhit 120",
        "Write the type the message names: a size as W x H, a point as (x, y), a rect as rect(x, y, w, h), an index path as [section, item]."
      )
    case .operandMismatch:
      (
        "An operator cannot apply to the values it was given.",
        "print viewport + 1\nexpect bounds < 10",
        "Take a member first (viewport.width + 1), or compare numbers."
      )
    case .argumentMismatch:
      (
        "A function was called with too many or too few arguments, a label it does not take, or an argument of the wrong type.",
        "print min(1)\nprint inset(10, bounds)",
        "Call it as the help line shows, e.g. min(a, b), inset(rect, d)."
      )
    case .wrongLayout:
      (
        "The property or statement belongs to another layout than the one the script declared: sticky headers, decorations and triggers need the flow layout; rows and columns belong to the grid.",
        "layout grid { line spacing 10 }\nsticky headers",
        "Declare the layout that has it (`layout flow { … }`), or use the other layout's property."
      )
    case .misplacedStatement:
      (
        "A statement stands where it cannot: a step inside a layer, or a layer declared after the first step.",
        "layer front { scroll by y 10 }",
        "Keep layers to their layout's declarations, and declare them before the first step."
      )
    case .fileNotUsed:
      (
        "`use \"FILE\"` includes another script's declarations, from a path relative to the using script. The file cannot be read (missing, a directory, a symbolic-link loop), uses itself through a chain of files, or the `use` stands where no file is around it (in a block, or in a script piped in).",
        "repeat 2 { use \"common.gl\" }",
        "Put `use` at the top level of a script run from a file, name a file that exists relative to it, and break the cycle: keep shared declarations in one file that uses nothing that uses it."
      )
    case .valueOutOfRange:
      (
        "A value is outside the range it must lie in: sizes must be positive (FLOW-19), alpha between 0 and 1, the display scale between 0 and 16, ranges not empty, a scroll or an svg plot at least one frame.",
        "layout flow { item size 0 x 50 }\ntransform items { alpha 2 }",
        "Use a value inside the range the message states."
      )
    case .notWholeNumber:
      (
        "A count, index or zIndex must be a whole number.",
        "sections 2.5 items 10",
        "Round it with floor, ceil or round, or write a whole number."
      )
    case .noSuchElement:
      (
        "An index path names a section or item that does not exist, or an element the layout has no attributes for.",
        "section items 3\nshow item [0, 7]",
        "Check the counts (`:state` in the REPL); items are numbered from 0."
      )
    case .limitExceeded:
      (
        "A script would exceed one of the limits that keep every run finite: items (counted once per layer), sections, steps, frames, elements `show all` gathers, states of an svg strip, samples of an svg plot.",
        "sections 1 items 100000000",
        "Use smaller counts; the limits are in grammar.md (Limits)."
      )
    case .tooManyErrors:
      (
        "The lexer or the parser found more than 10,000 errors: it stops reading there, so a file of garbage ends in bounded time and memory. Only the first 50 errors are shown, then how many more there were.",
        "@@@@ … 10,001 characters the lexer cannot read",
        "Mend the first errors and run again; most of the rest usually follow from them."
      )
    case .notFinite:
      (
        "A value is infinite, not a number (a division by zero) or beyond the coordinate limit, which the engine refuses as Core Animation would.",
        "let w = 1 / 0",
        "Guard the division, or keep values within ±1e9."
      )
    case .expressionTooDeep:
      (
        "A chain of operators (`1 + 1 + …`, `a or b or …`, `p.x.x.x`) is one level of the expression's tree per operator; past 128 levels the parser stops, so that no pass over the tree can exhaust the stack.",
        "print 1 + 1 + 1 + … (129 operators)",
        "Split the expression: a `let` holds a part, and a `repeat` adds up many terms."
      )
    case .stringTooLong:
      (
        "A string value would be longer than the string limit (a million bytes of UTF-8), as `let s = s + s` repeated makes it; or the strings a run makes would pass the string-bytes limit (64 million bytes in all, counted as each string is made, with what a REPL session's `let`s hold). The limits keep every value, and all of them, small.",
        "let a = \"0123456789\"\nlet b = a + a + a + a + a + a + a + a + a + a\nlet c = b + b + b + b + b + b + b + b + b + b\nlet d = c + c",
        "Build fewer and shorter strings; a caption or an identifier needs a few words."
      )
    case .workExhausted:
      (
        "The script did more work than the work limit allows: every element a `show`, `draw`, `svg` or `elements(in:)` gathers counts one, and a frame one per layer it lays out. The step limit counts statements; this one counts what they cost (the example stops under the small limits of the robustness tests; the default limit is 100,000,000).",
        "sections 1 items 1000\nrepeat 200 { show all }",
        "Show, draw or scroll less often, or over fewer items; `show visible` gathers only what is on screen."
      )
    case .collectionViewException:
      (
        "The collection view raises the exception UIKit raises in the same situation (for example FLOW-19's invalid item size, or a scroll to an index path that does not exist). The run stops there, exit 70.",
        "section items 3\nlet row = 9 + offset.y\nscroll to item [0, row]",
        "Do what UIKit requires: the message is UIKit's reason."
      )
    case .expectationFailed:
      (
        "An `expect` evaluated to false; for a comparison the message shows both sides. The script goes on, and exits 1 at the end.",
        "section items 10\nexpect items(in: 0) == 9",
        "Fix the layout or the expectation; both sides are printed to show which."
      )
    case .layoutWarning:
      (
        "The layout logs the warning UIKit logs (for example FLOW-20: an item wider than the collection view less its insets). The run goes on.",
        "viewport 320 x 480\nlayout flow { item size 400 x 50 }\nsection items 1\nshow visible",
        "Make the item fit, as the warning says."
      )
    case .outputPath:
      (
        "An SVG file's name ends in .svg and holds no control character (a NUL would cut the name short), and a script writes pictures only below the output directory (`--out`): a relative path without '..' or an empty part. `gl check` refuses a path written in the script; a computed one, or a symbolic link on the way or as the file itself, is refused when the statement runs, which stops the run (exit 70). `gl render --svg` and `--plot` may write anywhere, but only files ending in .svg.",
        "svg \"../outside.svg\"",
        "Write a relative path such as svg \"pictures/state.svg\"."
      )
    case .fileNotWritten:
      (
        "The system would not write an `svg` or `svg plot` file: the output directory does not exist, a directory on the way is a regular file, the disk is full, or what has the file's name is not a regular file (a device, a pipe: gl replaces only regular files). The message ends with the system's reason. Like any runtime error it stops the run there, exit 70.",
        "# gl run --out /no/such/directory example.gl\nsvg \"state.svg\"",
        "Make the output directory (`--out`) exist and be writable, or write somewhere else."
      )
    }
  }
}
