import GridlineLanguage
import LayoutEngine
import Testing

/// When pictures mark an update (`Interpreter.updateShown`): mid-animation, and after an
/// update until the next step that acts; and what they are given — each element with its
/// track, presented at the frame's progress.
@Suite("Update marks in outputs")
struct UpdateMarkOutputTests {
  /// Rows of 50 points: [A, B, C, D] → [N, A, D, C] (B deleted, D moved to 2).
  static let setup = """
    viewport 100 x 400
    layout flow { item size 100 x 40; line spacing 10 }
    section items 4

    """
  static let batch =
    "batch { insert items [0, 0]; delete items [0, 1]; move item [0, 3] to [0, 2] }"

  static func draws(_ outputs: [Output]) -> [ShowOutput] {
    outputs.compactMap { if case .draw(let show, _, _) = $0 { show } else { nil } }
  }

  static func changes(_ show: ShowOutput) -> [String: UpdateChange] {
    var out: [String: UpdateChange] = [:]
    for (i, a) in show.elements.enumerated() where i < show.changes.count {
      guard let change = show.changes[i]?.change else { continue }
      out["\(a.indexPath.section).\(a.indexPath.item)"] = change
    }
    return out
  }

  @Test("after an update, draw carries each element's change; the deleted one at its old place")
  func afterUpdate() throws {
    let (outputs, summary) = run(Self.setup + Self.batch + "\ndraw")
    #expect(!summary.failed)
    let show = try #require(Self.draws(outputs).first)
    #expect(show.updateProgress == nil)
    let changes = Self.changes(show)
    #expect(changes["0.0"] == .inserted && changes["0.2"] == .moved && changes["0.3"] == .shifted)
    // The deleted B is added with its old index path and frame (LAY-15), faded out.
    let b = try #require(show.elements.indices.first { show.changes[$0]?.change == .deleted })
    #expect(show.elements[b].indexPath == IndexPath(item: 1, section: 0))
    #expect(show.elements[b].frame.minY == 50 && show.elements[b].alpha == 0)
  }

  @Test("looking steps keep the marks; the next step that acts clears them")
  func clearedByActing() {
    let (outputs, _) = run(
      Self.setup + Self.batch
        + "\nexpect item [0, 0].alpha == 1\nprint 1\ndraw\nscroll by y 10\ndraw\ndraw")
    let draws = Self.draws(outputs)
    #expect(draws.count == 3)
    #expect(Self.changes(draws[0])["0.0"] == .inserted)
    #expect(draws[1].changes.isEmpty && draws[2].changes.isEmpty)
  }

  @Test("a refused batch clears the marks and changes nothing")
  func refusedBatch() {
    let (outputs, summary) = run(
      Self.setup + Self.batch + "\nbatch { insert items [0, 0]; data { section 0 items 9 } }")
    #expect(summary.failed)
    #expect(Self.draws(outputs).isEmpty)
  }

  @Test("svg strip of an animated batch: before, each frame as presented, then after")
  func strip() throws {
    let (outputs, _) = run(
      Self.setup
        + "svg strip \"s.svg\" { batch over 2 frames { insert items [0, 0]; delete items [0, 1] } }"
    )
    guard case .svg(_, _, let states) = outputs.first else {
      Issue.record("no svg output")
      return
    }
    #expect(states.map(\.caption) == ["before", "frame 1/2", "frame 2/2", "after"])
    #expect(states[0].show.changes.isEmpty)
    let half = states[1].show
    #expect(half.updateProgress == 0.5)
    let n = try #require(half.elements.firstIndex { $0.indexPath.item == 0 && $0.alpha < 1 })
    #expect(half.changes[n]?.change == .inserted && half.elements[n].alpha == 0.5)
    let a = try #require(half.elements.indices.first { half.changes[$0]?.change == .shifted })
    #expect(half.elements[a].frame.minY == 25, "A halfway from y 0 to y 50")
    let b = try #require(half.elements.indices.first { half.changes[$0]?.change == .deleted })
    #expect(half.elements[b].alpha == 0.5 && half.elements[b].frame.minY == 50)
    #expect(states[3].show.updateProgress == nil)
    #expect(Self.changes(states[3].show)["0.0"] == .inserted)
  }

  @Test("a stepped update: the batch runs at the start, each frame moves the animation on")
  func stepped() throws {
    let file = SourceFile(
      name: "t.gl", text: Self.setup + "insert items [0, 0] over 4 frames\ndraw")
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file)
    interpreter.run(Program(statements: Array(program.statements.prefix(3)))) { _ in }
    let statement = program.statements[3]
    #expect(statement.isSteppable)
    var stepping = try #require(interpreter.beginStepping(statement) { _ in })
    #expect(stepping.isUpdate && stepping.frames == 4 && stepping.done == 0)
    let opening = try interpreter.stepFrame(&stepping) { _ in }
    #expect(opening.contains(.performBatchUpdates("performBatchUpdates(_:completion:)")))
    _ = try interpreter.stepFrame(&stepping) { _ in }
    var drawn: [Output] = []
    interpreter.run(Program(statements: [program.statements[4]])) { drawn.append($0) }
    let mid = try #require(Self.draws(drawn).first)
    #expect(mid.updateProgress == 0.5)
    let last =
      try interpreter.stepFrame(&stepping) { _ in }
      + interpreter.stepFrame(&stepping) {
        _ in
      }
    #expect(stepping.isFinished && last.contains(.completion(finished: true)))
    #expect(interpreter.collectionView?.updateAnimation == nil)
    drawn = []
    interpreter.run(Program(statements: [program.statements[4]])) { drawn.append($0) }
    #expect(Self.changes(try #require(Self.draws(drawn).first))["0.0"] == .inserted)
  }

  @Test("a stepped batch UIKit refuses starts nothing; the data is as it was")
  func steppedRefused() throws {
    let file = SourceFile(
      name: "t.gl",
      text: Self.setup + "batch over 3 frames { insert items [0, 0]; data { section 0 items 9 } }")
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file)
    interpreter.run(Program(statements: Array(program.statements.prefix(3)))) { _ in }
    var emitted: [Output] = []
    #expect(interpreter.beginStepping(program.statements[3]) { emitted.append($0) } == nil)
    #expect(messages(emitted).first?.hasPrefix("NSInternalInconsistencyException") == true)
    #expect(interpreter.collectionView?.numberOfItems(inSection: 0) == 4)
    #expect(interpreter.collectionView?.updateAnimation == nil)
  }
}
