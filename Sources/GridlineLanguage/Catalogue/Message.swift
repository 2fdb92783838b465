/// One diagnostic's text with its code. Every text the language can say is made by one of
/// the catalogue's functions (`Message+Reading.swift`, `+Checking`, `+Values`,
/// `+Running`), so wording stays alike and `MessageCode.allCases` lists everything.
public struct Message: Hashable, Sendable {
  public var code: MessageCode
  public var text: String

  init(_ code: MessageCode, _ text: String) {
    self.code = code
    self.text = text
  }
}

/// "1 item", "3 items".
func counted(_ n: Int, _ noun: String) -> String {
  "\(n) \(noun)\(n == 1 ? "" : "s")"
}
