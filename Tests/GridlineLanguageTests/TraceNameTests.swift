import Foundation
import GridlineLanguage
import LayoutEngine
import Testing

/// `trace.count` counts calls by the names the trace prints them under (UIKit's selectors):
/// one list of them (`LayoutEvent.callNames`), and a name outside it is a mistake.
@Suite("Trace names (trace.count)")
struct TraceNameTests {
  @Test("a name no call has is GL2001 with the nearest, in gl check and at run time")
  func unknownNames() {
    let found = errors(
      """
      layout flow { item size 10 x 10 }
      section items 3
      expect trace.count("prepare") == 1
      expect trace.count("scrollViewDidScroll") == 0
      expect trace.count("layoutAttributesForElement(in:)") == 0
      expect trace.count("prepare()") == 0
      """)
    #expect(
      found == [
        "no call is traced as 'prepare'", "no call is traced as 'scrollViewDidScroll'",
        "no call is traced as 'layoutAttributesForElement(in:)'",
      ])
    let diagnostics = Checker.check(
      Parser.parse(SourceFile(name: "t.gl", text: "print trace.count(\"scrollViewDidScroll\")"))
        .program)
    #expect(diagnostics.first?.help == "did you mean 'scrollViewDidScroll(_:)'?")
    // A name computed at run time is checked when the step runs.
    let (outputs, summary) = run(
      """
      layout flow { item size 10 x 10 }
      section items 3
      let call = items(in: 0) > 0 ? "prepare" : "cut"
      show visible
      print trace.count(call + "()")
      print trace.count(call)
      """)
    #expect(summary.failed)
    #expect(messages(outputs) == ["no call is traced as 'prepare'"])
  }

  @Test("every call the examples make is traced under a name of the list")
  func everyNameListed() throws {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    let scripts = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".gl") && $0 != "shared-declarations.gl" }
    #expect(scripts.count > 40)
    var seen: Set<String> = []
    for name in scripts {
      let file = SourceFile(
        name: name,
        text: try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8))
      let (program, _) = Parser.parse(file)
      let interpreter = Interpreter(file: file)
      interpreter.traceEnabled = true
      _ = interpreter.run(program) { output in
        guard case .trace(_, _, let entries) = output else { return }
        for case .event(let event) in entries { seen.insert(event.callName) }
      }
    }
    #expect(
      seen.subtracting(LayoutEvent.callNames).isEmpty, "\(seen.subtracting(LayoutEvent.callNames))")
    #expect(seen.count > 60)
    // The scroll view's delegate too, under full selectors.
    #expect(
      seen.contains("scrollViewDidScroll(_:)") && seen.contains("scrollViewWillBeginDragging(_:)"))
  }
}
