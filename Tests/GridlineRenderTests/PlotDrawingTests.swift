import LayoutEngine
import Testing

@testable import GridlineRender

@Suite("Plot drawing")
struct PlotDrawingTests {
  /// A finger pulls the content 60 points past the top in four frames and lets go: the
  /// content springs back to the edge at the fast rate (SV-7, SV-9), 29 frames at 60 Hz.
  static func chart() -> PlotChart {
    let dt = 1000 / 60.0
    var samples = [PlotChart.Sample(time: 0, offset: 0, velocity: 0, isFrame: false)]
    for k in 1...4 {
      samples.append(
        PlotChart.Sample(
          time: Double(k) * dt, offset: -15 * Double(k), velocity: -0.9, isFrame: true))
    }
    let lift = 4 * dt
    let motion = Deceleration(start: Point(x: 0, y: -60), target: .zero, rate: .fast)
    samples.append(
      PlotChart.Sample(time: lift, offset: -60, velocity: motion.velocity(at: 0).y, isFrame: false))
    var k = 1
    while true {
      let t = Double(k) * dt
      let y = motion.offset(at: t).y
      let resting = y == 0
      samples.append(
        PlotChart.Sample(
          time: lift + t, offset: y, velocity: resting ? 0 : motion.velocity(at: t).y,
          isFrame: true))
      if resting { break }
      k += 1
    }
    return PlotChart(
      title: "drag by y 60 over 4 frames; release", axis: "y", frameRate: 60, samples: samples,
      markers: [
        PlotChart.Marker(kind: .release, time: lift, offset: -60),
        PlotChart.Marker(kind: .rest, time: samples.last!.time, offset: 0),
      ],
      edges: [PlotChart.Edge(kind: .minimum, offset: 0)])
  }

  @Test("the same chart gives the same file, byte for byte (a golden file)")
  func golden() throws {
    let svg = PlotDrawing.document(Self.chart())
    #expect(svg == PlotDrawing.document(Self.chart()))
    try expectGolden(svg, named: "rubber-band-plot.svg")
  }

  @Test("the caption names the furthest offset when the motion went past where it rests")
  func overshootCaption() {
    func chart(_ offsets: [Double]) -> PlotChart {
      PlotChart(
        title: "fling", axis: "y", frameRate: 60,
        samples: offsets.enumerated().map {
          PlotChart.Sample(
            time: Double($0.offset) * 10, offset: $0.element, velocity: 1, isFrame: true)
        }, markers: [], edges: [])
    }
    #expect(
      PlotDrawing.subtitle(chart([9000, 9300, 9541.2, 9450, 9400])).contains(
        "9000 → 9400 (via 9541.2)"))
    #expect(PlotDrawing.subtitle(chart([-50, -60, -20, 0])).contains("-50 → 0 ·"))
    #expect(PlotDrawing.subtitle(chart([0, 500, 999])).contains("0 → 999 ·"))
    #expect(PlotDrawing.subtitle(chart([600, 100, -30, 0])).contains("600 → 0 (via -30)"))
  }

  @Test("steps of 1, 2 or 5 × 10ⁿ, at most the ticks asked for, with the decimals they need")
  func steps() {
    #expect(PlotScale.niceStep(1000, ticks: 5) == (200, 0))
    #expect(PlotScale.niceStep(1001, ticks: 5) == (500, 0))
    #expect(PlotScale.niceStep(4083, ticks: 10) == (500, 0))
    #expect(PlotScale.niceStep(2.4, ticks: 6) == (0.5, 1))
    #expect(PlotScale.niceStep(0.06, ticks: 6) == (0.01, 2))
    #expect(PlotScale.niceStep(7, ticks: 7) == (1, 0))
    #expect(PlotScale.niceStep(0, ticks: 5) == (1, 0))
    #expect(PlotScale.niceStep(.infinity, ticks: 5) == (1, 0))
    #expect(PlotScale.powerOfTen(3) == 1000)
    #expect(PlotScale.powerOfTen(-2) == 0.01)
  }

  @Test("a scale's ends are ticks around the values; values map linearly to pixels")
  func scale() {
    let offset = PlotScale(covering: [0, 1198.8], from: 200, to: 0, ticks: 8)
    #expect(offset.ticks == [0, 200, 400, 600, 800, 1000, 1200])
    #expect(offset.ticks.map(offset.label) == ["0", "200", "400", "600", "800", "1000", "1200"])
    #expect(offset.position(0) == 200)
    #expect(offset.position(1200) == 0)
    #expect(offset.position(300) == 150)
    let velocity = PlotScale(covering: [-0.3, 2.4], from: 100, to: 0, ticks: 6)
    #expect(
      velocity.ticks.map(velocity.label) == ["-0.5", "0.0", "0.5", "1.0", "1.5", "2.0", "2.5"])
    // A value on a tick stays the end: no extra step from rounding (3 × 0.1 ≠ 0.3).
    let fine = PlotScale(covering: [0, 0.3], from: 0, to: 30, ticks: 3)
    #expect(fine.ticks.count == 4)
    // A flat line gets a band of ±1 around it.
    let flat = PlotScale(covering: [5, 5], from: 0, to: 10, ticks: 4)
    #expect(flat.ticks.first == 4 && flat.ticks.last == 6)
    #expect(PlotScale(covering: [], from: 0, to: 10, ticks: 4).ticks == [-1, -0.5, 0, 0.5, 1])
  }

  @Test(
    "two panels: each curve a polyline through every sample, a dot per frame, the markers in both")
  func content() {
    let chart = Self.chart()
    let svg = PlotDrawing.document(chart)
    #expect(svg.components(separatedBy: "<g class=\"panel\"").count == 3)
    #expect(svg.contains("data-quantity=\"offset\"") && svg.contains("data-quantity=\"velocity\""))
    for name in ["offset", "velocity"] {
      let polyline = svg.components(separatedBy: "<polyline class=\"curve \(name)\" points=\"")[1]
      let points = polyline.prefix { $0 != "\"" }.split(separator: " ")
      #expect(points.count == chart.samples.count, "\(name)")
    }
    let frames = chart.samples.count(where: \.isFrame)
    #expect(svg.components(separatedBy: "<circle ").count == 1 + 2 * frames)
    #expect(svg.components(separatedBy: "<line class=\"release\"").count == 3)
    #expect(svg.components(separatedBy: "<line class=\"rest\"").count == 3)
    #expect(svg.contains(">minimum offset 0</text>"))
    #expect(svg.contains(">content offset y (pt)</text>"))
    #expect(svg.contains(">time (ms)</text>"))
    #expect(svg.contains(">drag by y 60 over 4 frames; release</text>"))
    #expect(svg.contains(">33 frames at 60 Hz over 550 ms · y 0 → 0 · peak velocity -0.9 pt/ms<"))
  }

  @Test("many frames: no dots; no edges: no edge group; a long title is cut")
  func limits() {
    var chart = Self.chart()
    chart.edges = []
    chart.title = String(repeating: "scroll by y 1 over 2 frames; ", count: 10)
    let dt = 1000 / 60.0
    chart.samples = (0...200).map {
      PlotChart.Sample(time: Double($0) * dt, offset: Double($0), velocity: 0.06, isFrame: $0 > 0)
    }
    let svg = PlotDrawing.document(chart)
    #expect(!svg.contains("<circle"))
    #expect(!svg.contains("class=\"edges\""))
    let title = svg.components(separatedBy: "<text class=\"title\" x=\"16\" y=\"26\">")[1]
      .prefix { $0 != "<" }
    #expect(title.count == PlotDrawing.titleLimit && title.hasSuffix("…"))
  }
}
