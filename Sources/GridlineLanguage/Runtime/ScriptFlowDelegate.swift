import LayoutEngine

/// `UICollectionViewDelegateFlowLayout` answering from the sections' declarations: `nil`
/// (the layout's property) wherever a section declares nothing (OPEN-3: a section without
/// item sizes stays on the uniform grid).
final class ScriptFlowDelegate: CollectionViewDelegateFlowLayout {
  let data: ScriptData
  /// Evaluates the size expressions the compiled programs cannot answer.
  let callbacks: ScriptCallbacks
  /// Every section's size rules, rebuilt when the sections change: the layout asks a
  /// million times per pass, and this path must not retain anything.
  ///
  /// Unchecked exclusivity: each answer borrows `table` and mutates `lastRule` for the
  /// length of one lookup, which the runtime would otherwise check dynamically on every
  /// item (a tenth of a million-item pass). Both are private, the lookup calls nothing
  /// that could reach this object, and the table is replaced only before a lookup starts.
  @exclusivity(unchecked) private var table = SizeRuleTable([])
  private var builtVersion = -1
  /// The rule that answered last: items come in order, so it usually answers again.
  @exclusivity(unchecked) private var lastRule = -1
  /// `on layout change { target = … }`.
  var layoutChangeTarget: Expr?
  /// `should highlight | select | deselect when …`: the answers; a later rule replaces one
  /// for the same question, as a method defined again would.
  var selectionRules: [SelectionRule.Question: Expr] = [:]
  /// Called from the `did…` selection messages: an item's touch state changed.
  var stateChanged: ((CollectionView, IndexPath) -> Void)?
  /// The script's pasteboard (`clipboard`): the item the last `copy:` or `cut:` took.
  var clipboard: IndexPath?
  /// What `cut:` and `paste:` ask of the data, for the interpreter to carry out once the
  /// menu is done (`ScriptFlowDelegate+Menu.swift`).
  var pendingEdits: [(action: EditAction, indexPath: IndexPath)] = []

  init(_ data: ScriptData, callbacks: ScriptCallbacks) {
    self.data = data
    self.callbacks = callbacks
  }

  /// Whether any section sizes items by an expression (`item 0...9 size item * 10 x 40`)
  /// rather than a constant.
  var sizesByExpression: Bool {
    data.sections.contains { $0.sizes.contains { $0.constant == nil } }
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? {
    refreshTable()
    let answer = table.size(
      item: indexPath.item, section: indexPath.section, limit: data.limits.coordinate,
      lastRule: &lastRule)
    switch answer {
    case .none: return nil
    case .size(let size): return size
    case .evaluate(let rule):
      // The general evaluator: expressions the compiler does not take, and every failure
      // (which the callbacks report to the step; the layout then uses its item size).
      guard let expression = data.sections[indexPath.section].sizes[rule].expression else {
        return nil
      }
      return callbacks.itemSize(expression, item: indexPath.item, section: indexPath.section)
    }
  }

  /// Sizes for a run of items from the compiled rules in one call (Gridline's batch
  /// question): a constant or a compiled program answers each item without a call per
  /// item; the run stops at the first item only the general evaluator can answer, which
  /// the layout then asks with `sizeForItemAt` (and its failure is reported there).
  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizesForItemsIn items: Range<Int>, inSection section: Int, fallback: Size,
    into sizes: UnsafeMutableBufferPointer<Size>
  ) -> ItemSizeBatch? {
    refreshTable()
    var firstOwn: Int?
    let count = min(items.count, sizes.count)
    for k in 0..<count {
      switch table.size(
        item: items.lowerBound + k, section: section, limit: data.limits.coordinate,
        lastRule: &lastRule)
      {
      case .none: sizes[k] = fallback
      case .size(let size):
        sizes[k] = size
        if firstOwn == nil { firstOwn = k }
      case .evaluate: return ItemSizeBatch(count: k, firstOwn: firstOwn)
      }
    }
    return ItemSizeBatch(count: count, firstOwn: firstOwn)
  }

