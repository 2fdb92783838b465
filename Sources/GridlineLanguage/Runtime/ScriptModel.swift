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
  /// The same, compiled to arithmetic on (item, section) when it only needs numbers.
  var compiled: (width: NumericFunction, height: NumericFunction)?
}

/// The sections a script declared, shared by the data source and the delegate (the
/// collection view holds both weakly; the interpreter owns them).
final class ScriptData {
  var sections: [SectionModel] = []
  var totalItems = 0
  /// Evaluates a per-item size expression; set by the interpreter.
  var evaluateSize: ((Expr, Int, Int) throws(Diagnostic) -> Size)?
  /// The first error met while the layout asked for sizes; reported after the step.
  var deferredError: Diagnostic?
  var limits = Limits()
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
}

/// `UICollectionViewDelegateFlowLayout` answering from the sections' declarations: `nil`
/// (the layout's property) wherever a section declares nothing (OPEN-3: a section without
/// item sizes stays on the uniform grid).
final class ScriptFlowDelegate: CollectionViewDelegateFlowLayout {
  let data: ScriptData
  /// The rule that answered last: the layout asks items in order, so it usually answers
  /// again and the lookup is O(1).
  private var cursor: (section: Int, rule: Int) = (-1, -1)

  init(_ data: ScriptData) {
    self.data = data
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? {
    guard data.sections.indices.contains(indexPath.section) else { return nil }
    let rules = data.sections[indexPath.section].sizes
    if rules.isEmpty { return nil }
    let item = indexPath.item
    var found = -1
    if cursor.section == indexPath.section, rules.indices.contains(cursor.rule),
      rules[cursor.rule].items.contains(item), cursor.rule == rules.count - 1
    {
      found = cursor.rule
    } else {
      for r in rules.indices.reversed() where rules[r].items.contains(item) {
        found = r
        break
      }
      cursor = (indexPath.section, found)
    }
    guard found >= 0 else { return nil }
    return size(rules[found], item: item, section: indexPath.section)
  }

  private func size(_ rule: SizeRule, item: Int, section: Int) -> Size? {
    if let constant = rule.constant { return constant }
    if let (w, h) = rule.compiled {
      let size = Size(
        width: w(Double(item), Double(section)), height: h(Double(item), Double(section)))
      if size.width > 0 && size.height > 0 && size.width <= data.limits.coordinate
        && size.height <= data.limits.coordinate
      {
        return size
      }
    }
    // The general evaluator also explains what went wrong.
    guard let expression = rule.expression, let evaluate = data.evaluateSize else { return nil }
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
