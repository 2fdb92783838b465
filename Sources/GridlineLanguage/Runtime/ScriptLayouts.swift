import LayoutEngine

// The layouts a script configures are subclasses of the engine's, in this module: they
// override UIKit's callbacks exactly as an app's subclasses would, so the engine speaks
// UIKit only and knows nothing of expressions. One subclass per engine class that a script
// can choose (plain flow, the sticky-header recipe, the sticky grid), because Swift cannot
// make a subclass generic over its superclass; the flow pair share `FlowAdditions`.

/// A flow layout a script drives: the engine's class or recipe plus the script's additions.
protocol ScriptedFlowLayout: CollectionViewFlowLayout {
  var additions: FlowAdditions { get }
}

extension ScriptedFlowLayout {
  var attributeRules: [AttributeRule] { additions.allRules }
  var decorationKinds: [String] { additions.decorations.map(\.kind) }

  /// New rules change every answer: the layout invalidates, as a UIKit property setter does.
  func setAttributeRules(_ rules: [AttributeRule]) {
    additions.allRules = rules
    invalidateLayout()
  }

  /// New decorations: their kinds are registered and the layout invalidates.
  func setDecorations(_ decorations: [SectionDecoration]) {
    additions.decorations = decorations
    for decoration in decorations { register(decorationViewOfKind: decoration.kind) }
    invalidateLayout()
  }
}

/// `layout flow { … }` with the script's decorations, transforms and triggers.
final class ScriptFlowLayout: CollectionViewFlowLayout, ScriptedFlowLayout {
  let additions: FlowAdditions

  init(_ callbacks: ScriptCallbacks) {
    additions = FlowAdditions(callbacks)
    super.init()
  }

  override func prepare() {
    super.prepare()
    additions.layoutDidPrepare(self)
  }

  /// Cells, headers and footers, and the decorations of the last pass.
  override var attributeCount: Int? { super.attributeCount.map { $0 + additions.decorationCount } }

  override var resizesItemsInPlace: Bool { additions.decorations.isEmpty }

  override var keepsFramesBeforeUpdates: Bool { additions.keepsFramesBeforeUpdates(self) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    additions.elements(super.layoutAttributesForElements(in: rect), in: rect, of: self)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    additions.restyled(super.layoutAttributesForItem(at: indexPath), of: self)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    additions.restyled(
      super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath), of: self)
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    additions.decoration(ofKind: kind, at: indexPath, of: self)
  }

  /// FLOW-24 and PIN-1 as the flow answers them, a live rule reads the bounds, or one of
  /// the script's triggers fires.
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    super.shouldInvalidateLayout(forBoundsChange: newBounds) || additions.followsBounds
      || !additions.firedTriggers(self, newBounds).isEmpty
  }

  override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let pinned = super.invalidationContext(forBoundsChange: newBounds)
    return additions.context(self, forBoundsChange: newBounds, pinned: pinned)
  }

  override func invalidateLayout(with context: InvalidationContext) {
    additions.handleFlags(in: context)
    super.invalidateLayout(with: context)
  }

  override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    additions.layoutDidResize(self)
    return context
  }

  override func targetContentOffset(
    forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
  ) -> Point {
    additions.target(
      self, proposed: proposed, velocity: velocity,
      otherwise: super.targetContentOffset(
        forProposedContentOffset: proposed, withScrollingVelocity: velocity))
  }

  // `appearing` / `disappearing` rules (FlowAdditions+Updates.swift).
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    additions.noteUpdates(updateItems)
  }

  override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    additions.endUpdates()
  }

  override func initialLayoutAttributesForAppearingItem(at p: IndexPath) -> LayoutAttributes? {
    additions.appearing(.cell(p), in: self)
  }

  override func finalLayoutAttributesForDisappearingItem(at p: IndexPath) -> LayoutAttributes? {
    additions.disappearing(.cell(p), in: self)
  }

  override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.appearing(
      ElementKey(category: .supplementaryView, kind: kind, indexPath: p), in: self)
  }

  override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.disappearing(
      ElementKey(category: .supplementaryView, kind: kind, indexPath: p), in: self)
  }

  override func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.appearing(ElementKey(category: .decorationView, kind: kind, indexPath: p), in: self)
  }

  override func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.disappearing(
      ElementKey(category: .decorationView, kind: kind, indexPath: p), in: self)
  }
}

/// `sticky headers` with the script's decorations and transforms: the recipe works on the
/// flow's answer with the additions already in it (`elementsBeforeSticking(in:)`), so its
/// moved headers keep the recipe's zIndex. The recipe invalidates everything on every
/// bounds change, so the script's triggers never run here.
final class ScriptStickyHeadersFlowLayout: StickyHeadersFlowLayout, ScriptedFlowLayout {
  let additions: FlowAdditions
  /// UIKit's pinning as it was before the recipe replaced it, given back by `sticky
  /// headers off` (which returns to the flow layout the script had).
  var pinningBeforeRecipe = (headers: false, footers: false)

