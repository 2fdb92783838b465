/// The rule every path a script names obeys, whatever it names (an `svg` file it writes,
/// a file it `use`s): no control character (U+0000–U+001F, U+007F–U+009F). The system
/// would cut the name at a NUL, so the file opened would not be the file checked, and a
/// line break or an escape in a file name only ever comes from a mistake. `SVGPath` adds
/// the rules of the files Gridline writes.
public enum ScriptPath {
  /// A C0 or C1 control character, or DEL: Unicode's general category Cc.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
  }

  public static func holdsControlCharacter(_ path: String) -> Bool {
    path.unicodeScalars.contains(where: isControl)
  }

  /// `path` as a message shows it, each control character written `\u{…}`.
  public static func shown(_ path: String) -> String {
    guard holdsControlCharacter(path) else { return path }
    return path.unicodeScalars.map {
      isControl($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
    }.joined()
  }
}
