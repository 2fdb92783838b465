import GridlineLanguage
import GridlineRender
import LayoutEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `svg` pictures and `svg plot` charts: below the output directory only (by
/// `SVGPath`'s rule, which the checker and the interpreter apply too; here a symbolic link
/// is refused as well, on the way or as the file itself), replacing an existing regular
/// file atomically (a temporary file, then a rename) and nothing else.
package enum SVGFile {
  /// `viewportMargin`: only the viewport and that many points around it are drawn
  /// (`gl render --viewport-only`).
  static func document(_ states: [SVGState], viewportMargin: Double? = nil) -> String {
    let drawings = states.map { state in
      let window =
        viewportMargin.map { state.show.bounds.insetBy(dx: -$0, dy: -$0) } ?? state.window
      var drawing = OutputText.drawingState(
        state.show, invalidated: state.invalidated, window: window)
      drawing.windowIsPicture = viewportMargin != nil || state.viewportOnly
      return drawing
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
    let parts = path.split(separator: "/").map(String.init)
    do throws(SVGWriteError) {
      try place(document, parts, in: directory)
    } catch {
      return .failure(error)
    }
    return .success((directory.hasSuffix("/") ? directory : directory + "/") + path)
  }

  /// Writes the file `parts` names below `directory`. Every part is opened relative to the
  /// directory before it, never through a symbolic link (`O_NOFOLLOW`), and directories
  /// are made one at a time, so nothing outside the output directory is created, followed
  /// or replaced, even by a link made while gl runs.
  private static func place(_ document: String, _ parts: [String], in directory: String)
    throws(SVGWriteError)
  {
    let path = parts.joined(separator: "/")
    // The system's reason alone does not say which directory was missing or not one.
    let help = directory == "." ? nil : "the output directory is '\(directory)' (--out)"
    func failure(_ error: FileError, making: Bool) -> SVGWriteError {
      SVGWriteError(
        making
          ? .directoryNotMade(path, reason: error.reason)
          : .fileNotWritten(path, reason: error.reason), help: help)
    }
    // O_NOFOLLOW says ENOTDIR or ELOOP for a link: looked at first, it is named as such.
    func isLink(_ name: String, in folder: OpenDirectory) -> Bool {
      (try? folder.kind(of: name)) == S_IFLNK
    }
    var folder: OpenDirectory
    do throws(FileError) {
      folder = try OpenDirectory(directory)
    } catch {
      throw failure(error, making: parts.count > 1)
    }
    for part in parts.dropLast() {
      if isLink(part, in: folder) { throw SVGWriteError(.outputPathLeadsOut(path)) }
      do throws(FileError) {
        folder = try folder.subdirectory(part, create: true)
      } catch {
        throw failure(error, making: true)
      }
    }
    if isLink(parts.last!, in: folder) { throw SVGWriteError(.outputPathLeadsOut(path)) }
    do throws(FileError) {
      try folder.replace(parts.last!, with: Array(document.utf8), mode: 0o644)
    } catch {
      throw failure(error, making: false)
    }
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
