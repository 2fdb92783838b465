#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole file as UTF-8 text (invalid bytes become U+FFFD); nil when it cannot be read
/// (missing, a directory, no permission).
public func readTextFile(_ path: String) -> String? {
  guard let handle = fopen(path, "rb") else { return nil }
  defer { fclose(handle) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = fread(&buffer, 1, buffer.count, handle)
    if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
    if n < buffer.count { break }
  }
  if ferror(handle) != 0 { return nil }
  return String(decoding: bytes, as: UTF8.self)
}

/// Replaces `path` whole: writes and syncs a temporary file beside it, then renames it over
/// `path`, so a reader sees the old file or the new one, never half of one.
package func replaceFile(_ path: String, with text: String, mode: mode_t) -> Bool {
  let temporary = "\(path).\(getpid()).tmp"
  guard writeSynced(text, to: temporary, mode: mode), rename(temporary, path) == 0 else {
    unlink(temporary)
    return false
  }
  return true
}

private func writeSynced(_ text: String, to path: String, mode: mode_t) -> Bool {
  let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, mode)
  guard fd >= 0 else { return false }
  defer { close(fd) }
  var ok = true
  var copy = text
  copy.withUTF8 { bytes in
    var done = 0
    while done < bytes.count {
      let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
      if n <= 0 {
        if n < 0 && errno == EINTR { continue }
        ok = false
        return
      }
      done += n
    }
  }
  return ok && fsync(fd) == 0
}

/// `mkdir -p` of an absolute path.
package func makeDirectories(_ directory: String, mode: mode_t) -> Bool {
  var path = ""
  for part in directory.split(separator: "/") {
    path += "/" + part
    if mkdir(path, mode) != 0 && errno != EEXIST { return false }
  }
  return true
}
