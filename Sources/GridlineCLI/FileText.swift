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

/// The whole file as UTF-8 text (invalid bytes become U+FFFD).
package func readTextFile(_ path: String) throws(FileError) -> String {
  String(decoding: try readFileBytes(path), as: UTF8.self)
}

/// The whole file, byte for byte.
package func readFileBytes(_ path: String) throws(FileError) -> [UInt8] {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { throw .last }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    // A directory opens, then fails here with EISDIR.
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n < 0 {
      if errno == EINTR { continue }
      throw .last
    }
    if n == 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
  }
  return bytes
}

extension FileAccess {
  /// The file system: `use` reads with `readTextFile` and knows a file by its `realpath`.
  package static let system = FileAccess(
    read: { path in
      do throws(FileError) {
        return .success(try readTextFile(path))
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
  guard let stream = opendir(folder) else { throw .last }
  defer { closedir(stream) }
  var names: [String] = []
  while let entry = readdir(stream) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names
}
