import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// Script paths as a person types them: what `:load`, `:save`, `use "…"` and an editor
/// complete to.
public enum ScriptFiles {
  /// Directories (with a slash) and `.gl` files under the partial path's directory.
  public static func complete(_ partial: String) -> Completion {
    let slash = partial.lastIndex(of: "/")
    let directory = slash.map { String(partial[...$0]) } ?? ""
    let base = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
    guard let dir = opendir(directory.isEmpty ? "." : directory) else { return Completion() }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." || (name.hasPrefix(".") && !base.hasPrefix(".")) { continue }
      var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
        var info = stat()
        isDirectory = stat(directory + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      }
      if isDirectory {
        names.append(name + "/")
      } else if name.hasSuffix(".gl") {
        names.append(name)
      }
    }
    names.sort()
    return Completion.matching(base, among: names, space: false)
  }
}
