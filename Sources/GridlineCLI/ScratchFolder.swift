#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder below the system's temporary folder, for what one spec writes; removed
/// with all it holds when the spec is done.
package struct ScratchFolder: Sendable {
  package let path: String

  /// Nil when the system cannot make one (`errno` says why).
  package init?() {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/gl-test-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      return nil
    }
    path = String(cString: made)
  }

  /// The files below the folder, as paths relative to it, in order.
  package func files() -> [String] {
    var found: [String] = []
    Self.visit(path, relative: "") { found.append($0) }
    return found.sorted()
  }

  package func remove() { Self.remove(path) }

  private static func entries(_ directory: String) -> [(name: String, isDirectory: Bool)] {
    ((try? directoryNames(directory)) ?? []).map { name in
      var info = stat()
      // lstat: a link is a file here, never followed out of the folder.
      let isDirectory =
        lstat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      return (name, isDirectory)
    }
  }

  private static func visit(_ directory: String, relative: String, _ body: (String) -> Void) {
    for (name, isDirectory) in entries(directory) {
      let inner = relative.isEmpty ? name : relative + "/" + name
      if isDirectory {
        visit(directory + "/" + name, relative: inner, body)
      } else {
        body(inner)
      }
    }
  }

  private static func remove(_ directory: String) {
    for (name, isDirectory) in entries(directory) {
      let path = directory + "/" + name
      if isDirectory { remove(path) } else { unlink(path) }
    }
    rmdir(directory)
  }
}
