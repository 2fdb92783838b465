import GridlineRender
import LayoutEngine
import Testing

@testable import GridlineServe

/// `replay`: an animation of the whole run played again frame by frame — the script run
/// up to it, then its frames one by one, as `step` plays a stepped statement's.
@Suite struct ReplayTests {
  private let script =
    stickyScript + """
      scroll to y 120
      scroll by y 60 over 3 frames
      batch over 4 frames {
        insert items [0, 0]
      }
      scroll to y 0

      """

  /// The line of the script a statement starts on.
  private func line(_ start: String) -> Double? {
    script.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.hasPrefix(start) }.map { Double($0 + 1) }
  }

  private func replay(_ driver: SessionDriver, _ statement: Int, text: String? = nil) -> JSON {
    driver.send(
      #"{"type":"replay","id":9,"statement":\#(statement),"text":\#(JSON.string(text ?? script).rendered)}"#
    )
  }

  @Test("a run lists the statements that move over frames, with their lines")
  func aRunListsItsAnimations() throws {
    let driver = SessionDriver()
    let ran = driver.run(script)
    let animations = ran["animations"]?.array ?? []
    #expect(
      animations.map { $0["text"]?.string } == [
        "scroll by y 60 over 3 frames", "batch over 4 frames {",
      ])
    #expect(
      animations.map { $0["line"]?.number } == [line("scroll by y 60"), line("batch over")])
    // The final state is the script's end: the last scroll went back to the top.
    #expect(ran["bounds"]?.rect?.minY == 0)
  }

  @Test("replaying a scroll runs the script up to it and plays its frames; step goes on")
  func replayingAScroll() throws {
    let driver = SessionDriver()
    let animations = driver.run(script)["animations"]?.array ?? []
    let scroll = try #require(animations.first?["statement"]?.number)
    let started = replay(driver, Int(scroll))
    #expect(started["id"]?.number == 9)
    #expect(started["ran"]?.string == "scroll by y 60 over 3 frames")
    #expect(started["step"]?["line"]?.number == line("scroll by y 60"))
    #expect(started["motion"]?["frames"]?.number == 3)
    // Before its first frame, the content is where the statement before left it.
    #expect(started["bounds"]?.rect?.minY == 120)
    let (rest, frames) = driver.framesToRest()
    #expect(frames == 3)
    #expect(rest["bounds"]?.rect?.minY == 180)
    // Stepping goes on from the replayed statement: the batch is next.
    let next = driver.send(#"{"type":"step","text":\#(JSON.string(script).rendered)}"#)
    #expect(next["ran"]?.string?.hasPrefix("batch over 4 frames") == true)
    #expect(next["motion"]?["frames"]?.number == 4)
  }

  @Test("replaying a batch update shows it mid-animation, frame by frame")
  func replayingABatch() throws {
    let driver = SessionDriver()
    // At the top, where the new item shows.
    let text = stickyScript + "batch over 4 frames {\n  insert items [0, 0]\n}\nscroll to y 300\n"
    let animations = driver.run(text)["animations"]?.array ?? []
    let batch = try #require(animations.last?["statement"]?.number)
    let started = replay(driver, Int(batch), text: text)
    #expect(started["motion"]?["frames"]?.number == 4)
    let first = driver.send(#"{"type":"frame"}"#)
    // The inserted item fades in: at frame 1 of 4 it is neither absent nor whole.
    let inserted = first["elements"]?.array.first {
      $0["category"]?.string == "cell" && $0["change"]?.string == "inserted"
    }
    let alpha = try #require(inserted?["alpha"]?.number)
    #expect(alpha > 0 && alpha < 1, "\(alpha)")
    let (rest, _) = driver.framesToRest()
    #expect(rest["bounds"]?.rect?.minY == 0)
  }

  @Test("a run that stops at an error before the animation: nothing plays, a step starts over")
  func errorBeforeTheAnimation() throws {
    let driver = SessionDriver()
    let text =
      stickyScript + "scroll to item [0, items(in: 0) + 5]\nscroll by y 60 over 3 frames\n"
    let animations = driver.run(text)["animations"]?.array ?? []
    let scroll = try #require(animations.first?["statement"]?.number)
    let replayed = replay(driver, Int(scroll), text: text)
    #expect(replayed["failed"]?.bool == true, "\(replayed.rendered.prefix(600))")
    #expect(replayed["motion"] == nil)
    // The statements after the error never ran: stepping starts from the first one.
    let step = driver.send(#"{"type":"step","text":\#(JSON.string(text).rendered)}"#)
    #expect(step["step"]?["index"]?.number == 0)
  }

  @Test("a refused replay changes nothing: the motion goes on")
  func refusedReplayKeepsTheMotion() throws {
    let driver = SessionDriver()
    let animations = driver.run(script)["animations"]?.array ?? []
    let scroll = try #require(animations.first?["statement"]?.number)
    #expect(replay(driver, Int(scroll))["motion"]?["frames"]?.number == 3)
    #expect(replay(driver, 0)["code"]?.string == "not-animated")
    let frame = driver.send(#"{"type":"frame"}"#)
    #expect(frame["motion"]?["done"]?.number == 1, "\(frame.rendered.prefix(300))")
  }

  @Test("replay refuses what is not an animation, and a script with errors changes nothing")
  func refusals() {
    let driver = SessionDriver()
    driver.run(script)
    #expect(replay(driver, 0)["code"]?.string == "not-animated")
    #expect(replay(driver, 99)["code"]?.string == "not-animated")
    #expect(replay(driver, -1)["code"]?.string == "not-animated")
    #expect(
      driver.send(#"{"type":"replay","text":"viewport 10 x 10"}"#)["code"]?.string
        == "missing-field")
    #expect(replay(driver, 0, text: "layout flow {")["type"]?.string == "problems")
  }
}
