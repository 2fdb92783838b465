import LayoutEngine

/// The checks of declarations: the layout's and sections' properties, decorations,
/// triggers, layers and the counts of sections.
extension Checker {
  /// A viewport or a resize: a positive size.
  mutating func checkViewSize(_ e: Expr, _ what: String) {
    if let size = expectSize(e, what) {
      record(
        caught { () throws(Diagnostic) in try Validate.positiveSize(size, what, e.range, limits) })
    }
  }

  /// `let NAME = …`: the name's type, and its value while it is constant.
  mutating func bind(_ name: String, _ e: Expr) {
    let type = type(of: e)
    scope[name] = type
    var value = type == .error ? nil : fold(e)
    // The arrays kept stay small in all (`foldedArrayBudget`): the rest are no constants.
    if case .array(let numbers)? = value {
      if foldedArrayElements + numbers.count > Self.foldedArrayBudget {
        value = nil
      } else {
        foldedArrayElements += numbers.count
      }
    }
    constants[name] = value
  }

  /// Statements that only the flow layout has.
  mutating func requireFlow(_ message: Message, _ range: SourceRange) {
    if layoutKind != .flow { report(message, at: range) }
  }

  mutating func check(_ d: DecorationDecl, _ range: SourceRange) {
    requireFlow(.needsFlowLayout("decorations"), range)
    switch d.target {
    case .eachSection: break
    case .section(let e): _ = expectWholeNumber(e, "the decoration's section")
    case .indexPath(let e):
      // Sections may come later: a place outside the data has no view, as a layout that
      // answers nothing there.
      _ = expect(e, .indexPath, "the decoration's place")
    }
    inDecoration = true
    let t = type(of: d.frame)
    inDecoration = false
    if t != .rect && t != .error {
      report(
        .isNot("a decoration's frame", "a rect", article(t)), at: d.frame.range,
        help: "e.g. frame = inset(section.items, -8)")
    }
    if let z = d.zIndex { _ = expectWholeNumber(z, "the zIndex") }
  }

  mutating func check(_ t: TriggerDecl, _ range: SourceRange) {
    if !inCustomLayout { requireFlow(.needsFlowLayout("invalidation triggers"), range) }
    inTrigger = true
    if let c = t.condition { _ = expect(c, .bool, "'when'") }
    // Sections may come later: the paths are checked when the trigger fires.
    for action in t.actions { check(action, ranges: false) }
    inTrigger = false
  }

  /// `text metrics { … }`: positive widths and heights; padding may be zero.
  mutating func check(_ metrics: [TextMetric]) {
    for m in metrics {
      let what = "the \(m.keyword.spelling)"
      if case .number(let v)? = expect(m.value, .number, what),
        !(v >= 0) || (m.keyword != .padding && !(v > 0))
      {
        report(.mustBePositive(what), at: m.value.range)
      }
    }
  }

  /// `layer NAME { … }`: only its layout's declarations, checked against the layer's kind.
  mutating func checkLayer(_ name: String, _ body: [Statement]) {
    let outer = layoutKind
    let outerLayer = checkingLayer
    checkingLayer = name
    inLayerBlock = true
    defer { (checkingLayer, inLayerBlock) = (outerLayer, false) }
    layoutKind = layerKinds[name] ?? .flow
    for inner in body {
      switch inner.kind {
      case .layout, .customLayout, .stickyHeaders, .decoration, .transform, .letBinding, .trigger,
        .flagHandler, .touchSetting(.touches), .contentInset, .ownsSections:
        check(inner)
      default:
        report(.layerContents, at: inner.range)
      }
    }
    layerKinds[name] = layoutKind
    layoutKind = outer
  }

  /// A named layout: one declaration per name. Returns the kind the layer's layout has
  /// after it — the new one when it is the layer's first named layout (it is installed),
  /// the current one otherwise (it waits for `switch layout`).
  mutating func checkNamedLayout(_ name: Identifier, _ kind: LayoutKind) -> LayoutKind {
    if layoutNames[name.name] != nil {
      report(.layoutDeclaredTwice(name.name), at: name.range)
    }
    layoutNames[name.name] = kind
    if layersWithNamedLayout.contains(checkingLayer) { return layoutKind }
    layersWithNamedLayout.insert(checkingLayer)
    return kind
  }

  /// Appearing and disappearing rules run through a flow layout's update hooks: a layout of
  /// another kind cannot be installed while the script has them.
  mutating func checkTakesUpdateRules(_ kind: LayoutKind, _ range: SourceRange) {
    if kind != .flow && sawUpdateRules {
      report(.needsFlowLayout("appearing and disappearing rules"), at: range)
    }
  }

  /// `switch layout NAME [over N frames]`: a declared name, and at least one frame.
  mutating func checkSwitchLayout(_ name: Identifier, _ frames: Expr?) {
    if let kind = layoutNames[name.name] {
      layoutKind = kind
      layersWithNamedLayout.insert(checkingLayer)
      checkTakesUpdateRules(kind, name.range)
    } else {
      report(
        .unknownLayout(name.name), at: name.range,
        help: suggestion(for: name.name, among: layoutNames.keys.sorted()))
    }
    if let frames, let n = expectCount(frames, "the number of frames", max: limits.frames), n == 0 {
      report(.switchNeedsFrames, at: frames.range)
    }
  }

