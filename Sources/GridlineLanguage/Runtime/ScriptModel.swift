import LayoutEngine

/// One declared section: its count and what the flow delegate answers for it (FLOW-4).
struct SectionModel {
  var name: String?
  var count: Int
  /// A diffable data source's section: its items' identifiers (`count` of them).
  var identifiers: [String]?
  /// Later rules win where ranges overlap.
  var sizes: [SizeRule] = []
  var headerSize: Size?
  var footerSize: Size?
  var inset: EdgeInsets?
  var lineSpacing: Double?
  var interitemSpacing: Double?
  /// Self-sizing: what the cells report (later rules win).
  var preferred: [PreferredRule] = []

  /// True when the section answers any delegate question.
  var hasMetrics: Bool {
    !sizes.isEmpty || headerSize != nil || footerSize != nil || inset != nil
      || lineSpacing != nil || interitemSpacing != nil
  }
}

/// `item LOW...HIGH size …`: a constant size, or a per-item expression of `item`/`section`.
struct SizeRule {
  var items: ClosedRange<Int>
  var constant: Size?
  /// The size expression, for diagnostics and the general evaluator.
  var expression: Expr?
  /// The same, compiled per axis when it only needs numbers (`let` values read as they
  /// were when the section was declared).
  var compiled: (width: NumericCode, height: NumericCode)?
}

/// `item N preferred W x H` or `item N text "…"`: the size a self-sizing cell reports.
struct PreferredRule {
  var items: ClosedRange<Int>
  var size: Size?
  var text: String?
}

/// `cells "Photo" for items 0...9 in section 1`: the identifier those cells are dequeued
/// with (DISP-3).
struct CellIdentifierRule {
  var section: Int
  var items: ClosedRange<Int>
  var identifier: String
}

/// `text metrics { … }`: a monospace model of text measurement. A text cell keeps the width
/// the layout proposes and takes the height of its wrapped lines: lines =
/// max(1, ⌈characters × characterWidth / (width − 2 × padding)⌉), height = lines ×
/// lineHeight + 2 × padding. (Words are not kept whole; the model is for teaching.)
struct TextMetrics {
  var characterWidth = 8.0
  var lineHeight = 20.0
  var padding = 8.0

  func size(of text: String, width: Double) -> Size {
    let room = max(width - 2 * padding, characterWidth)
    let lines = max(1, (Double(text.count) * characterWidth / room).rounded(.up))
    return Size(width: width, height: lines * lineHeight + 2 * padding)
  }
}

/// The sections a script declared, shared by the data source and the delegate (the
/// collection view holds both weakly; the interpreter owns them).
final class ScriptData {
  var sections: [SectionModel] = [] {
    didSet { version &+= 1 }
  }
  /// Bumped on every change of `sections`, so the delegate knows to rebuild its table.
  private(set) var version = 0
  var totalItems = 0
  var limits = Limits()
  var metrics = TextMetrics()
  /// `cells "…" for items …`, in order: the last rule naming a cell wins.
  var cellIdentifiers: [CellIdentifierRule] = []
  /// While a finger moves an item: puts the data as it was when the movement began, with
  /// the item moved from its original place to the given one (`Interpreter+Move.swift`).
  var moveData: ((IndexPath, IndexPath) -> Void)?
  /// The last batch UIKit accepted (`.before`, `.after`, `updates`); nil before any.
  var lastBatch: BatchMapping?
  /// `layer NAME { owns sections … }`: the layer whose collection view alone has each
  /// owned section's items (`LayerSet+Ownership.swift`); sections not listed are shared.
  var owners: [Int: String] = [:]
  private var locations: [String: IndexPath] = [:]
  private var locationsVersion = -1
  private var metricsKnown = false
  private var metricsVersion = -1

