import LayoutEngine

/// One declared section, for the REPL's `:state` and completion.
public struct SectionSummary: Hashable, Sendable {
  public var name: String?
  public var items: Int
}

/// A read-only look at the session, for the REPL (`:state`, completion). Reading it never
/// creates the collection view: before the first step the declared values are reported.
extension Interpreter {
  public var sectionSummaries: [SectionSummary] {
    data.sections.map { SectionSummary(name: $0.name, items: $0.count) }
  }

  public var layerNames: [String] { layers.names }

  /// The names `let` bound so far.
  public var boundNames: [String] { environment.lets.keys.sorted() }

  /// Whether the collection view exists (the first step has run).
  public var isLive: Bool { layers.isLive }

  /// `viewport 375 x 667`, as declared (the collection view's frame once live).
  public var viewportSize: Size { collectionView?.bounds.size ?? layers.scene.viewport }

  /// The configured layout of each layer, back to front.
  public var layerLayouts: [(name: String, layout: CollectionViewLayout)] {
    layers.layers.map { ($0.name, $0.layout) }
  }
}
