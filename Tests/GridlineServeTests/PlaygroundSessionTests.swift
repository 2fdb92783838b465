import GridlineLanguage
import GridlineRender
import LayoutEngine
import Testing

@testable import GridlineServe

/// Reading replies in tests.
extension JSON {
  subscript(key: String) -> JSON? {
    guard case .object(let fields) = self else { return nil }
    return fields.first { $0.0 == key }?.1
  }
  var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
  var array: [JSON] {
    if case .array(let a) = self { return a }
    return []
  }
  var rect: Rect? {
    guard let x = self["x"]?.number, let y = self["y"]?.number, let w = self["width"]?.number,
      let h = self["height"]?.number
    else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }
}

/// A session as a connection's worker drives it, message by message.
final class SessionDriver {
  let session = PlaygroundSession(path: "test.gl", limits: Limits(), writeFile: nil)

  @discardableResult
  func send(_ text: String) -> JSON { session.reply(to: text) }

  @discardableResult
  func run(_ script: String, keepOffset: Bool = false) -> JSON {
    send(#"{"type":"run","text":\#(JSON.string(script).rendered),"keepOffset":\#(keepOffset)}"#)
  }

  /// Asks for frames until the motion is over; the last state.
  func framesToRest(limit: Int = 2_000) -> (JSON, frames: Int) {
    var last = send(#"{"type":"frame"}"#)
    var frames = 1
    while let motion = last["motion"], motion["done"]?.number != motion["frames"]?.number,
      frames < limit
    {
      last = send(#"{"type":"frame"}"#)
      frames += 1
    }
    return (last, frames)
  }

  static func element(_ state: JSON, _ label: String) -> JSON? {
    state["elements"]?.array.first { $0["label"]?.string == label }
  }
}

/// The offset a script ends at, run straight through (not as a session).
func offsetAfter(_ script: String) -> Point? {
  let file = SourceFile(name: "straight.gl", text: script)
  let (program, parsed) = Parser.parse(file)
  guard parsed.isEmpty else { return nil }
  let interpreter = Interpreter(file: file)
  interpreter.run(program) { _ in }
  return interpreter.collectionView?.contentOffset
}

let stickyScript = """
  viewport 375 x 600
  layout flow {
    item size 110 x 110
    line spacing 10
    interitem spacing 10
    header size 0 x 44
  }
  section "Mon" items 12
  section "Tue" items 5
  section "Wed" items 9
  sticky headers

  """

@Suite struct PlaygroundSessionTests {
  @Test func aRunDrawsTheDisplayedElementsWithTheirGeometry() throws {
    let driver = SessionDriver()
    let state = driver.run(stickyScript)
    #expect(state["type"]?.string == "state")
    #expect(state["ran"]?.string == "run")
    #expect(state["bounds"]?.rect == Rect(x: 0, y: 0, width: 375, height: 600))
    // FLOW: 12 items in rows of 3 under a 44-point header, then 5 and 9: 4 + 2 + 3 rows.
    let content = try #require(state["contentSize"])
    let height: Double = 3 * 44 + 9 * 110 + 6 * 10
    #expect(content["height"]?.number == height)
    let maximum: Double = 1182 - 600
    #expect(state["maximumOffset"]?["y"]?.number == maximum)
    let item = try #require(SessionDriver.element(state, "0.3"))
    #expect(item["frame"]?.rect == Rect(x: 0, y: 44 + 120, width: 110, height: 110))
    #expect(item["center"]?["x"]?.number == 55)
    let lines = stickyScript.split(separator: "\n")
    #expect(state["highlight"]?.array.count == lines.count)
  }

  @Test("a scroll pins the header as the sticky recipe's rule says (PIN-1…3)")
  func scrollPinsTheHeader() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    for y in [0.0, 150, 300, 480] {
      let state = driver.send(#"{"type":"scroll","x":0,"y":\#(y)}"#)
      #expect(state["ran"]?.string == "scroll to (0, \(formatNumber(y)))")
      let header = try #require(SessionDriver.element(state, "H0")?["frame"]?.rect)
      // min(max(offset, first item's minY − h), last item's maxY − h), h = 44: items of
      // section 0 run from y 44 to 44 + 4 × 110 + 3 × 10 = 514.
      #expect(header.minY == min(max(y, 44 - 44), 514 - 44), "offset \(y)")
    }
  }

  @Test("a release's frames, asked one by one, end where the same gestures end run straight (SV-7)")
  func releaseFramesMatchAStraightRun() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    driver.send(#"{"type":"drag","x":0,"y":-40}"#)
    let released = driver.send(#"{"type":"release","x":0,"y":1.2}"#)
    #expect(released["ran"]?.string == "release velocity (0, 1.2)")
    let frames = try #require(released["motion"]?["frames"]?.number)
    #expect(frames > 10)
    let (rest, asked) = driver.framesToRest()
    #expect(Double(asked) == frames)
    let expected = try #require(
      offsetAfter(stickyScript + "drag by (0, -40)\nrelease velocity (0, 1.2)\n"))
    #expect(rest["bounds"]?.rect?.origin == expected)
    #expect(driver.send(#"{"type":"frame"}"#)["code"]?.string == "no-motion")
  }

  @Test("a gesture during a fling stops it where it is, as a finger does")
  func aGestureStopsTheFling() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    driver.send(#"{"type":"drag","x":0,"y":-40}"#)
    driver.send(#"{"type":"release","x":0,"y":1.2}"#)
    let third = (0..<3).map { _ in driver.send(#"{"type":"frame"}"#) }.last
    let stoppedAt = try #require(third?["bounds"]?.rect?.origin)
    let after = driver.send(#"{"type":"drag","x":0,"y":0}"#)
    #expect(after["bounds"]?.rect?.origin == stoppedAt)
    #expect(driver.send(#"{"type":"frame"}"#)["code"]?.string == "no-motion")
  }

  @Test func aScriptWithErrorsChangesNothing() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    driver.send(#"{"type":"scroll","x":0,"y":200}"#)
    let problems = driver.run("viewport 375 x 600\nlayout flow { item sise 10 x 10 }\n")
    #expect(problems["type"]?.string == "problems")
    let first = try #require(problems["diagnostics"]?.array.first)
    #expect(first["line"]?.number == 2)
    #expect(first["code"]?.string?.hasPrefix("GL") == true)
    #expect(first["message"]?.string?.contains("sise") == true)
    // The session goes on with the last good script, where it was.
    let state = driver.send(#"{"type":"scroll","x":0,"y":210}"#)
    #expect(state["bounds"]?.rect?.minY == 210)
  }

  @Test func anEditKeepsTheOffsetWhereTheNewContentAllows() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    driver.send(#"{"type":"scroll","x":0,"y":400}"#)
    let kept = driver.run(stickyScript.replacing("items 9", with: "items 6"), keepOffset: true)
    #expect(kept["bounds"]?.rect?.minY == 400)
    #expect(kept["ran"]?.string == "scroll to (0, 400)")
    // 12, 5 and 1 items: 4 + 2 + 1 rows, content 3 × 44 + 7 × 110 + 4 × 10 = 942; max 342.
    let clamped = driver.run(stickyScript.replacing("items 9", with: "items 1"), keepOffset: true)
    #expect(clamped["bounds"]?.rect?.minY == 342)
    #expect(driver.run(stickyScript)["bounds"]?.rect?.minY == 0)
  }

  @Test func aTapSelectsAndTheInspectorNamesTheCallsAboutTheItem() throws {
    let driver = SessionDriver()
    driver.run(stickyScript + "allows multiple selection on\n")
    let tapped = driver.send(#"{"type":"tap","x":180,"y":100}"#)
    let trace =
      tapped["outputs"]?.array.compactMap { $0["text"]?.string }.joined(separator: "\n") ?? ""
    #expect(trace.contains("collectionView(_:didSelectItemAt: [0, 1])"), "\(trace)")
    let inspected = driver.send(#"{"type":"select","section":0,"item":1}"#)
    #expect(inspected["type"]?.string == "inspection")
    #expect(inspected["element"]?["frame"]?.rect == Rect(x: 132.5, y: 44, width: 110, height: 110))
    // The cell's pool: the default reuse identifier (DISP-3), and the view showing it.
    #expect(inspected["element"]?["reuseIdentifier"]?.string == "Cell")
    #expect(inspected["element"]?["view"]?.number != nil)
    let calls = inspected["calls"]?.array.compactMap(\.string) ?? []
    #expect(calls.contains { $0.contains("didSelectItemAt: [0, 1]") })
    // How the layout placed it, as `why item [0, 1]` says: three 110-point items to a line
    // of 375 (FLOW-5), so item 1 is in line 1, column 2 of the grid (FLOW-9).
    let why = inspected["why"]?.array.compactMap { $0["text"]?.string } ?? []
    #expect(
      why.contains { $0.contains("line ⌊1 / 3⌋ + 1 = 1, in column 1 mod 3 + 1 = 2") }, "\(why)")
    #expect(why.dropLast().last?.contains("(132.5, 44, 110, 110)") == true, "\(why)")
    #expect(why.last?.hasPrefix("It is on screen") == true, "\(why)")
    #expect(
      driver.send(#"{"type":"select","section":2,"item":8}"#)["code"]?.string == "not-displayed")
  }

  @Test("a long press and drag moves the item, as UIKit's interactive movement does")
  func interactiveMove() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    let begun = driver.send(#"{"type":"move","phase":"begin","section":0,"item":0}"#)
    #expect(begun["ran"]?.string == "move begin item [0, 0]")
    // Over item [0, 2]'s centre (320, 99): the moving item takes its place.
    driver.send(#"{"type":"move","phase":"to","x":320,"y":99}"#)
    let ended = driver.send(#"{"type":"move","phase":"end"}"#)
    let trace = ended["outputs"]?.array.compactMap { $0["text"]?.string }.joined() ?? ""
    #expect(trace.contains("collectionView(_:moveItemAt: [0, 0], to: [0, 2])"), "\(trace)")
    let expected = try #require(
      offsetAfter(stickyScript + "move begin item [0, 0]\nmove to (320, 99)\nmove end\n"))
    #expect(ended["bounds"]?.rect?.origin == expected)
    #expect(driver.send(#"{"type":"move","phase":"lift"}"#)["code"]?.string == "unknown-phase")
    #expect(driver.send(#"{"type":"move"}"#)["code"]?.string == "missing-field")
  }

  @Test func stepRunsOneStatementAtATimeAndMarksItsLine() throws {
    let driver = SessionDriver()
    let script = stickyScript + "scroll to y 120\nscroll by y 60 over 3 frames\n"
    let step: (String) -> JSON = {
      driver.send(#"{"type":"step","text":\#(JSON.string($0).rendered)}"#)
    }
    var last = step(script)
    #expect(last["step"]?["index"]?.number == 0)
    #expect(last["step"]?["line"]?.number == 1)
    let count = try #require(last["step"]?["count"]?.number)
    while let index = last["step"]?["index"]?.number, index < count - 2 { last = step(script) }
    last = step(script)  // the stepped scroll: it starts its frames
    #expect(last["ran"]?.string == "scroll by y 60 over 3 frames")
    #expect(last["motion"]?["frames"]?.number == 3)
    let (rest, frames) = driver.framesToRest()
    #expect(frames == 3)
    #expect(rest["bounds"]?.rect?.minY == 180)
    // Past the end, a step starts again from the first statement.
    #expect(step(script)["step"]?["index"]?.number == 0)
  }

  @Test func completionOffersTheVocabularyAndTheScriptsNames() throws {
    let driver = SessionDriver()
    driver.run(stickyScript + "let gap = 10\n")
    let words = driver.send(#"{"type":"complete","text":"scr"}"#)
    #expect(words["typed"]?.string == "scr")
    #expect(words["items"]?.array.contains { $0["label"]?.string == "scroll" } == true)
    let names = driver.send(#"{"type":"complete","text":"print ga"}"#)
    #expect(names["items"]?.array.contains { $0["text"]?.string == "gap" } == true)
  }

  @Test func badMessagesGetAnErrorNamingTheProblem() {
    let driver = SessionDriver()
    let cases: [(String, String)] = [
      ("not json", "malformed"),
      ("[1, 2]", "malformed"),
      (#"{"id":3}"#, "missing-field"),
      (#"{"type":"teleport"}"#, "unknown-type"),
      (#"{"type":"scroll","x":1}"#, "missing-field"),
      (#"{"type":"scroll","x":"1","y":2}"#, "malformed"),
      (#"{"type":"scroll","x":1e300,"y":2}"#, "out-of-range"),
      (#"{"type":"resize","width":0,"height":100}"#, "out-of-range"),
      (#"{"v":2,"type":"frame"}"#, "unsupported-version"),
      (#"{"type":"drag","x":0,"y":1}"#, "no-script"),
      (#"{"type":"frame"}"#, "no-motion"),
    ]
    for (message, code) in cases {
      let reply = driver.send(message)
      #expect(reply["type"]?.string == "error", "\(message)")
      #expect(reply["code"]?.string == code, "\(message): \(reply.rendered)")
      #expect(reply["message"]?.string?.isEmpty == false)
    }
    #expect(driver.send(#"{"id":41,"type":"teleport"}"#)["id"]?.number == 41)
  }

  @Test func aRunThatIsCancelledChangesNothing() throws {
    let driver = SessionDriver()
    driver.run(stickyScript)
    driver.session.shouldCancel = { true }
    let reply = driver.run(stickyScript + "repeat 1000 { scroll by y 1 }\n")
    #expect(reply["type"]?.string == "cancelled")
    driver.session.shouldCancel = { false }
    #expect(driver.send(#"{"type":"scroll","x":0,"y":5}"#)["bounds"]?.rect?.minY == 5)
  }

  @Test func textThatIsNoScriptIsRefusedAsGlRunRefusesIt() throws {
    let driver = SessionDriver()
    let reply = driver.run("viewport 375 x 600\n\u{0}\n")
    #expect(reply["type"]?.string == "problems")
    #expect(reply["diagnostics"]?.array.first?["code"]?.string == MessageCode.notScriptText.id)
  }

  @Test func svgStatementsSayTheyWereNotWrittenWithoutAnOutputFolder() throws {
    let driver = SessionDriver()
    let state = driver.run(stickyScript + "svg \"state.svg\"\n")
    let texts = state["outputs"]?.array.compactMap { $0["text"]?.string } ?? []
    #expect(texts.contains { $0.contains("state.svg was not written") })
  }

  @Test func theStarterScriptRunsCleanly() throws {
    let driver = SessionDriver()
    let state = driver.run(StarterScript.text)
    #expect(state["type"]?.string == "state")
    #expect(state["failed"] == .bool(false))
    #expect(state["elements"]?.array.isEmpty == false)
  }
}

@Suite struct PlaygroundFuzzFindings {
  /// Found by ProtocolFuzzTests: stepping a script with no statement read past its end.
  @Test func steppingAScriptWithoutStatementsIsAnError() {
    let driver = SessionDriver()
    for text in ["", "# only a comment\n"] {
      let reply = driver.send(#"{"type":"step","text":\#(JSON.string(text).rendered)}"#)
      #expect(reply["code"]?.string == "nothing-to-step")
    }
  }
}
