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
    let cv = layers.collectionView(owning: a.indexPath.section) ?? layers.live()
    let element = "item [\(a.indexPath.section), \(a.indexPath.item)]"
    let notPlaced = Diagnostic.error(
      .touchesItemsOnly("why", "an item the layout does not place", points: false),
      at: target.range)
    switch cv.collectionViewLayout {
    case let layout as CollectionViewCompositionalLayout:
      guard let resolution = layout.resolution(ofItemAt: a.indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyCompositional(r: resolution).steps)
    case let layout as CollectionViewFlowLayout:
      guard let resolution = layout.resolution(ofItemAt: a.indexPath) else { throw notPlaced }
      return WhyOutput(
        line: line, element: element, frame: resolution.frame,
        steps: WhyFlow(r: resolution).steps)
    default:
      throw .error(.whyNotExplained("custom"), at: target.range)
    }
  }
}
