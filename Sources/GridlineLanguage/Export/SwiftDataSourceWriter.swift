/// The data source an export writes beside its layout: the sections' item counts
/// (`UICollectionViewDataSource`), the cells (and supplementary views) it dequeues and
/// `register(in:)` for them; for a flow layout also the collection view's delegate
/// (`UICollectionViewDelegateFlowLayout`) for the metrics sections declare.
struct SwiftDataSourceWriter {
  let name: String
  let fileName: String
  let sections: [SectionModel]
  let sectionLines: [Int]
  /// The kinds of supplementary views UIKit asks for (`viewForSupplementaryElementOfKind`),
  /// as Swift expressions; each is registered with its kind as the reuse identifier.
  let supplementaryKinds: [String]
  let isFlowDelegate: Bool

  /// The class; `delegate` writes the delegate's methods at its end.
  func write(_ out: inout SwiftLines, delegate: (inout SwiftLines) -> Void = { _ in }) {
    if isFlowDelegate {
      out.add(
        "/// The data of \(fileName): its sections' item counts (`UICollectionViewDataSource`),")
      out.add("/// and, as the collection view's delegate, the metrics sections declare")
      out.add(
        "/// (`UICollectionViewDelegateFlowLayout`). Set it as both `dataSource` and `delegate`.")
    } else {
      out.add(
        "/// The data of \(fileName): its sections' item counts (`UICollectionViewDataSource`).")
    }
    let protocols =
      "NSObject, UICollectionViewDataSource"
      + (isFlowDelegate ? ", UICollectionViewDelegateFlowLayout" : "")
    out.block("final class \(name): \(protocols)") { body in
      let counts = sections.map { String($0.count) }.joined(separator: ", ")
      body.add("/// Items per section: \(sectionPlaces).")
      body.add("let itemCounts: [Int] = [\(counts)]")
      body.add("")
      writeRegistration(&body)
      body.add("")
      body.block("func numberOfSections(in collectionView: UICollectionView) -> Int") {
        $0.add("itemCounts.count")
      }
      body.add("")
      body.block(
        "func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int"
      ) { $0.add("itemCounts[section]") }
      body.add("")
      body.block(
        "func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)\n    -> UICollectionViewCell"
      ) {
        $0.add("collectionView.dequeueReusableCell(withReuseIdentifier: \"Cell\", for: indexPath)")
      }
      if !supplementaryKinds.isEmpty {
        body.add("")
        body.block(
          "func collectionView(\n    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,\n    at indexPath: IndexPath\n  ) -> UICollectionReusableView"
        ) {
          $0.add(
            "collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)"
          )
        }
      }
      delegate(&body)
    }
  }

  private var sectionPlaces: String {
    sectionLines.isEmpty
      ? "none declared"
      : fileName + " lines " + sectionLines.map(String.init).joined(separator: ", ")
  }

  private func writeRegistration(_ out: inout SwiftLines) {
    out.add(
      "/// Registers the views this data source dequeues; call it before setting the data source.")
    out.block("func register(in collectionView: UICollectionView)") { b in
      b.add(
        "collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: \"Cell\")")
      for kind in supplementaryKinds {
        b.add("collectionView.register(")
        b.add("  UICollectionReusableView.self, forSupplementaryViewOfKind: \(kind),")
        b.add("  withReuseIdentifier: \(kind))")
      }
    }
  }
}