  init(_ callbacks: ScriptCallbacks) {
    additions = FlowAdditions(callbacks)
    super.init()
  }

  override func prepare() {
    super.prepare()
    additions.layoutDidPrepare(self)
  }

  override var attributeCount: Int? { super.attributeCount.map { $0 + additions.decorationCount } }

  override var resizesItemsInPlace: Bool { additions.decorations.isEmpty }

  override var keepsFramesBeforeUpdates: Bool { additions.keepsFramesBeforeUpdates(self) }

  override func elementsBeforeSticking(in rect: Rect) -> [LayoutAttributes] {
    additions.elements(super.elementsBeforeSticking(in: rect), in: rect, of: self)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    additions.restyled(super.layoutAttributesForItem(at: indexPath), of: self)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    additions.restyled(
      super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath), of: self)
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    additions.decoration(ofKind: kind, at: indexPath, of: self)
  }

  override func invalidateLayout(with context: InvalidationContext) {
    additions.handleFlags(in: context)
    super.invalidateLayout(with: context)
  }

  override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> InvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    additions.layoutDidResize(self)
    return context
  }

  override func targetContentOffset(
    forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
  ) -> Point {
    additions.target(
      self, proposed: proposed, velocity: velocity,
      otherwise: super.targetContentOffset(
        forProposedContentOffset: proposed, withScrollingVelocity: velocity))
  }

  // `appearing` / `disappearing` rules (FlowAdditions+Updates.swift).
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    additions.noteUpdates(updateItems)
  }

  override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    additions.endUpdates()
  }

  override func initialLayoutAttributesForAppearingItem(at p: IndexPath) -> LayoutAttributes? {
    additions.appearing(.cell(p), in: self)
  }

  override func finalLayoutAttributesForDisappearingItem(at p: IndexPath) -> LayoutAttributes? {
    additions.disappearing(.cell(p), in: self)
  }

  override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.appearing(
      ElementKey(category: .supplementaryView, kind: kind, indexPath: p), in: self)
  }

  override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.disappearing(
      ElementKey(category: .supplementaryView, kind: kind, indexPath: p), in: self)
  }

  override func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.appearing(ElementKey(category: .decorationView, kind: kind, indexPath: p), in: self)
  }

  override func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: String, at p: IndexPath
  ) -> LayoutAttributes? {
    additions.disappearing(
      ElementKey(category: .decorationView, kind: kind, indexPath: p), in: self)
  }
}

/// `layout grid { … }` with the script's transforms, applied to every cell the grid answers
/// (its rect query goes through `layoutAttributesForItem(at:)`, so one override covers both).
final class ScriptStickyGridLayout: StickyGridLayout {
  let callbacks: ScriptCallbacks
  /// The script's `transform` rules; new ones change every answer and invalidate.
  var restyling = AnsweringRules([]) { didSet { invalidateLayout() } }
  private var rules: [AttributeRule] { restyling.rules }
  private var followsBounds: Bool { restyling.followsBounds }
  /// `snap { target = … }`.
  var snap: Expr?

  init(_ callbacks: ScriptCallbacks) {
    self.callbacks = callbacks
    super.init()
  }

  override func targetContentOffset(
    forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
  ) -> Point {
    let otherwise = super.targetContentOffset(
      forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    guard let snap, let cv = collectionView else { return otherwise }
    return callbacks.target(snap, of: "snap", proposed: proposed, velocity: velocity, in: cv)
      ?? otherwise
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
    AttributeRule.apply(rules, to: &attributes, in: LiveScope(callbacks, self))
    return attributes
  }

  /// The sticky cells (the recipe's answer), or every bounds change when a live rule reads
  /// the bounds (LAY-8).
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    super.shouldInvalidateLayout(forBoundsChange: newBounds) || followsBounds
  }

  /// A context naming nothing when live rules follow the bounds: the collection view asks
  /// for its whole rect again, sticky cells included (LAY-10).
  override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    followsBounds
      ? Self.invalidationContextClass.init()
      : super.invalidationContext(forBoundsChange: newBounds)
  }
}

/// The rules a layout applies to every answer (not an update's appearing or disappearing
/// ones), and whether one of them reads the bounds, which makes every bounds change
/// invalidate the layout (LAY-8).
struct AnsweringRules {
  /// Every rule of the layer, as declared.
  let all: [AttributeRule]
  let rules: [AttributeRule]
  let followsBounds: Bool

  init(_ all: [AttributeRule]) {
    self.all = all
    rules = all.filter { $0.moment == .always }
    followsBounds = rules.contains { $0.live?.followsBounds ?? false }
  }
}
