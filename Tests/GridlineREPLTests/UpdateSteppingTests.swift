import GridlineCLI
import GridlineREPL
import Testing

/// `:step batch … over N frames { … }` and `:step insert … over N frames`: the update's
/// animation one frame per `:step`, like a stepped scroll.
@Suite("REPL: stepping an update")
struct UpdateSteppingTests {
  static let setup = [
    "viewport 100 x 400", "layout flow { item size 100 x 40; line spacing 10 }",
    "section items 6",
  ]
  static let batch = ":step batch over 3 frames { insert items [0, 0]; delete items [0, 3] }"

  @Test(":step batch runs the first frame; :step, :next and :continue the rest")
  func frames() {
    let r = repl(Self.setup + [Self.batch, ":step", ":continue", ":step", "print items(in: 0)"])
    #expect(r.out.contains("stepping 3 frames: :step for the next, :next N, :continue"))
    #expect(r.out.contains("frame 1/3: update at 33%, 6 visible items; + [0, 0]; − [0, 3]"))
    #expect(r.out.contains("frame 2/3: update at 67%"))
    #expect(r.out.contains("frame 3/3: update at 100%, 6 visible items; + [0, 0]; − [0, 3] (done)"))
    #expect(r.out.contains("error: nothing to step; start with ':step scroll by y 300"))
    #expect(r.out.hasSuffix("6"))
  }

  @Test("draw between frames shows the animation with its marks; after the last, the update's")
  func drawing() {
    let r = repl(Self.setup + [Self.batch, "draw", ":continue", "draw", "scroll by y 0", "draw"])
    let drawings = Array(r.out.components(separatedBy: "draw viewport").dropFirst())
    #expect(drawings.count == 3)
    #expect(
      drawings[0].contains("update at 33%: + inserted 0.0; × deleted (dotted where it was) 0.3"))
    #expect(drawings[0].contains("┌0.0+"))
    #expect(drawings[1].contains("\nupdate: + inserted 0.0; × deleted"))
    #expect(!drawings[2].contains("update") && !drawings[2].contains("0.0+"))
  }

  @Test(":step insert … over N frames with :trace on shows each frame's callbacks")
  func trace() {
    let r = repl(
      Self.setup + [
        "show visible", ":trace on", ":step insert items [0, 0] over 2 frames", ":step",
        ":trace off", ":next", ":continue", ":trace on",
        ":step move item [0, 5] to [0, 0] over 2 frames",
        ":continue",
      ])
    #expect(r.out.contains("frame 1/2: update at 50%"))
    #expect(r.out.contains("callbacks, :step shows each"))
    #expect(r.out.contains("  performBatchUpdates(_:completion:)"))
    #expect(r.out.contains("  — frame 2/2"))
    #expect(r.out.contains("  completion(finished: true)"))
    #expect(r.out.contains("→ [0, 5] to [0, 0]"))
  }

  @Test("an invalid batch leaves the session as it was: no stepping, the same data and state")
  func invalid() {
    let before = repl(Self.setup + ["show visible", ":state"])
    let r = repl(
      Self.setup + [
        "show visible",
        ":step batch over 2 frames { insert items [0, 0]; data { section 0 items 12 } }",
        ":step", ":state",
      ], keepGoing: true)
    #expect(r.out.contains("NSInternalInconsistencyException: Invalid update"))
    #expect(r.out.contains("error: nothing to step"))
    #expect(!r.out.contains("stepping 2 frames"))
    let state = { (out: String) in out.components(separatedBy: "viewport 100 x 400, ").last ?? "" }
    #expect(state(r.out) == state(before.out))
  }

  @Test("a :step batch block goes on over several lines, as one history entry")
  func multiLine() {
    let r = repl(
      Self.setup + [
        ":step batch over 2 frames {", "  insert items [0, 0]", "  delete items [0, 5]", "}",
        ":continue",
      ])
    #expect(r.out.contains("frame 1/2: update at 50%, 6 visible items; + [0, 0]; − [0, 5]"))
    #expect(r.out.contains("(done)"))
    #expect(
      r.session.history.contains(
        ":step batch over 2 frames { insert items [0, 0]; delete items [0, 5] }"))
    #expect(!r.session.history.contains(":step batch over 2 frames {"))
    #expect(r.session.pending.isEmpty)
  }

  @Test("an entry that acts abandons a stepped update; its animation ends unfinished")
  func abandoned() {
    let step = ":step insert items [0, 0] over 3 frames"
    let r = repl(Self.setup + [step, ":continue", step, "scroll by y 1", "draw", ":step"])
    #expect(r.out.contains("stepping abandoned after frame 1 of 3"))
    let drawing = r.out.components(separatedBy: "draw viewport").last ?? ""
    #expect(!drawing.contains("update"), "no animation in flight after the scroll, no marks")
    #expect(r.out.contains("error: nothing to step"))
  }

  @Test(":help tells how to step an update")
  func help() {
    let r = repl([":help"])
    #expect(r.out.contains(":step insert items [0, 0] over 6 frames"))
    #expect(r.out.contains(":step batch over 10 frames {"))
  }
}

