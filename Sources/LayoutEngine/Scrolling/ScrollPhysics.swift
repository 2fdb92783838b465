/// `UIScrollView.DecelerationRate` (SV-6): the factor the velocity is multiplied by each
/// millisecond.
public struct DecelerationRate: Hashable, Sendable {
  public var rawValue: Double

  public init(rawValue: Double) {
    self.rawValue = rawValue
  }

  /// 0.998: the default.
  public static let normal = DecelerationRate(rawValue: 0.998)
  /// 0.99: paging, and `decelerationRate = .fast`.
  public static let fast = DecelerationRate(rawValue: 0.99)

  /// A usable rate: strictly between 0 and 1.
  public var isValid: Bool { rawValue > 0 && rawValue < 1 && rawValue.isFinite }
}

/// The scroll view's motion, as formulas (SV-7, SV-9). Velocities are in points per
/// millisecond, times in milliseconds.
public enum ScrollPhysics {
  /// The natural logarithm (the standard library has none).
  public static func ln(_ x: Double) -> Double { naturalLog(x) }
  /// eˣ (the standard library has none).
  public static func exp(_ x: Double) -> Double { exponential(x) }

  /// SV-9's rubber-band constant.
  public static let rubberBandConstant = 0.55

  /// SV-9: how far the content shows past an edge when the finger has pulled `overshoot`
  /// points past it, on an axis whose viewport extent is `dimension`:
  /// b = (1 − 1 / (x·c/d + 1))·d, with the sign of `overshoot`.
  public static func rubberBand(overshoot: Double, dimension: Double) -> Double {
    guard dimension > 0, overshoot != 0 else { return 0 }
    let x = abs(overshoot)
    let b = (1 - 1 / (x * rubberBandConstant / dimension + 1)) * dimension
    return overshoot < 0 ? -b : b
  }

  /// Where a finger that moved `moved` points since it touched at `start` puts one axis's
  /// offset (the content follows the finger, so the offset moves the other way): in
  /// `range` as is; past an end, SV-9's rubber band over `dimension` when `bounces`, else
  /// the end.
  public static func dragged(
    from start: Double, by moved: Double, in range: ClosedRange<Double>, dimension: Double,
    bounces: Bool
  ) -> Double {
    let raw = start - moved
    if raw < range.lowerBound {
      return bounces
        ? range.lowerBound + rubberBand(overshoot: raw - range.lowerBound, dimension: dimension)
        : range.lowerBound
    }
    if raw > range.upperBound {
      return bounces
        ? range.upperBound + rubberBand(overshoot: raw - range.upperBound, dimension: dimension)
        : range.upperBound
    }
    return raw
  }

  /// SV-9's slope: how many points the content moves per point of the finger when it
  /// already shows `shown` points past an edge of an axis `dimension` long — the
  /// derivative of the rubber band, c·(1 − |b|/d)², which is c at the edge and falls to 0
  /// as b nears d.
  public static func rubberBandSlope(shown: Double, dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    let left = max(0, 1 - abs(shown) / dimension)
    return rubberBandConstant * left * left
  }

  /// The bounce's spring (OPEN-7, engine choice after Lobanov's measurements of
  /// UIScrollView): critically damped, with a response of 575 ms, so ω = 2π/575 per
  /// millisecond. From a displacement x0 past the edge at velocity v it moves as
  /// x(t) = (x0 + (v + ω·x0)·t)·e^(−ωt); from the edge at v its furthest point is
  /// v/(ω·e), 1/ω ≈ 91.5 ms later.
  public static let bounceFrequency = 2 * Double.pi / 575

  /// SV-7: how far a fling at `velocity` travels before it rests, in the continuous form
  /// v(t) = v0·r^t (engine default, OPEN-7): −v0 / ln r.
  public static func restingDistance(velocity: Double, rate: DecelerationRate) -> Double {
    -velocity / naturalLog(rate.rawValue) + 0  // + 0: no −0 for a still axis
  }

  /// SV-11: the page (of `size` points, counted from offset 0) a paging scroller rests on
  /// from `offset` with `velocity` on one axis: the next one in the direction of a fling,
  /// the nearest one without velocity.
  public static func page(_ offset: Double, _ velocity: Double, _ size: Double) -> Double {
    guard size > 0 else { return offset }
    let position = offset / size
    let page: Double
    if velocity > 0 {
      page = position.rounded(.down) + 1
    } else if velocity < 0 {
      page = position.rounded(.up) - 1
    } else {
      page = position.rounded()
    }
    return page * size
  }

  /// SV-7: how long the velocity takes to fall from `velocity` to `threshold` (both pt/ms):
  /// ln(vt / |v0|) / ln r; 0 when it is already below.
  public static func timeToSlow(from velocity: Double, to threshold: Double, rate: DecelerationRate)
    -> Double
  {
    let v = abs(velocity)
    guard v > threshold, threshold > 0 else { return 0 }
    return naturalLog(threshold / v) / naturalLog(rate.rawValue)
  }
}

/// The motion after the finger lifts (SV-7), one `AxisMotion` an axis: a glide toward
/// `target` — start + (target − start)·(1 − rᵗ), exactly the free fling when `target` is
/// its resting point and the same curve stretched when a delegate, a layout or paging chose
/// another — or, past an edge, the free fling to the edge and the bounce back (OPEN-7). It
/// ends when every axis rests (within `restThreshold` of its end; engine choice, OPEN-7:
/// half a point), where it lands exactly on the target.
public struct Deceleration: Hashable, Sendable {
  public var start: Point
  public var rate: DecelerationRate
  public var x: AxisMotion
  public var y: AxisMotion
  /// Milliseconds since the finger lifted.
  public var elapsed: Double = 0

  /// Where the motion rests: each axis's end.
  public var target: Point { Point(x: x.end, y: y.end) }

  /// Within this distance of the target (points), the motion stops there.
  public static let restThreshold = 0.5

  /// A glide on both axes.
  public init(start: Point, target: Point, rate: DecelerationRate) {
    self.init(
      start: start, rate: rate, x: .glide(from: start.x, to: target.x),
      y: .glide(from: start.y, to: target.y))
  }

  public init(start: Point, rate: DecelerationRate, x: AxisMotion, y: AxisMotion) {
    self.start = start
    self.rate = rate
    self.x = x
    self.y = y
  }

  /// The offset `time` ms after the finger lifted.
  public func offset(at time: Double) -> Point {
    isResting(at: time)
      ? target : Point(x: x.position(at: time, rate: rate), y: y.position(at: time, rate: rate))
  }

  /// The velocity (pt/ms, positive towards larger offsets) `time` ms after the lift.
  public func velocity(at time: Double) -> Point {
    Point(x: x.velocity(at: time, rate: rate), y: y.velocity(at: time, rate: rate))
  }

  /// Whether every axis rests `time` ms after the lift.
  public func isResting(at time: Double) -> Bool {
    x.isResting(at: time, rate: rate, threshold: Self.restThreshold)
      && y.isResting(at: time, rate: rate, threshold: Self.restThreshold)
  }

  /// How many frames of `milliseconds` it takes from `elapsed` to rest; nil past `limit`.
  public func framesToRest(every milliseconds: Double, limit: Int) -> Int? {
    guard milliseconds > 0 else { return nil }
    var t = elapsed
    for k in 1...max(1, limit) {
      t += milliseconds
      if isResting(at: t) { return k }
    }
    return nil
  }

  /// The same motion moved by `delta` (the contentOffset setter while it runs).
  public mutating func shift(by delta: Point) {
    start = start + delta
    x = x.shifted(by: delta.x)
    y = y.shifted(by: delta.y)
  }
}
