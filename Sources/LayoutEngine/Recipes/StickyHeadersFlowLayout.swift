/// The classic hand-written sticky-header recipe, written exactly as it circulates (EVADNE
/// and its many copies): a flow layout subclass that
///
/// 1. returns true from `shouldInvalidateLayout(forBoundsChange:)` — so every scroll
///    invalidates *everything* (the default context), the recipe's hidden cost;
/// 2. in `layoutAttributesForElements(in:)` adds the "missing headers" — headers of
///    sections whose cells are in the answer but whose header is not (PIN-5);
/// 3. moves each header to `min(max(offset, firstItem.minY − h), lastItem.maxY − h)`
///    and raises its zIndex (`stickyZIndex`, 99 here as in the recipe; some copies use
///    1024).
///
/// Where it differs from UIKit's pinning (PIN-7): it ignores `adjustedContentInset.top`
/// (headers slide under a bar), rests `inset.top` below its natural place (it measures from
/// the first item, not the header), leaves `inset.bottom` earlier, cannot place the header
/// of an empty section (left where it is), and answers `layoutAttributesForSupplementaryView`
/// with the unpinned header (the recipe never overrides it). Horizontal scrolling is the
/// transpose.
open class StickyHeadersFlowLayout: CollectionViewFlowLayout {
  /// The zIndex given to every header the recipe moves.
  open var stickyZIndex = 99 {
    didSet { if stickyZIndex != oldValue { invalidateLayout() } }
  }

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

  /// The recipe keeps the default context: everything is recomputed on every scroll.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    Self.invalidationContextClass.init()
  }

  /// Rule 1's starting point: the flow layout's answer, `super.layoutAttributesForElements(in:)`,
  /// before the recipe adds the missing headers and moves them. Engine API: a subclass that
  /// adds elements of its own (decoration views) or restyles the flow's (transforms)
  /// overrides this, so the recipe works on the result — as if those additions had been
  /// written into the flow layout the recipe subclasses. Swift cannot call past `super`, so
  /// without this a subclass of the recipe could only act after the headers had moved.
  open func elementsBeforeSticking(in rect: Rect) -> [LayoutAttributes] {
    super.layoutAttributesForElements(in: rect)
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var answer = elementsBeforeSticking(in: rect)
    guard let cv = collectionView else { return answer }
    var missing = Set<Int>()
    for a in answer where a.representedElementCategory == .cell {
      missing.insert(a.indexPath.section)
    }
    for a in answer where a.representedElementKind == ElementKind.sectionHeader {
      missing.remove(a.indexPath.section)
    }
    // Through `self`, as most copies of the recipe write it: the recipe does not override
    // it, and a subclass that restyles headers sees its own answer here.
    for section in missing.sorted() {
      if let header = layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section))
      {
        answer.append(header)
      }
    }
    let vertical = scrollDirection == .vertical
    let offset = vertical ? cv.contentOffset.y : cv.contentOffset.x
    for i in answer.indices where answer[i].representedElementKind == ElementKind.sectionHeader {
      let section = answer[i].indexPath.section
      let count = cv.numberOfItems(inSection: section)
      guard count > 0,
        let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
        let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
      else { continue }
      var frame = answer[i].frame
      if vertical {
        frame.origin.y = min(
          max(offset, first.frame.minY - frame.height), last.frame.maxY - frame.height)
      } else {
        frame.origin.x = min(
          max(offset, first.frame.minX - frame.width), last.frame.maxX - frame.width)
      }
      answer[i].frame = frame
      answer[i].zIndex = stickyZIndex
      recomputedKeys.insert(answer[i].key)
    }
    return answer
  }
}
