import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read or written: the `errno` of the call that failed. Messages
/// name the file as the user wrote it and end with the system's reason, as the shell's
/// tools do: `cannot read 'tour.gl': No such file or directory`.
package struct FileError: Error, Equatable, Sendable {
  /// The `errno` value, e.g. `ENOENT`.
  package let code: Int32
  /// The reason when the system has none of its own (`notRegularFile`).
  private let detail: String?

  package init(code: Int32) {
    self.code = code
    self.detail = nil
  }

  /// gl replaces only regular files: renamed over a device, a pipe or a socket, a file
  /// would take the place of something that is no file of the user's (`/dev/null`).
  package static let notRegularFile = FileError(
    code: EEXIST, detail: "Not a regular file (gl replaces only regular files)")

  /// A symbolic link where gl writes only through no link (a golden `gl test` found).
  package static let symbolicLink = FileError(
    code: ELOOP, detail: "A symbolic link (gl does not write through a link it found)")

  /// A folder on the way to a file `gl test` found is a symbolic link now: it was a folder
  /// when the walk went through it (someone swapped it since), and links are not followed.
  package static let linkOnTheWay = FileError(
    code: ELOOP,
    detail: "A folder on the way became a symbolic link (gl test follows no link it found)")

  /// A pipe, a device or a socket where only a file will do: reading it could block for
  /// ever (a FIFO with no writer) or never end (`/dev/zero`). `why` says where.
  package static func notRegularFile(_ why: String) -> FileError {
    FileError(code: EINVAL, detail: "Not a regular file (\(why))")
  }

  /// A file rewritten in place whose owner or group the new file cannot be given (only
  /// root may give a file to another user): rewritten, it would change hands.
  package static let ownerNotKept = FileError(
    code: EPERM,
    detail: "Operation not permitted (the rewritten file could not keep its owner and group)")

  /// A name in a folder that is not UTF-8: gl shows and opens paths as text, so it cannot
  /// name the file (shown with U+FFFD where the bytes are not text).
  package static let undecodableName = FileError(
    code: EILSEQ, detail: "The name is not UTF-8 text (gl cannot name the file to run it)")

  /// A file gl reads whole that is larger than it will read.
  package static func tooLarge(_ limit: Int) -> FileError {
    FileError(code: EFBIG, detail: "File too large (gl reads at most \(limit) bytes of it)")
  }

  private init(code: Int32, detail: String) {
    self.code = code
    self.detail = detail
  }

  /// The `errno` of the call that just failed.
  static var last: FileError { FileError(code: errno) }

  /// The system's text for `code`: "No such file or directory", "Is a directory".
  package var reason: String { detail ?? String(cString: strerror(code)) }

  /// `cannot ACTION 'PATH': REASON`, e.g. `cannot write 'out.svg': Not a directory`.
  package func message(_ action: String, _ path: String) -> String {
    "cannot \(action) '\(path)': \(reason)"
  }
}

/// The whole file as UTF-8 text (invalid bytes become U+FFFD). A file larger than
/// `InputLimits.maximumBytes` is refused with `EFBIG` once that much is read, so a device
/// that never ends is refused too.
package func readTextFile(_ path: String) throws(FileError) -> String {
  let (bytes, complete) = try readFileBytes(path, limit: InputLimits.maximumBytes)
  guard complete else { throw FileError(code: EFBIG) }
  return String(decoding: bytes, as: UTF8.self)
}

/// The bytes of a file, at most `limit`; `complete` is false when there were more (then
/// nothing past `limit + 1` bytes was read). With `onlyFile`, anything but a regular file
/// (a directory: `EISDIR`) is refused before a byte is read, `onlyFile` saying why: a
/// FIFO is opened without waiting for a writer (`O_NONBLOCK`), so nothing blocks. With
/// `folder`, `path` is looked up in that open folder (`openat`).
package func readFileBytes(
  _ path: String, in folder: OpenDirectory? = nil, limit: Int, onlyFile: String? = nil
) throws(FileError) -> (bytes: [UInt8], complete: Bool) {
  let flags = O_RDONLY | O_CLOEXEC | (onlyFile == nil ? 0 : O_NONBLOCK)
  let fd = folder.map { openat($0.descriptor, path, flags) } ?? open(path, flags)
  guard fd >= 0 else { throw .last }
  defer { close(fd) }
  if let onlyFile {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .last }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileError(code: EISDIR)
    default: throw .notRegularFile(onlyFile)
    }
  }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while bytes.count <= limit {
    // A directory opens, then fails here with EISDIR.
    let wanted = min(buffer.count, limit + 1 - bytes.count)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
    if n < 0 {
      if errno == EINTR { continue }
      throw .last
    }
    if n == 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
  }
  guard bytes.count <= limit else { return (Array(bytes.prefix(limit)), false) }
  return (bytes, true)
}

/// Why a script could not be taken: the system would not read it, or it was read and is
/// no script (too large, not text, a line too long), said by a diagnostic in the file.
package enum ScriptReadError: Error {
  case unreadable(FileError)
  case refused(SourceFile, Diagnostic)

  /// The text `gl` writes on stderr: `gl: error: cannot read 'x.gl': …` or the diagnostic.
  package func message(_ path: String) -> String {
    switch self {
    case .unreadable(let error): "gl: error: " + error.message("read", path)
    case .refused(let file, let diagnostic): diagnostic.rendered(in: file)
    }
  }

  /// What `use` says after "cannot use 'x.gl': ".
  package var reason: String {
    switch self {
    case .unreadable(let error): error.reason
    case .refused(_, let diagnostic): diagnostic.message
    }
  }
}

/// A script file, checked as `InputLimits` requires before anything parses it: at most
/// 16 MiB read, then refused unless it is UTF-8 text with lines of at most 1 MiB. A script
/// named on the command line may be a pipe or a device (`gl run <(make-script)`: the
/// user's choice, read as `cat` would); with `onlyFile` (a `use`) it must be a file. With
/// `found`, the file is read where `gl test` found it, and `path` is only its name.
package func readScriptFile(
  _ path: String, onlyFile: String? = nil, at found: (folder: OpenDirectory, name: String)? = nil
) throws(ScriptReadError) -> SourceFile {
  let read: (bytes: [UInt8], complete: Bool)
  do throws(FileError) {
    read = try readFileBytes(
      found?.name ?? path, in: found?.folder, limit: InputLimits.maximumBytes,
      onlyFile: onlyFile)
  } catch {
    throw .unreadable(error)
  }
  guard read.complete else {
    throw .refused(SourceFile(name: path, text: ""), InputLimits.tooLarge)
  }
  let file = SourceFile(name: path, text: String(decoding: read.bytes, as: UTF8.self))
  if let problem = InputLimits.problem(in: read.bytes) { throw .refused(file, problem) }
  return file
}

/// Why a used file must be a regular file, after "Not a regular file".
let usedFileNote = "use reads files, not pipes or devices"

extension FileAccess {
  /// The file system: `use` reads with `readScriptFile` and knows a file by its `realpath`.
  /// A used file must be a regular file: a script's `use "x"` is no explicit choice of a
  /// pipe (which would wait for a writer for ever) or a device (which never ends).
  package static let system = FileAccess(
    read: { path in
      do throws(ScriptReadError) {
        return .success(try readScriptFile(path, onlyFile: usedFileNote).text)
      } catch {
        return .failure(FileReadFailure(reason: error.reason))
      }
    },
    canonical: { path in
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    })
}

/// The names in a folder, `.` and `..` left out, in the order the system gives them.
package func directoryNames(_ folder: String) throws(FileError) -> [String] {
  try OpenDirectory(folder).names()
}
