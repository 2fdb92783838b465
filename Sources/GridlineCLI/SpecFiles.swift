import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thing `gl test` reports on, in path order: a spec, or a path below the paths named
/// that could not be used — a folder it could not read, a `.gl` name that is no file it
/// can run (a dangling or looping link, a pipe, a name that is not UTF-8, a path too
/// long): the run goes on without it and says so as an error, never passes it by.
package enum SpecEntry: Sendable {
  case spec(SpecFile)
  case unreadable(String, FileError)

  package var isSpec: Bool {
    if case .spec = self { true } else { false }
  }
}

/// A spec: its path as shown, and where the walk found it (nil for a file named on the
/// command line, which is read by its path: the user's).
package struct SpecFile: Sendable {
  package var path: String
  package var found: FoundFile?
}

/// What `SpecFiles.collect` found below the paths named.
package struct SpecTree: Sendable {
  package var entries: [SpecEntry] = []
  /// Symbolic links to folders met below the paths named: not followed (said once).
  package var linkedFolders: [String] = []
  /// Paths named on the command line that could not be read, with the system's reason.
  package var problems: [String] = []

  package var specs: [String] {
    entries.compactMap { if case .spec(let file) = $0 { file.path } else { nil } }
  }
}

/// The scripts `gl test` runs: the `.gl` files named, and every `.gl` file below the
/// folders named, in path order.
package enum SpecFiles {
  /// Lists a folder's names by its path (`directoryNames`): a test hands in one that fails
  /// or changes the tree; without one, the open folder is listed.
  package typealias Lister = (String) throws(FileError) -> [String]

  /// Every spec below `paths`, each once. A path named is the user's and is followed if
  /// it is a link; below it the walk follows no symbolic link to a folder, as `find -P`
  /// does: a link can lead out of the tree (to `/`, or to files `--update` would rewrite)
  /// or back into it. A link to a file is a spec like the file. Build folders (`.build`,
  /// `.build-*`) and hidden folders are skipped, as they hold copies, not specs; a folder
  /// that cannot be read is an entry of its own and the walk goes on. Each spec keeps the
  /// folder named open (`FoundFile`), so the run reaches it as the walk did.
  package static func collect(_ paths: [String], list: Lister? = nil) -> SpecTree {
    var tree = SpecTree()
    var found: [SpecEntry] = []
    var visited = Set<String>()
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        tree.problems.append(FileError.last.message("read", path))
        continue
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        found.append(.spec(SpecFile(path: path)))
        continue
      }
      let root: OpenDirectory
      do {
        root = try OpenDirectory(path)
      } catch {
        if visited.insert(Walk.key(info)).inserted {
          found.append(.unreadable(path, error))
        }
        continue
      }
      var walk = Walk(root: root, list: list, visited: visited)
      walk.folder([], path: path)
      found += walk.entries
      tree.linkedFolders += walk.linkedFolders
      visited = walk.visited
    }
    // Once per file, however it was named (`a.gl` and `/abs/a.gl`): two runs of one spec
    // would race to update its goldens.
    var seen = Set<String>()
    for entry in found {
      guard case .spec(var file) = entry else {
        tree.entries.append(entry)
        continue
      }
      file.path = tidy(file.path)
      if seen.insert(FileAccess.system.canonical(file.path) ?? file.path).inserted {
        tree.entries.append(.spec(file))
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

/// One walk down a folder named on the command line, by descriptors: each folder is
/// opened from an open one above it, never through a link (`OpenDirectory.descend`), and
/// listed and looked at while open. Only some folders above stay open while the walk is
/// below them (`keeps`): the walk holds about 80 descriptors at most (paths stop at PATH_MAX,
/// so at 2048 levels), and opens at most 32 folders to reach one.
private struct Walk {
  let root: OpenDirectory
  let list: SpecFiles.Lister?
  /// Open folders above the one walked, the root first, each with its depth (the number
  /// of folders below the root on the way to it).
  var chain: [(depth: Int, folder: OpenDirectory)]
  /// The folders seen (device and inode): a folder named twice, or a bind mount of a
  /// folder inside itself, is walked once.
  var visited: Set<String>
  var entries: [SpecEntry] = []
  var linkedFolders: [String] = []

  /// What the walk takes from a folder, by name.
  enum Child {
    case spec(String)
    case folder(String)
    case linkedFolder(String)
    /// A name that may be a spec but cannot be run, and why.
    case unusable(String, FileError)
  }

  init(root: OpenDirectory, list: SpecFiles.Lister?, visited: Set<String>) {
    self.root = root
    self.chain = [(0, root)]
    self.list = list
    self.visited = visited
  }

  /// Whether a folder at `depth` stays open while the walk is below it: every one of the
  /// first 15 levels (most trees are that shallow: one `openat` per folder), and below
  /// them every 32nd.
  static func keeps(_ depth: Int) -> Bool {
    depth > 0 && (depth < 16 || depth % 32 == 0)
  }

  static func key(_ info: stat) -> String { "\(info.st_dev):\(info.st_ino)" }

  /// The folder `folders` below the root, shown as `path`.
  mutating func folder(_ folders: [String], path: String) {
    let (children, kept) = self.children(folders, path)
    defer { if kept { chain.removeLast() } }
    for child in children {
      switch child {
      case .spec(let name):
        let found = FoundFile(root: root, folders: folders, name: name)
        entries.append(.spec(SpecFile(path: joined(path, name), found: found)))
      case .folder(let name): folder(folders + [name], path: joined(path, name))
      case .linkedFolder(let name): linkedFolders.append(joined(path, name))
      case .unusable(let name, let error): entries.append(.unreadable(joined(path, name), error))
      }
    }
  }

  /// What the folder holds that the walk takes, in path order; nothing when it is gone or
  /// was walked before. `kept`: the folder was added to `chain`, for the caller to remove.
  private mutating func children(_ folders: [String], _ path: String) -> ([Child], kept: Bool) {
    let folder: OpenDirectory
    var own = stat()
    do {
      let base = chain.last!
      folder = try base.folder.descend(Array(folders[base.depth...]))
    } catch {
      // A folder gone since its parent was listed is no folder; one that became a link
      // or cannot be opened is said.
      if error.code != ENOENT { entries.append(.unreadable(path, error)) }
      return ([], false)
    }
    guard fstat(folder.descriptor, &own) == 0, visited.insert(Self.key(own)).inserted
    else { return ([], false) }
    let names: [String]
    var undecodable: [[UInt8]] = []
    do {
      if let list {
        names = try list(path)
      } else {
        names = try folder.names(undecodable: &undecodable)
      }
    } catch {
      entries.append(.unreadable(path, error))
      return ([], false)
    }
    let kept = Self.keeps(folders.count)
    if kept { chain.append((folders.count, folder)) }
    var children: [Child] = []
    for name in names.sorted() {
      // Past PATH_MAX the path shown could not name the file (as the system's calls say).
      guard joined(path, name).utf8.count < Int(PATH_MAX) else {
        if name.hasSuffix(".gl") { children.append(.unusable(name, FileError(code: ENAMETOOLONG))) }
        continue
      }
      var info = stat()
      // A link is looked at, not through; a name gone since the listing is no spec.
      guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
        if errno != ENOENT && name.hasSuffix(".gl") { children.append(.unusable(name, .last)) }
        continue
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        if !name.hasPrefix(".") { children.append(.folder(name)) }
      case S_IFREG:
        if name.hasSuffix(".gl") { children.append(.spec(name)) }
      case S_IFLNK:
        if let child = link(name, in: folder) { children.append(child) }
      default:
        // A FIFO or a device named *.gl would block the read or never end: said, not run.
        if name.hasSuffix(".gl") {
          children.append(.unusable(name, .notRegularFile("a spec must be a file")))
        }
      }
    }
    // Names that are not UTF-8 last: shown with U+FFFD, they sort after the others.
    for bytes in undecodable where Self.mayHoldSpecs(bytes, in: folder) {
      children.append(.unusable(String(decoding: bytes, as: UTF8.self), .undecodableName))
    }
    return (children, kept)
  }

  /// A link to a regular `.gl` file is a spec; a link to a folder is noted, not followed;
  /// a `.gl` link that leads nowhere (dangling, looping) or to no file is unusable.
  private func link(_ name: String, in folder: OpenDirectory) -> Child? {
    var target = stat()
    guard fstatat(folder.descriptor, name, &target, 0) == 0 else {
      return name.hasSuffix(".gl") ? .unusable(name, .last) : nil
    }
    switch target.st_mode & S_IFMT {
    case S_IFDIR: return name.hasPrefix(".") ? nil : .linkedFolder(name)
    case S_IFREG: return name.hasSuffix(".gl") ? .spec(name) : nil
    default:
      return name.hasSuffix(".gl") ? .unusable(name, .notRegularFile("a spec must be a file")) : nil
    }
  }

  /// Whether a name that is not UTF-8 may be a spec or hold some: a `.gl` name, or a
  /// folder that is not hidden.
  static func mayHoldSpecs(_ bytes: [UInt8], in folder: OpenDirectory) -> Bool {
    if bytes.suffix(3).elementsEqual(".gl".utf8) { return true }
    guard bytes.first != UInt8(ascii: ".") else { return false }
    var info = stat()
    let looked = (bytes + [0]).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: CChar.self) {
        fstatat(folder.descriptor, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW)
      }
    }
    return looked == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  private func joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
