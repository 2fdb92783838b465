import LayoutEngine

/// A tree dump of the syntax, one statement per line as an S-expression:
/// `(scroll (to y 500) (frames 10))`, `(expect (== (. (item [0 3]) frame maxY) 500))`.
/// Shared by parser tests, `gl` debugging and error reports; ranges are left out so a
/// dump compares equal across formatting changes.
extension Program {
  public func dump() -> String {
    statements.map { $0.dump(indent: 0) }.joined(separator: "\n")
  }
}

extension Statement {
  func dump(indent: Int) -> String {
    let pad = String(repeating: "  ", count: indent)
    switch kind {
    case .viewport(let e): return pad + "(viewport \(e.dump()))"
    case .contentInset(let e): return pad + "(content-inset \(e.dump()))"
    case .safeArea(let e): return pad + "(safe-area \(e.dump()))"
    case .layoutMargins(let e): return pad + "(layout-margins \(e.dump()))"
    case .insetAdjustment(let a): return pad + "(inset-adjustment \(a.rawValue))"
    case .scale(let e): return pad + "(scale \(e.dump()))"
    case .letBinding(let name, let e): return pad + "(let \(name.name) \(e.dump()))"
    case .use(let path, _): return pad + "(use \"\(path)\")"
    case .layout(let d):
      let properties = (d.properties.map { $0.dump() } + d.compositional.map { $0.dump() })
        .map { " " + $0 }.joined()
      let name = d.name.map { " \($0.name)" } ?? ""
      return pad + "(layout \(d.kind.spelling)\(name)\(properties))"
    case .section(let d):
      let name = d.name.map { " \"\($0)\"" } ?? ""
      let properties = d.properties.map { " " + $0.dump() }.joined()
      return pad + "(section\(name) (items \(d.items.dump()))\(properties))"
    case .sections(let count, let items):
      return pad + "(sections \(count.dump()) (items \(items.dump())))"
    case .registerCell(let e): return pad + "(register-cell \(e.dump()))"
    case .cellIdentifiers(let d):
      let section = d.section.map { " (section \($0.dump()))" } ?? ""
      return pad + "(cells \(d.identifier.dump()) (items \(d.items.dump()))\(section))"
    case .scroll(let step): return pad + "(scroll \(step.dump()))"
    case .resize(let e): return pad + "(resize \(e.dump()))"
    case .switchLayout(let name, let frames):
      return pad + "(switch-layout \(name.name)" + (frames.map { " (frames \($0.dump()))" } ?? "")
        + ")"
    case .reload: return pad + "(reload)"
    case .update(let step): return pad + step.dump()
    case .batch(let batch):
      let frames = batch.frames.map { " (frames \($0.dump()))" } ?? ""
      let inner = batch.body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return pad + "(batch\(frames)\(inner))"
    case .data(let entries):
      return pad + "(data"
        + entries.map { e in
          e.section.map { " (section \($0.dump()) \(e.count.dump()))" }
            ?? " (sections \(e.count.dump()))"
        }.joined() + ")"
    case .applySnapshot(let step): return pad + step.dump()
    case .gesture(let step): return pad + step.dump()
    case .scrollSetting(let setting): return pad + setting.dump()
    case .tapStatusBar(let frames):
      return pad + "(tap-status-bar" + (frames.map { " (frames \($0.dump()))" } ?? "") + ")"
    case .shouldScrollToTop(let e): return pad + "(should-scroll-to-top \(e.dump()))"
    case .hook(let hook): return pad + hook.dump(indent: indent)
    case .invalidate: return pad + "(invalidate)"
    case .draw(let content): return pad + (content ? "(draw content)" : "(draw)")
    case .svg(let path, let strip):
      guard let strip else { return pad + "(svg \(path.dump()))" }
      let inner = strip.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return pad + "(svg-strip \(path.dump())\(inner))"
    case .svgViewport(let path, let margin):
      return pad + "(svg-viewport \(path.dump())" + (margin.map { " (margin \($0.dump()))" } ?? "")
        + ")"
    case .svgPlot(let path, let body):
      let inner = body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return pad + "(svg-plot \(path.dump())\(inner))"
    case .show(let target):
      switch target {
      case .visible: return pad + "(show visible)"
      case .all: return pad + "(show all)"
      case .contentSize: return pad + "(show content-size)"
      case .element(let e): return pad + "(show \(e.dump()))"
      }
    case .hit(let e): return pad + "(hit \(e.dump()))"
    case .why(let e): return pad + "(why \(e.dump()))"
    case .touch, .selection, .touchSetting, .selectionRule, .interactiveMove, .menu:
      return pad + (kind.touchDump ?? "")
    case .expect(let e, let hint):
      return pad + "(expect \(e.dump())" + (hint.map { " (hint \($0.dump()))" } ?? "") + ")"
    case .print(let e): return pad + "(print \(e.dump()))"
    case .repeatBlock(let count, let body):
      let inner = body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return pad + "(repeat \(count.dump())\(inner))"
    case .trace(let on): return pad + "(trace \(on ? "on" : "off"))"
    case .stickyHeaders, .decoration, .invalidateTargets, .trigger, .flagHandler, .textMetrics,
      .layer, .transform, .ownsSections:
      return dumpAddition(pad, indent)
    case .customLayout, .prepare, .varBinding, .assign, .ifElse, .forLoop, .place, .placeInGroup,
      .contentSize,
      .whileLoop, .answer, .elementsQuery:
      return dumpCode(pad, indent)
    }
  }
}