  mutating func checkSections(_ count: Expr, _ items: Expr, _ range: SourceRange) {
    let n = expectCount(count, "the number of sections", max: limits.sections)
    let m = expectCount(items, "the number of items", max: limits.totalItems)
    noteSections(identified: false, adds: n.map { $0 > 0 }, at: range)
    if let n, let m, repeatDepth == 0, counts != nil {
      counts! += Array(repeating: m, count: n)
      countedItems += n * m
      checkTotal(at: range)
    } else {
      counts = nil
    }
  }

  /// A block that may run many times: the sections it declares have no static count.
  mutating func checkRepeated(_ body: [Statement]) {
    repeatDepth += 1
    for inner in body { check(inner) }
    repeatDepth -= 1
  }

  /// A layout property: one the layout has, with a value its shape and rule accept.
  mutating func check(_ property: LayoutProperty, in kind: LayoutKind) {
    guard property.keyword.layouts.contains(kind) else {
      report(.noSuchProperty(kind, property.name), at: property.range)
      return
    }
    guard case .expression(let e) = property.value else { return }
    switch property.keyword.shape {
    case .expression(let rule), .expressionOr(let rule, _):
      check(e, rule, property.keyword.what)
    default: break
    }
  }

  /// An expression of a property: its type, and its range while it is constant.
  mutating func check(_ e: Expr, _ rule: ValueRule, _ what: String) {
    switch rule {
    case .number: _ = expect(e, .number, what)
    case .wholeNumber: _ = expectWholeNumber(e, what)
    case .positiveNumber:
      if case .number(let v)? = expect(e, .number, what), !(v > 0) {
        report(.mustBePositive(what), at: e.range)
      }
    case .insets: expectInsets(e, what)
    case .itemSize:
      if let size = expectSize(e, what) {
        record(caught { () throws(Diagnostic) in try Validate.itemSize(size, e.range, limits) })
      }
    case .referenceSize: expectReferenceSize(e, what)
    }
  }

  /// `section ["NAME"] items N` or `section "NAME" items ["ID", …]` (a diffable data
  /// source's section, which needs its identifier).
  mutating func check(_ declaration: SectionDecl) {
    let count: Int?
    switch type(of: declaration.items) {
    case .list:
      if case .list(let identifiers)? = constant(declaration.items) {
        count = identifiers.count
      } else {
        count = nil
      }
      if declaration.name == nil {
        report(.identifiedSectionNeedsName, at: declaration.items.range)
      } else {
        noteSections(identified: true, adds: true, at: declaration.items.range)
      }
    case .number:
      noteSections(identified: false, adds: true, at: declaration.items.range)
      count = expectCount(declaration.items, "the number of items", max: limits.totalItems)
    case .error:
      count = expectCount(declaration.items, "the number of items", max: limits.totalItems)
    case let other:
      report(
        .expects("a section's items", "a number or a list of identifiers", not: article(other)),
        at: declaration.items.range)
      count = nil
    }
    for property in declaration.properties {
      switch property.kind {
      case .items(let clause, let items, let value):
        checkItems(items, count: count)
        check(clause, value)
      case .metric(let metric, let e): check(e, metric.rule, metric.what)
      }
    }
    if let count, repeatDepth == 0, counts != nil {
      counts!.append(count)
      countedItems += count
      checkTotal(at: declaration.items.range)
    } else {
      counts = nil
    }
  }

  /// `register cell "ID"`, `cells "ID" …`: a string, not empty (DISP-3).
  mutating func checkReuseIdentifier(_ e: Expr) {
    if case .string(let text)? = expect(e, .string, "a reuse identifier"), text.isEmpty {
      report(.emptyReuseIdentifier, at: e.range)
    }
  }

  /// `cells "ID" for items R [in section S]`: the items of an existing section, section 0
  /// unless said.
  mutating func check(_ declaration: CellsDecl) {
    checkReuseIdentifier(declaration.identifier)
    var section: Int? = 0
    if let e = declaration.section { section = expectWholeNumber(e, "the section") }
    var count: Int?
    if let section, let counts {
      if counts.indices.contains(section) {
        count = counts[section]
      } else {
        report(
          .noSection(section, declared: counts.count, by: "the script declares"),
          at: declaration.section?.range ?? declaration.items.range)
      }
    }
    checkItems(declaration.items, count: count)
  }

  /// The value of `item ITEMS size|preferred|text …`.
  mutating func check(_ clause: ItemClause, _ value: Expr) {
    switch clause {
    case .size:
      inItemSize = true
      let sizeType = type(of: value)
      inItemSize = false
      if sizeType != .size && sizeType != .error {
        report(
          .isNot("an item size", "a size (W x H)", sizeType.rawValue), at: value.range)
      } else if !value.mentions(["item", "section"]), case .size(let s)? = constant(value) {
        record(caught { () throws(Diagnostic) in try Validate.itemSize(s, value.range, limits) })
      }
    case .preferred:
      if let s = expectSize(value, "a preferred size") {
        record(caught { () throws(Diagnostic) in try Validate.itemSize(s, value.range, limits) })
      }
    case .text: break
    }
  }

}
