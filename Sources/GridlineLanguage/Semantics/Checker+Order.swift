/// What a run refuses because of the order its statements come in — a layer declared
/// after the first step, a section two layers own, sections with counts and sections with
/// identifiers mixed — known to the checker while the declarations are constant. Each is
/// reported with the interpreter's own diagnostic at its place, so `gl check` passes no
/// script `gl run` refuses for it.
struct DeclarationOrder {
  /// What the sections declared so far are.
  enum Sections { case none, counted, identified, unknown }

  /// A step has made the collection views (`LayerSet.live`): their layers are fixed.
  var viewsMade = false
  /// The layer that owns each owned section; nil once an update has moved them or an
  /// `owns sections` was not constant.
  var owners: [Int: String]? = [:]
  var sections = Sections.none

  /// After an update or a snapshot: sections may have moved or gone.
  mutating func forgetSections() {
    owners = nil
    sections = .unknown
  }
}

extension Checker {
  /// After each statement of the script: a step that surely runs and makes the views.
  mutating func noteStep(_ statement: Statement) {
    if !order.viewsMade && makesViews(statement) { order.viewsMade = true }
  }

  /// Whether running `statement` surely makes the collection views: a step that shows,
  /// scrolls, draws, updates or touches (each calls `LayerSet.live`), or a `repeat` of one
  /// that runs at least once. Statements that may not run (a hook's) are not asked.
  func makesViews(_ statement: Statement) -> Bool {
    switch statement.kind {
    case .show, .scroll, .draw, .svg, .svgPlot, .update, .batch, .resize, .hit, .why, .touch,
      .selection, .gesture, .reload, .invalidate, .invalidateTargets, .tapStatusBar:
      return true
    case .repeatBlock(let count, let body):
      guard case .number(let n)? = constant(count), n >= 1 else { return false }
      return body.contains { makesViews($0) }
    default:
      return false
    }
  }

  /// `layer NAME { … }` once the views exist: only a layer already declared (or `main`,
  /// which the views may still have) can be configured again.
  mutating func checkLayerOrder(_ name: Identifier) {
    guard order.viewsMade, layerKinds[name.name] == nil, name.name != "main" else { return }
    report(.layerAfterFirstStep(name))
  }

  /// `owns sections S` with a constant S: no section another layer owns; the layer's own
  /// earlier claim is replaced (`LayerSet.own`).
  mutating func checkOwnership(_ e: Expr, _ range: SourceRange) {
    guard var owners = order.owners else { return }
    guard let value = constant(e) else {
      order.owners = nil
      return
    }
    let sections: ClosedRange<Int>
    do throws(Diagnostic) {
      sections = try Validate.sections(value, e.range, limits)
    } catch {
      report(error)
      return
    }
    for s in sections {
      if let other = owners[s], other != checkingLayer {
        report(.sectionOwnedTwice(s, by: other), at: range)
        return
      }
    }
    owners = owners.filter { $0.value != checkingLayer }
    for s in sections { owners[s] = checkingLayer }
    order.owners = owners
  }

  /// Sections declared at `range`, `identified` or counted; `adds` false for `sections 0
  /// items …`, nil when unknown. A kind after the other is the interpreter's
  /// `mixedDataSource` — identified sections after counted ones, counted sections after
  /// identified ones even when none is added — unless a `repeat` may not run it.
  mutating func noteSections(identified: Bool, adds: Bool?, at range: SourceRange) {
    let kind: DeclarationOrder.Sections = identified ? .identified : .counted
    switch order.sections {
    case .unknown, kind:
      return
    case .none:
      if adds == false { return }
      order.sections = repeatDepth == 0 && adds == true ? kind : .unknown
    default:
      if repeatDepth == 0 {
        report(.mixedDataSource, at: range)
      } else {
        order.sections = .unknown
      }
    }
  }
}
