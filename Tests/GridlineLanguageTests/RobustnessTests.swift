import Foundation
import GridlineLanguage
import GridlineTestSupport
import LayoutEngine
import Testing

/// Throws generated and mutated scripts at the lexer, parser, checker and interpreter and
/// accepts only a diagnostic or a result: a crash or a hang fails the run. 20,000 inputs
/// per run with a fixed seed; `GRIDLINE_FUZZ_COUNT=N` and `GRIDLINE_FUZZ_SEED=S` run more
/// or others.
@Suite("Robustness")
struct RobustnessTests {
  static let count = Int(ProcessInfo.processInfo.environment["GRIDLINE_FUZZ_COUNT"] ?? "") ?? 20_000
  static let seed =
    UInt64(ProcessInfo.processInfo.environment["GRIDLINE_FUZZ_SEED"] ?? "") ?? 0x6C61_796F_7574

  /// Scripts to mutate: the examples and the diagnostics corpus, plus a few that reach
  /// every statement.
  static let seeds: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    var texts: [String] = []
    for directory in ["examples", "Tests/GridlineCLITests/Corpus"] {
      let url = root.appendingPathComponent(directory)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for name in names.sorted() where name.hasSuffix(".gl") {
        if let text = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) {
          texts.append(text)
        }
      }
    }
    texts.append(
      """
      viewport 320 x 480; scale 2; content inset (top: 20, bottom: 10); safe area 4
      layout margins 8; inset adjustment never
      layout flow { scroll horizontal; item size 40 x 40; estimated item size automatic
        line spacing 4; interitem spacing 2; insets (horizontal: 3); inset reference layout margins
        header size 20 x 20; footer size 10 x 10; rows right, last center; items bottom }
      sections 3 items 12
      section "S" items 30 { item 0...29 size (10 + item % 5 * 3) x (20 + section) ; insets 2
        header size 0 x 5; footer size 0 x 5; line spacing 1; interitem spacing 1 }
      let p = (10, 20)
      repeat 3 { scroll by (5, 5) over 2 frames; show visible }
      scroll to item [3, 29] at center; scroll rect rect(0, 0, 10, 10) visible
      resize 200 x 300; reload; invalidate; trace on
      hit p; expect offset.x >= 0 or true; print clamp(offset.y, 0, 10) + items(in: 3)
      show all; show content size; show header [0]; show footer [3]; show item [3, 0]
      """)
    return texts
  }()

  @Test("20,000 generated and mutated inputs: a diagnostic or a result, never a crash")
  func fuzz() {
    var g = SeededGenerator(seed: Self.seed)
    var withDiagnostics = 0
    var ran = 0
    for i in 0..<Self.count {
      let text: String
      switch i % 3 {
      case 0: text = Self.mutate(Self.seeds.randomElement(using: &g)!, &g)
      case 1: text = Self.program(&g)
      default: text = Self.tokenSoup(&g)
      }
      let outcome = Self.exercise(text)
      if outcome.diagnostics > 0 { withDiagnostics += 1 } else { ran += 1 }
    }
    // Both kinds of outcome must be common, or the generators test too little.
    #expect(withDiagnostics > Self.count / 10)
    #expect(ran > Self.count / 20)
  }

  /// Lex, parse, check, render every diagnostic, and run (even a program with check
  /// errors, so the interpreter's own checks are exercised too).
  static func exercise(_ text: String) -> (diagnostics: Int, outputs: Int) {
    let file = SourceFile(name: "fuzz.gl", text: text)
    let (program, parsed) = Parser.parse(file)
    let checked = Checker.check(program, limits: .small)
    var count = 0
    for d in parsed + checked {
      #expect(!d.message.isEmpty)
      #expect(d.range.start >= 0 && d.range.end <= file.bytes.count, "\(d.message) in \(text)")
      _ = d.rendered(in: file)
      count += 1
    }
    let interpreter = Interpreter(file: file, limits: .small)
    var outputs = 0
    interpreter.run(program) { output in
      outputs += 1
      if case .diagnostic(let d) = output {
        _ = d.rendered(in: file)
        count += 1
      }
    }
    return (count, outputs)
  }

  static let words = [
    "viewport", "content", "inset", "safe", "area", "layout", "margins", "adjustment",
    "scale", "let", "flow", "section", "sections", "items", "item", "size", "scroll", "to",
    "by", "x", "y", "over", "frames", "at", "top", "center", "bottom", "left", "right",
    "rect", "visible", "resize", "reload", "invalidate", "show", "all", "header", "footer",
    "hit", "expect", "print", "repeat", "trace", "on", "off", "and", "or", "not", "true",
    "false", "offset", "bounds", "content", "rows", "last", "justify", "line", "spacing",
    "interitem", "estimated", "automatic", "min", "max", "clamp", "items", "in", "frame",
    "width", "height", "maxY", "supplementary", "never", "horizontal", "vertical",
    "compositional", "group", "custom", "place", "environment", "fraction",
  ]
  static let symbols = [
    "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "...", "+", "-", "*", "/", "%", "==",
    "!=", "<", "<=", ">", ">=", "=", "?", "->", "\n", "\n", "\n", "#", "\"", "@", "é",
  ]
  static let numbers = [
    "0", "1", "2", "-1", "0.5", "10", "44", "100", "375", "667", "1e3", "1e12", "1e13",
    "99999999", "-0", "3.75", "1_000", "2e-300",
  ]

  static func token(_ g: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<10, using: &g) {
    case 0...3: return words.randomElement(using: &g)!
    case 4...6: return symbols.randomElement(using: &g)!
    case 7...8: return numbers.randomElement(using: &g)!
    default: return "\"s\(Int.random(in: 0...9, using: &g))\""
    }
  }

  static func tokenSoup(_ g: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...40, using: &g)).map { _ in token(&g) }.joined(separator: " ")
  }

  static func mutate(_ text: String, _ g: inout SeededGenerator) -> String {
    var chars = Array(text)
    for _ in 0..<Int.random(in: 1...4, using: &g) {
      if chars.isEmpty { break }
      let at = Int.random(in: 0..<chars.count, using: &g)
      switch Int.random(in: 0..<6, using: &g) {
      case 0:
        let end = min(chars.count, at + Int.random(in: 1...20, using: &g))
        chars.removeSubrange(at..<end)
      case 1:
        chars.insert(contentsOf: " " + token(&g) + " ", at: at)
      case 2:
        chars.insert(contentsOf: numbers.randomElement(using: &g)!, at: at)
      case 3:
        let lines = String(chars).split(separator: "\n", omittingEmptySubsequences: false)
        var shuffled = lines
        let i = Int.random(in: 0..<lines.count, using: &g)
        let j = Int.random(in: 0..<lines.count, using: &g)
        shuffled.swapAt(i, j)
        if Bool.random(using: &g) { shuffled.insert(lines[i], at: j) }
        chars = Array(shuffled.joined(separator: "\n"))
      case 4:
        chars = Array(chars[0..<at])
      default:
        chars[at] = Array("{}()[]\"#x0.-\n").randomElement(using: &g)!
      }
    }
    return String(chars)
  }

  /// A grammatical program with random (often ill-typed) expressions.
  static func program(_ g: inout SeededGenerator) -> String {
    var lines: [String] = []
    for _ in 0..<Int.random(in: 1...12, using: &g) { lines.append(statement(&g, depth: 0)) }
    return lines.joined(separator: "\n")
  }

  static func statement(_ g: inout SeededGenerator, depth: Int) -> String {
    let e = { (g: inout SeededGenerator) in expression(&g, depth: 0) }
    switch Int.random(in: 0..<40, using: &g) {
    case 0: return "viewport \(e(&g)) x \(e(&g))"
    case 1: return "layout flow { item size \(e(&g)) x \(e(&g)); line spacing \(e(&g)) }"
    case 2: return "section items \(e(&g)) { item \(e(&g))...\(e(&g)) size \(e(&g)) x \(e(&g)) }"
    case 3: return "sections \(e(&g)) items \(e(&g))"
    case 4: return "scroll to y \(e(&g))"
    case 5: return "scroll by (\(e(&g)), \(e(&g))) over \(e(&g)) frames"
    case 6:
      let at = ["center", "bottom, right", "centered vertically, left", "none", "top, top"]
      return "scroll to item [\(e(&g)), \(e(&g))] at \(at.randomElement(using: &g)!)"
    case 7: return "show visible"
    case 8: return "show all"
    case 9: return "expect \(e(&g))"
    case 10: return "print \(e(&g))"
    case 11: return "let v\(Int.random(in: 0...2, using: &g)) = \(e(&g))"
    case 12: return "hit (\(e(&g)), \(e(&g)))"
    case 13: return "resize \(e(&g)) x \(e(&g))"
    case 14: return "content inset \(e(&g))"
    case 15: return "scale \(e(&g))"
    case 16:
      return "layout flow { header size 0 x \(e(&g)); rows center, last right; scroll horizontal }"
    case 17:
      if depth > 2 { return "reload" }
      return "repeat \(e(&g)) { \(statement(&g, depth: depth + 1)) }"
    case 18: return "scroll rect rect(\(e(&g)), \(e(&g)), 10, 10) visible"
    case 19: return "insert items [\(e(&g)), \(e(&g))] over \(e(&g)) frames"
    case 20:
      return "batch { delete items [0, \(e(&g))]; move item [0, \(e(&g))] to [\(e(&g)), 0] }"
    case 21:
      return "batch over \(e(&g)) frames { insert sections \(e(&g)) items \(e(&g)); "
        + "data { section \(e(&g)) items \(e(&g)) } }"
    case 22:
      let items = ["[]", "[\"a\", \"b\"]", "[\"b\", \"a\", \"a\"]", e(&g)].randomElement(using: &g)!
      return "section \"S\(Int.random(in: 0...2, using: &g))\" items \(items)"
    case 23:
      return "apply snapshot over \(e(&g)) frames { section \(e(&g)) items [\"a\", \(e(&g))]; "
        + "reconfigure items [\"b\"] }"
    case 24:
      return ["appearing", "disappearing"].randomElement(using: &g)!
        + " items { alpha \(e(&g)); scale \(e(&g)) }"
    case 25:
      return "print item \"a\".frame; print item [0, \(e(&g))].before; print updates; "
        + "why item [0, \(e(&g))]"
    case 26:
      return [
        "fling y \(e(&g))", "drag by y \(e(&g)) over \(e(&g)) frames", "release",
        "release velocity (\(e(&g)), \(e(&g)))",
        "svg plot \"p.svg\" { drag by y \(e(&g)) over \(e(&g)) frames; release }",
      ].randomElement(using: &g)!
    case 27:
      return [
        "paging on", "bounces off", "always bounce vertical", "deceleration \(e(&g))",
        "frame rate \(e(&g))", "should scroll to top when \(e(&g)) > offset.y; tap status bar",
      ].randomElement(using: &g)!
    case 29:
      // A custom layout with loops, arrays and places built from random values.
      return "layout custom c { prepare { var h = [0, \(e(&g)), 0]; "
        + "for i in 0..<\(e(&g)) { let c = i % 3; "
        + "place item [0, i] at rect(c * 10, h[c], 10, \(e(&g))) { alpha \(e(&g)) }; "
        + "h[c] = h[c] + \(e(&g)) }; content size = \(e(&g)) x max(h) } }"
    case 30:
      return "layout custom d { prepare { if \(e(&g)) { place header [\(e(&g))] at "
        + "rect(0, 0, \(e(&g)), 10) } else { content size = \(e(&g)) x \(e(&g)) } }; "
        + "invalidate on bounds change when \(e(&g)) }"
    case 31:
      // Named layouts, switched with and without animation, with a delegate target.
      let n = Int.random(in: 0...2, using: &g)
      return [
        "layout flow l\(n) { item size \(e(&g)) x \(e(&g)) }",
        "layout grid l\(n) { item size \(e(&g)) x \(e(&g)) }",
        "switch layout l\(n) over \(e(&g)) frames", "switch layout l\(n)",
        "on layout change { target = (0, \(e(&g))) }",
      ].randomElement(using: &g)!
    case 32:
      // A custom layout with its own query: a while over the cache, answers by index.
      return "layout custom q { prepare { for i in 0..<\(e(&g)) { place item [0, i] at "
        + "rect(0, i * \(e(&g)), 10, 10) }; content size = 10 x \(e(&g)) }; elements in rect { "
        + "var i = \(e(&g)); while i < cached.count and intersects(rect, rect) { "
        + "answer cached[i]; i = i + 1 } } }; print elements(in: rect(0, 0, \(e(&g)), 10))"
    case 33:
      // A compositional layout with random sizes, counts, spacing, insets and boundary items.
      let dimension = { (g: inout SeededGenerator) in
        ["\(e(&g))", "\(e(&g)) fraction", "estimated \(e(&g))", "\(e(&g)) fraction of width"]
          .randomElement(using: &g)!
      }
      let axis = ["horizontal", "vertical"].randomElement(using: &g)!
      let count = Bool.random(using: &g) ? " count \(e(&g))" : ""
      return "layout compositional { section spacing \(e(&g)); section { group \(axis) "
        + "width \(dimension(&g)) height \(dimension(&g))\(count) { item width \(dimension(&g)) "
        + "height \(dimension(&g)) { insets \(e(&g)); supplementary \"b\" width \(e(&g)) height 9 "
        + "at top trailing offset \(e(&g)), 0 fraction }; spacing flexible \(e(&g)) }; "
        + "group spacing \(e(&g)); insets \(e(&g)); header width 1 fraction height \(dimension(&g)) "
        + "pinned; background \"bg\" insets \(e(&g)) } }"
    case 34:
      // Nested groups, an orthogonal section of its own, scrolling across.
      let behavior = ["continuous", "paging", "group paging centered", "none"].randomElement(
        using: &g)!
      return
        "layout compositional { scroll \(["vertical", "horizontal"].randomElement(using: &g)!); "
        + "section { group vertical width \(e(&g)) fraction height \(e(&g)) { group horizontal "
        + "width 1 fraction height \(e(&g)) count \(e(&g)) { item width 1 fraction height 1 "
        + "fraction }; item width 1 fraction height \(e(&g)) } }; section \(e(&g)) { group "
        + "horizontal width \(e(&g)) fraction height 100 { item width \(e(&g)) height 1 fraction };"
        + " orthogonal scrolling \(behavior); footer width 1 fraction height 20 overlapping } }"
    case 35:
      // An orthogonal section's own scroller, on whatever layout is in place.
      return [
        "fling section \(e(&g)) x \(e(&g))", "fling section \(e(&g)) y \(e(&g))",
        "scroll section \(e(&g)) to x \(e(&g))", "print orthogonalOffset(\(e(&g)))",
        "drag section \(e(&g)) by x \(e(&g)) over \(e(&g)) frames", "release section \(e(&g))",
        "release section \(e(&g)) velocity x \(e(&g))", "drag section \(e(&g)) by y \(e(&g))",
      ].randomElement(using: &g)!
    case 36:
      // An adaptive section: what it computes from `environment`, at whatever width.
      let op = ["+", "-", "*", "/"].randomElement(using: &g)!
      return "layout compositional { section { group horizontal width 1 fraction height "
        + "environment.width \(op) \(e(&g)) count (environment.width > \(e(&g)) ? \(e(&g)) : "
        + "\(e(&g))) { item width \(e(&g)) fraction height 1 fraction }; insets environment.height "
        + "\(op) \(e(&g)) } }"
    case 37:
      // Self-sizing compositional cells: estimated items and groups, and the sizes the
      // cells report (any value), on whatever data is in place.
      return "layout compositional { section { group horizontal width 1 fraction height "
        + "estimated \(e(&g)) { item width estimated \(e(&g)) height estimated \(e(&g)); spacing "
        + "\(e(&g)) }; group spacing \(e(&g)) } }; section items \(e(&g)) { item 0...\(e(&g)) "
        + "preferred \(e(&g)) x \(e(&g)); item \(e(&g)) text \"a long tag\" }"
    case 38:
      // A visible-items handler reading its names, in a section that may scroll sideways.
      let behavior = ["continuous", "group paging centered", "none"].randomElement(using: &g)!
      return "layout compositional { section { group horizontal width \(e(&g)) fraction height "
        + "\(e(&g)) { item width 1 fraction height 1 fraction }; orthogonal scrolling \(behavior); "
        + "header width 1 fraction height \(e(&g)); on visible items { scale \(e(&g)) * "
        + "abs(center.x - offset.x - environment.width / \(e(&g))); alpha kind == \"cell\" ? "
        + "\(e(&g)) : 1; z item % \(e(&g)); hidden frame.minX > \(e(&g)) } } }"
    case 39:
      // A custom group's item provider: a loop of frames from the group's size, nested in a
      // horizontal group or alone, a zIndex, insets beside the code.
      let custom =
        "group custom width \(e(&g)) fraction height \(e(&g)) { insets \(e(&g)); "
        + "var x = \(e(&g)); for k in 0..<\(e(&g)) { place item at rect(x, k * \(e(&g)), "
        + "environment.width / \(e(&g)), environment.height - \(e(&g))) { z k % \(e(&g)) }; "
        + "x = x + \(e(&g)) }; while x > \(e(&g)) { x = x - \(e(&g)) } }"
      return "layout compositional { section { "
        + (Bool.random(using: &g)
          ? custom
          : "group horizontal width 1 fraction height \(e(&g)) { \(custom); "
            + "item width \(e(&g)) fraction height 1 fraction }")
        + "; orthogonal scrolling \(["none", "continuous"].randomElement(using: &g)!) } }"
    default:
      return ["reload", "invalidate", "trace on", "trace off", "show content size"].randomElement(
        using: &g)!
    }
  }

  static func expression(_ g: inout SeededGenerator, depth: Int) -> String {
    if depth > 3 || Int.random(in: 0..<3, using: &g) == 0 {
      return [
        numbers.randomElement(using: &g)!, "offset.y", "bounds.width", "content.height",
        "viewport.width", "sections", "visible", "v0", "v1", "true", "item [0, 0].frame.maxY",
        "header [0].frame.y", "items(in: 0)", "(1, 2)", "[0, 1]", "\"s\"", "item",
      ].randomElement(using: &g)!
    }
    let a = expression(&g, depth: depth + 1)
    let b = expression(&g, depth: depth + 1)
    switch Int.random(in: 0..<8, using: &g) {
    case 0: return "(\(a) + \(b))"
    case 1: return "(\(a) * \(b))"
    case 2: return "(\(a) / \(b))"
    case 3: return "(\(a) % \(b))"
    case 4: return "(\(a) == \(b) ? \(a) : \(b))"
    case 5: return "min(\(a), \(b))"
    case 6: return "-\(a)"
    default: return "(\(a) - \(b))"
    }
  }
}
