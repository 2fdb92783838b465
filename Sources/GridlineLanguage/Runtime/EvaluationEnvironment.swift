import LayoutEngine

/// The names an expression may read besides `let` values, and what each is in UIKit.
enum StateName: String, CaseIterable {
  /// The collection view's frame size.
  case viewport
  /// `bounds`: the visible rect in content coordinates (SV-1).
  case bounds
  /// `contentOffset`.
  case offset
  /// `contentSize`.
  case content
  /// `contentInset`.
  case inset
  /// `adjustedContentInset` (SV-2).
  case adjustedInset
  /// `safeAreaInsets`.
  case safeArea
  /// `numberOfSections`.
  case sections
  /// How many elements are displayed.
  case visible
  /// How many attributes the layouts recomputed in the previous step (all layers).
  case recomputed
  /// The update items of the last batch (BATCH-9), as `prepare(forCollectionViewUpdates:)`
  /// received them: `["D(0,1)", "I(0,0)", "M(0,5)->(1,0)"]`.
  case updates
  /// `indexPathsForSelectedItems` of every layer, sorted.
  case selection
  /// The script's pasteboard: the index path the last `copy:` or `cut:` of the editing
  /// menu took, or nothing.
  case clipboard

  var type: ValueType {
    switch self {
    case .viewport, .content: .size
    case .bounds: .rect
    case .offset: .point
    case .inset, .adjustedInset, .safeArea: .insets
    case .sections, .visible, .recomputed: .number
    case .updates: .list
    case .selection: .indexPaths
    case .clipboard: .indexPath
    }
  }
}

/// What expressions read: the `let` values, then the scene's and the collection views'
/// state (`StateName`), the elements' attributes, and what the last step did. Reading state
/// that needs a layout makes the collection views live, as UIKit lays out on first access.
final class EvaluationEnvironment: Environment {
  /// What `let` bound, by name; bound through `bindLet(_:_:)`, which keeps the counts.
  private(set) var lets: [String: Value] = [:]
  /// The numbers the `let`s' arrays hold and the bytes of their strings, kept as they are
  /// bound: every REPL entry starts its count with them, and summing them there would
  /// walk every `let` at every entry.
  private(set) var keptArrayElements = 0
  private(set) var keptStringBytes = 0

  /// `let NAME = value` (or the REPL's `_`): the name is bound to `value` from now on.
  func bindLet(_ name: String, _ value: Value) {
    let old = lets.updateValue(value, forKey: name)
    if let old { keep(old, -1) }
    keep(value, 1)
  }