  /// Rebuilds the size rules' table when the sections changed since it was built.
  private func refreshTable() {
    guard builtVersion != data.version else { return }
    table = SizeRuleTable(data.sections)
    builtVersion = data.version
    lastRule = -1
  }

  /// `on layout change { target = … }` (LAY-13): `proposed` is the visible rect at the
  /// layout's answer; an element target is centred as in `snap`.
  func collectionView(
    _ collectionView: CollectionView, targetContentOffsetForProposedContentOffset proposed: Point
  ) -> Point? {
    guard let layoutChangeTarget else { return nil }
    return callbacks.target(
      layoutChangeTarget, of: "on layout change", proposed: proposed, velocity: .zero,
      in: collectionView)
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

/// Every section's size rules flattened into raw storage, with their compiled programs. It
/// is `~Copyable` and frees what it holds in `deinit`: one owner (the delegate), released
/// exactly once, when the delegate replaces it or goes away.
struct SizeRuleTable: ~Copyable {
  /// A size rule with trivial fields only, so reading one per item retains nothing.
  private struct Rule {
    var lower: Int
    var upper: Int
    var constant: Size?
    /// Indices into `programs`, or −1 when the rule is not compiled.
    var width: Int
    var height: Int
    /// Index into the section's `sizes`, for the general evaluator.
    var rule: Int
  }

  /// What a rule answers for one item.
  enum Answer {
    /// No rule names the item: the layout's `itemSize`.
    case none
    case size(Size)
    /// Rule `rule` of the section must be evaluated in general.
    case evaluate(rule: Int)
  }

  private let rules: UnsafeMutableBufferPointer<Rule>
  /// Where each section's rules start in `rules`, plus the end.
  private let sectionStarts: UnsafeMutableBufferPointer<Int>
  private let programs: UnsafeMutableBufferPointer<NumericProgram>

  init(_ sections: [SectionModel]) {
    var flat: [Rule] = []
    var codes: [NumericCode] = []
    for section in sections {
      for (i, rule) in section.sizes.enumerated() {
        var width = -1
        var height = -1
        if let (w, h) = rule.compiled {
          width = codes.count
          height = codes.count + 1
          codes += [w, h]
        }
        flat.append(
          Rule(
            lower: rule.items.lowerBound, upper: rule.items.upperBound, constant: rule.constant,
            width: width, height: height, rule: i))
      }
    }
    rules = .allocate(capacity: flat.count)
    _ = rules.initialize(from: flat)
    programs = .allocate(capacity: codes.count)
    for (i, code) in codes.enumerated() {
      programs.initializeElement(at: i, to: NumericProgram(code))
    }
    sectionStarts = .allocate(capacity: sections.count + 1)
    var start = 0
    for (i, section) in sections.enumerated() {
      sectionStarts[i] = start
      start += section.sizes.count
    }
    sectionStarts[sections.count] = start
  }

  deinit {
    rules.deallocate()
    sectionStarts.deallocate()
    _ = programs.deinitialize()
    programs.deallocate()
  }

  /// The size the rules give item `item` of `section`: the last rule of the section that
  /// holds the item wins. A compiled program answers when its size is positive and within
  /// `limit`; anything else goes to the general evaluator, which explains the failure.
  func size(item: Int, section: Int, limit: Double, lastRule: inout Int) -> Answer {
    guard section >= 0, section < sectionStarts.count - 1 else { return .none }
    let first = sectionStarts[section]
    let end = sectionStarts[section + 1]
    if first == end { return .none }
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
    guard found >= 0 else { return .none }
    lastRule = found
    let rule = rules[found]
    if let constant = rule.constant { return .size(constant) }
    if rule.width >= 0 {
      let s = Double(section)
      let size = Size(
        width: programs[rule.width].evaluate(item: Double(item), section: s),
        height: programs[rule.height].evaluate(item: Double(item), section: s))
      if size.width > 0 && size.height > 0 && size.width <= limit && size.height <= limit {
        return .size(size)
      }
    }
    return .evaluate(rule: rule.rule)
  }
}
