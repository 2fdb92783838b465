/// The names of SVG files (`SVGPath`'s rule) and the files the system would not write.
/// Public where the command line says them too: `gl render --svg`, the file writer.
extension Message {
  public static func notSVGFileName(_ path: String) -> Message {
    Message(.outputPath, "'\(path)' is not an SVG file name: an SVG file's name ends in .svg")
  }

  /// The path is shown with its control characters escaped (`\u{0}`): printed raw they
  /// would cut the message short or drive the terminal.
  public static func controlCharacterInPath(_ path: String) -> Message {
    Message(
      .outputPath,
      "'\(ScriptPath.shown(path))' holds a control character: a file name cannot hold one")
  }

  static func absoluteOutputPath(_ path: String) -> Message {
    Message(
      .outputPath,
      "'\(path)' is an absolute path: a script writes only below the output directory")
  }

  static func outputPathGoesUp(_ path: String) -> Message {
    Message(
      .outputPath,
      "'\(path)' goes up with '..': a script writes only below the output directory")
  }

  static func emptyOutputPathPart(_ path: String) -> Message {
    Message(.outputPath, "'\(path)' has an empty part between two slashes")
  }

  /// Found only when writing: a directory on the way is a symbolic link.
  public static func outputPathLeadsOut(_ path: String) -> Message {
    Message(
      .outputPath,
      "'\(path)' leads out of the output directory through a symbolic link")
  }

  /// `reason` is the system's, e.g. "No such file or directory".
  public static func fileNotWritten(_ path: String, reason: String) -> Message {
    Message(.fileNotWritten, "cannot write '\(path)': \(reason)")
  }

  public static func directoryNotMade(_ path: String, reason: String) -> Message {
    Message(.fileNotWritten, "cannot create the directory of '\(path)': \(reason)")
  }
}
