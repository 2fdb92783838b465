import GridlineCLI

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

  /// The entries on disk (empty when there is no file yet, or it cannot be read).
  public func load() -> [String] {
    guard let text = try? readTextFile(path) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// Adds `entries` after what is on disk now; returns false when the file could not be
  /// written (the session goes on without history; `save` says why).
  @discardableResult
  public func append(_ entries: [String]) -> Bool {
    (try? save(entries)) != nil
  }

  /// Adds `entries` after what is on disk now, under the lock.
  package func save(_ entries: [String]) throws(FileError) {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !directory.isEmpty { try makeDirectories(directory, mode: 0o700) }
    let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw FileError(code: errno) }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { throw FileError(code: errno) }
    defer { flock(lock, LOCK_UN) }
    let merged = Self.collapse(load() + entries.map(Self.oneLine), limit: limit)
    try replaceFile(path, with: merged.map { $0 + "\n" }.joined(), mode: 0o600)
  }

  /// Keeps the latest use of each entry, then the newest `limit`.
  static func collapse(_ entries: [String], limit: Int) -> [String] {
    var seen = Set<String>()
    var kept: [String] = []
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
