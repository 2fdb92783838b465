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

  /// SV-7: how far a fling at `velocity` travels before it rests, in the continuous form
  /// v(t) = v0·r^t (engine default, OPEN-7): −v0 / ln r.
  public static func restingDistance(velocity: Double, rate: DecelerationRate) -> Double {
    -velocity / naturalLog(rate.rawValue) + 0  // + 0: no −0 for a still axis
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

/// A deceleration toward `target` (SV-7): the offset moves as a fling with rate r does,
/// start + (target − start)·(1 − r^t) on each axis — exactly the free fling when `target`
/// is its resting point, and the same curve stretched when a delegate, a layout or paging
/// chose another target. It ends when every axis is within `restThreshold` of the target
/// (engine choice, OPEN-7: half a point), where it lands exactly on the target.
public struct Deceleration: Hashable, Sendable {
  public var start: Point
  public var target: Point
  public var rate: DecelerationRate
  /// Milliseconds since the finger lifted.
  public var elapsed: Double = 0

  /// Within this distance of the target (points), the motion stops there.
  public static let restThreshold = 0.5

  public init(start: Point, target: Point, rate: DecelerationRate) {
    self.start = start
    self.target = target
    self.rate = rate
  }

  /// The offset `time` ms after the finger lifted.
  public func offset(at time: Double) -> Point {
    let left = power(rate.rawValue, max(0, time))
    let p = Point(
      x: start.x + (target.x - start.x) * (1 - left),
      y: start.y + (target.y - start.y) * (1 - left))
    return isResting(p) ? target : p
  }

  /// The velocity (pt/ms, positive towards larger offsets) `time` ms after the lift.
  public func velocity(at time: Double) -> Point {
    let k = -naturalLog(rate.rawValue) * power(rate.rawValue, max(0, time))
    return Point(x: (target.x - start.x) * k, y: (target.y - start.y) * k)
  }

  /// How many frames of `milliseconds` it takes from `elapsed` to rest; nil past `limit`.
  public func framesToRest(every milliseconds: Double, limit: Int) -> Int? {
    guard milliseconds > 0 else { return nil }
    var t = elapsed
    for k in 1...max(1, limit) {
      t += milliseconds
      if offset(at: t) == target { return k }
    }
    return nil
  }

  func isResting(_ p: Point) -> Bool {
    abs(target.x - p.x) < Self.restThreshold && abs(target.y - p.y) < Self.restThreshold
  }
}
