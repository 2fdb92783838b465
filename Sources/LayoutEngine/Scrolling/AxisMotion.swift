/// How one axis of the content offset moves after the finger lifts (SV-7, SV-9, OPEN-7).
/// Times are milliseconds since the lift, velocities points per millisecond; `rate` is the
/// deceleration's.
public enum AxisMotion: Hashable, Sendable {
  /// `from + (to − from)·(1 − rᵗ)`: exactly the free fling when `to` is its resting point,
  /// and the same curve stretched when a delegate, a layout or paging chose another target.
  case glide(from: Double, to: Double)
  /// The free fling v0·rᵗ from `from`, whose resting point lies past `edge`: it reaches the
  /// edge `crossing` ms after the lift, still moving, and then either overshoots and springs
  /// back (`bounces`) or stops there (SV-10's `bounces` off).
  case fling(from: Double, velocity: Double, edge: Double, crossing: Double, bounces: Bool)
  /// A critically damped spring pulling the offset back to `edge` from `displacement`
  /// past it, starting at `velocity`: the bounce.
  case spring(edge: Double, displacement: Double, velocity: Double)

  /// Where the axis comes to rest.
  public var end: Double {
    switch self {
    case .glide(_, let to): to
    case .fling(_, _, let edge, _, _), .spring(let edge, _, _): edge
    }
  }

  /// The fling of one axis from `from` at `velocity`, when it rests at `target`: a fling
  /// that hits an edge when its free resting point lies past one and `target` is that edge
  /// (nobody chose another — engine choice, OPEN-7), otherwise a glide to `target`.
  static func lift(
    from: Double, velocity: Double, target: Double, range: ClosedRange<Double>,
    rate: DecelerationRate, bounces: Bool
  ) -> AxisMotion {
    let distance = ScrollPhysics.restingDistance(velocity: velocity, rate: rate)
    let free = from + distance
    let edge = min(max(free, range.lowerBound), range.upperBound) + 0
    guard free != edge, target == edge, from >= range.lowerBound, from <= range.upperBound
    else { return .glide(from: from, to: target) }
    // The free curve covers the fraction (edge − from)/distance of its way by rᵗ = 1 − that.
    let left = 1 - (edge - from) / distance
    let crossing = left > 0 ? naturalLog(left) / naturalLog(rate.rawValue) : 0
    return .fling(from: from, velocity: velocity, edge: edge, crossing: crossing, bounces: bounces)
  }

  /// An axis released past an end of `range`: the bounce back to that end, a spring from
  /// where the content shows, starting at the speed the content had — the finger's scaled by
  /// SV-9's slope there (engine choice, OPEN-7). Nil when the axis is in range.
  static func bounceBack(
    from offset: Double, velocity: Double, range: ClosedRange<Double>, dimension: Double
  ) -> AxisMotion? {
    let edge = min(max(offset, range.lowerBound), range.upperBound) + 0
    guard edge != offset else { return nil }
    let slope = ScrollPhysics.rubberBandSlope(shown: offset - edge, dimension: dimension)
    return .spring(edge: edge, displacement: offset - edge, velocity: velocity * slope)
  }

  /// The offset `time` ms after the lift.
  public func position(at time: Double, rate: DecelerationRate) -> Double {
    let t = max(0, time)
    switch self {
    case .glide(let from, let to):
      return from + (to - from) * (1 - power(rate.rawValue, t))
    case .fling(let from, let v, let edge, let crossing, let bounces):
      if t < crossing {
        return from + ScrollPhysics.restingDistance(velocity: v, rate: rate)
          * (1 - power(rate.rawValue, t))
      }
      guard bounces else { return edge }
      return afterEdge(rate).position(at: t - crossing, rate: rate)
    case .spring(let edge, let x0, let v):
      let (c1, c2) = (x0, v + ScrollPhysics.bounceFrequency * x0)
      return edge + (c1 + c2 * t) * exponential(-ScrollPhysics.bounceFrequency * t)
    }
  }

  /// The velocity (points per millisecond) `time` ms after the lift.
  public func velocity(at time: Double, rate: DecelerationRate) -> Double {
    let t = max(0, time)
    switch self {
    case .glide(let from, let to):
      return (to - from) * -naturalLog(rate.rawValue) * power(rate.rawValue, t)
    case .fling(_, let v, _, let crossing, let bounces):
      if t < crossing { return v * power(rate.rawValue, t) }
      guard bounces else { return 0 }
      return afterEdge(rate).velocity(at: t - crossing, rate: rate)
    case .spring(_, let x0, let v):
      let w = ScrollPhysics.bounceFrequency
      let (c1, c2) = (x0, v + w * x0)
      return (c2 - w * (c1 + c2 * t)) * exponential(-w * t)
    }
  }

  /// Whether the axis has come to rest `time` ms after the lift: within `threshold` of
  /// where it ends (OPEN-7: half a point) — for a spring, once past its furthest point,
  /// after which it only closes in; with `bounces` off, on reaching the edge.
  public func isResting(at time: Double, rate: DecelerationRate, threshold: Double) -> Bool {
    let t = max(0, time)
    switch self {
    case .glide:
      return abs(end - position(at: t, rate: rate)) < threshold
    case .fling(_, _, let edge, let crossing, let bounces):
      if t < crossing { return abs(edge - position(at: t, rate: rate)) < threshold }
      return !bounces
        || afterEdge(rate).isResting(at: t - crossing, rate: rate, threshold: threshold)
    case .spring(_, let x0, let v):
      // x(t) = (c1 + c2·t)·e^(−ωt) turns once, at t* = 1/ω − c1/c2, and then only closes in.
      let w = ScrollPhysics.bounceFrequency
      let c2 = v + w * x0
      let turn = c2 == 0 ? 0 : max(0, 1 / w - x0 / c2)
      return t >= turn && abs(end - position(at: t, rate: rate)) < threshold
    }
  }

  /// The same motion moved by `delta` points (the contentOffset setter during a motion).
  public func shifted(by delta: Double) -> AxisMotion {
    switch self {
    case .glide(let from, let to): .glide(from: from + delta, to: to + delta)
    case .fling(let from, let v, let edge, let crossing, let bounces):
      .fling(
        from: from + delta, velocity: v, edge: edge + delta, crossing: crossing, bounces: bounces)
    case .spring(let edge, let x0, let v):
      .spring(edge: edge + delta, displacement: x0, velocity: v)
    }
  }

  /// A fling's motion from the moment it reaches the edge: the spring, from the edge, with
  /// the fling's velocity there.
  private func afterEdge(_ rate: DecelerationRate) -> AxisMotion {
    guard case .fling(_, let v, let edge, let crossing, _) = self else { return self }
    return .spring(edge: edge, displacement: 0, velocity: v * power(rate.rawValue, crossing))
  }
}
