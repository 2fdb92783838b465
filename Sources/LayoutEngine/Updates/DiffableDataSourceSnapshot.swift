/// The sections and items a diffable data source shows, named by identifier
/// (`NSDiffableDataSourceSnapshot<String, String>`). It follows UIKit's snapshot: section
/// and item identifiers are each unique across the whole snapshot, every mutation checks
/// that before it changes anything, and a duplicate raises UIKit's
/// "supplied … identifiers are not unique" exception. Where UIKit would raise, these
/// methods throw and leave the snapshot as it was, so a caller can report the exception the
/// way `CollectionView.exceptions` does.
///
/// `difference(from:)` turns two snapshots into the batch update that maps one onto the
/// other (`SnapshotDifference`, BATCH-2/3/5/7).
///
/// Example: `appendSections(["fruit"])`, `appendItems(["apple", "pear"])` — then
/// `indexPath(forItem: "pear")` is `[0, 1]` and `appendItems(["apple"])` throws.
public struct DiffableDataSourceSnapshot: Hashable, Sendable {
  public private(set) var sectionIdentifiers: [String] = []
  /// The items of each section, parallel to `sectionIdentifiers`.
  private var sectionItems: [[String]] = []
  /// Where each section is, so section look-ups cost O(1).
  private var sectionIndexes: [String: Int] = [:]
  /// Where each item is, so `indexPath(forItem:)` — and the difference, which asks it of
  /// every item — costs O(1). Rebuilt only for the sections a deletion shifts.
  private var itemLocations: [String: IndexPath] = [:]
  /// The items to reconfigure (`reconfigureItems`), in the order first asked, each once.
  public private(set) var reconfiguredItemIdentifiers: [String] = []
  /// The items to reload (`reloadItems`), in the order first asked, each once.
  public private(set) var reloadedItemIdentifiers: [String] = []

  public init() {}
}

// MARK: - Queries

extension DiffableDataSourceSnapshot {
  /// Every item, section by section, in order.
  public var itemIdentifiers: [String] { Array(sectionItems.joined()) }

  public var numberOfSections: Int { sectionIdentifiers.count }

  public var numberOfItems: Int { itemLocations.count }

  /// 0 for a section the snapshot does not hold (UIKit raises there; the engine answers
  /// instead, an engine choice, so queries never throw).
  public func numberOfItems(inSection identifier: String) -> Int {
    sectionIndexes[identifier].map { sectionItems[$0].count } ?? 0
  }

  /// `[]` for a section the snapshot does not hold (engine choice, as `numberOfItems`).
  public func itemIdentifiers(inSection identifier: String) -> [String] {
    sectionIndexes[identifier].map { sectionItems[$0] } ?? []
  }

  public func sectionIdentifier(containingItem identifier: String) -> String? {
    itemLocations[identifier].map { sectionIdentifiers[$0.section] }
  }

  public func indexOfSection(_ identifier: String) -> Int? {
    sectionIndexes[identifier]
  }

  /// O(1): a dictionary look-up.
  public func indexPath(forItem identifier: String) -> IndexPath? {
    itemLocations[identifier]
  }

  /// The items of the section at `index` (the difference walks sections by index).
  func items(inSectionAt index: Int) -> [String] { sectionItems[index] }
}

// MARK: - Mutations

extension DiffableDataSourceSnapshot {
  /// Appends sections, which start empty. Throws UIKit's duplicate-section exception when
  /// an identifier is supplied twice or is already in the snapshot; nothing is appended
  /// then.
  public mutating func appendSections(_ identifiers: [String]) throws(CollectionViewException) {
    let duplicates = Self.duplicates(in: identifiers) { sectionIndexes[$0] != nil }
    if !duplicates.isEmpty { throw .duplicateIdentifiers(duplicates, kind: "section") }
    for identifier in identifiers {
      sectionIndexes[identifier] = sectionIdentifiers.count
      sectionIdentifiers.append(identifier)
      sectionItems.append([])
    }
  }

  /// Appends items to the end of a section — the last one when `identifier` is `nil`. The
  /// section is checked first, then the identifiers (engine order): an item supplied twice
  /// or already anywhere in the snapshot is UIKit's duplicate-item exception. Nothing is
  /// appended when it throws.
  public mutating func appendItems(
    _ identifiers: [String], toSection identifier: String? = nil
  ) throws(CollectionViewException) {
    let section: Int
    if let identifier {
      guard let index = sectionIndexes[identifier] else { throw .missingSection }
      section = index
    } else {
      guard !sectionIdentifiers.isEmpty else { throw .noSections }
      section = sectionIdentifiers.count - 1
    }
    let duplicates = Self.duplicates(in: identifiers) { itemLocations[$0] != nil }
    if !duplicates.isEmpty { throw .duplicateIdentifiers(duplicates, kind: "item") }
    for item in identifiers {
      itemLocations[item] = IndexPath(item: sectionItems[section].count, section: section)
      sectionItems[section].append(item)
    }
  }

  /// Removes items; identifiers the snapshot does not hold are ignored, as UIKit ignores
  /// them. A removed item also leaves the reconfigure and reload lists.
  public mutating func deleteItems(_ identifiers: [String]) {
    var doomed: Set<String> = []
    var touched: Set<Int> = []
    for item in identifiers {
      guard let path = itemLocations.removeValue(forKey: item) else { continue }
      doomed.insert(item)
      touched.insert(path.section)
    }
    if doomed.isEmpty { return }
    for section in touched {
      sectionItems[section].removeAll { doomed.contains($0) }
      indexItems(ofSectionsFrom: section, through: section)
    }
    forget(doomed)
  }

