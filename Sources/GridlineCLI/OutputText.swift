import GridlineLanguage
import GridlineRender
import LayoutEngine

/// The text `gl run` prints for each output.
package enum OutputText {
  /// `2 of 10,041 attributes`, or per layer `background 0 of 96, foreground 14 of 96`.
  static func recomputed(_ counts: [RecomputedCount]) -> String {
    func one(_ c: RecomputedCount) -> String {
      grouped(c.count) + (c.of.map { " of " + grouped($0) } ?? "")
    }
    if counts.count == 1 {
      let c = counts[0]
      return one(c) + " attribute" + ((c.of ?? c.count) == 1 ? "" : "s")
    }
    return counts.map { "\($0.name) \(one($0))" }.joined(separator: ", ") + " attributes"
  }

  /// 10041 → "10,041".
  static func grouped(_ n: Int) -> String { GridlineLanguage.grouped(n) }

  /// What the renderers draw of the elements the interpreter gathered.
  static func drawingState(_ show: ShowOutput, invalidated: Set<ElementKey>, window: Rect? = nil)
    -> DrawingState
  {
    var state = DrawingState(
      bounds: show.bounds, contentSize: show.contentSize, elements: show.elements,
      natural: show.natural, invalidated: invalidated, layerRanks: layerRanks(show.layers),
      window: window, changes: show.changes, updateProgress: show.updateProgress)
    state.adjustedContentInset = show.adjustedContentInset
    state.selected = show.selected
    state.identifiers = show.identifiers
    return state
  }

  /// Back-to-front ranks of the layers named per element (gathered back to front).
  static func layerRanks(_ names: [String]) -> [Int] {
    var order: [String] = []
    for name in names where !order.contains(name) { order.append(name) }
    return names.map { order.firstIndex(of: $0) ?? 0 }
  }

  /// `columns` and `colour` apply to drawings: the terminal's width, and colour only on a
  /// terminal without NO_COLOR.
  ///
  /// A script's strings reach this text (a decoration's kind, a printed string, a trace's
  /// names): their control characters are written escaped (issue 36). A diagnostic
  /// escapes its own; a drawing is drawn from labels and may hold colour.
  /// `rows`: the most rows a drawing's grid may take (a terminal's height), nil for no more
  /// than a file's drawing takes.
  package static func text(
    _ output: Output, _ file: SourceFile, columns: Int = 80, rows: Int? = nil,
    colour: Bool = false, precision: Int = AttributeTable.defaultPrecision
  )
    -> (OutputStream, String)
  {
    let (stream, text) = unescaped(
      output, file, columns: columns, rows: rows, colour: colour, precision: precision)
    switch output {
    case .draw, .diagnostic: return (stream, text)
    default: return (stream, text.escapingControlCharacters)
    }
  }

  private static func unescaped(
    _ output: Output, _ file: SourceFile, columns: Int, rows: Int?, colour: Bool,
    precision: Int
  )
    -> (OutputStream, String)
  {
    // Numbers as people read them (issue 34); `--json` keeps every digit.
    func readable(_ value: Value) -> String { value.readable(decimals: precision) }
    switch output {
    case .show(let show):
      var lines = [
        "show \(show.target) (line \(show.line)): bounds \(readable(.rect(show.bounds))), "
          + "contentSize \(readable(.size(show.contentSize))), "
          + "\(show.elements.count + show.omitted) element\(show.elements.count + show.omitted == 1 ? "" : "s")"
      ]
      if !show.elements.isEmpty {
        let notes = show.natural.map { natural in
          natural.map { "pinned (natural \(readable(.point($0.origin))))" } ?? ""
        }
        let table = AttributeTable.lines(show.elements, notes: notes, precision: precision)
        if show.layers.isEmpty {
          lines += table.map { "  " + $0 }
        } else {
          // One more column in front: the layer showing each element.
          let width = max(5, show.layers.map(\.count).max() ?? 0)
          func pad(_ s: String) -> String { s + String(repeating: " ", count: width - s.count) }
          lines.append("  " + pad("layer") + "  " + table[0])
          for (i, row) in table.dropFirst().enumerated() {
            lines.append("  " + pad(show.layers[i]) + "  " + row)
          }
        }
      }
      if show.omitted > 0 { lines.append("  … \(show.omitted) more") }
      return (.standardOutput, lines.joined(separator: "\n"))
    case .draw(let show, let content, let invalidated):
      var options = AsciiDrawing.Options(columns: columns, content: content)
      options.rowLimit = rows
      options.colour = colour
      options.precision = precision
      let state = drawingState(show, invalidated: invalidated)
      let title = "draw \(content ? "content" : "viewport") (line \(show.line))"
      return (
        .standardOutput, ([title] + AsciiDrawing.lines(state, options)).joined(separator: "\n")
      )
    case .svg(let line, let path, let states):
      // Written by the caller (SVGFile) before this text is asked for.
      return (
        .standardOutput,
        "svg (line \(line)): wrote \(path)" + (states.count > 1 ? " (\(states.count) states)" : "")
      )
    case .plot(let line, let path, let plot):
      let frames = "\(plot.frames) frame\(plot.frames == 1 ? "" : "s")"
      return (
        .standardOutput,
        "svg plot (line \(line)): wrote \(path) (\(frames), "
          + "\(formatNumber(plot.duration, .decimals(2))) ms)"
      )
    case .contentSize(let line, let size):
      return (.standardOutput, "contentSize (line \(line)): \(readable(.size(size)))")
    case .trace(let line, let statement, let entries):
      var lines = ["trace (line \(line)): \(statement)"]
      for entry in entries {
        switch entry {
        case .event(let event):
          lines.append("  " + event.traceLine)
        case .frame(let index, let count, let offset):
          lines.append("  — frame \(index)/\(count), offset \(readable(.point(offset)))")
        case .layer(let name):
          lines.append("  [\(name)]")
        case .recomputed(let counts):
          lines.append("  recomputed " + OutputText.recomputed(counts))
        case .difference(let updates):
          lines.append(
            "  difference: " + (updates.isEmpty ? "none" : updates.joined(separator: "; ")))
        case .hook(let name, let hookLine):
          lines.append("  ▸ \(name) (line \(hookLine))")
        }
      }
      return (.standardOutput, lines.joined(separator: "\n"))
    case .print(_, let value):
      return (.standardOutput, readable(value))
    case .expect(_, let passed, let failure):
      if passed { return (.standardOutput, "") }
      return (.standardError, failure?.rendered(in: file) ?? "expectation failed")
    case .hit(let line, let point, let result):
      let found = result.map { "item [\($0.section), \($0.item)]" } ?? "nothing"
      return (.standardOutput, "hit \(readable(.point(point))) (line \(line)): \(found)")
    case .why(let why):
      var lines = [
        "why \(why.element) (line \(why.line)): \(why.frameLabel) \(readable(.rect(why.frame)))"
      ]
      for (i, step) in why.steps.enumerated() {
        lines.append("  \(i + 1). \(step.text) [\(step.rule)]")
      }
      return (.standardOutput, lines.joined(separator: "\n"))
    case .diagnostic(let diagnostic):
      return (.standardError, diagnostic.rendered(in: file))
    }
  }
}
