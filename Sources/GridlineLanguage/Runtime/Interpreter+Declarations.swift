import LayoutEngine

extension Interpreter {
  /// Carries out one statement (not `repeat`). Trace entries of multi-frame steps and the
  /// step's results are collected for `execute` to emit after the trace.
  func perform(_ statement: Statement, trace: inout [TraceEntry], results: inout [Output])
    throws(Diagnostic)
  {
    let e = evaluator
    switch statement.kind {
    case .viewport(let expr):
      let size = try sizeValue(expr, "the viewport")
      try Validate.positiveSize(size, "the viewport", expr.range, limits)
      viewport = size
      collectionView?.frame = Rect(origin: .zero, size: size)
    case .contentInset(let expr):
      contentInset = try insetsValue(expr, "the content inset")
      collectionView?.contentInset = contentInset
    case .safeArea(let expr):
      safeArea = try insetsValue(expr, "the safe area")
      collectionView?.safeAreaInsets = safeArea
    case .layoutMargins(let expr):
      layoutMargins = try insetsValue(expr, "the layout margins")
      collectionView?.layoutMargins = layoutMargins
    case .insetAdjustment(let behavior):
      insetAdjustment =
        switch behavior {
        case .automatic: .automatic
        case .scrollableAxes: .scrollableAxes
        case .never: .never
        case .always: .always
        }
      collectionView?.contentInsetAdjustmentBehavior = insetAdjustment
    case .scale(let expr):
      let scale = try e.number(expr)
      guard scale >= 0 && scale <= 16 else {
        throw .error("the display scale must be between 0 (no rounding) and 16", at: expr.range)
      }
      displayScale = scale
      collectionView?.displayScale = scale
    case .letBinding(let name, let expr):
      lets[name.name] = try e.evaluate(expr)
    case .layout(let declaration):
      for property in declaration.properties { try apply(property) }
      collectionView?.layoutIfNeeded()
    case .section(let declaration):
      try addSection(declaration)
    case .sections(let countExpr, let itemsExpr):
      let count = try Validate.count(
        try e.number(countExpr), "the number of sections", countExpr.range, max: limits.sections)
      let items = try Validate.count(
        try e.number(itemsExpr), "the number of items", itemsExpr.range, max: limits.totalItems)
      try reserve(sections: count, items: count * items, statement.range)
      data.sections += Array(repeating: SectionModel(count: items), count: count)
      data.totalItems += count * items
      dataDidChange()
    default:
      try performStep(statement, trace: &trace, results: &results)
    }
  }

  func sizeValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Size {
    let value = try evaluator.evaluate(expr)
    guard case .size(let size) = value else {
      throw .error("\(what) is a size (W x H), not \(value.type.rawValue)", at: expr.range)
    }
    return size
  }

  /// Insets: a labelled list, or one number for all four edges.
  func insetsValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> EdgeInsets {
    let value = try evaluator.evaluate(expr)
    let insets: EdgeInsets
    switch value {
    case .insets(let i): insets = i
    case .number(let n): insets = EdgeInsets(all: n)
    default:
      throw .error(
        "\(what) is insets, (top: …, left: …, bottom: …, right: …) or one number, not \(value.type.rawValue)",
        at: expr.range)
    }
    try Validate.insets(insets, what, expr.range, limits)
    return insets
  }

  func spacingValue(_ expr: Expr, _ what: String) throws(Diagnostic) -> Double {
    let v = try evaluator.number(expr)
    try Validate.finite(v, what, expr.range, limits)
    return v
  }

  /// One property of `layout flow { … }`: the `CollectionViewFlowLayout` setter of the same
  /// meaning (it invalidates the layout when the value changes).
  func apply(_ property: LayoutProperty) throws(Diagnostic) {
    switch property.kind {
    case .scrollDirection(let vertical):
      layout.scrollDirection = vertical ? .vertical : .horizontal
    case .itemSize(let expr):
      let size = try sizeValue(expr, "the item size")
      try Validate.itemSize(size, expr.range, limits)
      layout.itemSize = size
    case .estimatedItemSize(let expr):
      if let expr {
        let size = try sizeValue(expr, "the estimated item size")
        try Validate.itemSize(size, expr.range, limits)
        layout.estimatedItemSize = size
      } else {
        layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
      }
    case .lineSpacing(let expr):
      layout.minimumLineSpacing = try spacingValue(expr, "the line spacing")
    case .interitemSpacing(let expr):
      layout.minimumInteritemSpacing = try spacingValue(expr, "the interitem spacing")
    case .sectionInset(let expr):
      layout.sectionInset = try insetsValue(expr, "the section insets")
    case .insetReference(let reference):
      layout.sectionInsetReference =
        switch reference {
        case .contentInset: .fromContentInset
        case .safeArea: .fromSafeArea
        case .layoutMargins: .fromLayoutMargins
        }
    case .headerSize(let expr):
      let size = try sizeValue(expr, "the header size")
      try Validate.referenceSize(size, "the header size", expr.range, limits)
      layout.headerReferenceSize = size
    case .footerSize(let expr):
      let size = try sizeValue(expr, "the footer size")
      try Validate.referenceSize(size, "the footer size", expr.range, limits)
      layout.footerReferenceSize = size
    case .rows(let common, let last):
      if let common { layout.commonRowHorizontalAlignment = Self.alignment(common) }
      if let last { layout.lastRowHorizontalAlignment = Self.alignment(last) }
    case .itemAlignment(let alignment):
      layout.rowVerticalAlignment =
        switch alignment {
        case .top: .top
        case .center: .center
        case .bottom: .bottom
        }
    }
  }