  /// Removes sections with their items; unknown identifiers are ignored. The sections
  /// after the first removed one are renumbered.
  public mutating func deleteSections(_ identifiers: [String]) {
    var doomed: Set<Int> = []
    for identifier in identifiers {
      if let index = sectionIndexes[identifier] { doomed.insert(index) }
    }
    guard let first = doomed.min() else { return }
    var doomedItems: Set<String> = []
    for index in doomed {
      for item in sectionItems[index] {
        itemLocations[item] = nil
        doomedItems.insert(item)
      }
      sectionIndexes[sectionIdentifiers[index]] = nil
    }
    let kept = sectionIdentifiers.indices.filter { !doomed.contains($0) }
    sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
    sectionItems = kept.map { sectionItems[$0] }
    for index in first..<sectionIdentifiers.count {
      sectionIndexes[sectionIdentifiers[index]] = index
    }
    indexItems(ofSectionsFrom: first, through: sectionIdentifiers.count - 1)
    forget(doomedItems)
  }

  /// Marks items to reconfigure in place (their cells keep their views). Every identifier
  /// must be in the snapshot — else it throws, naming the first unknown one, and marks
  /// nothing. Marking an item twice keeps it once (engine choice: UIKit does not say).
  public mutating func reconfigureItems(_ identifiers: [String]) throws(CollectionViewException) {
    try mark(identifiers, in: &reconfiguredItemIdentifiers, verb: "reconfigure")
  }

  /// Marks items to reload (their cells are replaced); checked like `reconfigureItems`.
  public mutating func reloadItems(_ identifiers: [String]) throws(CollectionViewException) {
    try mark(identifiers, in: &reloadedItemIdentifiers, verb: "reload")
  }
}

// MARK: - Bookkeeping

extension DiffableDataSourceSnapshot {
  /// The identifiers that occur twice in `identifiers` or that `exists` already, sorted so
  /// that the exception text is the same on every run.
  private static func duplicates(
    in identifiers: [String], exists: (String) -> Bool
  ) -> [String] {
    var seen: Set<String> = []
    var duplicates: Set<String> = []
    for identifier in identifiers where !seen.insert(identifier).inserted || exists(identifier) {
      duplicates.insert(identifier)
    }
    return duplicates.sorted()
  }

  /// Records the item locations of sections `first...last` after their items changed.
  private mutating func indexItems(ofSectionsFrom first: Int, through last: Int) {
    guard first <= last else { return }
    for section in first...last {
      for (item, identifier) in sectionItems[section].enumerated() {
        itemLocations[identifier] = IndexPath(item: item, section: section)
      }
    }
  }

  /// Drops removed items from the reconfigure and reload lists.
  private mutating func forget(_ items: Set<String>) {
    if !reconfiguredItemIdentifiers.isEmpty {
      reconfiguredItemIdentifiers.removeAll { items.contains($0) }
    }
    if !reloadedItemIdentifiers.isEmpty {
      reloadedItemIdentifiers.removeAll { items.contains($0) }
    }
  }

  private func mark(
    _ identifiers: [String], in list: inout [String], verb: String
  ) throws(CollectionViewException) {
    if let unknown = identifiers.first(where: { itemLocations[$0] == nil }) {
      throw .unknownItem(unknown, verb: verb)
    }
    var marked = Set(list)
    for identifier in identifiers where marked.insert(identifier).inserted {
      list.append(identifier)
    }
  }
}

// MARK: - Equality

extension DiffableDataSourceSnapshot {
  /// Compares what the snapshot holds — sections, their items, and the reconfigure and
  /// reload lists; the look-up dictionaries follow from those and are left out.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionIdentifiers == rhs.sectionIdentifiers && lhs.sectionItems == rhs.sectionItems
      && lhs.reconfiguredItemIdentifiers == rhs.reconfiguredItemIdentifiers
      && lhs.reloadedItemIdentifiers == rhs.reloadedItemIdentifiers
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(sectionIdentifiers)
    hasher.combine(sectionItems)
    hasher.combine(reconfiguredItemIdentifiers)
    hasher.combine(reloadedItemIdentifiers)
  }
}

// MARK: - Exceptions

extension CollectionViewException {
  /// UIKit's duplicate-identifier exception: `Fatal: supplied item identifiers are not
  /// unique. Duplicate identifiers: {(` … `)}`, the duplicates written as an `NSSet`
  /// describes them — each quoted on its own line, indented four spaces, separated by
  /// `,` and a newline. `NSSet` has no order; the engine sorts them (engine choice).
  public static func duplicateIdentifiers(_ identifiers: [String], kind: String) -> Self {
    let lines = identifiers.map { "    " + quoted($0) }.joined(separator: ",\n")
    return CollectionViewException(
      name: internalInconsistency,
      reason: "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\n"
        + lines + "\n)}")
  }

  /// Appending to a section the snapshot does not hold. UIKit raises an internal
  /// inconsistency here; the exact text is an engine choice, in the form of UIKit's
  /// parameter assertions.
  static let missingSection = CollectionViewException(
    name: internalInconsistency,
    reason: "Invalid parameter not satisfying: section != NSNotFound")

  /// Appending items to "the last section" of a snapshot without sections. The text is an
  /// engine choice (UIKit's message as commonly reported, not verified against a device).
  static let noSections = CollectionViewException(
    name: internalInconsistency,
    reason: "There are currently no sections in the data source. Please add a section first.")

  /// Reconfiguring or reloading an item the snapshot does not hold; `verb` is
  /// `reconfigure` or `reload`. The exact text is an engine choice.
  static func unknownItem(_ identifier: String, verb: String) -> Self {
    CollectionViewException(
      name: internalInconsistency,
      reason: "Attempted to \(verb) item identifier that does not exist in the snapshot: "
        + quoted(identifier))
  }

  /// A string in double quotes, with `"` and `\` escaped as `NSString`'s description does.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
