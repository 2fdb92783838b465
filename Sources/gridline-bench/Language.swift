import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 10,000-line script of every kind of statement, for `lang.parse.10k`.
func tenThousandLines() -> String { scriptLines(10_000) }

/// `count` lines of a script that parses and checks, of every common kind of statement.
func scriptLines(_ count: Int) -> String {
  var lines: [String] = ["viewport 375 x 667", "let w = (viewport.width - 30) / 2"]
  var i = 0
  while lines.count < count {
    switch i % 10 {
    case 0: lines.append("layout flow { item size w x \(44 + i % 50); line spacing \(i % 12) }")
    case 1: lines.append("section \"S\(i)\" items \((i + 1) % 40 + 1) {")
    case 2: lines.append("  item 0...\(i % 40) size (40 + item % 7 * 20) x 44")
    case 3: lines.append("}")
    case 4: lines.append("scroll to y \(i * 3) over 2 frames  # a comment")
    case 5: lines.append("expect item [0, 0].frame.maxY <= content.height and offset.y >= -\(i)")
    case 6: lines.append("print clamp(offset.y / 2 + \(i), 0, max(content.height, 1))")
    case 7: lines.append("content inset (top: \(i % 64), left: 0, bottom: 34, right: 0)")
    case 8: lines.append("hit (\(i % 375), \(i))")
    default: lines.append("show visible")
    }
    i += 1
  }
  return lines.joined(separator: "\n")
}

/// The wall time of one `gl run FILE` process, stdout to /dev/null; nil if it cannot run
/// or exits with another status than `exit`.
func timeProcess(
  _ executable: String, _ arguments: [String], stdin: String? = nil, exit: Int32 = 0
) -> Double? {
  var pid: pid_t = 0
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if let stdin { posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for p in argv { free(p) } }
  let clock = ContinuousClock()
  let start = clock.now
  guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  let elapsed = clock.now - start
  // Exited (no signal) with the status wanted.
  guard status & 0x7F == 0, (status >> 8) & 0xFF == exit else { return nil }
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// `gl` beside this executable (both are products of the same build).
func glPath() -> String {
  let me = CommandLine.arguments[0]
  guard let slash = me.lastIndex(of: "/") else { return "gl" }
  return String(me[..<slash]) + "/gl"
}

/// examples/waterfall.gl's layout over `items` items, for `custom.prepare.1M`: declaring it
/// lays the collection view out, so a run is one `prepare()` through the interpreter.
func waterfallScript(items: Int) -> Program {
  let text = """
    viewport 375 x 667
    section items \(items)
    layout custom waterfall {
      let columns = 2
      let gap = 10
      prepare {
        let width = (viewport.width - (columns - 1) * gap) / columns
        var heights = repeating(0, count: columns)
        for i in 0..<items(in: 0) {
          let c = index(of: min(heights), in: heights)
          let h = 100 + (i % 5) * 30
          place item [0, i] at rect(c * (width + gap), heights[c], width, h)
          heights[c] = heights[c] + h + gap
        }
        content size = viewport.width x (max(heights) - gap)
      }
    }
    expect visible > 0
    """
  return Parser.parse(SourceFile(name: "waterfall.gl", text: text)).program
}

/// A `prepare` of `count` `var`s, each read by the next, for `custom.prepare.100k-vars`:
/// the compiler's constants and the export's mutability scan were once quadratic in them
/// (issue 36). The file and its program, as `gl run` and `gl export` read them.
func manyVarsScript(_ count: Int) -> (SourceFile, Program) {
  var lines = ["viewport 375 x 667", "section items 1", "layout custom many {", "  prepare {"]
  lines.append("    var v0 = 1")
  for i in 1..<count { lines.append("    var v\(i) = v\(i - 1) + \(i % 7)") }
  lines += [
    "    place item [0, 0] at rect(0, 0, 10, 10 + v\(count - 1) % 10)",
    "    content size = 375 x 667", "  }", "}", "expect visible == 1",
  ]
  let file = SourceFile(name: "many.gl", text: lines.joined(separator: "\n") + "\n")
  return (file, Parser.parse(file).program)
}
