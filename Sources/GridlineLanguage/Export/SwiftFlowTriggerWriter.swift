/// The script's invalidation triggers and flag handlers as the flow subclass an app writes
/// (LAY-8…LAY-11): `shouldInvalidateLayout(forBoundsChange:)` says yes when the flow does or
/// a trigger fires; `invalidationContext(forBoundsChange:)` then names what the fired
/// triggers name, in a context of the layout's own class when they set flags, keeping the
/// flow's frames unless the width changes (FLOW-24) or a trigger asks for everything; and
/// `invalidateLayout(with:)` turns a flag into its decorations — what the engine's flow
/// additions do.
struct SwiftFlowTriggerWriter {
  let model: ExportModel

  private var flags: [String] {
    model.triggers.flatMap(\.flags).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// The context class, among the stored properties.
  func writeProperties(_ out: inout SwiftLines) {
    guard !flags.isEmpty else { return }
    out.add("/// The invalidation context the script's triggers fill: a flag per `flag NAME`.")
    out.block("final class TriggerContext: UICollectionViewFlowLayoutInvalidationContext") { b in
      for flag in flags { b.add("var \(SwiftNames.variable(flag)) = false") }
    }
    out.add("")
  }

  func writeOverrides(_ out: inout SwiftLines) {
    let triggers = model.triggers
    guard !triggers.isEmpty else { return }
    out.add("")
    writeFired(triggers, &out)
    out.add("")
    out.add(
      "/// FLOW-24 and pinning as the flow answers them, or one of the script's triggers fires.")
    out.block("override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool") {
      $0.add(
        "super.shouldInvalidateLayout(forBoundsChange: newBounds) || firedTriggers(newBounds).contains(true)"
      )
    }
    out.add("")
    writeContext(triggers, &out)
    writeHandlers(&out)
  }

  /// `firedTriggers(_:)`: which triggers fire for a change to `newBounds`, in order.
  private func writeFired(_ triggers: [SwiftTrigger], _ out: inout SwiftLines) {
    out.add(
      "/// Which of the script's triggers (`invalidate on …`) fire for a change to `newBounds`,")
    out.add("/// in the script's order.")
    out.block("private func firedTriggers(_ newBounds: CGRect) -> [Bool]") { b in
      let readsView = triggers.contains { $0.readsOldBounds || $0.translator.usesCollectionView }
      if readsView { b.block("guard let collectionView else") { $0.add("return []") } }
      if triggers.contains(where: \.readsOldBounds) {
        b.add("let oldBounds = collectionView.bounds")
      }
      for name in triggers.flatMap(\.translator.usedState).reduce(
        into: [String](),
        {
          if !$0.contains($1) { $0.append($1) }
        })
      {
        b.add("let \(name) = \(SwiftCustomWriter.stateRead(name))")
      }
      b.add("return [")
      for trigger in triggers {
        b.add("  \(trigger.condition ?? "true"),", trigger.line.map { model.place($0) })
      }
      b.add("]")
    }
  }

  private func writeContext(_ triggers: [SwiftTrigger], _ out: inout SwiftLines) {
    let vertical = model.layout.scrollDirection == .vertical
    out.add(
      "/// What the fired triggers name. The flow's frames stay (both flags false) unless the")
    out.add("/// extent across the scroll axis changes (FLOW-24) or a trigger asks for everything.")
    out.block(
      "override func invalidationContext(forBoundsChange newBounds: CGRect)\n    -> UICollectionViewLayoutInvalidationContext"
    ) { b in
      b.add("let flowContext = super.invalidationContext(forBoundsChange: newBounds)")
      b.add("let fired = firedTriggers(newBounds)")
      b.block("guard fired.contains(true), let collectionView else") {
        $0.add("return flowContext")
      }
      let type = flags.isEmpty ? "UICollectionViewFlowLayoutInvalidationContext" : "TriggerContext"
      b.add("let context = \(type)()")
      let extent = vertical ? "width" : "height"
      var full = ["newBounds.\(extent) != collectionView.bounds.\(extent)"]
      for (i, trigger) in triggers.enumerated() where trigger.everything {
        full.append("fired[\(i)]")
      }
      b.add("let everything = " + full.joined(separator: " || "))
      b.add("context.invalidateFlowLayoutAttributes = everything")
      b.add("context.invalidateFlowLayoutDelegateMetrics = everything")
      b.block("if !everything") { i in
        i.add("// The headers and footers the flow moves (pinning) move still.")
        i.block("for (kind, paths) in flowContext.invalidatedSupplementaryIndexPaths ?? [:]") {
          $0.add("context.invalidateSupplementaryElements(ofKind: kind, at: paths)")
        }
      }
      for (i, trigger) in triggers.enumerated() where !trigger.actions.isEmpty {
        b.block("if fired[\(i)]", comment: trigger.line.map { model.place($0) }) { f in
          for action in trigger.actions { f.add(action) }
        }
      }
      b.add("return context")
    }
  }

  /// `on invalidate when flag NAME { recompute decoration "KIND" }`: the decorations of
  /// those kinds are named in the context, so the collection view asks for them again.
  private func writeHandlers(_ out: inout SwiftLines) {
    let handlers = model.handlers.filter { flags.contains($0.handler.flag) }
    guard !handlers.isEmpty, !model.layout.additions.decorations.isEmpty else { return }
    out.add("")
    out.add("/// The flags' handlers: the decorations they name are computed again.")
    out.block(
      "override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext)"
    ) { b in
      b.block("if let context = context as? TriggerContext") { f in
        for (handler, line) in handlers {
          let flag = "context.\(SwiftNames.variable(handler.flag))"
          f.block("if \(flag)", comment: line.map { model.place($0) }) { h in
            for kind in handler.recomputeDecorationKinds {
              let literal = SwiftLiteral.string(kind)
              h.add("context.invalidateDecorationElements(")
              h.add("  ofKind: \(literal),")
              h.add(
                "  at: decorations.filter { $0.representedElementKind == \(literal) }.map(\\.indexPath))"
              )
            }
          }
        }
      }
      b.add("super.invalidateLayout(with: context)")
    }
  }
}
