import LayoutEngine
import Testing

@testable import GridlineLanguage

/// Issue 17: a step of 100,000 frames (`move … over`, a scroll, a drag) kept every layout
/// call of every frame (~3 KB a frame for a move) although nothing shows them unless the
/// trace is on; they are tallied instead, which is all `trace.count` and pictures ask.
@Suite("Frames: layout calls tallied unless traced")
struct FrameTraceTests {
  static let calls: [TraceEntry] = [
    .event(.prepare), .event(.collectionViewContentSize(Size(width: 1, height: 1))),
    .event(.log("a warning")),
  ]

  @Test("while the trace is off a frame keeps only the console's warnings")
  func tallied() {
    let runner = Interpreter(file: SourceFile(name: "t.gl", text: "")).runner
    var trace: [TraceEntry] = []
    for k in 1...1_000 { runner.beginFrame(k, of: 1_000, offset: .zero, Self.calls, into: &trace) }
    #expect(trace.count == 1_000)  // the warnings, which `finish` reports
    runner.remember(trace, [])
    #expect(runner.lastTally.count("prepare()") == 1_000)
    #expect(runner.lastTally.count("collectionViewContentSize") == 1_000)
  }

  @Test("with the trace on a frame keeps its calls and its mark")
  func traced() {
    let runner = Interpreter(file: SourceFile(name: "t.gl", text: "")).runner
    runner.traceEnabled = true
    var trace: [TraceEntry] = []
    runner.beginFrame(1, of: 2, offset: .zero, Self.calls, into: &trace)
    #expect(trace.count == Self.calls.count + 1)
  }

  @Test("trace.count still counts every frame of a move")
  func moveCounts() {
    passes(
      """
      viewport 320 x 480
      layout flow { item size 100 x 100 }
      section items 30
      move begin item [0, 0]
      move to (50, 270) over 500 frames
      expect trace.count("prepare()") == 500
      move end
      """)
  }
}
