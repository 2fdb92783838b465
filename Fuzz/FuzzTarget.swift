// The libFuzzer entry point of `make fuzz`. Fuzz/build compiles it with
// Tests/GridlineLanguageTests/ScriptExercise.swift (what is done with each input, shared
// with the fuzz regression tests) outside Package.swift: a product without `main` would
// break the package's ordinary builds. A trap, a sanitizer report, a timeout, a memory
// blow-up or a malformed diagnostic is a finding.
import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// The limits of every run. `Limits.small` (the Robustness suite's) by default: the same
/// checks with smaller numbers, so every run ends in milliseconds and a slow input is a
/// real finding, not a script the real limits allow to run for seconds.
/// `GRIDLINE_FUZZ_LIMITS=cli` fuzzes with the limits `gl` users get.
let fuzzLimits: Limits = {
  guard let chosen = getenv("GRIDLINE_FUZZ_LIMITS"), String(cString: chosen) == "cli" else {
    return .small
  }
  return Limits()
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  // As `gl` reads a file: invalid UTF-8 becomes U+FFFD.
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let problems = ScriptExercise.run(text, limits: fuzzLimits)
  precondition(problems.isEmpty, problems.joined(separator: "\n"))
  return 0
}

/// With GRIDLINE_FUZZ_DICTIONARY=PATH, writes libFuzzer's dictionary of the language's
/// words (from `Lexicon`, so it follows the vocabulary) and punctuation to PATH and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
  guard let path = getenv("GRIDLINE_FUZZ_DICTIONARY") else { return 0 }
  // Besides the words, pieces of the bad-input catalogue's classes: escapes that put a
  // control character in a string (paths included), paths that lead elsewhere, and what
  // would end a line or a literal in exported Swift (a CR or a line separator in a
  // comment, a bidirectional override, U+FFFE).
  let attacks = [
    "\\u{0}", "\\u{1B}", "\\u{85}", "\\n", "\\t", "/dev/zero", "../", "//", "\r", "\u{2028}",
    "\u{202E}", "\\u{2029}", "\\u{FFFE}", "*/", "\"\"\"",
  ]
  let entries = Set(
    Lexicon.words + Lexicon.phrases + Symbol.allCases.map(\.rawValue) + attacks)
  let lines = entries.sorted().map { entry in
    // libFuzzer reads a dictionary line by line: bytes outside printable ASCII as \xNN.
    let escaped = entry.unicodeScalars.map { scalar in
      if scalar == "\"" || scalar == "\\" { return "\\" + String(scalar) }
      if (0x20..<0x7F).contains(scalar.value) { return String(scalar) }
      return String(scalar).utf8.map { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }.joined()
    }
    return "\"" + escaped.joined() + "\""
  }
  guard let stream = fopen(String(cString: path), "w"),
    fputs(lines.joined(separator: "\n") + "\n", stream) >= 0, fclose(stream) == 0
  else {
    fputs("gridline-fuzz: cannot write the dictionary\n", stderr)
    exit(1)
  }
  exit(0)
}
