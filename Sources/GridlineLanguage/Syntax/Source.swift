/// A script's text and name. Lines and columns are computed from offsets only when a
/// diagnostic is rendered, so lexing never pays for them.
public struct SourceFile: Sendable {
  public let name: String
  public private(set) var text: String
  /// The UTF-8 bytes, which the lexer scans and `SourceRange` offsets point into.
  public private(set) var bytes: [UInt8]
  /// Byte offset of the start of each line.
  private(set) var lineStarts: [Int]

  public init(name: String, text: String) {
    self.name = name
    self.text = ""
    self.bytes = []
    self.lineStarts = [0]
    append(text)
  }

  /// Adds text at the end (a REPL session grows by each entry); earlier offsets stay
  /// valid, and the cost is that of the new text while no other copy shares the storage.
  public mutating func append(_ more: String) {
    text += more
    let start = bytes.count
    bytes += more.utf8
    for i in start..<bytes.count where bytes[i] == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
  }

  /// 1-based line and column of a byte offset; the column counts characters, so a caret
  /// lines up under non-ASCII text.
  public func location(of offset: Int) -> (line: Int, column: Int) {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let start = lineStarts[low]
    let prefix = String(decoding: bytes[start..<clamped], as: UTF8.self)
    return (low + 1, prefix.count + 1)
  }

  /// The text of 1-based line `line`, without its newline.
  public func lineText(_ line: Int) -> String {
    guard line >= 1 && line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }
}

/// A span of source: byte offsets into `SourceFile.bytes`.
public struct SourceRange: Hashable, Sendable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// The smallest range covering both.
  public func to(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  public static let none = SourceRange(start: 0, end: 0)
}
