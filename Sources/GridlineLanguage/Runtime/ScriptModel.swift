import LayoutEngine

/// One declared section: its count and what the flow delegate answers for it (FLOW-4).
struct SectionModel {
  var name: String?
  var count: Int
  /// Later rules win where ranges overlap.
  var sizes: [SizeRule] = []
  var headerSize: Size?
  var footerSize: Size?
  var inset: EdgeInsets?
  var lineSpacing: Double?
  var interitemSpacing: Double?
  /// Self-sizing: what the cells report (later rules win).
  var preferred: [PreferredRule] = []

  /// True when the section answers any delegate question.
  var hasMetrics: Bool {
    !sizes.isEmpty || headerSize != nil || footerSize != nil || inset != nil
      || lineSpacing != nil || interitemSpacing != nil
  }
}

/// `item LOW...HIGH size …`: a constant size, or a per-item expression of `item`/`section`.
struct SizeRule {
  var items: ClosedRange<Int>
  var constant: Size?
  /// The size expression, for diagnostics and the general evaluator.
  var expression: Expr?
  /// The same, compiled to a numeric program per axis when it only needs numbers.
  var compiled: (width: NumericProgram, height: NumericProgram)?
}

/// `item N preferred W x H` or `item N text "…"`: the size a self-sizing cell reports.
struct PreferredRule {
  var items: ClosedRange<Int>
  var size: Size?
  var text: String?
}

/// `text metrics { … }`: a monospace model of text measurement. A text cell keeps the width
/// the layout proposes and takes the height of its wrapped lines: lines =
/// max(1, ⌈characters × characterWidth / (width − 2 × padding)⌉), height = lines ×
/// lineHeight + 2 × padding. (Words are not kept whole; the model is for teaching.)
struct TextMetrics {
  var characterWidth = 8.0
  var lineHeight = 20.0
  var padding = 8.0

  func size(of text: String, width: Double) -> Size {
    let room = max(width - 2 * padding, characterWidth)
    let lines = max(1, (Double(text.count) * characterWidth / room).rounded(.up))
    return Size(width: width, height: lines * lineHeight + 2 * padding)
  }
}

/// A size rule in a form the delegate reads per item without reference counting: trivial
/// fields only (the expression stays in `SectionModel.sizes[rule]`).
struct FlatRule {
  var lower: Int
  var upper: Int
  var constant: Size?
  var compiled: (width: NumericProgram, height: NumericProgram)?
  /// Index into the section's `sizes`, for the general evaluator.
  var rule: Int
}

/// The sections a script declared, shared by the data source and the delegate (the
/// collection view holds both weakly; the interpreter owns them).
final class ScriptData {
  var sections: [SectionModel] = [] {
    didSet { version &+= 1 }
  }
  /// Bumped on every change of `sections`, so the delegate knows to rebuild its table.
  private(set) var version = 0
  let programs = ProgramStore()
  var totalItems = 0
  /// Evaluates a per-item size expression; set by the interpreter.
  var evaluateSize: ((Expr, Int, Int) throws(Diagnostic) -> Size)?
  /// The first error met while the layout asked for sizes; reported after the step.
  var deferredError: Diagnostic?
  var limits = Limits()
  var metrics = TextMetrics()
}

/// `UICollectionViewDataSource` over the declared sections.
final class ScriptDataSource: CollectionViewDataSource {
  let data: ScriptData

  init(_ data: ScriptData) {
    self.data = data
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { data.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    data.sections.indices.contains(section) ? data.sections[section].count : 0
  }

  /// A cell's preferred size: the last `preferred` or `text` rule naming it.
  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
    fitting attributes: LayoutAttributes
  ) -> Size? {
    guard data.sections.indices.contains(indexPath.section) else { return nil }
    let rules = data.sections[indexPath.section].preferred
    guard let rule = rules.last(where: { $0.items.contains(indexPath.item) }) else { return nil }
    if let size = rule.size { return size }
    if let text = rule.text { return data.metrics.size(of: text, width: attributes.size.width) }
    return nil
  }
}

