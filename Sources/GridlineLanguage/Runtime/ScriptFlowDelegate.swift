import LayoutEngine

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

/// `UICollectionViewDelegateFlowLayout` answering from the sections' declarations: `nil`
/// (the layout's property) wherever a section declares nothing (OPEN-3: a section without
/// item sizes stays on the uniform grid).
final class ScriptFlowDelegate: CollectionViewDelegateFlowLayout {
  let data: ScriptData
  /// Evaluates the size expressions the compiled programs cannot answer.
  let callbacks: ScriptCallbacks
  /// Every section's rules, flattened into raw storage rebuilt when the sections change:
  /// the layout asks a million times per pass, and this path must not retain anything.
  private var rules = UnsafeMutableBufferPointer<FlatRule>.allocate(capacity: 0)
  private var sectionStarts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1)
  private var builtVersion = -1
  /// The rule that answered last: items come in order, so it usually answers again.
  private var lastRule = -1

  init(_ data: ScriptData, callbacks: ScriptCallbacks) {
    self.data = data
    self.callbacks = callbacks
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
  /// (which the callbacks report to the step; the layout then uses its item size).
  private func generalSize(section: Int, item: Int, rule: Int) -> Size? {
    guard let expression = data.sections[section].sizes[rule].expression else { return nil }
    return callbacks.itemSize(expression, item: item, section: section)
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
