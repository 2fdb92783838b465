import GridlineLanguage
import Testing

/// `gl export swift` of a custom layout: the text of the `UICollectionViewLayout` subclass
/// translated from its code. (That it lays out the script's frames is `.ci/check-exports`'
/// proof, over the examples' custom layouts.)
@Suite("Export: a custom layout as a UICollectionViewLayout subclass")
struct SwiftCustomExportTests {
  func export(_ layout: String, _ more: String = "section items 5\n") throws(ExportProblem)
    -> String
  {
    let file = SourceFile(name: "shapes.gl", text: "viewport 375 x 667\n" + more + layout)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty)
    return try SwiftExport.swift(program, file: file, version: "test").source
  }

  func refusal(_ layout: String) -> ExportProblem? {
    do {
      _ = try export(layout)
      return nil
    } catch {
      return error
    }
  }

  @Test("the four steps: prepare caches what the code places, and the cache answers")
  func fourSteps() throws {
    let source = try export(
      """
      layout custom rows {
        prepare {
          for i in 0..<items(in: 0) {
            place item [0, i] at rect(0, i * 45, viewport.width, 44)  # one row
          }
          content size = viewport.width x (items(in: 0) * 45 - 1)
        }
      }

      """)
    #expect(source.contains("final class RowsLayout: UICollectionViewLayout {"))
    #expect(source.contains("override func prepare() {\n    super.prepare()"))
    #expect(source.contains("    let viewport = collectionView.bounds.size\n"))
    #expect(source.contains("for i in 0..<collectionView.numberOfItems(inSection: 0) {"))
    // A long call is wrapped after the index path.
    #expect(
      source.contains(
        """
              placeItem(  // one row
                IndexPath(item: i, section: 0),
                at: CGRect(x: 0, y: CGFloat(i * 45), width: viewport.width, height: 44))
        """))
    #expect(
      source.contains(
        "contentSize = CGSize(width: viewport.width, "
          + "height: CGFloat(collectionView.numberOfItems(inSection: 0) * 45 - 1))"))
    #expect(source.contains("override var collectionViewContentSize: CGSize { contentSize }"))
    #expect(source.contains("cachedAttributes.filter { $0.frame.intersects(rect) }"))
    #expect(source.contains("itemPositions[indexPath].map { cachedAttributes[$0] }"))
    // A custom layout asks its delegate nothing: the data source is only that.
    #expect(source.contains("final class ShapesDataSource: NSObject, UICollectionViewDataSource {"))
    #expect(!source.contains("shouldInvalidateLayout"))
    #expect(!source.contains("isClose"))
  }

  @Test("counts stay Int; a variable given a fraction is CGFloat; i = i + 1 is i += 1")
  func numberTypes() throws {
    let source = try export(
      """
      layout custom steps {
        prepare {
          var y = 0
          var k = 0
          for i in 0..<items(in: 0) {
            place item [0, i] at rect(0, y, 10, 10)
            y = y + 12.5
            k = k + 1
          }
          content size = 375 x (y + k)
        }
      }

      """)
    #expect(source.contains("var y: CGFloat = 0"))
    #expect(source.contains("var k = 0"))
    #expect(source.contains("y += 12.5"))
    #expect(source.contains("k += 1"))
    #expect(source.contains("CGSize(width: 375, height: y + CGFloat(k))"))
  }

  @Test("compound assignments and whole literals keep their grouping in Swift")
  func compoundGrouping() throws {
    let source = try export(
      """
      layout custom grouped {
        prepare {
          var y = 64
          y /= 2 * 4
          var h = [1, 2]
          h[1] -= 1 + 1
          let w = viewport.width / (3 - 1)
          place item [0, 0] at rect(0, 0, w, y + h[1])
          content size = 375 x 100
        }
      }
      """)
    // Not `y / 2 * 4`, `h[1] - 1 + 1` or `viewport.width / 3 - 1`.
    #expect(source.contains("    y = y / (2 * 4)\n"), "\(source)")
    #expect(source.contains("    h[1] = h[1] - (1 + 1)\n"), "\(source)")
    #expect(source.contains("let w = viewport.width / (3 - 1)"), "\(source)")
  }

  @Test("literals divide as numbers, and an empty range runs no pass")
  func divisionAndRanges() throws {
    let source = try export(
      """
      layout custom parts {
        prepare {
          let third = 2 / 3
          let n = items(in: 0) - 2
          for i in 1..<n {
            place item [0, i] at rect(0, i * third, 10, 10)
          }
          for j in 0...n { content size = 375 x j }
          for s in 0..<sections { content size = 375 x 1 }
        }
      }

      """)
    #expect(source.contains("let third: CGFloat = 2.0 / 3"))
    // n may be below 1: Swift's 1..<n would trap where gl runs no pass.
    #expect(source.contains("for i in stride(from: 1, to: n, by: 1) {"))
    #expect(source.contains("for j in stride(from: 0, through: n, by: 1) {"))
    // A count is never negative, and a loop variable nobody reads is `_`.
    #expect(source.contains("for _ in 0..<collectionView.numberOfSections {"))
  }

  @Test("numbers compare as gl compares them, within the tolerance; counts exactly")
  func comparisons() throws {
    let source = try export(
      """
      layout custom cmp {
        prepare {
          let w = viewport.width / 3
          for i in 0..<items(in: 0) {
            if w * i <= 200 and i != 2 and not (w == 125) {
              place item [0, i] at rect(w * i, 0, w, 10)
            }
          }
          content size = viewport
        }
      }

      """)
    #expect(
      source.contains(
        "if !(w * CGFloat(i)).isGreater(than: 200) && i != 2 && !w.isClose(to: 125) {"))
    #expect(source.contains("fileprivate func isClose(to other: CGFloat) -> Bool {"))
    #expect(source.contains("self > other && !isClose(to: other)"))
    #expect(!source.contains("func isLess"))
  }

  @Test("the script's lets are the class's constants, with their lines")
  func constants() throws {
    let source = try export(
      """
      let gap = 10
      layout custom spaced {
        let columns = 2
        prepare {
          let width = (viewport.width - gap) / columns
          var heights = repeating(0, count: columns)
          for i in 0..<items(in: 0) {
            let c = index(of: min(heights), in: heights)
            place item [0, i] at rect(c * (width + gap), heights[c], width, 50)
            heights[c] = heights[c] + 50 + gap
          }
          content size = viewport.width x max(heights)
        }
      }

      """)
    #expect(source.contains("  let gap: CGFloat = 10  // shapes.gl:3\n"))
    #expect(source.contains("  let columns: CGFloat = 2  // shapes.gl:5\n"))
    #expect(source.contains("var heights = [CGFloat](repeating: 0, count: Int(columns))"))
    #expect(
      source.contains("let c = heights.firstIndex(where: { $0.isClose(to: heights.min()!) }) ?? -1")
    )
    #expect(source.contains("heights[c] = heights[c] + 50 + gap"))
    #expect(source.contains("height: heights.max()!"))
  }

  @Test("elements in rect is the query, in its order; triggers invalidate on bounds changes")
  func queryAndTriggers() throws {
    let source = try export(
      """
      layout custom reversed {
        prepare {
          for i in 0..<items(in: 0) { place item [0, i] at rect(0, i * 10, 10, 10) }
          content size = 10 x 50
        }
        # Last placed first.
        elements in rect {
          var i = cached.count - 1
          while i >= 0 {
            if intersects(cached[i].frame, rect) { answer cached[i] }
            i = i - 1
          }
        }
        invalidate on bounds change when new.width != old.width
        invalidate on size change  # a rotation
      }

      """)
    #expect(source.contains("/// Last placed first.\n  override func layoutAttributesForElements"))
    #expect(source.contains("var answer: [UICollectionViewLayoutAttributes] = []"))
    #expect(source.contains("var i = cachedAttributes.count - 1"))
    #expect(source.contains("if cachedAttributes[i].frame.intersects(rect) {"))
    #expect(source.contains("answer.append(cachedAttributes[i])"))
    #expect(source.contains("    return answer\n"))
    #expect(source.contains("let oldBounds = collectionView.bounds"))
    #expect(
      source.contains(
        "if !newBounds.size.width.isClose(to: oldBounds.size.width) {  // shapes.gl:16"))
    #expect(
      source.contains("return oldBounds.size != newBounds.size  // shapes.gl:17: a rotation"))
  }

  @Test("sin and cos take degrees, reduced as gl reduces them; place's alpha and z")
  func trigonometryAndStyle() throws {
    let source = try export(
      """
      layout custom ring {
        prepare {
          for i in 0..<items(in: 0) {
            let a = 72 * i
            place item [0, i] at rect(100 + 50 * cos(a), 100 + 50 * sin(a), 10, 10) { alpha 0.5; z i }
          }
          content size = viewport
        }
      }

      """)
    #expect(source.contains("x: 100 + 50 * cosine(degrees: CGFloat(a))"))
    #expect(source.contains("y: 100 + 50 * sine(degrees: CGFloat(a))"))
    #expect(
      source.contains("private func sine(degrees: CGFloat, quarterTurns: Int = 0) -> CGFloat {"))
    #expect(source.contains("private func cosine(degrees: CGFloat) -> CGFloat {"))
    #expect(source.contains("alpha: 0.5, zIndex: i)"))
    #expect(source.contains("cachedAttributes[position].alpha = alpha"))
  }

  @Test("what the export cannot translate is refused at its line")
  func refusals() {
    let header = refusal(
      "layout custom h {\n  prepare {\n    place header [0] at rect(0, 0, 10, 10)\n  }\n}\n")
    #expect(header?.text.contains("placing headers, footers and other views") == true)
    #expect(header?.line == 5)
    let transform = refusal(
      "layout custom t { prepare { content size = 1 x 1 } }\ntransform item [0, 0] { alpha 0.5 }\n")
    #expect(transform?.text.contains("custom layout has transforms") == true)
  }

  @Test("the harness lays a custom layout out without a delegate, and asks it for rects")
  func harness() throws {
    let file = SourceFile(
      name: "h.gl",
      text: "section items 2\nlayout custom h { prepare { content size = 10 x 10 } }\n")
    let program = Parser.parse(file).0
    let harness = try SwiftExport.harness(program, file: file)
    #expect(harness.contains("let layout = HLayout()"))
    #expect(!harness.contains("collectionView.delegate"))
    #expect(harness.contains("layout.layoutAttributesForElements(in: rect)"))
    let frames = try SwiftExport.frames(program, file: file)
    #expect(frames.hasPrefix("content 10.0 x 10.0\n"))
    #expect(frames.contains("elements in y 3.0: \n"))
  }
}
