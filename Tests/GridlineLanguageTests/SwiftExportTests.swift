import GridlineLanguage
import Testing

/// `gl export swift`: the text of the exported UIKit Swift for small scripts, and what it
/// refuses. (That the text lays out the script's frames is `.ci/check-exports`' proof.)
@Suite("Export: UIKit Swift from a script's flow layout")
struct SwiftExportTests {
  func export(_ text: String, name: String = "demo.gl", layout: String? = nil) throws(ExportProblem)
    -> SwiftExport.Result
  {
    let file = SourceFile(name: name, text: text)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty)
    return try SwiftExport.swift(program, file: file, layout: layout, version: "test")
  }

  func refusal(_ text: String) -> ExportProblem? {
    do {
      _ = try export(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("only the properties moved from UIKit's defaults, each with its line")
  func layoutProperties() throws {
    let source = try export(
      """
      viewport 375 x 667
      layout flow {
        item size 100 x 100
        line spacing 10
        header size 0 x 40
      }
      section items 3
      """, name: "examples/flow-basics.gl"
    ).source
    #expect(source.contains("import UIKit"))
    #expect(source.contains("final class FlowBasicsLayout: UICollectionViewFlowLayout {"))
    #expect(
      source.contains("    itemSize = CGSize(width: 100, height: 100)  // flow-basics.gl:3"))
    #expect(
      source.contains("headerReferenceSize = CGSize(width: 0, height: 40)  // flow-basics.gl:5"))
    // 10 is UIKit's default line spacing: nothing to set.
    #expect(!source.contains("minimumLineSpacing ="))
    #expect(source.contains("let itemCounts: [Int] = [3]"))
    #expect(source.contains("viewForSupplementaryElementOfKind"))
    // No section declares a metric: no delegate method.
    #expect(!source.contains("sizeForItemAt"))
    #expect(!source.contains("insetForSectionAt"))
  }

  @Test("delegate methods only for the metrics sections declare, the layout's value otherwise")
  func sectionMetrics() throws {
    let source = try export(
      """
      layout flow { item size 50 x 50 }
      section items 4
      section items 6 {
        insets (top: 5, left: 10, bottom: 5, right: 10)
        item 0...2 size 170 x 120
        item 1 size 20 x 20
      }
      """
    ).source
    let expected = """
          switch section {
          case 1: return UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)  // demo.gl:3
          default: return (collectionViewLayout as! UICollectionViewFlowLayout).sectionInset
          }
      """
    #expect(source.contains(expected))
    // The later rule first: it wins where the ranges overlap.
    let later = source.range(of: "case (1, 1): return CGSize(width: 20, height: 20)")
    let earlier = source.range(of: "case (1, 0...2): return CGSize(width: 170, height: 120)")
    #expect(later != nil && earlier != nil)
    if let later, let earlier { #expect(later.lowerBound < earlier.lowerBound) }
    #expect(!source.contains("minimumLineSpacingForSectionAt"))
  }

  @Test("a section without item sizes beside one with them is warned about (OPEN-3)")
  func perItemPathWarning() throws {
    let result = try export("section items 4\nsection items 2 { item 0 size 10 x 10 }\n")
    #expect(result.warnings.map(\.severity) == [.warning])
    #expect(result.warnings.first?.text.contains("section(s) 0 declare no item sizes") == true)
  }

  @Test("--layout picks a named layout; an unknown name is refused with the known ones")
  func namedLayouts() throws {
    let script = """
      section items 6
      layout flow list { item size 375 x 44 }
      layout flow grid { item size 120 x 120 }
      """
    let grid = try export(script, layout: "grid").source
    #expect(grid.contains("itemSize = CGSize(width: 120, height: 120)  // demo.gl:3"))
    let list = try export(script).source
    #expect(list.contains("itemSize = CGSize(width: 375, height: 44)  // demo.gl:2"))
    #expect(throws: ExportProblem.self) { try export(script, layout: "tiles") }
  }

  @Test("what UIKit cannot say, or the exporter does not say yet, is refused")
  func refusals() {
    let custom = refusal(
      "layout custom s {\n  prepare {\n    content size = ln(2) x 10\n  }\n}\nsection items 1\n")
    #expect(custom?.text.contains("layout code uses 'ln'") == true)
    #expect(custom?.line == 3)
    #expect(
      refusal("layout flow { rows left }\nsection items 1\n")?.text.contains("private") == true)
    #expect(
      refusal("layout flow { estimated item size 50 x 50 }\nsection items 1\n")?.text.contains(
        "self-sizing") == true)
    #expect(
      refusal("section items 3 { item 0...2 size (item + 1) * 10 x 10 }\n")?.text.contains(
        "expression") == true)
    #expect(refusal("section items 3\nshow all\nlayout custom s { prepare { } }\n") == nil)
    let stop = refusal(
      "layout flow {\n  pin headers\n  pin headers stop at footer end\n}\nsection items 1\n")
    #expect(stop?.text.contains("OPEN-2") == true)
    #expect(stop?.line == 3)
    #expect(
      refusal(
        "layout flow {\n  pin headers\n  pin headers stop at footer start\n}\nsection items 1\n")
        == nil)
    let grid = refusal("layout grid { item size 100 x 60 }\nsection items 4\n")
    #expect(grid?.text.contains("sticky grid") == true)
  }

  @Test("the sticky-header recipe is the subclass an app writes, along the scroll axis")
  func stickyRecipe() throws {
    let source = try export(
      "layout flow { header size 0 x 44 }\nsection items 3\nsticky headers z 1024\n",
      name: "pinned.gl"
    ).source
    #expect(source.contains("final class PinnedLayout: UICollectionViewFlowLayout {"))
    #expect(source.contains("  let stickyZIndex = 1024  // pinned.gl:3"))
    #expect(
      source.contains(
        "override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {\n    true"
      ))
    #expect(source.contains("-> [UICollectionViewLayoutAttributes]? {"))
    #expect(source.contains("elements.map { $0.copy() as! UICollectionViewLayoutAttributes }"))
    #expect(source.contains("let offset = collectionView.contentOffset.y"))
    #expect(
      source.contains(
        "answer[index].frame.origin.y = min(max(offset, first.frame.minY - size), last.frame.maxY - size)"
      ))
    let sideways = try export(
      "layout flow {\n  scroll horizontal\n  header size 44 x 0\n}\nsection items 3\nsticky headers\n"
    ).source
    #expect(sideways.contains("let stickyZIndex = 99"))
    #expect(
      sideways.contains(
        "answer[index].frame.origin.x = min(max(offset, first.frame.minX - size), last.frame.maxX - size)"
      ))
    // A plain flow layout has none of it.
    let plain = try export("section items 3\n").source
    #expect(!plain.contains("stickyZIndex"))
    #expect(!plain.contains("shouldInvalidateLayout"))
  }

  @Test("decorations are registered, prepared from the items' frames and answered")
  func decorations() throws {
    let source = try export(
      """
      layout flow { header size 0 x 30 }
      section items 3
      section items 2
      decoration "background" for each section {
        frame = inset(section.items, -8)
        z -1
      }
      decoration "background" for section 1 {
        frame = rect(section.items.maxX - 12, section.items.minY, 24, 24 * 2)
        z 2
      }
      """
    ).source
    #expect(
      source.contains(
        "register(UICollectionReusableView.self, forDecorationViewOfKind: \"background\")"))
    #expect(source.contains("override func prepare() {"))
    #expect(source.contains("let items = itemsFrame(inSection: section)"))
    // The declaration for section 1 wins there; each section's elsewhere.
    #expect(source.contains("if section == 1 {"))
    #expect(source.contains("if section != 1 {"))
    #expect(source.contains("frame = items.insetBy(dx: -8, dy: -8)"))
    #expect(
      source.contains(
        "frame = CGRect(x: (items.maxX - 12), y: items.minY, width: 24, height: (24 * 2))"))
    #expect(source.contains("decorations[decorations.count - 1].zIndex = -1"))
    #expect(source.contains("return flow + decorations.filter { $0.frame.intersects(rect) }"))
    #expect(source.contains("override func layoutAttributesForDecorationView("))
    // A frame the writer cannot say, and an empty section with nothing to stand under.
    let named = refusal(
      "let d = 4\nsection items 2\ndecoration \"b\" for each section {\n  frame = inset(section.items, d)\n}\n"
    )
    #expect(named?.text.contains("decoration \"b\"") == true)
    let empty = refusal(
      "section items 0\ndecoration \"b\" for each section {\n  frame = section.items\n}\n")
    #expect(empty?.text.contains("empty section") == true)
  }

  @Test("static transforms restyle copies of every answer, a later rule last")
  func transforms() throws {
    let source = try export(
      """
      layout flow { header size 0 x 30 }
      sections 2 items 4
      transform items { rotate 90 }
      transform item [1, 2] { alpha 0.5 }
      transform header [1] { scale 2 }
      """
    ).source
    #expect(source.contains("super.layoutAttributesForElements(in: rect)?.map(restyled)"))
    #expect(source.contains("super.layoutAttributesForItem(at: indexPath).map(restyled)"))
    #expect(source.contains(".map(restyled)\n  }"))
    #expect(source.contains("var styled = [original.copy() as! UICollectionViewLayoutAttributes]"))
    #expect(source.contains("if original.representedElementCategory == .cell {"))
    #expect(source.contains("styled[0].transform3D = CATransform3D("))
    #expect(source.contains("m41: 0, m42: 0, m43: 0, m44: 1)"))
    #expect(
      source.contains(
        "original.indexPath == IndexPath(item: 2, section: 1) {\n      styled[0].alpha = 0.5"))
    #expect(
      source.contains(
        "original.representedElementKind == \"UICollectionElementKindSectionHeader\""))
    let rotate = source.range(of: "CATransform3D(")?.lowerBound
    let alpha = source.range(of: "styled[0].alpha")?.lowerBound
    #expect(rotate != nil && alpha != nil && rotate! < alpha!)
    // A transform that reads the selection is the cells' state, not layout: refused.
    let selected = refusal("section items 3\ntransform selected items { alpha 0.5 }\n")
    #expect(selected?.text.contains("read the selection") == true)
  }

  @Test("the alias file maps UIKit's names to the engine's and bridges the delegate")
  func aliases() {
    let file = SwiftExport.uikitAliases
    #expect(file.contains("public typealias UICollectionViewLayout = CollectionViewLayout"))
    // UIKit's optional answer to layoutAttributesForElements(in:), and copy() on the value.
    #expect(file.contains("open class UICollectionViewFlowLayout: CollectionViewFlowLayout {"))
    #expect(file.contains("public func copy() -> Any { self }"))
    #expect(file.contains("public typealias CGFloat = Double"))
    #expect(file.contains("public typealias CATransform3D = Transform3D"))
    #expect(
      file.contains(
        "public protocol UICollectionViewDelegateFlowLayout: CollectionViewDelegateFlowLayout"))
  }
}
