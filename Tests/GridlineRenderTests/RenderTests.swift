import GridlineRender
import LayoutEngine
import Testing

@Suite("Render: JSON and tables")
struct RenderTests {
  @Test("JSON: stable key order, integral numbers without fraction, escapes, no NaN")
  func json() {
    let value = JSON.object([
      ("b", .number(2)), ("a", .number(137.5)), ("s", .string("q\"\\\n\u{1}é")),
      ("n", .null), ("t", .bool(true)), ("x", .array([.number(.nan), .number(-0.25)])),
    ])
    #expect(
      value.rendered
        == #"{"b":2,"a":137.5,"s":"q\"\\\n\u0001é","n":null,"t":true,"x":[null,-0.25]}"#)
  }

  @Test("an element's JSON follows the documented schema")
  func element() {
    var header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 1))
    header.frame = Rect(x: 0, y: 500, width: 375, height: 40)
    header.zIndex = 10
    #expect(
      EngineJSON.element(header).rendered
        == #"{"category":"supplementaryView","kind":"header","indexPath":[1,0],"frame":{"x":0,"y":500,"width":375,"height":40},"zIndex":10,"alpha":1,"hidden":false}"#
    )
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
    cell.transform3D = .scale(x: 2, y: 2)
    let text = EngineJSON.element(cell).rendered
    #expect(text.contains(#""kind":null"#))
    #expect(text.hasSuffix(#""transform":[2,0,0,0,0,2,0,0,0,0,1,0,0,0,0,1]}"#))
  }

  @Test("trace events in JSON")
  func events() {
    #expect(EngineJSON.event(.prepare).rendered == #"{"call":"prepare"}"#)
    #expect(
      EngineJSON.event(
        .layoutAttributesForElements(in: Rect(x: 0, y: 500, width: 375, height: 1334), count: 24)
      ).rendered
        == #"{"call":"layoutAttributesForElements(in:)","rect":{"x":0,"y":500,"width":375,"height":1334},"count":24}"#
    )
    #expect(
      EngineJSON.event(.willDisplay(.cell(IndexPath(item: 14, section: 0)))).rendered
        == #"{"call":"willDisplay","element":{"category":"cell","kind":null,"indexPath":[0,14]}}"#)
    let path = IndexPath(item: 3, section: 0)
    #expect(
      EngineJSON.event(.menu(.canPerformAction(.copy, path, true))).rendered
        == #"{"call":"collectionView(_:canPerformAction:forItemAt:withSender:)","action":"copy:","indexPath":[0,3],"result":true}"#
    )
    #expect(
      EngineJSON.event(.menu(.shouldShowMenu(path, false))).rendered
        == #"{"call":"collectionView(_:shouldShowMenuForItemAt:)","indexPath":[0,3],"result":false}"#
    )
    #expect(
      EngineJSON.event(.selection(.didSelect(path))).rendered
        == #"{"call":"collectionView(_:didSelectItemAt:)","indexPath":[0,3]}"#)
  }

  @Test("attribute tables align their columns and mark hidden and transformed elements")
  func table() {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    a.frame = Rect(x: 137.5, y: 0, width: 100, height: 100)
    var b = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: 12))
    b.frame = Rect(x: 0, y: 1200, width: 375, height: 40)
    b.zIndex = 10
    b.isHidden = true
    #expect(
      AttributeTable.lines([a, b]) == [
        "element             x     y  width  height  zIndex  alpha",
        "cell [0, 0]     137.5     0    100     100       0      1",
        "header [12, 0]      0  1200    375      40      10      1  hidden",
      ])
  }

  @Test("numbers people read: at most the precision's decimals, no trailing zeros, no −0")
  func readableNumbers() {
    #expect(readable(170.66666666666666) == "170.667")
    #expect(readable(2.5) == "2.5" && readable(400) == "400")
    #expect(readable(-0.0001) == "0" && readable(-1.23456) == "-1.235")
    #expect(readable(170.66666666666666, precision: 1) == "170.7")
    var a = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    a.frame = Rect(x: 103.33333333333334, y: -0.0000001, width: 80, height: 80)
    a.alpha = 0.3333333
    #expect(
      AttributeTable.lines([a]) == [
        "element            x  y  width  height  zIndex  alpha",
        "cell [0, 0]  103.333  0     80      80       0  0.333",
      ])
  }
}
