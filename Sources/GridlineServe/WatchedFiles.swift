import GridlineCLI

/// The served file and the files it uses, as they looked when last seen: `changes()` says
/// which changed since (a save in an editor, a rename over the file, a used file fixed or
/// written for the first time), as `gl run --watch` sees them.
struct WatchedFiles {
  let path: String
  private var files: [String]
  private var stamps: [Watch.Stamp?]

  init(path: String) {
    self.path = path
    files = [path] + Watch.usedFiles(of: path)
    stamps = files.map(Watch.stamp(of:))
  }

  /// The files that changed since the last look (nil: none). The list of used files is
  /// read again after a change, since the change may add or drop a `use`.
  mutating func changes() -> [String]? {
    let now = files.map(Watch.stamp(of:))
    guard now != stamps else { return nil }
    let changed = files.indices.filter { now[$0] != stamps[$0] }.map { files[$0] }
    files = [path] + Watch.usedFiles(of: path)
    stamps = files.map(Watch.stamp(of:))
    return changed
  }
}
