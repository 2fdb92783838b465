import Foundation
import GridlineLanguage
import LayoutEngine
import Testing

/// `svg plot "PATH" { … }`: a sample per frame of the block, with the deceleration's own
/// offset and velocity (SV-7), the finger's velocity while it drags, the release and the
/// rest marked, and the edges a rubber band passes (SV-3, SV-9).
@Suite("Language: svg plot")
struct PlotLanguageTests {
  private let list = hundredRows

  private func recorded(
    _ text: String, limits: Limits = Limits(), sourceLocation: SourceLocation = #_sourceLocation
  ) -> (path: String, plot: PlotOutput)? {
    let (outputs, summary) = run(list + text, limits: limits)
    #expect(!summary.failed, "\(messages(outputs))", sourceLocation: sourceLocation)
    for case .plot(_, let path, let plot) in outputs { return (path, plot) }
    Issue.record("no plot", sourceLocation: sourceLocation)
    return nil
  }

  @Test("a fling: offset(t) = start + (target − start)(1 − rᵗ), velocity the engine's, at 60 Hz")
  func fling() throws {
    let (path, plot) = try #require(recorded("svg plot \"fling.svg\" { fling y 2.4 }\n"))
    #expect(path == "fling.svg")
    #expect(plot.axis == .y && plot.frameRate == 60 && plot.caption == "fling y 2.4")
    let r = 0.998
    // SV-7's resting distance from 0, as the engine computes it and as the formula says.
    let target = ScrollPhysics.restingDistance(velocity: 2.4, rate: .normal)
    #expect(abs(target - -2.4 / log(r)) < 1e-9)
    let engine = Deceleration(
      start: .zero, target: Point(x: 0, y: target), rate: DecelerationRate(rawValue: r))
    // Time 0: the state before; then the lift, with the velocity the fling starts at.
    let start = plot.samples[0]
    #expect(start.time == 0 && start.offset == .zero && start.velocity == .zero && !start.isFrame)
    #expect(plot.samples[1].time == 0 && !plot.samples[1].isFrame)
    #expect(abs(plot.samples[1].velocity.y - 2.4) < 1e-12)
    let frames = Array(plot.samples.dropFirst(2))
    #expect(frames.allSatisfy(\.isFrame) && frames.count == plot.frames)
    for (i, sample) in frames.enumerated() {
      let t = Double(i + 1) * 1000 / 60
      #expect(abs(sample.time - t) < 1e-9)
      // The engine adds up its frames' 1000/60 ms: the same time to within rounding.
      #expect(abs(sample.offset.y - engine.offset(at: sample.time).y) < 1e-9, "frame \(i + 1)")
      let formula = target * (1 - pow(r, t))
      #expect(i == frames.count - 1 || abs(sample.offset.y - formula) < 1e-9)
      let v = i == frames.count - 1 ? 0 : target * -log(r) * pow(r, t)
      #expect(abs(sample.velocity.y - v) < 1e-12, "frame \(i + 1)")
    }
    // It rests on the target, within half a point of the formula (engine choice, OPEN-7).
    let last = try #require(frames.last)
    #expect(last.offset.y == target && last.velocity == .zero)
    #expect(abs(target * pow(r, last.time)) < Deceleration.restThreshold)
    #expect(plot.markers.map(\.kind) == [.release, .rest])
    #expect(plot.markers[0].time == 0 && plot.markers[1].time == last.time)
    #expect(plot.markers[1].offset.y == target)
    #expect(plot.edges.isEmpty)
    #expect(plot.duration == last.time)
  }

  @Test("a drag past the top: the finger's velocity, the edge passed, the spring back to it")
  func rubberBand() throws {
    let (_, plot) = try #require(
      recorded("svg plot \"band.svg\" { drag by y 100 over 5 frames; release }\n"))
    let drag = plot.samples.filter(\.isFrame).prefix(5)
    // The finger moves 20 points a frame of 1000/60 ms, downwards: the offset goes up.
    #expect(drag.allSatisfy { abs($0.velocity.y + 1.2) < 1e-12 })
    #expect(drag.allSatisfy { $0.offset.y < 0 })
    #expect(plot.edges.map(\.kind) == [.minimum] && plot.edges.map(\.offset) == [0])
    let release = try #require(plot.markers.first)
    #expect(release.kind == .release && abs(release.time - 5000 / 60) < 1e-9)
    #expect(plot.samples.last?.offset.y == 0)
    #expect(plot.markers.last?.kind == .rest)
  }

  @Test("statements without frames take no time; a scroll's frames are a difference per frame")
  func scrolls() throws {
    let (_, plot) = try #require(
      recorded(
        """
        frame rate 120
        svg plot "scroll.svg" {
          scroll to y 300
          print offset
          scroll by y 200 over 10 frames
        }

        """))
    #expect(plot.frameRate == 120)
    #expect(plot.samples.count == 2 + 10)
    let jump = plot.samples[1]
    #expect(jump.time == 0 && jump.offset.y == 300 && jump.velocity == .zero && !jump.isFrame)
    for (k, sample) in plot.samples.dropFirst(2).enumerated() {
      #expect(abs(sample.time - Double(k + 1) * 1000 / 120) < 1e-9)
      #expect(abs(sample.velocity.y - 20 / (1000 / 120)) < 1e-9)
    }
    #expect(plot.markers.isEmpty)
    #expect(plot.caption == "scroll to y 300; print offset; scroll by y 200 over 10 frames")
  }

  @Test("the axis the offset moved most along")
  func horizontal() throws {
    let (_, plot) = try #require(
      recorded("svg plot \"x.svg\" { scroll by (30, 5) over 3 frames }\n"))
    #expect(plot.axis == .x)
  }

  @Test("plots nest: each records the frames on its own clock")
  func nested() throws {
    let (outputs, summary) = run(
      list + """
        svg plot "outer.svg" {
          scroll by y 10 over 2 frames
          svg plot "inner.svg" { scroll by y 10 over 3 frames }
        }
        """)
    #expect(!summary.failed, "\(messages(outputs))")
    var frames: [String: Int] = [:]
    for case .plot(_, let path, let plot) in outputs { frames[path] = plot.frames }
    #expect(frames == ["inner.svg": 3, "outer.svg": 5])
  }

  @Test("no frames, a file outside the output directory, too many samples: diagnostics")
  func mistakes() {
    let (noFrames, failed) = run(list + "svg plot \"p.svg\" { scroll to y 100 }")
    #expect(failed.failed)
    #expect(messages(noFrames) == ["an svg plot needs at least one frame, and its block ran none"])
    // Refused as written, before the run (SVGPathTests).
    #expect(
      errors(list + "svg plot \"../p.svg\" { fling y 1 }") == [
        "'../p.svg' goes up with '..': a script writes only below the output directory"
      ])
    var limits = Limits()
    limits.frames = 20
    let (long, _) = run(
      list + "svg plot \"p.svg\" { repeat 3 { scroll by y 10 over 8 frames } }", limits: limits)
    #expect(messages(long) == ["an svg plot holds at most 20 samples (the frame limit)"])
    let typed = Checker.check(
      Parser.parse(SourceFile(name: "t", text: "svg plot 3 { fling y 1 }")).program)
    #expect(typed.map(\.code) == [.typeMismatch])
  }

  @Test("svg plot parses to its own statement; the block's statements inside")
  func parses() {
    let parsed = Parser.parse(SourceFile(name: "t", text: "svg plot \"f.svg\" { fling y 2.4 }"))
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.program.dump().hasPrefix("(svg-plot \"f.svg\"\n  (fling"))
  }
}
