/// A 4×4 homogeneous transform laid out as Core Animation's `CATransform3D`: row vectors,
/// so a point transforms as `[x y z 1] · M`, and `a.concatenating(b)` applies `a` first.
public struct Transform3D: Hashable, Sendable {
  public var m11: Double, m12: Double, m13: Double, m14: Double
  public var m21: Double, m22: Double, m23: Double, m24: Double
  public var m31: Double, m32: Double, m33: Double, m34: Double
  public var m41: Double, m42: Double, m43: Double, m44: Double

  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

  public var isIdentity: Bool { self == .identity }

  /// `CATransform3DMakeTranslation`.
  public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
    var t = identity
    (t.m41, t.m42, t.m43) = (x, y, z)
    return t
  }

  /// `CATransform3DMakeScale`.
  public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
    var t = identity
    (t.m11, t.m22, t.m33) = (x, y, z)
    return t
  }

  /// `CATransform3DMakeRotation(angle, x, y, z)`: `angle` radians about the axis (x, y, z);
  /// the default axis is z, the rotation of a view in its plane (clockwise on screen, since
  /// y points down). A zero axis gives the identity.
  public static func rotation(angle: Double, x: Double = 0, y: Double = 0, z: Double = 1)
    -> Transform3D
  {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cosine(angle)
    let s = sine(angle)
    let t = 1 - c
    return Transform3D(
      m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
      m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
      m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// A perspective transform as commonly built by hand: identity with `m34 = -1 / distance`.
  public static func perspective(distance: Double) -> Transform3D {
    var t = identity
    t.m34 = distance == 0 ? 0 : -1 / distance
    return t
  }

  /// `CATransform3DConcat(self, other)`: `self` is applied first, then `other`.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let a = rows
    let b = other.rows
    var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 {
      for j in 0..<4 {
        r[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + a[i][3] * b[3][j]
      }
    }
    return Transform3D(rows: r)
  }

  /// The point (x, y, 0) after the transform, divided by w (perspective).
  public func apply(to point: Point) -> Point {
    let x = point.x * m11 + point.y * m21 + m41
    let y = point.x * m12 + point.y * m22 + m42
    let w = point.x * m14 + point.y * m24 + m44
    return w == 0 || w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
  }

  /// True when the transform keeps z out of x and y, i.e. it is an affine 2D transform
  /// (`CATransform3DIsAffine`).
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
      && m34 == 0 && m43 == 0 && m44 == 1
  }

  /// The four rows, m11…m14 first.
  public var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
  }

  init(rows r: [[Double]]) {
    self.init(
      m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
      m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
      m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
      m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
  }
}

/// A 2D affine transform (`CGAffineTransform`): `[x y 1] · [[a b 0] [c d 0] [tx ty 1]]`.
/// ATTR-3: it is a view of a `Transform3D` — converting keeps m11, m12, m21, m22, m41, m42.
public struct AffineTransform: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(_ t: Transform3D) {
    self.init(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
  }

  public var transform3D: Transform3D {
    var t = Transform3D.identity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (a, b, c, d, tx, ty)
    return t
  }
}

extension Transform3D: CustomStringConvertible {
  public var description: String {
    rows.map { row in row.map { formatNumber($0, .printfG) }.joined(separator: " ") }
      .joined(separator: "; ")
  }
}

/// An affine transform read as the parts a view's transform is usually built from.
///
/// Engine choice (OPEN: UIKit offers no decomposition; this is the one UIKit code writes
/// by hand): the transform is taken as a scale, then a rotation, then a translation —
/// `[x y 1] · S(sx, sy) · R(θ) · T(tx, ty)` in `CGAffineTransform`'s row-vector form, so
/// the first row (a, b) is sx·(cos θ, sin θ) and the second (c, d) is sy·(−sin θ, cos θ):
/// - `rotation` θ = atan2(b, a), in radians within (−π, π]; positive turns clockwise on
///   screen (y points down), as `CGAffineTransform(rotationAngle:)`;
/// - `scale.width` sx = the length of (a, b); `scale.height` sy = det / sx, where
///   det = a·d − b·c, so a mirrored transform has a negative sy (the length of (c, d) with
///   the sign of det);
/// - `translation` = (tx, ty).
///
/// Exact for every transform built from a uniform scale, rotations and translations, and
/// for a non-uniform scale applied before the rotation; a skew (or a non-uniform scale
/// after a rotation) has no exact answer of this form, and θ is then the turn of the x
/// axis. A 3D transform is read through its affine view (ATTR-3).
public struct AffineDecomposition: Hashable, Sendable {
  public var rotation: Double
  public var scale: Size
  public var translation: Point
}

extension AffineTransform {
  public var decomposed: AffineDecomposition {
    let sx = (a * a + b * b).squareRoot()
    let determinant = a * d - b * c
    let rotation = sx == 0 ? arcTangent(-c, d) : arcTangent(b, a)
    let sy = sx == 0 ? (c * c + d * d).squareRoot() : determinant / sx
    return AffineDecomposition(
      rotation: rotation, scale: Size(width: sx, height: sy), translation: Point(x: tx, y: ty))
  }
}
