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

  /// The entries on disk (empty when there is no file yet).
  public func load() -> [String] {
    guard let text = readTextFile(path) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// Adds `entries` after what is on disk now; returns false when the file could not be
  /// written (the session goes on without history).
  @discardableResult
  public func append(_ entries: [String]) -> Bool {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !directory.isEmpty && !Self.makeDirectories(directory) { return false }
    let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return false }
    defer { close(lock) }
    guard flock(lock, LOCK_EX) == 0 else { return false }
    defer { flock(lock, LOCK_UN) }
    let merged = Self.collapse(load() + entries.map(Self.oneLine), limit: limit)
    let temporary = "\(path).\(getpid()).tmp"
    let text = merged.map { $0 + "\n" }.joined()
    guard Self.write(text, to: temporary) else {
      unlink(temporary)
      return false
    }
    if rename(temporary, path) != 0 {
      unlink(temporary)
      return false
    }
    return true
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

  /// Writes and syncs `text`; history is private (0600), pictures are not (`mode`).
  static func write(_ text: String, to path: String, mode: mode_t = 0o600) -> Bool {
    let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var ok = true
    var copy = text
    copy.withUTF8 { bytes in
      var done = 0
      while done < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
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

  static func makeDirectories(_ directory: String) -> Bool {
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }
}