  private func keep(_ value: Value, _ sign: Int) {
    switch value {
    case .array(let numbers): keptArrayElements += sign * numbers.count
    case .string(let s): keptStringBytes += sign * s.utf8.count
    default: break
    }
  }
  let data: ScriptData
  let layers: LayerSet
  /// For `recomputed` and `trace.count`: what the last step that acted did.
  let runner: StepRunner
  var stringLength: Int { data.limits.stringLength }
  var arrayLength: Int { data.limits.arrayLength }

  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    try runner.countArrayElements(count, at: range)
  }

  /// A scan of an array is work by its length (`Limits.scanSteps`).
  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic) {
    try runner.countWork(Limits.scanSteps(elements), at: range)
  }

  init(data: ScriptData, layers: LayerSet, runner: StepRunner) {
    self.data = data
    self.layers = layers
    self.runner = runner
  }

  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
    if let value = lets[name] { return value }
    guard let state = StateName(rawValue: name) else { return nil }
    let scene = layers.scene
    switch state {
    case .viewport: return .size(scene.viewport)
    case .inset: return .insets(scene.contentInset)
    case .safeArea: return .insets(scene.safeArea)
    case .sections: return .number(Double(data.sections.count))
    case .bounds: return .rect(layers.live().bounds)
    case .offset: return .point(layers.live().contentOffset)
    case .content: return .size(layers.live().contentSize)
    case .adjustedInset: return .insets(layers.live().adjustedContentInset)
    case .visible:
      layers.live()
      return .number(Double(layers.views.reduce(0) { $0 + $1.visibleElements.count }))
    case .recomputed:
      return .number(Double(runner.lastRecomputed.reduce(0) { $0 + $1.count }))
    case .updates:
      return .list(data.lastBatch?.updateItems.map(\.description) ?? [])
    case .selection:
      layers.live()
      return .indexPaths(Set(layers.views.flatMap(\.indexPathsForSelectedItems)).sorted())
    case .clipboard:
      // Value.none, not Optional.none: an empty pasteboard reads as `nothing`.
      return layers.delegate.clipboard.map { .indexPath(section: $0.section, item: $0.item) }
        ?? Value.none
    }
  }

  func isItem(_ path: IndexPath, selected: Bool) -> Bool {
    layers.live()
    return layers.views.contains {
      selected ? $0.isItemSelected(at: path) : $0.isItemHighlighted(at: path)
    }
  }

  func indexPath(ofItem identifier: String, at range: SourceRange) throws(Diagnostic) -> IndexPath {
    guard let path = data.indexPath(ofItem: identifier) else {
      throw .error(.noItemIdentifier(identifier), at: range)
    }
    return path
  }

  /// BATCH-3's map of the last batch UIKit accepted: `after` maps an old index path to its
  /// new one, otherwise a new one to its old one; nothing for a deleted (or inserted) item,
  /// and before any batch. A section path (`[s]`, no item) maps the section.
  func acrossLastUpdate(section: Int, item: Int?, after: Bool) -> Value {
    guard let mapping = data.lastBatch else { return .none }
    guard let item else {
      let s = after ? mapping.newSection(forOld: section) : mapping.oldSection(forNew: section)
      return s.map { .indexPath(section: $0, item: nil) } ?? .none
    }
    let path = IndexPath(item: item, section: section)
    guard let p = after ? mapping.newIndexPath(forOld: path) : mapping.oldIndexPath(forNew: path)
    else { return .none }
    return .indexPath(section: p.section, item: p.item)
  }

  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  {
    let cv = layers.live()
    guard section >= 0 && section < data.sections.count else {
      throw .error(
        .noSection(section, declared: data.sections.count, by: "the collection view has"),
        at: range)
    }
    let path = IndexPath(item: item, section: section)
    // What is on screen is what the views show: the attributes the layout returned for
    // the displayed set (for the sticky recipe, its moved headers). Elements not displayed
    // are asked of the layout one by one.
    let key: ElementKey
    switch selector {
    case .item: key = .cell(path)
    case .header:
      key = ElementKey(
        category: .supplementaryView, kind: ElementKind.sectionHeader, indexPath: path)
    case .footer:
      key = ElementKey(
        category: .supplementaryView, kind: ElementKind.sectionFooter, indexPath: path)
    case .supplementary(let kind):
      key = ElementKey(category: .supplementaryView, kind: kind, indexPath: path)
    case .decoration(let kind):
      key = ElementKey(category: .decorationView, kind: kind, indexPath: path)
    }
    for layer in (layers.stack?.layers ?? []).reversed() {
      if let shown = layer.collectionView.displayedAttributes(for: key) { return shown }
    }
    switch selector {
    case .item:
      let count = data.sections[section].count
      guard item >= 0 && item < count else {
        throw .error(
          .noItem(section, item, count: count),
          at: range)
      }
      // The layer that has the section's items, if one owns it, knows the item.
      let owner = layers.collectionView(owning: section) ?? cv
      guard let attributes = owner.layoutAttributesForItem(at: path) else {
        throw .error(.noAttributes(section, item), at: range)
      }
      return attributes
    case .decoration(let kind):
      guard let attributes = cv.layoutAttributesForDecorationElement(ofKind: kind, at: path) else {
        throw .error(.noDecoration(section, kind), at: range)
      }
      return attributes
    case .header, .footer, .supplementary:
      guard
        let attributes = cv.layoutAttributesForSupplementaryElement(
          ofKind: selector.supplementaryKind ?? "", at: path)
      else { throw selector.absent(inSection: section, at: range) }
      return attributes
    }
  }

  /// The cell whose centre is nearest to a coordinate on the layout's scroll axis (a flow's
  /// direction, else vertical) or to a point, asked of the layout in a band around it that
  /// widens until it holds a cell or covers the content; ties go to the first index path.
  func nearestItem(to target: Value, at range: SourceRange) throws(Diagnostic) -> LayoutAttributes {
    let cv = layers.live()
    let layout = cv.collectionViewLayout
    let horizontal = (layout as? CollectionViewFlowLayout)?.scrollDirection == .horizontal
    let distance: (LayoutAttributes) -> Double
    let around: (Double) -> Rect
    let content = Rect(origin: .zero, size: cv.contentSize).union(cv.bounds)
    switch target {
    case .number(let c):
      distance = { abs((horizontal ? $0.center.x : $0.center.y) - c) }
      around = { r in
        horizontal
          ? Rect(x: c - r, y: content.minY, width: 2 * r, height: content.height)
          : Rect(x: content.minX, y: c - r, width: content.width, height: 2 * r)
      }
    case .point(let p):
      distance = {
        (($0.center.x - p.x) * ($0.center.x - p.x) + ($0.center.y - p.y) * ($0.center.y - p.y))
          .squareRoot()
      }
      around = { r in Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r) }
    default:
      throw .error(
        .argumentType("nearest", "takes a coordinate or a point, not \(target.type.rawValue)"),
        at: range)
    }
    var reach = max(cv.bounds.width, cv.bounds.height, 1)
    while true {
      let band = around(reach)
      var best: LayoutAttributes?
      var bestDistance = Double.infinity
      for a in layout.layoutAttributesForElements(in: band)
      where a.representedElementCategory == .cell {
        let d = distance(a)
        if d < bestDistance
          || (d == bestDistance && best.map { a.indexPath < $0.indexPath } ?? true)
        {
          best = a
          bestDistance = d
        }
      }
      if let best { return best }
      if band.contains(content) || !reach.isFinite { throw .error(.noItemNear, at: range) }
      reach *= 4
    }
  }

  /// `elements(in: r)`: the front layer's layout asked as the collection view asks it
  /// (traced), its answer in its order (LAY-5 lets a layout choose the order). Answers
  /// longer than the row limit are refused rather than held.
  func elements(in rect: Rect, at range: SourceRange) throws(Diagnostic) -> [LayoutAttributes] {
    for v in [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] {
      try Validate.finite(v, "the query rect", range, data.limits)
    }
    let answer = layers.live().layoutAttributesForElements(in: rect)
    try runner.countWork(answer.count, at: range)
    guard answer.count <= data.limits.rows else {
      throw .error(.overLimit("the answer", answer.count, limit: data.limits.rows), at: range)
    }
    return answer
  }

  func hit(_ point: Point, at range: SourceRange) throws(Diagnostic) -> IndexPath? {
    try Validate.finite(point.x, "the point", range, data.limits)
    try Validate.finite(point.y, "the point", range, data.limits)
    layers.live()
    return layers.stack?.indexPathForItem(at: point)?.indexPath
  }

  func traceCount(_ call: String, at range: SourceRange) throws(Diagnostic) -> Int {
    runner.lastTally.count(call)
  }

  /// The front layer's: its layout must be compositional and the section scroll across.
  func orthogonalOffset(ofSection section: Int, at range: SourceRange) throws(Diagnostic)
    -> Double
  {
    let layout = try orthogonalLayout(of: layers.live(), section: section, at: range)
    let offset = layout.orthogonalContentOffset(forSection: section)
    return layout.scrollerAxis == .x ? offset.x : offset.y
  }

  /// Summed over the layers: each collection view has its own pools.
  func reusePool(_ identifier: String, at range: SourceRange) throws(Diagnostic) -> Int {
    layers.views.reduce(0) { $0 + $1.reusableCellCount(withReuseIdentifier: identifier) }
  }

  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int {
    guard section >= 0 && section < data.sections.count else {
      throw .error(
        .noSection(section, declared: data.sections.count, by: "the collection view has"),
        at: range)
    }
    return data.sections[section].count
  }
}

