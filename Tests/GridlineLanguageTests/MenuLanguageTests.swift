import GridlineLanguage
import LayoutEngine
import Testing

/// `menu`, `should show menu`, `can perform`, and the script's pasteboard.
@Suite("Language: the editing menu")
struct MenuLanguageTests {
  static let grid =
    TouchTests.grid + """
      should show menu when section == 0
      can perform copy when true
      can perform cut when item > 0
      can perform paste when clipboard != nothing

      """

  /// The menu messages of a script's steps, in order.
  static func calls(_ script: String) -> [String] {
    TouchTests.calls(script) { if case .menu(let call) = $0 { call.description } else { nil } }
  }

  @Test("a held item asks the three questions in order; the rules read item and clipboard")
  func sequence() {
    #expect(
      Self.calls(Self.grid + "trace on\nmenu item [0, 0] copy\n") == [
        "collectionView(_:shouldShowMenuForItemAt: [0, 0]) → true",
        "collectionView(_:canPerformAction: cut:, forItemAt: [0, 0], withSender:) → false",
        "collectionView(_:canPerformAction: copy:, forItemAt: [0, 0], withSender:) → true",
        "collectionView(_:canPerformAction: paste:, forItemAt: [0, 0], withSender:) → false",
        "collectionView(_:performAction: copy:, forItemAt: [0, 0], withSender:)",
      ])
  }

  @Test("without rules there is no menu: shouldShowMenu answers false and nothing follows")
  func defaults() {
    #expect(
      Self.calls(TouchTests.grid + "trace on\nmenu (50, 50) copy\n") == [
        "collectionView(_:shouldShowMenuForItemAt: [0, 0]) → false"
      ])
    passes(TouchTests.grid + "menu item [0, 0] copy\nexpect clipboard == nothing\n")
  }

  @Test("copy fills the clipboard; cut also deletes; paste inserts after the target")
  func pasteboard() {
    passes(
      Self.grid + """
        expect clipboard == nothing
        menu item [0, 2] paste
        expect items(in: 0) == 12
        menu item [0, 2] copy
        expect clipboard == [0, 2]
        expect items(in: 0) == 12
        menu item [0, 5] cut
        expect clipboard == [0, 5]
        expect items(in: 0) == 11
        expect updates == ["D(0,5)"]
        menu item [0, 0] paste
        expect items(in: 0) == 12
        expect updates == ["I(0,1)"]
        expect clipboard == [0, 5]
        menu item [0, 0] cut
        expect clipboard == [0, 5]
        """)
  }

  @Test("print clipboard; a held point on empty space shows nothing")
  func printing() {
    let (outputs, summary) = run(
      Self.grid
        + "menu item [0, 3] copy\nprint clipboard\nmenu (50, 105) copy\nprint clipboard\n")
    #expect(!summary.failed, "\(messages(outputs))")
    var printed: [String] = []
    for case .print(_, let value) in outputs { printed.append(value.description) }
    #expect(printed == ["[0, 3]", "[0, 3]"])  // (50, 105) is between two rows
  }

  @Test("bad menus are diagnostics")
  func badMenus() {
    #expect(errors(Self.grid + "menu header [0] copy\n").count == 1)
    #expect(errors(Self.grid + "can perform copy when 3\n").count == 1)
    let parsed = Parser.parse(SourceFile(name: "t.gl", text: "can perform copyy when true\n"))
    #expect(parsed.diagnostics.first?.help?.contains("copy") == true)
    let hidden = messages(run(Self.grid + "section items 40\nmenu item [1, 30] copy\n").outputs)
    #expect(hidden.first?.contains("is not displayed") == true)
    let diffable = """
      viewport 320 x 480
      should show menu when true
      can perform cut when true
      section "S" items ["a", "b"]
      menu item [0, 0] cut
      """
    #expect(messages(run(diffable).outputs).first?.contains("diffable data source") == true)
  }
}
