import GridlineRender
import LayoutEngine
import Testing

@testable import GridlineServe

/// `box`: the boxes the page outlines while the pointer is over an item, from the layout's
/// record of how it placed it (docs/playground.md).
@Suite struct ItemBoxTests {
  /// The boxes of a reply as (role, rect, label).
  private func boxes(_ reply: JSON) -> [(String, Rect, String)] {
    reply["boxes"]?.array.compactMap { box in
      guard let role = box["role"]?.string, let rect = box["rect"]?.rect,
        let label = box["label"]?.string
      else { return nil }
      return (role, rect, label)
    } ?? []
  }

  private func has(
    _ found: [(String, Rect, String)], _ role: String, _ rect: Rect, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      found.contains { $0.0 == role && $0.1.isClose(to: rect) && $0.2 == label },
      "no \(role) \(rect) \"\(label)\" in \(found)", sourceLocation: sourceLocation)
  }

  @Test("flow: the line, the gaps either side as FLOW-9's grid spread them, the section's insets")
  func flowItem() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 375 x 600
      layout flow {
        item size 100 x 50
        line spacing 8
        interitem spacing 10
        insets (top: 12, left: 20, bottom: 30, right: 20)
      }
      section items 7
      """)
    let reply = driver.send(#"{"type":"box","id":3,"section":0,"item":4}"#)
    #expect(reply["type"]?.string == "boxes")
    #expect(reply["id"]?.number == 3)
    #expect(reply["indexPath"]?.array.compactMap(\.number) == [0, 4])
    let found = boxes(reply)
    // A line has 375 − 40 = 335 points; three items of 100 leave 35, two gaps of 17.5.
    has(found, "item", Rect(x: 137.5, y: 70, width: 100, height: 50), "item [0, 4]")
    has(found, "line", Rect(x: 20, y: 70, width: 335, height: 50), "line 2: 3 items")
    has(
      found, "spacing", Rect(x: 120, y: 70, width: 17.5, height: 50),
      "minimumInteritemSpacing 10 → 17.5")
    has(
      found, "spacing", Rect(x: 237.5, y: 70, width: 17.5, height: 50),
      "minimumInteritemSpacing 10 → 17.5")
    has(found, "spacing", Rect(x: 20, y: 62, width: 335, height: 8), "minimumLineSpacing 8")
    has(found, "spacing", Rect(x: 20, y: 120, width: 335, height: 8), "minimumLineSpacing 8")
    // Three lines: the items' area is 12 … 12 + 3 × 50 + 2 × 8 = 178.
    has(found, "inset", Rect(x: 0, y: 0, width: 375, height: 12), "sectionInset.top 12")
    has(found, "inset", Rect(x: 0, y: 178, width: 375, height: 30), "sectionInset.bottom 30")
    has(found, "inset", Rect(x: 0, y: 12, width: 20, height: 166), "sectionInset.left 20")
    has(found, "inset", Rect(x: 355, y: 12, width: 20, height: 166), "sectionInset.right 20")
    #expect(found.count == 10, "\(found)")
    // The last line's last item: a gap on its left only, none below.
    let last = boxes(driver.send(#"{"type":"box","section":0,"item":6}"#))
    #expect(last.filter { $0.0 == "spacing" }.count == 1, "\(last)")
  }

  @Test("flow, horizontal: lines are columns, the scroll axis's insets left and right")
  func flowHorizontal() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 300 x 200
      layout flow {
        scroll horizontal
        item size 50 x 60
        line spacing 5
        interitem spacing 10
        insets (top: 10, left: 4, bottom: 10, right: 6)
      }
      section items 4
      """)
    let found = boxes(driver.send(#"{"type":"box","section":0,"item":1}"#))
    // 180 points down a column: two items of 60 leave 60, one gap of 60 (FLOW-9).
    has(found, "item", Rect(x: 4, y: 130, width: 50, height: 60), "item [0, 1]")
    has(found, "line", Rect(x: 4, y: 10, width: 50, height: 180), "line 1: 2 items")
    has(
      found, "spacing", Rect(x: 4, y: 70, width: 50, height: 60),
      "minimumInteritemSpacing 10 → 60")
    has(found, "spacing", Rect(x: 54, y: 10, width: 5, height: 180), "minimumLineSpacing 5")
    // The bands along the scroll axis run between the ones across it, as a box's margins.
    has(found, "inset", Rect(x: 0, y: 0, width: 115, height: 10), "sectionInset.top 10")
    has(found, "inset", Rect(x: 0, y: 10, width: 4, height: 180), "sectionInset.left 4")
    has(found, "inset", Rect(x: 109, y: 10, width: 6, height: 180), "sectionInset.right 6")
  }

  @Test("FLOW-16: with a safe-area reference the bands across the lines say they are applied")
  func referencedInsets() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 375 x 600
      safe area (top: 0, left: 44, bottom: 0, right: 44)
      layout flow {
        item size 100 x 50
        insets (top: 12, left: 20, bottom: 30, right: 20)
        inset reference safe area
      }
      section items 3
      """)
    let found = boxes(driver.send(#"{"type":"box","section":0,"item":0}"#))
    // Across: the section's 20 from the safe area's edge, as applied, not called the
    // declared sectionInset. Along: the section's own.
    #expect(
      found.contains {
        $0.0 == "inset" && $0.2.hasPrefix("left inset ")
          && $0.2.hasSuffix(" (sectionInset and its reference's, FLOW-16)")
      }, "\(found)")
    #expect(!found.contains { $0.2.hasPrefix("sectionInset.left") }, "\(found)")
    #expect(found.contains { $0.0 == "inset" && $0.2 == "sectionInset.top 12" }, "\(found)")
  }

  @Test("compositional: the item's contentInsets as padding, its group, no gap where none is")
  func compositionalInsets() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 390 x 844
      layout compositional {
        section {
          group horizontal width 1 fraction height 0.2 fraction of width {
            item width 0.2 fraction height 1 fraction { insets 5 }
          }
        }
      }
      section items 15
      """)
    let found = boxes(driver.send(#"{"type":"box","section":0,"item":1}"#))
    // Placed at (78, 0, 78, 78), then shrunk by 5 on each side (COMP-4).
    has(found, "item", Rect(x: 83, y: 5, width: 68, height: 68), "item [0, 1]")
    has(found, "padding", Rect(x: 78, y: 0, width: 78, height: 5), "item's contentInsets.top 5")
    has(
      found, "padding", Rect(x: 151, y: 5, width: 5, height: 68),
      "item's contentInsets.trailing 5")
    has(found, "group", Rect(x: 0, y: 0, width: 390, height: 78), "the section's group: 390 × 78")
    #expect(!found.contains { $0.0 == "spacing" }, "\(found)")
  }

  @Test("compositional: a count group's interItemSpacing between the item and its sibling only")
  func compositionalSpacing() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 390 x 844
      layout compositional {
        section {
          group horizontal width 1 fraction height 44 count 2 {
            item width 1 fraction height 1 fraction
            spacing 10
          }
          group spacing 10
          insets (top: 0, left: 10, bottom: 0, right: 10)
        }
      }
      section items 94
      """)
    let found = boxes(driver.send(#"{"type":"box","section":0,"item":1}"#))
    has(found, "item", Rect(x: 200, y: 0, width: 180, height: 44), "item [0, 1]")
    has(found, "group", Rect(x: 10, y: 0, width: 370, height: 44), "the section's group: 370 × 44")
    // Item 2 starts the next group: the only gap is the one to item 0.
    #expect(
      found.filter { $0.0 == "spacing" }.map { "\($0.1) \($0.2)" }
        == ["\(Rect(x: 190, y: 0, width: 10, height: 44)) interItemSpacing fixed 10"], "\(found)")
  }

  @Test("a custom layout's item is outlined alone; an item not displayed is refused")
  func customAndRefusals() {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 200 x 200
      section items 1
      layout custom one {
        prepare {
          place item [0, 0] at rect(10, 20, 30, 40)
          content size = 200 x 200
        }
      }
      """)
    let found = boxes(driver.send(#"{"type":"box","section":0,"item":0}"#))
    #expect(found.count == 1)
    has(found, "item", Rect(x: 10, y: 20, width: 30, height: 40), "item [0, 0]")
    #expect(
      driver.send(#"{"type":"box","section":0,"item":9}"#)["code"]?.string == "not-displayed")
    #expect(driver.send(#"{"type":"box","section":0}"#)["code"]?.string == "missing-field")
  }

  @Test("layers: select and box name the layer whose item is meant, with its reuse identifier")
  func layered() throws {
    let driver = SessionDriver()
    driver.run(
      """
      viewport 375 x 500
      layer background {
        layout grid {
          item size 100 x 60
          row header width 50
          column header height 30
          shows cells
        }
      }
      layer foreground {
        layout grid {
          item size 100 x 60
          row header width 50
          column header height 30
          shows headers
        }
        owns sections 0...0
      }
      sections 13 items 8
      """)
    let hour = driver.send(
      #"{"type":"select","section":5,"item":0,"layer":"foreground"}"#)
    #expect(hour["type"]?.string == "inspection", "\(hour)")
    #expect(hour["element"]?["layer"]?.string == "foreground")
    #expect(hour["element"]?["reuseIdentifier"]?.string != nil, "\(hour)")
    let cell = driver.send(#"{"type":"select","section":2,"item":3,"layer":"background"}"#)
    #expect(cell["element"]?["layer"]?.string == "background", "\(cell)")
    #expect(cell["element"]?["reuseIdentifier"]?.string != nil, "\(cell)")
    #expect(
      driver.send(#"{"type":"select","section":2,"item":3,"layer":"elsewhere"}"#)["code"]?.string
        == "not-displayed")
    let box = driver.send(#"{"type":"box","section":2,"item":3,"layer":"background"}"#)
    #expect(box["layer"]?.string == "background")
    #expect(boxes(box).count == 1)
  }
}