extension LayoutProperty {
  func dump() -> String {
    let name = keyword.spelling.replacing(" ", with: "-")
    switch value {
    case .expression(let e): return "(\(name) \(e.dump()))"
    case .word(let w): return "(\(name) \(w))"
    case .toggle(let on): return "(\(name) \(on ? "on" : "off"))"
    case .flag: return "(\(name))"
    case .rows(let common, let last):
      return "(\(name) \(common?.rawValue ?? "-") \(last?.rawValue ?? "-"))"
    }
  }
}

extension SectionProperty {
  func dump() -> String {
    switch kind {
    case .items(.size, let items, let size): "(item \(items.dump()) \(size.dump()))"
    case .items(let clause, let items, let value):
      "(item \(items.dump()) (\(clause.spelling) \(value.dump())))"
    case .metric(let m, let e): "(\(m.spelling.replacing(" ", with: "-")) \(e.dump()))"
    }
  }
}

extension ScrollStep {
  func dump() -> String {
    let base: String
    switch kind {
    case .toAxis(let axis, let e): base = "(to \(axis.rawValue) \(e.dump()))"
    case .toPoint(let e): base = "(to \(e.dump()))"
    case .byAxis(let axis, let e): base = "(by \(axis.rawValue) \(e.dump()))"
    case .byPoint(let e): base = "(by \(e.dump()))"
    case .toItem(let e, let at):
      base = "(to-item \(e.dump()) \(at.map(\.rawValue).joined(separator: ",")))"
    case .toSupplementary(let header, let e, let at):
      base =
        "(to-\(header ? "header" : "footer") \(e.dump()) \(at.map(\.rawValue).joined(separator: ",")))"
    case .toSection(let e, let at):
      base = "(to-section \(e.dump()) \(at.map(\.rawValue).joined(separator: ",")))"
    case .rectVisible(let e): base = "(rect-visible \(e.dump()))"
    case .sectionToAxis(let s, let axis, let e):
      base = "(section \(s.dump()) to \(axis.rawValue) \(e.dump()))"
    }
    return base + (frames.map { " (frames \($0.dump()))" } ?? "")
  }
}