/// The environment of an expression the layout evaluates while it works: a per-item size
/// (`item` and `section` are numbers), a decoration's frame (`section` is the section's
/// geometry) or an invalidation trigger's condition (`old` and `new` are the bounds). Its
/// own names come first, then the interpreter's; elements cannot be read.
struct LocalScope: Environment {
  var stringLength: Int { base.stringLength }
  var arrayLength: Int { base.arrayLength }
  enum Bindings {
    case item(Int, section: Int)
    /// A decoration's frame: the section's geometry, and the flow layout computing it,
    /// whose elements the frame may read (they are laid out before the decorations).
    case section(FlowSectionGeometry, layout: CollectionViewFlowLayout?)
    case bounds(old: Rect, new: Rect)
    /// A live transform: the element it restyles, and its collection view's bounds.
    case element(LayoutAttributes, bounds: Rect)
    /// An adaptive compositional section: the size of its container (`environment`).
    case environment(Size)
    /// A custom group's item provider: the group's own size (`environment`, COMP-7).
    case customGroup(Size)
    /// `on visible items { … }`: one element the handler is given.
    case visibleItem(VisibleItemBinding)
  }

  let base: EvaluationEnvironment
  let bindings: Bindings

  /// Where the expression stands, for diagnostics.
  var place: String {
    switch bindings {
    case .item: "an item size"
    case .section: "a decoration's frame"
    case .bounds: "an invalidation trigger"
    case .element: "a transform"
    case .environment: "a section provider"
    case .customGroup: "a custom group"
    case .visibleItem: "a visible-items handler"
    }
  }

