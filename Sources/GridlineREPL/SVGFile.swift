import GridlineLanguage
import GridlineRender
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `svg` pictures: below the output directory only (the interpreter already refused
/// absolute paths and `..`; here a symbolic link that leads out is refused too), replacing
/// an existing file atomically (a temporary file, then a rename).
enum SVGFile {
  static func document(_ states: [SVGState]) -> String {
    let drawings = states.map { s in
      DrawingState(
        bounds: s.show.bounds, contentSize: s.show.contentSize, elements: s.show.elements,
        natural: s.show.natural, invalidated: s.invalidated,
        layerRanks: OutputText.layerRanks(s.show.layers), window: s.window)
    }
    return SVGDrawing.strip(drawings, captions: states.map(\.caption))
  }

  /// Writes the document; returns the path written, or why it could not be.
  static func write(_ states: [SVGState], to path: String, in directory: String) -> Result<
    String, SVGWriteError
  > {
    let full = (directory.hasSuffix("/") ? directory : directory + "/") + path
    let parent = String(full[..<(full.lastIndex(of: "/") ?? full.startIndex)])
    if !parent.isEmpty && !HistoryFile.makeDirectories(absolute(parent)) {
      return .failure(SVGWriteError("cannot create the directory of '\(path)'"))
    }
    guard let base = realPath(directory), let real = realPath(parent.isEmpty ? "." : parent),
      real == base || real.hasPrefix(base == "/" ? "/" : base + "/")
    else {
      return .failure(SVGWriteError("'\(path)' leads out of the output directory"))
    }
    guard replace(full, with: document(states)) else {
      return .failure(SVGWriteError("cannot write '\(path)'"))
    }
    return .success(full)
  }

  /// Writes a temporary file beside `path`, then renames it over `path`.
  static func replace(_ path: String, with text: String) -> Bool {
    let temporary = "\(path).\(getpid()).tmp"
    guard HistoryFile.write(text, to: temporary, mode: 0o644), rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    return String(cString: buffer) + "/" + path
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

struct SVGWriteError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