extension Expr {
  public func dump() -> String {
    switch kind {
    case .number(let v): return formatNumber(v)
    case .string(let s): return "\"\(s)\""
    case .bool(let b): return b ? "true" : "false"
    case .name(let n): return n
    case .unary(let op, let a): return "(\(op.rawValue) \(a.dump()))"
    case .binary(let op, let a, let b): return "(\(op.rawValue) \(a.dump()) \(b.dump()))"
    case .conditional(let c, let a, let b): return "(? \(c.dump()) \(a.dump()) \(b.dump()))"
    case .size(let w, let h): return "(x \(w.dump()) \(h.dump()))"
    case .range(let a, let b): return "(... \(a.dump()) \(b.dump()))"
    case .tuple(let items): return "(point \(items.map { $0.dump() }.joined(separator: " ")))"
    case .labeled(let entries):
      return "(insets" + entries.map { " \($0.label.name):\($0.value.dump())" }.joined() + ")"
    case .indexPath(let parts): return "[" + parts.map { $0.dump() }.joined(separator: " ") + "]"
    case .call(let f, let arguments):
      let args = arguments.map { ($0.label.map { "\($0.name):" } ?? "") + $0.value.dump() }
      return "(\(f.name)" + args.map { " " + $0 }.joined() + ")"
    case .member(let base, let m): return "(. \(base.dump()) \(m.name))"
    case .subscript(let base, let index): return "([] \(base.dump()) \(index.dump()))"
    case .method(let base, let m, let arguments):
      return "(.\(m.name) \(base.dump())" + arguments.map { " " + $0.value.dump() }.joined() + ")"
    case .element(let selector, let path):
      switch selector {
      case .item: return "(item \(path.dump()))"
      case .header: return "(header \(path.dump()))"
      case .footer: return "(footer \(path.dump()))"
      case .supplementary(let kind): return "(supplementary \"\(kind)\" \(path.dump()))"
      case .decoration(let kind): return "(decoration \"\(kind)\" \(path.dump()))"
      }
    }
  }
}

extension TransformSelector {
  func dump() -> String {
    switch self {
    case .items(let section): section.map { "(items-in-section \($0.dump()))" } ?? "items"
    case .item(let path): "(item \(path.dump()))"
    case .headers(let section): section.map { "(header \($0.dump()))" } ?? "headers"
    case .footers(let section): section.map { "(footer \($0.dump()))" } ?? "footers"
    case .supplementary(let kind): "(supplementary \"\(kind)\")"
    case .decorations(let kind): "(decorations \"\(kind)\")"
    case .everything: "everything"
    case .highlightedItems: "highlighted-items"
    case .selectedItems: "selected-items"
    }
  }
}

extension TransformOperation {
  func dump() -> String {
    switch kind {
    case .rotate(let axis, let e): "(rotate\(axis.map { " \($0.rawValue)" } ?? "") \(e.dump()))"
    case .scale(let e): "(scale \(e.dump()))"
    case .translate(let e): "(translate \(e.dump()))"
    case .perspective(let e): "(perspective \(e.dump()))"
    case .alpha(let e): "(alpha \(e.dump()))"
    case .zIndex(let e): "(z \(e.dump()))"
    case .hidden(let e): "(hidden\(e.map { " " + $0.dump() } ?? ""))"
    }
  }
}

extension TriggerAction {
  func dump() -> String {
    switch kind {
    case .items(let paths): "(items" + paths.map { " " + $0.dump() }.joined() + ")"
    case .supplementary(let kind, let paths):
      "(supplementary \"\(kind)\"" + paths.map { " " + $0.dump() }.joined() + ")"
    case .decoration(let kind, let paths):
      "(decoration \"\(kind)\"" + paths.map { " " + $0.dump() }.joined() + ")"
    case .flag(let name): "(flag \(name))"
    case .everything: "everything"
    }
  }
}

extension UpdateStep {
  func dump() -> String {
    func list(_ l: [Expr]) -> String { l.map { " " + $0.dump() }.joined() }
    let body: String
    switch kind {
    case .insertItems(let l): body = "insert-items" + list(l)
    case .deleteItems(let l): body = "delete-items" + list(l)
    case .reloadItems(let l): body = "reload-items" + list(l)
    case .moveItem(let a, let b): body = "move-item \(a.dump()) \(b.dump())"
    case .insertSections(let l, let items):
      body = "insert-sections" + list(l) + (items.map { " (items \($0.dump()))" } ?? "")
    case .deleteSections(let l): body = "delete-sections" + list(l)
    case .reloadSections(let l): body = "reload-sections" + list(l)
    case .moveSection(let a, let b): body = "move-section \(a.dump()) \(b.dump())"
    }
    return "(\(body)\(frames.map { " (frames \($0.dump()))" } ?? ""))"
  }
}

extension SnapshotStep {
  func dump() -> String {
    let frames = self.frames.map { " (frames \($0.dump()))" } ?? ""
    let body = entries.map { entry in
      switch entry.kind {
      case .section(let name, let items): " (section \(name.dump()) \(items.dump()))"
      case .reconfigure(let items): " (reconfigure \(items.dump()))"
      case .reload(let items): " (reload \(items.dump()))"
      }
    }.joined()
    return "(apply-snapshot\(frames)\(body))"
  }
}

