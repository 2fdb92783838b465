import LayoutEngine
import Testing

/// `arcTangent` against known angles, and `AffineTransform.decomposed` read back from the
/// transforms it takes apart (ATTR-3: the affine view of a `Transform3D`).
@Suite("Transforms: atan2 and the decomposition")
struct TransformDecompositionTests {
  static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

  @Test("arcTangent agrees with the angles of known vectors in every quadrant")
  func arcTangents() {
    let pi = Double.pi
    let cases: [(Double, Double, Double)] = [
      (0, 1, 0), (1, 1, pi / 4), (1, 0, pi / 2), (1, -1, 3 * pi / 4), (0, -1, pi),
      (-1, -1, -3 * pi / 4), (-1, 0, -pi / 2), (-1, 1, -pi / 4),
      (3.0.squareRoot(), 1, pi / 3), (1, 3.0.squareRoot(), pi / 6), (1e-300, 1, 1e-300),
    ]
    for (y, x, expected) in cases {
      #expect(Self.close(arcTangent(y, x), expected), "atan2(\(y), \(x)) = \(arcTangent(y, x))")
    }
    #expect(arcTangent(0, 0) == 0)
    #expect(arcTangent(.infinity, 1).isNaN)
    for k in -179...180 {
      let angle = Double(k) * pi / 180
      #expect(Self.close(arcTangent(sine(angle), cosine(angle)), angle), "\(k)°")
    }
  }

  @Test("scale, then rotation, then translation come back apart")
  func roundTrip() {
    let built = Transform3D.scale(x: 2, y: 0.5)
      .concatenating(.rotation(angle: Double.pi / 6))
      .concatenating(.translation(x: 10, y: -4))
    let parts = AffineTransform(built).decomposed
    #expect(Self.close(parts.rotation, Double.pi / 6))
    #expect(Self.close(parts.scale.width, 2) && Self.close(parts.scale.height, 0.5))
    #expect(parts.translation == Point(x: 10, y: -4))
    #expect(AffineTransform.identity.decomposed.rotation == 0)
    #expect(AffineTransform.identity.decomposed.scale == Size(width: 1, height: 1))
  }

  @Test("a mirror reads as a negative y scale; a zero x scale still has a rotation")
  func mirrorsAndZeros() {
    let mirrored = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0).decomposed
    #expect(mirrored.rotation == 0 && mirrored.scale == Size(width: 1, height: -1))
    let flat = AffineTransform(a: 0, b: 0, c: -3, d: 0, tx: 0, ty: 0).decomposed
    #expect(Self.close(flat.rotation, Double.pi / 2))
    #expect(flat.scale == Size(width: 0, height: 3))
  }
}