/// `UICollectionViewDelegateFlowLayout` answering from the sections' declarations: `nil`
/// (the layout's property) wherever a section declares nothing (OPEN-3: a section without
/// item sizes stays on the uniform grid).
final class ScriptFlowDelegate: CollectionViewDelegateFlowLayout {
  let data: ScriptData
  /// Every section's rules, flattened into raw storage rebuilt when the sections change:
  /// the layout asks a million times per pass, and this path must not retain anything.
  private var rules = UnsafeMutableBufferPointer<FlatRule>.allocate(capacity: 0)
  private var sectionStarts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1)
  private var builtVersion = -1
  /// The rule that answered last: items come in order, so it usually answers again.
  private var lastRule = -1

  init(_ data: ScriptData) {
    self.data = data
    sectionStarts[0] = 0
  }

  deinit {
    rules.deallocate()
    sectionStarts.deallocate()
  }

  private func rebuild() {
    rules.deallocate()
    sectionStarts.deallocate()
    let sections = data.sections
    let flat = sections.flatMap { section in
      section.sizes.enumerated().map { i, rule in
        FlatRule(
          lower: rule.items.lowerBound, upper: rule.items.upperBound, constant: rule.constant,
          compiled: rule.compiled, rule: i)
      }
    }
    rules = .allocate(capacity: flat.count)
    _ = rules.initialize(from: flat)
    sectionStarts = .allocate(capacity: sections.count + 1)
    var start = 0
    for (i, section) in sections.enumerated() {
      sectionStarts[i] = start
      start += section.sizes.count
    }
    sectionStarts[sections.count] = start
    builtVersion = data.version
    lastRule = -1
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? {
    if builtVersion != data.version { rebuild() }
    let section = indexPath.section
    guard section >= 0, section < sectionStarts.count - 1 else { return nil }
    let first = sectionStarts[section]
    let end = sectionStarts[section + 1]
    if first == end { return nil }
    let item = indexPath.item
    // Later rules win: the last rule of the section that holds the item.
    var found = -1
    if lastRule >= first && lastRule < end && rules[lastRule].lower <= item
      && item <= rules[lastRule].upper
    {
      found = lastRule
      var later = lastRule + 1
      while later < end {
        if rules[later].lower <= item && item <= rules[later].upper { found = later }
        later += 1
      }
    } else {
      var r = end - 1
      while r >= first {
        if rules[r].lower <= item && item <= rules[r].upper {
          found = r
          break
        }
        r -= 1
      }
    }
    guard found >= 0 else { return nil }
    lastRule = found
    let rule = rules[found]
    if let constant = rule.constant { return constant }
    if let (w, h) = rule.compiled {
      let s = Double(section)
      let size = Size(
        width: w.evaluate(item: Double(item), section: s),
        height: h.evaluate(item: Double(item), section: s))
      let limit = data.limits.coordinate
      if size.width > 0 && size.height > 0 && size.width <= limit && size.height <= limit {
        return size
      }
    }
    return generalSize(section: section, item: item, rule: rule.rule)
  }

  /// The general evaluator: expressions the compiler does not take, and every failure
  /// (which it turns into the diagnostic reported after the step).
  private func generalSize(section: Int, item: Int, rule: Int) -> Size? {
    guard let expression = data.sections[section].sizes[rule].expression,
      let evaluate = data.evaluateSize
    else { return nil }
    do {
      let size = try evaluate(expression, item, section)
      try Validate.itemSize(size, expression.range, data.limits)
      return size
    } catch {
      if data.deferredError == nil {
        var diagnostic = error
        diagnostic.message = "item [\(section), \(item)]: " + diagnostic.message
        data.deferredError = diagnostic
      }
      return nil
    }
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets? { model(section)?.inset }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double? { model(section)?.lineSpacing }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double? { model(section)?.interitemSpacing }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size? { model(section)?.headerSize }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size? { model(section)?.footerSize }

  private func model(_ section: Int) -> SectionModel? {
    data.sections.indices.contains(section) ? data.sections[section] : nil
  }
}
