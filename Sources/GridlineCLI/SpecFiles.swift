import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scripts `gl test` runs: the `.gl` files named, and every `.gl` file below the
/// folders named, in path order.
package enum SpecFiles {
  /// Every spec below `paths` (a folder is searched to any depth; build folders — `.build`,
  /// `.build-*` — and hidden folders are skipped, as they hold copies, not specs), each
  /// once, and the paths that could not be read with the system's reason.
  package static func collect(_ paths: [String]) -> (files: [String], problems: [String]) {
    var files: [String] = []
    var problems: [String] = []
    var visited = Set<String>()
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        problems.append(FileError.last.message("read", path))
        continue
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        walk(path, into: &files, problems: &problems, visited: &visited)
      } else {
        files.append(path)
      }
    }
    // Once per file, however it was named (`a.gl` and `/abs/a.gl`): two runs of one spec
    // would race to update its goldens.
    var seen = Set<String>()
    let unique = files.map(tidy).filter {
      seen.insert(FileAccess.system.canonical($0) ?? $0).inserted
    }
    return (unique, problems)
  }

  /// Whether `path` passes `--filter`: the pattern is a glob (`*`, `?`, `[…]`) matched
  /// against the whole path or its last part, or else a piece of the path.
  package static func matches(_ path: String, _ pattern: String) -> Bool {
    if path.contains(pattern) { return true }
    let name = String(path.split(separator: "/").last ?? Substring(path))
    return fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, name, 0) == 0
  }

  /// `visited` holds the folders seen (device and inode), so a link back up is not a loop.
  private static func walk(
    _ directory: String, into files: inout [String], problems: inout [String],
    visited: inout Set<String>
  ) {
    var own = stat()
    guard stat(directory, &own) == 0, visited.insert("\(own.st_dev):\(own.st_ino)").inserted
    else { return }
    let names: [String]
    do {
      names = try directoryNames(directory)
    } catch {
      problems.append(error.message("read", directory))
      return
    }
    var entries: [(name: String, isDirectory: Bool)] = []
    for name in names {
      let path = joined(directory, name)
      var info = stat()
      // A link to a folder is followed like the folder (stat, not lstat); a broken one
      // is no spec.
      guard stat(path, &info) == 0 else { continue }
      // Folders and regular files only: a FIFO or a device named *.gl would block the read.
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR || kind == S_IFREG { entries.append((name, kind == S_IFDIR)) }
    }
    for entry in entries.sorted(by: { $0.name < $1.name }) {
      let path = joined(directory, entry.name)
      if entry.isDirectory {
        if entry.name.hasPrefix(".") { continue }
        walk(path, into: &files, problems: &problems, visited: &visited)
      } else if entry.name.hasSuffix(".gl") {
        files.append(path)
      }
    }
  }

  private static func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `./examples/tour.gl` as `examples/tour.gl`: the name goldens record.
  private static func tidy(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}
