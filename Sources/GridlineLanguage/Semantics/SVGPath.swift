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
/// Like every path a script names, none may hold a control character (`ScriptPath`).
public enum SVGPath {
  /// Why `path` cannot name an SVG file, nil when it can; `confined` for a script's path.
  /// The message says the particular problem, the first one found: the name, then where
  /// the path leads.
  public static func refusal(_ path: String, confined: Bool) -> Message? {
    if ScriptPath.holdsControlCharacter(path) { return .controlCharacterInPath(path) }
    guard path.hasSuffix(".svg") else { return .notSVGFileName(path) }
    guard confined else { return nil }
    if path.hasPrefix("/") { return .absoluteOutputPath(path) }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains("..") { return .outputPathGoesUp(path) }
    if parts.contains("") { return .emptyOutputPathPart(path) }
    return nil
  }

  /// The help line of a refusal: a path that would do, in the statement's own shape.
  public static func help(example: String) -> String {
    "write a relative path ending in .svg, e.g. \(example)"
  }
}
