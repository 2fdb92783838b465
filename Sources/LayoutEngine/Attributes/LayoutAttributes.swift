/// The layout-related attributes of one element (`UICollectionViewLayoutAttributes`).
///
/// A *struct*, unlike UIKit's class. UIKit hands out shared objects, so a flow-layout
/// subclass that edits what `super` returned corrupts the superclass's cache (FLOW-22, the
/// "cached frame mismatch" log). With value semantics every caller edits its own copy:
/// `var a = super.layoutAttributesForItem(at: p)!; a.alpha = 0.5` cannot touch the cache.
///
/// Coupling follows ATTR-2: setting `frame` sets `center` and `size`; setting `center`
/// moves the frame and keeps the size; setting `size` keeps the centre; `bounds.origin` is
/// always zero. Transforms never change `frame` (ATTR-2, ATTR-3). Defaults are ATTR-1's:
/// frame zero, alpha 1, zIndex 0, not hidden, identity transform, no kind for cells.
public struct LayoutAttributes: Sendable {
  /// The frame's origin is stored (not the centre, as UIKit does) so that frames computed
  /// by a layout come back bit-for-bit; the centre is derived.
  private var origin: Point
  /// The element's size (`bounds.size`).
  public var size: Size {
    get { storedSize }
    set {
      let c = center
      storedSize = newValue
      center = c
    }
  }
  private var storedSize: Size
  private var transformBox: TransformBox?

  /// ATTR-1: 1 is opaque, 0 is invisible.
  public var alpha: Double = 1
  /// ATTR-6: higher draws above lower; equal values have no defined order.
  public var zIndex: Int = 0
  /// ATTR-7: a hidden element gets no view and is not displayed.
  public var isHidden: Bool = false
  public var indexPath: IndexPath
  public let representedElementCategory: ElementCategory
  /// `nil` for cells (ATTR-1); the supplementary or decoration kind otherwise.
  public let representedElementKind: String?

  /// `init(forCellWith:)` (ATTR-4).
  public init(forCellWith indexPath: IndexPath) {
    self.init(category: .cell, kind: nil, indexPath: indexPath)
  }

  /// `init(forSupplementaryViewOfKind:with:)` (ATTR-4).
  public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
    self.init(category: .supplementaryView, kind: kind, indexPath: indexPath)
  }

  /// `init(forDecorationViewOfKind:with:)` (ATTR-4).
  public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
    self.init(category: .decorationView, kind: kind, indexPath: indexPath)
  }

  init(category: ElementCategory, kind: String?, indexPath: IndexPath, frame: Rect = .zero) {
    self.representedElementCategory = category
    self.representedElementKind = kind
    self.indexPath = indexPath
    let r = frame.standardized
    self.origin = r.origin
    self.storedSize = r.size
  }

  /// The element's frame in content coordinates, ignoring any transform (ATTR-2).
  public var frame: Rect {
    get { Rect(origin: origin, size: storedSize) }
    set {
      let r = newValue.standardized
      origin = r.origin
      storedSize = r.size
    }
  }

  /// The frame's midpoint; setting it moves the frame and keeps the size (ATTR-2).
  public var center: Point {
    get { Point(x: origin.x + storedSize.width / 2, y: origin.y + storedSize.height / 2) }
    set {
      origin = Point(x: newValue.x - storedSize.width / 2, y: newValue.y - storedSize.height / 2)
    }
  }

  /// Always at origin zero; setting it changes `size` only (ATTR-2).
  public var bounds: Rect {
    get { Rect(origin: .zero, size: storedSize) }
    set { size = newValue.standardized.size }
  }

  /// ATTR-3: the 3D transform; `transform` is the affine view of the same value.
  public var transform3D: Transform3D {
    get { transformBox?.value ?? .identity }
    set { transformBox = newValue.isIdentity ? nil : TransformBox(newValue) }
  }

  /// ATTR-3: setting the affine transform replaces the 3D one.
  public var transform: AffineTransform {
    get { AffineTransform(transform3D) }
    set { transform3D = newValue.transform3D }
  }

  /// The element this value describes: category, kind and index path.
  public var key: ElementKey {
    ElementKey(
      category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
  }
}

/// Transforms are rare and 128 bytes wide; boxing them keeps the common attributes value
/// small. The box is immutable, so sharing it keeps value semantics.
private final class TransformBox: Sendable {
  let value: Transform3D
  init(_ value: Transform3D) { self.value = value }
}

extension LayoutAttributes: Hashable {
  /// ATTR-5: every base property takes part — geometry, alpha, zIndex, hidden, transforms,
  /// index path, category and kind.
  public static func == (lhs: LayoutAttributes, rhs: LayoutAttributes) -> Bool {
    lhs.origin == rhs.origin && lhs.storedSize == rhs.storedSize && lhs.alpha == rhs.alpha
      && lhs.zIndex == rhs.zIndex && lhs.isHidden == rhs.isHidden
      && lhs.indexPath == rhs.indexPath
      && lhs.representedElementCategory == rhs.representedElementCategory
      && lhs.representedElementKind == rhs.representedElementKind
      && (lhs.transformBox === rhs.transformBox || lhs.transform3D == rhs.transform3D)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(origin)
    hasher.combine(storedSize)
    hasher.combine(indexPath)
    hasher.combine(representedElementCategory)
    hasher.combine(representedElementKind)
  }
}

extension LayoutAttributes: CustomDebugStringConvertible, CustomStringConvertible {
  /// ATTR-8, UIKit's debug description with the class name de-prefixed and a fixed address:
  /// `<LayoutAttributes: 0x0> index path: (<NSIndexPath: 0x0> {length = 2, path = 0 - 0});
  /// element kind: (UICollectionElementKindSectionHeader); frame = (0 0; 375 32);
  /// zIndex = 10;` — the kind only for non-cells, zIndex only when non-zero, and alpha,
  /// hidden and transform only when they differ from their defaults.
  public var debugDescription: String {
    var s = "<LayoutAttributes: 0x0> index path: (\(indexPath.foundationDescription)); "
    if let kind = representedElementKind { s += "element kind: (\(kind)); " }
    let f = frame
    s += "frame = (\(formatNumber(f.origin.x, .printfG)) \(formatNumber(f.origin.y, .printfG)); "
    s += "\(formatNumber(f.size.width, .printfG)) \(formatNumber(f.size.height, .printfG))); "
    if alpha != 1 { s += "alpha = \(formatNumber(alpha, .printfG)); " }
    if isHidden { s += "hidden = YES; " }
    if zIndex != 0 { s += "zIndex = \(zIndex); " }
    if !transform3D.isIdentity { s += "transform3D = [\(transform3D)]; " }
    s.removeLast()
    return s
  }

  public var description: String { debugDescription }
}
