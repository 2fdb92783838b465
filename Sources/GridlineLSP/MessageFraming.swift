import GridlineLanguage

/// The base protocol's framing: `Content-Length: N\r\n`, other header fields, `\r\n`, then
/// N bytes of JSON. Bytes arrive in pieces of any size; whole messages come out in order.
///
/// Bad framing never stops the server: a header without a length, or with one above
/// `maximumBody`, becomes a `.malformed` entry (the server answers it with a JSON-RPC
/// error) and the reader goes on after it — for a length too large, after skipping that
/// many bytes, so a huge message costs neither memory nor the messages behind it.
public struct MessageFramer: Sendable {
  public enum Frame: Hashable, Sendable {
    case message([UInt8])
    case malformed(String)
  }

  /// 64 MiB: a 16 MiB script (the input limit) escaped as JSON, with room to spare.
  public static let maximumBody = 64 << 20
  /// A header section longer than this is not a header.
  static let maximumHeader = 8 << 10

  var buffer: [UInt8] = []
  var start = 0
  /// Bytes still to throw away of a body that was too large.
  var skipping = 0
  let maximumBody: Int

  public init(maximumBody: Int = MessageFramer.maximumBody) {
    self.maximumBody = maximumBody
  }

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    var bytes = bytes[...]
    if skipping > 0 {
      let dropped = min(skipping, bytes.count)
      skipping -= dropped
      bytes = bytes.dropFirst(dropped)
    }
    if start > 0 && start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame, or nil until more bytes arrive.
  public mutating func next() -> Frame? {
    guard skipping == 0 else { return nil }
    guard let headerEnd = endOfHeader() else {
      if buffer.count - start > Self.maximumHeader {
        // No blank line within the limit: drop what there is and say so.
        buffer.removeAll(keepingCapacity: true)
        start = 0
        return .malformed("a header longer than \(Self.maximumHeader) bytes, without a blank line")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
    let bodyStart = headerEnd + 4
    guard let length = Self.contentLength(header) else {
      start = bodyStart
      compact()
      return .malformed("a header without a valid Content-Length")
    }
    guard length <= maximumBody else {
      let present = min(length, buffer.count - bodyStart)
      skipping = length - present
      start = bodyStart + present
      compact()
      return .malformed(
        "a message of \(length) bytes, more than the \(maximumBody) a message may have")
    }
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    start = bodyStart + length
    compact()
    return .message(body)
  }

  /// Where `\r\n\r\n` starts, after `start`.
  func endOfHeader() -> Int? {
    var i = start
    let end = min(buffer.count, start + Self.maximumHeader + 4) - 3
    while i < end {
      if buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
        return i
      }
      i += 1
    }
    return nil
  }

  /// The value of `Content-Length` (case-insensitive, as header names are), when it is a
  /// plain decimal number.
  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      guard name == "content-length" else { continue }
      let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
      guard !value.isEmpty, value.count <= 18, value.allSatisfy(\.isASCII),
        value.allSatisfy(\.isNumber)
      else { return nil }
      return Int(value)
    }
    return nil
  }

  /// Forgets consumed bytes once they are most of the buffer.
  mutating func compact() {
    if start > 1 << 16 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }

  /// A message as it is written on the stream.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}
