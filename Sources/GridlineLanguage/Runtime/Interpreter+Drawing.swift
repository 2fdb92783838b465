import LayoutEngine

extension Interpreter {
  /// `draw`: the displayed elements of every layer, back to front (DISP-1); `draw
  /// content`: the elements of the content within four viewports of the visible area
  /// along y (the renderer elides what lies further). The renderer draws them; the
  /// interpreter only gathers.
  func draw(content: Bool, line: Int) throws(Diagnostic) -> Output {
    let cv = live()
    var elements: [(layer: String, attributes: LayoutAttributes)] = []
    for layer in stack?.layers ?? [] {
      let view = layer.collectionView
      let found: [LayoutAttributes]
      if content {
        let b = view.bounds
        let v = b.size
        let rect = Rect(
          x: -v.width, y: b.minY - 4 * v.height, width: view.contentSize.width + 2 * v.width,
          height: 9 * v.height)
        found = view.layoutAttributesForElements(in: rect).filter { !$0.isHidden }
      } else {
        found = view.visibleElements
      }
      elements += found.prefix(limits.rows).map { (layer.name, $0) }
    }
    let kept = Array(elements.prefix(limits.rows))
    let show = ShowOutput(
      line: line, target: content ? "content" : "viewport", bounds: cv.bounds,
      contentSize: cv.contentSize, elements: kept.map(\.attributes),
      layers: layers.count > 1 ? kept.map(\.layer) : [],
      natural: kept.map { pinnedFrom($0.attributes, layer: $0.layer) },
      omitted: elements.count - kept.count)
    return .draw(show, content: content, invalidated: reasked(lastEvents))
  }

  /// The elements the collection view asked for again after an invalidation in `events`:
  /// the ones a targeted context named (LAY-11), or every one a full invalidation re-read.
  func reasked(_ events: [LayoutEvent]) -> Set<ElementKey> {
    var keys = Set<ElementKey>()
    var invalidated = false
    for event in events {
      switch event {
      case .invalidateLayout: invalidated = true
      case .layoutAttributesForItem(let indexPath, _) where invalidated:
        keys.insert(.cell(indexPath))
      case .layoutAttributesForSupplementaryView(let kind, let indexPath, _) where invalidated:
        keys.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
      case .layoutAttributesForDecorationView(let kind, let indexPath, _) where invalidated:
        keys.insert(ElementKey(category: .decorationView, kind: kind, indexPath: indexPath))
      default: break
      }
    }
    return keys
  }
}
