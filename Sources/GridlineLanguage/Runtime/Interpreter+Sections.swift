import LayoutEngine

/// Sections and what the flow delegate answers for them.
extension Interpreter {
  /// `sections N items M`: N sections of M items each, no metrics of their own.
  func addSections(_ countExpr: Expr, _ itemsExpr: Expr, _ range: SourceRange) throws(Diagnostic) {
    let e = evaluator
    let count = try Validate.count(
      try e.number(countExpr), "the number of sections", countExpr.range, max: limits.sections)
    let items = try Validate.count(
      try e.number(itemsExpr), "the number of items", itemsExpr.range, max: limits.totalItems)
    try reserve(sections: count, items: count * items, range)
    if data.isDiffable { throw .error(.mixedDataSource, at: range) }
    data.sections += Array(repeating: SectionModel(count: items), count: count)
    data.totalItems += count * items
    layers.dataDidChange()
  }

  /// `text metrics { … }`: the model self-sizing text cells are measured with.
  func textMetrics(_ metrics: [TextMetric]) throws(Diagnostic) {
    for metric in metrics {
      let v = try evaluator.number(metric.value)
      try Validate.finite(v, "the \(metric.keyword.spelling)", metric.value.range, limits)
      switch metric.keyword {
      case .characterWidth: data.metrics.characterWidth = v
      case .lineHeight: data.metrics.lineHeight = v
      case .padding: data.metrics.padding = v
      }
    }
  }

  func reserve(sections: Int, items: Int, _ range: SourceRange) throws(Diagnostic) {
    if data.sections.count + sections > limits.sections {
      throw .error(.tooManySections(limit: limits.sections), at: range)
    }
    try checkStoredItems(data.totalItems + items, layers: layers.count, range)
  }

  /// The item limit counts what is stored: every layer's collection view lays out every
  /// item (`Limits.totalItems`).
  func checkStoredItems(_ items: Int, layers: Int, _ range: SourceRange) throws(Diagnostic) {
    let stored = items.multipliedReportingOverflow(by: max(1, layers))
    guard stored.overflow || stored.partialValue > limits.totalItems else { return }
    throw .error(
      layers > 1
        ? .tooManyStoredItems(stored.partialValue, layers: layers, limit: limits.totalItems)
        : .tooManyItems(items, limit: limits.totalItems),
      at: range)
  }

  /// `section ["name"] items N { … }`: the next section, with its delegate answers.
  ///
  /// `section "NAME" items ["ID", …]` declares a diffable data source's section: a script's
  /// sections are all identified or all counted (`mixedDataSource`), and identifiers are
  /// unique across them — else UIKit's exception, as `appendSections`/`appendItems` raise.
  func addSection(_ declaration: SectionDecl) throws(Diagnostic) {
    let range = declaration.items.range
    let count: Int
    var identifiers: [String]?
    switch try evaluator.evaluate(declaration.items) {
    case .list(let items):
      guard let name = declaration.name else {
        throw .error(.identifiedSectionNeedsName, at: range)
      }
      if !data.sections.isEmpty && !data.isDiffable { throw .error(.mixedDataSource, at: range) }
      // What appendSections and appendItems raise, checked against the identifier index
      // (O(items), not a new snapshot of everything per section).
      if data.sections.contains(where: { $0.name == name }) {
        throw .exception(.duplicateIdentifiers([name], kind: "section"), at: range)
      }
      var seen: Set<String> = []
      var duplicates: Set<String> = []
      for item in items where !seen.insert(item).inserted || data.indexPath(ofItem: item) != nil {
        duplicates.insert(item)
      }
      if !duplicates.isEmpty {
        throw .exception(.duplicateIdentifiers(duplicates.sorted(), kind: "item"), at: range)
      }
      identifiers = items
      count = items.count
    case let value:
      guard case .number(let n) = value else {
        throw .error(
          .expects(
            "a section's items", "a number or a list of identifiers", not: value.type.rawValue),
          at: range)
      }
      if data.isDiffable { throw .error(.mixedDataSource, at: range) }
      count = try Validate.count(n, "the number of items", range, max: limits.totalItems)
    }
    try reserve(sections: 1, items: count, range)
    var section = SectionModel(name: declaration.name, count: count, identifiers: identifiers)
    let index = data.sections.count
    for property in declaration.properties {
      try apply(property, to: &section, index: index, count: count)
    }
    data.append(section)
    data.totalItems += count
    layers.dataDidChange()
  }

