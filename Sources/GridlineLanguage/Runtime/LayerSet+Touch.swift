import LayoutEngine

extension InvalidationContext {
  /// A context for `layout` that names elements and keeps the rest of the layout: a flow
  /// layout keeps its frames and delegate metrics (LAY-10, LAY-11), as a script's
  /// `invalidate items …` and a restyle by touch state both want.
  static func targeted(for layout: CollectionViewLayout) -> InvalidationContext {
    let context = type(of: layout).invalidationContextClass.init()
    (context as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutAttributes = false
    (context as? FlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics = false
    return context
  }
}

/// The touch side of the layers: selection settings, pass-through layers, and restyling
/// items whose state a `transform highlighted | selected items` rule reads.
extension LayerSet {
  func setSelection(_ change: (inout SelectionSettings) -> Void) {
    change(&scene.selection)
    for cv in views { scene.selection.apply(to: cv) }
    attachDelegate()
  }

  /// `touches on | off` for the layer being configured.
  func setTouches(_ on: Bool) {
    current.touchesEnabled = on
    if let cv = stack?.layers[configuring].collectionView { cv.isUserInteractionEnabled = on }
  }

  /// Whether some layer restyles items by their touch state.
  var hasStateRules: Bool {
    layers.contains { $0.rules.contains { $0.selector.readsTouchState } }
  }

  /// An app whose cells look different when highlighted or selected invalidates them when
  /// that state changes — in the delegate's `did…` messages for a touch, after its own
  /// `selectItem` calls — with a context naming them (LAY-10), keeping the rest of the
  /// layout: the next pass re-asks only these items.
  func invalidateStyle(of paths: [IndexPath], in cv: CollectionView) {
    guard !paths.isEmpty, let stack,
      let i = stack.layers.firstIndex(where: { $0.collectionView === cv }),
      layers[i].rules.contains(where: \.selector.readsTouchState)
    else { return }
    let layout = cv.collectionViewLayout
    let context = InvalidationContext.targeted(for: layout)
    context.invalidateItems(at: paths)
    layout.invalidateLayout(with: context)
  }

  /// `invalidateStyle` after a programmatic call, then the pass it asks for.
  func restyle(_ paths: [IndexPath], in cv: CollectionView) {
    invalidateStyle(of: paths, in: cv)
    cv.layoutIfNeeded()
  }
}
