import Foundation
import GridlineLanguage
import GridlineTestSupport
import LayoutEngine
import Testing

/// `layout custom NAME { … }`: the code of `prepare`, what it caches, and the diagnostics of
/// code in the wrong place (MOS-1…MOS-6, LAY-1…LAY-8).
@Suite("Language: custom layouts (MOS, LAY-1…LAY-8)")
struct CustomLayoutTests {
  /// examples/mosaic.gl with `items` items instead of ten.
  static func mosaic(items: Int) throws -> String {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/mosaic.gl"), encoding: .utf8)
    let layout = text.range(of: "layout custom mosaic")!.lowerBound
    let end = text.range(of: "\nshow all")!.lowerBound
    return "viewport 375 x 667\nsection items \(items)\n" + String(text[layout..<end]) + "\n"
  }

  @Test("TV-31: the mosaic of WWDC 2018 at 375 points, 7 items, and MOS-5's content size")
  func mosaicSeven() throws {
    let (outputs, summary) = run(
      try Self.mosaic(items: 7) + """
        expect item [0, 0].frame == rect(0, 1, 375, 200)
        expect item [0, 1].frame == rect(0, 202, 188, 200)
        expect item [0, 2].frame == rect(189, 202, 186, 200)
        expect item [0, 3].frame == rect(0, 403, 250, 200)
        expect item [0, 4].frame == rect(251, 403, 124, 100)
        expect item [0, 5].frame == rect(251, 504, 124, 99)
        expect item [0, 6].frame == rect(0, 604, 375, 200)
        expect content == 375 x 667
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(summary.expectationsPassed == 8)
  }

  @Test("TV-32's rect: every item that intersects it, by binary search, in placement order")
  func query() throws {
    let (outputs, summary) = run(
      try Self.mosaic(items: 7) + """
        scroll to y 300
        expect visible == 6
        # TV-32: the search hits item 3, walks back to 2 and 1 (item 0 ends at 201, above
        # 300) and forward to 4 (item 5 starts at 504, below 500).
        let answer = elements(in: rect(0, 300, 375, 200))
        expect answer.count == 4
        expect answer[0].indexPath == [0, 2]
        expect answer[1].indexPath == [0, 1]
        expect answer[2].indexPath == [0, 3]
        expect answer[3].indexPath == [0, 4]
        """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("var, arrays, if/else, for over ..< and ..., let in a block, assignment to an element")
  func code() {
    let (outputs, summary) = run(
      """
      viewport 300 x 600
      section items 6
      layout custom grid {
        prepare {
          var columns = [0, 0, 0]
          var total = 0
          for i in 0...5 {
            let c = i % 3
            if c == 0 { total = total + 1 } else if c == 1 { total = total + 10 } else { total = total + 100 }
            place item [0, i] at rect(c * 100, columns[c], 100, 50) { alpha 0.5; z i }
            columns[c] = columns[c] + 50
          }
          content size = 300 x max(columns) + total
        }
      }
      expect item [0, 4].frame == rect(100, 50, 100, 50)
      expect item [0, 4].alpha == 0.5 and item [0, 4].zIndex == 4
      expect content == 300 x 322
      expect index(of: 3, in: [1, 2, 3]) == 2 and index(of: 9, in: [1, 2, 3]) == -1
      expect repeating(7, count: 2).count == 2 and min([4, 2, 8]) == 2
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("headers, footers, supplementary and decoration views are placed and displayed")
  func supplementary() {
    let (outputs, summary) = run(
      """
      viewport 300 x 600
      section items 2
      layout custom withHeader {
        prepare {
          place header [0] at rect(0, 0, 300, 40)
          place item [0, 0] at rect(0, 40, 300, 50)
          place item [0, 1] at rect(0, 90, 300, 50)
          place decoration "background" [0, 0] at rect(0, 0, 300, 140) { z -1 }
          place supplementary "Badge" [0, 1] at rect(280, 90, 20, 20)
          content size = 300 x 140
        }
      }
      expect visible == 5
      expect header [0].frame == rect(0, 0, 300, 40)
      expect decoration "background" [0, 0].zIndex == -1
      expect supplementary "Badge" [0, 1].frame.x == 280
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("what a run refuses: outside the data, negative sizes, runaway loops")
  func runtimeErrors() {
    var limits = Limits()
    limits.steps = 1000
    let cases: [(String, String)] = [
      ("for i in 0..<3 { place item [0, i] at rect(0, 0, 10, 10) }", "does not exist"),
      ("place item [0, 0] at rect(0, 0, items(in: 0) - 3, 10)", "cannot be negative"),
      ("for i in 0..<5000 { }", "past the step limit"),
      ("var a = [1, 2]\n a[2] = 3", "outside the array"),
      ("content size = 10 x items(in: 4)", "no section 4"),
    ]
    for (code, expected) in cases {
      let (outputs, summary) = run(
        """
        section items 2
        layout custom broken { prepare {
        \(code)
        } }
        show visible
        """, limits: limits)
      #expect(summary.failed, "\(code)")
      #expect(messages(outputs).contains { $0.contains(expected) }, "\(code): \(messages(outputs))")
    }
  }

  @Test("placing twice keeps the later frame; no content size: UIKit's zero, both with a warning")
  func warnings() {
    let (outputs, summary) = run(
      """
      section items 1
      layout custom twice { prepare {
        place item [0, 0] at rect(0, 0, 10, 10)
        place item [0, 0] at rect(0, 20, 10, 10)
      } }
      expect item [0, 0].frame.y == 20
      expect content == 0 x 0
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    let warnings = outputs.compactMap { output -> String? in
      if case .diagnostic(let d) = output, d.severity == .warning { d.message } else { nil }
    }
    #expect(warnings.contains { $0.contains("placed item [0, 0] twice") })
    #expect(warnings.contains { $0.contains("never set its content size") })
  }

  @Test("the checker: code belongs in prepare, a layout holds let/prepare/invalidate, types stick")
  func checker() {
    #expect(errors("place item [0, 0] at rect(0, 0, 1, 1)").first?.contains("layout code") == true)
    #expect(errors("var n = 1").first?.contains("inside a custom layout's prepare") == true)
    #expect(
      errors("layout custom a { scroll to y 3 }").first?.contains(
        "does not belong in a custom layout")
        == true)
    #expect(
      errors("layout custom a { prepare { show visible } }").first?.contains(
        "cannot run inside layout code")
        == true)
    #expect(
      errors("layout custom a { prepare { let n = 1\n n = 2 } }") == [
        "'n' is not a var: only a var can change"
      ])
    #expect(
      errors("layout custom a { prepare { var n = 1\n n = rect(0, 0, 1, 1) } }").first?.contains(
        "cannot take a rect") == true)
    #expect(
      errors("layout custom a { prepare { var y = content.height } }").first?.contains(
        "not available inside prepare") == true)
    #expect(
      errors("layout custom a { prepare { var f = item [0, 0].frame } }").first?.contains(
        "elements cannot be read inside prepare") == true)
    #expect(
      errors(
        "section items 2\nlayout custom a { prepare { place item [0, 5] at rect(0, 0, 1, 1) } }"
      ).count == 1)
    #expect(
      errors("layout custom a { prepare {} \n prepare {} }") == [
        "a custom layout has one prepare block"
      ])
    #expect(
      errors("layout custom a { prepare { for i in 0..<3 { var s = i } \n var t = s } }").count == 1
    )
  }

  @Test("the dump of a custom layout")
  func dump() {
    let (program, _) = Parser.parse(
      SourceFile(
        name: "t.gl",
        text:
          "layout custom a { prepare { for i in 0..<2 { if i > 0 { a[i] = 1 } else { place header [0] at r } } } }"
      ))
    #expect(
      program.dump() == """
        (layout-custom a
          (prepare
            (for i 0 ..< 2
              (if (> i 0)
                (= ([] a i) 1)
                (else
                  (place (header [0]) r))))))
        """)
  }
}
