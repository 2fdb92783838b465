import GridlineCLI
import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The persistent history: one entry per line, oldest first, at most `limit` entries,
/// each kept once (its latest use). Two REPLs may run at once, so every save takes an
/// exclusive lock, merges what the other wrote since, and replaces the file atomically
/// (write a temporary file, then rename): a reader never sees half a file.
public struct HistoryFile: Sendable {
  public let path: String
  public let limit: Int

  public init(path: String, limit: Int = 1000) {
    self.path = path
    self.limit = limit
  }

  /// `$XDG_STATE_HOME/gridline/history`, else `~/.local/state/gridline/history`; nil when
  /// neither variable gives an absolute directory (XDG Base Directory rules).
  public static func defaultPath(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/gridline/history"
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return home + "/.local/state/gridline/history"
    }
    return nil
  }

  /// The entries on disk as text (for the line editor and `:history`); empty when there
  /// is no file yet, or it cannot be read.
  public func load() -> [String] {
    ((try? lines()) ?? []).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The entries on disk, each line's bytes as they are: a byte that is not UTF-8 is
  /// written back unchanged, not as U+FFFD. Empty when there is no file yet; a file that
  /// is there but cannot be read throws, so that nothing replaces what it holds.
  ///
  /// Read as every other input is (issue 36): a regular file only, opened without
  /// blocking (a FIFO put there would wait for a writer for ever, a device never end), and
  /// at most `maximumBytes` (a larger one throws: it is not replaced by a shorter one).
  package func lines() throws(FileError) -> [[UInt8]] {
    let read: (bytes: [UInt8], complete: Bool)
    do {
      read = try readFileBytes(
        path, limit: Self.maximumBytes, onlyFile: "the history is kept in a regular file")
    } catch {
      // No file there (ENOTDIR: a part of the path is a file): nothing to keep.
      if error.code == ENOENT || error.code == ENOTDIR { return [] }
      throw error
    }
    guard read.complete else { throw .tooLarge(Self.maximumBytes) }
    return read.bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
  }

  /// The largest history file read: the input size limit (grammar.md's limits table),
  /// which a thousand entries of typed lines stay far below.
  public static let maximumBytes = InputLimits.maximumBytes

  /// Adds `entries` after what is on disk now; returns false when the file could not be
  /// written (the session goes on without history; `save` says why).
  @discardableResult
  public func append(_ entries: [String]) -> Bool {
    (try? save(entries)) != nil
  }

  /// Adds `entries` after what is on disk now, under the lock. A file that cannot be read
  /// is left as it is (the error is thrown): replaced, every entry in it would be lost.
  package func save(_ entries: [String]) throws(FileError) {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !directory.isEmpty { try makeDirectories(directory, mode: 0o700) }
    let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw FileError(code: errno) }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { throw FileError(code: errno) }
    defer { flock(lock, LOCK_UN) }
    let added = entries.map { Array(Self.oneLine($0).utf8) }
    let merged = Self.collapse(try lines() + added, limit: limit)
    try replaceFile(path, with: merged.flatMap { $0 + [UInt8(ascii: "\n")] }, mode: 0o600)
  }

  /// Keeps the latest use of each entry, then the newest `limit`.
  static func collapse<Entry: Collection & Hashable>(_ entries: [Entry], limit: Int) -> [Entry] {
    var seen = Set<Entry>()
    var kept: [Entry] = []
    for entry in entries.reversed() where !entry.isEmpty && seen.insert(entry).inserted {
      kept.append(entry)
      if kept.count == limit { break }
    }
    return kept.reversed()
  }

  /// An entry is one line on disk; a stray line break would split it.
  static func oneLine(_ entry: String) -> String {
    entry.replacing("\r", with: " ").replacing("\n", with: " ")
  }
}
