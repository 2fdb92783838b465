import GridlineLanguage
import Testing

/// One test per production of grammar.md, comparing the tree dump.
@Suite("Parser")
struct ParserTests {
  func dump(_ text: String) -> String {
    let (program, diagnostics) = Parser.parse(SourceFile(name: "t.gl", text: text))
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    return program.dump()
  }

  func errors(_ text: String) -> [String] {
    Parser.parse(SourceFile(name: "t.gl", text: text)).diagnostics.map(\.message)
  }

  @Test("declarations: viewport, insets, safe area, margins, adjustment, scale, let")
  func declarations() {
    #expect(dump("viewport 375 x 667") == "(viewport (x 375 667))")
    #expect(
      dump("content inset (top: 64, bottom: 34)") == "(content-inset (insets top:64 bottom:34))")
    #expect(dump("safe area 20") == "(safe-area 20)")
    #expect(dump("layout margins 16") == "(layout-margins 16)")
    #expect(dump("inset adjustment scrollable axes") == "(inset-adjustment scrollable axes)")
    #expect(dump("scale 2") == "(scale 2)")
    #expect(dump("let w = (viewport.width - 30) / 2") == "(let w (/ (- (. viewport width) 30) 2))")
  }

  @Test("layout flow with every property")
  func layout() {
    let text = """
      layout flow {
        scroll horizontal
        item size 100 x 44
        estimated item size automatic
        line spacing 10; interitem spacing 5
        insets (horizontal: 16)
        inset reference safe area
        header size 0 x 40
        footer size 0 x 20
        rows justify, last center
        last row right
        items bottom
      }
      """
    #expect(
      dump(text)
        == "(layout flow (scroll horizontal) (item-size (x 100 44)) (estimated-item-size automatic)"
        + " (line-spacing 10) (interitem-spacing 5) (insets (insets horizontal:16))"
        + " (inset-reference safe area) (header-size (x 0 40)) (footer-size (x 0 20))"
        + " (rows justify center) (last-row right) (items bottom))")
    #expect(dump("layout flow") == "(layout flow)")
  }

  @Test("sections, with properties and the shorthand")
  func sections() {
    #expect(
      dump("section \"Veg\" items 7 {\n item 0...2 size 170 x 120\n header size 0 x 60\n}")
        == "(section \"Veg\" (items 7) (item (... 0 2) (x 170 120)) (header-size (x 0 60)))")
    #expect(dump("section items 3") == "(section (items 3))")
    #expect(dump("sections 3 items 10") == "(sections 3 (items 10))")
    #expect(
      dump("section items 9 { item 0...8 size (40 + item % 3 * 20) x 50 }")
        == "(section (items 9) (item (... 0 8) (x (+ 40 (* (% item 3) 20)) 50)))")
  }

  @Test("scroll steps")
  func scroll() {
    #expect(dump("scroll to y 500") == "(scroll (to y 500))")
    #expect(dump("scroll to (0, 300)") == "(scroll (to (point 0 300)))")
    #expect(dump("scroll by y 120 over 10 frames") == "(scroll (by y 120) (frames 10))")
    #expect(dump("scroll by (10, -5)") == "(scroll (by (point 10 -5)))")
    #expect(dump("scroll to item [2, 0] at center") == "(scroll (to-item [2 0] center))")
    #expect(
      dump("scroll to item [2, 0] at bottom, centered horizontally")
        == "(scroll (to-item [2 0] bottom,centered horizontally))")
    #expect(dump("scroll to item [2, 0]") == "(scroll (to-item [2 0] top))")
    #expect(
      dump("scroll rect rect(0, 900, 10, 10) visible")
        == "(scroll (rect-visible (rect 0 900 10 10)))")
  }

  @Test("other steps")
  func steps() {
    #expect(dump("resize 414 x 896") == "(resize (x 414 896))")
    #expect(dump("reload; invalidate") == "(reload)\n(invalidate)")
    #expect(dump("show visible") == "(show visible)")
    #expect(dump("show all") == "(show all)")
    #expect(dump("show content size") == "(show content-size)")
    #expect(dump("show header [1]") == "(show (header [1]))")
    #expect(dump("hit (120, 340)") == "(hit (point 120 340))")
    #expect(dump("print items(in: 1)") == "(print (items in:1))")
    #expect(dump("trace on\ntrace off") == "(trace on)\n(trace off)")
    #expect(
      dump("repeat 3 {\n scroll by y 10\n show visible\n}")
        == "(repeat 3\n  (scroll (by y 10))\n  (show visible))")
  }

  @Test(
    "precedence: conditional < or < and < not < comparison < range < x < + < * < unary < member")
  func precedence() {
    #expect(dump("print 1 + 2 * 3 - 4") == "(print (- (+ 1 (* 2 3)) 4))")
    #expect(dump("print w / 2 x 44 + 1") == "(print (x (/ w 2) (+ 44 1)))")
    #expect(dump("print not a == b and c or d") == "(print (or (and (not (== a b)) c) d))")
    #expect(dump("print a > 1 ? 2 : 3") == "(print (? (> a 1) 2 3))")
    #expect(dump("print -offset.y") == "(print (- (. offset y)))")
    #expect(dump("print item [0, 3].frame.maxY") == "(print (. (. (item [0 3]) frame) maxY))")
    #expect(dump("print 1...n + 1") == "(print (... 1 (+ n 1)))")
    #expect(
      dump("print supplementary \"Badge\" [0, 2]") == "(print (supplementary \"Badge\" [0 2]))")
  }

  @Test("pinning, the recipe, decorations, transforms, grids and layers")
  func stickyAndLayers() {
    #expect(
      dump("layout flow { pin headers; pin footers }")
        == "(layout flow (pin-headers on) (pin-footers on))")
    #expect(dump("sticky headers") == "(sticky-headers on)")
    #expect(dump("sticky headers z 1024") == "(sticky-headers on (z 1024))")
    #expect(dump("sticky headers off") == "(sticky-headers off)")
    #expect(
      dump("decoration \"bg\" for each section {\n frame = inset(section.items, -8)\n z -1\n}")
        == "(decoration \"bg\" (frame (inset (. section items) -8)) (z -1))")
    #expect(
      dump("transform item [1, 4] { rotate 45; scale 0.8 x 1; alpha 0.5; z 3; hidden }")
        == "(transform (item [1 4]) (rotate 45) (scale (x 0.8 1)) (alpha 0.5) (z 3) (hidden))")
    #expect(
      dump("transform items in section 2 { rotate y 30; perspective 500 }")
        == "(transform (items-in-section 2) (rotate y 30) (perspective 500))")
    #expect(
      dump("transform header [1] { translate (0, 4) }")
        == "(transform (header [1]) (translate (point 0 4)))")
    #expect(
      dump(
        "layout grid { item size 100 x 60; row header width 50; column header height 30; sticky rows off; shows cells }"
      )
        == "(layout grid (item-size (x 100 60)) (row-header-width 50) (column-header-height 30) (sticky-rows off) (shows cells))"
    )
    #expect(dump("layer back {\n layout grid\n}") == "(layer back\n  (layout grid))")
    #expect(
      dump("print decoration \"bg\" [0].frame") == "(print (. (decoration \"bg\" [0]) frame))")
  }

  @Test("invalidation triggers, flag handlers, explicit contexts, self-sizing")
  func invalidation() {
    #expect(
      dump(
        "invalidate on bounds change when new.maxY > 10 {\n items [0, 17], [0, 18]\n decoration \"Footer\" [0, 1]\n flag footer\n}"
      )
        == "(invalidate-on bounds (when (> (. new maxY) 10)) (items [0 17] [0 18]) (decoration \"Footer\" [0 1]) (flag footer))"
    )
    #expect(dump("invalidate on size change { everything }") == "(invalidate-on size everything)")
    #expect(dump("invalidate on bounds change") == "(invalidate-on bounds)")
    #expect(
      dump("on invalidate when flag footer { recompute decoration \"Footer\", \"Bg\" }")
        == "(on-invalidate footer \"Footer\" \"Bg\")")
    #expect(dump("invalidate items [0, 3], [0, 4]") == "(invalidate (items [0 3] [0 4]))")
    #expect(
      dump("invalidate headers [1]")
        == "(invalidate (supplementary \"UICollectionElementKindSectionHeader\" [1]))")
    #expect(dump("invalidate") == "(invalidate)")
    #expect(
      dump("text metrics { character width 9; line height 20; padding 12 }")
        == "(text-metrics (character width 9) (line height 20) (padding 12))")
    #expect(
      dump("section items 4 { item 0...3 text \"Hi\"; item 1 preferred 10 x 20 }")
        == "(section (items 4) (item (... 0 3) (text \"Hi\")) (item 1 (preferred (x 10 20))))")
    #expect(
      dump("expect trace.count(\"prepare()\") == 1")
        == "(expect (== (.count trace \"prepare()\") 1))")
  }

  @Test("errors: several per file, one per broken statement, with help")
  func recovery() {
    let messages = errors(
      """
      scrol to y 1
      layout flow {
        spacingg 10
        item size 10 x 10
      }
      show nothing
      expect 1 == 2 == 3
      print (1, 2
      """)
    #expect(
      messages == [
        "unknown statement 'scrol'",
        "unknown layout property 'spacingg'",
        "expected visible, all, content size, or an element such as item [0, 3]",
        "comparisons cannot be chained, found '=='",
        "expected ')' to close the point, found end of file",
      ])
  }

  @Test("a missing '}' is reported once, at its '{', not for every line or level after it")
  func missingBrace() {
    #expect(
      errors("repeat 3 {\n scroll by y 1\n") == [
        "this '{' is never closed: the file ends inside its block"
      ])
    let nested = errors("repeat 1 { repeat 2 {\n repeat 3 {\n print 1 }\n")
    #expect(nested == ["this '{' is never closed: the file ends inside its block"])
    #expect(errors("}\nshow all") == ["unexpected '}' with no block to close"])
  }

  @Test("newlines inside ( ) and [ ] continue the expression; an unclosed one ends at its line")
  func groups() {
    #expect(
      dump("content inset (top: 10,\n  left: 16)\nprint 1")
        == "(content-inset (insets top:10 left:16))\n(print 1)")
    #expect(dump("print [1,\n 2]") == "(print [1 2])")
    let (program, diagnostics) = Parser.parse(
      SourceFile(name: "t.gl", text: "let a = (1, 2\nprint 3"))
    #expect(diagnostics.map(\.message) == ["expected ')' to close the point, found end of line"])
    #expect(program.dump() == "(print 3)")
  }

  @Test("nesting is bounded")
  func depth() {
    let deep =
      "print " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
    #expect(errors(deep).first?.hasPrefix("nesting is too deep") == true)
    let blocks =
      String(repeating: "repeat 1 {\n", count: 100) + String(repeating: "}\n", count: 100)
    #expect(errors(blocks).first?.hasPrefix("nesting is too deep") == true)
  }

  @Test("'=' outside let, and 'x' as a name, say what to do")
  func helpfulErrors() {
    let (_, diagnostics) = Parser.parse(SourceFile(name: "t.gl", text: "expect a = 1"))
    #expect(diagnostics.first?.help == "compare with '=='")
    #expect(errors("let x = 3") == ["'x' is the size operator and cannot name a value"])
  }

  @Test("an unknown statement's suggestion is a word that may stand where it stands")
  func suggestionsByPosition() {
    func help(_ text: String) -> String? {
      Parser.parse(SourceFile(name: "t.gl", text: text)).diagnostics.first?.help
    }
    // `for` is layout code: at the top level `fro` suggests nothing, in prepare `for`.
    #expect(help("fro i in 0..<3 { }") == nil)
    #expect(help("layout custom m { prepare { fro i in 0..<3 { } } }") == "did you mean 'for'?")
    #expect(help("layout custom m { prepaer { } }") == "did you mean 'prepare'?")
    #expect(help("layout custom m { prepare { shwo visible } }") == nil)
    #expect(help("shwo visible") == "did you mean 'show'?")
    // A word is never its own suggestion.
    #expect(suggestion(for: "prepare", among: ["prepare", "repeat"]) == nil)
  }

  @Test("the rough edges a newcomer meets: a misspelt show target or element word, '..'")
  func newcomersTypos() {
    func first(_ text: String) -> Diagnostic? {
      Parser.parse(SourceFile(name: "t.gl", text: text)).diagnostics.first
    }
    #expect(first("show visble")?.help == "did you mean 'visible'?")
    #expect(first("show itme [0, 1]")?.help == "did you mean 'item'?")
    #expect(first("print itme [0, 1]")?.help == "did you mean 'item'?")
    #expect(first("print hedaer [0, 1]")?.help == "did you mean 'header'?")
    // An array's element is still one: `heights[0]` has no comma.
    #expect(first("layout custom m { prepare { var heights = [0]; heights[0] = 1 } }") == nil)
    let range = first("layout custom m { prepare { for i in 0..3 { } } }")
    #expect(range?.help?.contains("0...n") == true, "\(String(describing: range))")
    #expect(range?.help?.contains("for loop also takes 0..<n") == true)
  }

  @Test("compound assignments read as the assignment they stand for")
  func compoundAssignments() {
    #expect(
      dump("layout custom m { prepare { var y = 0; y += 2 } }")
        == dump("layout custom m { prepare { var y = 0; y = y + 2 } }"))
    #expect(
      dump("layout custom m { prepare { var a = [1]; a[0] *= 3 } }")
        == dump("layout custom m { prepare { var a = [1]; a[0] = a[0] * 3 } }"))
    #expect(errors("layout custom m { prepare { var y = 0; y += } }").count == 1)
  }
}
