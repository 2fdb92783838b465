import LayoutEngine

/// What a step's layout calls leave for later questions, without the calls themselves:
/// how many of each there were (`trace.count`) and which elements the collection view asked
/// for again after an invalidation (the marks of pictures). A step of 100,000 frames folds
/// its calls in as they come instead of keeping a list of them.
struct EventTally {
  private var counts: [String: Int] = [:]
  /// The ones a targeted context named (LAY-11), or every one a full invalidation re-read.
  private(set) var reasked: Set<ElementKey> = []
  private var invalidated = false

  init() {}

  init(_ events: [LayoutEvent]) {
    for event in events { add(event) }
  }

  mutating func add(_ event: LayoutEvent) {
    counts[event.callName, default: 0] += 1
    switch event {
    case .invalidateLayout: invalidated = true
    case .layoutAttributesForItem(let indexPath, _) where invalidated:
      reasked.insert(.cell(indexPath))
    case .layoutAttributesForSupplementaryView(let kind, let indexPath, _) where invalidated:
      reasked.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
    case .layoutAttributesForDecorationView(let kind, let indexPath, _) where invalidated:
      reasked.insert(ElementKey(category: .decorationView, kind: kind, indexPath: indexPath))
    default: break
    }
  }

  /// How many calls named `call` (`LayoutEvent.callName`) there were.
  func count(_ call: String) -> Int { counts[call] ?? 0 }
}
