import Foundation
import GridlineLanguage
import GridlineREPL
import Testing

/// A session that has been fed `lines`, to complete in.
private func session(_ lines: [String]) -> REPLSession {
  let s = REPLSession(options: REPLOptions()) { _, _ in }
  for line in lines { s.feed(line) }
  return s
}

@Suite("REPL: completion")
struct CompletionTests {
  @Test("statement keywords at the start of a line")
  func statements() {
    let s = session([])
    #expect(s.complete("scr").shown == Completion(insert: "oll ", candidates: ["scroll"]))
    #expect(
      s.complete("s").candidates == [
        "safe", "scale", "sticky", "section", "sections", "scroll", "snap", "switch", "show",
        "svg", "select", "should",
      ])
    #expect(s.complete("sec").insert == "tion")
    #expect(s.complete("zzz").shown == Completion())
  }

  @Test("the words that may follow")
  func followers() {
    let s = session([])
    #expect(s.complete("scroll t").shown == Completion(insert: "o ", candidates: ["to"]))
    #expect(
      s.complete("scroll to ").candidates == ["x", "y", "item", "header", "footer", "section"])
    #expect(s.complete("show c").shown == Completion(insert: "ontent ", candidates: ["content"]))
    #expect(s.complete("trace o").candidates == ["on", "off"])
    #expect(s.complete("inset adjustment sc").insert == "rollable ")
  }

  @Test("layout properties inside layout { }, flow or grid")
  func layoutProperties() {
    let s = session([])
    #expect(s.complete("layout flow { li").insert == "ne ")
    #expect(s.complete("layout flow { line sp").insert == "acing ")
    #expect(s.complete("layout grid { st").insert == "icky ")
    #expect(s.complete("layout flow { item size 10 x 10; p").insert == "in ")
    let multi = session(["layout flow {"])
    #expect(multi.complete("  sc").insert == "roll ")
    #expect(multi.complete("  scroll h").insert == "orizontal ")
  }

  @Test("inside trigger, decoration, text metrics and flag blocks; after :step")
  func otherBlocks() {
    let s = session([])
    #expect(s.complete("invalidate on size change { ev").insert == "erything ")
    #expect(s.complete("decoration \"bg\" for each section { fr").insert == "ame ")
    #expect(s.complete("text metrics { char").insert == "acter ")
    #expect(s.complete("on invalidate when flag f { rec").insert == "ompute ")
    #expect(s.complete(":step ").shown == Completion(insert: "scroll ", candidates: ["scroll"]))
    #expect(s.complete(":step scroll b").insert == "y ")
  }

  @Test("names in expressions include the session's lets")
  func names() {
    let s = session(["let columnWidth = 40"])
    #expect(s.complete("print colu").insert == "mnWidth")
    #expect(s.complete("expect vis").insert == "ible")
  }

  @Test("index paths in range, sections labelled with their names")
  func indexPaths() {
    let s = session(["section \"Früchte\" items 3", "section \"Gemüse\" items 12"])
    #expect(
      s.complete("show item [").candidates == [
        "0 \"Früchte\" (3 items)", "1 \"Gemüse\" (12 items)",
      ])
    #expect(s.complete("show item [1").insert == "")
    #expect(s.complete("show item [0, ").candidates == ["0", "1", "2"])
    #expect(s.complete("show item [0, 2").shown == Completion(insert: "]", candidates: ["2"]))
    #expect(s.complete("show item [1, 1").candidates == ["1", "10", "11"])
    #expect(s.complete("show item [5, ").shown == Completion())
  }

  @Test("meta commands, help topics and :trace arguments")
  func meta() {
    let s = session([])
    #expect(s.complete(":st").candidates == [":state", ":step"])
    #expect(s.complete(":q").shown == Completion(insert: "uit ", candidates: [":quit"]))
    #expect(s.complete(":help scr").insert == "oll ")
    #expect(s.complete(":trace of").insert == "f ")
  }

  @Test("file names after :load: directories and .gl files")
  func files() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gl-complete-\(getpid())")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("nested"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in ["tour.gl", "tour.out", "other.gl"] {
      try "".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let s = session([])
    #expect(
      s.complete(":load \(dir.path)/t").shown
        == Completion(insert: "our.gl", candidates: ["tour.gl"]))
    #expect(s.complete(":load \(dir.path)/").candidates == ["nested/", "other.gl", "tour.gl"])
    #expect(s.complete(":load \(dir.path)/n").insert == "ested/")
    // Inside `use "…` the same files complete; in other strings nothing does.
    #expect(
      s.complete("use \"\(dir.path)/o").shown
        == Completion(insert: "ther.gl", candidates: ["other.gl"]))
    #expect(s.complete("print \"\(dir.path)/o").candidates.isEmpty)
  }
}

