import LayoutEngine

/// A compositional layout of `group` repeated over `items` items in one section, in a
/// 375 x 667 collection view, laid out.
func makeCompositionalView(items: Int, section: CollectionLayoutSection) -> (
  CollectionView, CollectionViewCompositionalLayout
) {
  let layout = CollectionViewCompositionalLayout(section: section)
  let cv = CollectionView(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout,
    itemCounts: [items])
  cv.isRecordingEvents = false
  cv.layoutIfNeeded()
  return (cv, layout)
}

private func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension)
  -> CollectionLayoutSize
{
  CollectionLayoutSize(widthDimension: w, heightDimension: h)
}

/// The uniform three-column grid: items 1/3 wide, rows of 100.
func threeColumnGrid() -> CollectionLayoutSection {
  let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
  let group = CollectionLayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
  return CollectionLayoutSection(group: group)
}

/// A repeating nested group: one large item 2/3 wide beside a vertical group of two
/// stacked items.
func nestedGrid() -> CollectionLayoutSection {
  let large = CollectionLayoutItem(
    layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
  let small = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
  let pair = CollectionLayoutGroup.vertical(
    layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitem: small, count: 2)
  let group = CollectionLayoutGroup.horizontal(
    layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, pair])
  return CollectionLayoutSection(group: group)
}

/// `comp.prepare.1M`: `prepare()` of a 1M-item three-column grid (one section; its group
/// is solved once and stamped), against `flow.prepare.1M.uniform` (target ≤ 2×).
/// `comp.prepare.1M.nested`: the same with a nested group (target ≤ 3× comp.prepare.1M).
/// `comp.query.1M`: a 375 x 667 rect query of the grid, as `flow.query.1M` measures it
/// (target ≤ 2 µs). `comp.orthogonal.frame`: one step of an orthogonal section of 10,000
/// items with a visible-items handler — `setOrthogonalContentOffset` and the layout pass
/// that follows (target ≤ 10 µs). `comp.selfsize.screen`: a new screen of a 1M-row list of
/// estimated heights, whose cells report other heights as they appear (target ≤ 100 µs).
@MainActor func compositionalCases() {
  if wants("comp.prepare.1M") || wants("comp.query.1M") {
    let (cv, layout) = makeCompositionalView(items: million, section: threeColumnGrid())
    run("comp.prepare.1M") {
      var r = measure("", samples: 15 * scale) {
        layout.invalidateLayout()
        layout.prepare()
      }
      r.note = ratioNote(r, to: "flow.prepare.1M.uniform", target: 2)
      return r
    }
    cv.layoutIfNeeded()

    // Random viewport-sized rects around the middle of the content, as flow.query.1M.
    let middle = cv.contentSize.height / 2
    var random = Random(state: 7)
    let rects = (0..<4096).map { _ in
      Rect(
        x: 0, y: random.double(in: (middle - 1_000_000)...(middle + 1_000_000)), width: 375,
        height: 667)
    }
    run("comp.query.1M") {
      var i = 0
      var r = measure("", samples: 200 * scale, batch: 100) {
        for _ in 0..<100 {
          let found = layout.layoutAttributesForElements(in: rects[i & 4095])
          sink &+= found.count
          i += 1
        }
      }
      r.note = "layoutAttributesForElements(in:) of a 375 x 667 rect, 1M items (target ≤ 2 µs)"
      return r
    }
    withExtendedLifetime(cv) {}
  }

  if wants("comp.prepare.1M.nested") {
    let (cv, layout) = makeCompositionalView(items: million, section: nestedGrid())
    run("comp.prepare.1M.nested") {
      var r = measure("", samples: 15 * scale) {
        layout.invalidateLayout()
        layout.prepare()
      }
      r.note = ratioNote(r, to: "comp.prepare.1M", target: 3)
      return r
    }
    withExtendedLifetime(cv) {}
  }

  if wants("comp.orthogonal.frame") {
    // A carousel: groups 80% of the width, the handler fading cards by their distance
    // from the centre of the screen (COMP-14).
    let item = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(0.8), .absolute(200)), subitems: [item])
    let section = CollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .continuous
    section.interGroupSpacing = 10
    section.visibleItemsInvalidationHandler = { items, offset, environment in
      let middle = environment.container.contentSize.width / 2
      for item in items {
        item.alpha = 1 - min(0.7, abs(item.center.x - offset.x - middle) / (2 * middle))
      }
    }
    let (cv, layout) = makeCompositionalView(items: 10_000, section: section)
    var x = 0.0
    run("comp.orthogonal.frame") {
      var r = measure("", samples: 200 * scale, batch: 100) {
        for _ in 0..<100 {
          x += 10
          layout.setOrthogonalContentOffset(Point(x: x, y: 0), forSection: 0)
          cv.layoutIfNeeded()
        }
      }
      sink &+= cv.visibleElements.count
      r.note = "one step of a 10,000-item orthogonal section with a handler (target ≤ 10 µs)"
      return r
    }
  }

  if wants("comp.selfsize.screen") {
    // Rows estimated at 44; each cell reports 44 to 92 points as it is displayed.
    final class Heights: CollectionViewDataSource {
      func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int
      { million }
      func collectionView(
        _ collectionView: CollectionView, preferredSizeForItemAt indexPath: IndexPath,
        fitting attributes: LayoutAttributes
      ) -> Size? {
        Size(width: attributes.size.width, height: 44 + Double(indexPath.item % 7) * 8)
      }
    }
    let row = size(.fractionalWidth(1), .estimated(44))
    let group = CollectionLayoutGroup.horizontal(
      layoutSize: row, subitems: [CollectionLayoutItem(layoutSize: row)])
    let layout = CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group))
    let source = Heights()
    let cv = CollectionView(
      frame: Rect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    cv.isRecordingEvents = false
    cv.dataSource = source
    cv.layoutIfNeeded()
    var y = Double(million / 2) * 44
    cv.setContentOffset(Point(x: 0, y: y))
    run("comp.selfsize.screen") {
      var r = measure("", samples: 40 * scale) {
        y += 667
        cv.setContentOffset(Point(x: 0, y: y))
      }
      sink &+= layout.measuredSizes.count
      r.note =
        "a new screen of a 1M-row self-sizing list, its cells measured (target ≤ 100 µs)"
      return r
    }
    withExtendedLifetime(source) {}
  }
}
