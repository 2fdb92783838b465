import Foundation

/// One class of bad input from the catalogue (`BadInput/NAME.case`): how to run `gl`, the
/// script to give it, and exactly what it must answer. The format is described in
/// `BadInput/README.md`; a case file is data, so a new class needs no Swift.
struct BadInputCase: CustomStringConvertible, Sendable {
  var name: String
  /// `gl`'s arguments, with `SCRIPT`, `OUT` and `DIR` still to be replaced.
  var arguments: [String] = []
  /// `script` (the script file), `none` (/dev/null, the default) or an absolute path.
  var standardInput = "none"
  /// `captured` (the default), `closed`, or an absolute path such as `/dev/full`.
  var standardOutput = "captured"
  var exitStatus: Int32?
  /// The script's source, before expansion.
  var script: String?
  var expectedStandardError: String?
  var expectedStandardOutput: String?

  var description: String { name }

  struct FormatError: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads a case file. Directives come first (`key: value`, a `  # …` tail is a comment),
  /// then sections (`--- script`, `--- stderr`, `--- stdout`) that run to the next one.
  init(name: String, text: String) throws(FormatError) {
    self.name = name
    var section: String?
    var body: [Substring] = []
    func close() {
      guard let section else { return }
      let text = body.isEmpty ? "" : body.joined(separator: "\n") + "\n"
      switch section {
      case "script": script = text
      case "stderr": expectedStandardError = text
      default: expectedStandardOutput = text
      }
    }
    // A trailing empty element after the file's last newline is not a line.
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if line.hasPrefix("--- ") {
        close()
        let named = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
        guard ["script", "stderr", "stdout"].contains(named) else {
          throw FormatError(description: "\(name): unknown section '\(named)'")
        }
        section = named
        body = []
      } else if section != nil {
        body.append(line)
      } else {
        try directive(line)
      }
    }
    close()
    guard exitStatus != nil else { throw FormatError(description: "\(name): no 'exit:' line") }
    guard !arguments.isEmpty else { throw FormatError(description: "\(name): no 'args:' line") }
  }

  private mutating func directive(_ line: Substring) throws(FormatError) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
    guard let colon = trimmed.firstIndex(of: ":") else {
      throw FormatError(description: "\(name): not a directive: \(line)")
    }
    let key = trimmed[..<colon]
    var value = trimmed[trimmed.index(after: colon)...]
    if let comment = value.range(of: "  #") ?? value.range(of: "\t#") {
      value = value[..<comment.lowerBound]
    }
    let words = value.split(separator: " ").map(String.init)
    switch key {
    case "args": arguments = words
    case "stdin": standardInput = words.first ?? "none"
    case "stdout": standardOutput = words.first ?? "captured"
    case "exit":
      guard let status = Int32(words.first ?? "") else {
        throw FormatError(description: "\(name): 'exit:' needs a number")
      }
      exitStatus = status
    default: throw FormatError(description: "\(name): unknown directive '\(key)'")
    }
  }

  /// The script's bytes: `⟦text⟧×N` repeats text N times, `\x{HH}` is a raw byte,
  /// `\u{H…}` a Unicode scalar, `\\` a backslash.
  static func expand(_ script: String) throws(FormatError) -> [UInt8] {
    var bytes: [UInt8] = []
    let scalars = Array(script.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if c == "⟦" {
        guard let close = scalars[i...].firstIndex(of: "⟧"), close + 1 < scalars.count,
          scalars[close + 1] == "×"
        else { throw FormatError(description: "'⟦' without '⟧×N'") }
        var end = close + 2
        while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        guard let count = Int(String(String.UnicodeScalarView(scalars[(close + 2)..<end]))),
          count <= 100_000_000
        else { throw FormatError(description: "'⟧×' needs a count up to 100,000,000") }
        let unit = try expand(String(String.UnicodeScalarView(scalars[(i + 1)..<close])))
        bytes.reserveCapacity(bytes.count + unit.count * count)
        for _ in 0..<count { bytes.append(contentsOf: unit) }
        i = end
      } else if c == "\\", i + 1 < scalars.count {
        let next = scalars[i + 1]
        if next == "\\" {
          bytes.append(UInt8(ascii: "\\"))
          i += 2
          continue
        }
        guard next == "x" || next == "u", i + 2 < scalars.count, scalars[i + 2] == "{",
          let close = scalars[i...].firstIndex(of: "}"),
          let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16)
        else {
          bytes.append(UInt8(ascii: "\\"))
          i += 1
          continue
        }
        if next == "x" {
          guard value <= 0xFF else { throw FormatError(description: "\\x{…} is one byte") }
          bytes.append(UInt8(value))
        } else {
          guard let scalar = Unicode.Scalar(value) else {
            throw FormatError(description: "\\u{\(String(value, radix: 16))} is no scalar")
          }
          bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        i = close + 1
      } else {
        bytes.append(contentsOf: Array(String(Character(c)).utf8))
        i += 1
      }
    }
    return bytes
  }

  /// Rewrites a case file with what `gl` answered (`make record`): the comments, the
  /// directives and the script stay as written; the exit line and the outputs are new.
  static func record(
    _ result: (status: Int32, standardOutput: String, standardError: String), into file: URL,
    original: String, had badCase: BadInputCase
  ) throws {
    var kept: [Substring] = []
    for line in original.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("--- ") { break }
      kept.append(line.hasPrefix("exit:") ? "exit: \(result.status)" : line)
    }
    while kept.last == "" { kept.removeLast() }
    var text = kept.joined(separator: "\n") + "\n--- script\n" + (badCase.script ?? "")
    text += "--- stderr\n" + result.standardError
    if badCase.expectedStandardOutput != nil { text += "--- stdout\n" + result.standardOutput }
    try text.write(to: file, atomically: true, encoding: .utf8)
  }
}