  /// Whether some section answers a delegate question (`SectionModel.hasMetrics`); found
  /// once per change of the sections and kept current by `append`, so declaring sections
  /// one by one stays linear.
  var anySectionHasMetrics: Bool {
    if metricsVersion != version {
      metricsKnown = sections.contains(where: \.hasMetrics)
      metricsVersion = version
    }
    return metricsKnown
  }

  /// Appends a declared section, keeping the identifier index current (declaring many
  /// identified sections stays linear).
  func append(_ section: SectionModel) {
    let current = locationsVersion == version
    let metricsCurrent = metricsVersion == version
    sections.append(section)
    if metricsCurrent {
      metricsKnown = metricsKnown || section.hasMetrics
      metricsVersion = version
    }
    guard current else { return }
    for (i, id) in (section.identifiers ?? []).enumerated() {
      locations[id] = IndexPath(item: i, section: sections.count - 1)
    }
    locationsVersion = version
  }

  /// A diffable data source: its sections hold identified items.
  var isDiffable: Bool { sections.first?.identifiers != nil }

  /// Where the item with `identifier` is (`item "apple"`); built once per change of the
  /// sections.
  func indexPath(ofItem identifier: String) -> IndexPath? {
    if locationsVersion != version {
      locations.removeAll(keepingCapacity: true)
      for (s, section) in sections.enumerated() {
        for (i, id) in (section.identifiers ?? []).enumerated() {
          locations[id] = IndexPath(item: i, section: s)
        }
      }
      locationsVersion = version
    }
    return locations[identifier]
  }

  /// The data as a diffable data source's snapshot.
  var snapshot: DiffableDataSourceSnapshot {
    var snapshot = DiffableDataSourceSnapshot()
    for section in sections {
      guard let name = section.name, let items = section.identifiers else { continue }
      try? snapshot.appendSections([name])
      try? snapshot.appendItems(items, toSection: name)
    }
    return snapshot
  }
}

/// `UICollectionViewDataSource` over the declared sections.
final class ScriptDataSource: CollectionViewDataSource {
  let data: ScriptData
  /// `can move when …`, answered with the delegate's evaluator (nil: every item can move).
  var canMove: ((IndexPath) -> Bool)?
  /// The layer each collection view shows, for sections that one layer owns.
  var layerNames: [ObjectIdentifier: String] = [:]

  init(_ data: ScriptData) {
    self.data = data
  }

  /// A script's data can always move (`move begin`); `can move when …` says which items.
  var implementsMoveItem: Bool { true }

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  { canMove?(indexPath) ?? true }

  /// The data already moved with the item (`ScriptData.moveData`); this puts it where the
  /// movement ended.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    data.moveData?(sourceIndexPath, destinationIndexPath)
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { data.sections.count }

  /// A section's items; 0 in a layer other than the one that owns the section (every
  /// layer has every section, so index paths agree across the layers).
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    guard data.sections.indices.contains(section) else { return 0 }
    if let owner = data.owners[section], owner != layerNames[ObjectIdentifier(collectionView)] {
      return 0
    }
    return data.sections[section].count
  }

  /// The identifier `cells` gives the item (the last rule naming it), else "Cell".
  func collectionView(
    _ collectionView: CollectionView, reuseIdentifierForItemAt indexPath: IndexPath
  ) -> String {
    data.cellIdentifiers.last {
      $0.section == indexPath.section && $0.items.contains(indexPath.item)
    }?.identifier ?? "Cell"
  }

  /// A cell's preferred size: the last `preferred` or `text` rule naming it.
  func collectionView(
    _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
    fitting attributes: LayoutAttributes
  ) -> Size? {
    guard data.sections.indices.contains(indexPath.section) else { return nil }
    let rules = data.sections[indexPath.section].preferred
    guard let rule = rules.last(where: { $0.items.contains(indexPath.item) }) else { return nil }
    if let size = rule.size { return size }
    if let text = rule.text { return data.metrics.size(of: text, width: attributes.size.width) }
    return nil
  }
}
