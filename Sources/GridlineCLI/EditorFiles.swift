import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `gl editors --out DIR`: writes `EditorGrammar`'s files below DIR (the checkout keeps
/// them in `editors/`), making the folders they need.
package enum EditorFiles {
  /// The paths written, in order; stops at the first file that cannot be written.
  package static func write(into directory: String) -> Result<[String], EditorWriteError> {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    var written: [String] = []
    for (path, text) in EditorGrammar.files {
      let full = base + "/" + path
      let parts = full.split(separator: "/", omittingEmptySubsequences: false)
      for end in parts.indices.dropLast() {
        let parent = parts[...end].joined(separator: "/")
        if parent.isEmpty { continue }
        if mkdir(parent, 0o755) != 0 && errno != EEXIST {
          return .failure(EditorWriteError(path: parent, action: "make", error: .last))
        }
      }
      do {
        try replaceFile(full, with: text, mode: 0o644)
      } catch {
        return .failure(EditorWriteError(path: full, action: "write", error: error))
      }
      written.append(full)
    }
    return .success(written)
  }
}

package struct EditorWriteError: Error {
  package let path: String
  package let action: String
  package let error: FileError

  /// `cannot write 'editors/vscode/package.json': Permission denied`.
  package var message: String { error.message(action, path) }
}
