import GridlineLanguage
import GridlineRender
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `svg` pictures and `svg plot` charts: below the output directory only (by
/// `SVGPath`'s rule, which the checker and the interpreter apply too; here a symbolic link
/// that leads out is refused as well), replacing an existing file atomically (a temporary
/// file, then a rename).
package enum SVGFile {
  static func document(_ states: [SVGState]) -> String {
    let drawings = states.map {
      OutputText.drawingState($0.show, invalidated: $0.invalidated, window: $0.window)
    }
    return SVGDrawing.strip(drawings, captions: states.map(\.caption))
  }

  /// The chart of a plot: the samples' offset and velocity on the plot's axis.
  static func document(_ plot: PlotOutput) -> String {
    let y = plot.axis == .y
    func along(_ p: Point) -> Double { y ? p.y : p.x }
    let chart = PlotChart(
      title: plot.caption, axis: plot.axis.rawValue, frameRate: plot.frameRate,
      samples: plot.samples.map {
        PlotChart.Sample(
          time: $0.time, offset: along($0.offset), velocity: along($0.velocity),
          isFrame: $0.isFrame)
      },
      markers: plot.markers.map {
        PlotChart.Marker(
          kind: $0.kind == .release ? .release : .rest, time: $0.time, offset: along($0.offset))
      },
      edges: plot.edges.map {
        PlotChart.Edge(kind: $0.kind == .minimum ? .minimum : .maximum, offset: $0.offset)
      })
    return PlotDrawing.document(chart)
  }

  /// The file an output writes (`svg`, `svg plot`): its path and document; nil for outputs
  /// that write none.
  static func file(of output: Output) -> (path: String, document: String)? {
    switch output {
    case .svg(_, let path, let states): (path, document(states))
    case .plot(_, let path, let plot): (path, document(plot))
    default: nil
    }
  }

  /// The interpreter's `writeFile` for scripts writing into `directory`: a failure is a
  /// diagnostic at the range it is handed, so it has a position and a code in text and
  /// JSON alike, and stops the run as any runtime error does.
  package static func writer(in directory: String) -> (Output, SourceRange) -> Diagnostic? {
    { output, range in
      guard let (path, document) = file(of: output),
        case .failure(let error) = write(document, to: path, in: directory)
      else { return nil }
      return .error(error.message, at: range, help: error.help)
    }
  }

  /// Writes the document; returns the path written, or why it could not be. The path is
  /// checked again by `SVGPath`'s rule, whoever made the output.
  package static func write(_ document: String, to path: String, in directory: String) -> Result<
    String, SVGWriteError
  > {
    if let refusal = SVGPath.refusal(path, confined: true) {
      return .failure(SVGWriteError(refusal))
    }
    // The system's reason alone does not say which directory was missing or not one.
    let help = directory == "." ? nil : "the output directory is '\(directory)' (--out)"
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    // Directories are made one at a time below the output directory and never through a
    // symbolic link, so nothing is created outside it either.
    var parent = base
    for part in path.split(separator: "/").dropLast() {
      parent += "/" + part
      var info = stat()
      if lstat(parent, &info) == 0 {
        if info.st_mode & S_IFMT == S_IFLNK {
          return .failure(SVGWriteError(.outputPathLeadsOut(path)))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
          let reason = FileError(code: ENOTDIR).reason
          return .failure(SVGWriteError(.directoryNotMade(path, reason: reason), help: help))
        }
      } else if mkdir(parent, 0o755) != 0 {
        let reason = FileError.last.reason
        return .failure(SVGWriteError(.directoryNotMade(path, reason: reason), help: help))
      }
    }
    let full = base + "/" + path
    do {
      try replaceFile(full, with: document, mode: 0o644)
    } catch {
      return .failure(SVGWriteError(.fileNotWritten(path, reason: error.reason), help: help))
    }
    return .success(full)
  }
}

/// Why `SVGFile.write` wrote nothing: the catalogue's message, and where the output
/// directory is when that helps to read the system's reason.
package struct SVGWriteError: Error {
  package let message: Message
  package let help: String?
  package init(_ message: Message, help: String? = nil) {
    self.message = message
    self.help = help
  }
}
