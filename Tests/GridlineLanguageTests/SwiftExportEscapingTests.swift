import Foundation
import GridlineLanguage
import Testing

/// Issue 36: whatever a script's strings and comments hold, the exported Swift is the
/// code the export meant — no string ends early, no comment runs on as code — and
/// `swiftc -parse` reads it.
@Suite("Export: strings and comments from the script, escaped for Swift")
struct SwiftExportEscapingTests {
  /// A layout-code comment with a lone CR, one with a line separator, each before text
  /// that would be code.
  static let custom =
    "viewport 375 x 667\nsection items 5\n"
    + "layout custom rows {\n  prepare {\n"
    + "    # ends here\r}; injectedCode(\"escaped\") //\n"
    + "    for i in 0..<items(in: 0) {\n"
    + "      place item [0, i] at rect(0, i * 45, viewport.width, 44)  # a row\u{2028}injectedCode()\n"
    + "    }\n"
    + "    content size = viewport.width x 300\n  }\n}\n"

  /// A decoration kind with quotes, a backslash, controls, a line separator and a
  /// bidirectional override.
  static let flow =
    "viewport 375 x 667\nsection items 5\n"
    + "decoration \"a\\\"b\\\\c\\td\\u{1B}e\\u{2028}f\\u{202E}g\" for each section {\n"
    + "  frame = section.items\n}\n"

  func exported() throws -> String {
    try [Self.custom, Self.flow].map { text in
      let file = SourceFile(name: "hostile.gl", text: text)
      let (program, diagnostics) = Parser.parse(file)
      #expect(diagnostics.isEmpty, "\(diagnostics)")
      return try SwiftExport.swift(program, file: file, version: "test").source
    }.joined(separator: "\n// next file\n")
  }

  @Test("no line break or hidden character from the script reaches a comment or a literal")
  func escaped() throws {
    let source = try exported()
    #expect(
      !source.unicodeScalars.contains { ["\r", "\u{2028}", "\u{2029}", "\u{85}"].contains($0) })
    #expect(!source.unicodeScalars.contains { $0.properties.generalCategory == .format })
    // Each `injectedCode` the script wrote stays on a comment line.
    let lines = source.split(separator: "\n").filter { $0.contains("injectedCode") }
    #expect(lines.count == 2, "\(source)")
    for line in lines {
      let code = line.components(separatedBy: "//").first ?? ""
      #expect(!code.contains("injectedCode"), "runs as code: \(line)")
    }
    #expect(source.contains(#""a\"b\\c\td\u{1B}e\u{2028}f\u{202E}g""#), "\(source)")
  }

  @Test("swiftc -parse reads the export", .enabled(if: Self.swiftc != nil))
  func parses() throws {
    let path = NSTemporaryDirectory() + "gl-export-\(UInt64.random(in: 0...UInt64.max)).swift"
    // Each export on its own: two files would declare the same classes.
    try exported().components(separatedBy: "\n// next file\n")[0].write(
      toFile: path, atomically: true, encoding: .utf8)
    let second = path.replacing(".swift", with: "-2.swift")
    try exported().components(separatedBy: "\n// next file\n")[1].write(
      toFile: second, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: second) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.swiftc!)
    process.arguments = ["-parse", path, second]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(said)")
  }

  /// The toolchain's swiftc (beside this process's, or on PATH).
  static let swiftc: String? = {
    let candidates =
      ["/opt/swift/usr/bin/swiftc"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
        $0 + "/swiftc"
      }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
}
