import GridlineLanguage
import GridlineRender
import GridlineServe

/// `gl serve`'s frame: what one wheel step of the page costs the server — the scroll as
/// the session runs it (a statement, a layout pass, the trace), the displayed elements
/// gathered, and the state message the page draws, rendered as the JSON sent. The
/// socket and the page's drawing are the browser test's to report.
@MainActor func serveCases() {
  run("serve.frame.1M") {
    let session = PlaygroundSession(path: "bench.gl", limits: Limits(), writeFile: nil)
    let script =
      "viewport 390 x 844\nlayout flow {\n  item size 120 x 120\n}\nsection items 1000000\n"
    let started = session.answer(
      #"{"type":"run","text":\#(JSON.string(script).rendered)}"#)
    guard started.hasPrefix(#"{"type":"state""#) else { fail("serve.frame.1M: the run failed") }
    var y = 0
    var bytes = 0
    var r = measure("", samples: 200 * scale) {
      y += 240  // a wheel notch, moving on through the content as a person scrolls it
      let reply = session.answer(#"{"type":"scroll","x":0,"y":\#(y)}"#)
      bytes = reply.utf8.count
      sink &+= bytes
    }
    r.note = "a scroll message to its state reply, \(bytes / 1024) KiB (target ≤ 1 ms)"
    return r
  }
}
