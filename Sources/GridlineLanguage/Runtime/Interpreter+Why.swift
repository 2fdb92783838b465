import LayoutEngine

/// `why item …`: how the layout placed an item, from the layout's own record of it
/// (`CollectionViewCompositionalLayout.resolution(ofItemAt:)`), as steps with their rules.
extension Interpreter {
  func why(_ target: Expr, line: Int) throws(Diagnostic) -> WhyOutput {
    let value = try evaluator.evaluate(target)
    guard case .attributes(let a) = value, a.representedElementCategory == .cell else {
      throw .error(.touchesItemsOnly("why", value.type.rawValue, points: false), at: target.range)
    }
    let cv = layers.collectionView(owning: a.indexPath.section) ?? layers.live()
    guard let layout = cv.collectionViewLayout as? CollectionViewCompositionalLayout else {
      let kind = cv.collectionViewLayout is CollectionViewFlowLayout ? "a flow layout" : "custom"
      throw .error(.whyCompositionalOnly(kind), at: target.range)
    }
    guard let resolution = layout.resolution(ofItemAt: a.indexPath) else {
      throw .error(
        .touchesItemsOnly("why", "an item the layout does not place", points: false),
        at: target.range)
    }
    return WhyOutput(
      line: line, element: "item [\(a.indexPath.section), \(a.indexPath.item)]",
      frame: resolution.frame, steps: WhyCompositional(r: resolution).steps)
  }
}