extension GestureStep {
  func dump() -> String {
    func motion(_ axis: Axis?, _ e: Expr) -> String {
      (axis.map { "\($0) " } ?? "") + e.dump()
    }
    let body: String
    switch kind {
    case .drag(let axis, let e): body = "drag " + motion(axis, e)
    case .release(let axis, let e): body = "release" + (e.map { " " + motion(axis, $0) } ?? "")
    case .fling(let axis, let e): body = "fling " + motion(axis, e)
    case .flingSection(let s, let axis, let e):
      body = "fling-section \(s.dump()) " + motion(axis, e)
    case .dragSection(let s, let axis, let e):
      body = "drag-section \(s.dump()) " + motion(axis, e)
    case .releaseSection(let s, let axis, let e):
      body = "release-section \(s.dump())" + (e.map { " " + motion(axis, $0) } ?? "")
    }
    return "(\(body)\(frames.map { " (frames \($0.dump()))" } ?? ""))"
  }
}

extension ScrollSetting {
  func dump() -> String {
    switch self {
    case .paging(let on): "(paging \(on))"
    case .bounces(let on): "(bounces \(on))"
    case .prefetching(let on): "(prefetching \(on))"
    case .alwaysBounce(let vertical, let on):
      "(always-bounce \(vertical ? "vertical" : "horizontal") \(on))"
    case .deceleration(let fast, let rate):
      "(deceleration \(rate.map { $0.dump() } ?? (fast ? "fast" : "normal")))"
    case .frameRate(let e): "(frame-rate \(e.dump()))"
    }
  }
}

extension HookDecl {
  func dump(indent: Int) -> String {
    switch self {
    case .snap(let target): return "(snap (target \(target.dump())))"
    case .layoutChange(let target): return "(on-layout-change (target \(target.dump())))"
    case .willEndDragging(let target): return "(on-will-end-dragging (target \(target.dump())))"
    case .scroll(let condition, let body):
      let inner = body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return "(on-scroll" + (condition.map { " (when \($0.dump()))" } ?? "") + inner + ")"
    }
  }
}

extension DecorationTarget {
  func dump() -> String {
    switch self {
    case .eachSection: ""
    case .section(let e): " (section \(e.dump()))"
    case .indexPath(let e): " (at \(e.dump()))"
    }
  }
}

extension Statement {
  /// The dump of what a script attaches to a layout: recipes, decorations, transforms,
  /// triggers, text metrics, layers.
  func dumpAddition(_ pad: String, _ indent: Int) -> String {
    switch kind {
    case .ownsSections(let e): return pad + "(owns-sections \(e.dump()))"
    case .stickyHeaders(let on, let z):
      return pad + "(sticky-headers \(on ? "on" : "off")\(z.map { " (z \($0.dump()))" } ?? ""))"
    case .decoration(let d):
      return pad + "(decoration \"\(d.kind)\"\(d.target.dump()) (frame \(d.frame.dump()))"
        + (d.zIndex.map { " (z \($0.dump()))" } ?? "") + ")"
    case .invalidateTargets(let actions):
      return pad + "(invalidate" + actions.map { " " + $0.dump() }.joined() + ")"
    case .trigger(let t):
      return pad + "(invalidate-on \(t.sizeOnly ? "size" : "bounds")"
        + (t.condition.map { " (when \($0.dump()))" } ?? "")
        + t.actions.map { " " + $0.dump() }.joined() + ")"
    case .flagHandler(let flag, let kinds):
      return pad + "(on-invalidate \(flag.name)" + kinds.map { " \"\($0)\"" }.joined() + ")"
    case .textMetrics(let metrics):
      return pad + "(text-metrics"
        + metrics.map { " (\($0.keyword.spelling) \($0.value.dump()))" }.joined()
        + ")"
    case .layer(let name, let body):
      let inner = body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
      return pad + "(layer \(name.name)\(inner))"
    case .transform(let t):
      let word =
        switch t.moment {
        case .always: "transform"
        case .appearing: "appearing"
        case .disappearing: "disappearing"
        }
      return pad + "(\(word) \(t.selector.dump())" + t.operations.map { " " + $0.dump() }.joined()
        + ")"
    default: return pad + "(?)"
    }
  }
}
