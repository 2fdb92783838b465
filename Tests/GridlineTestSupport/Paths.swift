import Foundation

/// The repository root, found from this file's path, so tests find `examples/` and the
/// corpus wherever the checkout is.
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `gl` built beside the test bundle (the end-to-end tests run it as a process).
public let glExecutable: String = {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var dir = bundle.deletingLastPathComponent()
  while dir.path != "/" {
    let candidate = dir.appendingPathComponent("gl").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    dir = dir.deletingLastPathComponent()
  }
  return repositoryRoot.appendingPathComponent(".build/debug/gl").path
}()

/// The files in `directory` whose names end with `suffix`, sorted by name.
public func files(in directory: URL, ending suffix: String) -> [URL] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
}

/// Every `examples/NAME.gl`, sorted: the golden tests run them, the REPL tests replay them.
public let exampleScripts = files(
  in: repositoryRoot.appendingPathComponent("examples"), ending: ".gl")

/// A new, empty directory for the files the scripts of a test write (`svg`): tests never
/// write into the checkout, not even when an example or a mutated line names a picture.
public func scratchDirectory() -> URL {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "gl-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir
}

/// The paths, relative to `directory`, of every file below it whose name ends with
/// `suffix`, sorted.
public func files(below directory: URL, ending suffix: String) -> [String] {
  let found = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String]
  return (found ?? []).filter { $0.hasSuffix(suffix) }.sorted()
}