@Suite("REPL: completion in layout code")
struct CodeCompletionTests {
  @Test("the block's own vars, lets and loop names, and rect and cached in a query")
  func codeNames() {
    let s = REPLSession(options: REPLOptions()) { _, _ in }
    s.feed("layout custom w {")
    s.feed("prepare {")
    s.feed("var heights = [0, 0]")
    s.feed("for i in 0..<3 {")
    #expect(s.complete("hei").insert == "ghts ")
    #expect(s.complete("place item [0, i] at rect(0, heig").insert == "hts")
    s.feed("}")
    s.feed("}")
    s.feed("elements in rect {")
    #expect(s.complete("answer cach").insert == "ed")
    #expect(s.complete("let r = rec").candidates.contains("rect"))
  }
}

@Suite("REPL: completion after a dot")
struct MemberCompletionTests {
  @Test("members by the value's type: an element's, a rect's, a let's (issue 15, bug 4)")
  func members() {
    let s = REPLSession(options: REPLOptions()) { _, _ in }
    s.feed("section items 3")
    s.feed("let r = rect(0, 0, 10, 10)")
    #expect(
      s.complete("print item [0, 1].fr").shown == Completion(insert: "ame", candidates: ["frame"]))
    #expect(s.complete("print item [0, 1].frame.ma").candidates == ["maxX", "maxY"])
    #expect(s.complete("print item [0, 1].transform.r").insert == "otation")
    #expect(
      s.complete("print item [0, 1].transform.t").candidates == ["translation", "tx", "ty"])
    #expect(s.complete("expect offset.").candidates == ["x", "y"])
    #expect(s.complete("print r.mi").candidates == ["midX", "midY", "minX", "minY"])
    #expect(s.complete("print viewport.w").insert == "idth")
    #expect(s.complete("print 1.").candidates.isEmpty)
  }
}

@Suite("REPL: completion by what the grammar allows")
struct GrammarCompletionTests {
  @Test("an element word is followed by its index path, not a name (issue 15, bug 4)")
  func indexPathAfterElementWord() {
    let s = session(["section \"Fruits\" items 3", "section \"Vegetables\" items 12"])
    let sections = ["0 \"Fruits\" (3 items)", "1 \"Vegetables\" (12 items)"]
    #expect(s.complete("show header ").shown == Completion(insert: "[", candidates: sections))
    #expect(s.complete("show footer ").shown == Completion(insert: "[", candidates: sections))
    #expect(s.complete("show item ").shown == Completion(insert: "[", candidates: sections))
    #expect(s.complete("show supplementary \"badge\" ").insert == "[")
    #expect(s.complete("show decoration \"background\" ").insert == "[")
    #expect(s.complete("tap item ").insert == "[")
    #expect(s.complete("print header ").insert == "[")
    #expect(s.complete("expect item [0, 1].frame.y < item ").insert == "[")
    // A header's index path has one number: the section closes it.
    #expect(
      s.complete("show header [1").shown == Completion(insert: "]", candidates: [sections[1]]))
    #expect(s.complete("show header ").candidates.allSatisfy { !$0.hasPrefix("offset") })
    // Letters where only `[` may come complete nothing.
    #expect(s.complete("show header vis").shown == Completion())
  }

  @Test("one section: the whole path of a header, the section of an item")
  func oneSection() {
    let s = session(["section items 3"])
    #expect(
      s.complete("show header ").shown == Completion(insert: "[0]", candidates: ["0 (3 items)"]))
    #expect(s.complete("show item ").shown == Completion(insert: "[0", candidates: ["0 (3 items)"]))
    #expect(session([]).complete("show header ").shown == Completion(insert: "["))
  }

  @Test("a name being declared, a property or a statement's own word is not an element")
  func notElements() {
    let s = session(["section items 3"])
    #expect(s.complete("let item ").insert != "[")
    #expect(s.complete("for item ").insert != "[")
    #expect(
      s.complete("layout flow { header ").shown == Completion(insert: "size ", candidates: ["size"])
    )
    #expect(s.complete("decoration \"bg\" ").insert != "[")
    #expect(s.complete("transform header ").insert == "[0]")
  }

  @Test(
    "members after a dot in expect, let, calls and parentheses; none where show takes an element")
  func membersEverywhere() {
    let s = session(["section items 3", "let r = rect(0, 0, 10, 10)"])
    #expect(
      s.complete("expect item [0, 1].fr").shown == Completion(insert: "ame", candidates: ["frame"]))
    #expect(s.complete("let y = item [0, 1].frame.ma").candidates == ["maxX", "maxY"])
    #expect(s.complete("let y = 2 * (r.mi").candidates == ["midX", "midY", "minX", "minY"])
    #expect(s.complete("print max(r.wi").insert == "dth")
    #expect(s.complete("print max(1, item [0, 2].center.").candidates == ["x", "y"])
    #expect(s.complete("expect (offset.").candidates == ["x", "y"])
    #expect(s.complete("print item [0, 1].frame.size.w").insert == "idth")
    #expect(
      s.complete("scroll to y item [0, 2].frame.mi").candidates == ["midX", "midY", "minX", "minY"])
    // `show` takes an element itself, never a member of one.
    #expect(s.complete("show item [0, 1].fr").shown == Completion())
    #expect(s.complete("show header [0].").shown == Completion())
  }
}