  /// `cells "ID" for items R [in section S]`: which identifier the data source dequeues
  /// those cells with; the items must exist, in section 0 unless said (DISP-3).
  func addCellIdentifiers(_ declaration: CellsDecl) throws(Diagnostic) {
    let identifier = try reuseIdentifier(declaration.identifier)
    var section = 0
    if let e = declaration.section {
      section = try wholeNumber(try evaluator.number(e), "a section", e.range)
    }
    guard data.sections.indices.contains(section) else {
      throw .error(
        .noSection(section, declared: data.sections.count, by: "the collection view has"),
        at: declaration.section?.range ?? declaration.items.range)
    }
    let items = try itemRange(declaration.items, count: data.sections[section].count)
    data.cellIdentifiers.append(
      CellIdentifierRule(section: section, items: items, identifier: identifier))
  }

  /// A reuse identifier: a string that is not empty.
  func reuseIdentifier(_ expr: Expr) throws(Diagnostic) -> String {
    let identifier = try string(expr, "a reuse identifier")
    guard !identifier.isEmpty else { throw .error(.emptyReuseIdentifier, at: expr.range) }
    return identifier
  }

  /// `item N` or `item LOW...HIGH`: whole numbers naming items of a section of `count`.
  func itemRange(_ itemsExpr: Expr, count: Int) throws(Diagnostic) -> ClosedRange<Int> {
    let items: ClosedRange<Int>
    switch try evaluator.evaluate(itemsExpr) {
    case .number(let n):
      let i = try wholeNumber(n, "an item", itemsExpr.range)
      items = i...i
    case .range(let low, let high):
      let a = try wholeNumber(low, "an item", itemsExpr.range)
      let b = try wholeNumber(high, "an item", itemsExpr.range)
      guard a <= b else {
        throw .error(
          .emptyRange(a, b), at: itemsExpr.range)
      }
      items = a...b
    case let other:
      throw .error(
        .expectedValue("an item or a range of items (0...2)", found: other.type.rawValue, ", not"),
        at: itemsExpr.range)
    }
    guard items.lowerBound >= 0, items.upperBound < count else {
      throw .error(
        .itemsOutside(
          items.lowerBound == items.upperBound
            ? "\(items.lowerBound)" : "\(items.lowerBound)...\(items.upperBound)", count: count),
        at: itemsExpr.range)
    }
    return items
  }

  /// `item LOW...HIGH size S`: the items must exist; S is evaluated now unless it reads
  /// `item` or `section`, in which case it is kept (compiled when it can be) and evaluated
  /// per item when the layout asks.
  func sizeRule(_ itemsExpr: Expr, _ sizeExpr: Expr, section: Int, count: Int) throws(Diagnostic)
    -> SizeRule
  {
    let items = try itemRange(itemsExpr, count: count)
    if sizeExpr.mentions(["item", "section"]) {
      var rule = SizeRule(items: items, expression: sizeExpr)
      if case .size(let w, let h) = sizeExpr.kind {
        let constant: (String) -> Double? = { [lets = environment.lets] name in
          if case .number(let v)? = lets[name] { return v }
          return nil
        }
        if let fw = NumericCode.compile(w, constant: constant),
          let fh = NumericCode.compile(h, constant: constant)
        {
          rule.compiled = (fw, fh)
        }
      }
      return rule
    }
    let size = try sizeValue(sizeExpr, "an item size")
    try Validate.itemSize(size, sizeExpr.range, limits)
    return SizeRule(items: items, constant: size)
  }

}

extension Expr {
  /// Whether any of `names` is read anywhere inside.
  func mentions(_ names: Set<String>) -> Bool {
    switch kind {
    case .name(let name): return names.contains(name)
    case .number, .string, .bool: return false
    case .unary(_, let a), .member(let a, _), .element(_, let a): return a.mentions(names)
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b),
      .subscript(let a, let b):
      return a.mentions(names) || b.mentions(names)
    case .conditional(let a, let b, let c):
      return a.mentions(names) || b.mentions(names) || c.mentions(names)
    case .tuple(let items), .indexPath(let items): return items.contains { $0.mentions(names) }
    case .labeled(let entries): return entries.contains { $0.value.mentions(names) }
    case .call(_, let arguments): return arguments.contains { $0.value.mentions(names) }
    case .method(let base, _, let arguments):
      return base.mentions(names) || arguments.contains { $0.value.mentions(names) }
    }
  }
}
