import GridlineLanguage
import LayoutEngine
import Testing

/// `scroll … over N frames` ends exactly where it said (issue 36): frame k is placed on the
/// path from the start, not a step added to the last frame, so rounding cannot pile up.
@Suite("Language: animated scrolls land on their target")
struct ScrollLandingTests {
  func finalOffset(_ scroll: String) -> Point? {
    let text = """
      viewport 375 x 600
      layout flow { item size 375 x 100 }
      section items 1000
      \(scroll)
      """
    let file = SourceFile(name: "landing.gl", text: text)
    let interpreter = Interpreter(file: file)
    let summary = interpreter.run(Parser.parse(file).program) { _ in }
    #expect(!summary.failed)
    return interpreter.collectionView?.contentOffset
  }

  @Test(
    "the last frame is exactly the target, by or to",
    arguments: [
      ("scroll by y 0.3 over 1000 frames", 0.3),
      ("scroll by y 3000 over 7000 frames", 3000),
      ("scroll to y 0.7 over 999 frames", 0.7),
      ("scroll by y -0.1 over 3 frames", -0.1),
    ])
  func lands(_ scroll: String, _ y: Double) {
    #expect(finalOffset(scroll)?.y == y)
  }

  @Test("0.1 in 1 to 9 frames: each lands on 0.1, where added steps drift (0.1 / 3 × 3)")
  func everyFrameCount() {
    let offsets = (1...9).map { k in finalOffset("scroll by y 0.1 over \(k) frames")?.y }
    #expect(offsets.allSatisfy { $0 == 0.1 })
  }
}
