import LayoutEngine

/// A custom group's item provider (`group custom SIZE { … }`, COMP-7): its layout code,
/// run each time the layout solves the group, with `environment` the group's size. Each
/// `place item at RECT [{ z N }]` is one `NSCollectionLayoutGroupCustomItem`, its frame
/// relative to the group; the section's items take the frames in order.
extension ScriptCallbacks {
  /// The provider's custom items; none when its code fails (the failure is reported once
  /// per step with its place, as a visible-items handler's is).
  func customItems(
    _ code: [Statement], _ range: SourceRange,
    environment layoutEnvironment: CollectionLayoutEnvironment
  ) -> [CollectionLayoutGroupCustomItem] {
    guard let environment else { return [] }
    var scope = CodeScope(
      base: environment, variables: CodeVariables(), collectionView: nil,
      inside: "a custom group")
    scope.groupSize = layoutEnvironment.container.effectiveContentSize
    let sink = CustomItemSink(limits: limits)
    // The provider's steps count against the run's work as `prepare`'s do.
    var runner = LayoutCodeRunner(
      scope: scope, limit: limits.steps, sink: sink,
      shouldCancel: environment.runner.shouldCancel)
    defer { runner.chargeWork() }
    do throws(Diagnostic) {
      try runner.run(code)
      return sink.items
    } catch {
      report(error, "the custom group's item provider")
      return []
    }
  }
}

/// Where a custom group's code puts its items. Everything else layout code can place is a
/// custom layout's (the checker refuses it here before a run).
final class CustomItemSink: PlacementSink {
  let limits: Limits
  private(set) var items: [CollectionLayoutGroupCustomItem] = []

  init(limits: Limits) { self.limits = limits }

  func placeInGroup(
    _ frameExpr: Expr, _ attributes: [TransformOperation], _ evaluator: Evaluator,
    at range: SourceRange
  ) throws(Diagnostic) {
    // More frames than a group may hold items would be placed for nothing: the limit of
    // any group (`Limits.itemsPerGroup`), said where the code passes it.
    guard items.count < limits.itemsPerGroup else {
      throw .error(.tooManyCustomItems(limit: limits.itemsPerGroup), at: range)
    }
    let value = try evaluator.evaluate(frameExpr)
    guard case .rect(let frame) = value else {
      throw .error(
        .isNot("a custom item's frame", "a rect", value.type.rawValue), at: frameExpr.range)
    }
    try Validate.placedFrame(
      frame, "a custom item's frame", size: "a custom item's size", frameExpr.range, limits)
    var zIndex = 0
    for operation in attributes {
      guard case .zIndex(let z) = operation.kind else {
        throw .error(.customItemAttribute(operation.name), at: operation.range)
      }
      zIndex = try wholeNumber(try evaluator.number(z), "the zIndex", z.range)
    }
    items.append(CollectionLayoutGroupCustomItem(frame: frame, zIndex: zIndex))
  }

  func place(_ step: PlaceStep, _ evaluator: Evaluator) throws(Diagnostic) {
    throw .error(.placePathInGroup, at: step.path.range)
  }

  func setContentSize(_ size: Size, _ range: SourceRange) throws(Diagnostic) {
    throw .error(.notInItemProvider(StatementKeyword.contentSize.spelling), at: range)
  }

  func answer(_ attributes: LayoutAttributes, at range: SourceRange) throws(Diagnostic) {
    throw .error(.notInItemProvider(StatementKeyword.answer.spelling), at: range)
  }
}
