import GridlineLanguage
import LayoutEngine
import Testing

/// Diffable snapshots, `appearing`/`disappearing` rules and the expressions across the last
/// update, through the language.
@Suite("Language: diffable snapshots and update rules")
struct UpdateLanguageTests {
  private func printed(_ outputs: [Output]) -> [String] {
    outputs.compactMap { if case .print(_, let value) = $0 { value.description } else { nil } }
  }

  private func traces(_ outputs: [Output]) -> [TraceEntry] {
    outputs.flatMap { output -> [TraceEntry] in
      if case .trace(_, _, let entries) = output { return entries }
      return []
    }
  }

  @Test("a snapshot's difference: the fewest updates, by identifier, traced with the names")
  func snapshotDifference() {
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 50 }
      section "Fruits" items ["apple", "pear", "fig"]
      trace on
      apply snapshot { section "Fruits" items ["fig", "apple", "kiwi"] }
      trace off
      print updates
      print item "fig".indexPath
      print item [0, 0].before
      print item [0, 1].after
      print item "kiwi".before
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    #expect(
      printed(outputs) == [
        #"["D(0,1)", "I(0,2)", "M(0,2)->(0,0)"]"#, "[0, 0]", "[0, 2]", "nothing", "nothing",
      ])
    let differences = traces(outputs).compactMap { entry -> [String]? in
      if case .difference(let d) = entry { return d }
      return nil
    }
    #expect(
      differences == [
        [#"delete "pear" [0, 1]"#, #"insert "kiwi" [0, 2]"#, #"move "fig" [0, 2] → [0, 0]"#]
      ])
  }

  @Test("sections move and items cross sections; a new section is inserted with its items")
  func sectionsAndCrossings() {
    let (outputs, summary) = run(
      """
      section "A" items ["a1", "a2"]
      section "B" items ["b1"]
      apply snapshot {
        section "B" items ["b1", "a2"]
        section "C" items ["c1", "c2"]
        section "A" items ["a1"]
      }
      print updates
      expect item "a2".indexPath == [0, 1]
      expect items(in: 1) == 2
      expect item [0, 0].before == [1, 0]
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    #expect(summary.expectationsFailed == 0, "\(messages(outputs))")
    // BATCH-9 lists section updates first; a2 leaves A ([0, 1]) for B's new index 0.
    #expect(
      printed(outputs) == [
        #"["I(section 1)", "M(section 1)->(section 0)", "M(0,1)->(0,1)"]"#
      ])
  }

  @Test("BATCH-9: a reload beside a move is where its update item says, for .after and show")
  func reloadBesideMove() {
    passes(
      """
      viewport 390 x 300
      layout flow { item size 80 x 80 }
      section items 4
      show visible
      let third = item [0, 2].frame
      batch {
        move item [0, 0] to [0, 2]
        reload items [0, 1]
      }
      # The reload lands at [0, 1] (no deletes or inserts before it, moves ignored); the
      # move takes [0, 2]; old item 2, the survivor left of them, fills [0, 0].
      expect updates == ["M(0,0)->(0,2)", "R(0,1)->(0,1)"]
      expect [0, 1].after == [0, 1]
      expect [0, 2].after == [0, 0]
      expect [0, 0].after == [0, 2]
      expect [0, 0].before == [0, 2]
      expect item [0, 2].frame == third
      """)
  }

  @Test("reconfigure adds no update item; reload in a snapshot is an R item")
  func reconfigureAndReload() {
    let (outputs, summary) = run(
      """
      section "F" items ["apple", "fig"]
      trace on
      reconfigure items ["apple"]
      trace off
      print updates
      apply snapshot { reload items ["fig"] }
      print updates
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    #expect(printed(outputs) == ["[]", #"["R(0,1)->(0,1)"]"#])
    let reconfigured = traces(outputs).contains { entry in
      if case .event(.reconfigureItems(let paths)) = entry {
        return paths == [IndexPath(item: 0, section: 0)]
      }
      return false
    }
    #expect(reconfigured)
  }

  @Test("UIKit's duplicate-identifier error points at the entry and changes nothing")
  func duplicates() {
    let (outputs, summary) = run(
      """
      section "F" items ["apple", "fig"]
      apply snapshot {
        section "F" items ["fig", "fig"]
      }
      """)
    #expect(summary.failed)
    let diagnostic = outputs.compactMap { if case .diagnostic(let d) = $0 { d } else { nil } }.first
    #expect(diagnostic?.exception == CollectionViewException.internalInconsistency)
    #expect(
      diagnostic?.message
        == "NSInternalInconsistencyException: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    \"fig\"\n)}"
    )
    #expect(diagnostic?.range.start == 54)  // the entry, not the statement
  }

  @Test("a diffable data source refuses the update statements; sections cannot be mixed")
  func diffableRefusals() {
    let (outputs, _) = run(
      """
      section "F" items ["apple"]
      insert items [0, 1]
      """)
    #expect(
      messages(outputs) == [
        "the items have identifiers (a diffable data source): change them with 'apply snapshot { … }', not 'insert items'"
      ])
    let mixed =
      "sections with item identifiers (a diffable data source) and sections with counts cannot be mixed"
    for text in [
      "section items 3\nsection \"F\" items [\"apple\"]",
      "section \"F\" items [\"apple\"]\nsection items 3",
      "section \"F\" items [\"apple\"]\nsections 0 items 3",
    ] {
      let (checked, ran) = LimitTests.checkAndRun(text, Limits())
      #expect(checked.map(\.message) == [mixed], "\(text)")
      #expect(ran == [mixed], "\(text)")
    }
    // No section yet, or sections a repeat may not declare: nothing is mixed, or known.
    #expect(errors("sections 0 items 3\nsection \"F\" items [\"apple\"]").isEmpty)
    #expect(errors("repeat 0 { section items 1 }\nsection \"F\" items [\"apple\"]").isEmpty)
    let (unknown, _) = run(
      """
      section "F" items ["apple"]
      print item "kiwi".frame
      """)
    #expect(messages(unknown) == [#"no item "kiwi" in the data source"#])
  }

  @Test("before and after follow a plain batch; nothing before any batch")
  func acrossABatch() {
    let (outputs, summary) = run(
      """
      section items 6
      print [0, 2].after
      batch {
        delete items [0, 1]
        insert items [0, 0], [0, 5]
        move item [0, 4] to [0, 1]
      }
      print item [0, 2].after
      print item [0, 1].before
      print item [0, 1].after
      print updates.count
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    // Old [A B C D E F]: delete B and E → [A C D F]; insert at 0, E at 1, new at 5 →
    // [N E A C D N' F]: C (old 2) is at 3; new [0, 1] is E (old 4); B (old 1) is gone.
    #expect(printed(outputs) == ["nothing", "[0, 3]", "[0, 4]", "nothing", "4"])
  }

  @Test("appearing and disappearing rules answer only for inserted and deleted elements")
  func updateRules() {
    let (outputs, summary) = run(
      """
      viewport 375 x 300
      layout flow { item size 100 x 50 }
      section items 6
      appearing items { alpha 0; scale 0.5 }
      disappearing items { translate (0, 40) }
      trace on
      batch {
        insert items [0, 0]
        delete items [0, 5]
      }
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    var initial: [IndexPath: Rect?] = [:]
    var final: [IndexPath: Rect?] = [:]
    for entry in traces(outputs) {
      if case .event(.initialLayoutAttributesForAppearing(let key, let frame)) = entry {
        initial[key.indexPath] = frame
      }
      if case .event(.finalLayoutAttributesForDisappearing(let key, let frame)) = entry {
        final[key.indexPath] = frame
      }
    }
    #expect(initial[IndexPath(item: 0, section: 0)] == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(initial[IndexPath(item: 1, section: 0)] == .some(nil))
    #expect(final[IndexPath(item: 5, section: 0)] == Rect(x: 275, y: 60, width: 100, height: 50))
    #expect(final[IndexPath(item: 4, section: 0)] == .some(nil))
  }

  @Test("an appearing rule's attributes start the animation; the frame stays (ATTR-2)")
  func appearingAnimation() {
    let (outputs, summary) = run(
      """
      layout flow { item size 100 x 50 }
      section items 2
      appearing items { alpha 0.5; scale 0.2 }
      insert items [0, 0] over 2 frames
      expect item [0, 0].alpha == 1
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
  }

  @Test("the checker knows lists, identifiers and nothing")
  func checking() {
    let file = SourceFile(
      name: "t.gl",
      text: """
        section items ["a"]
        apply snapshot { section "F" items 3 }
        let y = [1, "a"]
        expect nothing == nothing
        """)
    let (program, parsed) = Parser.parse(file)
    #expect(parsed.isEmpty)
    let found = Checker.check(program, limits: Limits()).map(\.message)
    #expect(
      found == [
        #"a section of identified items needs its own identifier: section "Fruits" items ["apple"]"#,
        "a snapshot's section expects a list, not a number",
        "an index path is made of numbers, not a string",
      ])
  }

  @Test("a reload of an item whose path changes is a delete and an insert, never a refusal")
  func reloadShifted() {
    let (outputs, summary) = run(
      """
      section "A" items ["a", "b"]
      apply snapshot { section "A" items ["x", "a", "b"]; reload items ["a"] }
      print updates
      apply snapshot { section "A" items ["b", "x", "a"]; reload items ["b"] }
      print updates
      apply snapshot { section "A" items ["b", "x", "a"]; reload items ["x"] }
      print updates
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    #expect(
      printed(outputs) == [
        #"["D(0,0)", "I(0,0)", "I(0,1)"]"#, #"["D(0,2)", "I(0,0)"]"#, #"["R(0,1)->(0,1)"]"#,
      ])
  }

  @Test("BATCH-9: a reload that stays put but would land elsewhere beside moves is replaced")
  func reloadLandsAstray() {
    // "b" stays at [0, 2], but "m" moves from 0 to 3 and "n" is inserted at 0: a reload of
    // [0, 2] would land at [0, 3] (moves ignored) — the move's target, which UIKit refuses.
    let (outputs, summary) = run(
      """
      section "F" items ["m", "a", "b"]
      apply snapshot { section "F" items ["n", "a", "b", "m"]; reload items ["b"] }
      print updates
      expect item "b".indexPath == [0, 2]
      """)
    #expect(!summary.failed && summary.expectationsFailed == 0, "\(messages(outputs))")
    #expect(printed(outputs) == [#"["D(0,2)", "I(0,0)", "I(0,2)", "M(0,0)->(0,3)"]"#])
  }

  @Test("an identifier's before and after follow the item; a section path maps sections")
  func identifierAcross() {
    let (outputs, summary) = run(
      """
      section "A" items ["apple", "pear", "fig"]
      section "B" items ["kale"]
      apply snapshot {
        section "B" items ["kale"]
        section "A" items ["fig", "apple"]
      }
      print item "fig".after
      print item "fig".before
      print item "pear".after
      print [0].before
      print [0].after
      """)
    #expect(!summary.failed, "\(messages(outputs))")
    #expect(printed(outputs) == ["[1, 0]", "[0, 2]", "nothing", "[1]", "[1]"])
  }

  @Test("appearing rules need a flow layout, before or after they are declared")
  func updateRulesNeedFlow() {
    let file = SourceFile(
      name: "t.gl", text: "appearing items { alpha 0 }\nlayout grid { columns 2 }\n")
    let (program, _) = Parser.parse(file)
    #expect(
      Checker.check(program, limits: Limits()).map(\.message) == [
        "appearing and disappearing rules need a flow layout"
      ])
  }

  @Test("a section moved onto itself is a no-op move with its update item (issue 32)")
  func sectionOntoItself() {
    passes(
      """
      layout flow { item size 50 x 50 }
      sections 3 items 2
      let before = item [1, 1].frame
      move section 1 to 1
      expect updates == ["M(section 1)->(section 1)"]
      expect item [1, 1].frame == before
      expect items(in: 1) == 2
      """)
  }
}
