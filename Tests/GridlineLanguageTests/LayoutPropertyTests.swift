import GridlineLanguage
import LayoutEngine
import Testing

/// Properties declared once in the vocabulary reach the engine's setters.
@Suite("Layout properties from the vocabulary")
struct LayoutPropertyTests {
  func flow(_ script: String) throws -> CollectionViewFlowLayout {
    let file = SourceFile(name: "t.gl", text: script)
    let (program, parsed) = Parser.parse(file)
    #expect(parsed.isEmpty && Checker.check(program).isEmpty)
    let interpreter = Interpreter(file: file)
    interpreter.run(program) { _ in }
    return try #require(interpreter.layout as? CollectionViewFlowLayout)
  }

  @Test("pin headers and pin footers take on and off; a later line wins (PIN-1, PIN-4)")
  func pinToggles() throws {
    let on = try flow("layout flow { pin headers; pin footers on }")
    #expect(on.sectionHeadersPinToVisibleBounds && on.sectionFootersPinToVisibleBounds)
    let off = try flow("layout flow { pin headers; pin footers }\nlayout flow { pin headers off }")
    #expect(!off.sectionHeadersPinToVisibleBounds && off.sectionFootersPinToVisibleBounds)
  }

  @Test("a shared clause sets the layout's default and a section's own value (FLOW-4)")
  func sharedClauses() throws {
    let layout = try flow(
      """
      layout flow { line spacing 4; interitem spacing 3; insets 2; header size 0 x 9 }
      section items 2 { line spacing 7 }
      """)
    #expect(layout.minimumLineSpacing == 4 && layout.minimumInteritemSpacing == 3)
    #expect(layout.sectionInset == EdgeInsets(all: 2))
    #expect(layout.headerReferenceSize == Size(width: 0, height: 9))
  }

  @Test("the grid's properties are refused in a flow block, and the flow's in a grid block")
  func wrongLayout() {
    for (script, message) in [
      ("layout flow { shows cells }", "the flow layout has no property 'shows'"),
      ("layout grid { pin headers }", "the grid layout has no property 'pin headers'"),
    ] {
      let (program, _) = Parser.parse(SourceFile(name: "t.gl", text: script))
      let diagnostics = Checker.check(program)
      #expect(diagnostics.map(\.message) == [message])
      #expect(diagnostics.first?.code == .wrongLayout)
    }
  }
}
