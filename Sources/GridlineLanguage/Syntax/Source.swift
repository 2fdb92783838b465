/// A script's text and name. Lines and columns are computed from offsets only when a
/// diagnostic is rendered, so lexing never pays for them.
public struct SourceFile: Sendable {
  public let name: String
  public private(set) var text: String
  /// The UTF-8 bytes, which the lexer scans and `SourceRange` offsets point into.
  public private(set) var bytes: [UInt8]
  /// Byte offset of the start of each line.
  public private(set) var lineStarts: [Int]
  /// The files `use` brought in, each at its own base offset far beyond this file's text,
  /// so the ranges of their statements say which file they are in (`origin(of:)`).
  public private(set) var used: [UsedFile] = []

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
  /// lines up under non-ASCII text. An offset in a used file is a line of that file.
  public func location(of offset: Int) -> (line: Int, column: Int) {
    if offset >= UsedFile.firstBase, let (file, local) = origin(of: offset) {
      return file.location(of: local)
    }
    let clamped = max(0, min(offset, bytes.count))
    let line = lineIndex(of: clamped)
    let start = lineStarts[line]
    let prefix = String(decoding: bytes[start..<clamped], as: UTF8.self)
    return (line + 1, prefix.count + 1)
  }

  /// The 1-based line of a byte offset, without its column: a binary search only, so a
  /// run that names the line of every statement stays linear however long the line is.
  public func line(of offset: Int) -> Int {
    if offset >= UsedFile.firstBase, let (file, local) = origin(of: offset) {
      return file.line(of: local)
    }
    return lineIndex(of: max(0, min(offset, bytes.count))) + 1
  }

  /// The 0-based index in `lineStarts` of the line holding `offset` (of this file's text).
  public func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
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

extension SourceFile {
  /// The used file an offset lies in, with the offset within it; nil for this file's own.
  public func origin(of offset: Int) -> (file: SourceFile, offset: Int)? {
    guard offset >= UsedFile.firstBase,
      let used = used.last(where: { $0.base <= offset })
    else { return nil }
    return (used.file, offset - used.base)
  }

  /// `range` as a range of the file it lies in (this one, or a used one).
  public func origin(of range: SourceRange) -> (file: SourceFile, range: SourceRange) {
    guard let (file, start) = origin(of: range.start) else { return (self, range) }
    return (file, SourceRange(start: start, end: range.end - (range.start - start)))
  }

  /// The text `range` covers, here or in the used file it lies in (a statement's own text
  /// for a trace or a stepping page), clamped to that file.
  public func text(of range: SourceRange) -> String {
    let (file, range) = origin(of: range)
    let bytes = file.bytes
    let start = max(0, min(range.start, bytes.count))
    let end = max(start, min(range.end, bytes.count))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Where the next used file's offsets begin.
  /// The bytes of the script and of every file it uses: what a run has read.
  public var readBytes: Int { bytes.count + used.reduce(0) { $0 + $1.file.bytes.count } }

  public var nextUsedBase: Int { UsedFile.firstBase * (used.count + 1) }

  /// Whether the file at `canonicalPath` is used already (`use` takes a file once).
  public func uses(_ canonicalPath: String) -> Bool {
    used.contains { $0.canonicalPath == canonicalPath }
  }

  /// Forgets the used files (a REPL session made fresh): `use` includes them again. Ranges
  /// into them no longer render in their file.
  public mutating func forgetUsedFiles() { used = [] }

  /// Records a used file, parsed with `base` (`nextUsedBase`) added to its offsets.
  public mutating func attach(_ file: SourceFile, canonicalPath: String, base: Int) {
    used.append(UsedFile(base: base, file: file, canonicalPath: canonicalPath))
  }
}

/// A file `use "common.gl"` included: its text, where its offsets begin in the using
/// file's ranges, and its path with links resolved (the identity `use` counts once).
public struct UsedFile: Sendable {
  /// 2^40 bytes: no script comes near it, and many used files still fit in an `Int`.
  public static let firstBase = 1 << 40
  public var base: Int
  public var file: SourceFile
  public var canonicalPath: String
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
