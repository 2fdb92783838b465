import LayoutEngine

/// A scroll against time: the content offset on one axis and its velocity, sampled frame
/// by frame, with the moments a gesture marks and the edges the offset went past. The
/// renderer's own model of a plot (`PlotDrawing` draws it); the driver fills it.
public struct PlotChart: Sendable, Hashable {
  public struct Sample: Sendable, Hashable {
    /// Milliseconds.
    public var time: Double
    /// Points.
    public var offset: Double
    /// Points per millisecond.
    public var velocity: Double
    /// A frame ended here: drawn as a dot when there are few.
    public var isFrame: Bool

    public init(time: Double, offset: Double, velocity: Double, isFrame: Bool) {
      self.time = time
      self.offset = offset
      self.velocity = velocity
      self.isFrame = isFrame
    }
  }

  /// A moment of the gesture, a vertical line across both panels.
  public struct Marker: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
      /// The finger lifted (SV-8's `scrollViewWillEndDragging`).
      case release
      /// The deceleration ended (`scrollViewDidEndDecelerating`).
      case rest
    }

    public var kind: Kind
    public var time: Double
    public var offset: Double

    public init(kind: Kind, time: Double, offset: Double) {
      self.kind = kind
      self.time = time
      self.offset = offset
    }
  }

  /// An edge of the valid offsets (SV-3), a horizontal line on the offset panel.
  public struct Edge: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
      case minimum, maximum
    }

    public var kind: Kind
    public var offset: Double

    public init(kind: Kind, offset: Double) {
      self.kind = kind
      self.offset = offset
    }
  }

  /// What ran, written above the panels.
  public var title: String
  /// The axis of the offset (`x` or `y`), for the headings.
  public var axis: String
  /// Frames a second.
  public var frameRate: Double
  public var samples: [Sample]
  public var markers: [Marker]
  public var edges: [Edge]

  public init(
    title: String, axis: String, frameRate: Double, samples: [Sample], markers: [Marker] = [],
    edges: [Edge] = []
  ) {
    self.title = title
    self.axis = axis
    self.frameRate = frameRate
    self.samples = samples
    self.markers = markers
    self.edges = edges
  }
}

/// A linear map from values to pixels whose ends are ticks a whole number of steps of 1, 2
/// or 5 × 10ⁿ apart, so every gridline has a short label.
struct PlotScale {
  /// The values at the two ends.
  private(set) var low: Double
  private(set) var high: Double
  /// The pixels the two ends map to (`start` > `end` for a y axis, which grows downwards).
  let start: Double
  let end: Double
  private(set) var step: Double
  /// Decimals a tick label needs.
  private(set) var places: Int

  /// A scale covering `values` (finite ones; nothing is as if 0) with about `ticks` steps.
  init(covering values: [Double], from start: Double, to end: Double, ticks: Int) {
    // Beyond ±10¹⁵ a chart says nothing more; clamped, the steps stay few and whole.
    let finite = values.filter(\.isFinite).map { Swift.min(Swift.max($0, -1e15), 1e15) }
    var low = finite.min() ?? 0
    var high = finite.max() ?? 0
    if high - low < 1e-9 {  // a flat line: a band of ±1 around it
      low -= 1
      high += 1
    }
    (self.step, self.places) = Self.niceStep(high - low, ticks: ticks)
    // A small tolerance, so a value on a tick is not pushed a step out by rounding.
    self.low = (low / step + 1e-9).rounded(.down) * step
    self.high = (high / step - 1e-9).rounded(.up) * step
    self.start = start
    self.end = end
  }

  /// The smallest of 1, 2, 5 × 10ⁿ that divides `span` into at most `ticks` steps, and the
  /// decimals its multiples need.
  static func niceStep(_ span: Double, ticks: Int) -> (step: Double, places: Int) {
    let raw = span / Double(max(1, ticks))
    guard raw.isFinite, raw > 0 else { return (1, 0) }
    var exponent = 0
    while powerOfTen(exponent) > raw && exponent > -12 { exponent -= 1 }
    while powerOfTen(exponent + 1) <= raw && exponent < 15 { exponent += 1 }
    for m in [1.0, 2, 5] where m * powerOfTen(exponent) >= raw {
      return (m * powerOfTen(exponent), max(0, -exponent))
    }
    return (powerOfTen(exponent + 1), max(0, -exponent - 1))
  }

  /// 10ⁿ by multiplication: exact for whole powers, the nearest double for fractions.
  static func powerOfTen(_ n: Int) -> Double {
    var p = 1.0
    for _ in 0..<abs(n) { p *= 10 }
    return n < 0 ? 1 / p : p
  }

  /// The ticks from `low` to `high`, both included.
  var ticks: [Double] {
    let first = Int(saturating: low / step, .toNearestOrAwayFromZero)
    let last = Int(saturating: high / step, .toNearestOrAwayFromZero)
    return (first...max(first, last)).map { Double($0) * step }
  }

  /// Where `value` lies in pixels.
  func position(_ value: Double) -> Double {
    start + (value - low) / (high - low) * (end - start)
  }

  /// A tick's label: as many decimals as the step needs, the same for every tick.
  func label(_ value: Double) -> String { formatNumber(value, .fixedDecimals(places)) }
}
