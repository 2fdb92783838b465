import LayoutEngine

/// `move begin`, `move to`, `move end`, `move cancel`: a finger moving an item (the
/// engine's interactive movement) on the layer a finger reaches.
///
/// The script's data moves with the item: `ScriptData.moveData` puts the data as it was at
/// `move begin` with the item moved to where the collection view shows it, each time the
/// delegate is told the new place and when the data source is told the end — so an item's
/// size, its identifier and its `item N preferred` rules stay with it (a batch's `move item`
/// moves them the same way), and a cancel puts the data back.
extension Interpreter {
  func interactiveMove(_ gesture: MoveGesture, _ range: SourceRange, trace: inout [TraceEntry])
    throws(RunError)
  {
    layers.live()
    guard let cv = layers.stack?.collectionViewForTouch else { return }
    let moving = layers.views.first { $0.interactiveMovement != nil }
    switch gesture.kind {
    case .begin(let target):
      try diagnosing { () throws(Diagnostic) in try begin(target, in: cv, moving: moving) }
    case .to(let target):
      guard let moving else { throw .diagnostic(.error(.moveWithoutBegin("move to"), at: range)) }
      try follow(target, frames: gesture.frames, in: moving, range, trace: &trace)
    case .end:
      guard let moving else { throw .diagnostic(.error(.moveWithoutBegin("move end"), at: range)) }
      moving.endInteractiveMovement()
      endMovement()
    case .cancel:
      guard let moving, let before = movementStart else {
        throw .diagnostic(.error(.moveWithoutBegin("move cancel"), at: range))
      }
      endMovement()
      data.sections = before  // before the layout asks the delegate again
      moving.cancelInteractiveMovement()
    }
    for view in layers.views { view.layoutIfNeeded() }
  }

  /// The movement ended or never began: the data stays as it is now.
  private func endMovement() {
    movementStart = nil
    data.moveData = nil
  }

  /// Whether a finger is moving an item: data updates wait for its end.
  var isMovingItem: Bool { layers.views.contains { $0.interactiveMovement != nil } }

  private func begin(_ target: Expr, in cv: CollectionView, moving: CollectionView?)
    throws(Diagnostic)
  {
    if let path = moving?.interactiveMovement?.currentIndexPath {
      throw .error(.moveWhileMoving(ElementKey.cell(path).scriptDescription), at: target.range)
    }
    let value = try evaluator.evaluate(target)
    guard case .attributes(let a) = value, a.representedElementCategory == .cell else {
      throw .error(
        .touchesItemsOnly("move begin", value.type.rawValue, points: false), at: target.range)
    }
    _ = try touchPoint(target, in: cv, "move begin")  // on screen, or a diagnostic
    cancelPress()  // the long press that lifts the item takes the touch over
    movementStart = data.sections
    data.moveData = { [unowned self] from, to in
      guard let before = movementStart else { return }
      data.sections = movedData(before, from: from, to: to)
    }
    guard cv.beginInteractiveMovementForItem(at: a.indexPath) else {
      endMovement()
      throw .error(
        .cannotMove(
          a.key.scriptDescription,
          "the data source's collectionView(_:canMoveItemAt:) answered false ('can move when')"),
        at: target.range)
    }
  }

  /// `move to POINT [over N frames]`: the finger goes there in N equal steps, each one
  /// `updateInteractiveMovementTargetPosition(_:)` and a frame of the trace.
  private func follow(
    _ target: Expr, frames framesExpr: Expr?, in cv: CollectionView, _ range: SourceRange,
    trace: inout [TraceEntry]
  ) throws(RunError) {
    let (point, frames) = try diagnosing { () throws(Diagnostic) -> (Point, Int) in
      let frames = try framesExpr.map { (f) throws(Diagnostic) in
        try frameCount(f, none: .animationNeedsFrames)
      }
      return (try touchPoint(target, in: cv, "move to"), frames ?? 1)
    }
    let start = cv.interactiveMovement?.position ?? point
    for k in 1...frames {
      if k > 1 { try runner.countStep(at: range) }
      let t = Double(k) / Double(frames)
      let at =
        k == frames
        ? point : Point(x: start.x + (point.x - start.x) * t, y: start.y + (point.y - start.y) * t)
      let offset = cv.contentOffset
      if frames > 1 {
        runner.beginFrame(k, of: frames, offset: offset, layers.takeEvents(), into: &trace)
      }
      let before = cv.interactiveMovement?.currentIndexPath
      cv.updateInteractiveMovementTargetPosition(at)
      // Without a delegate (no section declares sizes) nobody was told: the data moves now.
      if let m = cv.interactiveMovement, m.currentIndexPath != before, cv.delegate == nil {
        data.moveData?(m.originalIndexPath, m.currentIndexPath)
      }
      try frameEnded(k, of: frames, from: offset, range)
    }
  }

  /// The sections `before` with the item at `from` moved to `to`: what a batch's `move item`
  /// leaves (`models(_:sources:operations:)`), identifiers moved too.
  func movedData(_ before: [SectionModel], from: IndexPath, to: IndexPath) -> [SectionModel] {
    guard from != to, before.indices.contains(from.section), before.indices.contains(to.section)
    else { return before }
    var counts = before.map(\.count)
    counts[from.section] -= 1
    counts[to.section] += 1
    var (sections, _) = models(
      counts, sources: counts.indices.map { $0 }, operations: [.moveItem(from: from, to: to)],
      from: before)
    if var source = before[from.section].identifiers, from.item < source.count {
      let id = source.remove(at: from.item)
      if from.section == to.section {
        source.insert(id, at: min(to.item, source.count))
        sections[to.section].identifiers = source
      } else if var target = before[to.section].identifiers {
        sections[from.section].identifiers = source
        target.insert(id, at: min(to.item, target.count))
        sections[to.section].identifiers = target
      }
    }
    return sections
  }
}

extension Statement.Kind {
  /// The words of a statement that changes the data or the layout under a moving item.
  var changesData: String? {
    switch self {
    case .update(let step): step.kind.word
    case .batch: "batch"
    case .applySnapshot: "apply snapshot"
    case .reload: "reload"
    case .section: "section"
    case .sections: "sections"
    case .switchLayout: "switch layout"
    case .menu(let step) where step.action == .cut || step.action == .paste: "menu"
    default: nil
    }
  }
}
