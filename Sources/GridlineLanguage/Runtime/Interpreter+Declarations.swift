import LayoutEngine

extension Interpreter {
  /// Carries out `statement` when it is a declaration (the scene, a layout and what is
  /// attached to it, sections); false for a step.
  func declare(_ statement: Statement) throws(Diagnostic) -> Bool {
    let e = evaluator
    switch statement.kind {
    case .viewport(let expr):
      let size = try sizeValue(expr, "the viewport")
      try Validate.positiveSize(size, "the viewport", expr.range, limits)
      layers.setViewport(size)
    case .contentInset(let expr):
      layers.setContentInset(try insetsValue(expr, "the content inset"))
    case .safeArea(let expr):
      layers.setSafeArea(try insetsValue(expr, "the safe area"))
    case .layoutMargins(let expr):
      layers.setLayoutMargins(try insetsValue(expr, "the layout margins"))
    case .insetAdjustment(let behavior):
      let adjustment: ContentInsetAdjustmentBehavior =
        switch behavior {
        case .automatic: .automatic
        case .scrollableAxes: .scrollableAxes
        case .never: .never
        case .always: .always
        }
      layers.setInsetAdjustment(adjustment)
    case .scale(let expr):
      let scale = try e.number(expr)
      guard scale >= 0 && scale <= 16 else {
        throw .error("the display scale must be between 0 (no rounding) and 16", at: expr.range)
      }
      layers.setDisplayScale(scale)
    case .letBinding(let name, let expr):
      environment.lets[name.name] = try e.evaluate(expr)
    case .layout(let declaration):
      if declaration.kind.name == "grid" {
        if grid == nil { layers.install(ScriptStickyGridLayout()) }
      } else if flow == nil {
        layers.install(ScriptFlowLayout(layers.callbacks))
      }
      for property in declaration.properties { try apply(property) }
      layers.layoutIfNeeded()
    case .stickyHeaders(let on, let zExpr):
      try stickyHeaders(on, zExpr, statement.range)
    case .decoration(let declaration):
      try addDecoration(declaration, statement.range)
    case .transform(let declaration):
      layers.current.rules.append(try rule(declaration))
      layers.applyAdditions()
    case .trigger(let declaration):
      guard flow != nil else {
        throw .error("invalidation triggers need a flow layout", at: statement.range)
      }
      layers.current.triggers.append(declaration)
      layers.applyAdditions()
    case .flagHandler(let flag, let kinds):
      layers.current.handlers.append(FlagHandler(flag: flag.name, recomputeDecorationKinds: kinds))
      layers.applyAdditions()
    case .textMetrics(let metrics):
      try textMetrics(metrics)
    case .section(let declaration):
      try addSection(declaration)
    case .sections(let countExpr, let itemsExpr):
      try addSections(countExpr, itemsExpr, statement.range)
    default:
      return false
    }
    return true
  }

  /// The configured layer's layout when it is a flow layout (plain or the sticky recipe).
  var flow: CollectionViewFlowLayout? { layout as? CollectionViewFlowLayout }
  /// The configured layer's layout when it is the sticky grid.
  var grid: ScriptStickyGridLayout? { layout as? ScriptStickyGridLayout }

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
    if let grid {
      try applyGrid(property, grid)
      return
    }
    guard let layout = flow else { return }
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
    case .pin(let headers):
      if headers {
        layout.sectionHeadersPinToVisibleBounds = true
      } else {
        layout.sectionFootersPinToVisibleBounds = true
      }
    case .rowHeaderWidth, .columnHeaderHeight, .sticky, .shows:
      throw .error("the flow layout has no property '\(property.name)'", at: property.range)
    }
  }

  /// `layout grid { … }`: the sticky grid's properties.
  func applyGrid(_ property: LayoutProperty, _ grid: ScriptStickyGridLayout) throws(Diagnostic) {
    switch property.kind {
    case .itemSize(let expr):
      let size = try sizeValue(expr, "the item size")
      try Validate.positiveSize(size, "the item size", expr.range, limits)
      grid.itemSize = size
    case .rowHeaderWidth(let expr):
      let v = try spacingValue(expr, "the row header width")
      guard v > 0 else { throw .error("the row header width must be positive", at: expr.range) }
      grid.rowHeaderWidth = v
    case .columnHeaderHeight(let expr):
      let v = try spacingValue(expr, "the column header height")
      guard v > 0 else { throw .error("the column header height must be positive", at: expr.range) }
      grid.columnHeaderHeight = v
    case .sticky(let rows, let on):
      if rows { grid.stickyRowHeaders = on } else { grid.stickyColumnHeaders = on }
    case .shows(let what):
      grid.content = what == "cells" ? .cells : what == "headers" ? .headers : .all
    default:
      throw .error("the grid layout has no property '\(property.name)'", at: property.range)
    }
  }

  /// `layer NAME { … }`: selects (or adds, in front) the layer NAME and runs its layout
  /// declarations against it. The first layer replaces the implicit "main" layer when the

  static func alignment(_ a: RowAlignment) -> CollectionViewFlowLayout.RowHorizontalAlignment {
    switch a {
    case .justify: .justify
    case .left: .left
    case .center: .centered
    case .right: .right
    }
  }
}
