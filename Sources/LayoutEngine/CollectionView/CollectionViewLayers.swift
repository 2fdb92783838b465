/// Collection views stacked in one frame, back to front, sharing a data source and one
/// content offset — the two-layer design of sticky grids: a background layer whose layout
/// never invalidates on bounds changes (the cells), and a foreground layer whose layout
/// does (only the sticky elements). Every scroll, resize and reload goes to every layer,
/// and each layer's layout reports how many attributes it recomputed, so the cost of the
/// two designs can be compared step by step.
public final class CollectionViewLayers {
  public struct Layer {
    public let name: String
    public let collectionView: CollectionView
  }

  /// Back to front.
  public private(set) var layers: [Layer] = []
  /// Each layout's count when it was last taken: a layout put back in
  /// (`setCollectionViewLayout`) reports only what it computed since, and a new one all of
  /// its work. Held weakly: a layout that is gone may leave its address to a new one.
  private var recomputedMark: [ObjectIdentifier: RecomputedMark] = [:]

  public init() {}

  /// Adds a layer in front of the others.
  public func add(_ name: String, _ collectionView: CollectionView) {
    layers.append(Layer(name: name, collectionView: collectionView))
    let layout = collectionView.collectionViewLayout
    recomputedMark[ObjectIdentifier(layout)] = RecomputedMark(layout, layout.recomputedAttributes)
  }

  /// The frontmost layer's collection view.
  public var front: CollectionView? { layers.last?.collectionView }

  public var contentOffset: Point { front?.contentOffset ?? .zero }

  /// Moves every layer to `offset` (SV-4: no clamping), back to front.
  public func setContentOffset(_ offset: Point) {
    for layer in layers { layer.collectionView.setContentOffset(offset) }
  }

  /// The end of an animated scroll, on every layer (`scrollViewDidEndScrollingAnimation`).
  public func endScrollingAnimation() {
    for layer in layers { layer.collectionView.endScrollingAnimation() }
  }

  /// Resizes every layer.
  public func setFrame(_ frame: Rect) {
    for layer in layers { layer.collectionView.frame = frame }
  }

  public func reloadData() {
    for layer in layers { layer.collectionView.reloadData() }
  }

  /// `indexPathForItem(at:)` front to back: the first layer with a cell there answers.
  public func indexPathForItem(at point: Point) -> (layer: String, indexPath: IndexPath)? {
    for layer in layers.reversed() {
      if let path = layer.collectionView.indexPathForItem(at: point) { return (layer.name, path) }
    }
    return nil
  }

  /// The view a finger touches: UIView hit testing goes front to back and passes only views
  /// whose `isUserInteractionEnabled` is false — a scroll view takes a touch on its empty
  /// space too — so the frontmost layer that takes touches gets it (the calendar's front
  /// layer must be `touches off` for taps to reach the cells behind). Nil when none does.
  public var collectionViewForTouch: CollectionView? {
    layers.last { $0.collectionView.isUserInteractionEnabled }?.collectionView
  }

  /// Attributes each layer's layout recomputed since the last call, and how many it holds.
  public func takeRecomputedCounts() -> [RecomputedCount] {
    var counts: [RecomputedCount] = []
    for layer in layers {
      let layout = layer.collectionView.collectionViewLayout
      let now = layout.recomputedAttributes
      let mark = recomputedMark[ObjectIdentifier(layout)]
      let since = mark?.layout === layout ? mark!.count : 0
      // Distinct attributes: those recomputed one by one count once each, and no step
      // recomputes more than the layout holds (a full pass already counted every one).
      var count = now - since + layout.takeRecomputedKeys().count
      if let total = layout.attributeCount { count = min(count, total) }
      counts.append(RecomputedCount(name: layer.name, count: count, of: layout.attributeCount))
      recomputedMark[ObjectIdentifier(layout)] = RecomputedMark(layout, now)
    }
    if recomputedMark.count > layers.count {
      recomputedMark = recomputedMark.filter { $0.value.layout != nil }
    }
    return counts
  }
}

/// A layout's recomputed count when it was taken, without keeping the layout alive.
private struct RecomputedMark {
  weak var layout: CollectionViewLayout?
  var count: Int

  init(_ layout: CollectionViewLayout, _ count: Int) {
    self.layout = layout
    self.count = count
  }
}

/// One layer's cost for a step: attributes recomputed, out of how many.
public struct RecomputedCount: Hashable, Sendable {
  public var name: String
  public var count: Int
  public var of: Int?
}
