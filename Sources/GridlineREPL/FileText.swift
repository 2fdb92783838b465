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
