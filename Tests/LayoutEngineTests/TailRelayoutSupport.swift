import GridlineTestSupport
import LayoutEngine

/// Data source and flow delegate over a model whose items carry their own sizes (`nil`: the
/// layout's item size) and whose sections carry their metrics, so a batch moves sizes with
/// items as an app's data would — the delegate answers depend on the index path only.
final class TailModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  struct Section {
    var items: [Size?]
    var inset: EdgeInsets?
    var lineSpacing: Double?
    var interitemSpacing: Double?
    var header: Size?
    var footer: Size?
  }

  var sections: [Section]

  init(_ sections: [Section]) {
    self.sections = sections
  }

  var counts: [Int] { sections.map(\.items.count) }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].items.count
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size? { sections[indexPath.section].items[indexPath.item] }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout, insetForSectionAt section: Int
  ) -> EdgeInsets? { sections[section].inset }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double? { sections[section].lineSpacing }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double? { sections[section].interitemSpacing }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size? { sections[section].header }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size? { sections[section].footer }
}

/// Random models, layouts and batches for the tail relayout's property test.
struct TailScenario {
  var g: SeededGenerator
  /// Whether the delegate answers item sizes at all (else: the uniform grid, FLOW-9).
  var perItem: Bool

  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }

  /// Sizes with fractions (thirds, so snapping at scale 3 is exact and at 2 is not), now
  /// and then one wider than any line (FLOW-20) or left to the layout (`nil`, with
  /// probability `none`: a section of mostly `nil` has a last line whose alignment depends
  /// on a few items, FLOW-8 vs FLOW-9).
  mutating func size(none: Double = 0.1) -> Size? {
    if chance(none) { return nil }
    let width = chance(0.03) ? 600 : Double(Int.random(in: 60...480, using: &g)) / 3
    return Size(width: width, height: Double(Int.random(in: 30...360, using: &g)) / 3)
  }

  mutating func items(_ n: Int) -> [Size?] {
    let none = chance(0.3) ? 0.97 : 0.1
    return (0..<n).map { _ in perItem ? size(none: none) : nil }
  }

  mutating func section(items n: Int) -> TailModel.Section {
    var section = TailModel.Section(items: items(n))
    if chance(0.5) {
      section.inset = EdgeInsets(
        top: Double(Int.random(in: -10...20, using: &g)),
        left: Double(Int.random(in: -5...15, using: &g)),
        bottom: Double(Int.random(in: -10...20, using: &g)),
        right: Double(Int.random(in: 0...15, using: &g)))
    }
    if chance(0.4) { section.lineSpacing = Double(Int.random(in: -25...15, using: &g)) }
    if chance(0.4) { section.interitemSpacing = Double(Int.random(in: -8...15, using: &g)) / 2 }
    if chance(0.5) {
      section.header = Size(width: 10, height: Double.random(in: 10...40, using: &g))
    }
    if chance(0.4) {
      section.footer = Size(width: 10, height: Double(Int.random(in: 5...30, using: &g)))
    }
    return section
  }

  mutating func configure(_ layout: CollectionViewFlowLayout) {
    layout.scrollDirection = chance(0.5) ? .vertical : .horizontal
    layout.itemSize = Size(
      width: Double(Int.random(in: 60...300, using: &g)) / 3,
      height: Double(Int.random(in: 60...300, using: &g)) / 3)
    layout.minimumLineSpacing = Double(Int.random(in: -4...12, using: &g))
    layout.minimumInteritemSpacing = Double(Int.random(in: -4...12, using: &g)) / 2
    layout.headerReferenceSize = chance(0.5) ? Size(width: 20, height: 24) : .zero
    layout.footerReferenceSize = chance(0.3) ? Size(width: 20, height: 16) : .zero
    layout.commonRowHorizontalAlignment = .init(rawValue: Int.random(in: 0...3, using: &g))!
    layout.lastRowHorizontalAlignment = .init(rawValue: Int.random(in: 0...3, using: &g))!
    layout.rowVerticalAlignment = .init(rawValue: Int.random(in: 0...2, using: &g))!
  }

  /// A batch as UIKit calls (applied to a collection view) and as the data's change
  /// (applied to the model, inside the batch's block).
  struct Batch {
    var name: String
    var calls: (CollectionView) -> Void
    var change: (TailModel) -> Void
  }

  /// Items inserted into section `s` at `start` (new indexes), `n` of them.
  mutating func insert(_ n: Int, at start: Int, in s: Int) -> Batch {
    let paths = (start..<start + n).map { IndexPath(item: $0, section: s) }
    let new = items(n)
    return Batch(
      name: "insert \(n) at \(start) in \(s)", calls: { $0.insertItems(at: paths) },
      change: { $0.sections[s].items.insert(contentsOf: new, at: start) })
  }

  mutating func delete(_ range: Range<Int>, in s: Int) -> Batch {
    let paths = range.map { IndexPath(item: $0, section: s) }
    return Batch(
      name: "delete \(range) in \(s)", calls: { $0.deleteItems(at: paths) },
      change: { $0.sections[s].items.removeSubrange(range) })
  }

  /// A random batch against `counts`, biased towards the end of the content.
  mutating func batch(_ counts: [Int]) -> Batch {
    let last = counts.count - 1
    let s = chance(0.6) ? last : Int.random(in: 0...last, using: &g)
    let n = counts[s]
    switch Int.random(in: 0..<10, using: &g) {
    case 0, 1: return insert(Int.random(in: 1...4, using: &g), at: n, in: s)
    case 2:
      return insert(Int.random(in: 1...3, using: &g), at: Int.random(in: 0...n, using: &g), in: s)
    case 3: return insert(1, at: 0, in: s)
    case 4 where n > 0:
      let from = Int.random(in: 0..<n, using: &g)
      return delete(from..<min(n, from + Int.random(in: 1...3, using: &g)), in: s)
    case 5:
      let section = self.section(items: Int.random(in: 0...12, using: &g))
      let at = Int.random(in: 0...counts.count, using: &g)
      return Batch(
        name: "insert section \(at)", calls: { $0.insertSections([at]) },
        change: { $0.sections.insert(section, at: at) })
    case 6 where counts.count > 1:
      return Batch(
        name: "delete section \(s)", calls: { $0.deleteSections([s]) },
        change: { $0.sections.remove(at: s) })
    case 7 where n > 0:
      let i = Int.random(in: 0..<n, using: &g)
      let size = perItem ? self.size() : nil
      return Batch(
        name: "reload \(i) in \(s)",
        calls: { $0.reloadItems(at: [IndexPath(item: i, section: s)]) },
        change: { $0.sections[s].items[i] = size })
    case 8 where n > 1:
      let (a, b) = (Int.random(in: 0..<n, using: &g), Int.random(in: 0..<n, using: &g))
      return Batch(
        name: "move \(a) to \(b) in \(s)",
        calls: {
          $0.moveItem(at: IndexPath(item: a, section: s), to: IndexPath(item: b, section: s))
        },
        change: { $0.sections[s].items.insert($0.sections[s].items.remove(at: a), at: b) })
    default:
      // An earlier section and the last one at once: the earliest change decides.
      let early = Int.random(in: 0...last, using: &g)
      let one = insert(1, at: counts[early], in: early)
      let two = early == last ? one : insert(2, at: counts[last], in: last)
      return Batch(
        name: one.name + (early == last ? "" : " + " + two.name),
        calls: { cv in
          one.calls(cv)
          if early != last { two.calls(cv) }
        },
        change: { model in
          one.change(model)
          if early != last { two.change(model) }
        })
    }
  }
}
