import LayoutEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One benchmark's samples: each sample is the time of one operation, in nanoseconds.
struct Result {
  var name: String
  var samples: [Double]
  var note: String = ""
  /// A case that measures something other than time prints this instead of durations.
  var customLine: String?

  var sorted: [Double] { samples.sorted() }
  var median: Double {
    let s = sorted
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }
}

/// Times `body` `samples` times; `body` runs `batch` operations and the sample is the mean
/// time per operation of that batch (so sub-microsecond operations are measurable).
func measure(_ name: String, samples: Int, batch: Int = 1, _ body: () -> Void) -> Result {
  var times: [Double] = []
  times.reserveCapacity(samples)
  body()  // warm-up: caches, page faults, lazy allocations
  let clock = ContinuousClock()
  for _ in 0..<samples {
    let start = clock.now
    body()
    let elapsed = clock.now - start
    let ns =
      Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    times.append(ns / Double(batch))
  }
  return Result(name: name, samples: times)
}

/// `123 ns`, `4.56 µs`, `7.89 ms`, `1.23 s`.
func formatDuration(_ ns: Double) -> String {
  func fixed(_ v: Double) -> String { formatNumber(v, .fixedDecimals(2)) }
  if ns < 1_000 { return "\(fixed(ns)) ns" }
  if ns < 1_000_000 { return "\(fixed(ns / 1_000)) µs" }
  if ns < 1_000_000_000 { return "\(fixed(ns / 1_000_000)) ms" }
  return "\(fixed(ns / 1_000_000_000)) s"
}

func line(_ r: Result) -> String {
  if let custom = r.customLine { return "\(r.name): \(custom)" }
  var s =
    "\(r.name): median \(formatDuration(r.median)) (min \(formatDuration(r.minimum)), "
    + "max \(formatDuration(r.maximum))), n=\(r.samples.count)"
  if !r.note.isEmpty { s += "  [\(r.note)]" }
  return s
}

func json(_ r: Result) -> String {
  if let custom = r.customLine { return "{\"name\":\"\(r.name)\",\"value\":\"\(custom)\"}" }
  var s =
    "{\"name\":\"\(r.name)\",\"medianNs\":\(r.median),\"minNs\":\(r.minimum),"
    + "\"maxNs\":\(r.maximum),\"n\":\(r.samples.count)"
  if !r.note.isEmpty { s += ",\"note\":\"\(r.note)\"" }
  return s + "}"
}

/// Resident set size of this process in bytes, from /proc (0 where unavailable).
func residentBytes() -> Int {
  #if os(Linux)
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
    guard n > 0 else { return 0 }
    let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return 0
  #endif
}

/// SplitMix64: reproducible inputs.
struct Random {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func double(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53)
      * (range.upperBound - range.lowerBound)
  }
}

/// Stops the run: a case did not do the work its name says (a wrong answer, an error
/// where none was expected), so its time would mean nothing.
func fail(_ message: String) -> Never {
  let text = Array("gridline-bench: \(message)\n".utf8)
  _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}

/// "ratio 1.23× to NAME (target ≤ N×)", or why there is none.
@MainActor func ratioNote(_ r: Result, to name: String, target: Double) -> String {
  guard let base = results.first(where: { $0.name == name }), base.median > 0 else {
    return "no ratio: run \(name) in the same run (target ≤ \(formatNumber(target))× it)"
  }
  let ratio = formatNumber(r.median / base.median, .fixedDecimals(2))
  return "ratio \(ratio)× to \(name) (target ≤ \(formatNumber(target))×)"
}
