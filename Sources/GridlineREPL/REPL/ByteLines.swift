import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits a byte stream into lines within `InputLimits`: a line is handed out once its
/// newline (or the end) is read, so no more than one line's limit is ever held; a longer
/// line is refused and the rest of it skipped; past the input limit the stream ends.
final class ByteLines {
  private let read: (UnsafeMutableRawBufferPointer) -> Int
  private var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 65536)
  /// Where the unread part of `buffer` starts.
  private var start = 0
  private var total = 0
  private var ended = false
  /// Skipping the rest of a refused line.
  private var skipping = false
  private var refusedSize = false

  init(read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
    self.read = read
  }

  func line() -> LineRead {
    while true {
      let newline = newlineIndex()
      if skipping {
        guard let newline else {
          buffer.removeAll(keepingCapacity: true)
          start = 0
          if ended || refusedSize { return .end }
          if total >= InputLimits.maximumBytes {
            refusedSize = true
            return .refused(nil, InputLimits.tooLarge)
          }
          fill()
          continue
        }
        start = newline + 1
        skipping = false
        continue
      }
      if (newline ?? buffer.count) - start > InputLimits.maximumLineBytes {
        let end = start + InputLimits.maximumLineBytes
        let part = String(decoding: buffer[start..<end], as: UTF8.self)
        // The rest of the line, to its newline, is skipped.
        skipping = true
        start = end
        return .refused(part, InputLimits.lineTooLong(at: part.utf8.count))
      }
      if let newline {
        let bytes = buffer[start..<newline]
        start = newline + 1
        return .line(String(decoding: bytes, as: UTF8.self))
      }
      if ended || refusedSize { return rest() }
      if total >= InputLimits.maximumBytes {
        refusedSize = true
        let part = String(decoding: buffer[start...], as: UTF8.self)
        buffer = []
        start = 0
        return .refused(part, InputLimits.tooLarge)
      }
      fill()
    }
  }

  /// The last line, without its newline, then the end.
  private func rest() -> LineRead {
    guard start < buffer.count else { return .end }
    let bytes = buffer[start...]
    start = buffer.count
    return .line(String(decoding: bytes, as: UTF8.self))
  }

  /// The index of the first newline in `buffer` from `start` (`memchr`: a 16 MiB line is
  /// searched in milliseconds even in a debug build).
  private func newlineIndex() -> Int? {
    buffer.withUnsafeBytes { all in
      guard start < all.count,
        let found = memchr(all.baseAddress! + start, 0x0A, all.count - start)
      else { return nil }
      return UnsafeRawPointer(found) - all.baseAddress!
    }
  }

  /// Reads the next chunk, up to the input limit; a read error ends the input.
  private func fill() {
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let wanted = min(chunk.count, InputLimits.maximumBytes - total)
    let n = chunk.withUnsafeMutableBytes {
      read(UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted]))
    }
    if n <= 0 {
      ended = true
    } else {
      buffer.append(contentsOf: chunk[..<n])
      total += n
    }
  }
}
