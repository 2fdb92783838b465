import GridlineLanguage
import Testing

@Suite("Checker")
struct CheckerTests {
  func errors(_ text: String) -> [String] {
    let (program, parsed) = Parser.parse(SourceFile(name: "t.gl", text: text))
    #expect(parsed.isEmpty, "\(parsed.map(\.message))")
    return Checker.check(program).map(\.message)
  }

  func helps(_ text: String) -> [String?] {
    let (program, _) = Parser.parse(SourceFile(name: "t.gl", text: text))
    return Checker.check(program).map(\.help)
  }

  @Test("a correct script has no diagnostics")
  func clean() {
    #expect(
      errors(
        """
        viewport 375 x 667
        let w = (viewport.width - 30) / 2
        layout flow { item size w x 44; insets 10 }
        section items 20 { item 0...3 size (w + item) x 44 }
        scroll to item [0, 19] at bottom
        expect item [0, 19].frame.maxY <= content.height and offset.y >= 0
        print bounds.size
        """
      ).isEmpty)
  }

  @Test("unknown names and members, with did-you-mean")
  func names() {
    #expect(errors("print viewprt") == ["unknown name 'viewprt'"])
    #expect(helps("print viewprt") == ["did you mean 'viewport'?"])
    #expect(errors("print bounds.maxYY") == ["a rect has no member 'maxYY'"])
    #expect(helps("print bounds.maxYY") == ["did you mean 'maxY'?"])
    #expect(errors("print minn(1, 2)") == ["unknown function 'minn'"])
    #expect(errors("print item") == ["unknown name 'item'"])
    #expect(
      helps("print item") == ["'item' is the item's index only inside an item size or a transform"])
  }

  @Test("types: each place needs its kind of value")
  func types() {
    #expect(errors("viewport 375") == ["the viewport expects a size, not a number"])
    #expect(errors("scroll to y (0, 1)") == ["the offset expects a number, not a point"])
    #expect(errors("expect 3") == ["'expect' expects a bool, not a number"])
    #expect(errors("print 1 + true") == ["'+' cannot combine a number and a bool"])
    #expect(errors("print viewport == 3") == ["cannot compare a size with a number"])
    #expect(
      errors("print true ? 1 : (1, 2)") == ["the branches of '?' differ: a number and a point"])
    #expect(errors("print clamp(1, 2)") == ["'clamp' takes 3 arguments, not 2"])
    #expect(errors("content inset (top: 1, lft: 2)") == ["unknown inset edge 'lft'"])
  }

  @Test("one mistake is reported once (no cascades)")
  func cascades() {
    #expect(errors("let a = nope\nprint a + 1\nprint a.width") == ["unknown name 'nope'"])
    let (program, parsed) = Parser.parse(SourceFile(name: "t.gl", text: "let a = (1,\nprint a"))
    #expect(parsed.count == 1)
    #expect(Checker.check(program).isEmpty)
  }

  @Test("constant ranges: FLOW-19 sizes, counts, frames, scale")
  func ranges() {
    #expect(
      errors("layout flow { item size 0 x 50 }") == [
        "negative or zero item sizes are not supported in the flow layout (FLOW-19): 0 x 50"
      ])
    #expect(errors("viewport -1 x 5") == ["the viewport must be positive, not -1 x 5"])
    #expect(errors("section items 2.5") == ["the number of items must be a whole number, not 2.5"])
    #expect(errors("section items -1") == ["the number of items cannot be negative (-1)"])
    #expect(errors("sections 2 items 8000000\nsections 1 items 8000000").count == 1)
    #expect(errors("scroll by y 1 over 0 frames") == ["a scroll needs at least one frame"])
    #expect(errors("scale 40") == ["the display scale must be between 0 (no rounding) and 16"])
    #expect(
      errors("layout flow { header size 0 x -4 }") == ["the header size cannot be negative: 0 x -4"]
    )
  }

  @Test("constant index paths inside the declared sections")
  func indexPaths() {
    #expect(
      errors("section items 3\nshow item [0, 3]") == [
        "there is no item [0, 3]: section 0 has 3 items"
      ])
    #expect(
      errors("section items 3\nprint header [2].frame") == [
        "there is no section 2: the script declares 1 section"
      ])
    #expect(
      errors("section items 3 { item 1...5 size 10 x 10 }") == [
        "item 1...5 is outside the section, which has 3 items"
      ])
    #expect(
      errors("section items 3 { item 2...1 size 10 x 10 }") == [
        "the range 2...1 is empty (its start is after its end)"
      ])
    // Counts that depend on a run are not checked statically.
    #expect(errors("section items sections + 1\nshow item [0, 9]").isEmpty)
  }

  @Test("layout kinds, decorations, transforms and layers are checked")
  func stickyAndLayers() {
    #expect(
      errors("layout grid { line spacing 10 }") == [
        "the grid layout has no property 'line spacing'"
      ])
    #expect(
      errors("layout flow { row header width 10 }") == [
        "the flow layout has no property 'row header width'"
      ])
    #expect(
      errors("layout grid\nsticky headers") == [
        "sticky headers need a flow layout; this script's layout is grid"
      ])
    #expect(
      errors("decoration \"bg\" for each section { frame = section.items.width }") == [
        "a decoration's frame is a rect, not a number"
      ])
    #expect(
      errors("decoration \"bg\" for each section { frame = inset(section.items, -8) }").isEmpty)
    #expect(errors("transform items { alpha 2 }") == ["alpha is between 0 and 1, not 2"])
    #expect(
      errors("transform items { scale (1, 2) }") == [
        "'scale' takes a number or a size (sx x sy), not a point"
      ])
    #expect(
      errors("section items 2\ntransform item [0, 5] { rotate 4 }") == [
        "there is no item [0, 5]: section 0 has 2 items"
      ])
    #expect(
      errors("layer a { scroll to y 3 }") == [
        "a layer holds its layout's declarations (layout, sticky headers, decoration, transform, invalidate on …, touches on | off, content inset, owns sections), not this"
      ])
    #expect(errors("layer a { layout grid }\nlayer b { layout flow { pin headers } }").isEmpty)
    #expect(errors("print union(bounds, 3)") == ["'union' cannot take a number second"])
  }

  @Test("triggers see old and new; trace.count takes a call's name")
  func invalidation() {
    #expect(errors("invalidate on bounds change when new.maxY > old.maxY { items [0, 0] }").isEmpty)
    #expect(errors("print new") == ["unknown name 'new'"])
    #expect(
      errors("invalidate on bounds change when 3 { everything }") == [
        "'when' expects a bool, not a number"
      ])
    #expect(errors("expect trace.count(\"prepare()\") == 0").isEmpty)
    #expect(errors("print trace.size()") == ["unknown method 'size'"])
    #expect(
      errors("print trace.count(3)") == [
        "trace.count takes the call's name as a string, not a number"
      ])
    #expect(errors("text metrics { line height 0 }") == ["the line height must be positive"])
    #expect(
      errors("layout grid\ninvalidate on size change") == [
        "invalidation triggers need a flow layout"
      ])
    #expect(
      errors("section items 2 { item 0...5 text \"x\" }") == [
        "item 0...5 is outside the section, which has 2 items"
      ])
  }

  @Test("item and section are numbers inside an item size only")
  func itemScope() {
    #expect(errors("section items 4 { item 0...3 size (10 + item * section) x 10 }").isEmpty)
    #expect(
      errors("section items 4 { item 0...3 size item [0, 0].size }") == [
        "elements cannot be read inside an item size"
      ])
  }

  @Test("a compound assignment's target is read twice but its errors are said once")
  func compoundAssignmentErrorsOnce() {
    let unknown = errors("layout custom m { prepare { y += 1 } }")
    #expect(unknown.count == 1 && unknown[0].contains("'y'"), "\(unknown)")
    let index = errors("layout custom m { prepare { var a = [1]; a[zz] += 1 } }")
    #expect(index.count == 1 && index[0].contains("'zz'"), "\(index)")
  }
}
