import Foundation
import GridlineCLI
import GridlineLanguage
import Testing

@Suite("gl run / gl check")
struct RunnerTests {
  @Test("exit statuses: 0, 1 (expect), 65 (script error), 70 (runtime)")
  func statuses() {
    #expect(transcript(of: "a.gl", text: "section items 1\nexpect true").status == .success)
    #expect(transcript(of: "a.gl", text: "expect 1 == 2").status == .expectationFailed)
    #expect(transcript(of: "a.gl", text: "viewport 3").status == .scriptError)
    #expect(
      transcript(of: "a.gl", text: "section items 1\nscroll to item [0, sections] at top").status
        == .runtimeFailure)
    #expect(transcript(of: "a.gl", text: "viewport 3", check: true).status == .scriptError)
    #expect(transcript(of: "a.gl", text: "expect 1 == 2", check: true).status == .success)
  }

  @Test("a failed expect does not stop the script; the summary counts it")
  func keepsGoing() {
    let (text, _) = transcript(of: "a.gl", text: "expect 1 == 2\nprint 7\nexpect 2 == 2")
    #expect(text.hasSuffix("7\nexpectations: 1 passed, 1 failed\n"))
    #expect(text.contains("a.gl:1:8: error: expectation failed: 1 == 2 (left is 1, right is 2)"))
  }

  @Test("show tables write numbers as people do (issue 34); --precision and --json keep more")
  func readableNumbers() {
    // Four 80-point cells to a row of 390: the leftover spread, 310 / 3 apart.
    let third =
      "viewport 390 x 200\nlayout flow { item size 80 x 80 }\nsection items 4\nshow visible\n"
    #expect(transcript(of: "a.gl", text: third).text.contains("cell [0, 1]  103.333  0"))
    #expect(
      transcript(of: "a.gl", text: third, precision: 17).text.contains(
        "cell [0, 1]  103.33333333333334  0"))
    #expect(transcript(of: "a.gl", text: third, precision: 0).text.contains("cell [0, 1]  103  0"))
    #expect(transcript(of: "a.gl", text: third, json: true).text.contains("103.33333333333334"))
  }

  @Test("print, show's header and draw's numbers are readable too; exact in --json (issue 34)")
  func readablePrintAndDraw() {
    // FLOW-5's classic: three items of (390 - 2) / 3 do not fit a line of 390 with spacing 1.
    let script = """
      viewport 390 x 300
      layout flow { item size ((390 - 2) / 3) x 50; interitem spacing 1 }
      section items 5
      print item [0, 1].frame
      print (390 - 2) / 3
      print -0.0001
      scroll to y 33.333333333
      show item [0, 0]
      draw
      """
    let text = transcript(of: "a.gl", text: script).text
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.prefix(3) == ["(260.667, 0, 129.333, 50)", "129.333", "0"])
    #expect(text.contains("show item [0, 0] (line 8): bounds (0, 33.333, 390, 300)"))
    #expect(text.contains("offset (0, 33.333)  content 390 x 170  bounds 390 x 300"))
    // Every row of the drawing starts its frame in the same column, the widest y label
    // (105.333) included.
    let rows = lines.filter { $0.contains("║") }
    #expect(rows.count > 10)
    #expect(Set(rows.map { $0.prefix { $0 != "║" }.count }).count == 1)
    #expect(rows.contains { $0.hasPrefix("105.333  ║") })
    let precise = transcript(of: "a.gl", text: script, precision: 5).text
    #expect(precise.contains("129.33333\n") && precise.contains("offset (0, 33.33333)"))
    let json = transcript(of: "a.gl", text: script, json: true).text
    #expect(json.contains("129.33333333333334"))
  }

  /// The JSON lines `gl run --json` writes for `script`, which must succeed.
  func jsonLines(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let (text, status) = transcript(of: "a.gl", text: script, json: true)
    #expect(status == .success, sourceLocation: sourceLocation)
    return text.split(separator: "\n").map(String.init)
  }

  @Test("JSON lines: why is a record of the frame, exact, and the steps with their rules")
  func whyJSON() {
    let lines = jsonLines(
      """
      viewport 300 x 600
      layout compositional {
        section { group horizontal width 1 fraction height 100 { item width 1/3 fraction height 1 fraction } }
      }
      section items 4
      why item [0, 1]
      """)
    #expect(
      lines[0].hasPrefix(
        #"{"type":"why","line":6,"element":"item [0, 1]","frame":{"x":100,"y":0,"width":100,"height":100},"steps":[{"rule":"COMP-3","text":"The layout's container: the bounds, 300 x 600, with no content inset: 300 x 600."}"#
      ))
    #expect(
      lines[0].contains(
        #"{"rule":"COMP-6","text":"In the group (horizontal, 300 x 100): subitem 1 (from 0), an item: width 0.333 fraction of the width 300 = 100"#
      ))
  }

  @Test("JSON lines: one object per output, a summary last")
  func json() {
    let lines = jsonLines(
      """
      viewport 100 x 100
      layout flow { item size 100 x 50; line spacing 0 }
      section items 3
      trace on
      scroll to y 20
      trace off
      show visible
      print offset
      expect offset.y == 20
      hit (1, 80)
      """)
    #expect(lines.count == 6)
    #expect(
      lines[0].hasPrefix(
        #"{"type":"trace","line":5,"statement":"scroll to y 20","events":[{"call":"numberOfSections(in:)","result":1},{"call":"collectionView(_:numberOfItemsInSection:)","section":0,"result":3},{"call":"prepare"}"#
      ))
    #expect(
      lines[1]
        == #"{"type":"show","line":7,"target":"visible","bounds":{"x":0,"y":20,"width":100,"height":100},"contentSize":{"width":100,"height":150},"elements":[{"category":"cell","kind":null,"indexPath":[0,0],"frame":{"x":0,"y":0,"width":100,"height":50},"zIndex":0,"alpha":1,"hidden":false},{"category":"cell","kind":null,"indexPath":[0,1],"frame":{"x":0,"y":50,"width":100,"height":50},"zIndex":0,"alpha":1,"hidden":false},{"category":"cell","kind":null,"indexPath":[0,2],"frame":{"x":0,"y":100,"width":100,"height":50},"zIndex":0,"alpha":1,"hidden":false}],"omitted":0}"#
    )
    #expect(lines[2] == #"{"type":"print","line":8,"value":{"x":0,"y":20}}"#)
    #expect(lines[3] == #"{"type":"expect","line":9,"passed":true}"#)
    #expect(lines[4] == #"{"type":"hit","line":10,"point":{"x":1,"y":80},"indexPath":[0,1]}"#)
    #expect(
      lines[5]
        == #"{"type":"summary","file":"a.gl","steps":10,"expectationsPassed":1,"expectationsFailed":0}"#
    )
  }

  @Test("JSON names an update's changes in draw and show; without one, nothing is added")
  func updateChanges() {
    let lines = jsonLines(
      """
      viewport 100 x 200
      layout flow { item size 100 x 40; line spacing 10 }
      section items 4
      batch { insert items [0, 0]; delete items [0, 3]; move item [0, 2] to [0, 1] }
      draw
      show item [0, 0]
      show item [0, 3]
      scroll by y 0
      draw
      show item [0, 0]
      """)
    #expect(
      lines[0].hasSuffix(
        #""changes":[{"category":"cell","kind":null,"indexPath":[0,0],"change":"inserted"},"#
          + #"{"category":"cell","kind":null,"indexPath":[0,1],"change":"moved"},"#
          + #"{"category":"cell","kind":null,"indexPath":[0,3],"change":"deleted"}]}"#))
    #expect(lines[1].contains(#""alpha":1,"hidden":false,"change":"inserted"}"#))
    #expect(!lines[2].contains("change"), "item [0, 3] only shifted")
    #expect(!lines[3].contains("changes") && !lines[4].contains("change"))
  }

  @Test("JSON errors carry file, line, column and code")
  func jsonErrors() {
    let (text, status) = transcript(of: "b.gl", text: "viewport 3\nprint nope", json: true)
    #expect(status == .scriptError)
    #expect(
      text == """
        {"type":"error","file":"b.gl","line":1,"column":10,"code":"GL2003","message":"the viewport expects a size, not a number","help":"write a size as W x H, e.g. 375 x 667"}
        {"type":"error","file":"b.gl","line":2,"column":7,"code":"GL2001","message":"unknown name 'nope'"}
        {"type":"summary","file":"b.gl","steps":0,"expectationsPassed":0,"expectationsFailed":0}

        """)
  }

  @Test("a UIKit exception in JSON names the exception beside its message")
  func jsonException() {
    let (text, status) = transcript(
      of: "c.gl", text: "section items 2\ninsert items [0, 5]", json: true)
    #expect(status == .runtimeFailure)
    let error = text.split(separator: "\n").first { $0.contains("\"type\":\"error\"") } ?? ""
    #expect(error.hasPrefix(#"{"type":"error","file":"c.gl","line":2,"column":1,"code":"GL4001""#))
    #expect(error.hasSuffix(#","exception":"NSInternalInconsistencyException"}"#))
  }

  @Test("gl explain: a code's explanation, the list without one, 64 for an unknown code")
  func explain() throws {
    let directory = FileManager.default.temporaryDirectory
    let (one, status) = try gl(["explain", "gl1003"], in: directory)
    #expect(status == 0)
    #expect(one.hasPrefix("GL1003: a word the grammar does not have at this place\n"))
    #expect(one.contains("For example:\n\n    viewprt 375 x 667"))
    let (all, listed) = try gl(["explain"], in: directory)
    #expect(listed == 0)
    #expect(all.split(separator: "\n").count == MessageCode.allCases.count)
    let (bad, refused) = try gl(["explain", "GL9999"], in: directory)
    #expect(refused == 64)
    #expect(bad.contains("no diagnostic code 'GL9999'"))
  }

  @Test("a mistyped command is named with a suggestion, not read as a REPL file (issue 15)")
  func mistypedCommand() throws {
    let directory = FileManager.default.temporaryDirectory
    let (typo, status) = try gl(["rn", "tour.gl"], in: directory)
    #expect(status == 64)
    #expect(typo.contains("unknown command 'rn'; did you mean 'run'?"))
    let (lint, lintStatus) = try gl(["lint", "--help"], in: directory)
    #expect(lintStatus == 64 && lint.contains("unknown command 'lint'"))
    let (help, helpStatus) = try gl(["help", "nosuch"], in: directory)
    #expect(helpStatus == 64 && help.contains("unknown command 'nosuch'"))
    let (version, versionStatus) = try gl(["--version", "--help"], in: directory)
    #expect(versionStatus == 0 && version.hasPrefix("0."))
  }
}
