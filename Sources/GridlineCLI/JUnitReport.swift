import GridlineRender

/// `gl test --junit FILE`: the results as JUnit XML, the format CI systems (GitHub
/// Actions' reporters, GitLab, Jenkins) read: one `testcase` per spec, named by its file
/// and classed by its folder, with a `failure` (an expectation or a golden file) or an
/// `error` (a script error, a runtime error) holding the reasons.
package enum JUnitReport {
  package static func xml(_ results: [SpecResult], seconds: Double) -> String {
    let failures = results.count { $0.outcome == .failed }
    let errors = results.count { $0.outcome == .error }
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
      + "time=\"\(decimal(seconds, places: 3))\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites \(counts)>\n"
    out += "  <testsuite name=\"gl test\" \(counts)>\n"
    for result in results {
      let slash = result.path.lastIndex(of: "/")
      let folder = slash.map { String(result.path[..<$0]) } ?? "."
      let name = slash.map { String(result.path[result.path.index(after: $0)...]) } ?? result.path
      out +=
        "    <testcase classname=\"\(escaped(folder))\" name=\"\(escaped(name))\" "
        + "file=\"\(escaped(result.path))\" time=\"\(decimal(result.seconds, places: 3))\""
      guard result.outcome != .passed else {
        out += "/>\n"
        continue
      }
      let element = result.outcome == .failed ? "failure" : "error"
      let message = result.details.first ?? result.outcome.rawValue
      out += ">\n      <\(element) message=\"\(escaped(message))\">"
      out += SVGElement.escape(result.details.joined(separator: "\n"), inAttribute: false)
      out += "</\(element)>\n    </testcase>\n"
    }
    return out + "  </testsuite>\n</testsuites>\n"
  }

  /// Text safe in an attribute or an element (`SVGElement.escape`: entities, and none of
  /// the characters XML 1.0 forbids, which a script's strings can hold).
  static func escaped(_ text: String) -> String {
    SVGElement.escape(text, inAttribute: true)
  }
}

/// `value` with `places` decimals, rounded (no Foundation formatting here).
func decimal(_ value: Double, places: Int) -> String {
  var scale = 1
  for _ in 0..<places { scale *= 10 }
  let whole = Int((max(0, value) * Double(scale)).rounded())
  let fraction = String(whole % scale)
  return "\(whole / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
}
