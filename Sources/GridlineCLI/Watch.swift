import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `gl run --watch FILE`: runs the script, then again whenever it or a file it uses
/// changes, found by polling every 200 ms (a file's modification time, size and inode:
/// editors that save by renaming a new file over the old one change the inode). Polling
/// needs no C shim and watches files that do not exist yet, so a used file that is
/// missing is picked up once it is written (`usedFiles`).
package struct Watch {
  /// What a file looks like from outside; nil when it is missing.
  package struct Stamp: Equatable, Sendable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt64
  }

  package var path: String
  /// Runs the script once (the runner prints).
  package var run: () -> Void
  /// Waits between two looks: 200 ms in `gl`, nothing in tests.
  package var pause: () -> Void = { usleep(200_000) }
  package var stamp: @Sendable (String) -> Stamp? = Watch.stamp(of:)
  /// Whether to go on (false ends the loop: a test's last round; `gl` stops on Ctrl-C).
  package var goOn: () -> Bool = { true }

  package init(path: String, run: @escaping () -> Void) {
    self.path = path
    self.run = run
  }

  /// Runs, then waits for a change and runs again, until `goOn` says no. Returns the
  /// number of runs.
  @discardableResult
  package func loop() -> Int {
    var runs = 0
    // Seen before each run, so a change made while the script runs is caught too.
    var watched = WatchedFiles(path: path, stamp: stamp)
    while true {
      run()
      runs += 1
      repeat {
        guard goOn() else { return runs }
        pause()
      } while watched.changes() == nil
    }
  }

  /// The files `path` uses, directly or through others, and every other path it names in
  /// a `use`: one that is missing, or there but cannot be used (not text, unreadable, a
  /// folder), so that writing or fixing it runs the script again.
  package static func usedFiles(of path: String) -> [String] {
    guard let text = try? readTextFile(path) else { return [] }
    var file = SourceFile(name: path, text: text)
    let (program, _) = Parser.parse(file)
    _ = Includes.resolve(
      program, in: &file, path: path, directory: Includes.directory(of: path), access: .system)
    let found = file.used.map(\.file.name)
    var named: [String] = []
    for using in [file] + file.used.map(\.file) {
      for statement in Parser.parse(using).program.statements {
        guard case .use(let used, _) = statement.kind else { continue }
        named.append(Includes.joined(Includes.directory(of: using.name), used))
      }
    }
    var seen = Set(found)
    return found + named.filter { seen.insert($0).inserted }
  }

  package static func stamp(of path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Stamp(
      seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
      size: Int(info.st_size), inode: UInt64(info.st_ino))
  }
}

/// A script and the files it uses (`Watch.usedFiles`), as they looked when last seen:
/// `changes()` says which changed since — a save in an editor, a rename over the file, a
/// used file fixed or written for the first time. `gl run --watch` and `gl serve` watch
/// with it.
package struct WatchedFiles: Sendable {
  package let path: String
  private let stamp: @Sendable (String) -> Watch.Stamp?
  private var files: [String]
  private var stamps: [Watch.Stamp?]

  package init(path: String, stamp: @escaping @Sendable (String) -> Watch.Stamp? = Watch.stamp(of:))
  {
    self.path = path
    self.stamp = stamp
    files = [path] + Watch.usedFiles(of: path)
    stamps = files.map(stamp)
  }

  /// The files that changed since the last look (nil: none). After a change the list of
  /// used files is read again, as the change may add or drop a `use`, and their look then
  /// is what the next call compares with.
  package mutating func changes() -> [String]? {
    let now = files.map(stamp)
    guard now != stamps else { return nil }
    let changed = files.indices.filter { now[$0] != stamps[$0] }.map { files[$0] }
    files = [path] + Watch.usedFiles(of: path)
    stamps = files.map(stamp)
    return changed
  }
}
