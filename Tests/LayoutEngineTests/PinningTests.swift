import GridlineTestSupport
import LayoutEngine
import Testing

/// Pinned headers and footers (PIN-1…PIN-7), vectors TV-15…TV-17.
@Suite("Pinned and sticky headers (PIN)")
struct PinningTests {
  /// TV-15: 375×600, header 50 per section, items 375×100, spacing 0, 2 sections × 5.
  func tv15(
    _ layout: CollectionViewFlowLayout = CollectionViewFlowLayout(), inset: EdgeInsets = .zero
  ) -> (CollectionView, CollectionViewFlowLayout) {
    layout.itemSize = Size(width: 375, height: 100)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 50)
    layout.sectionInset = inset
    layout.sectionHeadersPinToVisibleBounds = !(layout is StickyHeadersFlowLayout)
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: [5, 5])
    cv.contentInsetAdjustmentBehavior = .never
    cv.layoutIfNeeded()
    return (cv, layout)
  }

  func header(_ cv: CollectionView, _ section: Int) -> Rect {
    cv.layoutAttributesForElements(in: cv.bounds).first {
      $0.representedElementKind == ElementKind.sectionHeader && $0.indexPath.section == section
    }?.frame ?? .null
  }

  @Test(
    "OPEN-2: pinnedHeaderStop .footerEnd lets a header ride over its footer to the section's end")
  func pinnedHeaderStop() {
    // TV-15 with a 60-point footer: section 0 is header 0…50, items 50…550, footer 550…610.
    let layout = CollectionViewFlowLayout()
    layout.footerReferenceSize = Size(width: 0, height: 60)
    let (cv, _) = tv15(layout)
    cv.setContentOffset(Point(x: 0, y: 530))
    // PIN-2 as UIKit is read (the default): min(max(530, 0), 550 − 50) = 500.
    #expect(header(cv, 0).minY == 500)
    layout.pinnedHeaderStop = .footerEnd
    cv.layoutIfNeeded()
    // Stopped by the section's end instead: min(max(530, 0), 610 − 50) = 530, over the footer.
    #expect(header(cv, 0).minY == 530)
    cv.setContentOffset(Point(x: 0, y: 590))
    #expect(header(cv, 0).minY == 610 - 50)
    // The query still finds it where it is pinned (PIN-5), and the choice travels with the
    // layout's other properties.
    let copy = CollectionViewFlowLayout()
    copy.takeProperties(of: layout)
    #expect(copy.pinnedHeaderStop == .footerEnd)
  }

  @Test("TV-15: pinned headers follow the offset and are pushed out by the section's end")
  func tv15Vector() {
    let (cv, _) = tv15()
    #expect(cv.contentSize == Size(width: 375, height: 1100))
    for (offset, h0, h1) in [(200.0, 200.0, 550.0), (520, 500, 550), (700, 500, 700)] {
      cv.setContentOffset(Point(x: 0, y: offset))
      let all = cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 1100))
      let headers = all.filter { $0.representedElementKind == ElementKind.sectionHeader }
      #expect(headers.map(\.frame.minY) == [h0, h1], "offset \(offset)")
    }
    cv.setContentOffset(Point(x: 0, y: -80))  // PIN-3: pulled down, it moves with the content
    #expect(header(cv, 0).minY == 0)
  }

  @Test("TV-16: pinned below a navigation bar (adjusted inset top 64)")
  func tv16() {
    let (cv, _) = tv15()
    cv.contentInset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
    cv.setContentOffset(Point(x: 0, y: -64))
    #expect(header(cv, 0).minY == 0)
    cv.setContentOffset(Point(x: 0, y: 136))
    #expect(header(cv, 0).minY == 200)
  }

  @Test("TV-17 / PIN-7: the recipe drifts by the section insets where UIKit does not")
  func tv17() {
    let inset = EdgeInsets(top: 20, left: 0, bottom: 20, right: 0)
    let make = { (layout: CollectionViewFlowLayout) -> CollectionView in
      layout.itemSize = Size(width: 375, height: 100)
      layout.minimumLineSpacing = 0
      layout.headerReferenceSize = Size(width: 0, height: 50)
      layout.sectionInset = inset
      layout.sectionHeadersPinToVisibleBounds = !(layout is StickyHeadersFlowLayout)
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
        itemCounts: [3, 3])
      cv.layoutIfNeeded()
      return cv
    }
    let uikit = make(CollectionViewFlowLayout())
    let recipe = make(StickyHeadersFlowLayout())
    #expect(frame(uikit.collectionViewLayout, 0, 0).minY == 70)
    #expect(header(uikit, 0).minY == 0)
    #expect(header(recipe, 0).minY == 20)  // firstItem.minY − h
    uikit.setContentOffset(Point(x: 0, y: 330))
    recipe.setContentOffset(Point(x: 0, y: 330))
    #expect(header(uikit, 0).minY == 330)  // Es − h = 390 − 50 = 340 > 330
    #expect(header(recipe, 0).minY == 320)  // lastItem.maxY − h = 370 − 50
  }

  @Test("PIN-7(a): the recipe ignores the adjusted inset; UIKit pins below the bar")
  func recipeUnderBar() {
    let (uikit, _) = tv15()
    let (recipe, _) = tv15(StickyHeadersFlowLayout())
    for cv in [uikit, recipe] {
      cv.contentInset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
      cv.setContentOffset(Point(x: 0, y: 136))
    }
    #expect(header(uikit, 0).minY == 200)
    #expect(header(recipe, 0).minY == 136)
  }

  @Test("the recipe adds headers far above the viewport and raises their zIndex")
  func missingHeaders() {
    let (cv, layout) = tv15(StickyHeadersFlowLayout())
    cv.setContentOffset(Point(x: 0, y: 300))  // section 0's header (y 0) is far above
    let visible = cv.layoutAttributesForElements(in: cv.bounds)
    let h0 = visible.first {
      $0.representedElementKind == ElementKind.sectionHeader && $0.indexPath.section == 0
    }
    #expect(h0?.frame.minY == 300)
    #expect(h0?.zIndex == 99)
    (layout as? StickyHeadersFlowLayout)?.stickyZIndex = 1024
    #expect(header(cv, 0).minY == 300)
    #expect(
      cv.layoutAttributesForElements(in: cv.bounds).first {
        $0.representedElementKind == ElementKind.sectionHeader
      }?.zIndex == 1024)
    // The recipe never overrides the per-element query: it answers the natural header.
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))?.frame.minY == 0)
  }

  @Test("PIN-1: a scroll with pinning keeps every frame and invalidates only headers")
  func pinningContext() {
    let (cv, layout) = tv15()
    let before = layout.recomputedAttributes
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 10))
    let summary = cv.events.compactMap { event -> InvalidationSummary? in
      if case .invalidateLayout(let s) = event { return s }
      return nil
    }.first
    #expect(summary?.items == nil)
    // The sections on screen before (0…600) or after (10…610) the scroll: both.
    #expect(
      summary?.supplementary?[ElementKind.sectionHeader] == [
        IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1),
      ])
    #expect(summary?.customFields["invalidateFlowLayoutAttributes"] == "false")
    // Only the pinned headers met by the query were computed again, not the 10 cells.
    #expect(layout.recomputedAttributes == before)
    #expect(
      layout.recomputedKeys == [
        ElementKey(
          category: .supplementaryView, kind: ElementKind.sectionHeader,
          indexPath: IndexPath(item: 0, section: 0)),
        ElementKey(
          category: .supplementaryView, kind: ElementKind.sectionHeader,
          indexPath: IndexPath(item: 0, section: 1)),
      ])
  }

  @Test("pinned footers (PIN-4) and horizontal pinning")
  func footersAndHorizontal() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 375, height: 100)
    layout.minimumLineSpacing = 0
    layout.footerReferenceSize = Size(width: 0, height: 40)
    layout.sectionFootersPinToVisibleBounds = true
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout,
      itemCounts: [5, 5])
    cv.layoutIfNeeded()
    let footer = { (s: Int) in
      layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: s))!.frame.minY
    }
    #expect(footer(0) == 260)  // 0 + 300 − 40, above its natural 500
    cv.setContentOffset(Point(x: 0, y: 400))
    #expect(footer(0) == 500)  // natural
    #expect(footer(1) == 660)  // 400 + 300 − 40, above its natural 1040
    cv.setContentOffset(Point(x: 0, y: 100))
    #expect(footer(1) == 540)  // held down by Ss: section 1 starts at 540 (no header)

    let h = CollectionViewFlowLayout()
    h.scrollDirection = .horizontal
    h.itemSize = Size(width: 100, height: 375)
    h.minimumLineSpacing = 0
    h.headerReferenceSize = Size(width: 50, height: 0)
    h.sectionHeadersPinToVisibleBounds = true
    let hv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 600, height: 375), collectionViewLayout: h, itemCounts: [5, 5])
    hv.layoutIfNeeded()
    hv.setContentOffset(Point(x: 520, y: 0))
    let headers = hv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1100, height: 375))
      .filter { $0.representedElementKind == ElementKind.sectionHeader }.map(\.frame.minX)
    #expect(headers == [500, 550])  // the transpose of TV-15 at offset 520
  }

  @Test("property: a pinned header stays in its section and never overlaps the next one's")
  func pinnedHeadersStayInTheirSections() {
    var g = SeededGenerator(seed: 15)
    for _ in 0..<40 {
      let layout = CollectionViewFlowLayout()
      layout.itemSize = Size(width: 100, height: Double(Int.random(in: 20...120, using: &g)))
      layout.headerReferenceSize = Size(
        width: 0, height: Double(Int.random(in: 10...60, using: &g)))
      layout.sectionInset = EdgeInsets(
        top: Double(Int.random(in: 0...20, using: &g)), left: 0,
        bottom: Double(Int.random(in: 0...20, using: &g)), right: 0)
      layout.sectionHeadersPinToVisibleBounds = true
      let counts = (0..<Int.random(in: 1...6, using: &g)).map { _ in
        Int.random(in: 0...12, using: &g)
      }
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout,
        itemCounts: counts)
      cv.layoutIfNeeded()
      let content = cv.contentSize.height
      for _ in 0..<30 {
        cv.setContentOffset(Point(x: 0, y: Double.random(in: -100...(content + 100), using: &g)))
        let headers = cv.layoutAttributesForElements(
          in: Rect(x: 0, y: -200, width: 320, height: content + 400)
        )
        .filter { $0.representedElementKind == ElementKind.sectionHeader }
        .sorted { $0.indexPath.section < $1.indexPath.section }
        for h in headers {
          let natural = layout.naturalFrame(
            ofSupplementaryKind: ElementKind.sectionHeader, inSection: h.indexPath.section)!
          #expect(h.frame.minY >= natural.minY - 1e-9)
          let next = natural.minY  // the section's items end no later than the next section
          _ = next
        }
        for (a, b) in zip(headers, headers.dropFirst()) {
          #expect(
            a.frame.maxY <= b.frame.minY + 1e-9,
            "headers \(a.indexPath.section) and \(b.indexPath.section) overlap")
        }
      }
    }
  }
}

