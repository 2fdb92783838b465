import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `use` paths of a session saved to another folder (`:save sub/s.gl`): a path in a
/// script is relative to the script's folder, but the REPL took it relative to the working
/// directory (or a loaded file's folder). Each is rewritten to reach the same file from the
/// saved file's folder; absolute paths, and paths whose folder is the saved file's own,
/// stay as typed. A path to a file that is not there is written from the root.
struct SavedUses {
  /// The saved file's folder, every link resolved; nil when it has none (the save fails).
  let folder: String?
  let workingDirectory: String

  init(savedFile: String) {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    workingDirectory = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/"
    let directory = Includes.directory(of: savedFile)
    folder = Self.resolved(directory.isEmpty ? "." : directory)
  }

  /// `script` with each `use "PATH"` reaching, from the saved file, the file it reached
  /// from `directory` ("" for the working directory).
  func rewrite(_ script: String, from directory: String) -> String {
    guard let folder, script.contains("use") else { return script }
    let from = directory.isEmpty ? "." : directory
    if Self.resolved(from) == folder { return script }
    var bytes = Array(script.utf8)
    let program = Parser.parse(SourceFile(name: "", text: script)).program
    // From the last to the first, so the earlier ranges stay where they are.
    for statement in program.statements.reversed() {
      guard case .use(let path, let range) = statement.kind, !path.hasPrefix("/") else {
        continue
      }
      let reached = Includes.joined(directory, path)
      // A file that is not there has no true relative path (`..` through a link goes
      // elsewhere): it is written from the root, and the check after the save says so.
      let replacement = Self.literal(
        Self.resolved(reached).map { Self.relative($0, from: folder) } ?? absolute(reached))
      bytes.replaceSubrange(range.start..<range.end, with: Array(replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `path` from the root: the working directory before a relative one.
  private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : workingDirectory + "/" + path
  }

  /// The path with every link and `..` resolved; nil when it does not exist.
  static func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// `target` (absolute) as a path from the folder `folder` (absolute, resolved): `../`
  /// for each of the folder's parts below the parts they share, then the rest of target.
  static func relative(_ target: String, from folder: String) -> String {
    let to = target.split(separator: "/")
    let from = folder.split(separator: "/")
    var shared = 0
    // The target's last part is its own name, never a folder they share.
    while shared < min(to.count - 1, from.count) && to[shared] == from[shared] { shared += 1 }
    let up = Array(repeating: "..", count: from.count - shared)
    return (up + to[shared...].map(String.init)).joined(separator: "/")
  }

  /// `text` as a string literal the lexer reads back as `text`.
  static func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
