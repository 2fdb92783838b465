import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thing `gl test` reports on, in path order: a spec, or a folder below the paths
/// named that could not be read (the run goes on without it, and says so as an error).
package enum SpecEntry: Equatable, Sendable {
  case spec(String)
  case unreadableFolder(String, FileError)

  package var isSpec: Bool {
    if case .spec = self { true } else { false }
  }
}

/// What `SpecFiles.collect` found below the paths named.
package struct SpecTree: Sendable {
  package var entries: [SpecEntry] = []
  /// Symbolic links to folders met below the paths named: not followed (said once).
  package var linkedFolders: [String] = []
  /// Paths named on the command line that could not be read, with the system's reason.
  package var problems: [String] = []

  package var specs: [String] {
    entries.compactMap { if case .spec(let path) = $0 { path } else { nil } }
  }
}

/// The scripts `gl test` runs: the `.gl` files named, and every `.gl` file below the
/// folders named, in path order.
package enum SpecFiles {
  /// Lists a folder's names (`directoryNames`); a test hands in one that fails.
  package typealias Lister = (String) throws(FileError) -> [String]

  /// Every spec below `paths`, each once. A path named is the user's and is followed if
  /// it is a link; below it the walk follows no symbolic link to a folder, as `find -P`
  /// does: a link can lead out of the tree (to `/`, or to files `--update` would rewrite)
  /// or back into it. A link to a file is a spec like the file. Build folders (`.build`,
  /// `.build-*`) and hidden folders are skipped, as they hold copies, not specs; a folder
  /// that cannot be read is an entry of its own and the walk goes on.
  package static func collect(_ paths: [String], list: @escaping Lister = directoryNames)
    -> SpecTree
  {
    var tree = SpecTree()
    var found: [SpecEntry] = []
    var visited = Set<String>()
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        tree.problems.append(FileError.last.message("read", path))
        continue
      }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        var walk = Walk(list: list, visited: visited)
        walk.folder(path)
        found += walk.entries
        tree.linkedFolders += walk.linkedFolders
        visited = walk.visited
      } else {
        found.append(.spec(path))
      }
    }
    // Once per file, however it was named (`a.gl` and `/abs/a.gl`): two runs of one spec
    // would race to update its goldens.
    var seen = Set<String>()
    for entry in found {
      guard case .spec(let named) = entry else {
        tree.entries.append(entry)
        continue
      }
      let path = tidy(named)
      if seen.insert(FileAccess.system.canonical(path) ?? path).inserted {
        tree.entries.append(.spec(path))
      }
    }
    tree.linkedFolders = tree.linkedFolders.map(tidy)
    return tree
  }

  /// Whether `path` passes `--filter`: the pattern is a glob (`*`, `?`, `[…]`) matched
  /// against the whole path or its last part, or else a piece of the path.
  package static func matches(_ path: String, _ pattern: String) -> Bool {
    if path.contains(pattern) { return true }
    let name = String(path.split(separator: "/").last ?? Substring(path))
    return fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, name, 0) == 0
  }

  /// Why `pattern` is no glob `--filter` can take, or nil: a `[` with no `]` to close it,
  /// or a `\` with nothing after it. fnmatch would take either for itself, silently, so
  /// a pattern meant as a glob would match nothing.
  package static func patternProblem(_ pattern: String) -> String? {
    if pattern.isEmpty { return "it is empty" }
    let characters = Array(pattern)
    var i = 0
    while i < characters.count {
      switch characters[i] {
      case "\\":
        if i + 1 == characters.count { return "it ends in a '\\' that escapes nothing" }
        i += 2
        continue
      case "[":
        // `]` right after `[` (or `[!`, `[^`) is a member, not the end.
        var j = i + 1
        if j < characters.count && (characters[j] == "!" || characters[j] == "^") { j += 1 }
        if j < characters.count && characters[j] == "]" { j += 1 }
        while j < characters.count && characters[j] != "]" { j += 1 }
        if j == characters.count {
          return "the '[' at character \(i + 1) has no ']' to close it (write \\[ for a '[')"
        }
        i = j + 1
        continue
      default: i += 1
      }
    }
    return nil
  }

  /// `./examples/tour.gl` as `examples/tour.gl`: the name goldens record.
  static func tidy(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}

/// One walk down a folder named on the command line.
private struct Walk {
  let list: SpecFiles.Lister
  /// The folders seen (device and inode): a folder named twice, or a bind mount of a
  /// folder inside itself, is walked once.
  var visited: Set<String>
  var entries: [SpecEntry] = []
  var linkedFolders: [String] = []

  init(list: @escaping SpecFiles.Lister, visited: Set<String>) {
    self.list = list
    self.visited = visited
  }

  mutating func folder(_ directory: String) {
    var own = stat()
    guard stat(directory, &own) == 0, visited.insert("\(own.st_dev):\(own.st_ino)").inserted
    else { return }
    let names: [String]
    do {
      names = try list(directory)
    } catch {
      entries.append(.unreadableFolder(directory, error))
      return
    }
    for name in names.sorted() {
      let path = joined(directory, name)
      var info = stat()
      // lstat: a link is looked at, not through; a name gone since the listing is no spec.
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        if !name.hasPrefix(".") { folder(path) }
      case S_IFREG:
        if name.hasSuffix(".gl") { entries.append(.spec(path)) }
      case S_IFLNK:
        link(path, name)
      default:
        // A FIFO or a device named *.gl would block the read or never end.
        continue
      }
    }
  }

  /// A link to a regular `.gl` file is a spec; a link to a folder is noted, not followed.
  private mutating func link(_ path: String, _ name: String) {
    var target = stat()
    guard stat(path, &target) == 0 else { return }  // a broken link is no spec
    switch target.st_mode & S_IFMT {
    case S_IFDIR: if !name.hasPrefix(".") { linkedFolders.append(path) }
    case S_IFREG: if name.hasSuffix(".gl") { entries.append(.spec(path)) }
    default: break
    }
  }

  private func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