@Suite("Targeted invalidation (LAY-10)")
struct TargetedInvalidationTests {
  @Test("a pinning scroll re-asks only the named headers, not the whole rect")
  func reasksOnlyTargets() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.headerReferenceSize = Size(width: 0, height: 40)
    layout.sectionHeadersPinToVisibleBounds = true
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout,
      itemCounts: Array(repeating: 30, count: 10))
    cv.layoutIfNeeded()
    cv.removeAllEvents()
    cv.setContentOffset(Point(x: 0, y: 25))
    let calls = cv.events.filter(\.isLayoutCall).map(\.callName)
    #expect(
      calls == [
        "shouldInvalidateLayout(forBoundsChange:)", "invalidationContext(forBoundsChange:)",
        "invalidateLayout(with:)", "prepare()", "collectionViewContentSize",
        "layoutAttributesForSupplementaryView(ofKind:at:)",
      ])
  }

  @Test("property: after any scrolls and resizes the displayed set equals a fresh layout's")
  func incrementalEqualsFromScratch() {
    var g = SeededGenerator(seed: 55)
    for round in 0..<12 {
      let makeLayout: () -> CollectionViewLayout = {
        if round % 3 == 2 {
          let grid = StickyGridLayout()
          grid.itemSize = Size(width: 90, height: 40)
          return grid
        }
        let flow = round % 3 == 0 ? CollectionViewFlowLayout() : StickyHeadersFlowLayout()
        flow.itemSize = Size(width: 80, height: 60)
        flow.headerReferenceSize = Size(width: 0, height: 30)
        flow.footerReferenceSize = Size(width: 0, height: 20)
        flow.sectionHeadersPinToVisibleBounds = round % 3 == 0
        flow.sectionFootersPinToVisibleBounds = round % 2 == 0 && round % 3 == 0
        return flow
      }
      let counts = (0..<Int.random(in: 2...8, using: &g)).map { _ in
        Int.random(in: 0...25, using: &g)
      }
      let cv = CollectionView(
        frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: makeLayout(),
        itemCounts: counts)
      cv.layoutIfNeeded()
      for _ in 0..<25 {
        if Int.random(in: 0..<8, using: &g) == 0 {
          cv.frame = Rect(
            x: 0, y: 0, width: Double(Int.random(in: 250...420, using: &g)), height: 480)
        }
        cv.setContentOffset(
          Point(
            x: round % 3 == 2 ? Double.random(in: -40...400, using: &g) : 0,
            y: Double.random(in: -60...(cv.contentSize.height + 60), using: &g)))
        let fresh = CollectionView(
          frame: cv.frame, collectionViewLayout: makeLayout(), itemCounts: counts)
        fresh.layoutIfNeeded()
        fresh.setContentOffset(cv.contentOffset)
        let a = cv.visibleElements.sorted { $0.key < $1.key }
        let b = fresh.visibleElements.sorted { $0.key < $1.key }
        #expect(a == b, "round \(round) at \(cv.contentOffset)")
      }
    }
  }
}