  static func alignment(_ a: RowAlignment) -> CollectionViewFlowLayout.RowHorizontalAlignment {
    switch a {
    case .justify: .justify
    case .left: .left
    case .center: .centered
    case .right: .right
    }
  }

  func reserve(sections: Int, items: Int, _ range: SourceRange) throws(Diagnostic) {
    if data.sections.count + sections > limits.sections {
      throw .error("more than \(limits.sections) sections", at: range)
    }
    if data.totalItems + items > limits.totalItems {
      throw .error(
        "the collection view would hold \(data.totalItems + items) items; the limit is \(limits.totalItems)",
        at: range)
    }
  }

  /// `section ["name"] items N { … }`: the next section, with its delegate answers.
  func addSection(_ declaration: SectionDecl) throws(Diagnostic) {
    let e = evaluator
    let count = try Validate.count(
      try e.number(declaration.items), "the number of items", declaration.items.range,
      max: limits.totalItems)
    try reserve(sections: 1, items: count, declaration.items.range)
    var section = SectionModel(name: declaration.name, count: count)
    let index = data.sections.count
    for property in declaration.properties {
      switch property.kind {
      case .itemSize(let itemsExpr, let sizeExpr):
        section.sizes.append(try sizeRule(itemsExpr, sizeExpr, section: index, count: count))
      case .headerSize(let expr):
        let size = try sizeValue(expr, "the header size")
        try Validate.referenceSize(size, "the header size", expr.range, limits)
        section.headerSize = size
      case .footerSize(let expr):
        let size = try sizeValue(expr, "the footer size")
        try Validate.referenceSize(size, "the footer size", expr.range, limits)
        section.footerSize = size
      case .inset(let expr):
        section.inset = try insetsValue(expr, "the section insets")
      case .lineSpacing(let expr):
        section.lineSpacing = try spacingValue(expr, "the line spacing")
      case .interitemSpacing(let expr):
        section.interitemSpacing = try spacingValue(expr, "the interitem spacing")
      }
    }
    data.sections.append(section)
    data.totalItems += count
    dataDidChange()
  }

  /// `item LOW...HIGH size S`: the items must exist; S is evaluated now unless it reads
  /// `item` or `section`, in which case it is kept (compiled when it can be) and evaluated
  /// per item when the layout asks.
  func sizeRule(_ itemsExpr: Expr, _ sizeExpr: Expr, section: Int, count: Int) throws(Diagnostic)
    -> SizeRule
  {
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
          "the range \(a)...\(b) is empty (its start is after its end)", at: itemsExpr.range)
      }
      items = a...b
    case let other:
      throw .error(
        "expected an item or a range of items (0...2), not \(other.type.rawValue)",
        at: itemsExpr.range)
    }
    guard items.lowerBound >= 0, items.upperBound < count else {
      throw .error(
        "item \(items.lowerBound == items.upperBound ? "\(items.lowerBound)" : "\(items.lowerBound)...\(items.upperBound)") is outside the section, which has \(count) item\(count == 1 ? "" : "s")",
        at: itemsExpr.range)
    }
    if sizeExpr.mentions(["item", "section"]) {
      var rule = SizeRule(items: items, expression: sizeExpr)
      if case .size(let w, let h) = sizeExpr.kind {
        let constant: (String) -> Double? = { [lets] name in
          if case .number(let v)? = lets[name] { return v }
          return nil
        }
        if let fw = data.programs.compile(w, constant: constant),
          let fh = data.programs.compile(h, constant: constant)
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

  /// A per-item size expression with `item` and `section` bound.
  func evaluateItemSize(_ expr: Expr, item: Int, section: Int) throws(Diagnostic) -> Size {
    let scoped = ItemScope(base: self, item: item, section: section)
    let value = try Evaluator(environment: scoped).evaluate(expr)
    guard case .size(let size) = value else {
      throw .error("an item size is a size (W x H), not \(value.type.rawValue)", at: expr.range)
    }
    return size
  }

  /// The sections changed: a live collection view reloads (`reloadData()`), and asks the
  /// delegate only while some section declares metrics.
  func dataDidChange() {
    guard let cv = collectionView else { return }
    let wantsDelegate = data.sections.contains(where: \.hasMetrics)
    if wantsDelegate != (cv.delegate != nil) { cv.delegate = wantsDelegate ? delegate : nil }
    cv.reloadData()
  }
}

extension Expr {
  /// Whether any of `names` is read anywhere inside.
  func mentions(_ names: Set<String>) -> Bool {
    switch kind {
    case .name(let name): return names.contains(name)
    case .number, .string, .bool: return false
    case .unary(_, let a), .member(let a, _), .element(_, let a): return a.mentions(names)
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b):
      return a.mentions(names) || b.mentions(names)
    case .conditional(let a, let b, let c):
      return a.mentions(names) || b.mentions(names) || c.mentions(names)
    case .tuple(let items), .indexPath(let items): return items.contains { $0.mentions(names) }
    case .labeled(let entries): return entries.contains { $0.value.mentions(names) }
    case .call(_, let arguments): return arguments.contains { $0.value.mentions(names) }
    }
  }
}
