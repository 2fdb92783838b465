/// `UICollectionViewFlowLayout`: items in lines, lines in sections, both scroll directions.
///
/// Defaults are FLOW-1's. Lines fill greedily with an exact comparison (FLOW-5); non-last
/// lines are justified (FLOW-6) and a lone item is centred (FLOW-7); items are centred
/// across their line (FLOW-10). With every item at `itemSize` a section is a grid whose
/// last line keeps the grid's columns (FLOW-9); with per-item sizes from the delegate the
/// last line is left-aligned (FLOW-8). UIKit's private row-alignment options are public
/// here (FLOW-11, FLOW-12). Headers and footers span the cross axis (FLOW-14, zIndex 10,
/// FLOW-18). Frames are stored compactly in an `AttributeIndex` and attributes values are
/// built only when asked.
///
/// Every property setter invalidates the layout when the value changes, as UIKit's do.
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// `UICollectionView.ScrollDirection`.
  public enum ScrollDirection: Sendable {
    case vertical, horizontal
  }

  /// `UICollectionViewFlowLayout.SectionInsetReference` (FLOW-16).
  public enum SectionInsetReference: Sendable {
    case fromContentInset, fromSafeArea, fromLayoutMargins
  }

  /// FLOW-11's private horizontal alignment values (raw values are UIKit's enum). With
  /// horizontal scrolling a line is a column and these apply along it: left = top.
  public enum RowHorizontalAlignment: Int, Sendable {
    case left = 0
    case centered = 1
    case right = 2
    case justify = 3
  }

  /// FLOW-11's private vertical alignment of items inside a line (UIKit's default 1 =
  /// centre; top 0 and bottom 2 assumed). With horizontal scrolling: top = left.
  public enum RowVerticalAlignment: Int, Sendable {
    case top = 0
    case center = 1
    case bottom = 2
  }

  /// `UICollectionViewFlowLayout.automaticSize`: as `estimatedItemSize`, "estimate from
  /// the cell".
  public static let automaticSize = Size(
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  open var scrollDirection: ScrollDirection = .vertical {
    didSet { if scrollDirection != oldValue { invalidateLayout() } }
  }
  open var itemSize = Size(width: 50, height: 50) {
    didSet { if itemSize != oldValue { invalidateLayout() } }
  }
  /// Self-sizing (FLOW-23): when not `.zero`, items not yet measured take this size
  /// (`automaticSize` stands for `itemSize`) and sections take the per-item path.
  open var estimatedItemSize: Size = .zero {
    didSet { if estimatedItemSize != oldValue { invalidateLayout() } }
  }
  open var minimumLineSpacing: Double = 10 {
    didSet { if minimumLineSpacing != oldValue { invalidateLayout() } }
  }
  open var minimumInteritemSpacing: Double = 10 {
    didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
  }
  open var sectionInset: EdgeInsets = .zero {
    didSet { if sectionInset != oldValue { invalidateLayout() } }
  }
  open var sectionInsetReference: SectionInsetReference = .fromContentInset {
    didSet { if sectionInsetReference != oldValue { invalidateLayout() } }
  }
  open var headerReferenceSize: Size = .zero {
    didSet { if headerReferenceSize != oldValue { invalidateLayout() } }
  }
  open var footerReferenceSize: Size = .zero {
    didSet { if footerReferenceSize != oldValue { invalidateLayout() } }
  }
  /// FLOW-11: every line but a section's last. UIKit's default: justify.
  open var commonRowHorizontalAlignment: RowHorizontalAlignment = .justify {
    didSet { if commonRowHorizontalAlignment != oldValue { invalidateLayout() } }
  }
  /// FLOW-11 / OPEN-3: a section's last line on the per-item path. UIKit's default: left
  /// (FLOW-8). The uniform grid ignores it: its last line keeps the columns (FLOW-9).
  open var lastRowHorizontalAlignment: RowHorizontalAlignment = .left {
    didSet { if lastRowHorizontalAlignment != oldValue { invalidateLayout() } }
  }
  /// FLOW-10 / FLOW-11: items inside a line. UIKit's default: centre.
  open var rowVerticalAlignment: RowVerticalAlignment = .center {
    didSet { if rowVerticalAlignment != oldValue { invalidateLayout() } }
  }

  // MARK: Computed layout

  /// Cell frames in index order (section-major), sorted along the scroll axis by line.
  var cells = AttributeIndex(axis: .vertical)
  var sections: [FlowSection] = []
  var contentSize: Size = .zero
  var needsRecompute = true
  /// How far a snapped frame may pass its section's unsnapped extent (FLOW-21).
  var roundingSlack = 0.0

  public override init() {
    super.init()
  }

  open override class var invalidationContextClass: InvalidationContext.Type {
    FlowLayoutInvalidationContext.self
  }

  /// LAY-11: a `FlowLayoutInvalidationContext` with `invalidateFlowLayoutAttributes` false
  /// keeps every computed frame; anything else recomputes on the next `prepare()`. (The
  /// engine re-asks the delegate whenever it recomputes, whatever
  /// `invalidateFlowLayoutDelegateMetrics` says; only the call count differs.)
  open override func invalidateLayout(with context: InvalidationContext) {
    let keepsAttributes =
      (context as? FlowLayoutInvalidationContext).map { !$0.invalidateFlowLayoutAttributes }
      ?? false
    if context.invalidateEverything || context.invalidateDataSourceCounts || !keepsAttributes {
      needsRecompute = true
    }
    super.invalidateLayout(with: context)
  }

  /// FLOW-24: a change of the cross-axis extent (the width when scrolling vertically)
  /// invalidates; a pure scroll does not.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return false }
    return scrollDirection == .vertical
      ? newBounds.width != old.width : newBounds.height != old.height
  }

  open override func prepare() {
    super.prepare()
    guard needsRecompute else { return }
    needsRecompute = false
    computeLayout()
  }

  open override var collectionViewContentSize: Size { contentSize }

  /// Sections overlapping `rect` in order; in each, the header, the cells (index order)
  /// and the footer that intersect it (GEO-5).
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let r = rect.standardized
    if r.isNull || sections.isEmpty { return [] }
    let axes = FlowAxes(vertical: cells.axis == .vertical)
    let (low, high) = axes.mainRange(r)
    var result: [LayoutAttributes] = []
    var s = firstSection(endingAtOrAfter: low - roundingSlack)
    while s < sections.count && sections[s].start <= high + roundingSlack {
      let section = sections[s]
      if let header = section.header, header.intersects(r) {
        result.append(supplementary(ElementKind.sectionHeader, s, header))
      }
      let first = section.firstCell
      cells.forEach(intersecting: r, positions: first..<(first + section.count)) { i in
        result.append(
          LayoutAttributes(
            category: .cell, kind: nil, indexPath: IndexPath(item: i - first, section: s),
            frame: cells.frames[i]))
      }
      if let footer = section.footer, footer.intersects(r) {
        result.append(supplementary(ElementKind.sectionFooter, s, footer))
      }
      s += 1
    }
    return result
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    return LayoutAttributes(
      category: .cell, kind: nil, indexPath: indexPath,
      frame: cells.frames[section.firstCell + indexPath.item])
  }

  /// Headers and footers live at item 0 of their section (FLOW-14).
  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
    let section = sections[indexPath.section]
    let frame =
      kind == ElementKind.sectionHeader
      ? section.header : kind == ElementKind.sectionFooter ? section.footer : nil
    return frame.map { supplementary(kind, indexPath.section, $0) }
  }

  /// FLOW-18: flow headers and footers carry zIndex 10.
  func supplementary(_ kind: String, _ section: Int, _ frame: Rect) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      category: .supplementaryView, kind: kind, indexPath: IndexPath(item: 0, section: section),
      frame: frame)
    attributes.zIndex = 10
    return attributes
  }

  /// The first section whose end on the scroll axis is ≥ `position` (sections are laid end
  /// to end, so their ends are sorted).
  func firstSection(endingAtOrAfter position: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].end < position { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Bytes held by the computed layout (cell frames, their index, the sections).
  public var memoryFootprint: Int {
    cells.memoryFootprint + sections.capacity * MemoryLayout<FlowSection>.stride
  }
}

/// One section's extent along the scroll axis and its supplementary frames.
struct FlowSection {
  /// Where the section starts and ends (header included … footer included).
  var start: Double
  var end: Double
  /// Where the items' area starts (after the header and inset.top) and ends (after
  /// inset.bottom, where the footer starts: PIN-2's Es).
  var itemsStart: Double
  var itemsEnd: Double
  var header: Rect?
  var footer: Rect?
  /// Position of item 0 in the cell index.
  var firstCell: Int
  var count: Int
}
