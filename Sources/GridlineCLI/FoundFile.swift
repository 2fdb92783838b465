#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file `gl test` found below a folder named on the command line: that folder (open),
/// the folders below it on the way, and the file's name. The file is reached from the open
/// folder one part at a time, never through a link to a folder (`OpenDirectory.descend`),
/// so a folder swapped for a link while gl runs leads nowhere, rather than out of the tree.
package struct FoundFile: Sendable {
  let root: OpenDirectory
  let folders: [String]
  let name: String

  /// The folder the file is in, open.
  func folder() throws(FileError) -> OpenDirectory {
    try root.descend(folders)
  }
}

extension OpenDirectory {
  /// The folder `folders` names below this one, opened a part at a time relative to the one
  /// before it, never through a symbolic link (`O_NOFOLLOW`); each is closed once the next
  /// is open, so a deep tree holds one descriptor, not one per level.
  package func descend(_ folders: [String]) throws(FileError) -> OpenDirectory {
    var folder = self
    for name in folders {
      do {
        folder = try folder.subdirectory(name, create: false)
      } catch {
        // O_NOFOLLOW says ENOTDIR or ELOOP for a link: looked at, it is named as one.
        if (try? folder.kind(of: name)) == S_IFLNK { throw .linkOnTheWay }
        throw error
      }
    }
    return folder
  }

  /// The names in this folder, `.` and `..` left out, in the order the system gives them.
  /// Read through a duplicate of the descriptor: `closedir` closes the one it is given.
  package func names() throws(FileError) -> [String] {
    var undecodable: [[UInt8]] = []
    return try names(undecodable: &undecodable)
  }

  /// `names()`, and apart from them the names that are not UTF-8 (as bytes), which no
  /// String can name: the walk says it cannot use them rather than pass them by.
  package func names(undecodable: inout [[UInt8]]) throws(FileError) -> [String] {
    let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { throw .last }
    guard let stream = fdopendir(copy) else {
      let error = FileError.last
      close(copy)
      throw error
    }
    defer { closedir(stream) }
    // The copy shares the offset with the descriptor: a second listing starts at the top.
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      guard let name = String(validating: bytes, as: UTF8.self) else {
        undecodable.append(bytes)
        continue
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