/// `:step fling y 0.3`: the lift, then the deceleration one frame per `:step` (SV-7).
@Suite("REPL: stepping a fling")
struct FlingSteppingTests {
  @Test(":step fling shows offset and velocity per frame and ends where the fling rests")
  func fling() {
    let setup = [
      "viewport 375 x 600", "layout flow { item size 375 x 100; line spacing 0 }",
      "section items 100",
    ]
    let r = repl(setup + [":step fling y 0.3", ":step", ":continue", "print offset.y > 149"])
    #expect(r.out.contains("stepping 171 frames: :step for the next, :next N, :continue"))
    #expect(r.out.contains("frame 1/171: offset (0, 4.917503315343498), velocity (0, 0.29) pt/ms"))
    #expect(r.out.contains("frames 3–171 of 171: offset"))
    #expect(r.out.contains("velocity (0, 0) pt/ms"))
    #expect(r.out.hasSuffix("true"))
  }

  @Test(":step of a fling that moves nothing says so, and the session goes on")
  func flingAtRest() {
    let r = repl(["section items 3", ":step fling y 2.4", "print 5"])
    #expect(r.out.contains("nothing to step: the statement moves nothing from here"))
    #expect(r.out.hasSuffix("5"))
  }

  @Test("Ctrl-C during :continue stops the fling where it is, as a finger would")
  func interrupt() {
    let setup = [
      "viewport 375 x 600", "layout flow { item size 375 x 100; line spacing 0 }",
      "section items 100",
    ]
    let r = repl(
      setup + [":step fling y 2", ":continue", "print offset.y < 900", ":step", "print offset"]
    ) { _, reader in reader.interruptAfterPolls = 5 }
    #expect(r.out.contains("as a finger would stop it"))
    #expect(r.out.contains("true"), "the content stops short of the fling's rest (~999)")
    #expect(r.out.contains("nothing to step"))
  }

  @Test(":step switch layout … over N frames walks the layout transition (LAY-16)")
  func layoutSwitch() {
    let r = repl([
      "viewport 375 x 300", "section items 40",
      "layout flow list { item size 375 x 44; line spacing 0 }",
      "layout flow grid { item size 120 x 120 }", ":trace on",
      ":step switch layout grid over 3 frames", ":step", ":continue", "print item [0, 1].frame.x",
    ])
    #expect(r.out.contains("frame 1/3: switch to grid at 33%, 6 visible items"))
    #expect(r.out.contains("  prepareForTransition(to:)"))
    #expect(r.out.contains("  finalizeLayoutTransition()"))
    #expect(r.out.contains("frames 2–3 of 3: switch to grid at 100%"))
    #expect(r.out.hasSuffix("255"))
  }
}