  /// Sizes and decorations are asked for mid-prepare, where state that needs a layout pass
  /// is not available; a trigger runs between passes and may read it.
  var canReadLayoutState: Bool {
    if case .bounds = bindings { return true }
    return false
  }

  func value(of name: String, at range: SourceRange) throws(Diagnostic) -> Value? {
    switch (bindings, name) {
    case (.item(let item, _), "item"): return .number(Double(item))
    case (.item(_, let section), "section"): return .number(Double(section))
    case (.section(let geometry, _), "section"): return .section(geometry)
    case (.bounds(let old, _), "old"): return .rect(old)
    case (.bounds(_, let new), "new"): return .rect(new)
    case (.environment(let size), ProviderName.environment.spelling),
      (.customGroup(let size), ProviderName.environment.spelling):
      return .size(size)
    case (.element(let a, let bounds), _):
      if let value = Self.value(of: name, a, bounds) { return value }
    case (.visibleItem(let v), _):
      if let value = v.value(of: name) { return value }
    default: break
    }
    if !canReadLayoutState, let state = StateName(rawValue: name), base.lets[name] == nil,
      [.bounds, .offset, .content, .adjustedInset, .visible, .recomputed].contains(state)
    {
      throw .error(.notAvailable(name, inside: place), at: range)
    }
    return try base.value(of: name, at: range)
  }

  /// A live transform's own names, and the bounds it answers for (not the interpreter's
  /// collection view's: each layer's layout has its own).
  private static func value(of name: String, _ a: LayoutAttributes, _ bounds: Rect) -> Value? {
    switch name {
    case "frame": .rect(a.frame)
    case "center": .point(a.center)
    case "item": .number(Double(a.representedElementCategory == .cell ? a.indexPath.item : 0))
    case "section": .number(Double(a.indexPath.section))
    case "bounds": .rect(bounds)
    case "offset": .point(bounds.origin)
    default: nil
    }
  }

  func element(_ selector: ElementSelector, section: Int, item: Int, at range: SourceRange)
    throws(Diagnostic) -> LayoutAttributes
  {
    guard case .section(_, let layout?) = bindings else {
      throw .error(.elementsUnavailable(inside: place), at: range)
    }
    return try Self.laidOut(selector, IndexPath(item: item, section: section), in: layout, range)
  }

