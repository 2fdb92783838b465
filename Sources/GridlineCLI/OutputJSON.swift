import GridlineLanguage
import GridlineRender
import LayoutEngine

/// The JSON Lines schema of `gl run --json` (documented in the README).
package enum OutputJSON {
  package static func line(_ output: Output, _ file: SourceFile) -> JSON {
    switch output {
    case .svg(let line, let path, let states):
      return .object([
        ("type", .string("svg")), ("line", number(line)), ("path", .string(path)),
        ("states", number(states.count)),
      ])
    case .plot(let line, let path, let plot):
      return .object([
        ("type", .string("plot")), ("line", number(line)), ("path", .string(path)),
        ("axis", .string(plot.axis.rawValue)), ("frames", number(plot.frames)),
        ("duration", .number(plot.duration)),
        (
          "markers",
          .array(
            plot.markers.map {
              .object([
                ("kind", .string($0.kind.rawValue)), ("time", .number($0.time)),
                ("offset", EngineJSON.point($0.offset)),
              ])
            })
        ),
      ])
    case .draw(let show, let content, _):
      // The drawing as text lines (80 columns, no colour), as `gl run` prints it.
      let (_, text) = OutputText.text(output, file)
      var fields: [(String, JSON)] = [
        ("type", .string("draw")), ("line", number(show.line)), ("content", .bool(content)),
        ("lines", .array(text.split(separator: "\n").dropFirst().map { .string(String($0)) })),
      ]
      // Only a drawing with update marks names them, so other drawings read as before.
      if let changes = changes(show) { fields.append(("changes", changes)) }
      return .object(fields)
    case .show(let show):
      return .object([
        ("type", .string("show")), ("line", number(show.line)), ("target", .string(show.target)),
        ("bounds", EngineJSON.rect(show.bounds)),
        ("contentSize", EngineJSON.size(show.contentSize)),
        (
          "elements",
          .array(
            show.elements.indices.map { i in
              element(
                show.elements[i], show.natural[i],
                layer: show.layers.isEmpty ? nil : show.layers[i],
                change: UpdateMark(i < show.changes.count ? show.changes[i] : nil))
            })
        ),
        ("omitted", number(show.omitted)),
      ])
    case .contentSize(let line, let size):
      return .object([
        ("type", .string("contentSize")), ("line", number(line)),
        ("contentSize", EngineJSON.size(size)),
      ])
    case .trace(let line, let statement, let entries):
      return .object([
        ("type", .string("trace")), ("line", number(line)), ("statement", .string(statement)),
        ("events", .array(entries.map(traceEntry))),
      ])
    case .print(let line, let value):
      return .object([("type", .string("print")), ("line", number(line)), ("value", json(value))])
    case .expect(let line, let passed, let failure):
      var fields: [(String, JSON)] = [
        ("type", .string("expect")), ("line", number(line)), ("passed", .bool(passed)),
      ]
      if let failure {
        fields.append(("code", .string(failure.code.id)))
        fields.append(("message", .string(failure.message)))
      }
      return .object(fields)
    case .hit(let line, let point, let result):
      return .object([
        ("type", .string("hit")), ("line", number(line)), ("point", EngineJSON.point(point)),
        ("indexPath", result.map(EngineJSON.indexPath) ?? .null),
      ])
    case .why(let why):
      return .object([
        ("type", .string("why")), ("line", number(why.line)), ("element", .string(why.element)),
        ("frame", EngineJSON.rect(why.frame)),
        (
          "steps",
          .array(
            why.steps.map {
              .object([("rule", .string($0.rule)), ("text", .string($0.text))])
            })
        ),
      ])
    case .diagnostic(let diagnostic):
      return Self.diagnostic(diagnostic, file)
    }
  }

  /// An error, warning or note; one in a used file names that file.
  package static func diagnostic(_ diagnostic: Diagnostic, _ file: SourceFile) -> JSON {
    // A diagnostic in a used file names that file.
    let (origin, range) = file.origin(of: diagnostic.range)
    let (line, column) = origin.location(of: range.start)
    var fields: [(String, JSON)] = [
      ("type", .string(diagnostic.severity == .error ? "error" : diagnostic.severity.rawValue)),
      ("file", .string(origin.name)), ("line", number(line)), ("column", number(column)),
      ("code", .string(diagnostic.code.id)), ("message", .string(diagnostic.message)),
    ]
    if let help = diagnostic.help { fields.append(("help", .string(help))) }
    if let exception = diagnostic.exception { fields.append(("exception", .string(exception))) }
    return .object(fields)
  }

  static func number(_ n: Int) -> JSON { .number(Double(n)) }

  /// A drawing's marked elements, `[{"category":…,"kind":…,"indexPath":[s,i],"change":…}]`
  /// (a deleted element with its old index path); nil without marks.
  static func changes(_ show: ShowOutput) -> JSON? {
    let marked = show.elements.indices.compactMap { i -> JSON? in
      guard let mark = UpdateMark(i < show.changes.count ? show.changes[i] : nil),
        case .object(var element) = EngineJSON.element(show.elements[i].key)
      else { return nil }
      element.append(("change", .string(mark.rawValue)))
      return .object(element)
    }
    return marked.isEmpty ? nil : .array(marked)
  }

  /// A layout callback, a frame marker, a layer marker or the recomputed counts.
  package static func traceEntry(_ entry: TraceEntry) -> JSON {
    switch entry {
    case .event(let event): return EngineJSON.event(event)
    case .frame(let index, let count, let offset):
      return .object([
        ("frame", number(index)), ("frames", number(count)), ("offset", EngineJSON.point(offset)),
      ])
    case .layer(let name):
      return .object([("layer", .string(name))])
    case .difference(let updates):
      return .object([("difference", .array(updates.map { .string($0) }))])
    case .hook(let name, let line):
      return .object([("hook", .string(name)), ("line", number(line))])
    case .recomputed(let counts):
      return .object([
        (
          "recomputed",
          .array(
            counts.map {
              .object([
                ("layer", .string($0.name)), ("count", .number(Double($0.count))),
                ("of", $0.of.map { .number(Double($0)) } ?? .null),
              ])
            })
        )
      ])
    }
  }

  /// An element, with `"pinned":true` and its `"naturalFrame"` when pinned or stuck, and
  /// `"change"` (`inserted`, `moved`, `deleted`, `reloaded`) when the update shown marks it.
  package static func element(
    _ a: LayoutAttributes, _ natural: Rect?, layer: String?, change: UpdateMark?
  )
    -> JSON
  {
    guard case .object(var fields) = EngineJSON.element(a) else { return .null }
    if let natural {
      fields += [("pinned", .bool(true)), ("naturalFrame", EngineJSON.rect(natural))]
    }
    if let layer { fields.append(("layer", .string(layer))) }
    if let change { fields.append(("change", .string(change.rawValue))) }
    return .object(fields)
  }

  static func json(_ value: Value) -> JSON {
    switch value {
    case .number(let v): .number(v)
    case .bool(let b): .bool(b)
    case .string(let s): .string(s)
    case .size(let s): EngineJSON.size(s)
    case .point(let p): EngineJSON.point(p)
    case .rect(let r): EngineJSON.rect(r)
    case .insets(let i): EngineJSON.insets(i)
    case .indexPath(let section, let item):
      .array([.number(Double(section))] + (item.map { [.number(Double($0))] } ?? []))
    case .range(let a, let b): .object([("lower", .number(a)), ("upper", .number(b))])
    case .attributes(let a): EngineJSON.element(a)
    case .section(let g):
      .object([
        ("index", .number(Double(g.section))), ("frame", EngineJSON.rect(g.frame)),
        ("items", EngineJSON.rect(g.items)), ("count", .number(Double(g.itemCount))),
      ])
    case .list(let items): .array(items.map { .string($0) })
    case .array(let values): .array(values.map { .number($0) })
    case .elements(let list): .array(list.map(EngineJSON.element))
    case .indexPaths(let list):
      .array(list.map { .array([.number(Double($0.section)), .number(Double($0.item))]) })
    case .transform(let t): EngineJSON.transform(t)
    case .none: .null
    }
  }
}
