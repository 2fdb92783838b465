import LayoutEngine
import Testing

@testable import GridlineLanguage

/// Runs `text` (which must check cleanly) on a fresh interpreter and returns it.
private func interpreter(running text: String) -> (Interpreter, [Output], RunSummary) {
  let file = SourceFile(name: "t.gl", text: text)
  let (program, parsed) = Parser.parse(file)
  let checked = Checker.check(program)
  #expect(parsed.isEmpty && checked.isEmpty, "\((parsed + checked).map(\.message))")
  let interpreter = Interpreter(file: file)
  var outputs: [Output] = []
  let summary = interpreter.run(program) { outputs.append($0) }
  return (interpreter, outputs, summary)
}

/// The script's layouts are subclasses of the engine's that add decorations, transforms
/// and triggers through UIKit's own callbacks.
@Suite("Script layouts")
struct ScriptLayoutTests {
  @Test("attribute rules: copies with transform, alpha, zIndex, hidden; frames untouched")
  func rules() {
    let layout = ScriptFlowLayout(ScriptCallbacks(failures: CallbackFailures(), limits: Limits()))
    layout.itemSize = Size(width: 100, height: 100)
    layout.headerReferenceSize = Size(width: 0, height: 30)
    let quarter = Transform3D.rotation(angle: Double.pi / 4)
    layout.setAttributeRules([
      AttributeRule(.allItems, transform3D: quarter),
      AttributeRule(.item(IndexPath(item: 4, section: 1)), alpha: 0.5, zIndex: 3),
      AttributeRule(.supplementary(kind: ElementKind.sectionHeader, section: 1), isHidden: true),
    ])
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: [3, 6])
    cv.layoutIfNeeded()
    let item = layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 1))!
    #expect(item.transform3D == quarter && item.alpha == 0.5 && item.zIndex == 3)
    #expect(item.frame == Rect(x: 137.5, y: 270, width: 100, height: 100))
    let header1 = layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 1))!
    #expect(header1.isHidden && header1.transform3D.isIdentity)
    #expect(!cv.visibleElements.contains { $0.key == header1.key })  // ATTR-7
    let all = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 600))
    #expect(
      all.filter { $0.representedElementCategory == .cell }.allSatisfy { $0.transform3D == quarter }
    )
  }

  @Test("decorations: answered one by one and in rect queries, counted, sticky recipe too")
  func decorations() throws {
    for sticky in [false, true] {
      let (interpreter, outputs, summary) = interpreter(
        running: """
          layout flow { item size 100 x 80; insets 16; header size 0 x 36 }
          section items 5
          section items 4
          decoration "background" for each section { frame = inset(section.items, -8); z -1 }
          \(sticky ? "sticky headers" : "")
          show visible
          """)
      #expect(!summary.failed, "\(outputs)")
      let layout = try #require(interpreter.layout as? any ScriptedFlowLayout)
      #expect((layout is StickyHeadersFlowLayout) == sticky)
      let background = layout.layoutAttributesForDecorationView(
        ofKind: "background", at: IndexPath(item: 0, section: 0))
      #expect(background?.frame == Rect(x: 8, y: 44, width: 359, height: 186))
      #expect(background?.zIndex == -1)
      #expect(layout.registeredDecorationKinds == ["background"])
      let inRect = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 50))
      #expect(inRect.contains { $0.representedElementKind == "background" })
      // Nine cells, two headers, two backgrounds.
      #expect(layout.attributeCount == 13)
      // An in-place self-sizing update would leave the backgrounds behind the new geometry.
      #expect(!layout.resizesItemsInPlace)
    }
  }

  @Test("batches keep the frames before their change, unless sizes are expressions")
  func keepsFramesBeforeUpdates() throws {
    let cases = [
      ("item 0...399 size 100 x 40", "", true),
      ("item 0...399 size (item % 7 + 60) x 40", "", false),
      (
        "item 0...399 size 100 x 40",
        #"decoration "bg" for each section { frame = section.items }"#,
        false
      ),
    ]
    for (rule, decoration, keeps) in cases {
      let (interpreter, outputs, summary) = interpreter(
        running: """
          layout flow { item size 50 x 50 }
          section items 400 { \(rule) }
          \(decoration)
          show visible
          insert items [0, 400]
          expect recomputed \(keeps ? "< 100" : ">= 401")
          """)
      #expect(
        !summary.failed && summary.expectationsFailed == 0, "\(rule) \(decoration): \(outputs)")
      let layout = try #require(interpreter.layout as? ScriptFlowLayout)
      #expect(layout.keepsFramesBeforeUpdates == keeps, "\(rule) \(decoration)")
    }
  }

  @Test("a trigger's context: flagged, targeted, with what the trigger names")
  func triggerContext() throws {
    let (interpreter, _, summary) = interpreter(
      running: """
        layout flow { item size 375 x 100; line spacing 0 }
        section items 20
        invalidate on bounds change when new.minY > old.minY { items [0, 3]; flag footer }
        show visible
        """)
    #expect(!summary.failed)
    let layout = try #require(interpreter.layout as? ScriptFlowLayout)
    let down = Rect(x: 0, y: 50, width: 375, height: 667)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: down))
    let context = try #require(
      layout.invalidationContext(forBoundsChange: down) as? FlaggedInvalidationContext)
    #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 3, section: 0)])
    #expect(context.flags == ["footer"])
    #expect(!context.invalidateFlowLayoutAttributes && !context.invalidateFlowLayoutDelegateMetrics)
    // Scrolling up fires nothing: the flow's own answer (FLOW-24: no invalidation).
    let up = Rect(x: 0, y: -50, width: 375, height: 667)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: up))
    #expect(!(layout.invalidationContext(forBoundsChange: up) is FlaggedInvalidationContext))
  }

  @Test("cancellation arrives as RunError.cancelled, before the frame; the scroll goes on")
  func cancelledFrame() throws {
    let file = SourceFile(
      name: "t.gl", text: "section items 100\nscroll by y 300 over 3 frames")
    let (program, _) = Parser.parse(file)
    let interpreter = Interpreter(file: file)
    interpreter.run(Program(statements: [program.statements[0]])) { _ in }
    var scroll = try #require(interpreter.beginSteppedScroll(program.statements[1]) { _ in })
    _ = try interpreter.stepFrame(&scroll) { _ in }
    var cancel = true
    interpreter.shouldCancel = { cancel }
    #expect(throws: RunError.self) { _ = try interpreter.stepFrame(&scroll) { _ in } }
    do {
      _ = try interpreter.stepFrame(&scroll) { _ in }
      Issue.record("the frame ran although cancelled")
    } catch {
      guard case .cancelled = error else {
        Issue.record("expected .cancelled, got \(error)")
        return
      }
    }
    #expect(scroll.done == 1 && !scroll.isFinished)
    #expect(interpreter.collectionView?.contentOffset.y == 100)
    cancel = false
    _ = try interpreter.stepFrame(&scroll) { _ in }
    #expect(scroll.done == 2)
  }

  @Test("callback failures belong to the scope of the step that made the engine call")
  func callbackScopes() throws {
    let failures = CallbackFailures()
    let here = SourceRange(start: 0, end: 1)
    failures.report(.error(.layoutWarning("outside every step"), at: here))
    let (_, none) = try failures.collect { () throws(RunError) in () }
    #expect(none == nil)
    let (inner, outer) = try failures.collect { () throws(RunError) -> Diagnostic? in
      failures.report(.error(.layoutWarning("first"), at: here))
      let (_, nested) = try failures.collect { () throws(RunError) in
        failures.report(.error(.layoutWarning("nested"), at: here))
      }
      failures.report(.error(.layoutWarning("second"), at: here))
      return nested
    }
    #expect(inner?.message == "nested")
    #expect(outer?.message == "first")
  }

  @Test("a failing item size stops the run after its step, once, with the item named")
  func itemSizeFailureStopsAfterTheStep() {
    let (interpreter, outputs, summary) = interpreter(
      running: """
        section items 5 { item 0...4 size (10 - item * 3) x 10 }
        print "before"
        scroll by y 10 over 3 frames
        print "not reached"
        """)
    // Every frame ran (3 steps), then the step reported the failure and the run stopped.
    #expect(summary.failed && summary.steps == 5)
    #expect((interpreter.collectionView?.contentOffset.y ?? 0) > 9.99)
    let diagnostics = outputs.compactMap { if case .diagnostic(let d) = $0 { d } else { nil } }
    #expect(
      diagnostics.map(\.message) == [
        "item [0, 4]: negative or zero item sizes are not supported in the flow layout (FLOW-19): -2 x 10"
      ])
  }

  @Test("decorations for one section and at one index path; the precise one wins there")
  func decorationPlaces() {
    let (outputs, summary) = run(
      """
      viewport 300 x 400
      layout flow { item size 100 x 40; line spacing 10 }
      section items 4
      section items 3
      decoration "background" for each section { frame = inset(section.items, -4) }
      decoration "background" for section 1 { frame = inset(section.items, -8); z -2 }
      decoration "badge" at [0, 2] { frame = rect(0, 0, 10, 10); z 5 }
      decoration "badge" at [5, 0] { frame = rect(0, 0, 10, 10) }
      expect decoration "background" [0].frame.x == -4
      expect decoration "background" [1].frame.x == -8
      expect decoration "background" [1].zIndex == -2
      expect decoration "badge" [0, 2].zIndex == 5
      expect visible == 7 + 2 + 1
      decoration "badge" at [0, 2] { frame = rect(0, 0, 20, 20) }
      expect decoration "badge" [0, 2].frame.width == 20
      expect visible == 10
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(
      errors("section items 1\ndecoration \"b\" at 3 { frame = rect(0, 0, 1, 1) }").contains {
        $0.contains("the decoration's place")
      })
  }

  @Test("a decoration's frame reads the items laid out before it, as seed 003's background")
  func decorationReadsItems() {
    // Seed 003 builds a section's background from its first and last items' attributes,
    // which the flow laid out before its decorations.
    passes(
      """
      viewport 375 x 600
      layout flow { item size 100 x 100; insets (top: 10, left: 10, bottom: 10, right: 10); header size 0 x 30 }
      sections 2 items 5
      decoration "background" for each section {
        frame = union(item [section.index, 0].frame, item [section.index, section.count - 1].frame)
        z -1
      }
      decoration "under header" for section 1 { frame = inset(header [1].frame, -2) }
      show all
      expect decoration "background" [0].frame == union(item [0, 0].frame, item [0, 4].frame)
      expect decoration "background" [1].frame.y == item [1, 0].frame.y
      expect decoration "under header" [1].frame == inset(header [1].frame, -2)
      scroll to y 100
      expect decoration "background" [1].frame == union(item [1, 0].frame, item [1, 4].frame)
      """)
    // Not a decoration: those are what the pass is computing.
    #expect(
      errors(
        """
        layout flow { item size 100 x 100 }
        section items 2
        decoration "a" for each section { frame = section.items }
        decoration "b" for each section { frame = decoration "a" [section.index, 0].frame }
        """
      ).contains { $0.contains("not a decoration") })
    // An item the section does not have is the step's error, named with the decoration.
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 100 }
      section items 2
      decoration "a" for each section { frame = item [section.index, 5].frame }
      show all
      """)
    #expect(summary.failed)
    #expect(messages(outputs).contains { $0.hasPrefix("decoration for section 0: ") })
  }

  @Test(
    "the script's sizes in batches are its sizes item by item; a batch stops where only the general evaluator answers"
  )
  func batchedSizesEqualItemByItem() throws {
    // Item 20's rule reads the viewport, which the numeric programs do not compile; items
    // 30... have no rule (the layout's item size).
    let (interpreter, outputs, summary) = interpreter(
      running: """
        layout flow { item size 50 x 50 }
        section items 40 {
          item 0...9 size 60 x 40
          item 10...29 size (item % 7 + 60) x (30 + item)
          item 20 size (item + viewport.width / 10) x 30
        }
        show visible
        """)
    #expect(!summary.failed, "\(outputs)")
    let cv = try #require(interpreter.collectionView)
    let layout = try #require(interpreter.layout)
    let delegate = try #require(cv.delegate as? any CollectionViewDelegateFlowLayout)
    let fallback = Size(width: 50, height: 50)
    let itemByItem = (0..<40).map {
      delegate.collectionView(cv, layout: layout, sizeForItemAt: IndexPath(item: $0, section: 0))
        ?? fallback
    }
    var batched: [Size] = []
    var counts: [Int] = []
    var firstOwns: [Int?] = []
    var buffer = [Size](repeating: .zero, count: 40)
    while batched.count < 40 {
      let start = batched.count
      let batch = try buffer.withUnsafeMutableBufferPointer { out in
        try #require(
          delegate.collectionView(
            cv, layout: layout, sizesForItemsIn: start..<40, inSection: 0, fallback: fallback,
            into: UnsafeMutableBufferPointer(rebasing: out[0..<(40 - start)])))
      }
      counts.append(batch.count)
      firstOwns.append(batch.firstOwn)
      batched += buffer[0..<batch.count]
      if batched.count < 40 {
        // What the layout does with the item a batch left: asks it alone.
        batched.append(
          delegate.collectionView(
            cv, layout: layout, sizeForItemAt: IndexPath(item: batched.count, section: 0))
            ?? fallback)
      }
    }
    #expect(batched == itemByItem)
    #expect(counts == [20, 19])
    #expect(firstOwns == [0, 0])
    #expect(itemByItem[20] == Size(width: 20 + 37.5, height: 30))
    #expect(itemByItem[39] == fallback)
    // And the layout placed exactly those sizes.
    for item in 0..<40 {
      let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
      #expect(frame?.size == itemByItem[item], "item \(item)")
    }
  }
}
