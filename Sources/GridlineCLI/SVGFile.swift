import GridlineLanguage
import GridlineRender
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `svg` pictures and `svg plot` charts: below the output directory only (the
/// interpreter already refused absolute paths and `..`; here a symbolic link that leads out
/// is refused too), replacing an existing file atomically (a temporary file, then a rename).
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

  /// The file an output writes (`svg`, `svg plot`): its line, path and document; nil for
  /// outputs that write none.
  package static func file(of output: Output) -> (line: Int, path: String, document: String)? {
    switch output {
    case .svg(let line, let path, let states): (line, path, document(states))
    case .plot(let line, let path, let plot): (line, path, document(plot))
    default: nil
    }
  }

  /// Writes the document; returns the path written, or why it could not be.
  package static func write(_ document: String, to path: String, in directory: String) -> Result<
    String, SVGWriteError
  > {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    // Directories are made one at a time below the output directory and never through a
    // symbolic link, so nothing is created outside it either.
    var parent = base
    for part in path.split(separator: "/").dropLast() {
      parent += "/" + part
      var info = stat()
      if lstat(parent, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
          return .failure(SVGWriteError("'\(path)' leads out of the output directory"))
        }
      } else if mkdir(parent, 0o755) != 0 {
        return .failure(SVGWriteError(FileError.last.message("create the directory of", path)))
      }
    }
    let full = base + "/" + path
    do {
      try replaceFile(full, with: document, mode: 0o644)
    } catch {
      return .failure(SVGWriteError(error.message("write", path)))
    }
    return .success(full)
  }
}

package struct SVGWriteError: Error {
  package let message: String
  package init(_ message: String) { self.message = message }
}
