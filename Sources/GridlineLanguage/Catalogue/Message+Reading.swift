import LayoutEngine

/// GL1xxx: what the lexer and the parser say.
extension Message {
  // MARK: GL1001 invalid token

  static func notANumber(_ text: String) -> Message {
    Message(.invalidToken, "'\(text)' is not a number")
  }

  static func numberTooLarge(_ text: String, limit: Double) -> Message {
    Message(.invalidToken, "number \(text) is too large (the limit is \(formatNumber(limit)))")
  }

  static let unterminatedString = Message(.invalidToken, "unterminated string")

  static func badEscape(_ what: String) -> Message { Message(.invalidToken, what) }

  static func unexpectedCharacter(_ text: String) -> Message {
    Message(.invalidToken, "unexpected character '\(text)'")
  }

  // MARK: GL1002 expected syntax

  /// "expected WHAT [CONTEXT]": `what` names the missing piece (`'inset'`, `a value`).
  static func expected(_ what: String, _ context: String = "") -> Message {
    Message(.expectedSyntax, "expected \(what)" + (context.isEmpty ? "" : " \(context)"))
  }

  /// "expected a, b or c [CONTEXT]": the words valid at a place, from the vocabulary.
  static func expectedOneOf(_ words: [String], _ context: String = "") -> Message {
    expected(listed(words, "or"), context)
  }

  static let endOfStatement = expected("the end of the statement")

  // MARK: GL1003 unknown word

  /// "unknown statement 'foo'", "unknown layout property 'spacingg'", …
  static func unknown(_ what: String, _ word: String) -> Message {
    Message(.unknownWord, "unknown \(what) '\(word)'")
  }

  // MARK: GL1004 misplaced syntax

  static let strayClosingBrace = Message(
    .misplacedSyntax, "unexpected '}' with no block to close")
  static let assignmentOutsideLet = Message(.misplacedSyntax, "'=' assigns only in 'let'")
  static let chainedComparison = Message(.misplacedSyntax, "comparisons cannot be chained")
  static let sizeHasTwoParts = Message(.misplacedSyntax, "a size has two parts (W x H)")
  static let sizeOperatorAsValue = Message(
    .misplacedSyntax, "expected a value; 'x' is the size operator (W x H)")
  static let sizeOperatorAsName = Message(
    .misplacedSyntax, "'x' is the size operator and cannot name a value")
  static func operatorWithoutOperand(_ word: String) -> Message {
    Message(.misplacedSyntax, "expected a value before '\(word)'")
  }

  static let unclosedBlock = Message(
    .expectedSyntax, "this '{' is never closed: the file ends inside its block")

  // MARK: GL1005, GL1006

  static func nestingTooDeep(limit: Int) -> Message {
    Message(.nestingTooDeep, "nesting is too deep (the limit is \(limit) levels)")
  }

  static func missingClause(_ what: String, _ clause: String) -> Message {
    Message(.incompleteDeclaration, "\(what) needs '\(clause)'")
  }

  // MARK: GL1007, GL1008, GL1009 what the input is

  static let inputTooLarge = Message(
    .inputTooLarge,
    "the input is too large (the limit is 16 MiB, \(grouped(InputLimits.maximumBytes)) bytes)")

  static let lineTooLong = Message(
    .lineTooLong,
    "the line is too long (the limit is 1 MiB, \(grouped(InputLimits.maximumLineBytes)) bytes)")

  /// `why`: "it has a NUL byte", "it is not UTF-8", "it is mostly control characters".
  static func notScriptText(_ why: String) -> Message {
    Message(.notScriptText, "this does not look like a .gl file: \(why)")
  }

  // MARK: GL3010

  static let tooManyErrors = Message(
    .tooManyErrors,
    "too many errors (the limit is \(grouped(InputLimits.maximumErrors))); reading stopped here")

  /// The line after the diagnostics shown: "and 9,950 more errors".
  public static func moreDiagnostics(_ count: Int, allErrors: Bool) -> String {
    "and \(grouped(count)) more \(allErrors ? "error" : "diagnostic")\(count == 1 ? "" : "s")"
  }
}

/// 10041 → "10,041".
public func grouped(_ n: Int) -> String {
  let digits = Array(String(n.magnitude))
  var out = n < 0 ? "-" : ""
  for (i, digit) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(digit)
  }
  return out
}

/// "a", "a or b", "a, b or c".
func listed(_ words: [String], _ conjunction: String) -> String {
  guard let last = words.last else { return "" }
  if words.count == 1 { return last }
  return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}

/// Hints for the `help:` line, beside the messages they go with.
enum Hint {
  static let deep = "split it: a `let` holds a part, and `sum`-like loops belong in a `repeat`"
  static let closeString = "close it with '\"' on the same line"
  static let escapes = "escapes are \\\" \\\\ \\n \\t \\u{…}"
  static let negation = "write 'not' for negation"
  static let range = "a range is written 0...n (with n); a for loop also takes 0..<n (without it)"
  static let logic = "write 'and' or 'or'"
  static let compare = "compare with '=='"
  static let chain = "join them with 'and'"
}
