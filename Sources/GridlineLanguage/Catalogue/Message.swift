/// One diagnostic's text with its code. Every text the language can say is made by one of
/// the catalogue's functions (`Message+Reading.swift`, `+Checking`, `+Values`,
/// `+Running`), so wording stays alike and `MessageCode.allCases` lists everything.
public struct Message: Hashable, Sendable {
  public var code: MessageCode
  public var text: String

  init(_ code: MessageCode, _ text: String) {
    self.code = code
    self.text = Message.capped(text)
  }

  /// The most characters a message says (issue 36): a 400 KB name, or a list of 300,000
  /// entries a script built, is cut here, so that no input makes the output grow without
  /// bound. grammar.md's limits table lists it.
  public static let maximumCharacters = 2_000

  /// `text` cut to `maximumCharacters`, saying how much was left out.
  static func capped(_ text: String) -> String {
    guard text.utf8.count > maximumCharacters else { return text }
    let total = text.count
    guard total > maximumCharacters else { return text }
    let kept = text.prefix(maximumCharacters)
    return kept + "… (\(total - maximumCharacters) more characters)"
  }
}

/// "1 item", "3 items".
func counted(_ n: Int, _ noun: String) -> String {
  "\(n) \(noun)\(n == 1 ? "" : "s")"
}
