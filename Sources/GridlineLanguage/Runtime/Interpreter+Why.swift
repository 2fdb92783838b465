import LayoutEngine

/// `why item …`: how the layout placed an item, from the layout's own record of it
/// (`CollectionViewCompositionalLayout.resolution(ofItemAt:)`,
/// `CollectionViewFlowLayout.resolution(ofItemAt:)`), as steps with their rules.
extension Interpreter {
  func why(_ target: Expr, line: Int) throws(Diagnostic) -> WhyOutput {
    let value = try evaluator.evaluate(target)
    guard case .attributes(let a) = value, a.representedElementCategory == .cell else {
      throw .error(.touchesItemsOnly("why", value.type.rawValue, points: false), at: target.range)
    }
    return try explain(a.indexPath, line: line, at: target.range)
  }

  /// How the layout placed item `indexPath`, as `why` says it; nil when the layout cannot
  /// say (a custom layout, an item it does not place). For a front end's inspector (the
  /// playground's): no statement runs and nothing is traced.
  public func explanation(ofItemAt indexPath: IndexPath) -> WhyOutput? {
    try? explain(indexPath, line: 0, at: .none)
  }

  private func explain(_ indexPath: IndexPath, line: Int, at range: SourceRange)
    throws(Diagnostic) -> WhyOutput
  {
    let cv = layers.collectionView(owning: indexPath.section) ?? layers.live()
    let element = "item [\(indexPath.section), \(indexPath.item)]"
    let notPlaced = Diagnostic.error(
      .touchesItemsOnly("why", "an item the layout does not place", points: false), at: range)
    switch cv.collectionViewLayout {
    case let layout as CollectionViewCompositionalLayout:
      guard let resolution = layout.resolution(ofItemAt: indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyCompositional(r: resolution).steps)
    case let layout as CollectionViewFlowLayout:
      guard let resolution = layout.resolution(ofItemAt: indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyFlow(r: resolution).steps)
    default:
      throw .error(.whyNotExplained("custom"), at: range)
    }
  }
}
