import LayoutEngine

/// Layout and section properties: each keyword of the vocabulary becomes the UIKit setter
/// (or delegate answer) of the same meaning. The parser and the checker already know the
/// property's shape; this is the only place that knows what it does.
extension Interpreter {
  /// One property of `layout flow { … }` or `layout grid { … }`: the setter of the same
  /// meaning (it invalidates the layout when the value changes).
  func apply(_ property: LayoutProperty) throws(Diagnostic) {
    let kind: LayoutKind = grid != nil ? .grid : .flow
    guard property.keyword.layouts.contains(kind) else {
      throw .error(.noSuchProperty(kind, property.name), at: property.range)
    }
    if let grid {
      try applyGrid(property, grid)
    } else if let flow {
      try applyFlow(property, flow)
    }
  }

  func applyFlow(_ property: LayoutProperty, _ layout: CollectionViewFlowLayout) throws(Diagnostic)
  {
    let value = property.value
    switch property.keyword {
    case .scrollDirection:
      layout.scrollDirection =
        value.word == ScrollDirectionWord.horizontal.spelling
        ? .horizontal : .vertical
    case .itemSize:
      layout.itemSize = try itemSize(value.expression!, property.keyword.what)
    case .estimatedItemSize:
      layout.estimatedItemSize =
        try value.expression.map { e throws(Diagnostic) in try itemSize(e, property.keyword.what) }
        ?? CollectionViewFlowLayout.automaticSize
    case .metric(let metric):
      switch try metricValue(metric, value.expression!) {
      case .size(let size):
        if metric == .headerSize {
          layout.headerReferenceSize = size
        } else {
          layout.footerReferenceSize = size
        }
      case .insets(let insets): layout.sectionInset = insets
      case .number(let v):
        if metric == .lineSpacing {
          layout.minimumLineSpacing = v
        } else {
          layout.minimumInteritemSpacing = v
        }
      }
    case .insetReference:
      layout.sectionInsetReference =
        switch InsetReference(rawValue: value.word ?? "") {
        case .safeArea?: .fromSafeArea
        case .layoutMargins?: .fromLayoutMargins
        default: .fromContentInset
        }
    case .rows:
      if case .rows(let common, let last) = value {
        if let common { layout.commonRowHorizontalAlignment = Self.alignment(common) }
        if let last { layout.lastRowHorizontalAlignment = Self.alignment(last) }
      }
    case .lastRow:
      if let last = value.word.flatMap(RowAlignment.init(rawValue:)) {
        layout.lastRowHorizontalAlignment = Self.alignment(last)
      }
    case .itemAlignment:
      layout.rowVerticalAlignment =
        switch ItemAlignment(rawValue: value.word ?? "") {
        case .top?: .top
        case .bottom?: .bottom
        default: .center
        }
    case .pinHeaders: layout.sectionHeadersPinToVisibleBounds = value == .toggle(true)
    case .pinnedHeaderStop:
      layout.pinnedHeaderStop =
        value.word == PinnedHeaderStopWord.footerEnd.spelling ? .footerEnd : .footerStart
    case .pinFooters: layout.sectionFootersPinToVisibleBounds = value == .toggle(true)
    case .rowHeaderWidth, .columnHeaderHeight, .stickyRows, .stickyColumns, .shows: break
    }
  }

  /// `layout grid { … }`: the sticky grid's properties.
  func applyGrid(_ property: LayoutProperty, _ grid: ScriptStickyGridLayout) throws(Diagnostic) {
    let value = property.value
    switch property.keyword {
    case .itemSize:
      let expr = value.expression!
      let size = try sizeValue(expr, "the item size")
      try Validate.positiveSize(size, "the item size", expr.range, limits)
      grid.itemSize = size
    case .rowHeaderWidth: grid.rowHeaderWidth = try positive(value.expression!, property)
    case .columnHeaderHeight: grid.columnHeaderHeight = try positive(value.expression!, property)
    case .stickyRows: grid.stickyRowHeaders = value == .toggle(true)
    case .stickyColumns: grid.stickyColumnHeaders = value == .toggle(true)
    case .shows:
      grid.content =
        switch GridShows(rawValue: value.word ?? "") {
        case .cells?: .cells
        case .headers?: .headers
        default: .all
        }
    default: break
    }
  }

  func positive(_ expr: Expr, _ property: LayoutProperty) throws(Diagnostic) -> Double {
    let what = property.keyword.what
    let v = try spacingValue(expr, what)
    guard v > 0 else { throw .error(.mustBePositive(what), at: expr.range) }
    return v
  }

  func itemSize(_ expr: Expr, _ what: String) throws(Diagnostic) -> Size {
    let size = try sizeValue(expr, what)
    try Validate.itemSize(size, expr.range, limits)
    return size
  }

  /// A clause the layout and a section share, evaluated and range-checked once.
  func metricValue(_ metric: FlowMetric, _ expr: Expr) throws(Diagnostic) -> FlowMetricValue {
    switch metric {
    case .headerSize, .footerSize:
      let size = try sizeValue(expr, metric.what)
      try Validate.referenceSize(size, metric.what, expr.range, limits)
      return .size(size)
    case .insets: return .insets(try insetsValue(expr, metric.what))
    case .lineSpacing, .interitemSpacing: return .number(try spacingValue(expr, metric.what))
    }
  }

  /// One property of `section … { … }`: the delegate's answer for this section (FLOW-4).
  func apply(
    _ property: SectionProperty, to section: inout SectionModel, index: Int, count: Int
  ) throws(Diagnostic) {
    switch property.kind {
    case .items(.size, let itemsExpr, let sizeExpr):
      section.sizes.append(try sizeRule(itemsExpr, sizeExpr, section: index, count: count))
    case .items(.preferred, let itemsExpr, let sizeExpr):
      let items = try itemRange(itemsExpr, count: count)
      let size = try itemSize(sizeExpr, "a preferred size")
      section.preferred.append(PreferredRule(items: items, size: size, text: nil))
    case .items(.text, let itemsExpr, let textExpr):
      let items = try itemRange(itemsExpr, count: count)
      guard case .string(let text) = textExpr.kind else { return }
      section.preferred.append(PreferredRule(items: items, size: nil, text: text))
    case .metric(let metric, let expr):
      switch try metricValue(metric, expr) {
      case .size(let size):
        if metric == .headerSize { section.headerSize = size } else { section.footerSize = size }
      case .insets(let insets): section.inset = insets
      case .number(let v):
        if metric == .lineSpacing { section.lineSpacing = v } else { section.interitemSpacing = v }
      }
    }
  }
}

/// The value of a `FlowMetric` clause.
enum FlowMetricValue {
  case size(Size)
  case insets(EdgeInsets)
  case number(Double)
}

extension PropertyValue {
  var expression: Expr? {
    if case .expression(let e) = self { return e }
    return nil
  }

  var word: String? {
    if case .word(let w) = self { return w }
    return nil
  }
}