  /// A decoration's frame reads what the flow laid out before its decorations — seed 003
  /// builds a section's background from its first and last items' attributes, asking the
  /// layout itself (`layoutAttributesForItem(at:)`, restyled as any answer is). The other
  /// decorations are what the pass is computing: not readable (the checker says so too).
  private static func laidOut(
    _ selector: ElementSelector, _ path: IndexPath, in layout: CollectionViewFlowLayout,
    _ range: SourceRange
  ) throws(Diagnostic) -> LayoutAttributes {
    let sections = layout.numberOfLaidOutSections
    guard (0..<sections).contains(path.section) else {
      throw .error(
        .noSection(path.section, declared: sections, by: "the layout laid out"), at: range)
    }
    switch selector {
    case .item:
      let count = layout.collectionView?.numberOfItems(inSection: path.section) ?? 0
      guard (0..<count).contains(path.item) else {
        throw .error(.noItem(path.section, path.item, count: count), at: range)
      }
      guard let attributes = layout.layoutAttributesForItem(at: path) else {
        throw .error(.noAttributes(path.section, path.item), at: range)
      }
      return attributes
    case .header, .footer, .supplementary:
      guard
        let attributes = layout.layoutAttributesForSupplementaryView(
          ofKind: selector.supplementaryKind ?? "", at: path)
      else { throw selector.absent(inSection: path.section, at: range) }
      return attributes
    case .decoration:
      throw .error(.decorationReadsDecoration, at: range)
    }
  }

  func itemCount(inSection section: Int, at range: SourceRange) throws(Diagnostic) -> Int {
    try base.itemCount(inSection: section, at: range)
  }

  /// A transform restyles the layout's answers, after the scroller moved: it may read it.
  func orthogonalOffset(ofSection section: Int, at range: SourceRange) throws(Diagnostic)
    -> Double
  {
    guard case .element = bindings else {
      throw .error(.elementsUnavailable(inside: place), at: range)
    }
    return try base.orthogonalOffset(ofSection: section, at: range)
  }

  func countArray(_ count: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countArray(count, at: range)
  }

  func countScan(_ elements: Int, at range: SourceRange) throws(Diagnostic) {
    try base.countScan(elements, at: range)
  }
}

/// What `on visible items { … }` reads of one element (COMP-14): its frame and centre where
/// the handler sees them (an orthogonal section's in its scroller's content), its index
/// path and kind, the handler's offset and the container's size (`environment`).
struct VisibleItemBinding {
  var frame: Rect
  var center: Point
  var item: Int
  var section: Int
  var kind: String
  var offset: Point
  var container: Size

  init(_ item: CollectionLayoutVisibleItem, offset: Point, container: Size) {
    frame = item.frame
    center = item.center
    // The index path's item, as the visible item's (a badge has its item's, a header 0).
    self.item = item.indexPath.item
    section = item.indexPath.section
    // As the script writes it: UIKit's cell, section header and footer kinds by their
    // words, any other kind as its string.
    kind =
      switch item.representedElementKind {
      case nil: "cell"
      case ElementKind.sectionHeader?: "header"
      case ElementKind.sectionFooter?: "footer"
      case let other?: other
      }
    self.offset = offset
    self.container = container
  }

  func value(of name: String) -> Value? {
    if let own = ElementRuleName(rawValue: name) {
      return switch own {
      case .frame: .rect(frame)
      case .center: .point(center)
      case .item: .number(Double(item))
      case .section: .number(Double(section))
      }
    }
    switch name {
    case VisibleItemName.kind.spelling: return .string(kind)
    case StateName.offset.rawValue: return .point(offset)
    case ProviderName.environment.spelling: return .size(container)
    default: return nil
    }
  }
}

extension ElementSelector {
  /// The kind of a header, footer or other supplementary view; nil for cells and
  /// decorations.
  var supplementaryKind: String? {
    switch self {
    case .header: ElementKind.sectionHeader
    case .footer: ElementKind.sectionFooter
    case .supplementary(let kind): kind
    case .item, .decoration: nil
    }
  }

  /// What to say of a section that has no such supplementary view.
  func absent(inSection section: Int, at range: SourceRange) -> Diagnostic {
    let what =
      self == .header
      ? "header" : self == .footer ? "footer" : "\"\(supplementaryKind ?? "")\" element"
    return .error(
      .sectionHasNo(section, what), at: range,
      help: self == .header || self == .footer
        ? "its \(what) size is zero; set '\(what) size' in the layout or the section" : nil)
  }
}
