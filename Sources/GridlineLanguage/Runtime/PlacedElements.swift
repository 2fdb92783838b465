import LayoutEngine

/// What a custom layout's `prepare()` placed (MOS-1's cache), in placement order — the
/// order its answers keep (LAY-5): every frame in one array, from which the layout builds
/// its `AttributeIndex` as it is, and each element's index path beside it. Most elements
/// are cells with a frame and ATTR-1's defaults; their attributes are made again when asked
/// for, from the frame, by the same two steps that made them (`init(forCellWith:)`, then
/// `frame`), so they come back bit for bit. Other elements keep their whole attributes. A
/// million cells so cost 48 bytes each, not a `LayoutAttributes` and a copy of its frame.
struct PlacedElements {
  private(set) var frames: [Rect] = []
  private var paths: [IndexPath] = []
  /// The attributes of the elements that are not plain cells, by position.
  private var others: [Int: LayoutAttributes] = [:]
  private var positions = PlacedPositions()

  var count: Int { frames.count }

  subscript(position: Int) -> LayoutAttributes {
    others[position] ?? Self.cell(paths[position], frames[position])
  }

  func position(of key: ElementKey) -> Int? { positions[key] }

  private static func cell(_ path: IndexPath, _ frame: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(forCellWith: path)
    attributes.frame = frame
    return attributes
  }

  /// Keeps `attributes`; true when they replace the element's earlier attributes.
  mutating func keep(_ attributes: LayoutAttributes) -> Bool {
    let plain =
      attributes.representedElementCategory == .cell && attributes.alpha == 1
      && attributes.zIndex == 0 && !attributes.isHidden && attributes.transform3D.isIdentity
    let (position, replaced) = store(attributes.key, attributes.frame)
    if !plain {
      others[position] = attributes
    } else if replaced {
      others[position] = nil
    }
    return replaced
  }

  /// Keeps a cell with nothing but a frame (no `LayoutAttributes` made); true when it
  /// replaces the cell's earlier attributes.
  mutating func keepCell(_ path: IndexPath, _ frame: Rect) -> Bool {
    let (position, replaced) = store(.cell(path), frame)
    if replaced { others[position] = nil }
    return replaced
  }

  /// The element's position, and whether it was placed before (its frame replaced).
  private mutating func store(_ key: ElementKey, _ frame: Rect) -> (Int, Bool) {
    if let existing = positions[key] {
      frames[existing] = frame
      return (existing, true)
    }
    positions.set(key, frames.count)
    frames.append(frame)
    paths.append(key.indexPath)
    return (frames.count - 1, false)
  }

  /// Room for every item of sections with `counts` items, which most layouts place.
  mutating func reserveCapacity(itemCounts counts: [Int]) {
    let n = counts.reduce(0, +)
    frames.reserveCapacity(n)
    paths.reserveCapacity(n)
    positions.itemCounts = counts
  }

  mutating func removeAll() {
    frames.removeAll(keepingCapacity: true)
    paths.removeAll(keepingCapacity: true)
    others.removeAll()
    positions.removeAll()
  }
}

/// Where each placed element is in the layout's cache: a cell by section and item in
/// arrays that grow to the largest item placed (a million cells cost no hashing), any
/// other element by its key.
struct PlacedPositions {
  private var cells: [[Int32]] = []
  private var others: [ElementKey: Int] = [:]
  /// The sections' item counts: a section's array takes its count's room at its first cell.
  var itemCounts: [Int] = []

  subscript(key: ElementKey) -> Int? {
    guard key.category == .cell else { return others[key] }
    let (section, item) = (key.indexPath.section, key.indexPath.item)
    guard section >= 0 && section < cells.count && item >= 0 && item < cells[section].count
    else { return nil }
    let position = cells[section][item]
    return position < 0 ? nil : Int(position)
  }

  mutating func set(_ key: ElementKey, _ position: Int) {
    guard key.category == .cell else {
      others[key] = position
      return
    }
    let (section, item) = (key.indexPath.section, key.indexPath.item)
    if section >= cells.count { cells += Array(repeating: [], count: section + 1 - cells.count) }
    if cells[section].isEmpty && section < itemCounts.count {
      cells[section].reserveCapacity(itemCounts[section])
    }
    // Cells are usually placed in order: one append each.
    while cells[section].count < item { cells[section].append(-1) }
    if item == cells[section].count {
      cells[section].append(Int32(position))
    } else {
      cells[section][item] = Int32(position)
    }
  }

  mutating func removeAll() {
    cells.removeAll()
    others.removeAll(keepingCapacity: true)
  }
}

extension LayoutAttributes {
  /// `init(forCellWith:)` and the others (ATTR-4) for the element a `place` names.
  init(placed element: ElementSelector, at path: IndexPath) {
    switch element {
    case .item: self.init(forCellWith: path)
    case .header: self.init(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: path)
    case .footer: self.init(forSupplementaryViewOfKind: ElementKind.sectionFooter, with: path)
    case .supplementary(let kind): self.init(forSupplementaryViewOfKind: kind, with: path)
    case .decoration(let kind): self.init(forDecorationViewOfKind: kind, with: path)
    }
  }
}
