/// The one rule for the names of the SVG files Gridline writes, shared by the checker (a
/// literal path in an `svg` or `svg plot` statement), the interpreter (a path computed at
/// run time), the file writer of `gl run` and the REPL, and `gl render --svg/--plot`, so
/// that what one accepts none of the others refuses.
///
/// Every name ends in `.svg`. A script's path is also confined to the output directory
/// (`--out`): relative, without a `..` part (even one that would come back), without an
/// empty part (`a//b.svg`). A path on `gl render`'s command line is the user's own choice
/// and may go anywhere. A symbolic link that leads out is found only when writing.
///
/// No path may hold a control character (U+0000–U+001F, U+007F–U+009F): the system would
/// cut the name at a NUL, so the file written would not be the file checked, and a
/// line break or an escape in a file name only ever comes from a mistake.
public enum SVGPath {
  /// Why `path` cannot name an SVG file, nil when it can; `confined` for a script's path.
  /// The message says the particular problem, the first one found: the name, then where
  /// the path leads.
  public static func refusal(_ path: String, confined: Bool) -> Message? {
    if path.unicodeScalars.contains(where: isControl) { return .controlCharacterInPath(path) }
    guard path.hasSuffix(".svg") else { return .notSVGFileName(path) }
    guard confined else { return nil }
    if path.hasPrefix("/") { return .absoluteOutputPath(path) }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains("..") { return .outputPathGoesUp(path) }
    if parts.contains("") { return .emptyOutputPathPart(path) }
    return nil
  }

  /// A C0 or C1 control character, or DEL.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The help line of a refusal: a path that would do, in the statement's own shape.
  public static func help(example: String) -> String {
    "write a relative path ending in .svg, e.g. \(example)"
  }
}
