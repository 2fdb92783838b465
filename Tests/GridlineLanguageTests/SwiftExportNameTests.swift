import Foundation
import GridlineTestSupport
import Testing

@testable import GridlineLanguage

/// The exported Swift's names for the script's: two script names never become one, and
/// none becomes a name the generated code declares or reads — a `var rect` in `prepare`
/// would shadow the export's `rect` and the code would mean something else or not compile
/// (issue 36).
@Suite("Export: the script's names stay apart from each other and from the export's")
struct SwiftExportNameTests {
  /// Every example and export case (`.ci/export-cases`: triggers, flags, adaptive
  /// sections) that exports, with its Swift; and one script of every kind of generated
  /// local (`scripts`).
  static let exported: [(name: String, script: String, swift: String)] = {
    var files: [(String, String)] = []
    for folder in ["examples", ".ci/export-cases"] {
      let url = repositoryRoot.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for name in names.filter({ $0.hasSuffix(".gl") }).sorted() {
        if let text = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) {
          files.append((name, text))
        }
      }
    }
    return (files + scripts).compactMap { name, text in
      let file = SourceFile(name: name, text: text)
      let (program, diagnostics) = Parser.parse(file)
      guard diagnostics.isEmpty,
        let swift = try? SwiftExport.swift(program, file: file, version: "test").source
      else { return nil }
      return (name, text, swift)
    }
  }()

  /// Scripts whose exports make the locals the examples do not: two scales a live
  /// transform reads.
  static let scripts: [(String, String)] = [
    (
      "scales.gl",
      """
      viewport 375 x 667
      layout flow { item size 100 x 100 }
      section items 20
      transform items { scale 1 + offset.y / 1000; scale 1 - offset.y / 2000 }
      """
    )
  ]

  /// The identifiers Swift code refers to by themselves: outside strings and comments, not
  /// a member after `.`, not an argument label before `:`.
  static func freeIdentifiers(_ swift: String) -> Set<String> {
    var found = Set<String>()
    for line in scriptScopes(swift) {
      var code = Array(line)
      // Strings and the comment at the end go: their words name nothing.
      var inString = false
      var i = 0
      var kept: [Character] = []
      while i < code.count {
        let c = code[i]
        if inString {
          if c == "\\" {
            i += 2
            continue
          }
          if c == "\"" { inString = false }
          kept.append(" ")
        } else if c == "\"" {
          inString = true
          kept.append(" ")
        } else if c == "/" && i + 1 < code.count && code[i + 1] == "/" {
          break
        } else {
          kept.append(c)
        }
        i += 1
      }
      code = kept
      var j = 0
      while j < code.count {
        // A number's letters (`1e-9`, `0x1F`) are no names.
        if code[j].isNumber {
          while j < code.count && (code[j].isLetter || code[j].isNumber || code[j] == "_") {
            j += 1
          }
          continue
        }
        guard code[j].isLetter || code[j] == "_" else {
          j += 1
          continue
        }
        let start = j
        while j < code.count && (code[j].isLetter || code[j].isNumber || code[j] == "_") {
          j += 1
        }
        let word = String(code[start..<j])
        var before = start - 1
        while before >= 0 && code[before] == " " { before -= 1 }
        var after = j
        while after < code.count && code[after] == " " { after += 1 }
        let member = before >= 0 && code[before] == "."
        var label = after < code.count && code[after] == ":" && (before < 0 || code[before] != "?")
        // `isLess(than other: CGFloat)`: an argument label before its parameter's name.
        if after < code.count && (code[after].isLetter || code[after] == "_") {
          var k = after
          while k < code.count && (code[k].isLetter || code[k].isNumber || code[k] == "_") {
            k += 1
          }
          while k < code.count && code[k] == " " { k += 1 }
          if k < code.count && code[k] == ":" { label = true }
        }
        if !member && !label && !(start > 0 && code[start - 1] == "`") { found.insert(word) }
      }
    }
    return found
  }

  /// The lines where a script's names can be in scope: not a file-level helper function
  /// (`private func sine(degrees:…)` after the type, which reads only its parameters) nor
  /// the body of a method whose parameters are its only inputs (`placeItem`); a method's
  /// parameter names are left out with it.
  static func scriptScopes(_ swift: String) -> [Substring] {
    var kept: [Substring] = []
    var skippingUntil: String?
    for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
      if let end = skippingUntil {
        if line == end { skippingUntil = nil }
        continue
      }
      let trimmed = line.drop { $0 == " " }
      let indent = String(line.prefix(line.count - trimmed.count))
      let helper =
        trimmed.hasPrefix("private func ") || trimmed.hasPrefix("fileprivate func ")
      if helper && !trimmed.contains("{ ") && trimmed.hasSuffix("{") {
        skippingUntil = indent + "}"
        continue
      }
      kept.append(line)
    }
    return kept
  }

  /// The names a script declares: its `let`s and `var`s, loop names, flags.
  static func declared(_ script: String) -> Set<String> {
    var names = Set<String>()
    let words = script.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
    for (i, word) in words.enumerated() where i + 1 < words.count {
      if ["let", "var", "for", "flag", "sets", "when"].contains(word) {
        names.insert(String(words[i + 1]))
      }
    }
    return names
  }

  @Test("no name the generated code uses is what a script's name of that spelling becomes")
  func noCollisions() {
    #expect(Self.exported.count >= 50, "examples that export: \(Self.exported.map(\.name))")
    for name in Self.scripts.map(\.0) + ["flow-triggers.gl", "ring.gl", "comp-adaptive-wide.gl"] {
      #expect(Self.exported.contains { $0.name == name }, "\(name) did not export")
    }
    for (name, script, swift) in Self.exported {
      let used = Self.freeIdentifiers(swift)
      let own = Self.declared(script)
      for word in used where !own.contains(word) && !SwiftNames.keywords.contains(word) {
        #expect(
          !used.contains(SwiftNames.variable(word)),
          "\(name): a script name '\(word)' would be '\(SwiftNames.variable(word))', which the export uses"
        )
      }
    }
  }

  @Test("a compositional export's locals keep clear of the script's lets it declares")
  func compositionalLocals() throws {
    // A supplementary of kind "star" would be `star`, `starSize`, `starAnchor`: with the
    // script's `starSize` declared (the handler reads it), it is `star2`.
    let file = SourceFile(
      name: "lets.gl",
      text: """
        viewport 390 x 844
        let starSize = 0.3
        layout compositional {
          section {
            group horizontal width 0.7 fraction height 300 {
              item width 1 fraction height 1 fraction {
                supplementary "star" width 20 height 20 at top trailing
              }
            }
            orthogonal scrolling group paging centered
            on visible items { scale 1 - starSize }
          }
        }
        section items 8
        """)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    let swift = try SwiftExport.swift(program, file: file, version: "test").source
    #expect(swift.contains("private let starSize"), "\(swift)")
    #expect(!swift.contains("let starSize ="), "\(swift)")
    #expect(swift.contains("let star2Size ="), "\(swift)")
  }

  @Test("the renaming is one-to-one and keeps clear of the generated names")
  func oneToOne() {
    // The old scheme made `rect` `rectValue`, which a script's own `rectValue` also was.
    let names =
      Array(SwiftNames.taken) + SwiftNames.taken.map { $0 + "_" }
      + SwiftNames.taken.map { $0 + "Value" } + SwiftNames.taken.map { $0 + "__" }
      + ["a", "a_", "a__", "width", "width_", "x1", "_", "__", "class", "class_"]
    let renamed = names.map(SwiftNames.variable)
    #expect(Set(renamed).count == Set(names).count, "\(renamed)")
    #expect(Set(renamed).isDisjoint(with: SwiftNames.taken))
    #expect(SwiftNames.variable("rect") == "rect_")
    #expect(SwiftNames.variable("rectValue") == "rectValue")
    #expect(SwiftNames.variable("gap") == "gap")
    #expect(SwiftNames.variable("class") == "`class`")
  }

  @Test("a script's var named like the export's helper is exported under its own name")
  func shadowingHelper() throws {
    let file = SourceFile(
      name: "names.gl",
      text: """
        viewport 375 x 667
        section items 2
        layout custom names {
          prepare {
            var rect = 10
            var rectValue = 20
            place item [0, 0] at rect(0, 0, rect, rectValue)
            place item [0, 1] at rect(0, 30, rectValue, rect)
            content size = 375 x 60
          }
        }
        """)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty)
    let swift = try SwiftExport.swift(program, file: file, version: "test").source
    // Before, both became `rectValue`: declared twice, the Swift did not compile.
    #expect(swift.contains("let rect_ = 10"), "\(swift)")
    #expect(swift.contains("let rectValue = 20"), "\(swift)")
  }
}
