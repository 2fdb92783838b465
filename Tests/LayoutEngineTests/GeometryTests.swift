import LayoutEngine
import Testing

@Suite("Geometry (GEO)")
struct GeometryTests {
  @Test("TV-29: closed intersection, zero rect, half-open contains, standardization")
  func tv29() {
    let a = Rect(x: 0, y: 0, width: 10, height: 5)
    let b = Rect(x: 0, y: 5, width: 10, height: 5)
    #expect(a.intersects(b))  // GEO-5
    #expect(a.intersection(b) == Rect(x: 0, y: 5, width: 10, height: 0))
    #expect(!a.intersection(b).isNull)
    #expect(Rect(x: -10, y: -10, width: 20, height: 20).intersects(.zero))  // GEO-6
    #expect(Rect(x: -10, y: -10, width: 20, height: 20).intersection(.zero) == .zero)
    let c = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(!c.contains(Point(x: 10, y: 5)))  // GEO-8
    #expect(c.contains(Point(x: 0, y: 5)))
    let negative = Rect(x: 85, y: 95, width: -60, height: -70)  // GEO-3
    #expect(negative.standardized == Rect(x: 25, y: 25, width: 60, height: 70))
    #expect(
      negative.intersection(Rect(x: 10, y: 10, width: 50, height: 60))
        == Rect(x: 25, y: 25, width: 35, height: 45))
  }

  @Test("GEO-2: max and mid edges")
  func edges() {
    let r = Rect(x: 0, y: 0, width: 10, height: 5)
    #expect(r.maxX == 10 && r.maxY == 5 && r.midX == 5 && r.midY == 2.5)
    let n = Rect(x: 10, y: 10, width: -4, height: -2)
    #expect(n.minX == 6 && n.maxX == 10 && n.minY == 8 && n.width == 4)
  }

  @Test("GEO-4: null rect")
  func nullRect() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let far = Rect(x: 20, y: 20, width: 5, height: 5)
    #expect(a.intersection(far).isNull)
    #expect(!a.intersects(far))
    #expect(!Rect.null.intersects(a))
    #expect(Rect.null.intersection(a).isNull)
    #expect(Rect.null.union(a) == a)
    #expect(a.union(.null) == a)
    #expect(!Rect.null.contains(Point(x: 0, y: 0)))
  }

  @Test("GEO-7: empty and union with a zero rect")
  func emptiness() {
    #expect(Rect.zero.isEmpty)
    #expect(Rect(x: 0, y: 0, width: 0, height: 5).isEmpty)
    #expect(Rect.null.isEmpty)
    #expect(!Rect(x: 0, y: 0, width: 1, height: 1).isEmpty)
    #expect(
      Rect(x: 10, y: 10, width: 5, height: 5).union(.zero)
        == Rect(x: 0, y: 0, width: 15, height: 15))
  }

  @Test("GEO-9: insetBy to null and divided with clamping")
  func insetAndDivide() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
    #expect(r.insetBy(dx: 6, dy: 0).isNull)
    #expect(r.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 12))
    let (slice, rest) = r.divided(atDistance: 3, from: .minXEdge)
    #expect(slice == Rect(x: 0, y: 0, width: 3, height: 10))
    #expect(rest == Rect(x: 3, y: 0, width: 7, height: 10))
    let (all, none) = r.divided(atDistance: 30, from: .maxYEdge)
    #expect(all == r)
    #expect(none == Rect(x: 0, y: 0, width: 10, height: 0))
    let (empty, whole) = r.divided(atDistance: -5, from: .minYEdge)
    #expect(empty == Rect(x: 0, y: 0, width: 10, height: 0) && whole == r)
  }

  @Test("Tolerance: one helper, NaN never close")
  func tolerance() {
    #expect(Tolerance.isClose(0.1 + 0.2, 0.3))
    #expect(!Tolerance.isClose(.nan, .nan))
    #expect(Tolerance.isClose(.infinity, .infinity))
    #expect(!Tolerance.isClose(1, 1.001))
  }

  @Test("Transform3D: rotation, scale, concatenation, affine view")
  func transforms() {
    let quarter = Transform3D.rotation(angle: Double.pi / 2)
    let p = quarter.apply(to: Point(x: 1, y: 0))
    #expect(p.isClose(to: Point(x: 0, y: 1)))
    let s = Transform3D.scale(x: 2, y: 3)
    let t = Transform3D.translation(x: 5, y: 7)
    let st = s.concatenating(t)  // scale first, then translate
    #expect(st.apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 10))
    #expect(Transform3D.identity.isIdentity && !s.isIdentity)
    let affine = AffineTransform(st)
    #expect(affine.transform3D == st)
    #expect(Transform3D.perspective(distance: 500).m34 == -1.0 / 500)
    #expect(!Transform3D.perspective(distance: 500).isAffine)
  }

  @Test("formatNumber .printfG mirrors %g")
  func formatting() {
    #expect(formatNumber(375, .printfG) == "375")
    #expect(formatNumber(137.5, .printfG) == "137.5")
    #expect(formatNumber(170.666_666_666_7, .printfG) == "170.667")
    #expect(formatNumber(-0.5, .printfG) == "-0.5")
    #expect(formatNumber(0, .printfG) == "0")
    #expect(formatNumber(0.012_345_67, .printfG) == "0.0123457")
    #expect(formatNumber(1_000_000, .printfG) == "1e+06")
    #expect(formatNumber(999_999.7, .printfG) == "1e+06")
    #expect(formatNumber(12_345_678, .printfG) == "1.23457e+07")
    #expect(formatNumber(0.000_012_5, .printfG) == "1.25e-05")
    #expect(formatNumber(999_999.4, .printfG) == "999999")
    #expect(formatNumber(0.0001, .printfG) == "0.0001")
  }

  @Test("formatNumber .exact, .decimals and .fixedDecimals")
  func formattingStyles() {
    #expect(formatNumber(375) == "375")
    #expect(formatNumber(-0.0) == "0")
    #expect(formatNumber(137.5) == "137.5")
    #expect(formatNumber(170.666_666_666_666_66) == "170.66666666666666")
    #expect(formatNumber(1e16) == "1e+16")
    #expect(formatNumber(.nan) == "nan")
    #expect(formatNumber(-.infinity) == "-inf")
    #expect(formatNumber(170.666, .decimals(2)) == "170.67")
    #expect(formatNumber(137.5, .decimals(2)) == "137.5")
    #expect(formatNumber(-3, .decimals(2)) == "-3")
    #expect(formatNumber(-0.001, .decimals(2)) == "0")
    #expect(formatNumber(0.05, .decimals(2)) == "0.05")
    #expect(formatNumber(.infinity, .decimals(2)) == "0")
    #expect(formatNumber(0.707_106_78, .decimals(4)) == "0.7071")
    #expect(formatNumber(-1, .decimals(4)) == "-1")
    #expect(formatNumber(4.5, .fixedDecimals(2)) == "4.50")
    #expect(formatNumber(123, .fixedDecimals(2)) == "123.00")
    #expect(formatNumber(0.071, .fixedDecimals(2)) == "0.07")
  }

  @Test("formatNumber .readable: a few decimals, never -0, broken values named (issue 34)")
  func readableStyle() {
    #expect(formatNumber(129.333_333_333_333_34, .readable(3)) == "129.333")
    #expect(formatNumber(390.000_000_000_000_06, .readable(3)) == "390")
    #expect(formatNumber(-0.0004, .readable(3)) == "0")
    #expect(formatNumber(-0.0, .readable(3)) == "0")
    #expect(formatNumber(2.5, .readable(0)) == "3")
    #expect(formatNumber(0.125, .readable(2)) == "0.13")
    #expect(formatNumber(.infinity, .readable(3)) == "inf")
    #expect(formatNumber(.nan, .readable(3)) == "nan")
    #expect(formatNumber(1e30, .readable(3)) == "1e+30")
  }
}
