import GridlineLanguage
import LayoutEngine
import Testing

/// `item [0, 3].transform` in expressions (issue 14, fidelity bug 3): the decomposition in
/// the units `transform … { rotate … }` is written in, the affine matrix, and printing.
@Suite("Language: reading transforms")
struct TransformReadingTests {
  static let list = """
    viewport 320 x 480
    layout flow { item size 100 x 100 }
    section items 6
    transform item [0, 1] { rotate 30 }
    transform item [0, 2] { scale 1.5 x 0.5; rotate 90; translate (10, -4) }
    transform item [0, 3] { perspective 500; rotate y 20 }

    """

  @Test("rotation in degrees, scale as a size, translation as a point")
  func decomposition() {
    passes(
      Self.list + """
        expect item [0, 0].transform.identity
        expect item [0, 0].transform.rotation == 0
        expect item [0, 0].transform.scale == 1 x 1
        expect item [0, 1].transform.rotation == 30
        expect item [0, 1].transform.scale == 1 x 1
        expect item [0, 1].transform.b == sin(30) and item [0, 1].transform.a == cos(30)
        expect item [0, 2].transform.rotation == 90
        expect item [0, 2].transform.scale == 1.5 x 0.5
        expect item [0, 2].transform.translation == (10, -4)
        expect item [0, 2].transform.affine
        expect not item [0, 3].transform.affine
        expect item [0, 3].transform.m34 == -1 / 500
        expect item [0, 0].transform == item [0, 4].transform
        expect item [0, 1].transform != item [0, 0].transform
        """)
  }

  @Test("print shows CGAffineTransform's six numbers, or the four rows of a 3D transform")
  func printing() {
    let (outputs, summary) = run(
      Self.list + """
        print item [0, 0].transform
        print item [0, 2].transform
        print item [0, 1].transform.rotation
        """)
    #expect(!summary.failed, "\(messages(outputs))")
    var printed: [String] = []
    for case .print(_, let value) in outputs { printed.append(value.description) }
    #expect(
      printed == [
        "(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)",
        "(a: 0, b: 1.5, c: -0.5, d: 0, tx: 10, ty: -4)",
        "30",
      ])
  }

  @Test("an unknown member of a transform is a check error with a suggestion")
  func unknownMember() {
    let found = errors(Self.list + "print item [0, 1].transform.rotaton\n")
    #expect(found.count == 1)
    #expect(found.first?.contains("rotaton") == true)
    #expect(errors(Self.list + "expect item [0, 1].transform == 3\n").count == 1)
  }
}
