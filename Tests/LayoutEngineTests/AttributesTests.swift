import LayoutEngine
import Testing

@Suite("Layout attributes (ATTR)")
struct AttributesTests {
  @Test("TV-30: frame, center and size are coupled; defaults")
  func tv30() {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    #expect(a.frame == .zero && a.alpha == 1 && a.zIndex == 0 && !a.isHidden)
    #expect(a.representedElementKind == nil && a.representedElementCategory == .cell)
    #expect(a.transform3D.isIdentity)
    a.frame = Rect(x: 10, y: 20, width: 100, height: 50)
    #expect(a.center == Point(x: 60, y: 45))
    #expect(a.size == Size(width: 100, height: 50))
    a.size = Size(width: 50, height: 50)
    #expect(a.frame == Rect(x: 35, y: 20, width: 50, height: 50))
    a.center = Point(x: 0, y: 0)
    #expect(a.frame == Rect(x: -25, y: -25, width: 50, height: 50))
    #expect(a.bounds == Rect(x: 0, y: 0, width: 50, height: 50))
  }

  @Test("ATTR-2/3: transforms leave the frame alone; affine and 3D are one value")
  func transforms() {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    a.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    a.transform3D = .rotation(angle: 0.5)
    #expect(a.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    a.transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
    #expect(a.transform3D == Transform3D.scale(x: 2, y: 2))
  }

  @Test("ATTR-4/5: factories fix category and kind; equality covers every property")
  func factoriesAndEquality() {
    let header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 1))
    #expect(header.representedElementCategory == .supplementaryView)
    #expect(header.representedElementKind == "UICollectionElementKindSectionHeader")
    let decoration = LayoutAttributes(
      forDecorationViewOfKind: "background", with: IndexPath(item: 0, section: 0))
    #expect(decoration.representedElementCategory == .decorationView)
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    var b = a
    #expect(a == b)
    b.alpha = 0.5
    #expect(a != b)
    b = a
    b.transform3D = .scale(x: 2, y: 2)
    #expect(a != b)
    a.transform3D = .scale(x: 2, y: 2)
    #expect(a == b)
    b.isHidden = true
    #expect(a != b)
  }

  @Test("Value semantics: a copy never touches the original (FLOW-22)")
  func valueSemantics() {
    let original = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    var copy = original
    copy.frame = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(original.frame == .zero)
  }

  @Test("ATTR-8: debug description like UIKit's")
  func debugDescription() {
    var header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 0))
    header.frame = Rect(x: 0, y: 0, width: 375, height: 32)
    header.zIndex = 10
    #expect(
      header.debugDescription
        == "<LayoutAttributes: 0x0> index path: (<NSIndexPath: 0x0> {length = 2, path = 0 - 0}); "
        + "element kind: (UICollectionElementKindSectionHeader); frame = (0 0; 375 32); zIndex = 10;"
    )
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 4, section: 2))
    cell.frame = Rect(x: 137.5, y: 110, width: 100, height: 100)
    #expect(
      cell.debugDescription
        == "<LayoutAttributes: 0x0> index path: (<NSIndexPath: 0x0> {length = 2, path = 2 - 4}); "
        + "frame = (137.5 110; 100 100);")
  }

  @Test("Element keys order by section, category, item")
  func keyOrder() {
    let keys: [ElementKey] = [
      .cell(IndexPath(item: 1, section: 1)),
      ElementKey(
        category: .supplementaryView, kind: ElementKind.sectionHeader,
        indexPath: IndexPath(item: 0, section: 0)),
      .cell(IndexPath(item: 3, section: 0)),
      .cell(IndexPath(item: 0, section: 0)),
    ]
    #expect(
      keys.sorted().map(\.description) == [
        "cell [0, 0]", "cell [0, 3]", "header [0, 0]", "cell [1, 1]",
      ])
  }
}
