import LayoutEngine

/// `layout compositional`: the engine's compositional layout with what every script layout
/// takes — `transform` rules on its answers and `snap` for a fling's end — as the sticky
/// grid has them.
final class ScriptCompositionalLayout: CollectionViewCompositionalLayout {
  let callbacks: ScriptCallbacks
  /// The script's `transform` rules; new ones change every answer and invalidate.
  var restyling = AnsweringRules([]) { didSet { invalidateLayout() } }
  /// `snap { target = … }`.
  var snap: Expr?
  /// The descriptors the declaration built, as an app's Swift would, and where each
  /// section's entry stands: what `gl export swift` writes.
  var described: Described?

  struct Described {
    var name: String?
    var range: SourceRange
    /// `section { … }`: every section without its own.
    var shared: CollectionLayoutSection?
    /// `section N { … }`.
    var sections: [Int: CollectionLayoutSection]
    var ranges: [Int: SourceRange]
    var sharedRange: SourceRange?
    /// Adaptive sections (their entries read `environment`): built when the provider asks.
    var adaptive: [Int?: (entries: [CompositionalEntry], range: SourceRange)] = [:]
    /// `on visible items { … }` of a section (nil: the shared one), and where it stands.
    var handlers: [Int?: (operations: [TransformOperation], range: SourceRange)] = [:]
    /// The code of each custom group, by the group's identity (COMP-7).
    var providers = ItemProviders()
  }

  init(
    _ callbacks: ScriptCallbacks, sectionProvider: @escaping SectionProvider,
    configuration: CollectionViewCompositionalLayoutConfiguration
  ) {
    self.callbacks = callbacks
    super.init(sectionProvider: sectionProvider, configuration: configuration)
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

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var answer = super.layoutAttributesForElements(in: rect)
    if restyling.rules.isEmpty { return answer }
    let scope = LiveScope(callbacks, self)
    for i in answer.indices { AttributeRule.apply(restyling.rules, to: &answer[i], in: scope) }
    return answer
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = super.layoutAttributesForItem(at: indexPath) else { return nil }
    AttributeRule.apply(restyling.rules, to: &attributes, in: LiveScope(callbacks, self))
    return attributes
  }

  /// Every bounds change when a live rule reads the bounds (LAY-8).
  override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    super.shouldInvalidateLayout(forBoundsChange: newBounds) || restyling.followsBounds
  }
}
